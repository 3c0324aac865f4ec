// Plays seeded random games of 5D Chess with 5d-chess-js and writes, for omnichess's
// differential test (crates/variants/tests/multiverse_vs_5d_chess_js.rs):
//   OUT/gNN.5dpgn  each game as 5d-chess-js exports it (its own notation)
//   OUT/facts.tsv  one row per position at the start of a turn: what 5d-chess-js says there
//
// Usage: node generate.mjs [--seed N] [--games N] [--max-actions N] [--timeout-ms N]
//                          [--out DIR] [--dump DIR]
// (--dump writes each position's move list, one canonical move a line, for investigations.)
//
// Only 5d-chess-js's public class and the functions it exposes on `chess.raw` are used;
// nothing of it is copied here.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const Chess = require('5d-chess-js');
const jsVersion = require('5d-chess-js/package.json').version;

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
    return acc;
  }, []),
);
const SEED = Number(args.seed ?? 20240521);
const GAMES = Number(args.games ?? 40);
const MAX_ACTIONS = Number(args['max-actions'] ?? 24); // 12 turns of each player
const TIMEOUT_MS = Number(args['timeout-ms'] ?? 10000);
const OUT = args.out ?? '../../crates/variants/tests/data/5d-chess-js';
const DUMP = args.dump ?? null;

// The variants 5d-chess-js knows (its `variantDict`), by the names both programs read.
const VARIANTS = [
  'Standard',
  'Standard - Turn Zero',
  'Standard - Defended Pawn',
  'Standard - Half Reflected',
  'Standard - Princess',
  'Standard - Two Timelines',
  'Standard - Reversed Royalty',
  'Standard',
];

// mulberry32: a small seeded generator, so the games are the same on every run.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 5d-chess-js's raw coordinates are [timeline index, board index, rank, file]. The canonical
// form used in the facts is omnichess's: line:v:file:rank, where line is the timeline in
// omnichess's integer encoding (L; with −0/+0, +k → k and −k → −(k+1)) and v = 2·T + colour.
function canonLine(index, evenTimelines) {
  if (index % 2 === 1) return -(index + 1) / 2; // −1, −2, … (or −0, −1, …)
  return evenTimelines ? index / 2 - 1 : index / 2;
}
function canonPos(p, even, turnZero) {
  return `${canonLine(p[0], even)}:${p[1] + (turnZero ? 0 : 2)}:${p[3]}:${p[2]}`;
}
function canonMove(m, even, turnZero) {
  return `${canonPos(m[0], even, turnZero)}>${canonPos(m[1], even, turnZero)}`;
}

// FNV-1a, 64 bits, of the sorted distinct canonical moves joined by '\n'.
function fnv64(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

function pick(list, random) {
  return list[Math.floor(random() * list.length)];
}

// Promotions: 5d-chess-js offers every non-royal piece of the start; omnichess (ruling R8)
// the variant's promotion pieces. The games promote only to 5d-chess-js's first (most
// important) piece, which both accept; the facts compare moves as (from, to) pairs.
function firstPromotionOnly(moves, promotionPieces) {
  return moves.filter((m) => m[1].length < 5 || m[1][4] === promotionPieces.find((p) => p % 2 === m[1][4] % 2));
}

// Check as omnichess rules it (R10: a pass on *every* board the mover could play, then could
// the opponent take a royal piece?), decided with 5d-chess-js's own move generator. Its
// `checks` passes only the boards in the present; both are recorded.
function checkWithEveryBoardPassed(chess) {
  const { boardFuncs } = chess.raw;
  const action = chess.rawAction;
  const board = boardFuncs.copy(chess.rawBoard);
  for (let l = 0; l < board.length; l++) {
    const line = board[l];
    if (!line || (line.length - 1) % 2 !== action % 2) continue;
    boardFuncs.setTurn(board, l, line.length, boardFuncs.copy([[line[line.length - 1]]])[0][0]);
  }
  const royal = new Set(action % 2 === 0 ? [12, 20] : [11, 19]); // the mover's king, royal queen
  return boardFuncs
    .moves(board, action + 1, false, false, false, chess.rawPromotionPieces)
    .some((m) => m.length === 2 && royal.has(Math.abs(board[m[1][0]][m[1][1]][m[1][2]][m[1][3]])));
}

function facts(chess) {
  const { boardFuncs, mateFuncs } = chess.raw;
  const board = chess.rawBoard;
  const action = chess.rawAction;
  const even = boardFuncs.isEvenTimeline(board);
  const turnZero = boardFuncs.isTurnZero(board);
  // Every move from every playable board (active or not, in the present or not).
  const moves = boardFuncs.moves(board, action, false, false, false, chess.rawPromotionPieces);
  const distinct = [...new Set(moves.map((m) => canonMove(m, even, turnZero)))].sort();
  const check = mateFuncs.checks(board, action, true);
  const checkAll = checkWithEveryBoardPassed(chess);
  const [mate, mateTimeout] = mateFuncs.checkmate(board, action, TIMEOUT_MS);
  const [stale, staleTimeout] = mateFuncs.stalemate(board, action, TIMEOUT_MS);
  return {
    mover: action % 2 === 0 ? 'w' : 'b',
    raw: moves.length,
    distinct,
    hash: fnv64(distinct.join('\n')),
    check,
    checkAll,
    mate: mate && !mateTimeout,
    stale: stale && !staleTimeout,
    timeout: mateTimeout || staleTimeout,
  };
}

// A random legal action: random moves from the boards in the present until the present has
// passed; then submit if no royal piece is attacked (else more moves from any playable
// board), sometimes after one extra move on a playable board outside the present.
function randomAction(chess, random) {
  const { boardFuncs, mateFuncs } = chess.raw;
  const action = chess.rawAction;
  const promos = chess.rawPromotionPieces;
  for (let attempt = 0; attempt < 400; attempt++) {
    const board = boardFuncs.copy(chess.rawBoard);
    const played = [];
    let extra = random() < 0.3;
    for (let step = 0; step < 12; step++) {
      const presentLeft = boardFuncs.present(board, action).length > 0;
      const checked = !presentLeft && mateFuncs.checks(board, action, true);
      if (!presentLeft && !checked && !extra) return played;
      const from = presentLeft
        ? boardFuncs.moves(board, action, true, true, false, promos)
        : boardFuncs.moves(board, action, false, false, false, promos);
      if (!presentLeft && !checked) extra = false;
      const candidates = firstPromotionOnly(from, promos);
      if (candidates.length === 0) break;
      const captures = candidates.filter((m) => {
        const t = board[m[1][0]][m[1][1]][m[1][2]][m[1][3]];
        return t !== 0;
      });
      const physical = candidates.filter((m) => m[0][0] === m[1][0] && m[0][1] === m[1][1]);
      // Half the time take something when possible (the games get sharper and end sooner);
      // else mostly a move on its board, so that timelines grow at a pace 5d-chess-js's mate
      // search can follow.
      const r = random();
      const move =
        captures.length > 0 && r < 0.5
          ? pick(captures, random)
          : physical.length > 0 && r < 0.85
            ? pick(physical, random)
            : pick(candidates, random);
      boardFuncs.move(board, move);
      played.push(move);
    }
  }
  return null;
}

fs.mkdirSync(OUT, { recursive: true });
if (DUMP) fs.mkdirSync(DUMP, { recursive: true });
const random = rng(SEED);
const rows = [
  `# 5d-chess-js ${jsVersion}; node generate.mjs --seed ${SEED} --games ${GAMES} --max-actions ${MAX_ACTIONS} --timeout-ms ${TIMEOUT_MS}`,
  '# game\tposition\tmover\tmoves\tdistinct\thash\tcheck\tcheck_all\tcheckmate\tstalemate\ttimeout',
];
const summary = { positions: 0, check: 0, checkAll: 0, mate: 0, stale: 0, timeout: 0, unfinished: 0 };

for (let g = 0; g < GAMES; g++) {
  const variant = VARIANTS[g % VARIANTS.length];
  const chess = new Chess(undefined, variant);
  chess.skipDetection = true; // the moves come from its own lists; facts() asks for mate itself
  const name = `g${String(g + 1).padStart(2, '0')}.5dpgn`;
  for (let n = 0; ; n++) {
    const f = facts(chess);
    summary.positions++;
    if (f.check) summary.check++;
    if (f.checkAll) summary.checkAll++;
    if (f.mate) summary.mate++;
    if (f.stale) summary.stale++;
    if (f.timeout) summary.timeout++;
    rows.push(
      [name, n, f.mover, f.raw, f.distinct.length, f.hash, +f.check, +f.checkAll, +f.mate, +f.stale, +f.timeout].join('\t'),
    );
    if (DUMP) fs.writeFileSync(path.join(DUMP, `${name}.${n}.txt`), f.distinct.join('\n') + '\n');
    if (f.mate || f.stale || n >= MAX_ACTIONS) break;
    const moves = randomAction(chess, random);
    if (moves === null) {
      summary.unfinished++;
      break;
    }
    for (const m of moves) chess.move(m);
    chess.submit();
  }
  fs.writeFileSync(path.join(OUT, name), chess.export('5dpgn'));
  process.stderr.write(`${name} ${variant}: ${chess.rawAction} actions, ${chess.rawBoard.filter(Boolean).length} timelines\n`);
}

fs.writeFileSync(path.join(OUT, 'facts.tsv'), rows.join('\n') + '\n');
process.stderr.write(`${JSON.stringify(summary)}\n`);
