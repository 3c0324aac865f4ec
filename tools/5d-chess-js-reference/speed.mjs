// Times 5d-chess-js's mate detection on the 12 reference games of
// crates/variants/tests/data/multiverse/cwmtt (the default --games), and omnichess's
// `omnichess actions multiverse GAME --cap 1000` on the same games, in the same run.
//
// Usage: node speed.mjs [--games DIR] [--omnichess PATH] [--timeout-ms N] [--repeat N]
//
// For every position at the start of a turn 5d-chess-js is asked `checkmate` (its mate test:
// nothing to do unless the mover is in check) and `stalemate` (a search for one legal action
// when the mover is not in check); together they answer what omnichess's count answers,
// whether a legal action exists. omnichess counts the legal actions, up to 1000, at every
// position; its time is the whole process (start, reading the record, replaying, counting).

import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
const DIR = args.games ?? '../../crates/variants/tests/data/multiverse/cwmtt';
const OMNICHESS = args.omnichess ?? '/tmp/target-5djs/release/omnichess';
const TIMEOUT_MS = Number(args['timeout-ms'] ?? 60000);
const REPEAT = Number(args.repeat ?? 3);

// 5d-chess-js knows only the Standard family by name; the others are given to it as custom
// 5DFEN starts (the boards of omnichess's variant table, crates/variants/src/multiverse/variants.rs).
const CUSTOM = {
  'Focused - Just Kings': ['3x3', ['[2k*/3/K*2:0:1:w]']],
  'Focused - Just Pawns': ['5x5', ['[p*p*p*p*k*/5/5/5/K*P*P*P*P*:0:1:w]']],
  'Very Small - Open': ['4x4', ['[nbr*k*/3p*/P*3/K*R*BN:0:1:w]']],
  'Misc - Timeline Battleground': [
    '5x5',
    [
      '[r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*:-1:1:w]',
      '[nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN:0:1:w]',
      '[p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*:1:1:w]',
    ],
  ],
};

function forJs(text) {
  const board = /\[Board\s+"([^"]*)"\]/i.exec(text)?.[1];
  if (!board || !CUSTOM[board]) return text;
  const [size, boards] = CUSTOM[board];
  const body = text.replace(/^\s*\[(Board|Size|Mode)\s+"[^"]*"\]\s*$/gim, '');
  return `[Board "Custom"]\n[Size "${size}"]\n[Mode "5D"]\n${boards.join('\n')}\n${body}`;
}

function ms(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// 5d-chess-js's timings of one game, in a process of its own (its mate search can run out of
// memory): `node speed.mjs --one FILE` prints them as JSON.
function timeJs(file) {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  const chess = new Chess();
  chess.checkmateTimeout = TIMEOUT_MS;
  chess.skipDetection = true; // import without its own mate tests (they give up after a time and then refuse the submit)
  try {
    chess.import(forJs(text), undefined, true);
  } catch (e) {
    return { note: `import fails: ${String(e.message ?? e).split('\n')[0].slice(0, 80)}` };
  }
  const { mateFuncs } = chess.raw;
  const history = chess.rawBoardHistory;
  let mateMs = 0;
  let bothMs = 0;
  let mates = 0;
  let timeouts = 0;
  for (let r = 0; r < REPEAT; r++) {
    let m = 0;
    let b = 0;
    for (let i = 0; i < history.length; i++) {
      const action = chess.rawStartingAction + i;
      const t0 = process.hrtime.bigint();
      const [mate, mateTimedOut] = mateFuncs.checkmate(history[i], action, TIMEOUT_MS);
      m += ms(t0);
      const [stale, staleTimedOut] = mateFuncs.stalemate(history[i], action, TIMEOUT_MS);
      b += ms(t0);
      if (r === 0) {
        if (mate || stale) mates++;
        if (mateTimedOut || staleTimedOut) timeouts++;
      }
    }
    mateMs = r === 0 ? m : Math.min(mateMs, m);
    bothMs = r === 0 ? b : Math.min(bothMs, b);
  }
  return { positions: history.length, mateMs, bothMs, mates, timeouts, note: '' };
}

if (args.one) {
  console.log(JSON.stringify(timeJs(args.one)));
  process.exit(0);
}

const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.5dpgn')).sort();
const rows = [];
for (const file of files) {
  let js;
  try {
    const out = execFileSync(
      process.execPath,
      ['--max-old-space-size=4096', new URL(import.meta.url).pathname, '--one', file, '--games', DIR, '--timeout-ms', String(TIMEOUT_MS), '--repeat', String(REPEAT)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 20 },
    );
    js = JSON.parse(out);
  } catch (e) {
    js = { note: `5d-chess-js fails (${e.status === 134 || e.signal ? 'out of memory, 4 GB heap' : `exit ${e.status}`})` };
  }
  const imported = js.positions !== undefined;
  const { positions, mateMs, bothMs, mates, timeouts, note } = js;
  let oursMs = Infinity;
  let counts = '';
  for (let r = 0; r < REPEAT; r++) {
    const t0 = process.hrtime.bigint();
    counts = execFileSync(OMNICHESS, ['actions', 'multiverse', path.join(DIR, file), '--cap', '1000'], {
      encoding: 'utf8',
    }).trim();
    oursMs = Math.min(oursMs, ms(t0));
  }
  const row = {
    file,
    positions: imported ? positions : '-',
    jsMate: imported ? mateMs.toFixed(1) : '-',
    jsMateStale: imported ? bothMs.toFixed(1) : '-',
    jsNoAction: imported ? mates : '-',
    jsTimeouts: imported ? timeouts : '-',
    omnichess: oursMs.toFixed(1),
    oursNoAction: counts.split(/\s+/).filter((c) => c === '0').length,
    note,
  };
  rows.push(row);
  process.stderr.write(`${JSON.stringify(row)}\n`);
}

const cpu = os.cpus()[0]?.model ?? 'unknown';
console.log(`5d-chess-js ${jsVersion}, node ${process.version}; ${cpu} ×${os.cpus().length}, ${os.platform()} ${os.release()}`);
console.log(`best of ${REPEAT} runs; times in ms per game (all positions of the game)\n`);
console.log('| game | positions | 5d-chess-js checkmate | 5d-chess-js checkmate + stalemate | omnichess actions --cap 1000 (process) | no legal action: 5d-chess-js / omnichess | note |');
console.log('|---|---:|---:|---:|---:|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.file} | ${r.positions} | ${r.jsMate} | ${r.jsMateStale} | ${r.omnichess} | ${r.jsNoAction} / ${r.oursNoAction}${typeof r.jsTimeouts === 'number' && r.jsTimeouts > 0 ? ` (${r.jsTimeouts} timed out)` : ''} | ${r.note} |`,
  );
}
