// Offers between players and to the engine: a rematch is an offer the other accepts (both
// then go to the new game), or declines; the engine answers a draw offer by its evaluation.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot, waitUntil, URL,
} from './helpers.mjs';

const PHONE = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a rematch is offered, declined, offered again and accepted: both go to the new game', { timeout: 40_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  assert.equal((await api('POST', `/api/games/${id}/actions`, { token: white, action: 'resign' })).status, 200);
  const w = await openPage(browser);
  const b = await openPage(browser, PHONE, { isMobile: true, hasTouch: true });
  try {
    await openGame(w, id, white);
    await openGame(b, id, black);
    const offer = w.locator('#actions button[data-action="rematch"]');
    assert.equal(await offer.textContent(), 'Offer a rematch');
    await offer.click();
    await w.locator('#actions button[data-action="rematch"][disabled]').waitFor();
    assert.equal(await w.locator('#actions button[data-action="rematch"]').textContent(), 'Rematch offered');
    // Black sees the offer with its two answers; no game yet.
    await b.locator('#offers button[data-action="decline-rematch"]').waitFor();
    assert.match(await b.locator('#offers').textContent(), /White offers a rematch\./);
    await screenshot(b, 'rematch-offer-phone');
    await b.locator('#offers button[data-action="decline-rematch"]').click();
    await w.locator('#actions button[data-action="rematch"]:not([disabled])').waitFor();
    assert.equal((await api('GET', `/api/games/${id}`)).data.rematch, null);

    await w.locator('#actions button[data-action="rematch"]').click();
    await b.locator('#offers button[data-action="rematch"]').waitFor();
    await screenshot(w, 'rematch-offered-desktop');
    await b.locator('#offers button[data-action="rematch"]').click();
    await waitUntil(async () => !w.url().includes(id) && !b.url().includes(id), 10_000, 'both on the new game');
    assert.equal(w.url(), b.url());
    const next = new globalThis.URL(w.url()).pathname.split('/').pop();
    assert.equal((await api('GET', `/api/games/${id}`)).data.rematch, next);
    assert.deepEqual([...w.errors, ...b.errors], []);
  } finally {
    await w.context().close();
    await b.context().close();
  }
});

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`the engine accepts a draw it stands worse in, and declines one it stands better in (${name})`, { timeout: 40_000 }, async () => {
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      for (const [position, accepted] of [['4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1', true], ['3qk3/8/8/8/8/8/8/4K3 w - - 0 1', false]]) {
        const { id, white } = await createByApi({ variant: 'classic', position, engine: { level: 1, seat: 1 } });
        await openGame(page, id, white);
        await page.locator('#actions button[data-action="offer-draw"]').click();
        if (accepted) {
          await page.locator('#result:not([hidden])').waitFor();
          assert.match(await page.locator('#result').textContent(), /agreement/i);
          await screenshot(page, `engine-draw-accepted-${name}`);
        } else {
          await waitUntil(async () => /declines the draw/.test(await page.locator('#message').textContent()), 10_000, 'the decline said');
          assert.ok(await page.locator('#result').isHidden());
        }
      }
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}
