// The multi-board variants on a phone (390×844): Three Realms' three boards and DMChess's
// eight wrap onto rows that fit the width, every square at least 30 px and every board inside
// the page's width (no hidden horizontal scrolling); the bar of board names brings each board
// into sight. On a desktop the boards keep their rows.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, openGame, screenshot, DESKTOP,
} from './helpers.mjs';

const PHONE_390 = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Each drawn board's box on the page, and the page's and the board area's widths. */
function boxes(page) {
  return page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    wrap: [document.querySelector('#board').scrollWidth, document.querySelector('#board').clientWidth],
    boards: [...document.querySelectorAll('#board g.board')].map((g) => {
      const r = g.querySelector('.board-frame').getBoundingClientRect();
      const sq = g.querySelector('.sq .bg').getBoundingClientRect();
      return { x: r.x, right: r.right, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, square: sq.width };
    }),
    height: document.documentElement.scrollHeight,
  }));
}

for (const [variant, count] of [['realms', 3], ['dmchess', 8]]) {
  test(`${variant} on a 390×844 phone: every board within the width, reachable`, { timeout: 40_000 }, async () => {
    const { id, white } = await createByApi({ variant });
    const page = await openPage(browser, PHONE_390, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await openGame(page, id, white);
      const b = await boxes(page);
      assert.equal(b.boards.length, count);
      assert.ok(b.scroll <= b.inner, `no horizontal scroll of the page: ${JSON.stringify(b)}`);
      assert.ok(b.wrap[0] <= b.wrap[1], `no hidden horizontal scroll of the boards: ${b.wrap}`);
      for (const [i, box] of b.boards.entries()) {
        assert.ok(box.x >= 0 && box.right <= b.inner + 0.5, `board ${i} within the width: ${JSON.stringify(box)}`);
        assert.ok(box.square >= 30, `board ${i}'s squares tappable: ${box.square} px`);
        assert.ok(box.bottom <= b.height + 0.5, `board ${i} inside the page`);
      }
      // The boards' bar: every board by name, a tap brings it into sight.
      const names = await page.locator('#board-nav button').allTextContents();
      assert.equal(names.length, count);
      const last = page.locator('#board-nav button').last();
      await last.tap();
      await page.waitForFunction((n) => {
        const r = document.querySelector(`#board g.board[data-board="${n - 1}"] .board-frame`).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight + 1;
      }, count);
      await page.locator('#board-nav button').first().tap();
      await page.waitForFunction(() => {
        const r = document.querySelector('#board g.board[data-board="0"] .board-frame').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight + 1;
      });
      await screenshot(page, `${variant}-phone`);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}

test('on a desktop, Three Realms keeps its three boards in a row and shows no boards bar', { timeout: 30_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'realms' });
  const page = await openPage(browser, DESKTOP);
  try {
    await openGame(page, id, white);
    const b = await boxes(page);
    const tops = new Set(b.boards.map((box) => Math.round(box.top)));
    assert.equal(tops.size, 1, `one row: ${JSON.stringify(b.boards)}`);
    assert.ok(await page.locator('#board-nav').isHidden());
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
