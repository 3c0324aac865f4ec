//! 5D Chess: material on the boards where play goes on, timeline balance, and the present.

use std::time::Instant;

use omnichess_variants::multiverse::{
    Board, Decision5, Kind, Move5, Multiverse, Piece, Pos, Setup5,
};

use super::Evaluator;
use crate::adjudication::Adjudication;

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
pub const TIMELINE: i32 = -250;
/// Having the present on the opponent's move.
pub const TEMPO: i32 = 15;
/// A pawn's worth for each rank it has advanced.
pub const PAWN_STEP: i32 = 6;
/// A piece's worth per step away from the board's edges (0 to 6 steps on 8×8).
pub const CENTRE: i32 = 4;
/// A piece's worth per step nearer than 7 to the nearest enemy royal piece on its board.
pub const TROPISM: i32 = 4;

/// The value of a piece kind, in centipawns: measured by self-play from random material odds
/// (docs/ENGINE.md, "Evaluation"; the example `fit_piece_values`), each kind's weight in a
/// logistic fit of 3 000 engine games' results over the pawn's. The unicorn's weight could
/// not be told from nothing; it is given a pawn's worth, the least any piece is given.
#[must_use]
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn | Kind::Unicorn => 100,
        Kind::Brawn => 120,
        Kind::Knight => 295,
        Kind::Bishop => 310,
        Kind::Rook => 140,
        Kind::Dragon => 155,
        Kind::Princess => 965,
        Kind::Queen => 1800,
        Kind::CommonKing => 460,
        // Royal pieces are not counted: losing one ends the game.
        Kind::King | Kind::RoyalQueen => 0,
    }
}

/// Material on the last board of each timeline, White's minus Black's, averaged over the
/// timelines, an inactive timeline weighing half an active one. An average, not a sum: a
/// branch copies its board, so a sum would reward branching whenever a side is ahead.
fn material(state: &Multiverse) -> i32 {
    over_timelines(state, MATERIAL, |board, _| board_material(board))
}

/// The tags under which each timeline keeps its last board's material, and its material and
/// placement (`Timeline::last_board_value`).
const MATERIAL: u8 = 1;
const MATERIAL_AND_PLACEMENT: u8 = 2;

/// The material on one board, White's minus Black's.
fn board_material(board: &Board) -> i32 {
    board
        .pieces()
        .map(|(_, _, p)| signed(p, value(p.kind)))
        .sum()
}

/// Material and the placement terms on the last board of each timeline, averaged as in
/// [`material`].
fn material_and_placement(state: &Multiverse) -> i32 {
    over_timelines(state, MATERIAL_AND_PLACEMENT, |board, setup| {
        // The royal pieces (no allocation: a board rarely holds more than two).
        let mut royals = [(0, 0, false); MAX_ROYALS];
        let mut count = 0;
        for (x, y, p) in board.pieces().filter(|(_, _, p)| p.kind.royal()) {
            if count < MAX_ROYALS {
                royals[count] = (x, y, p.white);
                count += 1;
            }
        }
        let royals = &royals[..count];
        board
            .pieces()
            .map(|(x, y, p)| signed(p, value(p.kind) + placement(x, y, p, setup, royals)))
            .sum()
    })
}

/// The royal pieces a board's tropism term looks at (more are ignored).
const MAX_ROYALS: usize = 8;

/// `amount` for White's piece, `-amount` for Black's.
fn signed(piece: Piece, amount: i32) -> i32 {
    if piece.white { amount } else { -amount }
}

/// What a piece's square is worth beyond its material: a pawn for each rank it has
/// advanced ([`PAWN_STEP`]), a piece for its distance from the edges ([`CENTRE`]) and its
/// nearness to the enemy's royal pieces on its board ([`TROPISM`]). Royal pieces get nothing.
fn placement(x: i32, y: i32, piece: Piece, setup: &Setup5, royals: &[(i32, i32, bool)]) -> i32 {
    match piece.kind {
        Kind::King | Kind::RoyalQueen => 0,
        Kind::Pawn | Kind::Brawn => {
            let advanced = if piece.white {
                y - 1
            } else {
                setup.height - 2 - y
            };
            PAWN_STEP * advanced.max(0)
        }
        _ => {
            let from_edges = x.min(setup.width - 1 - x) + y.min(setup.height - 1 - y);
            let nearest = royals
                .iter()
                .filter(|r| r.2 != piece.white)
                .map(|r| (r.0 - x).abs().max((r.1 - y).abs()))
                .min()
                .unwrap_or(7);
            CENTRE * from_edges + TROPISM * (7 - nearest).max(0)
        }
    }
}

/// `per_board(last board)` of every timeline, averaged with an active timeline weighing
/// twice an inactive one. Each timeline keeps its value under `tag` until its boards change:
/// a search computes it again only for the timelines its decisions changed.
fn over_timelines(state: &Multiverse, tag: u8, per_board: impl Fn(&Board, &Setup5) -> i32) -> i32 {
    let mut sum = 0;
    let mut weights = 0;
    for (line, timeline) in state.timelines() {
        let Some(value) = timeline.last_board_value(tag, |board| per_board(board, state.setup()))
        else {
            continue;
        };
        let weight = if state.active(line) { 2 } else { 1 };
        sum += weight * value;
        weights += weight;
    }
    if weights == 0 { 0 } else { sum / weights }
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
    /// None: a side scored many pawns behind still mates often (its material counts, a
    /// mating net across timelines does not). Of 80 games of `engine:nodes=2000` (example
    /// `adjudication_check`), the lab's resign rule would have resigned 12, 4 of them by the
    /// player that went on to mate; and no game comes near a turn cap.
    const ADJUDICATION: Adjudication = Adjudication::NONE;

    fn evaluate(&self, state: &Multiverse) -> i32 {
        let (white, black) = state.created();
        let present_white = state.present() & 1 == 0;
        material_and_placement(state)
            + TIMELINE * (white - black)
            + if present_white { -TEMPO } else { TEMPO }
    }

    fn material(&self, state: &Multiverse) -> i32 {
        material(state)
    }

    fn is_tactical(&self, state: &Multiverse, decision: Decision5) -> bool {
        match decision {
            Decision5::Move(mv) => state.is_tactical(mv),
            Decision5::Submit => false,
        }
    }

    /// Listed by the rules without testing the legality of quiet moves (and without scanning
    /// the opponent's attacks when nothing captures).
    fn tactical_decisions(&self, state: &Multiverse, out: &mut Vec<Decision5>) {
        state.tactical_decisions(out);
    }

    /// The moves of the playable boards listed by the deadline, once one is legal, and
    /// `submit` when the turn may end ([`Multiverse::decisions_until`]).
    fn decisions_until(
        &self,
        state: &Multiverse,
        out: &mut Vec<Decision5>,
        deadline: Instant,
    ) -> bool {
        state.decisions_until(out, deadline)
    }

    fn turn_end(&self, state: &Multiverse) -> Option<Decision5> {
        state.may_submit().then_some(Decision5::Submit)
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

#[cfg(test)]
mod tests {
    use omnichess_core::{Game, Notation, Records};

    use super::*;

    /// Each timeline keeps its last board's value between two changes of its boards: after
    /// every decision of a game with time travel, its take-back and the decision again, the
    /// evaluation and the material (asked in turn, so that each replaces the other's kept
    /// value) are those of the same position read from its text, where nothing is kept.
    #[test]
    fn kept_values_are_those_of_the_position_read_afresh() {
        let text = include_str!("../../../variants/tests/data/multiverse/cwmtt/ctp2.5dpgn");
        let record = Multiverse::parse_record(text).expect("a record");
        let start = record.start.as_deref().expect("a start");
        let mut g = Multiverse::from_position_text(start).expect("the start");
        let eval = MultiverseEval;
        let mut changed = 0;
        for d in &record.decisions {
            let turn_before = eval.evaluate(&g);
            for part in d.text.split_whitespace() {
                let before = (eval.evaluate(&g), eval.material(&g));
                let decision = g.parse_decision(part).expect("a decision");
                g.apply(decision);
                let _ = (eval.evaluate(&g), eval.material(&g));
                assert!(g.undo());
                assert_eq!(
                    (eval.evaluate(&g), eval.material(&g)),
                    before,
                    "{part}: taken back"
                );
                g.apply(decision);
            }
            let fresh = Multiverse::from_position_text(&g.position_text()).expect("reads back");
            let now = (eval.material(&g), eval.evaluate(&g));
            assert_eq!(
                now,
                (eval.material(&fresh), eval.evaluate(&fresh)),
                "{}",
                d.text
            );
            changed += usize::from(now.1 != turn_before);
        }
        assert!(
            changed > record.decisions.len() / 2,
            "the values move: {changed}"
        );
    }
}
