// Sounds (made with WebAudio) for a move, a capture, a check and the game's end, a mute switch
// kept across reloads; board themes kept across reloads; premoves in timed games.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot, waitForVersion, waitUntil, waitForGame, snapshot, play,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const sounds = (page) => page.evaluate(() => [...(window.omnichess.sounds || [])]);

test('a move, a capture, a check and the end each have their sound; mute is kept', { timeout: 40_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const expected = [];
    for (const [token, move, sound] of [[white, 'e4', 'move'], [black, 'd5', 'move'], [white, 'exd5', 'capture'],
      [black, 'Qxd5', 'capture'], [white, 'Nc3', 'move'], [black, 'Qe5+', 'check']]) {
      const game = await play(id, token, move);
      await waitForVersion(page, game.version);
      expected.push(sound);
      await waitUntil(async () => (await sounds(page)).length === expected.length, 5_000, `the sound of ${move}`);
    }
    assert.deepEqual(await sounds(page), expected);
    const resigned = await api('POST', `/api/games/${id}/actions`, { token: white, action: 'resign' });
    await waitForVersion(page, resigned.data.version);
    await waitUntil(async () => (await sounds(page)).length === expected.length + 1, 5_000, 'the end\'s sound');
    assert.deepEqual((await sounds(page)).slice(-1), ['end']);

    // Muted, and still muted after a reload: a move makes no sound.
    await page.locator('#tools [data-action="mute"]').click();
    assert.equal(await page.locator('#tools [data-action="mute"]').textContent(), 'Sound: off');
    const { id: id2, white: w2, black: b2 } = await createByApi({ variant: 'classic' });
    await openGame(page, id2, b2);
    assert.equal(await page.locator('#tools [data-action="mute"]').textContent(), 'Sound: off');
    const game = await play(id2, w2, 'e4');
    await waitForVersion(page, game.version);
    await page.waitForTimeout(200);
    assert.deepEqual(await sounds(page), []);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('a board theme colours the squares and is kept across reloads', { timeout: 30_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'classic' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const fills = () => page.evaluate(() => [
      getComputedStyle(document.querySelector('#board .sq.light .bg')).fill,
      getComputedStyle(document.querySelector('#board .sq.dark .bg')).fill]);
    assert.deepEqual(await fills(), ['rgb(240, 217, 181)', 'rgb(181, 136, 99)']);
    await page.locator('#theme').selectOption('green');
    assert.deepEqual(await fills(), ['rgb(255, 255, 221)', 'rgb(134, 166, 102)']);
    await page.reload();
    await page.locator('#board [data-cell]').first().waitFor();
    assert.deepEqual(await fills(), ['rgb(255, 255, 221)', 'rgb(134, 166, 102)']);
    assert.equal(await page.locator('#theme').inputValue(), 'green');
    await screenshot(page, 'theme-green');
    await page.locator('#theme').selectOption('blue');
    assert.deepEqual(await fills(), ['rgb(222, 227, 230)', 'rgb(140, 162, 173)']);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('in a timed game a premove made while the opponent moves is played when the turn comes; an illegal one is dropped', { timeout: 40_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic', clock: { base_ms: 300_000, increment_ms: 0 } });
  const page = await openPage(browser);
  try {
    await openGame(page, id, black);
    const cell = (sq) => page.locator(`#board [data-cell="0:${sq}"]`);
    const e7 = 52; const e5 = 36; const a8 = 56; const a6 = 40;
    await cell(e7).click();
    await cell(e5).click();
    assert.deepEqual(await page.locator('#board .sq.premove').evaluateAll((els) => els.map((e) => e.dataset.cell).sort()), ['0:36', '0:52']);
    let game = await play(id, white, 'e4');
    game = await waitForGame(id, (g) => g.history.length === 2, 10_000, 'the premove played');
    assert.deepEqual(game.history, ['e2e4', 'e7e5']);
    await waitForVersion(page, game.version);
    assert.equal(await page.locator('#board .sq.premove').count(), 0);

    // The rook cannot go through its pawn: the premove is dropped when the turn comes.
    await cell(a8).click();
    await cell(a6).click();
    game = await play(id, white, 'Nf3');
    await waitForVersion(page, game.version);
    await page.waitForTimeout(300);
    assert.equal((await snapshot(id)).history.length, 3, 'nothing played for an illegal premove');
    assert.match(await page.locator('#message').textContent(), /premove is not legal/);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
