//! Scores: expectiminimax values from White's point of view.
//!
//! A score is an `f64` so that the expectation at a chance node is exact (no rounding of
//! `0.3 × 120 + 0.7 × −40`). Static evaluations are whole centipawns; a won game scores
//! ±[`MATE`] where it ends.
//!
//! **Sooner is better.** Every decision discounts the value below it by [`DECAY`]
//! (1 − 2⁻¹⁶): a win `n` decisions away is worth `MATE × DECAYⁿ` (about 1.5 less per decision),
//! a static score of 300 ten decisions down 299.95. The discount is linear, so it passes
//! through expectations at chance nodes, and a node's value does not depend on how far it is
//! from the root: the transposition table stores values as they are, with no mate-distance
//! correction, and positions reached at different depths of a chance tree share them exactly.

use omnichess_core::{Outcome, Player, Verdict};

/// A value from White's point of view: positive favours White.
pub type Score = f64;

/// The score of a won game where it ends; a win `n` decisions away scores `MATE × DECAYⁿ`.
pub const MATE: Score = 100_000.0;

/// The discount of one decision.
pub const DECAY: Score = 1.0 - 1.0 / 65_536.0;

/// The deepest ply the search reaches (main search, extensions and quiescence together).
pub const MAX_PLY: usize = 256;

/// Scores at least this far from zero are wins or losses at a known distance (a win
/// [`MAX_PLY`] decisions away scores about 99 610).
pub const MATE_BOUND: Score = MATE * 0.995;

/// The score of a finished game, where it ends.
///
/// A win is `±MATE`. A draw is 0. **Both lose** (QEC's bare kings) is also 0: the
/// search is zero-sum (one number for both players), and a result that is equally bad for
/// both leaves neither ahead of the other; a side that is behind will steer for it as it would
/// for a draw.
#[must_use]
pub fn terminal(outcome: Outcome) -> Score {
    match outcome.verdict {
        Verdict::Win(player) => Score::from(player.sign()) * MATE,
        Verdict::Draw | Verdict::BothLose => 0.0,
    }
}

/// The score from `player`'s point of view (positive: good for `player`).
#[must_use]
pub fn for_player(score: Score, player: Player) -> Score {
    score * Score::from(player.sign())
}

/// For a score that is a forced win or loss, the number of decisions to the end of the game
/// (positive when White wins, negative when Black wins); `None` otherwise.
#[must_use]
pub fn mate_distance(score: Score) -> Option<i32> {
    if score.abs() >= MATE_BOUND {
        let plies = ((score.abs() / MATE).ln() / DECAY.ln()).round() as i32;
        Some(if score > 0.0 { plies } else { -plies })
    } else {
        None
    }
}

/// The score written for a player: `cp N` in centipawns from `player`'s view (`centipawns`
/// maps a value to them: the evaluator's [`crate::Evaluator::centipawns`]), or `mate N`
/// (decisions to the end; negative when `player` is the one being mated).
#[must_use]
pub fn text(score: Score, player: Player, centipawns: impl Fn(Score) -> Score) -> String {
    let own = for_player(score, player);
    match mate_distance(own) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {}", centipawns(own).round() as i64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_score_higher_and_print_as_mate_distances() {
        let win = terminal(Outcome::win(Player::White, "checkmate"));
        let soon = win * DECAY * DECAY * DECAY;
        let late = soon * DECAY * DECAY;
        assert!(soon > late && late > MATE_BOUND);
        assert_eq!(mate_distance(soon), Some(3));
        assert_eq!(text(soon, Player::White, |s| s), "mate 3");
        assert_eq!(text(soon, Player::Black, |s| s), "mate -3");
        assert_eq!(text(-25.4, Player::Black, |s| s), "cp 25");
        assert_eq!(text(-25.4, Player::Black, |s| 2.0 * s), "cp 51");
        assert_eq!(mate_distance(-win), Some(0));
        assert_eq!(mate_distance(0.5 * soon), None);
        assert_eq!(terminal(Outcome::draw("stalemate")), 0.0);
    }
}
