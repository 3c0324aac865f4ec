// Every variant from the lobby: create a game for a friend, see the board, make a legal move
// by clicking its piece and a highlighted destination, see it land (the snapshot's history,
// the move list), and save a screenshot of the game page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  VARIANTS, launch, openPage, createFromLobby, waitForBoard, snapshot, clickableMoves, clickMove,
  clickAction, moveListCount, screenshot, isCanvas, api, waitForVersion,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A move to make: the first clickable move of a piece other than a pawn when there is one. */
function pick(game) {
  const moves = clickableMoves(game.view);
  assert.ok(moves.length, `${game.variant}: view.moves has a move to click: ${JSON.stringify(game.view.moves.slice(0, 5))}`);
  const board = (cell) => game.view.boards[cell.board];
  const piece = (m) => board(m.from).squares[m.from.square];
  return moves.find((m) => piece(m) && !/^p$/i.test(piece(m).kind)) || moves[0];
}

for (const variant of VARIANTS) {
  test(`${variant}: a game from the lobby, a move by clicking`, { timeout: 45_000 }, async () => {
    const page = await openPage(browser);
    try {
      const { id, theirs } = await createFromLobby(page, variant);
      await waitForBoard(page);
      let game = await snapshot(id);
      assert.equal(game.variant, variant);
      assert.equal(game.to_act_index, 0, `${variant}: the creator (first player) acts first`);
      if (variant === 'multiverse') {
        assert.ok(await isCanvas(page), '5D draws a canvas');
      } else {
        const squares = await page.locator('#board [data-cell]').count();
        const boards = game.view.boards.reduce((n, b) => n + b.files.length * b.ranks.length, 0);
        assert.equal(squares, boards, `${variant}: every square of every board is drawn`);
        const pieces = await page.locator('#board [data-cell][data-piece]').count();
        const inView = game.view.boards.reduce((n, b) => n + b.squares.filter(Boolean).length, 0);
        assert.equal(pieces, inView, `${variant}: every piece of the view is drawn`);
      }
      if (variant === 'dice') game = await rollForAMove(page, id, game, theirs);
      const listed = await moveListCount(page);
      const move = pick(game);
      game = await clickMove(page, id, game, move);
      assert.ok(game.history.includes(move.text), `${move.text} played`);
      await page.waitForFunction((n) => document.querySelectorAll('#move-list .move:not(.blank)').length > n, listed);
      await screenshot(page, variant);
      assert.deepEqual(page.errors, [], `${variant}: no errors in the page`);
    } finally {
      await page.context().close();
    }
  });
}

/**
 * Die Chess: the server's roll may leave the first player no move (only `--`, a pass): pass
 * with the page's button, let the opponent play its first decision by the API, until the roll
 * gives the first player a move to click.
 */
async function rollForAMove(page, id, game, opponent) {
  for (let round = 0; round < 30 && !clickableMoves(game.view).length; round++) {
    assert.equal(game.to_act_index, 0);
    game = await clickAction(page, id, game, 'pass', '--');
    assert.equal(game.to_act_index, 1, 'the opponent acts after a pass');
    while (game.to_act_index === 1) {
      const move = game.view.moves.find((m) => m.from && m.to);
      const decision = move ? move.text : game.decisions.includes('--') ? '--' : game.decisions[0];
      const { status, data } = await api('POST', `/api/games/${id}/decisions`,
        { token: opponent, decision, version: game.version });
      assert.equal(status, 200, JSON.stringify(data));
      game = data.game ?? data; // the snapshot (PROTOCOL.md: `200 {game}`)
    }
    await waitForVersion(page, game.version);
  }
  return game;
}
