// The game page keeps still what a player watches: a message never covers the boards, a clock
// or a player's bar (it lies over the site's header), and looking back at an earlier position
// does not move the board. Desktop and a 390×844 phone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, openGame, screenshot, waitUntil, play,
} from './helpers.mjs';

const PHONE = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const overlaps = (a, b) => a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`messages stay off the board and the clocks; stepping back keeps the board still (${name})`, { timeout: 40_000 }, async () => {
    const { id, white, black } = await createByApi({ variant: 'classic', clock: { base_ms: 300_000, increment_ms: 0 } });
    await play(id, white, 'e4');
    await play(id, black, 'e5');
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      await openGame(page, id, white);
      const board = async () => page.locator('#board').boundingBox();
      // Where the board is on the page (a tap on a button below may scroll the viewport).
      const onPage = () => page.locator('#board').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [r.left + window.scrollX, r.top + window.scrollY, r.width];
      });
      const before = await onPage();

      await page.locator('#actions button[data-action="offer-draw"]').click();
      await page.locator('#message:not([hidden])').waitFor();
      const message = await page.locator('#message').boundingBox();
      const kept = [await board(), ...(await Promise.all([0, 1].map((p) => page.locator(`.clock[data-clock="${p}"]`).boundingBox()))),
        await page.locator('.player-bar.top').boundingBox(), await page.locator('.player-bar.bottom').boundingBox()];
      for (const box of kept) assert.ok(!overlaps(message, box), `${JSON.stringify(message)} over ${JSON.stringify(box)}`);
      await screenshot(page, `message-over-header-${name}`);

      // Back to the start: the replay bar shows, the board stays where it was.
      await page.locator('#step-nav button[data-step="first"]').click();
      await page.locator('#replay-bar:not([hidden])').waitFor();
      await waitUntil(async () => (await page.locator('#board').getAttribute('data-ply')) === '0', 5_000, 'the start shown');
      assert.deepEqual(await onPage(), before);
      await screenshot(page, `stepped-back-${name}`);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}
