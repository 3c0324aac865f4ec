//! The end of the game: checkmate, stalemate, dead positions, the 75-move rule, fivefold
//! repetition, and the draws a player may claim (threefold repetition, fifty-move rule).
//! Rulings: docs/rules/classic.md.

use cozy_chess::{BitBoard, Piece};
use omnichess_core::{Outcome, ToAct};

use super::Classic;
use super::state::player;

impl Classic {
    pub(super) fn rules_to_act(&self) -> ToAct {
        fide_to_act(&FideEnd {
            mover: player(self.board.side_to_move()),
            has_move: self.has_legal_move(),
            in_check: || !self.board.checkers().is_empty(),
            insufficient: || self.insufficient_material(),
            halfmoves: self.halfmoves,
            repetitions: || self.repetitions(),
        })
    }

    pub(super) fn rules_claimable_draw(&self) -> Option<&'static str> {
        // The claim first: whether the game is still open costs a move generation, and the
        // engine asks at every node.
        claimable(true, || self.repetitions(), self.halfmoves)
            .filter(|_| !matches!(self.rules_to_act(), ToAct::Nobody(_)))
    }

    /// How often the current position has occurred in this game, counting itself, by FIDE's
    /// definition (same pieces, side to move, castling rights, and en passant only where a
    /// capture is legal). Only positions since the last capture or pawn move can repeat.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let key = self.board.hash_without_ep();
        let reversible = usize::from(self.halfmoves).min(self.earlier.len());
        let recent = &self.earlier[self.earlier.len() - reversible..];
        1 + recent
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|s| s.board.hash_without_ep() == key && s.board.same_position(&self.board))
            .count()
    }

    /// FIDE's dead positions that material alone decides: no pawn, rook or queen, and either
    /// at most one minor piece or only bishops, all on squares of one colour.
    #[must_use]
    pub fn insufficient_material(&self) -> bool {
        dead_by_material(&self.board)
    }
}

/// What FIDE's end of the game reads of a position (also Three Realms's): the facts, with
/// the costlier ones asked only when needed.
pub(crate) struct FideEnd<C, I, R> {
    /// The player to move.
    pub mover: omnichess_core::Player,
    /// Whether the player to move has a legal move.
    pub has_move: bool,
    /// Whether the player to move is in check.
    pub in_check: C,
    /// Whether the material is insufficient (a dead position).
    pub insufficient: I,
    /// Halfmoves since the last capture or irreversible move.
    pub halfmoves: u16,
    /// How often the position has occurred.
    pub repetitions: R,
}

/// Checkmate, stalemate, a dead position by material, the 75-move rule, fivefold
/// repetition, in that order; else the mover acts.
pub(crate) fn fide_to_act<C, I, R>(end: &FideEnd<C, I, R>) -> ToAct
where
    C: Fn() -> bool,
    I: Fn() -> bool,
    R: Fn() -> usize,
{
    let ending = if !end.has_move {
        Some(if (end.in_check)() {
            Outcome::win(end.mover.opponent(), "checkmate")
        } else {
            Outcome::draw("stalemate")
        })
    } else if (end.insufficient)() {
        Some(Outcome::draw("insufficient material"))
    } else if end.halfmoves >= 150 {
        Some(Outcome::draw("seventy-five-move rule"))
    } else if (end.repetitions)() >= 5 {
        Some(Outcome::draw("fivefold repetition"))
    } else {
        None
    };
    ending.map_or(ToAct::Player(end.mover), ToAct::Nobody)
}

/// FIDE's claims (also QEC's and Die Chess's): threefold repetition, then fifty moves, while
/// the game is `open` for a claim. `repetitions` is asked only when needed.
pub(crate) fn claimable(
    open: bool,
    repetitions: impl FnOnce() -> usize,
    halfmoves: u16,
) -> Option<&'static str> {
    if !open {
        None
    } else if repetitions() >= 3 {
        Some("threefold repetition")
    } else if halfmoves >= 100 {
        Some("fifty-move rule")
    } else {
        None
    }
}

/// No pawn, rook or queen, and at most one minor piece or only bishops on one colour (also
/// QEC's rule).
pub(crate) fn dead_by_material(b: &cozy_chess::Board) -> bool {
    if !(b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen)).is_empty() {
        return false;
    }
    let knights = b.pieces(Piece::Knight);
    let bishops = b.pieces(Piece::Bishop);
    (knights | bishops).len() <= 1
        || (knights.is_empty()
            && ((bishops & BitBoard::DARK_SQUARES).is_empty()
                || (bishops & BitBoard::LIGHT_SQUARES).is_empty()))
}
