// Patches of a game's snapshot (docs/PROTOCOL.md, "Patches"): the server sends what changed
// since the version a client holds, and the client makes the new snapshot from its own. Parts
// that did not change are the old objects, shared; the old snapshot itself is not changed.

/**
 * `patch` applied to `old`; throws where it does not fit (the caller fetches the whole
 * snapshot instead).
 * @param {*} old
 * @param {object} patch
 * @returns {*}
 */
export function applyPatch(old, patch) {
  if (!patch || typeof patch !== 'object') throw new Error('a patch is an object');
  if ('set' in patch) return patch.set;
  if (patch.obj) {
    if (!old || typeof old !== 'object' || Array.isArray(old)) throw new Error('`obj` on no object');
    const out = { ...old };
    for (const [key, change] of Object.entries(patch.obj)) out[key] = applyPatch(old[key], change);
    for (const key of patch.del || []) delete out[key];
    return out;
  }
  if (patch.arr) {
    if (!Array.isArray(old)) throw new Error('`arr` on no array');
    const out = [];
    let next = 0;
    const take = (n) => {
      if (next + n > old.length) throw new Error('`arr` goes past the old elements');
      next += n;
      return next - n;
    };
    for (const op of patch.arr) {
      if (typeof op === 'number') {
        const from = take(Math.abs(op));
        if (op >= 0) for (let i = from; i < from + op; i += 1) out.push(old[i]);
      } else if (Array.isArray(op)) {
        out.push(...op);
      } else if (op && Array.isArray(op.p)) {
        const from = take(op.p.length);
        op.p.forEach((p, k) => out.push(applyPatch(old[from + k], p)));
      } else {
        throw new Error('an `arr` operation is a number, an array or `p`');
      }
    }
    if (next !== old.length) throw new Error('`arr` leaves old elements unaccounted for');
    return out;
  }
  if (patch.str) {
    if (typeof old !== 'string') throw new Error('`str` on no string');
    let out = '';
    let next = 0;
    for (const op of patch.str) {
      if (typeof op === 'number') {
        const n = Math.abs(op);
        if (next + n > old.length) throw new Error('`str` goes past the old string');
        if (op >= 0) out += old.slice(next, next + n);
        next += n;
      } else if (typeof op === 'string') {
        out += op;
      } else {
        throw new Error('a `str` operation is a number or a string');
      }
    }
    if (next !== old.length) throw new Error('`str` leaves old code units unaccounted for');
    return out;
  }
  throw new Error('a patch is `set`, `obj`, `arr` or `str`');
}
