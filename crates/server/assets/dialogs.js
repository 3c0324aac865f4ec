// Modal dialogs: choose one of several moves (promotion), confirm, show a text (export).

import { pieceElement, kindName } from './pieces.js';

function modal(title, className = '') {
  const backdrop = document.createElement('div');
  backdrop.className = 'modal-backdrop';
  const box = document.createElement('div');
  box.className = `modal ${className}`;
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  const h = document.createElement('h2');
  h.textContent = title;
  box.append(h);
  backdrop.append(box);
  document.body.append(backdrop);
  return { backdrop, box, close: () => backdrop.remove() };
}

/**
 * Asks which of `moves` (sharing their squares) to play: promotion kinds as pieces, other
 * moves by their text. Resolves to the move, or null when dismissed.
 */
export function chooseMove(moves, player) {
  return new Promise((resolve) => {
    const promotions = moves.every((m) => m.promotion);
    const { backdrop, box, close } = modal(promotions ? 'Promote to' : 'Which move?', 'choose-move');
    const row = document.createElement('div');
    row.className = 'choices';
    for (const move of moves) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'choice';
      button.dataset.decision = move.text;
      if (move.promotion) {
        button.dataset.promotion = move.promotion;
        button.append(pieceElement({ kind: move.promotion, player, name: kindName(move.promotion) }, 48));
        const label = document.createElement('span');
        label.textContent = kindName(move.promotion);
        button.append(label);
        button.title = move.text;
      } else {
        button.textContent = move.text;
      }
      button.addEventListener('click', () => { close(); resolve(move); });
      row.append(button);
    }
    box.append(row);
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'secondary';
    cancel.textContent = 'Cancel';
    cancel.dataset.action = 'cancel';
    cancel.addEventListener('click', () => { close(); resolve(null); });
    box.append(cancel);
    backdrop.addEventListener('click', (e) => { if (e.target === backdrop) { close(); resolve(null); } });
    const onKey = (e) => { if (e.key === 'Escape') { document.removeEventListener('keydown', onKey); close(); resolve(null); } };
    document.addEventListener('keydown', onKey);
    box.querySelector('button').focus();
  });
}

/** A yes/no question; resolves true when confirmed. */
export function confirmDialog(question, yes = 'Yes', no = 'Cancel') {
  return new Promise((resolve) => {
    const { box, close } = modal(question, 'confirm');
    const row = document.createElement('div');
    row.className = 'buttons';
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.textContent = yes;
    ok.dataset.action = 'confirm';
    ok.className = 'danger';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = no;
    cancel.className = 'secondary';
    cancel.dataset.action = 'cancel';
    ok.addEventListener('click', () => { close(); resolve(true); });
    cancel.addEventListener('click', () => { close(); resolve(false); });
    row.append(ok, cancel);
    box.append(row);
    cancel.focus();
  });
}

/** Copies `text` to the clipboard; resolves true on success. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

/** Offers `text` as a file download named `filename`. */
export function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Shows texts to copy or download: `sections` of `{title, text, filename, id}`; a section's
 * text may be a promise (the record, fetched).
 */
export function showTexts(title, sections) {
  const { backdrop, box, close } = modal(title, 'export');
  for (const section of sections) {
    const h = document.createElement('h3');
    h.textContent = section.title;
    const area = document.createElement('textarea');
    area.readOnly = true;
    area.rows = section.rows || 6;
    area.id = section.id || '';
    area.value = 'Loading…';
    const row = document.createElement('div');
    row.className = 'buttons';
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.className = 'secondary';
    copy.addEventListener('click', async () => {
      copy.textContent = (await copyText(area.value)) ? 'Copied' : 'Select and copy';
      setTimeout(() => { copy.textContent = 'Copy'; }, 1500);
    });
    row.append(copy);
    if (section.filename) {
      const dl = document.createElement('button');
      dl.type = 'button';
      dl.textContent = 'Download';
      dl.className = 'secondary';
      dl.dataset.action = 'download';
      dl.addEventListener('click', () => download(section.filename, area.value));
      row.append(dl);
    }
    box.append(h, area, row);
    Promise.resolve(section.text).then(
      (text) => { area.value = typeof text === 'string' ? text : JSON.stringify(text, null, 2); },
      (e) => { area.value = `Not available: ${e.message}`; },
    );
  }
  const done = document.createElement('button');
  done.type = 'button';
  done.textContent = 'Close';
  done.dataset.action = 'close';
  done.addEventListener('click', close);
  box.append(done);
  backdrop.addEventListener('click', (e) => { if (e.target === backdrop) close(); });
}
