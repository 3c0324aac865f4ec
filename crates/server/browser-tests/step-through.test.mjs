// Stepping through a game: a click on the move list, ←/→, Home/End and the step buttons show
// an earlier position while the game goes on; a move arriving then does not move the viewer,
// "back to live" does; at the live end new moves show as they come.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot, waitForVersion, waitUntil, PHONE, play,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const shownPly = (page) => page.locator('#board').getAttribute('data-ply').then(Number);

test('a game is stepped through by the move list, the keys and the buttons, while it goes on', { timeout: 40_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  let game;
  for (const [token, move] of [[white, 'e4'], [black, 'e5'], [white, 'Nf3']]) game = await play(id, token, move);
  const page = await openPage(browser);
  try {
    await openGame(page, id, black);
    const e2 = 12; const e4 = 28;
    assert.equal(await shownPly(page), 3);
    assert.ok(await page.locator('#replay-bar').isHidden());

    // A click on the first move: the position after 1. e4, the live game still running.
    await page.locator('#move-list .move[data-index="0"]').click();
    await waitUntil(async () => (await shownPly(page)) === 1, 5_000, 'ply 1 shown');
    await page.locator('#replay-bar').waitFor();
    assert.equal(await page.locator('#move-list .move.viewed').textContent(), 'e4');
    // The pieces the page draws, square by square of the first board ('0:P', or '').
    const piecesAt = () => page.locator('#board [data-cell^="0:"]').evaluateAll((els) => {
      const out = [];
      for (const e of els) out[Number(e.dataset.cell.split(':')[1])] = e.dataset.piece || '';
      return out;
    });
    let squares = await piecesAt();
    assert.equal(squares[e2], '');
    assert.equal(squares[e4], '0:P');
    // The last move's squares are those of e4.
    const lastCells = await page.locator('#board [data-cell].last').evaluateAll((els) => els.map((e) => e.dataset.cell).sort());
    assert.deepEqual(lastCells, [`0:${e2}`, `0:${e4}`].sort());

    // ← back to the start, → forward, Home, End.
    await page.keyboard.press('ArrowLeft');
    await waitUntil(async () => (await shownPly(page)) === 0, 5_000, 'the start shown');
    squares = await piecesAt();
    assert.equal(squares[e2], '0:P');
    assert.equal(await page.locator('#replay-bar .replay-text').textContent(), 'The start position.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitUntil(async () => (await shownPly(page)) === 2, 5_000, 'ply 2 shown');
    await page.keyboard.press('Home');
    await waitUntil(async () => (await shownPly(page)) === 0, 5_000, 'Home: the start');
    await page.locator('#step-nav button[data-step="forward"]').click();
    await waitUntil(async () => (await shownPly(page)) === 1, 5_000, 'the forward button');

    // While looking back, the player cannot move, and a move arriving does not move them.
    assert.ok(await page.locator('#move-form').isHidden());
    game = await play(id, black, 'Nc6');
    await waitForVersion(page, game.version);
    assert.equal(await shownPly(page), 1, 'a new move does not yank the viewer back');
    assert.equal((await page.locator('#move-list .move:not(.blank)').allTextContents()).length, 4);
    await screenshot(page, 'step-through');

    // Back to live; then new moves show as they arrive.
    await page.locator('#replay-bar button[data-action="live"]').click();
    await waitUntil(async () => (await shownPly(page)) === 4, 5_000, 'back to live');
    assert.ok(await page.locator('#replay-bar').isHidden());
    game = await play(id, white, 'Bb5');
    await waitForVersion(page, game.version);
    assert.equal(await shownPly(page), 5, 'at the live end, new moves show');
    await page.keyboard.press('ArrowLeft');
    await waitUntil(async () => (await shownPly(page)) === 4, 5_000, '← from live');
    await page.keyboard.press('End');
    await waitUntil(async () => (await shownPly(page)) === 5, 5_000, 'End: live');

    // After the game: still steppable.
    const resigned = await api('POST', `/api/games/${id}/actions`, { token: black, action: 'resign' });
    assert.equal(resigned.status, 200);
    await waitForVersion(page, resigned.data.version);
    await page.locator('#move-list .move[data-index="1"]').click();
    await waitUntil(async () => (await shownPly(page)) === 2, 5_000, 'a finished game stepped through');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('on a phone, the step buttons are reachable and work', { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  for (const [token, move] of [[white, 'd4'], [black, 'd5']]) await play(id, token, move);
  const page = await openPage(browser, PHONE, { hasTouch: true, isMobile: true });
  try {
    await openGame(page, id, white);
    await page.locator('#step-nav button[data-step="back"]').tap();
    await waitUntil(async () => (await shownPly(page)) === 1, 5_000, 'one turn back by tap');
    await page.locator('#replay-bar button[data-action="live"]').tap();
    await waitUntil(async () => (await shownPly(page)) === 2, 5_000, 'live by tap');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
