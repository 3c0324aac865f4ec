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

const PHONE = { width: 390, height: 844 };

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`Die Chess rolls and 5D submits on the analysis board; a record imported; the link reproduces it (${name})`, { timeout: 60_000 }, async () => {
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      // Die Chess: chance acts first; each face is a button with its probability.
      await page.goto(`${URL}/analysis?variant=dice`);
      const face = page.locator('#analysis-choices button[data-action="chance"][data-decision="[N]"]');
      await face.waitFor();
      assert.equal(await face.textContent(), '[N] 25 %');
      assert.equal(await page.locator('#analysis-choices button[data-action="chance"]').count(), 6);
      await face.click();
      await waitUntil(async () => (await page.locator('#after').inputValue()) === '[N]', 5_000, '[N] played');
      await waitUntil(async () => (await page.locator('#analysis-board-status').textContent()) === 'white to move', 5_000, 'white to move');
      await page.locator('#analysis-board [data-cell="0:1"]').click();
      await page.locator('#analysis-board [data-cell="0:18"]').click();
      await waitUntil(async () => (await page.locator('#after').inputValue()) === '[N] Nc3', 5_000, 'the knight moved');
      // "Roll" lets chance pick one of the six.
      await page.locator('#analysis-choices button[data-action="roll-chance"]').click();
      await waitUntil(async () => /^\[N\] Nc3 \[[PNBRQK]\]$/.test(await page.locator('#after').inputValue()), 5_000, 'a roll');
      await screenshot(page, `analysis-dice-${name}`);

      // 5D: a move, then the submit button ends the turn.
      await page.goto(`${URL}/analysis?variant=multiverse&after=${encodeURIComponent('(0T1)Nb1c3')}`);
      const submit = page.locator('#analysis-choices button[data-decision="submit"]');
      await submit.waitFor();
      await submit.click();
      await waitUntil(async () => (await page.locator('#after').inputValue()) === '(0T1)Nb1c3 submit', 5_000, 'submitted');
      await waitUntil(async () => (await page.locator('#analysis-board-status').textContent()) === 'black to move', 5_000, 'black to move');

      // A PGN pasted into the position's field is imported: its start, its moves.
      await page.goto(`${URL}/analysis?variant=classic`);
      await page.locator('#analysis-board [data-cell="0:12"]').waitFor();
      await page.locator('#position').fill('[Event "x"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *');
      await page.locator('#position').dispatchEvent('change');
      await waitUntil(async () => (await page.locator('#after').inputValue()) === 'e2e4 e8d7', 5_000, 'the record imported');
      assert.equal(await page.locator('#position').inputValue(), '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
      assert.equal(await page.locator('#analysis-moves').textContent(), 'e4 Kd7');
      await screenshot(page, `analysis-import-${name}`);

      // The link opens the same board.
      const link = await page.locator('#analysis-link').inputValue();
      const drawn = await page.locator('#analysis-board').getAttribute('data-position');
      await page.goto(link);
      await waitUntil(async () => (await page.locator('#analysis-board').getAttribute('data-position')) === drawn, 5_000, 'the same position from the link');
      assert.equal(await page.locator('#after').inputValue(), 'e2e4 e8d7');
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`the board editor puts pieces down, empties squares and sets who moves (${name})`, { timeout: 40_000 }, async () => {
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      await page.goto(`${URL}/analysis?variant=classic`);
      const cell = (sq) => page.locator(`#analysis-board [data-cell="0:${sq}"]`);
      await cell(12).waitFor();
      await page.locator('[data-action="edit"]').click();
      await page.locator('#editor-palette').waitFor();
      // The d7 pawn off, a black queen on d4, the e2 pawn off; then Black to move.
      await page.locator('#editor-palette [data-piece="empty"]').click();
      await cell(51).click();
      await waitUntil(async () => (await cell(51).getAttribute('data-piece')) === null, 5_000, 'd7 emptied');
      await page.locator('#editor-palette [data-piece="1:Q"]').click();
      await cell(27).click();
      await waitUntil(async () => (await cell(27).getAttribute('data-piece')) === '1:Q', 5_000, 'a queen on d4');
      await page.locator('#editor-palette [data-piece="empty"]').click();
      await cell(12).click();
      await waitUntil(async () => (await cell(12).getAttribute('data-piece')) === null, 5_000, 'e2 emptied');
      await page.locator('#editor-to-move').selectOption('1');
      await waitUntil(async () => (await page.locator('#position').inputValue()) === 'rnbqkbnr/ppp1pppp/8/8/3q4/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 5_000, 'the edited FEN');
      await screenshot(page, `analysis-editor-${name}`);
      // A refused edit (White's king taken off) says why and changes nothing.
      await cell(4).click();
      await waitUntil(async () => /refused/.test(await page.locator('#message').textContent()), 5_000, 'the refusal');
      assert.equal(await cell(4).getAttribute('data-piece'), '0:K');
      // Done: moves are played again, from the edited start.
      await page.locator('[data-action="edit"]').click();
      await page.locator('#editor-palette').waitFor({ state: 'hidden' });
      await cell(27).click();
      await cell(11).click();
      await waitUntil(async () => (await page.locator('#after').inputValue()) === 'd4d2', 5_000, 'Qxd2+ played');
      assert.deepEqual(page.errors.filter((e) => !/400/.test(e)), []);
    } finally {
      await page.context().close();
    }
  });
}

test('the board editor works on each of Three Realms\' boards', { timeout: 30_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/analysis?variant=realms`);
    const cell = (key) => page.locator(`#analysis-board [data-cell="${key}"]`);
    await cell('1:7').waitFor();
    await page.locator('[data-action="edit"]').click();
    await page.locator('#editor-palette [data-piece="empty"]').click();
    await cell('1:7').click();
    await waitUntil(async () => (await page.locator('#position').inputValue()).includes('/RNBQKBN1|'), 5_000, "Earth's q1 rook off");
    await page.locator('#editor-palette [data-piece="0:A"]').click();
    await cell('0:27').click();
    await waitUntil(async () => (await cell('0:27').getAttribute('data-piece')) === '0:A', 5_000, 'an angel on the heavens\' d4');
    assert.match(await page.locator('#position').inputValue(), / w Qkq - 0 1$/);
    await screenshot(page, 'analysis-editor-realms');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

for (const [name, size] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`the board editor works on DMChess's eight boards, a piece taking its board's DEL (${name})`, { timeout: 40_000 }, async () => {
    const page = size ? await openPage(browser, size, { isMobile: true, hasTouch: true }) : await openPage(browser);
    try {
      await page.goto(`${URL}/analysis?variant=dmchess`);
      const cell = (key) => page.locator(`#analysis-board [data-cell="${key}"]`);
      await cell('2:31').waitFor();
      await page.locator('[data-action="edit"]').click();
      // A light knight on D3's h4: DEL 3 (ruling E.1).
      await page.locator('#editor-palette [data-piece="0:N"]').click();
      await cell('2:31').click();
      await waitUntil(async () => (await cell('2:31').getAttribute('data-piece')) === '0:N', 5_000, "a knight on D3's h4");
      assert.match((await page.locator('#position').inputValue()).split('|')[2], /\/7N3\//);
      // A piece on a portal (D3's e4) is refused with the rule.
      await cell('2:28').click();
      await waitUntil(async () => /portal/.test(await page.locator('#message').textContent()), 5_000, 'the refusal');
      assert.equal(await cell('2:28').getAttribute('data-piece'), null);
      await screenshot(page, `analysis-editor-dmchess-${name}`);
      assert.deepEqual(page.errors.filter((e) => !/400/.test(e)), []);
    } finally {
      await page.context().close();
    }
  });
}
