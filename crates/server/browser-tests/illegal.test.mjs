// Refused moves: a click on a square that is not a destination plays nothing; an illegal
// typed move and a stale one (the game moved on while the page was not listening) are refused
// by the server, the page says why in #message and the game is unchanged.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, openGame, snapshot, api, moveByText, selectPiece, pressCell,
  shownDests, moveListCount, waitForVersion, sleep,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const message = (page) => page.locator('#message');

test('a click on a square that is not a destination plays nothing', { timeout: 30_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const game = await snapshot(id);
    // The e2 pawn: e3 and e4 light up; e5 (square 36) does not.
    const pawn = moveByText(game, 'e2e4');
    await selectPiece(page, pawn);
    const dests = await shownDests(page);
    assert.deepEqual(dests.sort(), ['0:20', '0:28'], 'e3 and e4 are the destinations');
    await pressCell(page, { board: 0, square: 36 });
    await assertMessage(page, /not a legal move/i);
    await sleep(500);
    const later = await snapshot(id);
    assert.deepEqual(later.history, [], 'nothing played');
    assert.equal(later.version, game.version);
    assert.equal(await moveListCount(page), 0, 'the move list is still empty');
    assert.deepEqual(await shownDests(page), [], 'the selection is cleared');
    // A piece of the side not to move cannot be selected.
    await pressCell(page, { board: 0, square: 52 });
    await assertMessage(page, /not the one to move|turn/i);
    assert.deepEqual(await shownDests(page), []);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('an illegal typed move is refused and the page says why', { timeout: 30_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const input = page.locator('#move-input');
    await input.fill('e2e5');
    await page.locator('#move-form [data-action="play-typed"]').click();
    await assertMessage(page, /e2e5/);
    assert.equal(await message(page).getAttribute('data-kind'), 'error');
    const game = await snapshot(id);
    assert.deepEqual(game.history, [], 'nothing played');
    assert.equal(await input.inputValue(), 'e2e5', 'the refused text stays to be corrected');
    // A legal one typed is played.
    await input.fill('e2e4');
    await input.press('Enter');
    await waitForVersion(page, game.version + 1);
    assert.deepEqual((await snapshot(id)).history, ['e2e4']);
  } finally {
    await page.context().close();
  }
});

test('a stale move is refused (409) and the page catches up', { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const start = await snapshot(id);
    // The page stops listening; meanwhile both players move by the API.
    await page.evaluate(() => window.omnichess.game.link.stop());
    for (const [token, decision] of [[white, 'e2e4'], [black, 'e7e5']]) {
      const { status, data } = await api('POST', `/api/games/${id}/decisions`, { token, decision });
      assert.equal(status, 200, JSON.stringify(data));
    }
    // The page still shows the start, where g1f3 is legal: the server refuses it as stale.
    const move = moveByText(start, 'g1f3');
    await selectPiece(page, move);
    await pressCell(page, move.to);
    await assertMessage(page, /g1f3/);
    const game = await snapshot(id);
    assert.deepEqual(game.history, ['e2e4', 'e7e5'], 'the stale move was not played');
    // The refusal makes the page fetch the game: it shows both moves.
    await waitForVersion(page, game.version);
    await page.waitForFunction(() => document.querySelectorAll('#move-list .move:not(.blank)').length === 2);
  } finally {
    await page.context().close();
  }
});

test('a watcher (no seat token) cannot move', { timeout: 30_000 }, async () => {
  const { id } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, null);
    await page.locator('#seat-info', { hasText: /watching/i }).waitFor();
    assert.equal(await page.locator('#move-form').isVisible(), false, 'no move input for a watcher');
    await pressCell(page, { board: 0, square: 12 });
    await assertMessage(page, /watching/i);
    assert.deepEqual(await shownDests(page), [], 'nothing selected');
    assert.deepEqual((await snapshot(id)).history, []);
  } finally {
    await page.context().close();
  }
});

async function assertMessage(page, pattern) {
  const bar = message(page);
  await bar.waitFor({ state: 'visible', timeout: 5_000 });
  const text = await bar.textContent();
  assert.match(text, pattern, `#message says ${JSON.stringify(text)}`);
}
