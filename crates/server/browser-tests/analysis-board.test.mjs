// The analysis board: the analysis page draws its position; a move clicked on the board is
// added to "Then play" and drawn; Back takes it off; another variant draws its own boards.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, openPage, screenshot, waitUntil } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('moves made on the analysis board are played after the position', { timeout: 40_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/analysis?variant=classic`);
    const cell = (sq) => page.locator(`#analysis-board [data-cell="0:${sq}"]`);
    await cell(12).waitFor();
    const piece = (sq) => cell(sq).getAttribute('data-piece');
    assert.equal(await piece(12), '0:P');
    await cell(12).click();
    await cell(28).click();
    await waitUntil(async () => (await page.locator('#after').inputValue()) === 'e2e4', 5_000, 'e2e4 added');
    await waitUntil(async () => (await piece(28)) === '0:P', 5_000, 'the pawn drawn on e4');
    assert.equal(await piece(12), null);
    assert.equal(await page.locator('#analysis-moves').textContent(), 'e4');
    assert.equal(await page.locator('#analysis-board-status').textContent(), 'black to move');
    await cell(52).click();
    await cell(36).click();
    await waitUntil(async () => (await page.locator('#after').inputValue()) === 'e2e4 e7e5', 5_000, 'e7e5 added');
    await screenshot(page, 'analysis-board');
    await page.locator('[data-action="back"]').click();
    await waitUntil(async () => (await page.locator('#after').inputValue()) === 'e2e4', 5_000, 'back');
    await waitUntil(async () => (await piece(52)) === '1:P', 5_000, 'e7 again');

    // Another variant: its boards, from its start.
    await page.locator('#variant').selectOption('realms');
    assert.equal(await page.locator('#after').inputValue(), '');
    await waitUntil(async () => (await page.locator('#analysis-board g.board').count()) === 3, 5_000, 'three boards');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
