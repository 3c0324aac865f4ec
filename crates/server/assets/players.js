// Players' pages: a profile (/player/{name}: its ratings, a rating graph, its latest games
// with opponent, result and link) and the leaderboard (/leaderboard?variant=NAME: each
// speed's established ratings, best first).

/** @typedef {import('./protocol.js').PlayerProfile} PlayerProfile */
/** @typedef {import('./protocol.js').RatingPoint} RatingPoint */
/** @typedef {import('./protocol.js').LeaderboardRow} LeaderboardRow */

import { request, variants } from './api.js';
import { h, title } from './ui.js';
import { variantLabel } from './lobby.js';

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element. */
function s(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** A link to `name`'s profile. */
export function playerLink(name) {
  return h('a.player-link', { href: `/player/${encodeURIComponent(name)}`, text: name });
}

/** A rating as shown: `1511`, or `1337?` while provisional. */
function shown(rating, provisional) {
  return `${rating}${provisional ? '?' : ''}`;
}

/** The rating graph of `points` (one line per variant and speed), or null with none. */
function ratingGraph(points) {
  if (!points.length) return null;
  const width = 640;
  const height = 220;
  const pad = 36;
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings) - 20;
  const high = Math.max(...ratings) + 20;
  const x = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const y = (r) => height - pad - ((r - low) * (height - 2 * pad)) / (high - low);
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'rating-graph', role: 'img', 'aria-label': 'Rating after each rated game' });
  for (const r of [low + 20, high - 20]) {
    svg.append(s('line', { x1: pad, x2: width - pad, y1: y(r), y2: y(r), class: 'grid' }));
    const label = s('text', { x: 2, y: y(r) + 4, class: 'axis' });
    label.textContent = String(r);
    svg.append(label);
  }
  const lines = new Map();
  points.forEach((p, i) => {
    const key = `${p.variant} ${p.speed}`;
    if (!lines.has(key)) lines.set(key, []);
    lines.get(key).push([x(i), y(p.rating), p]);
  });
  let n = 0;
  for (const [key, line] of lines) {
    svg.append(s('polyline', { points: line.map(([a, b]) => `${a},${b}`).join(' '), class: `rating-line line-${n % 4}`, 'data-key': key }));
    for (const [a, b, p] of line) {
      const dot = s('circle', { cx: a, cy: b, r: 3, class: `point line-${n % 4}` });
      const tip = s('title');
      tip.textContent = `${variantLabel(p.variant)} ${p.speed}: ${p.rating}, ${new Date(p.at_ms).toISOString().slice(0, 10)}`;
      dot.append(tip);
      svg.append(dot);
    }
    n += 1;
  }
  return svg;
}

/** The profile page of `name`. */
export async function showPlayer(app, name) {
  /** @type {PlayerProfile} */
  const p = await request('GET', `/api/players/${encodeURIComponent(name)}`);
  title(p.name);
  const ratings = p.ratings.length
    ? h('table.ratings#player-ratings', {},
      h('thead', {}, h('tr', {}, h('th', { text: 'Variant' }), h('th', { text: 'Speed' }), h('th', { text: 'Rating' }), h('th', { text: 'Games' }))),
      h('tbody', {}, p.ratings.map((r) => h('tr', { dataset: { variant: r.variant, speed: r.speed } },
        h('td', {}, h('a', { href: `/leaderboard?variant=${encodeURIComponent(r.variant)}`, text: variantLabel(r.variant) })),
        h('td', { text: r.speed }),
        h('td', { text: shown(r.rating, r.provisional), title: `deviation ${r.deviation}` }),
        h('td', { text: String(r.games) })))))
    : h('p.muted', { text: 'No rated games yet: seeks without takebacks between two accounts are rated.' });
  const games = p.games.length
    ? h('table.history#player-games', {},
      h('thead', {}, h('tr', {}, h('th', { text: 'Date' }), h('th', { text: 'Variant' }), h('th', { text: 'Opponent' }), h('th', { text: 'Result' }), h('th', { text: '' }))),
      h('tbody', {}, p.games.map((g) => h('tr', { dataset: { game: g.id, outcome: g.outcome || 'playing' } },
        h('td', { text: new Date(g.created_ms).toISOString().slice(0, 10) }),
        h('td', { text: `${variantLabel(g.variant)}${g.rated ? ' · rated' : ''}` }),
        h('td', {}, /^(Anonymous|Engine level \d+)$/.test(g.opponent) ? g.opponent : playerLink(g.opponent)),
        h('td', { text: g.result ? `${g.result} (${g.outcome})` : 'playing' }),
        h('td', {}, h('a', { href: `/game/${encodeURIComponent(g.id)}`, text: g.result ? 'Review' : 'Open' }))))))
    : h('p.muted', { text: 'No games yet.' });
  const graph = ratingGraph(p.history);
  app.replaceChildren(h('div.player#player', {},
    h('section.panel', {},
      h('h1', { text: p.name }),
      h('p.muted', { text: `Member since ${new Date(p.created_ms).toISOString().slice(0, 10)}.` }),
      h('h2', { text: 'Ratings' }), ratings,
      graph ? h('figure.rating-figure', {}, graph, h('figcaption', { text: 'Rating after each rated game' })) : null),
    h('section.panel', {}, h('h2', { text: 'Games' }), games)));
}

/** The leaderboard page (?variant=NAME; the first variant if left out). */
export async function showLeaderboard(app) {
  title('Leaderboard');
  const list = await variants();
  const asked = new URLSearchParams(location.search).get('variant');
  const current = list.find((v) => v.name === asked) || list[0];
  const select = h('select#leaderboard-variant', {}, list.map((v) => h('option', { value: v.name, text: v.title, selected: v.name === current.name })));
  select.addEventListener('change', () => {
    history.pushState(null, '', `/leaderboard?variant=${encodeURIComponent(select.value)}`);
    showLeaderboard(app);
  });
  /** @type {LeaderboardRow[]} */
  const rows = await request('GET', `/api/leaderboard/${encodeURIComponent(current.name)}`);
  const speeds = [...new Set(rows.map((r) => r.speed))];
  const tables = speeds.map((speed) => h('section.panel.leaderboard-speed', { dataset: { speed } },
    h('h2', { text: speed }),
    h('table.leaderboard', {},
      h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: 'Player' }), h('th', { text: 'Rating' }), h('th', { text: 'Games' }))),
      h('tbody', {}, rows.filter((r) => r.speed === speed).map((r) => h('tr', { dataset: { name: r.name } },
        h('td', { text: String(r.rank) }), h('td', {}, playerLink(r.name)),
        h('td', { text: String(r.rating), title: `deviation ${r.deviation}` }), h('td', { text: String(r.games) })))))));
  app.replaceChildren(h('div.leaderboard-page#leaderboard', {},
    h('section.panel', {}, h('h1', { text: 'Leaderboard' }),
      h('label.field', {}, h('span', { text: 'Variant' }), select),
      h('p.muted', { text: 'Established ratings only (a rating is provisional, shown with ?, until its deviation is 110 or less).' })),
    ...(tables.length ? tables : [h('p.panel.muted#leaderboard-empty', { text: `No established ratings in ${current.title} yet.` })])));
}

window.addEventListener('popstate', () => {
  if (location.pathname.replace(/\/+$/, '') === '/leaderboard') showLeaderboard(document.getElementById('app'));
});
