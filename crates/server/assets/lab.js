// The balance lab's page (/lab): a form that creates a study (POST /api/studies), the list of
// studies, and one study (/lab?study=ID) polled every second while it runs: its progress and
// its figures drawn as SVG (lab-charts.js), each with its CSV; a comparison's differences and
// a test's verdict as tables.

import { request, variants } from './api.js';
import { h, showMessage, clearMessage, title } from './ui.js';
import { variantLabel } from './lobby.js';
import { scoreChart, lengthsChart, causesChart, valuesChart } from './lab-charts.js';

/** @typedef {import('./protocol.js').StudyReport} StudyReport */
/** @typedef {import('./protocol.js').StudyItem} StudyItem */
/** @typedef {import('./protocol.js').CreateStudy} CreateStudy */

const POLL_MS = 1000;

/** The owner tokens of the studies this browser created, by study id (localStorage). */
const OWNED_KEY = 'omnichess.studies.owned';

function ownedTokens() {
  try {
    return JSON.parse(localStorage.getItem(OWNED_KEY) || '{}') || {};
  } catch {
    return {};
  }
}

function setOwnedToken(id, token) {
  const owned = ownedTokens();
  if (token) owned[id] = token; else delete owned[id];
  localStorage.setItem(OWNED_KEY, JSON.stringify(owned));
}

/** The owner's Stop and Delete buttons for study `study`, if this browser created it. */
function ownerControls(app, study) {
  const token = ownedTokens()[study.id];
  if (!token) return null;
  const act = async (what, button) => {
    if (what === 'delete' && !confirm('Delete this study and all its games?')) return;
    button.disabled = true;
    try {
      await request('POST', `/api/studies/${encodeURIComponent(study.id)}/${what}`, { token });
      if (what === 'delete') {
        setOwnedToken(study.id, null);
        go(app, '/lab');
      } else {
        showMessage('Stopped: the games played so far stay.', 'info');
      }
    } catch (e) {
      showMessage(e.message, 'error');
      button.disabled = false;
    }
  };
  const stop = h('button.small#study-stop', { type: 'button', text: 'Stop', disabled: study.finished });
  const del = h('button.small.danger#study-delete', { type: 'button', text: 'Delete' });
  stop.addEventListener('click', () => act('stop', stop));
  del.addEventListener('click', () => act('delete', del));
  return h('p.lab-owner', {}, stop, ' ', del);
}
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
  const kind = h('select#study-kind', {}, h('option', { value: 'balance', text: 'Balance' }), h('option', { value: 'values', text: 'Piece values' }),
    h('option', { value: 'compare', text: 'Compare two starts' }), h('option', { value: 'sprt', text: 'SPRT: player A against B' }));
  const variant = h('select#study-variant', {}, list.map((v) => h('option', { value: v.name, text: variantLabel(v.name) })));
  const player = h('input#study-player', { type: 'text', value: 'greedy', list: 'study-players', spellcheck: false });
  const players = h('datalist#study-players', {}, PLAYERS.map((p) => h('option', { value: p })));
  const games = h('input#study-games', { type: 'number', min: '1', max: '10000', value: '100' });
  const seed = h('input#study-seed', { type: 'number', min: '0', value: '1' });
  const opening = h('input#study-opening', { type: 'number', min: '0', value: '0' });
  const maxTurns = h('input#study-max-turns', { type: 'number', min: '1', max: '10000', value: '600' });
  const every = h('input#study-every', { type: 'number', min: '1', value: '4' });
  const everyField = field('Material every N turns', every, '.narrow');
  const position = h('textarea#study-position', { rows: 2, spellcheck: false, placeholder: 'Start position text; empty for the standard start' });
  const bPosition = h('textarea#study-b-position', { rows: 2, spellcheck: false, placeholder: 'Start B position text; empty for the standard start' });
  const bPositionField = field('Start B (compare)', bPosition);
  const bPlayer = h('input#study-b-player', { type: 'text', value: 'random', list: 'study-players', spellcheck: false });
  const number = (id, value, step) => h(`input#${id}`, { type: 'number', value, step });
  const elo0 = number('study-elo0', '0', '1');
  const elo1 = number('study-elo1', '10', '1');
  const alpha = number('study-alpha', '0.05', '0.01');
  const beta = number('study-beta', '0.05', '0.01');
  const sprtFields = h('div.field-row', {}, field('Player B', bPlayer), field('Elo0', elo0, '.narrow'), field('Elo1', elo1, '.narrow'),
    field('α', alpha, '.narrow'), field('β', beta, '.narrow'));
  const create = h('button.primary#study-create', { type: 'submit', text: 'Run the study' });
  const showFields = () => {
    everyField.hidden = kind.value !== 'values';
    bPositionField.hidden = kind.value !== 'compare';
    sprtFields.hidden = kind.value !== 'sprt';
  };
  kind.addEventListener('change', showFields);
  showFields();
  const form = h('form.panel.lab-form', {},
    h('h2', { text: 'New study' }),
    h('p.muted', { text: 'Self-play games of one player setting against itself (an SPRT: player A against B, colours swapped in pairs); the same settings give the same games.' }),
    h('div.field-row', {}, field('Study', kind), field('Variant', variant)),
    h('div.field-row', {}, field('Player', player), players),
    h('div.field-row', {}, field('Games', games, '.narrow'), field('Seed', seed, '.narrow'),
      field('Random opening decisions', opening, '.narrow'), field('Turn cap', maxTurns, '.narrow'), everyField),
    sprtFields,
    field('Start position', position),
    bPositionField,
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
    if (kind.value === 'compare') body.b_position = bPosition.value.trim() || null;
    if (kind.value === 'sprt') {
      Object.assign(body, { b_player: bPlayer.value.trim(), elo0: Number(elo0.value), elo1: Number(elo1.value),
        alpha: Number(alpha.value), beta: Number(beta.value) });
    }
    create.disabled = true;
    try {
      /** @type {StudyReport} */
      const study = await request('POST', '/api/studies', body);
      if (study.owner_token) setOwnedToken(study.id, study.owner_token);
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

const KIND_TITLES = { balance: 'Balance', values: 'Piece values', compare: 'Compare', sprt: 'SPRT' };

/** A difference B − A with its interval, in percentage points. */
function difference(d) {
  const pp = (x) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  return `${pp(d.delta)} (${pp(d.low)} to ${pp(d.high)})${d.low > 0 || d.high < 0 ? ' — differs at 95 %' : ''}`;
}

/** A comparison's two starts and their differences. */
function comparisonTable(c, players) {
  const row = (name, a, b, d) => h('tr', {}, h('th', { text: name }), h('td', { text: a }), h('td', { text: b }), h('td', { text: d }));
  return h('section.panel#study-comparison', {},
    h('h2', { text: 'Start B against start A' }),
    h('table.lines', {},
      h('thead', {}, h('tr', {}, ['', 'A', 'B', 'B − A (95 %)'].map((t) => h('th', { text: t })))),
      h('tbody', {},
        row('Games', String(c.a.games), String(c.b.games), ''),
        row(`${players[0]}'s score`, percent(c.a.first_player_score), percent(c.b.first_player_score), difference(c.first_player_score)),
        row('Decisive games', percent(c.a.decisive_rate), percent(c.b.decisive_rate), difference(c.decisive_rate)),
        row('Mean length (turns)', c.a.lengths.mean.toFixed(1), c.b.lengths.mean.toFixed(1), `${c.mean_length >= 0 ? '+' : ''}${c.mean_length.toFixed(1)}`))));
}

/** A test's verdict so far. */
function sprtPanel(t, spec) {
  const b = spec.versus && spec.versus.player;
  const model = t.bounds.model || 'logistic';
  const said = { H1: `H1 accepted: A is about ${t.bounds.elo1} ${model} Elo or more stronger`, H0: `H0 accepted: A is not ${t.bounds.elo1} ${model} Elo stronger` }[t.verdict]
    || `Undecided after ${t.games} games`;
  const elo = t.elo ? ` · Elo ${t.elo.elo >= 0 ? '+' : ''}${t.elo.elo.toFixed(1)} ± ${t.elo.elo95.toFixed(1)}` : '';
  return h('section.panel#study-sprt', {},
    h('h2', { text: `A ${spec.player} against B ${b ? b.player : '?'}` }),
    h('p#sprt-verdict', {}, h('strong', { text: said })),
    h('p#sprt-progress', { text: `A's score ${t.score.toFixed(3)}${elo} · LLR ${t.llr.toFixed(2)} (bounds ${t.llr_lower.toFixed(2)} and ${t.llr_upper.toFixed(2)})` }),
    h('p', { text: `A: +${t.wins} =${t.draws} −${t.losses} over ${t.games} games in pairs (pentanomial ${t.pentanomial.join(', ')}${t.unpaired ? `; ${t.unpaired} waiting for an earlier pair` : ''}) · ${model} Elo, elo0 ${t.bounds.elo0}, elo1 ${t.bounds.elo1}, α ${t.bounds.alpha}, β ${t.bounds.beta}` }));
}

/** The study's progress and figures. */
function studyBody(app, study, players) {
  const b = study.balance;
  const spec = study.spec;
  const parts = [
    h('section.panel.lab-summary', {},
      h('h2', { text: `${KIND_TITLES[study.kind] || study.kind}: ${variantLabel(spec.variant)}, ${spec.player}` }),
      h('p.muted', { text: `study ${study.id} · seed ${spec.seed} · opening ${spec.opening} · turn cap ${spec.max_turns}${spec.start ? ' · own start' : ''}` }),
      h('progress#study-progress', { max: String(study.games), value: String(study.finished && !study.batches_skipped ? study.games : study.games_done) }),
      h('p#study-status', { text: study.finished
        ? `Done: ${study.games_done} games${study.batches_skipped ? ` (${study.sprt && study.sprt.verdict !== 'Continue' ? 'the test decided' : 'stopped by its owner'}; ${study.games - study.games_done} not played)` : ''}.`
        : `${study.games_done} of ${study.games} games · batches ${study.batches_done} done, ${study.batches_claimed.length} being played, ${study.batches_open} waiting` }),
      ownerControls(app, study),
      b.games > 0 ? h('p', { text: `${players[0]} scores ${percent(b.first_player_score)}; decisive ${percent(b.decisive_rate)}; ${b.results.first} ${players[0]} wins, ${b.results.second} ${players[1]} wins, ${b.results.drawn} draws; length median ${b.lengths.median} turns.${b.played > b.games ? ` ${b.played - b.games} of the ${b.played} games played repeat an earlier game move for move and count once (open with more random decisions for more).` : ''}` }) : null),
  ];
  if (study.sprt) parts.push(sprtPanel(study.sprt, spec));
  if (study.comparison && b.games > 0) parts.push(comparisonTable(study.comparison, players));
  if (b.games > 0) {
    parts.push(h('div.lab-figures', {},
      figure(study.id, 'score-over-time', `${players[0]}'s score over the games (95 % interval)`, scoreChart(study.score)),
      figure(study.id, 'lengths', 'Game lengths', lengthsChart(b.lengths.histogram)),
      figure(study.id, 'causes', 'How the games ended', causesChart(b.causes, players)),
      b.events && b.events.length
        ? figure(study.id, 'events', "Events of the variant's rules", eventsTable(study.id, b.events))
        : null,
      study.kind === 'values' && study.values
        ? figure(study.id, 'values', study.values.band != null
          ? `Piece values (95 % intervals), fitted where the material leaves the result open (log-odds within ±${study.values.band}): ${study.values.samples} positions, ${study.values.outside_band_left_out} left out as decided`
          : 'Piece values (95 % intervals)', valuesChart(study.values.values))
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
    holder.replaceChildren(...studyBody(app, study, players).filter(Boolean));
    holder.dataset.done = String(study.finished);
    if (!study.finished) setTimeout(poll, POLL_MS);
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
