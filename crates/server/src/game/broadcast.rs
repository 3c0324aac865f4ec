//! A stored change as the game's sockets are sent it: `update` with the whole snapshot, or
//! `patch` with what changed since the version a socket last had (docs/PROTOCOL.md). Each text
//! is written once, the first time a socket needs it, whatever the number of sockets.

use std::sync::{Arc, OnceLock};

use super::snapshot_parts::{SnapshotParts, SnapshotPatch};
use crate::protocol::game_socket::GameEvent;
use crate::protocol::to_text;

/// The snapshot an `update` carries.
#[derive(Debug)]
enum Whole {
    /// In parts, written when a socket needs it.
    Parts(Arc<SnapshotParts>),
    /// Already written.
    Text(String),
}

/// One change of a game, for its sockets.
#[derive(Debug)]
pub struct Broadcast {
    /// The game's version after it.
    pub version: i64,
    events: Vec<GameEvent>,
    whole: Whole,
    patch: Option<Arc<SnapshotPatch>>,
    update_text: OnceLock<String>,
    patch_text: OnceLock<String>,
}

impl Broadcast {
    /// The change that stored `events`, making `parts`; `patch` from the version kept before.
    #[must_use]
    pub fn of_change(
        events: Vec<GameEvent>,
        parts: Arc<SnapshotParts>,
        patch: Option<Arc<SnapshotPatch>>,
    ) -> Broadcast {
        Broadcast {
            version: parts.version,
            events,
            whole: Whole::Parts(parts),
            patch,
            update_text: OnceLock::new(),
            patch_text: OnceLock::new(),
        }
    }

    /// A change whose snapshot, of `version`, is already written as `snapshot` (a change told
    /// by another server): sent as `update` only.
    #[must_use]
    pub fn of_text(events: Vec<GameEvent>, version: i64, snapshot: String) -> Broadcast {
        Broadcast {
            version,
            events,
            whole: Whole::Text(snapshot),
            patch: None,
            update_text: OnceLock::new(),
            patch_text: OnceLock::new(),
        }
    }

    /// The `update` message.
    pub fn update(&self) -> &str {
        self.update_text.get_or_init(|| {
            let snapshot = match &self.whole {
                Whole::Parts(parts) => parts.text(None),
                Whole::Text(text) => text.clone(),
            };
            format!(
                r#"{{"events":{},"game":{snapshot},"type":"update","v":{}}}"#,
                to_text(&self.events),
                crate::protocol::VERSION
            )
        })
    }

    /// The `patch` message for a socket that last had version `seen`, where there is a patch
    /// from it.
    pub fn patch_for(&self, seen: Option<i64>) -> Option<&str> {
        let patch = self.patch.as_ref().filter(|p| Some(p.from) == seen)?;
        Some(self.patch_text.get_or_init(|| {
            format!(
                r#"{{"events":{},"from":{},"patch":{},"type":"patch","v":{},"version":{}}}"#,
                to_text(&self.events),
                patch.from,
                to_text(&patch.patch),
                crate::protocol::VERSION,
                patch.version
            )
        }))
    }
}
