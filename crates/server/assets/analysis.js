// The analysis page: a variant, a position text, start / stop; the engine's lines stream in
// over the analysis WebSocket (depth, score, best line) as they arrive. The analysis board
// draws the position; moves made on it are added to "Then play".

import { variants } from './api.js';
import { h, showMessage, clearMessage, title } from './ui.js';
import { variantLabel } from './lobby.js';
import { AnalysisBoard } from './analysis-board.js';

function formatScore(score) {
  if (score == null) return '';
  const text = String(score);
  const cp = text.match(/^cp\s+(-?\d+)/);
  if (cp) {
    const n = Number(cp[1]) / 100;
    return `${n > 0 ? '+' : ''}${n.toFixed(2)}`;
  }
  const mate = text.match(/^mate\s+(-?\d+)/);
  if (mate) return `#${mate[1]}`;
  return text;
}

export async function showAnalysis(app) {
  title('Analysis');
  const params = new URLSearchParams(location.search);
  const list = await variants();
  const variantSelect = h('select#variant', {}, list.map((v) => h('option', { value: v.name, text: variantLabel(v.name) })));
  if (params.get('variant')) variantSelect.value = params.get('variant');
  const position = h('textarea#position', { rows: 4, spellcheck: false, placeholder: 'A position (FEN, …) or a game record (PGN, 5DPGN, EDAN) to import; empty for the start' });
  position.value = params.get('position') || '';
  const after = h('input#after', { type: 'text', spellcheck: false, placeholder: 'e2e4 e7e5 (optional)' });
  after.value = params.get('after') || '';
  const seconds = h('input#seconds', { type: 'number', min: '1', max: '600', value: params.get('seconds') || '10' });
  const startButton = h('button.primary', { type: 'button', dataset: { action: 'start' }, text: 'Start' });
  const stopButton = h('button.secondary', { type: 'button', dataset: { action: 'stop' }, text: 'Stop', disabled: true });
  const status = h('p.analysis-status#analysis-status.muted', { text: 'Not running.' });
  const best = h('div.best#best', { hidden: true });
  const tbody = h('tbody#analysis-lines');
  const table = h('table.lines', {},
    h('thead', {}, h('tr', {}, h('th', { text: 'Depth' }), h('th', { text: 'Score' }), h('th', { text: 'Nodes' }), h('th', { text: 'Best line' }))),
    tbody);
  let ws = null;

  const running = (on) => {
    startButton.disabled = on;
    stopButton.disabled = !on;
  };

  function start() {
    clearMessage();
    if (ws) ws.close();
    tbody.replaceChildren();
    best.hidden = true;
    /** @type {import('./protocol.js').AnalysisAnalyse} */
    const message = {
      v: 1, type: 'analyse', variant: variantSelect.value, position: position.value.trim(),
      after: after.value.trim() ? after.value.trim().split(/\s+/) : [],
      seconds: Math.max(1, Number(seconds.value) || 10),
    };
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let opened = false;
    try {
      ws = new WebSocket(`${scheme}//${location.host}/api/analysis/ws`);
    } catch {
      showMessage('Analysis is not available on this server.', 'error');
      return;
    }
    const socket = ws;
    status.textContent = 'Connecting…';
    running(true);
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify(message));
      status.textContent = `Analysing ${variantLabel(message.variant)}…`;
    };
    socket.onmessage = (event) => {
      /** @type {import('./protocol.js').AnalysisReply} */
      let m;
      try { m = JSON.parse(event.data); } catch { return; }
      if (m.type === 'info') {
        // The line in the variant's notation (the move list's), its decision texts else.
        const pv = Array.isArray(m.shown) && m.shown.length ? m.shown.join(' ') : Array.isArray(m.pv) ? m.pv.join(' ') : (m.pv || '');
        const row = h('tr', { dataset: { depth: String(m.depth ?? '') } },
          h('td', { text: m.depth ?? '' }),
          h('td.score', { text: formatScore(m.score), title: m.score || '' }),
          h('td', { text: m.nodes != null ? Number(m.nodes).toLocaleString() : '' }),
          h('td.pv', { text: pv || m.line || '' }));
        tbody.prepend(row);
        status.textContent = `Depth ${m.depth ?? '?'}…`;
      } else if (m.type === 'done') {
        const line = Array.isArray(m.shown) && m.shown.length ? m.shown.join(' ') : Array.isArray(m.best) ? m.best.join(' ') : (m.best || '');
        best.replaceChildren(h('span.muted', { text: 'Best: ' }), h('strong', { text: line || '(none)' }));
        best.hidden = false;
        status.textContent = 'Done.';
        running(false);
        socket.close();
      } else if (m.type === 'error') {
        showMessage(m.error || 'The analysis failed.', 'error');
        status.textContent = 'Stopped.';
        running(false);
      }
    };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      if (!opened) {
        showMessage('Analysis is not available on this server yet (no analysis WebSocket).', 'error');
        status.textContent = 'Not running.';
      } else if (status.textContent !== 'Done.') {
        status.textContent = 'Stopped.';
      }
      running(false);
    };
  }

  function stop() {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ v: 1, type: 'stop' }));
    status.textContent = 'Stopping…';
  }

  startButton.addEventListener('click', start);
  stopButton.addEventListener('click', stop);
  const decisions = () => (after.value.trim() ? after.value.trim().split(/\s+/) : []);
  const link = h('input#analysis-link', { type: 'text', readonly: true, 'aria-label': 'link to this board' });
  const copyLink = h('button.secondary', {
    type: 'button', dataset: { action: 'copy-link' }, text: 'Copy link',
    onclick: async () => {
      link.select();
      try { await navigator.clipboard.writeText(link.value); showMessage('Link copied.', 'info'); } catch { document.execCommand('copy'); }
    },
  });
  /** The address of this board: variant, position and decisions; also the page's own. */
  const showLink = () => {
    const params = new URLSearchParams({ variant: variantSelect.value });
    if (position.value.trim()) params.set('position', position.value.trim());
    if (after.value.trim()) params.set('after', after.value.trim());
    const url = `${location.origin}/analysis?${params}`;
    link.value = url;
    history.replaceState(null, '', `/analysis?${params}`);
  };
  const board = new AnalysisBoard({
    variant: () => list.find((v) => v.name === variantSelect.value),
    position: () => position.value.trim(),
    after: decisions,
    setAfter: (moves) => { after.value = moves.join(' '); },
    imported: (start, moves) => { position.value = start; after.value = moves.join(' '); },
    shown: showLink,
  });
  // A position and decisions belong to their variant: another variant starts afresh.
  variantSelect.addEventListener('change', () => { position.value = ''; after.value = ''; board.refresh(); });
  for (const field of [position, after]) field.addEventListener('change', () => board.refresh());

  app.replaceChildren(h('div.analysis-page', {},
    h('section.panel', {},
      h('h1', { text: 'Analysis' }),
      h('label.field', {}, h('span', { text: 'Variant' }), variantSelect),
      h('label.field', {}, h('span', { text: 'Position' }), position),
      h('div.field-row', {},
        h('label.field', {}, h('span', { text: 'Then play' }), after),
        h('label.field.narrow', {}, h('span', { text: 'Seconds' }), seconds)),
      h('div.buttons', {}, startButton, stopButton),
      status,
      h('div.field-row.analysis-link-row', {}, h('label.field', {}, h('span', { text: 'Link' }), link), copyLink)),
    board.element,
    h('section.panel', {}, h('h2', { text: 'Engine lines' }), best, h('div.table-wrap', {}, table))));
  board.refresh();
  window.addEventListener('pagehide', () => { if (ws) ws.close(); });
}
