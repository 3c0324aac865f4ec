// 5D chess on its canvas: both players click their moves and submit each turn, until a knight
// can jump back in time; the jump is clicked and submitted, and the multiverse branches (a new
// timeline: boards on a second row).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createFromLobby, waitForBoard, snapshot, moveByText, clickMove, clickAction,
  screenshot, isCanvas, key,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('5D: moves on the canvas, a jump back in time, a new timeline', { timeout: 55_000 }, async () => {
  const white = await openPage(browser);
  const black = await openPage(browser);
  try {
    const { id, theirsLink } = await createFromLobby(white, 'multiverse');
    await waitForBoard(white);
    await black.goto(theirsLink);
    await waitForBoard(black);
    assert.ok(await isCanvas(white) && await isCanvas(black));
    let game = await snapshot(id);
    for (const [page, text] of [[white, '(0T1)Ng1f3'], [black, '(0T1)Ng8f6'], [white, '(0T2)Nf3g5'], [black, '(0T2)Nf6g4']]) {
      game = await clickMove(page, id, game, moveByText(game, text));
      game = await clickAction(page, id, game, 'submit', 'submit');
    }
    assert.equal(game.to_act_index, 0);
    const column = (cell) => game.view.boards[cell.board].column;
    const jumps = game.view.moves.filter((m) => m.from && m.to && m.from.board !== m.to.board
      && column(m.to) < column(m.from));
    assert.ok(jumps.length, `a move back in time: ${JSON.stringify(game.view.moves.map((m) => m.text))}`);
    // A knight's jump, if there is one, to an empty square.
    const empty = (m) => !game.view.boards[m.to.board].squares[m.to.square];
    const jump = jumps.find((m) => /N/.test(m.text) && empty(m)) || jumps.find(empty) || jumps[0];
    const rows = (g) => new Set(g.view.boards.map((b) => b.row)).size;
    assert.equal(rows(game), 1, 'one timeline before the jump');
    game = await clickMove(white, id, game, jump);
    assert.ok(rows(game) > 1, `a new timeline after ${jump.text} (${key(jump.from)} > ${key(jump.to)})`);
    game = await clickAction(white, id, game, 'submit', 'submit');
    assert.ok(rows(game) > 1, 'the new timeline stays after submit');
    assert.equal(game.to_act_index, 1, 'black to move');
    await screenshot(white, 'multiverse-timelines');
    assert.deepEqual([...white.errors, ...black.errors], []);
  } finally {
    await white.context().close();
    await black.context().close();
  }
});
