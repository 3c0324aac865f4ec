// The 5D view: "show every board" shows every board; a time travel's arrow ends on the board
// it made; the present is marked; earlier turns' time travels come on demand; a minimap shows
// the whole multiverse while part of it is off screen; a hundred timelines paint within a
// frame budget (measured in the browser).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot, waitForVersion, waitUntil, play,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A whole turn: a move on one board (not a jump) on each playable board, until submit. */
async function playTurn(id, token, game) {
  for (let i = 0; i < 10 && !game.decisions.includes('submit'); i++) {
    const move = game.view.moves.find((m) => m.from && m.to && m.from.board === m.to.board);
    assert.ok(move, `a move on a board: ${game.decisions.slice(0, 10)}`);
    game = await play(id, token, move.text);
  }
  return play(id, token, 'submit');
}

const mv = (page, expr, arg) => page.evaluate(([e, a]) => {
  const m = window.omnichess.multiverse;
  return new Function('m', 'a', `return (${e})`)(m, a);
}, [expr, arg]);

test('5D: every board, arrows to the boards made, the present, earlier arrows, the minimap', { timeout: 60_000 }, async () => {
  const { id, white, black } = await createByApi({ variant: 'multiverse' });
  let game;
  for (const [token, d] of [[white, '(0T1)Ng1f3'], [white, 'submit'], [black, '(0T1)Ng8f6'], [black, 'submit'], [white, '(0T2)Nf3>>(0T1)f5']]) {
    game = await play(id, token, d);
  }
  // The jump's arrow ends on the board it made: the new timeline's first board, f5.
  assert.equal(game.view.arrows.length, 1);
  const arrow = game.view.arrows[0];
  const made = game.view.boards[arrow.to.board];
  assert.equal(made.label, 'L1 T1 b');
  assert.equal(made.squares[arrow.to.square]?.kind, 'N');
  assert.equal(game.view.boards[arrow.from.board].label, 'L0 T2 w');
  game = await play(id, white, 'submit');
  game = await playTurn(id, black, game);
  game = await playTurn(id, white, game);
  assert.ok(!game.view.arrows.some((a) => game.view.boards[a.to.board].label === 'L1 T1 b'),
    'the jump two turns ago is no longer among the arrows the server sends');

  const page = await openPage(browser);
  try {
    await openGame(page, id, black);
    // The present: the column of the earliest playable board (the notes say which turn).
    const note = game.view.notes.find((n) => n.startsWith('The present'));
    const [, t, colour] = note.match(/T(\d+) with (White|Black)/);
    const column = 2 * (Number(t) - 1) + (colour === 'Black' ? 1 : 0);
    assert.equal(await page.evaluate(() => window.omnichess.game.renderer.presentColumn()), column, note);

    // Zoomed in, part of the multiverse is off screen: the minimap shows, a tap on it moves.
    for (let i = 0; i < 4; i++) await page.locator('.mv-toolbar [data-action="zoom-in"]').click();
    await page.waitForTimeout(100);
    const map = await mv(page, 'm.minimap()');
    assert.ok(map, 'a minimap while boards are off screen');
    const before = await mv(page, 'm.transform');
    const box = await page.locator('canvas.mv-canvas').boundingBox();
    await page.mouse.click(box.x + map.x + map.w - 2, box.y + map.y + map.h - 2);
    const afterTap = await mv(page, 'm.transform');
    assert.notDeepEqual(afterTap, before, 'a tap on the minimap moves the view');

    // "Show every board" shows every board, however many.
    await page.locator('.mv-toolbar [data-action="fit"]').click();
    await page.waitForTimeout(100);
    assert.equal(await mv(page, 'm.boardsShown()'), game.view.boards.length);
    assert.equal(await mv(page, 'm.minimap()'), null, 'no minimap when everything is on screen');

    // Earlier turns' time travels on demand: the jump's arrow comes back, on the board it made.
    await page.locator('.mv-toolbar [data-action="past-arrows"]').click();
    await waitUntil(() => page.evaluate(() => window.omnichess.game.renderer.pastArrowCells().length > 0), 10_000, 'earlier arrows fetched');
    const past = await page.evaluate(() => window.omnichess.game.renderer.pastArrowCells()
      .map((a) => window.omnichess.game.renderer.view.boards[a.to.board].label));
    assert.ok(past.includes('L1 T1 b'), `the earlier jump's arrow: ${past}`);
    await screenshot(page, 'multiverse-present-arrows');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('5D: a hundred timelines paint within a frame budget, whole and zoomed in', { timeout: 60_000 }, async () => {
  const { id, white } = await createByApi({ variant: 'multiverse' });
  const page = await openPage(browser);
  try {
    await openGame(page, id, white);
    const ms = await page.evaluate(() => {
      const game = window.omnichess.game;
      const view = game.game.view;
      const board = view.boards[0];
      const boards = [];
      for (let row = 0; row < 100; row++) {
        for (let column = 0; column < 10; column++) {
          boards.push({ ...board, row, column, label: `L${row} T${column} w`, active: column === 9 });
        }
      }
      const big = { ...view, boards, moves: [], arrows: [{ from: { board: 5, square: 6 }, to: { board: 990, square: 21 } }] };
      const r = game.renderer;
      r.render(big, { flipped: false, last: [], names: ['white', 'black'] });
      r.fit(false, { every: true });
      const whole = r.paintMs(10);
      const shownWhole = r.boardsShown();
      r.fit(true);
      const playable = r.paintMs(10);
      r.zoomAt(0.5);
      const between = r.paintMs(10);
      r.scale = 0.6; r.tx = 0; r.ty = 0;
      const readable = r.paintMs(10);
      return { whole, playable, between, readable, shownWhole, boards: boards.length };
    });
    // Frames as the browser shows them: 30 frames of panning, each painted by the renderer.
    const panned = await page.evaluate(() => new Promise((resolve) => {
      const r = window.omnichess.game.renderer;
      let n = 0; let start = 0;
      const step = (t) => {
        if (n === 0) start = t;
        if (n === 30) { resolve((t - start) / 30); return; }
        r.tx -= 7; r.ty -= 5; r.paint();
        n += 1;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }));
    ms.framePanning = panned;
    console.log(`5D at 100 timelines × 10 boards, ms: ${JSON.stringify(ms)}`);
    assert.equal(ms.shownWhole, ms.boards, 'every board shown');
    // Idle, a paint takes under 8 ms and panning runs at 60 frames a second (17 ms a frame);
    // the limits leave room for a machine busy with other builds (16 ms and 32 ms seen).
    for (const k of ['whole', 'playable', 'between', 'readable']) assert.ok(ms[k] < 25, `${k}: ${ms[k].toFixed(1)} ms a paint`);
    assert.ok(ms.framePanning < 50, `panning: ${ms.framePanning.toFixed(1)} ms a frame (20 frames a second at least)`);
    await screenshot(page, 'multiverse-100-timelines');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
