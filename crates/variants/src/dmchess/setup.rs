//! 5.1.3, "Players may distribute their Kings across any dimensions before play begins"
//! (ruling K.5): an optional setup phase (`setup=ld` in the position text; `start setup=ld`
//! is the standard start with it). Light, then Dark, moves kings between boards, one
//! transfer per decision, and ends with `done`; then Light plays its first move (5.1.4).
//!
//! A transfer takes a king still on its e-square (each king moves once) from board A to
//! board B: it takes the first of d, f, c, g, b, then a, h on B's first rank that holds no
//! king (the rooks last, so they keep castling while they can; all eight kings fit on one
//! board), and the piece there goes to the king's e-square on A.
//! Both take their new board's number as DEL (4.3.1: a piece's DEL is the dimension it starts
//! on). EDAN writes it as the king's move: `Kd1e1-d3d1`.

use omnichess_core::Player;

use super::piece::Kind;
use super::position::{Move, Position, Special};
use super::square::{self, DIMENSIONS};

/// The first-rank files a transferred king may take, in order: the rooks' corners last.
const SLOTS: [u8; 7] = [3, 5, 2, 6, 1, 0, 7];

/// The `done` decision that ends a player's distribution.
pub const DONE: Move = Move {
    from: 0,
    to: 0,
    promotion: None,
    special: Special::Done,
};

impl Position {
    /// Whether `player` still distributes its kings.
    #[must_use]
    pub fn distributing(&self, player: Player) -> bool {
        self.setup >> player as u8 & 1 == 1
    }

    /// The first rank of `player`'s side, as a square offset on a board.
    const fn home_rank(player: Player) -> u8 {
        match player {
            Player::White => 0,
            Player::Black => 56,
        }
    }

    /// Calls `f` with every setup decision of the side to move: each transfer, then `done`.
    pub(super) fn for_each_setup(&self, f: &mut impl FnMut(Move) -> bool) -> bool {
        let us = self.side;
        let home = Position::home_rank(us);
        for a in 0..DIMENSIONS {
            let from = square::at(a, home + 4);
            let original = self
                .piece(from)
                .is_some_and(|p| p.kind() == Kind::King && p.player() == us);
            if !original {
                continue;
            }
            for b in (0..DIMENSIONS).filter(|&b| b != a) {
                let slot = SLOTS.iter().map(|&f| square::at(b, home + f)).find(|&s| {
                    self.piece(s)
                        .is_some_and(|p| p.player() == us && p.kind() != Kind::King)
                });
                if let Some(to) = slot {
                    let mv = Move {
                        from,
                        to,
                        promotion: None,
                        special: Special::Transfer,
                    };
                    if f(mv) {
                        return true;
                    }
                }
            }
        }
        f(DONE)
    }

    /// Plays a setup decision.
    pub(super) fn make_setup(&mut self, mv: Move) {
        let us = self.side;
        if mv.special == Special::Done {
            self.setup &= !(1 << us as u8);
            self.setup_turns += 1;
            self.side = if self.distributing(us.opponent()) {
                us.opponent()
            } else {
                Player::White
            };
            return;
        }
        let (Some(king), Some(other)) = (self.remove(mv.from), self.remove(mv.to)) else {
            unreachable!("a transfer swaps a king and a piece");
        };
        let del = |sq: u16| square::dim(sq) as u8 + 1;
        self.put(mv.to, king.with_del(del(mv.to)).with_unmoved(false));
        self.put(mv.from, other.with_del(del(mv.from)).with_unmoved(false));
    }
}
