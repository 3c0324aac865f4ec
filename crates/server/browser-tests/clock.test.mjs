// The clock of a timed game and the abort before both players have moved.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, createByApi, api, openGame, waitForGame } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test("3+2: White's clock shows 3:00 after its first move; the game aborts before Black moves", { timeout: 30_000 }, async () => {
  const clock = { base_ms: 180_000, increment_ms: 2_000 };
  const { id, white } = await createByApi({ variant: 'classic', clock });
  const { status } = await api('POST', `/api/games/${id}/decisions`, { token: white, decision: 'e4' });
  assert.equal(status, 200);
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    assert.equal(await page.locator('[data-clock="0"] .time').textContent(), '3:00');
    assert.equal(await page.locator('#actions button[data-action="resign"]').count(), 0, 'abort in its place');
    await page.locator('#actions button[data-action="abort"]').click();
    await page.locator('.modal button[data-action="confirm"]').click();
    const game = await waitForGame(id, (g) => g.outcome != null, 5_000, 'the abort');
    assert.deepEqual(game.outcome, { result: '*', text: '* game aborted' });
    await page.locator('#result:not([hidden])').waitFor();
    assert.equal(await page.locator('#result .result-text').textContent(), 'Game aborted');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
