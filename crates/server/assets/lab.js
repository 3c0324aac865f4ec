// The balance lab's page (/lab): a form that creates a study (POST /api/studies), the list of
// studies, and one study (/lab?study=ID) polled every second while it runs: its progress and
// its figures drawn as SVG (lab-charts.js), each with its CSV.

import { request, variants } from './api.js';
import { h, showMessage, clearMessage, title } from './ui.js';
import { variantLabel } from './lobby.js';
import { scoreChart, lengthsChart, causesChart, valuesChart } from './lab-charts.js';

/** @typedef {import('./protocol.js').StudyReport} StudyReport */
/** @typedef {import('./protocol.js').StudyItem} StudyItem */
/** @typedef {import('./protocol.js').CreateStudy} CreateStudy */

const POLL_MS = 1000;
const PLAYERS = ['greedy', 'random', 'engine:depth=1', 'engine:depth=2', 'engine:nodes=2000', 'mcts:iterations=200'];

/** Goes to `url` inside the page. */
function go(app, url) {
  history.pushState(null, '', url);
  showLab(app).catch((e) => showMessage(e.message, 'error'));
}

/** A labelled field. */
function field(label, input, extra = '') {
  return h(`label.field${extra}`, {}, h('span', { text: label }), input);
}

/** The form that creates a study. */
function studyForm(app, list) {
  const kind = h('select#study-kind', {}, h('option', { value: 'balance', text: 'Balance' }), h('option', { value: 'values', text: 'Piece values' }));
  const variant = h('select#study-variant', {}, list.map((v) => h('option', { value: v.name, text: variantLabel(v.name) })));
  const player = h('input#study-player', { type: 'text', value: 'greedy', list: 'study-players', spellcheck: false });
  const players = h('datalist#study-players', {}, PLAYERS.map((p) => h('option', { value: p })));
  const games = h('input#study-games', { type: 'number', min: '1', max: '10000', value: '100' });
  const seed = h('input#study-seed', { type: 'number', min: '0', value: '1' });
  const opening = h('input#study-opening', { type: 'number', min: '0', value: '0' });
  const maxTurns = h('input#study-max-turns', { type: 'number', min: '1', max: '10000', value: '300' });
  const every = h('input#study-every', { type: 'number', min: '1', value: '4' });
  const everyField = field('Material every N turns', every, '.narrow');
  const position = h('textarea#study-position', { rows: 2, spellcheck: false, placeholder: 'Start position text; empty for the standard start' });
  const create = h('button.primary#study-create', { type: 'submit', text: 'Run the study' });
  const showEvery = () => { everyField.hidden = kind.value !== 'values'; };
  kind.addEventListener('change', showEvery);
  showEvery();
  const form = h('form.panel.lab-form', {},
    h('h2', { text: 'New study' }),
    h('p.muted', { text: 'Self-play games of one player setting against itself; the same settings give the same games.' }),
    h('div.field-row', {}, field('Study', kind), field('Variant', variant)),
    h('div.field-row', {}, field('Player', player), players),
    h('div.field-row', {}, field('Games', games, '.narrow'), field('Seed', seed, '.narrow'),
      field('Random opening decisions', opening, '.narrow'), field('Turn cap', maxTurns, '.narrow'), everyField),
    field('Start position', position),
    h('div.buttons', {}, create));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearMessage();
    /** @type {CreateStudy} */
    const body = {
      kind: kind.value, variant: variant.value, player: player.value.trim(),
      games: Number(games.value), seed: Number(seed.value) || 0, opening: Number(opening.value) || 0,
      max_turns: Number(maxTurns.value) || null, position: position.value.trim() || null,
      every: kind.value === 'values' ? Number(every.value) || null : null,
    };
    create.disabled = true;
    try {
      /** @type {StudyReport} */
      const study = await request('POST', '/api/studies', body);
      go(app, `/lab?study=${encodeURIComponent(study.id)}`);
    } catch (e) {
      showMessage(e.message, 'error');
    } finally {
      create.disabled = false;
    }
  });
  return form;
}

/** The list of studies. */
function studyList(app, studies) {
  const rows = studies.map((s) => h('tr', { dataset: { study: s.id } },
    h('td', {}, h('a', {
      href: `/lab?study=${encodeURIComponent(s.id)}`, text: s.id,
      onclick: (e) => { e.preventDefault(); go(app, `/lab?study=${encodeURIComponent(s.id)}`); },
    })),
    h('td', { text: s.kind }), h('td', { text: variantLabel(s.variant) }), h('td', { text: s.player }),
    h('td', { text: `${s.games_done} / ${s.games}` })));
  return h('section.panel.lab-list', {},
    h('h2', { text: 'Studies' }),
    studies.length
      ? h('table.lines#studies', {},
        h('thead', {}, h('tr', {}, ['Study', 'Kind', 'Variant', 'Player', 'Games'].map((t) => h('th', { text: t })))),
        h('tbody', {}, rows))
      : h('p.muted', { text: 'No studies yet.' }));
}

/** A figure: its heading, its chart and its CSV link. */
function figure(id, name, heading, chart) {
  return h('figure.panel.lab-figure', { dataset: { figure: name } },
    h('figcaption', {}, h('strong', { text: heading }), ' ',
      h('a.csv', { href: `/api/studies/${encodeURIComponent(id)}/csv/${name}`, download: `study-${id}-${name}.csv`, text: 'CSV' })),
    chart);
}

/** The events of the variant's rules: a row per event, and per turn for those counted by turn. */
function eventsTable(id, events) {
  const rows = events.map((e) => h('tr', { dataset: { event: e.name } },
    h('td', {}, h('strong', { text: e.name }), e.description ? h('div.muted', { text: e.description }) : null),
    h('td', { text: String(e.total) }), h('td', { text: e.per_game.toFixed(2) }), h('td', { text: String(e.games_with) }),
    h('td', { text: e.by_turn
      ? e.by_turn.slice(0, 10).map((t) => `${t.turn}: ${t.rate.toFixed(2)}`).join(', ')
      : '' })));
  const byTurn = events.some((e) => e.by_turn);
  return h('div', {},
    h('table.lines#study-events', {},
      h('thead', {}, h('tr', {}, ['Event', 'In all', 'A game', 'Games with it', 'By turn (first 10: events a game that played it)'].map((t) => h('th', { text: t })))),
      h('tbody', {}, rows)),
    byTurn
      ? h('p', {}, h('a.csv', { href: `/api/studies/${encodeURIComponent(id)}/csv/event-turns`, download: `study-${id}-event-turns.csv`, text: 'Every turn as CSV' }))
      : null);
}

function percent(e) {
  return `${(100 * e.mean).toFixed(1)} % (${(100 * e.low).toFixed(1)} to ${(100 * e.high).toFixed(1)})`;
}

/** The study's progress and figures. */
function studyBody(study, players) {
  const b = study.balance;
  const spec = study.spec;
  const parts = [
    h('section.panel.lab-summary', {},
      h('h2', { text: `${study.kind === 'values' ? 'Piece values' : 'Balance'}: ${variantLabel(spec.variant)}, ${spec.player}` }),
      h('p.muted', { text: `study ${study.id} · seed ${spec.seed} · opening ${spec.opening} · turn cap ${spec.max_turns}${spec.start ? ' · own start' : ''}` }),
      h('progress#study-progress', { max: String(study.games), value: String(study.games_done) }),
      h('p#study-status', { text: study.games_done >= study.games
        ? `Done: ${study.games} games.`
        : `${study.games_done} of ${study.games} games · batches ${study.batches_done} done, ${study.batches_claimed.length} being played, ${study.batches_open} waiting` }),
      b.games > 0 ? h('p', { text: `${players[0]} scores ${percent(b.first_player_score)}; decisive ${percent(b.decisive_rate)}; ${b.results.first} ${players[0]} wins, ${b.results.second} ${players[1]} wins, ${b.results.drawn} draws; length median ${b.lengths.median} turns.` }) : null),
  ];
  if (b.games > 0) {
    parts.push(h('div.lab-figures', {},
      figure(study.id, 'score-over-time', `${players[0]}'s score over the games (95 % interval)`, scoreChart(study.score)),
      figure(study.id, 'lengths', 'Game lengths', lengthsChart(b.lengths.histogram)),
      figure(study.id, 'causes', 'How the games ended', causesChart(b.causes, players)),
      b.events && b.events.length
        ? figure(study.id, 'events', "Events of the variant's rules", eventsTable(study.id, b.events))
        : null,
      study.kind === 'values' && study.values
        ? figure(study.id, 'values', 'Piece values (95 % intervals)', valuesChart(study.values.values))
        : null,
      study.kind === 'values' && !study.values
        ? h('p.panel.muted#values-note', { text: `No values yet: ${study.values_note || 'too few games'}` })
        : null,
      h('p', {}, h('a.csv', { href: `/api/studies/${encodeURIComponent(study.id)}/csv/games`, download: `study-${study.id}-games.csv`, text: 'Every game as CSV' }))));
  }
  return parts;
}

/** One study, polled while it runs. */
async function showStudy(app, id, list) {
  const holder = h('div.lab-study#study');
  app.replaceChildren(h('div.lab', {},
    h('p', {}, h('a', { href: '/lab', text: '← All studies', onclick: (e) => { e.preventDefault(); go(app, '/lab'); } })),
    holder));
  const playersOf = (name) => (list.find((v) => v.name === name) || { players: ['first', 'second'] }).players;
  const poll = async () => {
    if (!holder.isConnected) return;
    /** @type {StudyReport} */
    let study;
    try {
      study = await request('GET', `/api/studies/${encodeURIComponent(id)}`);
    } catch (e) {
      showMessage(e.message, 'error');
      if (e.status === 404) return;
      setTimeout(poll, POLL_MS * 3);
      return;
    }
    if (!holder.isConnected) return;
    title(`Study ${study.id}`);
    const players = playersOf(study.spec.variant).map((p) => p.charAt(0).toUpperCase() + p.slice(1));
    holder.replaceChildren(...studyBody(study, players).filter(Boolean));
    holder.dataset.done = String(study.games_done >= study.games);
    if (study.games_done < study.games) setTimeout(poll, POLL_MS);
  };
  await poll();
}

/** Loads the lab's styles once. */
function styles() {
  if (document.querySelector('link[href="/assets/lab.css"]')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: '/assets/lab.css' }));
}

/** The lab page: the form and the list, or one study. */
export async function showLab(app) {
  title('Lab');
  styles();
  const list = await variants();
  const id = new URLSearchParams(location.search).get('study');
  if (id) {
    await showStudy(app, id, list);
    return;
  }
  /** @type {StudyItem[]} */
  const studies = await request('GET', '/api/studies');
  app.replaceChildren(h('div.lab', {}, studyForm(app, list), studyList(app, studies)));
}

window.addEventListener('popstate', () => {
  if (location.pathname.replace(/\/+$/, '') === '/lab') {
    showLab(document.getElementById('app')).catch((e) => showMessage(e.message, 'error'));
  }
});
