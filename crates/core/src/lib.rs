//! # omnichess-core
//!
//! The game model every omnichess variant implements, and the generic code above it.
//!
//! * [`Game`] — the rules: who acts next ([`ToAct`]: a [`Player`], chance, or nobody with an
//!   [`Outcome`]), the open decisions, chance's probabilities, apply and undo, a hash, where
//!   turns end.
//! * Beside it, each with defaults: [`Counting`] (perft's and `actions`' counts, faster where a
//!   variant can) and [`Hooks`] (what a search, a referee or a clock asks of one variant or
//!   another: a bounded "who acts?", a quick turn, a null move, claimable draws, a decision
//!   clock, a forfeit's probability) and [`Events`] (the events of its rules a balance study
//!   counts: QEC's forced replies, Die Chess's forfeits, 5D Chess's new timelines).
//! * [`Variant`] — a game with a name, starts and capabilities, gathering its texts:
//!   [`Notation`] (position text, decision notation), [`Records`] (the record format) and
//!   [`Presentation`] (the terminal diagram, the [`View`], help).
//! * Generic code: [`perft`], turn counting ([`Counting::count_turns`]), [`replay`] of a
//!   [`GameRecord`], and the [`DynGame`] / [`VariantEntry`] pair through which callers that
//!   choose the variant at run time (the CLI) reach any variant.
//! * [`geometry`] — n-dimensional coordinates, direction sets, leapers and riders for the
//!   multi-board variants.
//!
//! ```
//! use omnichess_core::{Counting, Game, Player, ToAct, perft};
//!
//! /// A race to 4: each player adds 1 or 2 to a shared counter; whoever reaches 4 wins.
//! #[derive(Clone)]
//! struct Race { total: u8, history: Vec<u8> }
//!
//! impl Game for Race {
//!     type Decision = u8;
//!     fn to_act(&self) -> ToAct {
//!         let mover = if self.history.len() % 2 == 0 { Player::White } else { Player::Black };
//!         if self.total >= 4 {
//!             ToAct::Nobody(omnichess_core::Outcome::win(mover.opponent(), "reached 4"))
//!         } else {
//!             ToAct::Player(mover)
//!         }
//!     }
//!     fn decisions(&self, out: &mut Vec<u8>) {
//!         out.clear();
//!         if self.total < 4 { out.extend([1, 2]); }
//!     }
//!     fn apply(&mut self, step: u8) { self.total += step; self.history.push(step); }
//!     fn undo(&mut self) -> bool {
//!         self.history.pop().map(|step| self.total -= step).is_some()
//!     }
//!     fn hash(&self) -> u64 { u64::from(self.total) }
//!     fn turn_index(&self) -> u64 { self.history.len() as u64 }
//! }
//! // Perft's counts by walking the decisions (the defaults).
//! impl Counting for Race {}
//!
//! let mut race = Race { total: 0, history: Vec::new() };
//! assert_eq!(race.to_act(), ToAct::Player(Player::White));
//! // 1+1+1+1, 1+1+2, 1+2+1, 2+1+1, 2+2 and the overshoots 1+1+1+2, 1+2+2, 2+1+2: sequences
//! // of length 2 are all four pairs.
//! assert_eq!(perft::perft(&mut race, 2), 4);
//! race.apply(2);
//! race.apply(2);
//! assert_eq!(race.to_act().outcome().map(|o| o.verdict),
//!            Some(omnichess_core::Verdict::Win(Player::Black)));
//! ```
#![deny(missing_docs)]

mod capabilities;
mod counting;
mod decision_info;
mod error;
mod events;
mod game;
pub mod geometry;
pub mod hashing;
mod hooks;
mod notation;
mod outcome;
pub mod perft;
mod player;
mod presentation;
mod record;
mod records;
mod registry;
mod search_memory;
pub mod series;
mod session;
mod to_act;
mod turns;
mod variant;
pub mod view;
pub mod work_limit;

pub use capabilities::{
    BoardLayout, ClaimedValue, EngineProtocol, Guide, MarkDraw, MarkStyle, NamedStart,
    RulesTimeControl,
};
pub use counting::Counting;
pub use decision_info::{DecisionInfo, DecisionKind};
pub use error::{
    DecisionError, EXCERPT_CHARS, EnginePositionError, PositionError, PositionErrorKind,
    RecordError, ReplayError, WHOLE_POSITION_CHARS, counted, excerpt, quoted_position,
    shorten_quotes,
};
pub use events::{EventCount, EventKind, Events, count_events};
pub use game::Game;
pub use hooks::Hooks;
pub use notation::{EnginePosition, Notation};
pub use outcome::{Outcome, Verdict, pgn_termination};
pub use player::Player;
pub use presentation::{Presentation, TurnNumber};
pub use record::{GameRecord, RecordedDecision, replay};
pub use records::Records;
pub use registry::{OpenFn, ParseRecordFn, VariantEntry, find};
pub use search_memory::{DEFAULT_SEARCH_MEMORY, search_memory, set_search_memory};
pub use session::{DynGame, Session};
pub use to_act::ToAct;
pub use turns::{count_complete_turns, play_checked};
pub use variant::Variant;
pub use view::{Arrow, BoardView, Cell, MoveView, PieceView, SquareEdit, SquareMark, View};
