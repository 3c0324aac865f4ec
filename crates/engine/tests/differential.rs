//! The search against plain expectiminimax (tests/common): with the same rules and no pruning,
//! the root value must be the same and the chosen decision one of the best by brute force.
//! Classic chess, Die Chess (whose die rolls are chance nodes: the expectation must be
//! exact) and 5D Chess (whose forced `submit` after a turn's last move costs no depth). In classic chess at these depths no position recurs at a different depth, so the
//! transposition table must not change the value either; in Die Chess two forfeits in a row
//! bring a position back two decisions shallower, where the table rightly answers with the
//! deeper value, so there it is compared without the table.

use crate::common;

use omnichess_core::{Game, Hooks, Notation, Records, Variant};
use omnichess_engine::eval::{ClassicEval, DiceEval, MultiverseEval};
use omnichess_engine::{Evaluator, Limits, Search};
use omnichess_variants::classic::Classic;
use omnichess_variants::dice::Dice;
use omnichess_variants::multiverse::{Decision5, Multiverse};

fn check<G: Game + Hooks, E: Evaluator<G> + Copy>(game: &G, eval: E, depth: u32, tables: &[usize]) {
    let mut reference = game.clone();
    let values = common::root_values(&mut reference, &eval, depth as i32);
    let white = game.to_act() == omnichess_core::ToAct::Player(omnichess_core::Player::White);
    let best =
        values
            .iter()
            .map(|&(_, v)| v)
            .fold(if white { f64::MIN } else { f64::MAX }, |a, v| {
                if white { a.max(v) } else { a.min(v) }
            });
    for &tt_mib in tables {
        let mut search = Search::new(eval, tt_mib);
        // Exact to its depth: no reductions or pruning (classic chess opts into them).
        search.set_selective(false);
        let result = search
            .search(game, &Limits::depth(depth), &mut |_| {})
            .expect("a player acts");
        assert!(
            (result.score - best).abs() < 1e-6,
            "depth {depth}, table {tt_mib} MiB: search {} vs brute force {best}",
            result.score
        );
        let chosen = values
            .iter()
            .find(|&&(d, _)| d == result.best)
            .expect("the search chose a legal decision")
            .1;
        assert!(
            (chosen - best).abs() < 1e-6,
            "chosen {chosen} vs best {best}"
        );
    }
}

#[test]
fn classic_values_equal_brute_force() {
    check(&Classic::start(), ClassicEval, 3, &[0, 4]);
    for fen in [
        // A rook endgame with checks.
        "8/2k5/8/3r4/8/2K5/3R4/8 b - - 0 1",
        // Promotion race.
        "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
    ] {
        let game = Classic::from_position_text(fen).expect("fen");
        check(&game, ClassicEval, 2, &[0, 4]);
    }
    let endgame = Classic::from_position_text("8/2k5/8/3r4/8/2K5/3R4/8 b - - 0 1").expect("fen");
    check(&endgame, ClassicEval, 3, &[0, 4]);
}

#[test]
fn die_chess_expectations_equal_brute_force() {
    for (text, depth) in [
        // White rolled a pawn at the start.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 rolled:P",
            2,
        ),
        // A middlegame after a knight roll.
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 rolled:N",
            2,
        ),
        // The same middlegame three decisions deep after a bishop roll: Star2's probes cut
        // chance nodes in the main search and past the horizon.
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 rolled:B",
            3,
        ),
        // A small endgame, three decisions deep: promotion rolls and king captures appear.
        ("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1 rolled:K", 3),
        ("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1 rolled:R", 3),
        // In check with the choice between the king and the die.
        ("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1", 3),
    ] {
        let game = Dice::from_position_text(text).expect("position");
        check(&game, DiceEval, depth, &[0]);
    }
}

#[test]
fn five_d_values_equal_brute_force_with_the_forced_submit_free() {
    // Depth 3 from the start: a move, its submit (forced, free), a reply, its submit, a
    // move; then quiescence. Without the free submits the horizon would fall after the reply.
    let start = Multiverse::start();
    check(&start, MultiverseEval, 3, &[0, 4]);
    let result = Search::new(MultiverseEval, 0)
        .search(&start, &Limits::depth(3), &mut |_| {})
        .expect("white acts");
    // The line ends with the last move's submit: past the horizon a turn ends at once.
    assert_eq!(result.pv.len(), 6, "{:?}", start.decision_texts(&result.pv));
}

#[test]
fn five_d_quiescence_sees_the_reply_to_a_capture_equal_to_brute_force() {
    // 5×5, one board: the queen on c3 can take the pawn on d4, which the pawn on e5 retakes.
    // A turn that reaches the horizon ends there (its submit), so the retake is seen.
    let text = "[Board \"custom\"] [Size \"5x5\"] [k3p/3p1/2Q2/5/K4:0:1:w]";
    let game = Multiverse::from_position_text(text).expect("position");
    for depth in 1..=3 {
        check(&game, MultiverseEval, depth, &[0, 4]);
    }
    let result = Search::new(MultiverseEval, 0)
        .search(&game, &Limits::depth(1), &mut |_| {})
        .expect("white acts");
    let best = game.decision_texts(&[result.best]);
    let Decision5::Move(mv) = result.best else {
        panic!("a move is due: {best:?}");
    };
    assert!(
        !game.is_tactical(mv),
        "the queen is lost to the pawn: {best:?}"
    );
}
