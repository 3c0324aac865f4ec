// The move list groups decisions by the turn the server says each belongs to (`turns`), and
// a page whose variants the server does not list says so instead of guessing them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  URL, launch, openPage, createByApi, api, openGame, moveListTexts, screenshot, waitForGame, play,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('classic: one move a turn, two turns a row', { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic' });
  const moves = [[white, 'e4'], [black, 'e5'], [white, 'Nf3'], [black, 'Nc6'], [white, 'Bb5']];
  let game;
  for (const [token, move] of moves) game = await play(id, token, move);
  assert.deepEqual(game.turns, [0, 1, 2, 3, 4]);
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    assert.deepEqual(await moveListTexts(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.deepEqual(await page.locator('#move-list li .num').allTextContents(), ['1.', '2.', '3.']);
    await screenshot(page, 'classic-move-list');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test("a custom start's move list begins at its move number and its mover's place", { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'classic', position: '4k3/8/8/8/8/8/8/R3K3 b - - 3 12' });
  const game = await play(id, black, 'Kd7');
  assert.deepEqual([game.first_move_number, game.first_mover], [12, 1], 'the snapshot says where the list starts');
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    assert.deepEqual(await page.locator('#move-list li .num').allTextContents(), ['12.']);
    assert.deepEqual(await page.locator('#move-list .move').allTextContents(), ['…', 'Kd7'], "White's place of the row left blank");
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test("5D: a turn's moves are one entry, its closing submit not listed, an unfinished turn is open", { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'multiverse' });
  await play(id, white, '(0T1)Ng1f3');
  await play(id, white, 'submit');
  const game = await play(id, black, '(0T1)Ng8f6');
  assert.deepEqual(game.turns, [0, 0, 1]);
  const page = await openPage(browser);
  try {
    await openGame(page, id, black);
    const texts = await moveListTexts(page);
    assert.equal(game.moves[1], 'submit');
    assert.deepEqual(texts, [game.moves[0], `${game.moves[2]} …`], 'the submit is the turn\'s end, not a move');
    await page.locator('#cell-free-moves button[data-action="undo"]').waitFor();
    await screenshot(page, 'multiverse-move-list');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test("QEC: a forced reply shows in the turn it answers, paired by the server's turns", { timeout: 30_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'qec' });
  // b1-c3 moves the knight entangled with Black's b7 pawn: Black's forced reply b7-b5 first,
  // then Black's own move. The knight's move mirrored: b7-b5 (two ranks) or b7-b6.
  let game = await play(id, white, 'b1-c3');
  assert.equal(game.to_act_index, 1);
  assert.deepEqual(game.decisions, ['b7-b5', 'b7-b6'], 'the forced replies');
  game = await play(id, black, 'b7-b5');
  game = await play(id, black, 'h7-h6');
  assert.deepEqual(game.turns, [0, 0, 1]);
  assert.deepEqual(game.actors, [0, 1, 1]);
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    assert.deepEqual(await moveListTexts(page), ['Nc3 [↔ b5]', 'h6']);
    assert.deepEqual(await page.locator('#move-list li .num').allTextContents(), ['1.']);
    await screenshot(page, 'qec-move-list');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('Die Chess: the roll and the move it allows are one entry', { timeout: 30_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'dice' });
  let game = await waitForGame(id, (g) => g.decisions.length > 0);
  game = await play(id, white, game.decisions[0]);
  assert.equal(game.turns[0], game.turns[1], 'the roll and the move share a turn');
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const texts = await moveListTexts(page);
    assert.equal(texts[0], `${game.moves[0]} ${game.moves[1]}`);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('the lobby says so when the server lists no variants', { timeout: 20_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.route('**/api/variants', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"storage: down"}' }));
    await page.goto(`${URL}/`);
    const shown = page.locator('.not-found');
    await shown.waitFor();
    assert.match(await shown.textContent(), /did not list its variants \(storage: down\)/);
    assert.equal(await page.locator('select#variant').count(), 0);
  } finally {
    await page.context().close();
  }
});

test('5D: each move stays whole and the list reads as turns, also on a phone', { timeout: 30_000 }, async () => {
  const record = [
    '[Board "Standard - Two Timelines"]', '[Mode "5D"]',
    '1. (-0T1)h4 (+0T1)h3 / (-0T1)Nh6 (+0T1)e6',
    '2. (-0T2)Rh2 (+0T2)b4 / (-0T2)Nh6>>x(-0T1)h4~',
    '3. (-1T2)Rxh4 / (+0T2)Bxb4 (-1T2)f5',
    '4. (-0T3)Ph4>>x(-1T2)h4~ / (1T2)h5',
  ].join('\n');
  const { id, white } = await createByApi({ variant: 'multiverse', record });
  const page = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  try {
    await openGame(page, id, white);
    const rows = await page.locator('#move-list li').allTextContents();
    assert.equal(rows.length, 4);
    assert.match(rows[0].replace(/\s+/g, ' '), /^1\. ?\S+ \S+ \/ \S+ \S+$/);
    // No move is broken over two lines: each token is one line box.
    const broken = await page.locator('#move-list .token').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent));
    assert.deepEqual(broken, []);
    const tokens = await page.locator('#move-list .move[data-index] .token').allTextContents();
    assert.ok(tokens.includes('(-0T2)Nh6>>x(-0T1)h4~') || tokens.some((t) => t.includes('>>')), JSON.stringify(tokens));
    await page.locator('#move-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'multiverse-move-list-phone');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
