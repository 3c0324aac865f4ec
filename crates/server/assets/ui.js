// Small DOM helpers and the message bar (#message).

/** `h('div.class#id', {attrs}, ...children)`: an element. */
export function h(spec, attrs = {}, ...children) {
  const [, tag = 'div', rest = ''] = spec.match(/^([a-z0-9-]*)(.*)$/i) || [];
  const el = document.createElement(tag || 'div');
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'text') el.textContent = value;
    else if (key === 'html') el.innerHTML = value;
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let messageTimer = null;

/**
 * Shows `text` in the message bar: `kind` `error` (stays 10 s), `info` (5 s), or `sticky`.
 * On a game page the bar lies over the site's header, at its height, and scrolls with it: it
 * never covers the boards, a clock or a player's bar.
 */
export function showMessage(text, kind = 'info') {
  const bar = document.getElementById('message');
  if (!bar) return;
  clearTimeout(messageTimer);
  bar.replaceChildren();
  bar.className = `message ${kind}`;
  bar.dataset.kind = kind;
  const header = document.querySelector('.site-header');
  const overHeader = !!(header && document.querySelector('.game-page'));
  bar.classList.toggle('over-header', overHeader);
  bar.style.height = overHeader ? `${header.offsetHeight}px` : '';
  const span = document.createElement('span');
  span.className = 'text';
  span.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', clearMessage);
  bar.append(span, close);
  bar.hidden = false;
  if (kind !== 'sticky') messageTimer = setTimeout(clearMessage, kind === 'error' ? 10000 : 5000);
}

export function clearMessage() {
  const bar = document.getElementById('message');
  if (!bar) return;
  clearTimeout(messageTimer);
  bar.hidden = true;
  bar.replaceChildren();
}

export function title(text) {
  document.title = text ? `${text} · omnichess` : 'omnichess';
}

export function capitalise(text) {
  const s = String(text ?? '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
