//! The two sides of a game.

use std::fmt;

/// One of the two players. Every omnichess variant is a two-player game; chance is not a player
/// (see [`crate::ToAct::Chance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first in the standard start.
    White,
    /// The other player.
    Black,
}

impl Player {
    /// Both players, White first.
    pub const BOTH: [Player; 2] = [Player::White, Player::Black];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    /// `+1` for White and `-1` for Black: the sign that turns a score from White's view into
    /// this player's view.
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Player::White => 1,
            Player::Black => -1,
        }
    }

    /// The lower-case English name, as printed by `omnichess moves` (`white`, `black`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for p in Player::BOTH {
            assert_eq!(p.opponent().opponent(), p);
            assert_ne!(p.opponent(), p);
            assert_eq!(p.sign(), -p.opponent().sign());
        }
        assert_eq!(Player::White.to_string(), "white");
        assert_eq!(Player::Black.to_string(), "black");
    }
}
