// Game review from a game's page: "Review the game" on a finished game fills an evaluation
// graph, marks 3. Qxf7+?? a blunder in the move list, shows the best line in SAN with its
// arrow on the board for the position stepped to, and a click on the graph steps there. A
// seated player of a game in play is not offered it; a watcher is. Desktop and phone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot, waitUntil, play, snapshot,
} from './helpers.mjs';

const PHONE = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const shownPly = (page) => page.locator('#board').getAttribute('data-ply').then(Number);

/** A classic game of 3. Qxf7+?? Kxf7, which white then resigns. */
async function blunderedGame() {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  for (const [token, move] of [[white, 'e4'], [black, 'e5'], [white, 'Qh5'], [black, 'Nc6'], [white, 'Qxf7+'], [black, 'Kxf7']]) {
    await play(id, token, move);
  }
  return { id, white, black };
}

async function reviewed(page) {
  await page.locator('#tools button[data-action="review"]').click();
  await page.locator('#review').waitFor();
  await waitUntil(async () => /^Reviewed 7 positions/.test(await page.locator('#review-status').textContent()), 30_000, 'the review to end');
}

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`a finished game is reviewed: graph, blunder marked, best line and arrow (${name})`, { timeout: 60_000 }, async () => {
    const { id, white } = await blunderedGame();
    const resigned = await api('POST', `/api/games/${id}/actions`, { token: white, action: 'resign' });
    assert.equal(resigned.status, 200);
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      await openGame(page, id, white);
      await reviewed(page);
      assert.equal(await page.locator('#review-graph svg polyline.curve').count(), 1);
      const blunder = page.locator('#move-list .move[data-index="4"]');
      assert.equal(await blunder.getAttribute('data-judged'), 'blunder');
      assert.equal(await blunder.locator('.judgement').textContent(), '??');
      assert.match(await page.locator('#review-counts').textContent(), /white: \d+ inaccurac(y|ies), \d+ mistakes?, [1-9]\d* blunders?/);

      // Stepped to the position after 3. Qxf7+: black's only move, Kxf7, drawn e8 to f7.
      await blunder.click();
      await waitUntil(async () => (await shownPly(page)) === 5, 5_000, 'ply 5 shown');
      assert.match(await page.locator('#review-best .review-line').textContent(), /^Kxf7\b/);
      assert.match(await page.locator('#review-best').textContent(), /Qxf7\+\?\? was a blunder: white lost \d+ % of a point/);
      assert.equal(await page.locator('#board line.arrow.suggested').count(), 1);
      await screenshot(page, `review-${name}`);

      // A click at the graph's left edge goes to the start.
      const box = await page.locator('#review-graph').boundingBox();
      await page.mouse.click(box.x + 2, box.y + box.height / 2);
      await waitUntil(async () => (await shownPly(page)) === 0, 5_000, 'the start shown');
      assert.match(await page.locator('#review-best .review-line').textContent(), /^\S+/);

      // The exported record ends with the PGN standard's Termination and the reason beside it.
      await page.locator('#tools button[data-action="export"]').click();
      await waitUntil(async () => /\[Reason "resignation"\]/.test(await page.locator('#export-record').inputValue()), 5_000, 'the record');
      assert.match(await page.locator('#export-record').inputValue(), /\[Termination "normal"\]/);
      await screenshot(page, `export-termination-${name}`);
    } finally {
      await page.close();
    }
  });
}

test('a seated player is not offered a review while the game goes on; a watcher is', { timeout: 30_000 }, async () => {
  const { id, white } = await blunderedGame();
  const page = await openPage(browser);
  const watcher = await openPage(browser);
  try {
    await openGame(page, id, white);
    assert.ok(await page.locator('#tools button[data-action="review"]').isHidden());
    await openGame(watcher, id, null);
    await watcher.locator('#tools button[data-action="review"]').waitFor();
  } finally {
    await page.close();
    await watcher.close();
  }
});

/** Plays `count` decisions of the game, each the first the server lists (a 5D turn submitted
 *  as soon as it may be), then resigns it for the first player. */
async function playedAndResigned(variant, count) {
  const { id, white, black } = await createByApi({ variant });
  for (let i = 0; i < count; i++) {
    const game = await snapshot(id);
    if (game.outcome || game.to_act_index == null) break;
    const pick = game.decisions.includes('submit') ? 'submit' : game.decisions[0];
    await play(id, game.to_act_index === 0 ? white : black, pick);
  }
  const resigned = await api('POST', `/api/games/${id}/actions`, { token: white, action: 'resign' });
  assert.equal(resigned.status, 200);
  return { id, white };
}

for (const variant of ['dice', 'multiverse', 'realms', 'dmchess', 'qec']) {
  test(`a ${variant} game is reviewed on its page`, { timeout: 90_000 }, async () => {
    const { id, white } = await playedAndResigned(variant, 6);
    const page = await openPage(browser);
    try {
      await openGame(page, id, white);
      await page.locator('#tools button[data-action="review"]').click();
      await waitUntil(async () => /^Reviewed \d+ positions/.test(await page.locator('#review-status').textContent()), 60_000, 'the review to end');
      assert.equal(await page.locator('#review-graph svg polyline.curve').count(), 1);
      await page.locator('#move-list .move[data-index]').first().click();
      await waitUntil(async () => (await page.locator('#review-best').textContent()).length > 0, 5_000, 'the best line');
      await screenshot(page, `review-${variant}`);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.close();
    }
  });
}
