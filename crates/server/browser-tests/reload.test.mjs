// A reload in the middle of a game: the page comes back with the same position and move list
// (the seat kept by the browser), and the game goes on.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, openGame, waitForBoard, snapshot, moveByText, clickMove,
  moveListTexts,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('reload mid-game and continue', { timeout: 40_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  const whitePage = await openPage(browser);
  const blackPage = await openPage(browser);
  try {
    await openGame(whitePage, id, white);
    await openGame(blackPage, id, black);
    let game = await snapshot(id);
    game = await clickMove(whitePage, id, game, moveByText(game, 'e2e4'));
    game = await clickMove(blackPage, id, game, moveByText(game, 'e7e5'));
    const pieces = () => whitePage.locator('#board [data-cell][data-piece]')
      .evaluateAll((els) => els.map((e) => `${e.dataset.cell}=${e.dataset.piece}`).sort());
    const before = await pieces();
    await whitePage.reload();
    await waitForBoard(whitePage);
    assert.equal(new URL(whitePage.url()).hash, '', 'no token in the address after a reload');
    assert.deepEqual(await moveListTexts(whitePage), ['e4', 'e5'], 'the move list survives');
    assert.deepEqual(await pieces(), before, 'the same position');
    assert.equal(await whitePage.locator('#board [data-cell="0:28"]').getAttribute('data-piece'), '0:P');
    assert.equal(await whitePage.locator('#board [data-cell="0:36"]').getAttribute('data-piece'), '1:P');
    await whitePage.locator('#seat-info', { hasText: /white/i }).waitFor();
    game = await clickMove(whitePage, id, game, moveByText(game, 'g1f3'));
    assert.deepEqual(game.history, ['e2e4', 'e7e5', 'g1f3']);
    await whitePage.waitForFunction(() => document.querySelectorAll('#move-list .move:not(.blank)').length === 3);
    await blackPage.waitForFunction(() => document.querySelectorAll('#move-list .move:not(.blank)').length === 3);
    assert.deepEqual([...whitePage.errors, ...blackPage.errors], []);
  } finally {
    await whitePage.context().close();
    await blackPage.context().close();
  }
});
