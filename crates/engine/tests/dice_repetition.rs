//! Die Chess repetitions and the engine's table (docs/ENGINE.md, "Evaluation"; commit
//! 8a226b5): a position's fifth occurrence is a draw (rules §6, docs/rules/dice.md), so
//! the table must not answer for a position from a turn in which it had stood fewer times.

use omnichess_core::{Game, Notation, Player, Records, ToAct, Variant};
use omnichess_engine::agents::{Agent, EngineAgent};
use omnichess_engine::{Limits, eval::DiceEval, tt};
use omnichess_variants::dice::Dice;

/// An engine game against `greedy` (seed 21, game 11, 100 000 nodes a decision): White, a
/// queen, a knight and a pawn up against a bare king, drew by a fivefold repetition that its
/// own last move made.
const RECORD: &str = include_str!("data/dice/fivefold-by-the-table.pgn");

#[test]
fn s6_the_engine_does_not_step_into_a_fifth_repetition_its_table_saw_earlier() {
    let record = Dice::parse_record(RECORD).expect("the record reads");
    let texts: Vec<&str> = record.decisions.iter().map(|d| d.text.as_str()).collect();
    // The record ends `93. [N] Ne4 [N] --`: White's knight move, then Black's forfeit.
    let (before, end) = texts.split_at(texts.len() - 3);
    assert_eq!(end, ["Ne4", "[N]", "--"]);
    let mut game = Dice::start();
    let mut engine = EngineAgent::new(DiceEval, Limits::nodes(100_000), tt::DEFAULT_MIB);
    // The engine searches each of White's turns with one table, as in the match.
    for text in before {
        if game.to_act() == ToAct::Player(Player::White) {
            engine.choose_turn(&game);
        }
        let decision = game.parse_decision(text).expect("a decision of the record");
        game.apply(decision);
    }
    // Ne4 brings back, for the fifth time, the position that Black's forfeit (nine rolls in
    // ten) would turn into a fivefold repetition; the table had its value from the turns
    // before, when it stood there fewer times.
    let turn = engine.choose_turn(&game);
    assert_eq!(turn.len(), 1);
    assert_ne!(game.decision_text(turn[0]), "Ne4");
}
