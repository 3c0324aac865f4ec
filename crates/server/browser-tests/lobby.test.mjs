// The lobby with people in it: one visitor posts a seek (a correspondence game), another sees
// it listed and accepts it, and both land in the same game, in opposite seats. The lobby also
// lists the games being played (to watch) and the visitor's own games, "your turn" first; on a
// 390×844 phone it fits the width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoHorizontalScroll,
  URL, DESKTOP, launch, openPage, createByApi, play, waitForBoard, screenshot, api,
} from './helpers.mjs';

const PHONE_TALL = { width: 390, height: 844 };
const THREE_DAYS = 3 * 24 * 3600000;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The seat this browser holds in game `id`: `{token, seat}` from its localStorage. */
function seatIn(page, id) {
  return page.evaluate((g) => JSON.parse(localStorage.getItem(`omnichess:seat:${g}`) || 'null'), id);
}

/** Gives the page's browser seats in games (as if it had played them): `[{id, token, seat, variant}]`. */
async function holdSeats(page, seats) {
  await page.evaluate((list) => {
    for (const s of list) localStorage.setItem(`omnichess:seat:${s.id}`, JSON.stringify({ token: s.token, seat: s.seat }));
    localStorage.setItem('omnichess:games', JSON.stringify(list.map((s) => ({ id: s.id, seat: s.seat, variant: s.variant, at: Date.now() }))));
  }, seats);
}

test('one visitor seeks, another accepts: both land in the game', { timeout: 60_000 }, async () => {
  const seeker = await openPage(browser, DESKTOP);
  const accepter = await openPage(browser, DESKTOP);
  try {
    // The accepter's browser already plays two games: one waits for it, one for its opponent.
    const waitsForOpponent = await createByApi({ variant: 'classic' });
    const waitsForMe = await createByApi({ variant: 'dmchess' });
    await play(waitsForMe.id, waitsForMe.white, 'Pd1a2-d1a4');
    await accepter.goto(`${URL}/`);
    await holdSeats(accepter, [
      { id: waitsForOpponent.id, token: waitsForOpponent.black, seat: 1, variant: 'classic' },
      { id: waitsForMe.id, token: waitsForMe.black, seat: 1, variant: 'dmchess' },
    ]);

    await seeker.goto(`${URL}/`);
    await seeker.locator('#variant').selectOption('realms');
    const correspondence = await seeker.locator('#time-control option', { hasText: 'Correspondence 3 days a move' }).getAttribute('value');
    await seeker.locator('#time-control').selectOption(correspondence);
    await seeker.locator('#colour').selectOption('1');
    await seeker.locator('#post-seek').click();
    await seeker.locator('#seek-waiting:not([hidden])').waitFor();
    await seeker.locator('#seeks li[data-seek] .tag', { hasText: 'your seek' }).waitFor();
    const seekId = await seeker.locator('#seeks li[data-seek]').first().getAttribute('data-seek');

    await accepter.goto(`${URL}/`);
    const row = accepter.locator(`#seeks li[data-seek="${seekId}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /Three Realms[\s\S]*3 days a move[\s\S]*they play/i);
    // Your games: the one where it is this browser's turn first.
    await accepter.locator('#your-games li[data-game]').nth(1).waitFor();
    const order = await accepter.locator('#your-games li[data-game]').evaluateAll((els) => els.map((e) => [e.dataset.game, e.dataset.yourTurn]));
    assert.deepEqual(order, [[waitsForMe.id, 'true'], [waitsForOpponent.id, 'false']]);
    // Games being played: both of its games are listed, with a watch link.
    await accepter.locator(`#playing li[data-game="${waitsForMe.id}"] a[href="/game/${waitsForMe.id}"]`).first().waitFor();
    await screenshot(accepter, 'lobby');

    await row.locator('button[data-action="accept"]').click();
    await accepter.waitForURL('**/game/*');
    const gameId = decodeURIComponent(new globalThis.URL(accepter.url()).pathname.split('/').pop());
    await waitForBoard(accepter);
    // The seeker's poll learns of the game and goes there.
    await seeker.waitForURL(`**/game/${gameId}`, { timeout: 15_000 });
    await waitForBoard(seeker);
    const [mine, theirs] = [await seatIn(seeker, gameId), await seatIn(accepter, gameId)];
    assert.equal(mine.seat, 1, 'the seeker asked for the second seat');
    assert.equal(theirs.seat, 0);
    assert.notEqual(mine.token, theirs.token);
    const { data: game } = await api('GET', `/api/games/${gameId}`);
    assert.equal(game.variant, 'realms');
    assert.equal(game.clock.per_move_ms, THREE_DAYS);
    const { data: open } = await api('GET', '/api/seeks');
    assert.ok(!open.some((s) => s.id === seekId), 'the accepted seek is no longer listed');
    await screenshot(seeker, 'lobby-seeker-in-game');
    assert.deepEqual(seeker.errors, []);
    assert.deepEqual(accepter.errors, []);
  } finally {
    await seeker.context().close();
    await accepter.context().close();
  }
});

test('the lobby on a 390×844 phone: a seek, the lists, no horizontal scroll', { timeout: 40_000 }, async () => {
  const page = await openPage(browser, PHONE_TALL, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const other = await openPage(browser, DESKTOP);
  try {
    await other.goto(`${URL}/`);
    await other.locator('#variant').selectOption('dmchess');
    await other.locator('#post-seek').click();
    await other.locator('#seek-waiting:not([hidden])').waitFor();
    await page.goto(`${URL}/`);
    await page.locator('#seeks li[data-seek] button[data-action="accept"]').first().waitFor();
    await page.locator('#seeks-panel').scrollIntoViewIfNeeded();
    const widths = await assertNoHorizontalScroll(page);
    const accept = await page.locator('#seeks button[data-action="accept"]').first().boundingBox();
    assert.ok(accept && accept.x + accept.width <= widths.inner, `Accept is on the screen: ${JSON.stringify(accept)}`);
    await screenshot(page, 'lobby-phone');
    // The seeker cancels: the seek leaves the lists.
    await other.locator('#cancel-seek').click();
    await other.locator('#seek-waiting').waitFor({ state: 'hidden' });
    assert.deepEqual(page.errors, []);
    assert.deepEqual(other.errors, []);
  } finally {
    await page.context().close();
    await other.context().close();
  }
});
