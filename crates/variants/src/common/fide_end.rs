//! FIDE's end of the game as the chess-like variants share it: checkmate, stalemate, a dead
//! position by material, the 75-move rule and fivefold repetition, and the draws a player may
//! claim (threefold repetition, the fifty-move rule). Rulings: docs/rules/classic.md.

use cozy_chess::{BitBoard, Piece};
use omnichess_core::{Outcome, ToAct};

/// What FIDE's end of the game reads of a position (classic chess's and Three Realms's): the
/// facts, with the costlier ones asked only when needed.
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

/// FIDE's claims (classic chess's, QEC's, Die Chess's and Three Realms's): threefold
/// repetition, then fifty moves, while the game is `open` for a claim. `repetitions` is asked
/// only when needed.
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

/// No pawn, rook or queen, and at most one minor piece or only bishops on one colour (classic
/// chess's and QEC's rule).
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
