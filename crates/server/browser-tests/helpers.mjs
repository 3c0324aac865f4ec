// What the browser tests share: Chromium through playwright-core, the server's API (the tests
// read the legal moves from the snapshot's view and check what landed), games created from
// the lobby, moves made by clicking squares (SVG grid) or canvas points (5D), screenshots.
//
// OMNICHESS_URL: the server (crates/server/tests/browser.rs starts one and sets it).
// OMNICHESS_SCREENSHOTS: where screenshots go (default: the workspace's target/screenshots).

import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

export const URL = (process.env.OMNICHESS_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const SCREENSHOTS = process.env.OMNICHESS_SCREENSHOTS || resolve(here, '../../../target/screenshots');
export const CHROMIUM = process.env.OMNICHESS_CHROMIUM || '/usr/bin/chromium';

export const VARIANTS = ['classic', 'qec', 'dice', 'multiverse', 'realms', 'dmchess'];
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 667 };

/** Chromium, headless, without GPU, sandbox or anything that talks to the network. */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A new context and page of `size`; the page's console errors and uncaught exceptions are
 * collected in `page.errors` (a test may assert there are none).
 */
export async function openPage(browser, size = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport: size, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  return page;
}

// --- the API ----------------------------------------------------------------------------------

export async function api(method, path, body) {
  const response = await fetch(`${URL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  return { status: response.status, data };
}

/** Plays `decision` in game `id` with seat `token` through the API; fails the test unless 200. */
export async function play(id, token, decision) {
  const { status, data } = await api('POST', `/api/games/${id}/decisions`, { token, decision });
  assert.equal(status, 200, `${decision}: ${JSON.stringify(data)}`);
  return data;
}

/** The game's snapshot. */
export async function snapshot(id) {
  const { status, data } = await api('GET', `/api/games/${id}`);
  assert.equal(status, 200, `GET /api/games/${id}: ${JSON.stringify(data)}`);
  return data;
}

/** Creates a game by the API: `{id, white, black, game}`. */
export async function createByApi(body) {
  const { status, data } = await api('POST', '/api/games', body);
  assert.equal(status, 201, `POST /api/games: ${JSON.stringify(data)}`);
  return { id: data.id, white: data.tokens.white, black: data.tokens.black, game: data.game };
}

/** Polls the snapshot until `done(game)` holds (at most `ms`); the last snapshot. */
export async function waitForGame(id, done, ms = 10_000, what = 'the game to change') {
  const deadline = Date.now() + ms;
  let game;
  for (;;) {
    game = await snapshot(id);
    if (done(game)) return game;
    if (Date.now() > deadline) {
      assert.fail(`timed out waiting for ${what}: version ${game.version}, history ${JSON.stringify(game.history)}`);
    }
    await sleep(100);
  }
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// --- the lobby --------------------------------------------------------------------------------

/**
 * Creates a game of `variant` from the lobby page (create a game for a friend), as the first
 * player; the page then goes to the game. `{id, mine, theirs}`: the id and both seat tokens,
 * read from the invitation's links.
 */
export async function createFromLobby(page, variant) {
  await page.goto(`${URL}/`);
  const select = page.locator('#variant');
  await select.selectOption(variant);
  await page.locator('#colour').selectOption('0');
  await page.locator('#time-control').selectOption('none');
  await page.locator('#create-game').click();
  const friend = page.locator('#friend-link');
  await friend.waitFor({ state: 'visible' });
  const theirsLink = await friend.inputValue();
  const mineLink = await page.locator('#my-link').inputValue();
  const parse = (link) => {
    const m = link.match(/\/game\/([^/#]+)#(.+)$/);
    assert.ok(m, `a game link: ${link}`);
    return { id: decodeURIComponent(m[1]), token: m[2] };
  };
  const mine = parse(mineLink); const theirs = parse(theirsLink);
  assert.equal(mine.id, theirs.id);
  await page.locator('#go-to-game').click();
  await page.waitForURL(`**/game/${mine.id}`);
  return { id: mine.id, mine: mine.token, theirs: theirs.token, mineLink, theirsLink };
}

/** Opens the game page `id` with seat `token` (or as a watcher) and waits for its board. */
export async function openGame(page, id, token) {
  await page.goto(`${URL}/game/${encodeURIComponent(id)}${token ? `#${token}` : ''}`);
  await waitForBoard(page);
}

/** Waits until the game page has drawn a board (squares, or the 5D canvas) and is live. */
export async function waitForBoard(page) {
  await page.locator('#board[data-version]').waitFor();
  await page.waitForFunction(() => !!document.querySelector('#board [data-cell], #board canvas.mv-canvas'));
  await page.locator('#link-status[data-status="live"]').waitFor();
}

/** The version the page shows. */
export async function pageVersion(page) {
  return Number(await page.locator('#board').getAttribute('data-version'));
}

// --- moves ------------------------------------------------------------------------------------

export const key = (cell) => `${cell.board}:${cell.square}`;

/**
 * The moves of `view` that a click can make unambiguously: with both cells, and the only one
 * going from its `from` to its `to` (no promotion or other choice dialog).
 */
export function clickableMoves(view) {
  const count = new Map();
  const moves = (view.moves || []).filter((m) => m.from && m.to);
  for (const m of moves) {
    const k = `${key(m.from)}>${key(m.to)}`;
    count.set(k, (count.get(k) || 0) + 1);
  }
  return moves.filter((m) => count.get(`${key(m.from)}>${key(m.to)}`) === 1 && key(m.from) !== key(m.to));
}

/** The move with text `text` in the game's view (fails if it is not legal). */
export function moveByText(game, text) {
  const move = (game.view.moves || []).find((m) => m.text === text);
  assert.ok(move, `${text} is in view.moves: ${JSON.stringify((game.view.moves || []).map((m) => m.text))}`);
  return move;
}

export function cellLocator(page, cell) {
  return page.locator(`#board [data-cell="${key(cell)}"]`);
}

/** Is the board the 5D canvas? */
export async function isCanvas(page) {
  return (await page.locator('#board canvas.mv-canvas').count()) > 0;
}

/** Client coordinates of a cell on the 5D canvas, made visible first if needed. */
export async function canvasPoint(page, cell) {
  const where = () => page.evaluate(([b, s]) => window.omnichess.multiverse.pointOf(b, s), [cell.board, cell.square]);
  let point = await where();
  // Off the canvas: show every board, else the playable ones.
  for (const activeOnly of [false, true]) {
    if (point && point.visible) break;
    await page.evaluate((a) => window.omnichess.multiverse.fit(a), activeOnly);
    point = await where();
  }
  assert.ok(point && point.visible, `cell ${key(cell)} is on the canvas: ${JSON.stringify(point)}`);
  return point;
}

/** Presses a cell: a click on its square, or on its point of the 5D canvas (`tap` on phones). */
export async function pressCell(page, cell, { tap = false } = {}) {
  if (await isCanvas(page)) {
    const p = await canvasPoint(page, cell);
    if (tap) await page.touchscreen.tap(p.clientX, p.clientY);
    else await page.mouse.click(p.clientX, p.clientY);
  } else if (tap) {
    await cellLocator(page, cell).tap();
  } else {
    await cellLocator(page, cell).click();
  }
}

/** The destinations the page marks now (`dest` squares, or 5D's hidden #dest-list). */
export async function shownDests(page) {
  if (await isCanvas(page)) {
    return page.locator('#dest-list li[data-cell]').evaluateAll((els) => els.map((e) => e.dataset.cell));
  }
  return page.locator('#board [data-cell].dest').evaluateAll((els) => els.map((e) => e.dataset.cell));
}

/** Clicks `move.from`, checks `move.to` is marked as a destination. */
export async function selectPiece(page, move, options = {}) {
  await pressCell(page, move.from, options);
  const target = key(move.to);
  await waitUntil(async () => (await shownDests(page)).includes(target), 5_000,
    async () => `${target} marked as a destination after pressing ${key(move.from)} (${move.text}); marked: ${JSON.stringify(await shownDests(page))}`);
}

/**
 * Plays `move` (from the snapshot `game`'s view) by clicking its piece and its destination,
 * then waits until the server has it: the new snapshot, whose history has the move.
 */
export async function clickMove(page, id, game, move, options = {}) {
  await waitForVersion(page, game.version);
  await selectPiece(page, move, options);
  await pressCell(page, move.to, options);
  const before = game.history.length;
  const after = await waitForGame(id, (g) => g.history.length > before && g.history.slice(before).includes(move.text),
    10_000, `${move.text} in the history`);
  await waitForVersion(page, after.version);
  return after;
}

/** Polls `check()` until true, else fails with `why()`. */
export async function waitUntil(check, ms, why) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(typeof why === 'function' ? await why() : why);
    await sleep(50);
  }
}

/** The number of moves the move list shows (not the placeholder, not the `…` blanks). */
export async function moveListCount(page) {
  return page.locator('#move-list .move:not(.blank)').count();
}

/** The texts of the move list's moves. */
export async function moveListTexts(page) {
  return page.locator('#move-list .move:not(.blank)').allTextContents();
}

/** Clicks a cell-free decision's button (5D `submit`, …) and waits for the server to take it. */
export async function clickAction(page, id, game, action, decision) {
  const button = page.locator(`#cell-free-moves button[data-action="${action}"]`);
  await button.click();
  const before = game.history.length;
  const after = await waitForGame(id, (g) => g.history.length > before && (!decision || g.history.slice(before).includes(decision)),
    10_000, `${action} taken`);
  await waitForVersion(page, after.version);
  return after;
}

/** Waits until the page shows version `version` of the game (or a later one). */
export async function waitForVersion(page, version) {
  await page.waitForFunction((v) => Number(document.querySelector('#board')?.dataset.version) >= v, version);
}

/** Asserts the page scrolls no wider than the screen; the widths, for further checks. */
export async function assertNoHorizontalScroll(page) {
  const widths = await page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  assert.ok(widths.scroll <= widths.inner && widths.body <= widths.inner,
    `no horizontal scroll: ${JSON.stringify(widths)}`);
  return widths;
}

// --- screenshots ------------------------------------------------------------------------------

/** Saves a screenshot of the page as `<name>.png` in OMNICHESS_SCREENSHOTS. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Let the canvas paint its pieces (images load asynchronously) and transitions settle.
  await page.waitForTimeout(300);
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, scale: 'css' });
  return path;
}
