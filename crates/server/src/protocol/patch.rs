//! Patches of JSON values: what changed between two snapshots of a game, so that a client that
//! holds the first is sent only the difference (docs/PROTOCOL.md, "Patches").
//!
//! A patch of a value is one of:
//! - `{"set": V}`: the value is now `V`;
//! - `{"obj": {KEY: PATCH, …}, "del": [KEY, …]}`: an object whose listed keys changed (a key
//!   absent before is patched with `set`) and whose `del` keys are gone (`del` left out when
//!   none); keys not named are unchanged;
//! - `{"arr": [OP, …]}`: an array rebuilt from the old one by its operations in order: a
//!   number `n ≥ 0` copies the next `n` old elements, `-n` skips `n` of them, an array inserts
//!   its elements, `{"p": [PATCH, …]}` patches the next old elements one each; the operations
//!   cover every old element;
//! - `{"str": [OP, …]}`: a string rebuilt from the old one as an array is, its operations
//!   counting UTF-16 code units (JavaScript's string lengths): `n ≥ 0` copies the next `n`, `-n`
//!   skips `n`, a string inserts itself.
//!
//! Arrays of at least [`MIN_DIFFED_ARRAY`] elements are diffed by Myers' algorithm on each
//! element's 128-bit digest ([`Digests::of`]), strings of at least [`MIN_SPLICED_STRING`] bytes
//! word by word (each word with the white space after it); smaller ones are `set` whole.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{Map, Value, json};
use similar::{Algorithm, DiffOp, capture_diff_slices_deadline};

/// Arrays shorter than this are sent whole when they change.
pub const MIN_DIFFED_ARRAY: usize = 8;

/// Strings shorter than this (in bytes) are sent whole when they change.
pub const MIN_SPLICED_STRING: usize = 256;

/// The time one array's diff may take before `similar` settles for a longer, still exact,
/// answer.
const DIFF_DEADLINE: Duration = Duration::from_millis(50);

/// A run of changed elements at most this long, as many before as after, is sent as element
/// patches (`{"p": …}`) rather than the new elements whole.
const MAX_PATCHED_RUN: usize = 16;

/// Why a patch does not apply to a value.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the patch does not apply: {0}")]
pub struct PatchError(String);

/// Digests of values ([`Digests::of`]), written into one buffer reused from value to value.
#[derive(Debug, Default)]
pub struct Digests {
    text: Vec<u8>,
}

impl Digests {
    /// The 128-bit digest of `value`'s JSON text as serde writes it (its fields in their
    /// declared order): XXH3 with two seeds, each giving 64 bits. Two elements with one
    /// digest are taken to be equal: among the 30 000 elements of the longest snapshot
    /// measured, the chance of two different ones colliding is about 10⁻³⁰.
    pub fn of<T: Serialize + ?Sized>(&mut self, value: &T) -> u128 {
        use twox_hash::XxHash3_64;
        self.text.clear();
        // Writing into a vector cannot fail; a value serde refuses digests as what was written.
        let _ = serde_json::to_writer(&mut self.text, value);
        let high = XxHash3_64::oneshot_with_seed(0, &self.text);
        let low = XxHash3_64::oneshot_with_seed(0x5eed, &self.text);
        u128::from(high) << 64 | u128::from(low)
    }
}

/// The patch from `old` to `new`; `None` when they are equal.
#[must_use]
pub fn diff(old: &Value, new: &Value) -> Option<Value> {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => object_diff(a, b),
        (Value::Array(a), Value::Array(b)) if b.len() >= MIN_DIFFED_ARRAY && a != b => {
            let mut digests = Digests::default();
            let mut hashes =
                |items: &[Value]| items.iter().map(|v| digests.of(v)).collect::<Vec<_>>();
            Some(
                json!({"arr": array_ops(&hashes(a), &hashes(b), |i| a[i].clone(), |i| b[i].clone())}),
            )
        }
        (Value::String(a), Value::String(b)) if b.len() >= MIN_SPLICED_STRING && a != b => {
            Some(json!({"str": splice(a, b)}))
        }
        _ if old == new => None,
        _ => Some(json!({"set": new})),
    }
}

fn object_diff(a: &Map<String, Value>, b: &Map<String, Value>) -> Option<Value> {
    let mut changed = Map::new();
    for (key, value) in b {
        let patch = match a.get(key) {
            Some(before) => diff(before, value),
            None => Some(json!({"set": value})),
        };
        if let Some(patch) = patch {
            changed.insert(key.clone(), patch);
        }
    }
    let gone: Vec<&String> = a.keys().filter(|k| !b.contains_key(*k)).collect();
    if changed.is_empty() && gone.is_empty() {
        return None;
    }
    let mut patch = Map::new();
    patch.insert("obj".to_owned(), Value::Object(changed));
    if !gone.is_empty() {
        patch.insert("del".to_owned(), json!(gone));
    }
    Some(Value::Object(patch))
}

/// The operations of an `arr` patch from the elements with digests `old` to those with digests
/// `new`: `old_value(i)` and `new_value(i)` give an element where the patch needs it whole.
pub fn array_ops(
    old: &[u128],
    new: &[u128],
    old_value: impl Fn(usize) -> Value,
    new_value: impl Fn(usize) -> Value,
) -> Vec<Value> {
    let deadline = Instant::now() + DIFF_DEADLINE;
    let mut ops = Vec::new();
    for op in capture_diff_slices_deadline(Algorithm::Myers, old, new, Some(deadline)) {
        match op {
            DiffOp::Equal { len, .. } => ops.push(json!(len)),
            DiffOp::Delete { old_len, .. } => ops.push(json!(-(old_len as i64))),
            DiffOp::Insert {
                new_index, new_len, ..
            } => ops.push(Value::Array(
                (new_index..new_index + new_len).map(&new_value).collect(),
            )),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                if old_len == new_len && old_len <= MAX_PATCHED_RUN {
                    let patches: Vec<Value> = (0..old_len)
                        .map(|k| {
                            diff(&old_value(old_index + k), &new_value(new_index + k))
                                .unwrap_or_else(|| json!({"obj": {}}))
                        })
                        .collect();
                    ops.push(json!({"p": patches}));
                } else {
                    ops.push(json!(-(old_len as i64)));
                    ops.push(Value::Array(
                        (new_index..new_index + new_len).map(&new_value).collect(),
                    ));
                }
            }
        }
    }
    ops
}

/// The words of `text`, each with the white space after it.
fn words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            in_space = true;
        } else if in_space {
            words.push(&text[start..i]);
            start = i;
            in_space = false;
        }
    }
    if start < text.len() {
        words.push(&text[start..]);
    }
    words
}

/// The operations of a `str` patch from `old` to `new`, word by word.
fn splice(old: &str, new: &str) -> Value {
    let (a, b) = (words(old), words(new));
    let units = |w: &[&str]| w.iter().map(|w| w.encode_utf16().count()).sum::<usize>() as i64;
    let deadline = Instant::now() + DIFF_DEADLINE;
    let mut ops = Vec::new();
    for op in capture_diff_slices_deadline(Algorithm::Myers, &a, &b, Some(deadline)) {
        let (removed, added) = match op {
            DiffOp::Equal { old_index, len, .. } => {
                ops.push(json!(units(&a[old_index..old_index + len])));
                continue;
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => (&a[old_index..old_index + old_len], &b[0..0]),
            DiffOp::Insert {
                new_index, new_len, ..
            } => (&a[0..0], &b[new_index..new_index + new_len]),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (
                &a[old_index..old_index + old_len],
                &b[new_index..new_index + new_len],
            ),
        };
        if !removed.is_empty() {
            ops.push(json!(-units(removed)));
        }
        if !added.is_empty() {
            ops.push(json!(added.concat()));
        }
    }
    Value::Array(ops)
}

/// `patch` applied to `old`.
///
/// # Errors
/// A patch that is not one, or that does not fit `old` (an `arr` patch whose operations do not
/// cover its elements, a `str` patch longer than its string, `obj` on what is no object).
pub fn apply(old: &Value, patch: &Value) -> Result<Value, PatchError> {
    let bad = |what: &str| PatchError(what.to_owned());
    let patch = patch
        .as_object()
        .ok_or_else(|| bad("a patch is an object"))?;
    if let Some(value) = patch.get("set") {
        return Ok(value.clone());
    }
    if let Some(changed) = patch.get("obj") {
        let mut out = old
            .as_object()
            .cloned()
            .ok_or_else(|| bad("`obj` on no object"))?;
        let changed = changed
            .as_object()
            .ok_or_else(|| bad("`obj` holds an object"))?;
        for (key, change) in changed {
            let before = out.get(key).cloned().unwrap_or(Value::Null);
            out.insert(key.clone(), apply(&before, change)?);
        }
        for key in patch
            .get("del")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            out.remove(key.as_str().ok_or_else(|| bad("`del` lists keys"))?);
        }
        return Ok(Value::Object(out));
    }
    if let Some(ops) = patch.get("arr") {
        let old = old.as_array().ok_or_else(|| bad("`arr` on no array"))?;
        let ops = ops
            .as_array()
            .ok_or_else(|| bad("`arr` holds operations"))?;
        let mut out = Vec::with_capacity(old.len());
        let mut next = 0usize;
        let mut take = |n: usize| {
            let end = next.checked_add(n).filter(|&e| e <= old.len());
            let end = end.ok_or_else(|| bad("`arr` goes past the old elements"))?;
            let range = next..end;
            next = end;
            Ok::<_, PatchError>(range)
        };
        for op in ops {
            match op {
                Value::Number(n) => {
                    let n = n.as_i64().ok_or_else(|| bad("`arr` counts are integers"))?;
                    let range = take(n.unsigned_abs() as usize)?;
                    if n >= 0 {
                        out.extend_from_slice(&old[range]);
                    }
                }
                Value::Array(items) => out.extend(items.iter().cloned()),
                Value::Object(o) => {
                    let patches = o
                        .get("p")
                        .and_then(Value::as_array)
                        .ok_or_else(|| bad("an `arr` object is `{\"p\": …}`"))?;
                    for (i, p) in take(patches.len())?.zip(patches) {
                        out.push(apply(&old[i], p)?);
                    }
                }
                _ => return Err(bad("an `arr` operation is a number, an array or `p`")),
            }
        }
        if next != old.len() {
            return Err(bad("`arr` leaves old elements unaccounted for"));
        }
        return Ok(Value::Array(out));
    }
    if let Some(ops) = patch.get("str") {
        let old: Vec<u16> = old
            .as_str()
            .ok_or_else(|| bad("`str` on no string"))?
            .encode_utf16()
            .collect();
        let ops = ops
            .as_array()
            .ok_or_else(|| bad("`str` holds operations"))?;
        let mut out: Vec<u16> = Vec::with_capacity(old.len());
        let mut next = 0usize;
        for op in ops {
            match op {
                Value::Number(n) => {
                    let n = n.as_i64().ok_or_else(|| bad("`str` counts are integers"))?;
                    let end = next
                        .checked_add(n.unsigned_abs() as usize)
                        .filter(|&e| e <= old.len())
                        .ok_or_else(|| bad("`str` goes past the old string"))?;
                    if n >= 0 {
                        out.extend_from_slice(&old[next..end]);
                    }
                    next = end;
                }
                Value::String(text) => out.extend(text.encode_utf16()),
                _ => return Err(bad("a `str` operation is a number or a string")),
            }
        }
        if next != old.len() {
            return Err(bad("`str` leaves old code units unaccounted for"));
        }
        return Ok(Value::String(String::from_utf16_lossy(&out)));
    }
    Err(bad("a patch is `set`, `obj`, `arr` or `str`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(old: Value, new: Value) -> Option<Value> {
        let patch = diff(&old, &new);
        let applied = match &patch {
            Some(p) => apply(&old, p).expect("applies"),
            None => old.clone(),
        };
        assert_eq!(applied, new, "patch {patch:?}");
        patch
    }

    #[test]
    fn equal_values_have_no_patch_and_small_changes_are_set() {
        assert_eq!(round_trip(json!({"a": [1, 2]}), json!({"a": [1, 2]})), None);
        assert_eq!(
            round_trip(
                json!({"a": 1, "b": 2, "c": 3}),
                json!({"a": 1, "b": 5, "d": 4})
            ),
            Some(json!({"obj": {"b": {"set": 5}, "d": {"set": 4}}, "del": ["c"]}))
        );
        assert_eq!(
            round_trip(json!([1, 2]), json!([1, 3])),
            Some(json!({"set": [1, 3]}))
        );
    }

    #[test]
    fn a_long_array_sends_only_its_changed_elements() {
        let old: Vec<Value> = (0..100).map(|i| json!({"n": i, "s": "x"})).collect();
        let mut new = old.clone();
        new.remove(10);
        new.insert(50, json!({"n": "new"}));
        new[80] = json!({"n": 80, "s": "y"});
        new.push(json!(7));
        let patch = round_trip(Value::Array(old), Value::Array(new)).expect("changed");
        assert_eq!(
            patch,
            json!({"arr": [10, -1, 40, [{"n": "new"}], 29, {"p": [{"obj": {"s": {"set": "y"}}}]}, 19, [7]]})
        );
    }

    #[test]
    fn a_long_string_sends_the_words_that_changed() {
        let old = format!("{} é {} b", "a".repeat(300), "c ".repeat(100));
        let new = format!("{} 😀 {} b x", "a".repeat(300), "c ".repeat(100));
        let patch = round_trip(json!(old), json!(new)).expect("changed");
        // é is one UTF-16 unit, 😀 two: JavaScript's lengths.
        assert_eq!(patch, json!({"str": [301, -2, "😀 ", 201, -1, "b x"]}));
    }

    #[test]
    fn a_patch_that_does_not_fit_is_refused() {
        let old = json!([1, 2, 3, 4, 5, 6, 7, 8]);
        for patch in [
            json!({"arr": [9]}),
            json!({"arr": [3]}),
            json!({"arr": [{"q": 1}, 8]}),
            json!({"obj": {}}),
            json!({"str": [9]}),
            json!({"nothing": 1}),
            json!(3),
        ] {
            assert!(apply(&old, &patch).is_err(), "{patch}");
        }
        assert!(
            apply(&json!("ab"), &json!({"str": [1, "x"]})).is_err(),
            "b unaccounted for"
        );
        assert_eq!(
            apply(&json!("ab"), &json!({"str": [1, "x", 1]})),
            Ok(json!("axb"))
        );
    }

    #[test]
    fn random_edits_round_trip() {
        // A small deterministic generator: values nested three deep, edited at random.
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..200 {
            let len = 5 + next(30) as usize;
            let old: Vec<Value> = (0..len).map(|i| json!({"i": i, "t": [i, i + 1]})).collect();
            let mut new = old.clone();
            for _ in 0..next(6) {
                let at = next(new.len() as u64 + 1) as usize;
                match next(3) {
                    0 if at < new.len() => {
                        new.remove(at);
                    }
                    1 if at < new.len() => new[at] = json!({"i": at, "t": [next(9)]}),
                    _ => new.insert(at, json!(next(100))),
                }
            }
            let (old, new) = (
                json!({"list": old, "k": 1}),
                json!({"list": new, "k": next(2)}),
            );
            round_trip(old, new);
        }
    }
}
