// The game page on a phone (375×667, touch): the classic board fits the width without
// horizontal scrolling, and moves are made by tapping.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoHorizontalScroll,
  PHONE, launch, openPage, createByApi, openGame, snapshot, moveByText, clickMove, screenshot,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a phone-sized classic game: the board fits, a tap moves', { timeout: 40_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser, PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    await openGame(page, id, white);
    const widths = await assertNoHorizontalScroll(page);
    const board = await page.locator('#board svg').boundingBox();
    assert.ok(board && board.x >= 0 && board.x + board.width <= widths.inner + 0.5,
      `the board fits the width: ${JSON.stringify(board)} in ${widths.inner}`);
    assert.ok(board.width >= widths.inner * 0.8, `the board uses the width: ${board.width} of ${widths.inner}`);
    let game = await snapshot(id);
    game = await clickMove(page, id, game, moveByText(game, 'e2e4'), { tap: true });
    assert.deepEqual(game.history, ['e2e4']);
    await page.waitForFunction(() => document.querySelectorAll('#move-list .move:not(.blank)').length === 1);
    await screenshot(page, 'classic-phone');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
