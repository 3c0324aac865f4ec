//! Die Chess repetitions and the engine's table (docs/ENGINE.md, "Evaluation"): a position's
//! fifth occurrence made by a move is a draw (rules §6, docs/rules/dice.md; forfeits are no
//! occurrence), so the table must not answer for a position from a turn in which it had
//! stood fewer times.

use omnichess_core::{Game, Notation, Player, ToAct};
use omnichess_engine::agents::{Agent, EngineAgent};
use omnichess_engine::{Limits, eval::DiceEval, tt};
use omnichess_variants::dice::Dice;

/// A rook against a bare king, White to move, before its roll.
const ROOK_UP: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

#[test]
fn s6_the_engine_does_not_step_into_a_fifth_repetition_its_table_saw_earlier() {
    let mut game = Dice::from_position_text(ROOK_UP).expect("position");
    let mut engine = EngineAgent::new(DiceEval, Limits::nodes(100_000), tt::DEFAULT_MIB);
    // The rook goes out and back while Black forfeits: the position `Ra1` makes (Black to
    // move) stands a fourth time. The engine searches each of White's turns with one table,
    // as in a match, so the table holds that position from turns when it stood fewer times.
    let out_and_back = "[R] Ra2 [B] -- [R] Ra1 [B] --";
    let walk = [out_and_back; 4].join(" ") + " [R] Ra2 [B] -- [R]";
    for text in walk.split_whitespace() {
        if game.to_act() == ToAct::Player(Player::White) {
            engine.choose_turn(&game);
        }
        let decision = game.parse_decision(text).expect("a decision of the walk");
        game.apply(decision);
    }
    let mut drawn = game.clone();
    drawn.apply(game.parse_decision("Ra1").expect("legal"));
    assert_eq!(drawn.repetitions(), 5);
    assert!(
        drawn.to_act().outcome().is_some(),
        "a fivefold repetition ends the game"
    );
    // Ra1 would draw a won game at once; the engine plays another rook move.
    let turn = engine.choose_turn(&game);
    assert_eq!(turn.len(), 1);
    assert_ne!(game.decision_text(turn[0]), "Ra1");
}
