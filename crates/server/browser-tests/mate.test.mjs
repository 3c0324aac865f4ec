// A whole classic game by clicking, with both seats: the creator's page (from the lobby) and
// the friend's (the friend's link, another browser context) play fool's mate; both pages then
// show the result.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createFromLobby, waitForBoard, snapshot, moveByText, clickMove,
  moveListTexts,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test("fool's mate by clicking, one page per seat", { timeout: 50_000 }, async () => {
  const white = await openPage(browser);
  const black = await openPage(browser);
  try {
    const { id, theirsLink } = await createFromLobby(white, 'classic');
    await waitForBoard(white);
    await black.goto(theirsLink);
    await waitForBoard(black);
    await black.locator('#seat-info', { hasText: /black/i }).waitFor();
    let game = await snapshot(id);
    for (const [page, text] of [[white, 'f2f3'], [black, 'e7e5'], [white, 'g2g4'], [black, 'd8h4']]) {
      game = await clickMove(page, id, game, moveByText(game, text));
    }
    assert.deepEqual(game.history, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    assert.ok(game.outcome, 'the game is over');
    assert.match(game.outcome.text, /checkmate/i);
    for (const page of [white, black]) {
      const result = page.locator('#result');
      await result.waitFor({ state: 'visible' });
      assert.match(await result.textContent(), /checkmate/i);
      assert.match(await result.textContent(), /0-1/);
      assert.deepEqual(await moveListTexts(page), ['f3', 'e5', 'g4', 'Qh4#']);
    }
    assert.deepEqual([...white.errors, ...black.errors], []);
  } finally {
    await white.context().close();
    await black.context().close();
  }
});
