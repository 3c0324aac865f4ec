// Patches (docs/PROTOCOL.md, "Patches"): the game page takes a change as what changed since the
// version it holds, over the socket and in answer to its own move, and draws the same game as
// a page that loads the whole snapshot.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, openGame, play, snapshot, clickMove, moveByText, moveListTexts,
  waitForVersion, waitUntil, screenshot,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The pieces the page draws, by cell. */
async function drawn(page) {
  return page.locator('#board [data-cell]').evaluateAll((cells) => cells.map((c) => `${c.dataset.cell}=${c.dataset.piece || ''}`));
}

for (const variant of ['classic', 'multiverse']) {
  test(`${variant}: moves arrive as patches and draw the same game as a fresh page`, { timeout: 40_000 }, async () => {
    const { id, white, black } = await createByApi({ variant });
    const page = await openPage(browser);
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      try { frames.push(JSON.parse(f.payload)); } catch { /* not JSON */ }
    }));
    const answers = [];
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/decisions')) answers.push(await r.json());
    });
    try {
      await openGame(page, id, white);
      let game = await snapshot(id);
      // White's move from the page: its answer is a patch.
      const first = variant === 'classic' ? 'e2e4' : '(0T1)e2e4';
      game = await clickMove(page, id, game, moveByText(game, first));
      if (variant === 'multiverse') game = await play(id, white, 'submit');
      // Black's from elsewhere: the socket sends a patch.
      game = await play(id, black, variant === 'classic' ? 'e7e5' : '(0T1)e7e5');
      await waitForVersion(page, game.version);
      // The listeners read the answers and frames as they come: wait for them to be read.
      await waitUntil(() => answers.some((a) => a.patch && a.from === 0 && a.version === 1), 5_000,
        () => `the move's answer, a patch: ${JSON.stringify(answers).slice(0, 300)}`);
      await waitUntil(() => frames.some((f) => f.type === 'patch' && f.version === game.version), 5_000,
        () => `Black's move as a patch frame: ${frames.map((f) => f.type)}`);
      assert.ok(!frames.some((f) => f.type === 'update'), 'no whole snapshot after the welcome');
      // The page that took patches draws what a fresh page draws.
      const fresh = await openPage(browser);
      try {
        await openGame(fresh, id, white);
        assert.deepEqual(await drawn(page), await drawn(fresh));
        assert.deepEqual(await moveListTexts(page), await moveListTexts(fresh));
      } finally {
        await fresh.context().close();
      }
      await screenshot(page, `patches-${variant}`);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}
