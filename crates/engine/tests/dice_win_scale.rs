//! Die Chess's evaluation on a win scale (docs/ENGINE.md, "Evaluation"): a
//! material lead is weighed against the chance of taking the king as a share of a win.

use omnichess_core::{Game, Notation};
use omnichess_engine::eval::dice::{WIN_CEILING, win_expectancy};
use omnichess_engine::score::MATE_BOUND;
use omnichess_engine::{Evaluator, Limits, Search, eval::DiceEval};
use omnichess_variants::dice::Dice;

fn after(text: &str, decisions: &str) -> Dice {
    let mut game = Dice::from_position_text(text).expect("position");
    for d in decisions.split_whitespace() {
        let decision = game.parse_decision(d).expect("decision");
        game.apply(decision);
    }
    game
}

#[test]
fn the_win_expectancy_is_odd_increasing_and_below_a_proven_win() {
    assert_eq!(win_expectancy(0), 0.0);
    assert_eq!(win_expectancy(-320), -win_expectancy(320));
    let knight = win_expectancy(320) / WIN_CEILING;
    assert!((0.46..0.48).contains(&knight), "{knight}");
    let mut last = f64::MIN;
    for cp in (-5_000..=5_000).step_by(50) {
        let w = win_expectancy(cp);
        assert!(w > last, "{cp}");
        assert!(w.abs() < MATE_BOUND);
        last = w;
    }
    // Progress still counts when far ahead: 10 centipawns more at +2 500.
    assert!(win_expectancy(2_510) - win_expectancy(2_500) > 10.0);
}

#[test]
fn analysis_reads_the_win_scale_back_in_centipawns() {
    for cp in [-2_500, -320, 0, 45, 900, 4_000] {
        let back = Evaluator::<Dice>::centipawns(&DiceEval, win_expectancy(cp));
        assert!((back - f64::from(cp)).abs() < 1e-6, "{cp}: {back}");
    }
    // Beyond the ceiling (an average with a captured king in it): large, finite, signed.
    let past = Evaluator::<Dice>::centipawns(&DiceEval, 99_000.0);
    assert!((42_000.0..43_000.0).contains(&past), "{past}");
    assert!((Evaluator::<Dice>::centipawns(&DiceEval, -99_000.0) + past).abs() < 1e-9);
}

#[test]
fn far_ahead_the_engine_does_not_gamble_on_taking_the_king() {
    // From an engine game against greedy: White is a queen, a rook, a bishop and
    // two knights up. Qa7+ takes the king on about one roll in five later, but the king's
    // only steps freeze it, and most of White's rolls would then stalemate it. Scored in
    // centipawns against ±MATE, the gamble was worth 20 000 and the lead 2 500.
    let game = after("8/3k1N2/8/p6P/p1p5/B1N5/P1PK1Q1P/4R3 w - - 1 31", "[Q]");
    let result = Search::new(DiceEval, 16)
        .search(&game, &Limits::nodes(100_000), &mut |_| {})
        .expect("white to act");
    assert_ne!(game.decision_text(result.best), "Qa7+");
}

#[test]
fn a_lead_keeps_its_worth_however_often_both_sides_forfeit() {
    // §6 (docs/rules/dice.md): a forfeited turn is no occurrence for repetition and does not
    // count toward the move clock, so forfeits cannot draw a won game. A queen and a rook
    // ahead (White's pawn, knight and bishop faces dead: forfeits in half the rounds) are
    // worth more than a rook, a knight and a pawn ahead (only the bishop and queen dead).
    let queen_and_rook = Dice::from_position_text("7k/8/8/8/8/8/8/R2QK3 w - - 0 1").expect("QR");
    let rook_knight_pawn =
        Dice::from_position_text("7k/8/8/8/8/8/P7/R1N1K3 w - - 0 1").expect("RNP");
    let (qr, rnp) = (
        DiceEval.evaluate(&queen_and_rook),
        DiceEval.evaluate(&rook_knight_pawn),
    );
    assert!(qr > rnp, "queen and rook {qr}; rook, knight, pawn {rnp}");
    assert!(f64::from(qr) > 0.8 * WIN_CEILING, "{qr}");
}
