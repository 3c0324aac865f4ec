//! Quantum Entanglement Chess: the shared board core plus the two terms the rule text names
//! (§13: "entanglement control, free-piece ratio").
//!
//! * **Entanglement control.** Each pawn linked to an enemy piece is a lever on that piece:
//!   moving the pawn forces the enemy piece to move at once (§3.2, §8 "pawns become command
//!   units"). A linked pawn that can move (an empty square ahead, or a capture) scores
//!   [`CONTROL_BASE`] plus a twentieth of its partner's value: a lever on a queen is worth more
//!   than one on a knight.
//! * **Free-piece ratio.** A side's linked officers can be pulled out of place by the enemy's
//!   pawns; free ones cannot. Each side scores [`FREE_RATIO_WEIGHT`] × (free officers ÷
//!   officers).
//!
//! Material is valued with QEC's own piece values ([`VALUES`], measured by self-play); the
//! rest of the board core, and the lever's share of its partner (the classical value), are
//! the shared ones.

use cozy_chess::{Board, Color, Piece, get_pawn_attacks, get_pawn_quiets};
use omnichess_variants::qec::{Links, Qec, QecDecision};

use super::Evaluator;
use super::classic::{key, order, pieces, tactical};
use super::material;

/// The base value of one usable lever (a linked pawn that can move).
pub const CONTROL_BASE: i32 = 8;

/// The weight of the free-piece ratio (all officers free: this many centipawns).
pub const FREE_RATIO_WEIGHT: i32 = 40;

/// QEC's piece values in centipawns (pawn, knight, bishop, rook, queen, king), measured by
/// self-play (docs/ENGINE.md, "Evaluation"): each kind's weight in a
/// logistic fit of 2 000 engine games' results over the pawn's. Pawns that command enemy
/// officers are worth more against the pieces than in classic chess.
pub const VALUES: [i32; 6] = [100, 180, 170, 210, 635, 0];

/// The evaluation of QEC: the board core, entanglement control and the free-piece ratio.
#[derive(Clone, Copy, Debug, Default)]
pub struct QecEval;

/// Entanglement control from White's view (see the module documentation).
#[must_use]
pub fn control(board: &Board, links: &Links) -> i32 {
    let occ = board.occupied();
    let mut sum = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let theirs = board.colors(!color);
        for pawn in board.colored_pieces(color, Piece::Pawn) {
            let Some(partner) = links.partner(pawn) else {
                continue;
            };
            let can_move = !(get_pawn_quiets(pawn, color, occ)
                | (get_pawn_attacks(pawn, color) & theirs))
                .is_empty();
            if can_move {
                let lever = board.piece_on(partner).map_or(0, material::value) / 20;
                sum += sign * (CONTROL_BASE + lever);
            }
        }
    }
    sum
}

/// The free-piece ratio term from White's view (see the module documentation).
#[must_use]
pub fn free_ratio(board: &Board, links: &Links) -> i32 {
    let mut sum = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let officers =
            board.colors(color) & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King);
        let total = officers.len() as i32;
        if total > 0 {
            let free = officers
                .into_iter()
                .filter(|&sq| links.partner(sq).is_none())
                .count() as i32;
            sum += sign * FREE_RATIO_WEIGHT * free / total;
        }
    }
    sum
}

impl Evaluator<Qec> for QecEval {
    fn evaluate(&self, state: &Qec) -> i32 {
        let board = state.board();
        let mut score = material::score(&pieces(board), &VALUES);
        if state.entangled() {
            score += control(board, state.links()) + free_ratio(board, state.links());
        }
        score
    }

    fn material(&self, state: &Qec) -> i32 {
        material::material(&pieces(state.board()), &VALUES)
    }

    fn is_tactical(&self, state: &Qec, decision: QecDecision) -> bool {
        match decision {
            QecDecision::Move(mv) => tactical(state.board(), mv),
            QecDecision::Link { .. } => false,
        }
    }

    fn order_score(&self, state: &Qec, decision: QecDecision) -> i32 {
        match decision {
            QecDecision::Move(mv) => order(state.board(), mv),
            QecDecision::Link { partner, .. } => {
                state.board().piece_on(partner).map_or(0, material::value)
            }
        }
    }

    fn decision_key(&self, _state: &Qec, decision: QecDecision) -> u16 {
        match decision {
            QecDecision::Move(mv) => key(mv),
            QecDecision::Link { pawn, partner } => 4096 + (pawn as u16) * 64 + partner as u16,
        }
    }

    fn in_check(&self, state: &Qec) -> bool {
        !state.board().checkers().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn material_of(text: &str) -> i32 {
        QecEval.material(&Qec::from_text(text).expect("a QEC position"))
    }

    #[test]
    fn material_counts_qec_values_not_the_classical_ones() {
        // White without its b1 knight: 180 down (classic chess would say 320).
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
        let knight_down = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1 -";
        assert_eq!(material_of(start), 0);
        assert_eq!(material_of(knight_down), -VALUES[Piece::Knight as usize]);
        assert_eq!(VALUES[Piece::Knight as usize], 180);
        // Black without its queen and two pawns: 635 + 200 up.
        let queen_down = "rnb1kbnr/pppppp2/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
        assert_eq!(material_of(queen_down), 835);
    }
}
