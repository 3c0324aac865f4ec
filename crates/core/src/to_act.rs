//! Who makes the next decision.

use std::fmt;

use crate::{Outcome, Player};

/// Who acts next in a state: a player, chance, or nobody because the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToAct {
    /// The player chooses one of the state's decisions.
    Player(Player),
    /// Chance picks one of the state's decisions, each with the probability
    /// [`crate::Game::probability`] gives (a die roll, a rolled promotion).
    Chance,
    /// The game is over.
    Nobody(Outcome),
}

impl ToAct {
    /// The acting player, if a player acts.
    #[must_use]
    pub const fn player(self) -> Option<Player> {
        match self {
            ToAct::Player(p) => Some(p),
            _ => None,
        }
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            ToAct::Nobody(o) => Some(o),
            _ => None,
        }
    }
}

impl fmt::Display for ToAct {
    /// `white`, `black`, `chance` or `none`: the word `omnichess moves` prints after `to-act: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToAct::Player(p) => write!(f, "{p}"),
            ToAct::Chance => f.write_str("chance"),
            ToAct::Nobody(_) => f.write_str("none"),
        }
    }
}
