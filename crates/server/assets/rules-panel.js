// The variant's rules in short and the signs on its boards, as GET /api/variants sends them
// (`rules_summary`, `legend`: the variant's own words): a panel that opens by a tap.

/** @typedef {import('./protocol.js').VariantInfo} VariantInfo */

import { h } from './ui.js';
import { markStyles, markGauge } from './board-grid.js';

/**
 * A small drawing of `sign`: a mark as its variant's style draws it (`styles`, from
 * markStyles), an arrow, a playable board, a tag; else the sign as text.
 */
function sample(sign, styles) {
  const svg = (inner) => h('span.rules-sign', { html: `<svg xmlns="http://www.w3.org/2000/svg" width="26" height="26" viewBox="0 0 45 45">${inner}</svg>` });
  const style = styles.get(sign);
  if (style && style.draw === 'gauge') return svg(markGauge({ kind: sign, text: '3' }, style));
  if (style && style.draw === 'light') return svg(`<rect x="3" y="3" width="39" height="39" fill="${style.colour}" stroke="#b58863" stroke-width="2"/>`);
  if (style) {
    return svg(`<rect x="3" y="3" width="39" height="39" rx="4" fill="${style.colour}" fill-opacity="0.35" stroke="${style.colour}" stroke-width="4"/>`);
  }
  if (sign === 'arrow') return svg('<path d="M6 36 L34 10" stroke="#15781b" stroke-width="5"/><path d="M26 6 L40 4 L37 18 z" fill="#15781b"/>');
  if (sign === 'active') return svg('<rect x="4" y="4" width="37" height="37" fill="none" stroke="#3d7bd9" stroke-width="5"/>');
  if (sign === 'tag') return svg('<circle cx="22.5" cy="22.5" r="14" fill="#8e44ad"/><text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-weight="bold" font-size="18" fill="#fff">a</text>');
  return h('span.rules-sign.text', { text: sign });
}

/**
 * Fills `panel` (a <details>) with `variant`'s rules and legend; hidden when it has neither.
 * @param {HTMLDetailsElement} panel
 * @param {VariantInfo|null} variant
 */
export function renderRules(panel, variant) {
  const rules = String((variant && variant.rules_summary) || '');
  const legend = (variant && Array.isArray(variant.legend)) ? variant.legend : [];
  const key = `${variant ? variant.name : ''}`;
  if (panel.dataset.variant === key) return;
  panel.dataset.variant = key;
  panel.hidden = !rules && !legend.length;
  const paragraphs = rules.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const styles = markStyles(variant && variant.marks);
  panel.replaceChildren(
    h('summary', { text: `Rules of ${(variant && variant.title) || 'this variant'}` }),
    ...paragraphs.map((p) => h('p', { text: p })),
    legend.length ? h('ul.rules-legend', {}, ...legend.map(([sign, meaning]) => h('li', { dataset: { sign } },
      sample(sign, styles), h('span.rules-meaning', { text: meaning })))) : null,
  );
}

/** Opens `panel` and brings it into sight. */
export function openRules(panel) {
  panel.open = true;
  panel.scrollIntoView({ block: 'nearest' });
}
