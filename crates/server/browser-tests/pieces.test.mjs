// Every kind on the boards has a drawing of its own, chosen by the name the view gives it (not
// by its letter: Three Realms' P is the pegasus, its pawns W), for both players, and the legend
// names them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, openPage, createByApi, openGame, screenshot } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The names on the boards of `view`, once each. */
function namesOf(view) {
  return [...new Set(view.boards.flatMap((b) => b.squares.filter(Boolean).map((p) => p.name)))];
}

for (const variant of ['classic', 'realms', 'dmchess']) {
  test(`${variant}: each kind drawn as itself, for both players, with a legend`, { timeout: 30_000 }, async () => {
    const { id, white, game } = await createByApi({ variant });
    const page = await openPage(browser);
    try {
      await openGame(page, id, white);
      // The drawing of each piece on the board (its tag left out), by the view's name.
      const drawn = await page.locator('#board [data-cell][data-piece]').evaluateAll((cells) => cells.map((c) => {
        const piece = c.querySelector('.piece').cloneNode(true);
        piece.querySelectorAll('.piece-tag').forEach((t) => t.remove());
        return { piece: c.dataset.piece, title: c.querySelector('title').textContent, svg: piece.innerHTML };
      }));
      const byName = new Map();
      for (const board of game.view.boards) {
        board.squares.forEach((p) => { if (p) byName.set(`${p.player}:${p.name}`, p); });
      }
      const markupOf = new Map();
      for (const cell of drawn) {
        assert.ok(!/<text/.test(cell.svg), `${variant}: ${cell.title} is drawn, not lettered`);
        const name = [...byName.values()].find((p) => cell.title.includes(` ${p.name}`) && cell.piece === `${p.player}:${p.kind}`);
        assert.ok(name, `${variant}: ${cell.title} is a piece of the view`);
        markupOf.set(`${cell.piece}:${name.name}`, cell.svg);
      }
      const markups = [...markupOf.values()];
      assert.equal(new Set(markups).size, markups.length, `${variant}: no two kinds share a drawing: ${[...markupOf.keys()]}`);
      // The legend: every name, both colours.
      const legend = page.locator('#legend');
      await legend.locator('summary').click();
      const rows = await legend.locator('li:not(.legend-mark)').evaluateAll((lis) => lis.map((li) => ({
        name: li.dataset.name, icons: li.querySelectorAll('.piece-icon').length, text: li.querySelectorAll('.piece-icon text').length,
      })));
      assert.deepEqual(rows.map((r) => r.name).sort(), namesOf(game.view).sort());
      for (const row of rows) assert.deepEqual([row.icons, row.text], [2, 0], `${variant}: ${row.name} in the legend`);
      // DMChess: each piece's DEL is a gauge (its `del` mark), in the legend too.
      const gauges = await page.locator('#board .mark-gauge.mark-del').count();
      const marks = game.view.boards.reduce((n, b) => n + b.marks.filter((m) => m.kind === 'del').length, 0);
      assert.equal(gauges, marks, `${variant}: every del mark drawn as a gauge`);
      assert.equal(await legend.locator('li.legend-mark[data-mark="del"]').count(), marks ? 1 : 0);
      await screenshot(page, `${variant}-pieces`);
      assert.deepEqual(page.errors, []);
    } finally {
      await page.context().close();
    }
  });
}

test('realms: the pegasus is not the pawn', { timeout: 30_000 }, async () => {
  const { id, white, game } = await createByApi({ variant: 'realms' });
  const squares = game.view.boards.flatMap((b, board) => b.squares.map((p, square) => ({ p, cell: `${board}:${square}` })));
  const pegasus = squares.find(({ p }) => p && p.name === 'pegasus');
  const pawn = squares.find(({ p }) => p && p.name === 'pawn' && p.player === pegasus.p.player);
  assert.equal(pegasus.p.kind, 'P');
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const svg = (cell) => page.locator(`#board [data-cell="${cell}"] .piece`).innerHTML();
    assert.notEqual(await svg(pegasus.cell), await svg(pawn.cell));
  } finally {
    await page.context().close();
  }
});

test('every kind of every variant has a drawing of its own, for both players', { timeout: 30_000 }, async () => {
  // The names the variants' views give their kinds (classic, QEC, Die Chess and DMChess use
  // the first six; Three Realms' seventeen; 5D Chess's fairy pieces).
  const names = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn',
    'grandmaster', 'honorable horse', 'silver general', 'pegasus', 'angel', 'imp', 'warmachine',
    'scholar', 'elephant', 'fallen angel', 'fiend',
    'unicorn', 'dragon', 'brawn', 'princess', 'royal queen', 'common king'];
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/`);
    const drawn = await page.evaluate(async (list) => {
      const pieces = await import('/assets/pieces.js');
      const sheet = document.createElement('div');
      sheet.id = 'piece-sheet';
      sheet.style.cssText = 'position:fixed;inset:0;z-index:99;background:#f0d9b5;display:grid;grid-template-columns:repeat(6,1fr);align-content:start;gap:4px;padding:8px;font:13px sans-serif';
      const out = [];
      for (const name of list) {
        const cell = document.createElement('div');
        cell.style.textAlign = 'center';
        const markups = [0, 1].map((player) => pieces.pieceMarkup({ kind: '?', name, player }));
        cell.innerHTML = `${pieces.pieceSvg({ kind: '?', name, player: 0 }, 64)}${pieces.pieceSvg({ kind: '?', name, player: 1 }, 64)}<br>${name}`;
        sheet.append(cell);
        out.push({ name, own: pieces.hasDrawing({ name }), markups });
      }
      document.body.append(sheet);
      return out;
    }, names);
    for (const d of drawn) {
      assert.ok(d.own, `${d.name} has a drawing`);
      assert.notEqual(d.markups[0], d.markups[1], `${d.name}: both players`);
    }
    const light = drawn.map((d) => d.markups[0]);
    assert.equal(new Set(light).size, light.length, 'no two names share a drawing');
    await screenshot(page, 'pieces');
  } finally {
    await page.context().close();
  }
});
