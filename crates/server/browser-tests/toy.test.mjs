// The toy variant (6×6 chess; in the server of `cargo test` only) against the engine, from the
// lobby: choose it, click "Play the engine", play a move by clicking its squares, and see the
// engine's reply on the board. The lobby offers the engine only for a variant whose listing
// says it has one: with /api/variants answering `has_engine: false` for the toy, its
// "Play the engine" is hidden, and shown again for a variant the engine plays.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  URL, api, launch, openPage, waitForBoard, waitForGame, waitForVersion, snapshot, moveByText,
  clickMove, cellLocator, moveListCount, waitUntil, screenshot,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the toy against the engine from the lobby: a click move, then its reply', { timeout: 60_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/`);
    await page.locator('#variant').selectOption('toy');
    await page.locator('#colour').selectOption('0');
    await page.locator('#time-control').selectOption('none');
    await page.locator('#engine-level').selectOption('3');
    const play = page.locator('#play-engine');
    assert.ok(await play.isVisible(), 'the toy has an engine: "Play the engine" is offered');
    await play.click();
    await page.waitForURL('**/game/*');
    const id = decodeURIComponent(new globalThis.URL(page.url()).pathname.split('/').pop());
    await waitForBoard(page);
    const game = await snapshot(id);
    assert.equal(game.variant, 'toy');
    assert.deepEqual(game.engine, { seat: 1, level: 3 });
    assert.equal(await page.locator('#board [data-cell]').count(), 36, 'one 6×6 board');

    await clickMove(page, id, game, moveByText(game, 'c2c3'));
    // The engine's reply, one of Black's moves after c2c3.
    const { status, data: after } = await api('POST', '/api/positions', { variant: 'toy', after: ['c2c3'] });
    assert.equal(status, 200, JSON.stringify(after));
    const replies = after.view.moves;
    const answered = await waitForGame(id, (g) => g.history.length === 2, 20_000, "the engine's reply");
    await waitForVersion(page, answered.version);
    const reply = replies.find((m) => m.text === answered.history[1]);
    assert.ok(reply, `${answered.history[1]} is one of Black's moves: ${JSON.stringify(replies.map((m) => m.text))}`);
    assert.match(await cellLocator(page, reply.to).getAttribute('data-piece') || '', /^1:/,
      `Black's piece stands on the reply's square (${reply.text})`);
    assert.equal(await cellLocator(page, reply.from).getAttribute('data-piece'), null,
      `the reply's square of departure is empty (${reply.text})`);
    await waitUntil(async () => (await moveListCount(page)) === 2, 5_000, 'both moves in the move list');
    await screenshot(page, 'toy-vs-engine');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('"Play the engine" is offered only for a variant the listing says has an engine', { timeout: 30_000 }, async () => {
  const page = await openPage(browser);
  try {
    // The server's listing, with the toy's engine taken away.
    await page.route('**/api/variants', async (route) => {
      const response = await route.fetch();
      const list = await response.json();
      for (const v of list) if (v.name === 'toy') v.has_engine = false;
      await route.fulfill({ response, json: list });
    });
    await page.goto(`${URL}/`);
    const play = page.locator('#play-engine');
    const level = page.locator('#engine-level');
    await page.locator('#variant').selectOption('toy');
    await play.waitFor({ state: 'hidden' });
    assert.ok(!(await level.isVisible()), 'no engine level either');
    assert.ok(await page.locator('#create-game').isVisible(), 'a game for a friend is still offered');
    assert.ok(await page.locator('#post-seek').isVisible(), 'and a seek');
    await page.locator('#variant').selectOption('classic');
    await play.waitFor({ state: 'visible' });
    assert.ok(await level.isVisible());
    // Opened on the toy by the address: hidden from the start.
    await page.goto(`${URL}/?variant=toy`);
    assert.equal(await page.locator('#variant').inputValue(), 'toy');
    await play.waitFor({ state: 'hidden' });
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
