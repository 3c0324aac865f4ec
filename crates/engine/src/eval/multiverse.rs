//! 5D Chess: material on the boards where play goes on, timeline balance, and the present.

use omnichess_variants::multiverse::{Decision5, Kind, Move5, Multiverse, Pos};

use super::Evaluator;

/// The evaluation of 5D Chess (docs/ENGINE.md):
/// * material on the last board of every timeline (the boards play goes on from; past boards
///   are history), an active timeline's counting fully and an inactive one's half;
/// * timeline balance: each timeline a side has created beyond the other's is worth
///   [`TIMELINE`] (more timelines, more boards to play and threaten from);
/// * the present: the side whose board holds the present must move there, worth [`TEMPO`]
///   to the other side.
#[derive(Clone, Copy, Debug, Default)]
pub struct MultiverseEval;

/// A timeline created beyond the opponent's count.
pub const TIMELINE: i32 = 60;
/// Having the present on the opponent's move.
pub const TEMPO: i32 = 15;

/// The value of a piece kind, in centipawns. The classical values, raised for the pieces
/// that gain most from the two extra dimensions (the knight leaps 48 ways in 4D and cannot be
/// blocked; the bishop and rook keep their share of the queen's directions), and the fairy
/// pieces by how many directions they slide along.
#[must_use]
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Brawn => 130,
        Kind::Knight => 350,
        Kind::Bishop => 350,
        Kind::Rook => 450,
        Kind::Unicorn => 300,
        Kind::Dragon => 250,
        Kind::Princess => 800,
        Kind::Queen => 1000,
        Kind::CommonKing => 300,
        // Royal pieces are not counted: losing one ends the game.
        Kind::King | Kind::RoyalQueen => 0,
    }
}

/// Material on the last board of each timeline, White's minus Black's, inactive timelines
/// at half weight.
fn material(state: &Multiverse) -> i32 {
    let mut sum = 0;
    for (line, timeline) in state.timelines() {
        let Some(board) = timeline.board(timeline.end()) else {
            continue;
        };
        let side: i32 = board
            .pieces()
            .map(|(_, _, p)| {
                if p.white {
                    value(p.kind)
                } else {
                    -value(p.kind)
                }
            })
            .sum();
        sum += if state.active(line) { side } else { side / 2 };
    }
    sum
}

/// The piece a move captures, if any.
fn victim(state: &Multiverse, mv: Move5) -> Option<Kind> {
    piece_at(state, mv.to)
        .filter(|p| p.0 != piece_white(state, mv.from))
        .map(|p| p.1)
}

fn piece_at(state: &Multiverse, at: Pos) -> Option<(bool, Kind)> {
    state
        .board(at.line, at.v)
        .and_then(|b| b.get(at.x, at.y))
        .map(|p| (p.white, p.kind))
}

fn piece_white(state: &Multiverse, at: Pos) -> bool {
    piece_at(state, at).is_some_and(|p| p.0)
}

impl Evaluator<Multiverse> for MultiverseEval {
    fn evaluate(&self, state: &Multiverse) -> i32 {
        let (white, black) = state.created();
        let present_white = state.present() & 1 == 0;
        material(state) + TIMELINE * (white - black) + if present_white { -TEMPO } else { TEMPO }
    }

    fn material(&self, state: &Multiverse) -> i32 {
        material(state)
    }

    fn is_tactical(&self, state: &Multiverse, decision: Decision5) -> bool {
        match decision {
            Decision5::Move(mv) => mv.promotion.is_some() || victim(state, mv).is_some(),
            Decision5::Submit => false,
        }
    }

    fn order_score(&self, state: &Multiverse, decision: Decision5) -> i32 {
        match decision {
            Decision5::Move(mv) => {
                let attacker = piece_at(state, mv.from).map_or(0, |p| value(p.1));
                let gain = victim(state, mv).map_or(0, |v| 10 * value(v) - attacker / 10);
                gain + mv.promotion.map_or(0, value)
            }
            Decision5::Submit => 0,
        }
    }

    fn decision_key(&self, _state: &Multiverse, decision: Decision5) -> u16 {
        match decision {
            Decision5::Move(mv) => {
                let square = |p: Pos| (p.y * 8 + p.x) as u16;
                square(mv.from) * 64 + square(mv.to)
            }
            Decision5::Submit => 4096,
        }
    }

    /// Not asked: testing check in 5D means building the position after passes on every
    /// board, too costly at every node; the search goes without the check extension here.
    fn in_check(&self, _state: &Multiverse) -> bool {
        false
    }
}
