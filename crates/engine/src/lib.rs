//! # omnichess-engine
//!
//! One search for every omnichess variant, through the core game model, and a per-variant
//! evaluation. See docs/ENGINE.md for the design and the figures.
//!
//! * [`Search`] — iterative-deepening expectiminimax with alpha-beta, a transposition table,
//!   move ordering, quiescence, check extension, and Star2 pruning at chance nodes.
//! * [`mcts`] — Monte-Carlo tree search, the second strategy, for games whose branching
//!   explodes (5D Chess).
//! * [`eval`] — the [`Evaluator`] trait and the evaluations of classic chess, QEC and Die Chess.
//! * [`clock`] — time management from a clock with increment, for UCI and for agents; the
//!   clocks a variant's rules name ([`omnichess_core::Variant::time_controls`]) by their keys.
//! * [`agents`] — the engine, `random` and `greedy` as [`agents::Agent`]s, read from text by
//!   [`agents::AgentSpec`]; [`match_play`] plays them against each other.
//! * [`protocol`] — UCI's and 5DUCI's command lines read into values, and the 5DUCI engine of
//!   a variant that speaks it, for `omnichess uci` (the variant's entry names its protocol).
//! * [`registry`] — [`ENGINES`]: analysis, matches and agents by variant name, all in text, for
//!   the CLI.
//!
//! ```
//! use omnichess_core::Notation;
//! use omnichess_engine::{Limits, Search, eval::ClassicEval};
//! use omnichess_variants::classic::Classic;
//!
//! // Scholar's mate is one move away.
//! let game = Classic::from_position_text(
//!     "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
//! let mut search = Search::new(ClassicEval, 1);
//! let result = search.search(&game, &Limits::depth(2), &mut |_| {}).unwrap();
//! assert_eq!(game.decision_text(result.best), "h5f7");
//! assert_eq!(omnichess_engine::score::mate_distance(result.score), Some(1));
//! ```
#![deny(missing_docs)]

pub mod adjudication;
pub mod agents;
pub mod clock;
mod error;
pub mod eval;
pub mod limits;
pub mod match_play;
pub mod mcts;
pub mod ordering;
pub mod protocol;
pub mod registry;
pub mod score;
pub mod search;
pub mod tt;
mod turn_walk;
pub mod uci_agent;

pub use error::EngineError;
pub use eval::Evaluator;
pub use limits::Limits;
pub use registry::{ENGINES, EngineEntry, find};
pub use search::{Report, Search, SearchResult, Turn};
