//! Die Chess §4: a player in check whose king can move chooses between moving the king
//! without rolling (`[K!]`) and rolling. The engine's choice must be the one with the higher
//! exact expectation, computed here by brute force over every roll; the exact search
//! (selectivity off) without a transposition table scores that expectation to the last bit of
//! rounding. The engine as it plays (with its table, and selective around the rolls) must make
//! the same choice; only the choice is compared then (values of positions that come back after
//! two forfeits can come from deeper searches, which is the table's purpose, and a selective
//! search's values are not exact).

use crate::common;

use omnichess_core::Notation;
use omnichess_engine::{Limits, Search, eval::DiceEval};
use omnichess_variants::dice::Dice;

/// The engine's choice (with a table, selective), the brute-force value of each choice, and
/// the score of the exact search without a table, at `depth`.
fn choose(text: &str, depth: u32) -> (String, Vec<(String, f64)>, f64) {
    let game = Dice::from_position_text(text).expect("position");
    let mut reference = game.clone();
    let values = common::root_values(&mut reference, &DiceEval, depth as i32)
        .into_iter()
        .map(|(d, v)| (game.decision_text(d), v))
        .collect();
    let run = |tt_mib, selective| {
        let mut search = Search::new(DiceEval, tt_mib);
        search.set_selective(selective);
        search
            .search(&game, &Limits::depth(depth), &mut |_| {})
            .expect("white to act")
    };
    let with_table = run(4, true);
    let without = run(0, false);
    (game.decision_text(with_table.best), values, without.score)
}

fn assert_best(text: &str, depth: u32, expected: &str) {
    let (chosen, values, score) = choose(text, depth);
    let names: Vec<&str> = values.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["[K!]", "roll"], "{text}");
    let best = values
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("two choices");
    assert_eq!(best.0, expected, "{text} at depth {depth}: {values:?}");
    assert_eq!(chosen, expected, "{text} at depth {depth}: {values:?}");
    assert!((score - best.1).abs() < 1e-6, "{score} vs {values:?}");
    // The choice matters: the two expectations are far apart.
    assert!((values[0].1 - values[1].1).abs() > 100.0, "{values:?}");
}

#[test]
fn a_lone_knight_cannot_save_the_king_so_the_king_walks() {
    // Rolling risks P, B, R, Q and K-less forfeits, and then a rook roll takes the king.
    let text = "4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1";
    for depth in 1..=3 {
        assert_best(text, depth, "[K!]");
    }
}

#[test]
fn when_every_face_answers_the_check_rolling_wins_the_queen() {
    // Pawn, knight, bishop and queen take the checking queen; the rook blocks; a king roll
    // steps away. No face forfeits, and most win the queen now.
    let text = "1k5r/4B3/8/8/4Q2q/5NP1/R7/7K w - - 0 1";
    for depth in 1..=2 {
        assert_best(text, depth, "roll");
    }
}

#[test]
fn with_the_checking_queen_attacked_four_ways_rolling_takes_it_now() {
    // Pawn, knight, rook and bishop rolls (82 %) take the checking queen; only a queen roll
    // forfeits (8 %), and the king is then lost only to Black's own queen roll. Stepping aside
    // first gives Black a turn to save the queen. On the win scale (a queen is most of a win,
    // a lost king all of one) rolling is worth more at every depth; in centipawns against
    // ±MATE the 0.6 % risk to the king made the engine step aside at depth 2.
    let text = "1k5r/4B3/8/8/R6q/5NP1/8/7K w - - 0 1";
    assert_best(text, 2, "roll");
    assert_best(text, 1, "roll");
}
