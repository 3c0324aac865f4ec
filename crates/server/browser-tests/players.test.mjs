// Players' pages: two accounts play twenty rated games (won in turn); the profile shows the
// rating, the graph with a point a game and the history with opponent and result, each game
// linked; the leaderboard ranks both and links their profiles (desktop and a 390×844 phone).
// A seek posted from the lobby with a rating range lists it and refuses a player outside it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, DESKTOP, launch, openPage, screenshot, assertNoHorizontalScroll } from './helpers.mjs';

const PHONE_TALL = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A request with the session `cookie`: the status, the cookie it sets, the JSON body. */
async function call(cookie, method, path, body) {
  const headers = { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const set = response.headers.get('set-cookie');
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  return { status: response.status, cookie: set ? set.split(';')[0] : null, data };
}

async function signUp(name) {
  const { status, cookie } = await call(null, 'POST', '/api/account/signup', { name, password: 'a long password' });
  assert.equal(status, 201);
  return cookie;
}

/** A rated blitz game between `a` (first seat) and `b`, which `loser` resigns. */
async function ratedGame(a, b, loserIsA) {
  const seek = await call(a, 'POST', '/api/seeks', { variant: 'classic', seat: 0, casual: false, clock: { base_ms: 300000, increment_ms: 0 } });
  assert.equal(seek.status, 201, JSON.stringify(seek.data));
  const accepted = await call(b, 'POST', `/api/seeks/${seek.data.id}/accept`);
  assert.equal(accepted.status, 201, JSON.stringify(accepted.data));
  const polled = await call(null, 'POST', `/api/seeks/${seek.data.id}/poll`, { token: seek.data.token });
  const token = loserIsA ? polled.data.game_token : accepted.data.game_token;
  const resigned = await call(null, 'POST', `/api/games/${accepted.data.game}/actions`, { token, action: 'resign' });
  assert.equal(resigned.status, 200, JSON.stringify(resigned.data));
}

const stamp = Date.now() % 100000;
const ann = `ann_${stamp}`;
const bob = `bob_${stamp}`;

before(async () => {
  const [a, b] = [await signUp(ann), await signUp(bob)];
  for (let n = 0; n < 20; n += 1) await ratedGame(a, b, n % 2 === 0);
});

for (const [size, label] of [[DESKTOP, 'desktop'], [PHONE_TALL, 'phone']]) {
  test(`a profile and the leaderboard (${label})`, { timeout: 60_000 }, async () => {
    const page = await openPage(browser, size);
    try {
      await page.goto(`${URL}/player/${ann}`);
      await page.locator('#player-ratings').waitFor();
      const row = page.locator('#player-ratings tr[data-variant="classic"][data-speed="blitz"]');
      assert.equal(await row.count(), 1);
      assert.match(await row.innerText(), /\b1511\b/, 'Ann won the last game: 1511');
      assert.equal(await page.locator('svg.rating-graph circle.point').count(), 20, 'a point a rated game');
      const games = page.locator('#player-games tbody tr');
      assert.equal(await games.count(), 20);
      assert.equal(await page.locator('#player-games tr[data-outcome="win"]').count(), 10);
      assert.equal(await page.locator('#player-games tr[data-outcome="loss"]').count(), 10);
      assert.match(await games.first().innerText(), new RegExp(bob));
      await assertNoHorizontalScroll(page);
      await screenshot(page, `player-${label}`);
      // The opponent's name leads to its profile; a game's link to the game.
      const href = await games.first().locator('a[href^="/game/"]').getAttribute('href');
      assert.match(href, /^\/game\/[0-9a-f]+$/);
      await games.first().locator('a.player-link').click();
      await page.waitForURL(`${URL}/player/${bob}`);
      await page.locator('#player-ratings').waitFor();
      await page.goto(`${URL}/leaderboard?variant=classic`);
      await page.locator('#leaderboard table').first().waitFor();
      const names = await page.locator('.leaderboard-speed[data-speed="blitz"] tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.name));
      assert.ok(names.indexOf(ann) >= 0 && names.indexOf(bob) > names.indexOf(ann), names.join(','));
      await assertNoHorizontalScroll(page);
      await screenshot(page, `leaderboard-${label}`);
      await page.selectOption('#leaderboard-variant', 'dice');
      await page.locator('#leaderboard-empty').waitFor();
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}

test('a seek posted with a rating range lists it, and a player outside it is refused', { timeout: 60_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/account`);
    await page.locator('#account-name').fill(ann);
    await page.locator('#account-password').fill('a long password');
    await page.locator('#sign-in').click();
    await page.locator('#sign-out').waitFor();
    await page.goto(`${URL}/`);
    await page.locator('#seek-rating-low').fill('1600');
    await page.locator('#seek-rating-high').fill('2000');
    await page.click('#post-seek');
    await page.locator('#seek-waiting:not([hidden])').waitFor();
    const { data: seeks } = await call(null, 'GET', '/api/seeks');
    const mine = seeks.find((s) => s.rating_range && s.rating_range[0] === 1600);
    assert.ok(mine, JSON.stringify(seeks));
    assert.deepEqual(mine.rating_range, [1600, 2000]);
    // Bob's rating, about 1500 at this seek's speed, is below the range.
    const bobCookie = (await call(null, 'POST', '/api/account/signin', { name: bob, password: 'a long password' })).cookie;
    const refused = await call(bobCookie, 'POST', `/api/seeks/${mine.id}/accept`);
    assert.equal(refused.status, 409, JSON.stringify(refused.data));
    assert.match(refused.data.error, /1600 to 2000/);
    await screenshot(page, 'seek-rating-range');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
