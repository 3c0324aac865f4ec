//! Die Chess's search around the rolls (docs/ENGINE.md, "Evaluation"):
//! unlikely rolls are searched one decision shallower, and so are the late quiet moves a
//! roll allows. The search then reaches a depth with a fraction of the exact search's nodes
//! and still agrees with it on the decision; switched off, it is the exact one again.

use omnichess_core::Notation;
use omnichess_engine::search::UNLIKELY_OUTCOME;
use omnichess_engine::{Evaluator, Limits, Search, eval::DiceEval};
use omnichess_variants::dice::{Dice, Die, FACES};

/// Depth 4 from `text`, selective around the rolls or exact: the nodes and the decision.
fn depth_four(text: &str, selective: bool) -> (u64, String) {
    let game = Dice::from_position_text(text).expect("position");
    let mut search = Search::new(DiceEval, 16);
    search.set_selective(selective);
    let result = search
        .search(&game, &Limits::depth(4), &mut |_| {})
        .expect("a player acts");
    (result.nodes, game.decision_text(result.best))
}

#[test]
fn the_search_around_the_rolls_reaches_a_depth_with_a_fraction_of_the_nodes() {
    assert!(DiceEval.selective_at_chance());
    for text in [
        // A middlegame after a knight roll, and one after a pawn roll.
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 rolled:N",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10 rolled:P",
    ] {
        let (exact_nodes, exact_best) = depth_four(text, false);
        let (nodes, best) = depth_four(text, true);
        assert!(
            nodes * 3 < exact_nodes,
            "{text}: {nodes} nodes against the exact search's {exact_nodes}"
        );
        assert_eq!(best, exact_best, "{text}");
    }
}

#[test]
fn the_unlikely_rolls_are_the_bishop_rook_queen_and_king_and_a_fair_die_has_none() {
    let unlikely = |die: Die| FACES.map(|face| die.probability(face) < UNLIKELY_OUTCOME);
    assert_eq!(
        unlikely(Die::default()),
        [false, false, true, true, true, true]
    );
    assert_eq!(unlikely(Die::FAIR), [false; 6]);
}
