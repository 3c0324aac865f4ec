// The lab's charts as SVG drawn in the page (no chart library): the first player's score over
// the games with its interval band, the game-length histogram, the outcome causes by result,
// and the piece values with their error bars. Each function returns an <svg> element.

const NS = 'http://www.w3.org/2000/svg';
const W = 560;
const H = 240;
const M = { left: 48, right: 16, top: 14, bottom: 38 };
/** Up to this many games the score chart marks each with a dot (its value on hover). */
const MAX_DOTS = 200;
const COLOURS = { first: '#3b6ea5', second: '#b5523b', draw: '#9a958c', band: '#3b6ea533', axis: '#8a847a' };

/** An SVG element `tag` with attributes `attrs` and children. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value != null) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child == null) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A chart's frame: the svg with its title, both axes' labels. */
function frame(name, label, xLabel, yLabel) {
  return s('svg', {
    class: `lab-chart ${name}`, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label,
    width: '100%', preserveAspectRatio: 'xMidYMid meet', 'font-size': 11, 'font-family': 'system-ui, sans-serif',
  },
  s('title', {}, label),
  s('text', { x: M.left + (W - M.left - M.right) / 2, y: H - 6, 'text-anchor': 'middle', fill: COLOURS.axis }, xLabel),
  s('text', { x: 12, y: M.top + (H - M.top - M.bottom) / 2, 'text-anchor': 'middle', fill: COLOURS.axis,
    transform: `rotate(-90 12 ${M.top + (H - M.top - M.bottom) / 2})` }, yLabel));
}

/** A linear scale from [d0, d1] to [r0, r1]. */
function scale(d0, d1, r0, r1) {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** Ticks on the y axis at `values`, labelled by `format`, with grid lines. */
function yTicks(y, values, format) {
  return values.map((v) => s('g', { class: 'tick' },
    s('line', { x1: M.left, x2: W - M.right, y1: y(v), y2: y(v), stroke: '#e4e0d8' }),
    s('text', { x: M.left - 5, y: y(v) + 4, 'text-anchor': 'end', fill: COLOURS.axis }, format(v))));
}

/** About five round ticks from `min` (0 if left out) to `max`. */
function niceTicks(max, min = 0) {
  if (max <= min) return [min];
  const raw = (max - min) / 5;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((v) => v >= raw);
  const ticks = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) ticks.push(Number(v.toPrecision(6)));
  return ticks;
}

/**
 * The first player's score after each game, its 95 % interval as a band, ½ marked.
 * @param {import('./protocol.js').ScorePoint[]} points
 */
export function scoreChart(points) {
  const svg = frame('score-chart', 'The first player\'s score over the games, with its 95 % interval', 'games', 'first player\'s score');
  const n = points.length;
  const x = scale(n > 1 ? 1 : 0, Math.max(n, 1), M.left, W - M.right);
  const y = scale(0, 1, H - M.bottom, M.top);
  svg.append(...yTicks(y, [0, 0.25, 0.5, 0.75, 1], (v) => v.toFixed(2)));
  svg.append(s('line', { x1: M.left, x2: W - M.right, y1: y(0.5), y2: y(0.5), stroke: COLOURS.axis, 'stroke-dasharray': '4 3' }));
  if (!n) return svg;
  const upper = points.map((p) => `${x(p.games)},${y(p.high)}`);
  const lower = points.map((p) => `${x(p.games)},${y(p.low)}`).reverse();
  svg.append(s('polygon', { class: 'band', points: [...upper, ...lower].join(' '), fill: COLOURS.band, stroke: 'none' }));
  svg.append(s('polyline', {
    class: 'score-line', points: points.map((p) => `${x(p.games)},${y(p.score)}`).join(' '),
    fill: 'none', stroke: COLOURS.first, 'stroke-width': 2,
  }));
  const dots = s('g', { class: 'points' });
  for (const p of n <= MAX_DOTS ? points : []) {
    dots.append(s('circle', { class: 'point', cx: x(p.games), cy: y(p.score), r: n > 60 ? 1.5 : 2.5, fill: COLOURS.first },
      s('title', {}, `${p.games} games: ${p.score.toFixed(3)} (${p.low.toFixed(3)} to ${p.high.toFixed(3)})`)));
  }
  svg.append(dots);
  for (const v of [points[0].games, points[n - 1].games]) {
    svg.append(s('text', { x: x(v), y: H - M.bottom + 14, 'text-anchor': 'middle', fill: COLOURS.axis }, v));
  }
  return svg;
}

/**
 * The game lengths' histogram: one bar a bin `[from, to, games]`.
 * @param {[number, number, number][]} bins
 */
export function lengthsChart(bins) {
  const svg = frame('lengths-chart', 'Game lengths in turns', 'turns', 'games');
  const most = Math.max(1, ...bins.map((b) => b[2]));
  const ticks = niceTicks(most);
  const y = scale(0, Math.max(most, ticks[ticks.length - 1]), H - M.bottom, M.top);
  svg.append(...yTicks(y, ticks, String));
  const width = (W - M.left - M.right) / Math.max(bins.length, 1);
  bins.forEach(([from, to, games], i) => {
    const x0 = M.left + i * width;
    svg.append(s('rect', {
      class: 'bar', x: x0 + 2, y: y(games), width: Math.max(width - 4, 1), height: y(0) - y(games), fill: COLOURS.first,
    }, s('title', {}, `${from}–${to} turns: ${games} games`)));
    svg.append(s('text', { x: x0 + width / 2, y: H - M.bottom + 14, 'text-anchor': 'middle', fill: COLOURS.axis },
      from === to ? from : `${from}–${to}`));
  });
  return svg;
}

/**
 * The games by what ended them: one bar a cause, split by result.
 * @param {Object<string, {first: number, second: number, drawn: number}>} causes
 * @param {[string, string]} players the players' names
 */
export function causesChart(causes, players) {
  const entries = Object.entries(causes);
  const rowHeight = 26;
  const height = M.top + 48 + Math.max(entries.length, 1) * rowHeight;
  const svg = frame('causes-chart', 'The games by what ended them, split by result', 'games', '');
  svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
  svg.lastChild.remove();
  svg.lastChild.remove();
  const left = 150;
  const most = Math.max(1, ...entries.map(([, r]) => r.first + r.second + r.drawn));
  const x = scale(0, most, left, W - M.right - 28);
  entries.forEach(([cause, r], i) => {
    const top = M.top + i * rowHeight;
    const bar = s('g', { class: 'bar', 'data-cause': cause },
      s('text', { x: left - 6, y: top + 15, 'text-anchor': 'end', fill: '#2b2b2b' }, cause));
    let at = 0;
    for (const [key, count, label] of [['first', r.first, `${players[0]} wins`], ['second', r.second, `${players[1]} wins`], ['draw', r.drawn, 'draws']]) {
      if (count > 0) {
        bar.append(s('rect', { x: x(at), y: top + 3, width: x(at + count) - x(at), height: rowHeight - 8, fill: COLOURS[key] },
          s('title', {}, `${cause}: ${count} ${label}`)));
      }
      at += count;
    }
    bar.append(s('text', { x: x(at) + 4, y: top + 15, fill: COLOURS.axis }, at));
    svg.append(bar);
  });
  const legend = s('g', { class: 'legend' });
  [['first', `${players[0]} wins`], ['second', `${players[1]} wins`], ['draw', 'draws']].forEach(([key, label], i) => {
    legend.append(s('rect', { x: left + i * 120, y: height - 24, width: 10, height: 10, fill: COLOURS[key] }),
      s('text', { x: left + i * 120 + 14, y: height - 15, fill: COLOURS.axis }, label));
  });
  svg.append(legend);
  return svg;
}

/**
 * Each kind's fitted value with its 95 % interval as an error bar: in pawns where the variant
 * has them, in log-odds otherwise.
 * @param {{kind: string, log_odds: number, log_odds_low: number, log_odds_high: number,
 *   pawns: number|null, pawns_low: number|null, pawns_high: number|null}[]} values
 */
export function valuesChart(values) {
  const inPawns = values.length > 0 && values.every((v) => v.pawns != null);
  const pick = (v) => (inPawns ? [v.pawns, v.pawns_low, v.pawns_high] : [v.log_odds, v.log_odds_low, v.log_odds_high]);
  const svg = frame('values-chart', 'Fitted piece values with 95 % intervals', 'kind', inPawns ? 'value in pawns' : 'log-odds per piece');
  const all = values.flatMap(pick).filter(Number.isFinite);
  let lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (hi - lo < 1e-6) [lo, hi] = [-1, 1];
  const y = scale(lo, hi, H - M.bottom, M.top);
  svg.append(...yTicks(y, niceTicks(hi, lo), (v) => String(v)));
  svg.append(s('line', { x1: M.left, x2: W - M.right, y1: y(0), y2: y(0), stroke: COLOURS.axis }));
  const width = (W - M.left - M.right) / Math.max(values.length, 1);
  values.forEach((v, i) => {
    const [mid, low, high] = pick(v);
    const cx = M.left + (i + 0.5) * width;
    svg.append(s('g', { class: 'value', 'data-kind': v.kind },
      s('line', { class: 'error-bar', x1: cx, x2: cx, y1: y(low), y2: y(high), stroke: COLOURS.second, 'stroke-width': 1.5 }),
      s('line', { x1: cx - 6, x2: cx + 6, y1: y(low), y2: y(low), stroke: COLOURS.second }),
      s('line', { x1: cx - 6, x2: cx + 6, y1: y(high), y2: y(high), stroke: COLOURS.second }),
      s('circle', { cx, cy: y(mid), r: 4, fill: COLOURS.first },
        s('title', {}, `${v.kind}: ${mid.toFixed(2)} (${low.toFixed(2)} to ${high.toFixed(2)})`)),
      s('text', { x: cx, y: H - M.bottom + 14, 'text-anchor': 'middle', fill: COLOURS.axis }, v.kind)));
  });
  return svg;
}
