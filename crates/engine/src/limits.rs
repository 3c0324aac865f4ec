//! How long a search may run: depth, nodes, time, and a stop flag another thread can raise.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The deepest iteration a search starts (in player decisions) when no depth is given.
pub const MAX_DEPTH: u32 = 64;

/// The limits of one search. Whichever is reached first ends it; the result is that of the
/// deepest completed iteration. With none of depth, nodes and time set, the search runs to
/// [`MAX_DEPTH`] (or until it proves a win or loss, or is stopped).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The last iteration's depth, in player decisions (chance outcomes do not count).
    pub depth: Option<u32>,
    /// The most nodes to visit. A search limited by nodes (or depth) alone is reproducible.
    pub nodes: Option<u64>,
    /// The time the search may take.
    pub time: Option<Duration>,
    /// Set to `true` (by another thread) to stop the search at its next check.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Iterations up to `depth` player decisions.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// At most `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// At most `time`.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Whether any of depth, nodes or time is set.
    #[must_use]
    pub fn is_bounded(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.time.is_some()
    }
}
