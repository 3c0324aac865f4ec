//! How long a search may run: depth, nodes, time, and a stop flag another thread can raise.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The deepest iteration a search starts (in player decisions) when no depth is given.
pub const MAX_DEPTH: u32 = 64;

/// The work a search node may spend on "has the player on turn any legal turn?"
/// ([`omnichess_core::Hooks::to_act_bounded`]); 5D Chess: candidate actions tested, about a
/// millisecond in wide multiverses. Past it the node is searched as a player's, and a
/// player with no legal turn finds every way a dead end (docs/ENGINE.md).
pub const NODE_TEST_EFFORT: u64 = 2_000;

/// The same work past the horizon, where a node's value is an estimate anyway: none. 5D
/// Chess takes the player on turn to act (a mate or stalemate there is left to the main
/// search, as a chess quiescence search leaves stalemate); the other variants answer exactly
/// whatever the effort.
pub const QUIESCENCE_TEST_EFFORT: u64 = 0;

/// The work a referee (a match, an agent completing a turn) spends on the same question
/// before it takes the player on turn to act: about a second in 5D Chess.
pub const REFEREE_TEST_EFFORT: u64 = 100_000;

/// The work an engine whose search found no whole turn spends on the variant's own search
/// for one ([`omnichess_core::Hooks::quick_turn`]) before it walks the decisions: ten times
/// the referee's (5D Chess: up to about 20 s and 1 GiB), since a side that finds no turn
/// loses the game. Only positions the referee could not decide get there.
pub const LAST_RESORT_EFFORT: u64 = 10 * REFEREE_TEST_EFFORT;

/// Decision listings an agent may spend looking for any way to complete a turn (a
/// depth-first search that takes back dead ends) before it gives up.
pub const TURN_COMPLETION_EFFORT: u64 = 5_000;

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
    /// For a whole turn ([`crate::Search::best_turn`]): each decision of the turn is searched
    /// anew within these limits (a 5D turn of three moves and `submit` may take four times
    /// the time), instead of the turn sharing them. Agents' levels (`engine:time=0.1`: 0.1 s
    /// per decision) set it; a clock's budget and `analyze` do not.
    pub each_decision: bool,
    /// Search until `time` runs out (a fixed time for one decision: agents' levels such as
    /// `engine:time=0.1`, UCI's `go movetime`): iterations go on to the deadline, the
    /// unfinished last one's best kept when it beat the one before. Without it (a clock's
    /// share, a turn's shared time, `analyze --time`) no iteration starts after half of
    /// `time`, which is then saved for later decisions.
    pub whole_time: bool,
    /// Analysis (`omnichess analyze`, the server's analysis): the score is wanted, not only the
    /// decision, so a position with a single legal decision is searched to the limits like
    /// any other. In play it is not (its one decision is found at depth 1, and the search
    /// stops there).
    pub analysis: bool,
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
