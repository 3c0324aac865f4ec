// The lobby's new-game fields: the variant (and its named start), the time control (a
// variant's own, the common ones, a custom one), casual or not, the side, and a record or
// position to import. They read into the parts of a CreateGame or CreateSeek body.

/** @typedef {import('./protocol.js').VariantInfo} VariantInfo */
/** @typedef {import('./protocol.js').TimeControl} TimeControl */

import { h, capitalise } from './ui.js';
import { variantTitle } from './api.js';

/**
 * The players' names of a variant.
 * @param {VariantInfo} variant
 * @returns {string[]}
 */
export function playerNames(variant) {
  return variant.players;
}

/** @param {TimeControl} tc */
function describeControl(tc) {
  if (tc.label) return tc.label;
  if (tc.per_move_ms) return `${tc.per_move_ms / 1000} s a move`;
  return `${(tc.base_ms || 0) / 60000} min + ${(tc.increment_ms || 0) / 1000} s`;
}

/**
 * The fields for the variants of `list`: `rows` to place in the form, `refresh()` after the
 * variant changed, and readers of what was chosen.
 * @param {VariantInfo[]} list
 */
export function gameFields(list) {
  const variantSelect = h('select#variant', { name: 'variant' },
    list.map((v) => h('option', { value: v.name, text: variantTitle(v.name) })));
  const description = h('p.variant-description.muted');
  const startSelect = h('select#start', { name: 'start' });
  const startRow = h('label.field#start-row', {}, h('span', { text: 'Start position' }), startSelect);
  const tcSelect = h('select#time-control', { name: 'time-control' });
  const baseInput = h('input#base-minutes', { type: 'number', min: '0', step: 'any', value: '5', inputmode: 'decimal' });
  const incInput = h('input#increment-seconds', { type: 'number', min: '0', step: 'any', value: '3', inputmode: 'decimal' });
  const customRow = h('div.field-row#custom-clock', {},
    h('label.field', {}, h('span', { text: 'Minutes' }), baseInput),
    h('label.field', {}, h('span', { text: 'Increment (s)' }), incInput));
  const casual = h('input#casual', { type: 'checkbox', checked: true });
  const colourSelect = h('select#colour', { name: 'colour' });
  const importText = h('textarea#import-text', { rows: 4, placeholder: 'Paste a record (PGN, 5DPGN, …) or a position (FEN, …)', spellcheck: false });
  const importKind = h('select#import-kind', {},
    h('option', { value: 'record', text: 'a record: continue the game' }),
    h('option', { value: 'position', text: 'a position: start from it' }));
  const importBox = h('details.import#import', {},
    h('summary', { text: 'Import a record or position' }),
    h('label.field', {}, h('span', { text: 'The text is' }), importKind),
    importText);
  tcSelect.addEventListener('change', () => { customRow.hidden = tcSelect.value !== 'custom'; });

  /** @returns {VariantInfo} */
  const selected = () => list.find((v) => v.name === variantSelect.value) || list[0];

  /** The chosen variant's description, starts, time controls and players' names. */
  function refresh() {
    const v = selected();
    description.textContent = v.description || '';
    const starts = v.starts || [];
    startSelect.replaceChildren(...starts.map((s, i) => h('option', { value: String(i), text: s.name })));
    startRow.hidden = starts.length < 2;
    const current = tcSelect.value;
    tcSelect.replaceChildren(
      h('option', { value: 'none', text: 'No clock' }),
      ...(v.time_controls || []).map((tc, i) => h('option', { value: `tc:${i}`, text: capitalise(describeControl(tc)) })),
      h('option', { value: 'custom', text: 'Custom…' }));
    if ([...tcSelect.options].some((o) => o.value === current)) tcSelect.value = current;
    customRow.hidden = tcSelect.value !== 'custom';
    const names = playerNames(v);
    const colour = colourSelect.value || '0';
    colourSelect.replaceChildren(
      h('option', { value: '0', text: capitalise(names[0]) }),
      h('option', { value: '1', text: capitalise(names[1]) }),
      h('option', { value: 'random', text: 'Random' }));
    colourSelect.value = colour;
  }

  /** The chosen clock as a CreateGame's `clock` (null: none); throws on a bad custom one. */
  function clock() {
    const v = selected();
    if (tcSelect.value === 'none') return null;
    if (tcSelect.value === 'custom') {
      const base = Number(baseInput.value); const inc = Number(incInput.value);
      if (!(base > 0) || inc < 0 || Number.isNaN(inc)) throw new Error('A custom clock needs minutes above 0 and an increment of 0 or more seconds.');
      return { base_ms: Math.round(base * 60000), increment_ms: Math.round(inc * 1000) };
    }
    const tc = (v.time_controls || [])[Number(tcSelect.value.slice(3))];
    if (!tc) return null;
    const body = { base_ms: tc.base_ms || 0, increment_ms: tc.increment_ms || 0, per_move_ms: tc.per_move_ms || 0 };
    if (tc.period) body.period = tc.period;
    return body;
  }

  /** The chosen named start's position, if one other than the standard start. */
  function startPosition(v) {
    if (startRow.hidden || !v.starts) return null;
    const start = v.starts[Number(startSelect.value)];
    return start && start.position ? start.position : null;
  }

  return {
    variantSelect,
    selected,
    refresh,
    clock,
    startPosition,
    /** Whether the game is casual (takebacks allowed). */
    casual: () => casual.checked,
    /** The side chosen: 0, 1 or `random`. */
    colour: () => colourSelect.value,
    /** The text to import (trimmed; '' for none) and whether it is a `record` or a `position`. */
    imported: () => ({ text: importText.value.trim(), kind: importKind.value }),
    rows: [
      h('label.field', {}, h('span', { text: 'Variant' }), variantSelect),
      description,
      startRow,
      h('label.field', {}, h('span', { text: 'Time control' }), tcSelect),
      customRow,
      h('label.check', {}, casual, h('span', { text: 'Casual (takebacks allowed)' })),
      h('label.field', {}, h('span', { text: 'Your side' }), colourSelect),
      importBox,
    ],
  };
}
