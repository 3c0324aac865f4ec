//! Three Realms Chess: material by the seed's relative values (its Notes; a pawn is 100),
//! the advance of the pieces that promote, centralisation, the king's safety on Earth (the
//! seed: a king forced off Earth "is in serious trouble") and a mop-up term that drives a lone
//! king away from the Earth's centre. Everything reads the board's square sets; nothing is
//! allocated.

use omnichess_core::Player;
use omnichess_variants::realms::square::{file, level, rank};
use omnichess_variants::realms::{Board, KINDS, Kind, Move, Realms, Special};

use super::Evaluator;
use crate::adjudication::Adjudication;

/// Centipawns per kind, in [`Kind`] order: the seed's relative values × 100 (horse 1⅓ →
/// 133, elephant 3½ → 350), the king 0 (it is never traded).
pub const SEED_VALUES: [i32; KINDS] = [
    100,  // pawn
    600,  // rook
    500,  // knight
    400,  // bishop
    800,  // queen
    0,    // king
    1400, // grandmaster
    133,  // honorable horse
    200,  // silver general
    600,  // pegasus
    600,  // angel
    100,  // imp
    300,  // warmachine
    500,  // scholar
    350,  // elephant
    200,  // fallen angel
    1200, // fiend
];

/// The value of `kind` in centipawns.
#[must_use]
pub const fn value(kind: Kind) -> i32 {
    SEED_VALUES[kind as usize]
}

/// Bonus of a promoting piece (pawn, imp, horse) by the ranks it has advanced.
const ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];
/// A king standing on Earth, against one forced to the heavens or the underworld.
const KING_ON_EARTH: i32 = 40;
/// Centralisation per step towards the centre of a board (files and ranks).
const CENTRE: i32 = 3;

/// The evaluation of Three Realms Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct RealmsEval;

/// Distance of a square's file and rank from its board's centre: 0 (centre) to 6 (corner).
fn off_centre(sq: u8) -> i32 {
    let d = |x: usize| (2 * x as i32 - 7).abs() / 2;
    d(file(sq)) + d(rank(sq))
}

/// Ranks advanced by `player`'s piece on `sq`.
fn advanced(player: Player, sq: u8) -> usize {
    match player {
        Player::White => rank(sq),
        Player::Black => 7 - rank(sq),
    }
}

/// `player`'s material and positional score.
fn side(board: &Board, player: Player) -> (i32, i32) {
    let mut material = 0;
    let mut position = 0;
    for sq in board.owned(player).squares() {
        let Some(piece) = board.piece(sq) else {
            continue;
        };
        material += value(piece.kind);
        position += match piece.kind {
            Kind::Pawn | Kind::Imp | Kind::Horse => ADVANCE[advanced(player, sq)],
            Kind::King => {
                if level(sq) == 1 {
                    KING_ON_EARTH
                } else {
                    0
                }
            }
            _ => CENTRE * (6 - off_centre(sq)),
        };
    }
    (material, position)
}

fn material_of(board: &Board) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| {
            value(k)
                * (board.of(Player::White, k).len() as i32
                    - board.of(Player::Black, k).len() as i32)
        })
        .sum()
}

/// Drives the lone or outgunned king of the side behind away from the Earth's centre and the
/// winning king towards it, once the material gap is decisive.
fn mop_up(board: &Board, balance: i32) -> i32 {
    if balance.abs() < 400 {
        return 0;
    }
    let (winner, loser) = if balance > 0 {
        (Player::White, Player::Black)
    } else {
        (Player::Black, Player::White)
    };
    let (Some(w), Some(l)) = (board.king(winner), board.king(loser)) else {
        return 0;
    };
    let gap = |a: usize, b: usize| (a as i32 - b as i32).abs();
    let distance = gap(file(w), file(l))
        .max(gap(rank(w), rank(l)))
        .max(gap(level(w), level(l)));
    let score = 8 * off_centre(l) + 4 * (7 - distance);
    winner.sign() * score
}

impl Evaluator<Realms> for RealmsEval {
    /// None: a side this evaluator scores far behind often goes on to win. Of 80 games of
    /// `engine:nodes=2000` (example `adjudication_check`), the lab's resign rule would have
    /// resigned a player in 78, and in 22 of them that player won (21) or drew (1); every
    /// game ended by the rules within 400 turns.
    const ADJUDICATION: Adjudication = Adjudication::NONE;

    fn evaluate(&self, state: &Realms) -> i32 {
        let board = state.board();
        let (wm, wp) = side(board, Player::White);
        let (bm, bp) = side(board, Player::Black);
        let balance = wm - bm;
        balance + wp - bp + mop_up(board, balance)
    }

    fn material(&self, state: &Realms) -> i32 {
        material_of(state.board())
    }

    fn is_tactical(&self, state: &Realms, mv: Move) -> bool {
        mv.special == Special::EnPassant
            || captured(state, mv).is_some()
            || state.promoted_kind(mv).is_some_and(|k| k != Kind::Fallen)
    }

    fn order_score(&self, state: &Realms, mv: Move) -> i32 {
        let board = state.board();
        let attacker = board.piece(mv.from).map_or(0, |p| value(p.kind));
        let victim = if mv.special == Special::EnPassant {
            Some(value(Kind::Pawn))
        } else {
            captured(state, mv).map(value)
        };
        let capture = victim.map_or(0, |v| 10 * v + 1000 - attacker / 10);
        let promotion = state
            .promoted_kind(mv)
            .filter(|&k| k != Kind::Fallen)
            .map_or(0, value);
        capture + promotion
    }

    fn decision_key(&self, _state: &Realms, mv: Move) -> u16 {
        u16::from(mv.from) * 192 + u16::from(mv.to)
    }

    fn in_check(&self, state: &Realms) -> bool {
        state.in_check()
    }
}

/// The kind a move takes off `mv.to`: none for castling written as the rook's move, whose
/// `to` holds the mover's own king (rule R.4), so that it is searched as the quiet move it is.
fn captured(state: &Realms, mv: Move) -> Option<Kind> {
    if mv.special == Special::RookCastle {
        return None;
    }
    state.board().piece(mv.to).map(|p| p.kind)
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Notation, Variant};

    use super::*;

    #[test]
    fn the_start_is_level_and_material_counts_the_seeds_values() {
        let start = Realms::start();
        assert_eq!(RealmsEval.material(&start), 0);
        assert_eq!(RealmsEval.evaluate(&start), 0);
        // White has an extra rook on Earth (j1 empty for Black: its q8 rook missing).
        let up = Realms::from_position_text(
            "8/8/8/8/8/8/8/8|rnbqkbn1/8/8/8/8/8/8/RNBQKBNR|8/8/8/8/8/8/8/8 w Qq - 0 1",
        )
        .expect("reads");
        assert_eq!(RealmsEval.material(&up), 600);
        assert!(RealmsEval.evaluate(&up) > 500);
    }

    #[test]
    fn castling_as_the_rook_move_is_ordered_as_a_quiet_move() {
        // R.4: `q1n1` puts the rook on its own king's square; nothing is taken, so neither
        // quiescence nor the capture ordering may treat it as a capture.
        let g = Realms::from_position_text(
            "8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        )
        .expect("reads");
        for text in ["q1n1", "j1n1", "n1p1"] {
            let mv = g.parse_decision(text).expect("legal");
            assert!(!RealmsEval.is_tactical(&g, mv), "{text}");
            assert_eq!(RealmsEval.order_score(&g, mv), 0, "{text}");
        }
        // The rooks facing each other on the j- and q-files are captures all the same.
        let capture = g.parse_decision("j1j8").expect("legal");
        assert!(RealmsEval.is_tactical(&g, capture));
    }
}
