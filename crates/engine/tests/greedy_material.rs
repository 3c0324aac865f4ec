//! The material after each open decision, as the `greedy` agent measures it: 5D Chess measures
//! only the boards each decision adds (`MultiverseEval::material_after_each`), which must give
//! exactly what measuring every timeline after the decision gives.

use omnichess_core::{Game, Hooks, Notation, Records, Variant};
use omnichess_engine::Evaluator;
use omnichess_engine::eval::MultiverseEval;
use omnichess_variants::multiverse::{Decision5, Multiverse};

/// The material after each open decision, measured from scratch.
fn from_scratch(state: &mut Multiverse, open: &[Decision5]) -> Vec<i32> {
    open.iter()
        .map(|&d| {
            state.apply(d);
            let m = MultiverseEval.material(state);
            state.undo();
            m
        })
        .collect()
}

/// Checks every position of `state`'s turn as it is played by `turn`, returning the
/// decisions compared.
fn check_turn(state: &mut Multiverse, turn: &[Decision5]) -> usize {
    let mut open = Vec::new();
    let mut fast = Vec::new();
    let mut compared = 0;
    for &d in turn {
        state.decisions(&mut open);
        MultiverseEval.material_after_each(state, &open, &mut fast);
        assert_eq!(
            fast,
            from_scratch(state, &open),
            "{}",
            state.position_text()
        );
        compared += open.len();
        state.apply(d);
    }
    compared
}

#[test]
fn the_material_after_each_decision_is_the_material_measured_from_scratch() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../variants/tests/data/5d-chess-js");
    let mut compared = 0;
    for n in [1, 8, 17, 25, 33, 40] {
        let text = std::fs::read_to_string(dir.join(format!("g{n:02}.5dpgn"))).expect("a game");
        let record = Multiverse::parse_record(&text).expect("the record reads");
        let mut game = match record.start.as_deref() {
            Some(start) => Multiverse::from_position_text(start).expect("the start"),
            None => Multiverse::start(),
        };
        for recorded in &record.decisions {
            let d = game.parse_decision(&recorded.text).expect("a decision");
            compared += check_turn(&mut game, &[d]);
        }
    }
    // A wide multiverse (77 timelines), where decisions create timelines at both ends.
    let mut game = Multiverse::from_position_text(include_str!(
        "../../variants/tests/data/multiverse/many-boards.txt"
    ))
    .expect("the position");
    let turn = game.quick_turn(100_000).expect("a legal turn");
    compared += check_turn(&mut game, &turn);
    assert!(compared > 10_000, "{compared} decisions compared");
}
