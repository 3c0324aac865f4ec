//! A snapshot kept as the parts its JSON is made of, once per version of a game: its long
//! lists (the boards, the moves on them, the legal decisions) element by element, each
//! element's JSON text with its digest, and the rest as a JSON value.
//!
//! Kept so, a snapshot is written for a reader without building it again (the clock, the one
//! part that changes with time, put in fresh), and the next version's patch
//! ([`crate::protocol::patch`]) is found from the digests: an element unchanged since the last
//! version keeps its text, so a move in a long 5D game serializes only the boards and moves it
//! changed. The texts have each object's keys in alphabetical order, as every message of the
//! protocol.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

use crate::protocol::patch::{self, Digests};
use crate::protocol::snapshot::{ClockState, Snapshot};

/// The lists kept element by element, by their path in the snapshot's JSON.
const LISTS: [&[&str]; 3] = [&["view", "boards"], &["view", "moves"], &["decisions"]];

/// One element of a long list: its digest and its JSON text.
#[derive(Clone, Debug)]
struct Element {
    digest: u128,
    text: Arc<str>,
}

/// A snapshot in parts (see the module documentation).
#[derive(Debug)]
pub struct SnapshotParts {
    /// The game's version the snapshot is of.
    pub version: i64,
    /// The seat to act in it.
    pub to_act_index: Option<u8>,
    /// The snapshot's JSON without the long lists (each an empty array).
    rest: Value,
    /// The long lists, in the order of [`LISTS`].
    lists: [Vec<Element>; 3],
    /// The bytes its texts hold, about: what a cache of parts weighs them by.
    pub bytes: usize,
}

/// A patch from one version of a game's snapshot to a later one.
#[derive(Debug)]
pub struct SnapshotPatch {
    /// The version the patch applies to.
    pub from: i64,
    /// The version it makes.
    pub version: i64,
    /// The patch ([`crate::protocol::patch`]).
    pub patch: Value,
}

/// The texts of `items`, reusing those of `before` with the same digest.
fn elements<T: Serialize>(
    items: &[T],
    before: Option<&[Element]>,
    digests: &mut Digests,
) -> Vec<Element> {
    let known: HashMap<u128, &Arc<str>> = before
        .into_iter()
        .flatten()
        .map(|e| (e.digest, &e.text))
        .collect();
    items
        .iter()
        .map(|item| {
            let digest = digests.of(item);
            let text = known.get(&digest).map_or_else(
                || Arc::from(crate::protocol::to_text(item)),
                |t| Arc::clone(t),
            );
            Element { digest, text }
        })
        .collect()
}

/// Reads back an element's text (one the server wrote).
fn value_of(element: &Element) -> Value {
    serde_json::from_str(&element.text).unwrap_or(Value::Null)
}

impl SnapshotParts {
    /// `snapshot` in parts; `before`, the game's parts at an earlier version, lends the texts
    /// of the elements they share.
    #[must_use]
    pub fn of(snapshot: &mut Snapshot, before: Option<&SnapshotParts>) -> SnapshotParts {
        let boards = std::mem::take(&mut snapshot.view.view.boards);
        let moves = std::mem::take(&mut snapshot.view.view.moves);
        let decisions = std::mem::take(&mut snapshot.decisions);
        let rest = serde_json::to_value(&*snapshot).unwrap_or(Value::Null);
        let mut digests = Digests::default();
        let lists = [
            elements(&boards, before.map(|b| b.lists[0].as_slice()), &mut digests),
            elements(&moves, before.map(|b| b.lists[1].as_slice()), &mut digests),
            elements(
                &decisions,
                before.map(|b| b.lists[2].as_slice()),
                &mut digests,
            ),
        ];
        snapshot.view.view.boards = boards;
        snapshot.view.view.moves = moves;
        snapshot.decisions = decisions;
        let listed: usize = lists.iter().flatten().map(|e| e.text.len() + 32).sum();
        let bytes = listed
            + rest
                .get("position")
                .and_then(Value::as_str)
                .map_or(0, str::len);
        SnapshotParts {
            version: snapshot.version,
            to_act_index: snapshot.to_act_index,
            rest,
            lists,
            bytes,
        }
    }

    /// The snapshot's JSON text, with `clock` in place of the one it was made with (the
    /// clocks as of now; `None` keeps it).
    #[must_use]
    pub fn text(&self, clock: Option<&Option<ClockState>>) -> String {
        let mut out = String::with_capacity(self.bytes + 1024);
        let clock = clock.map(|c| serde_json::to_value(c).unwrap_or(Value::Null));
        self.write(&mut out, &self.rest, &mut Vec::new(), clock.as_ref());
        out
    }

    /// Writes `value`, found at `path`, with the long lists spliced in and the top level's
    /// clock replaced by `clock`.
    fn write<'a>(
        &self,
        out: &mut String,
        value: &'a Value,
        path: &mut Vec<&'a str>,
        clock: Option<&Value>,
    ) {
        if let Some(i) = LISTS.iter().position(|l| *l == path.as_slice()) {
            out.push('[');
            for (n, element) in self.lists[i].iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                out.push_str(&element.text);
            }
            out.push(']');
            return;
        }
        let Value::Object(map) = value else {
            out.push_str(&value.to_string());
            return;
        };
        out.push('{');
        for (n, (key, item)) in map.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str(&Value::from(key.as_str()).to_string());
            out.push(':');
            match clock {
                Some(fresh) if path.is_empty() && key == "clock" => {
                    out.push_str(&fresh.to_string());
                }
                _ => {
                    path.push(key);
                    self.write(out, item, path, None);
                    path.pop();
                }
            }
        }
        out.push('}');
    }

    /// The patch from `before`, an earlier version's parts of the same game, to these.
    #[must_use]
    pub fn patch_from(&self, before: &SnapshotParts) -> SnapshotPatch {
        let mut patch = patch::diff(&before.rest, &self.rest).unwrap_or_else(|| json!({"obj": {}}));
        // The clock is sent whole: the one kept was read at another moment than the client's.
        if let (Some(clock), Some(changed)) = (
            self.rest.get("clock"),
            patch.get_mut("obj").and_then(Value::as_object_mut),
        ) {
            changed.insert("clock".to_owned(), json!({ "set": clock }));
        }
        for (i, path) in LISTS.iter().enumerate() {
            let (old, new) = (&before.lists[i], &self.lists[i]);
            let digests = |list: &[Element]| list.iter().map(|e| e.digest).collect::<Vec<_>>();
            let (a, b) = (digests(old), digests(new));
            if a == b {
                continue;
            }
            let ops = patch::array_ops(&a, &b, |k| value_of(&old[k]), |k| value_of(&new[k]));
            let mut at = &mut patch;
            for key in *path {
                at = at
                    .as_object_mut()
                    .and_then(|o| o.get_mut("obj"))
                    .and_then(Value::as_object_mut)
                    .map(|o| o.entry(*key).or_insert_with(|| json!({"obj": {}})))
                    .expect("a snapshot's patch is an object's down to its long lists");
            }
            *at = json!({"arr": ops});
        }
        SnapshotPatch {
            from: before.version,
            version: self.version,
            patch,
        }
    }
}

/// A snapshot as the server sends it: its parts, the clocks as of now where the parts were
/// kept from an earlier moment, and the patch from the game's last kept version where the
/// snapshot is of a change.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The parts.
    pub parts: Arc<SnapshotParts>,
    /// The clocks now, in place of the parts' own (`None`: the parts' own).
    pub clock: Option<Option<ClockState>>,
    /// The patch from the version kept before, for a change.
    pub patch: Option<Arc<SnapshotPatch>>,
}

impl Shown {
    /// The snapshot's JSON text.
    #[must_use]
    pub fn text(&self) -> String {
        self.parts.text(self.clock.as_ref())
    }

    /// The patch's JSON text as `POST …/decisions` answers it (`DecisionPatch`), where the
    /// patch is from version `from`.
    #[must_use]
    pub fn patch_text(&self, from: i64) -> Option<String> {
        let patch = self.patch.as_ref().filter(|p| p.from == from)?;
        Some(crate::protocol::to_text(
            &crate::protocol::http::DecisionPatch {
                from: patch.from,
                patch: patch.patch.clone(),
                version: patch.version,
            },
        ))
    }
}

impl axum::response::IntoResponse for Shown {
    fn into_response(self) -> axum::response::Response {
        crate::protocol::JsonText(self.text()).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::loaded::Loaded;
    use crate::store::{GameRow, StoredGame};

    fn stored(variant: &str, decisions: &[&str]) -> StoredGame {
        let events = decisions
            .iter()
            .enumerate()
            .map(|(i, d)| crate::store::Event {
                seq: i as i64,
                kind: "decision".to_owned(),
                player: Some((i % 2) as u8),
                text: (*d).to_owned(),
                at_ms: 0,
            })
            .collect();
        StoredGame {
            row: GameRow {
                id: "g".to_owned(),
                variant: variant.to_owned(),
                start: None,
                tokens: ["w".to_owned(), "b".to_owned()],
                options: crate::game::options::GameOptions::default(),
                created_ms: 0,
                players: [None, None],
            },
            events,
        }
    }

    fn built(variant: &str, decisions: &[&str]) -> Snapshot {
        Loaded::build(stored(variant, decisions))
            .expect("builds")
            .snapshot(0)
    }

    fn parts(
        variant: &str,
        decisions: &[&str],
        before: Option<&SnapshotParts>,
    ) -> (Value, SnapshotParts) {
        let mut snapshot = built(variant, decisions);
        let whole = serde_json::to_value(&snapshot).expect("json");
        let parts = SnapshotParts::of(&mut snapshot, before);
        assert_eq!(
            serde_json::to_value(&snapshot).expect("json"),
            whole,
            "the lists are put back"
        );
        (whole, parts)
    }

    /// The texts written by hand are the protocol's messages, `update` and `patch`.
    #[test]
    fn a_change_is_written_as_the_update_and_patch_messages() {
        use crate::game::broadcast::Broadcast;
        use crate::protocol::Versioned;
        use crate::protocol::game_socket::{GameEvent, ServerMessage};
        let (_, first) = parts("classic", &["e2e4"], None);
        let mut snapshot = built("classic", &["e2e4", "e7e5"]);
        let second = Arc::new(SnapshotParts::of(&mut snapshot, Some(&first)));
        let patch = Arc::new(second.patch_from(&first));
        let events = vec![GameEvent {
            seq: 1,
            kind: "decision".to_owned(),
            player: Some(1),
            text: "e7e5".to_owned(),
            at_ms: 0,
        }];
        let change = Broadcast::of_change(events.clone(), second, Some(Arc::clone(&patch)));
        let update = Versioned::text(ServerMessage::Update {
            events: events.clone(),
            game: snapshot,
        });
        assert_eq!(change.update(), update);
        let patched = Versioned::text(ServerMessage::Patch {
            events,
            from: 1,
            patch: patch.patch.clone(),
            version: 2,
        });
        assert_eq!(change.patch_for(Some(1)), Some(patched.as_str()));
        assert_eq!(
            change.patch_for(Some(0)),
            None,
            "a socket at another version"
        );
        assert_eq!(change.patch_for(None), None);
    }

    #[test]
    fn the_parts_write_the_snapshot_and_patch_it_to_the_next_version() {
        let (whole, first) = parts("classic", &["e2e4"], None);
        assert_eq!(
            first.text(None),
            crate::protocol::to_text(&whole),
            "alphabetical keys"
        );
        let (next, second) = parts("classic", &["e2e4", "e7e5"], Some(&first));
        let patch = second.patch_from(&first);
        assert_eq!((patch.from, patch.version), (1, 2));
        let applied = patch::apply(&whole, &patch.patch).expect("applies");
        assert_eq!(applied, next);
        // The board: its two changed squares patched, not the board sent again.
        let board = &patch.patch["obj"]["view"]["obj"]["boards"]["arr"][0]["p"][0];
        let pawn = json!({"kind": "P", "name": "pawn", "player": 1, "tag": null, "value": 1.0});
        assert_eq!(
            board["obj"]["squares"]["arr"],
            json!([36, {"p": [{"set": pawn}]}, 15, {"p": [{"set": null}]}, 11]),
            "{}",
            patch.patch
        );
    }

    #[test]
    fn a_fresh_clock_replaces_the_kept_one() {
        let (whole, first) = parts("classic", &[], None);
        let clock = Some(ClockState {
            base_ms: 60_000,
            ..ClockState::default()
        });
        let text: Value = serde_json::from_str(&first.text(Some(&clock))).expect("json");
        assert_eq!(text["clock"]["base_ms"], 60_000);
        assert_eq!(text["view"], whole["view"]);
    }

    /// Empty parts of `version` said to weigh `bytes`: for the cache's test.
    fn weighing(version: i64, bytes: usize) -> SnapshotParts {
        SnapshotParts {
            version,
            to_act_index: None,
            rest: json!({}),
            lists: Default::default(),
            bytes,
        }
    }

    #[test]
    fn the_games_read_longest_ago_go_past_the_bound() {
        let cache = crate::game::snapshot_cache::SnapshotCache::default();
        let third = crate::game::snapshot_cache::SNAPSHOT_CACHE_BYTES / 3;
        for id in ["a", "b", "c"] {
            cache.put(id, Arc::new(weighing(1, third)));
        }
        assert!(cache.get("a").is_some(), "a read last");
        cache.put("d", Arc::new(weighing(1, third)));
        assert!(cache.get("b").is_none(), "b read longest ago");
        assert_eq!(cache.size(), (3, 3 * third));
        // An older version is not kept; a newer one is, with the one before it.
        cache.put("a", Arc::new(weighing(0, 1)));
        assert_eq!(cache.get("a").map(|p| p.version), Some(1));
        cache.put("a", Arc::new(weighing(2, 1)));
        cache.put("a", Arc::new(weighing(3, 1)));
        assert_eq!(cache.get("a").map(|p| p.version), Some(3));
        assert_eq!(cache.before("a", 3).map(|p| p.version), Some(2));
        assert_eq!(
            cache.before("a", 2).map(|p| p.version),
            None,
            "two versions kept"
        );
        assert_eq!(cache.size(), (3, 2 * third + 2));
    }
}
