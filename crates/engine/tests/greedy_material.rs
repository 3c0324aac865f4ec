//! The material after each open decision, as the `greedy` agent measures it (applied, measured,
//! taken back): in 5D Chess each timeline keeps its last board's material until its boards
//! change (`Timeline::last_board_value`), so a decision's material measures again only the
//! boards it adds; it must be exactly the material of the same position read from its text,
//! where nothing is kept.

use omnichess_core::{Game, Hooks, Notation, Records, Variant};
use omnichess_engine::Evaluator;
use omnichess_engine::eval::MultiverseEval;
use omnichess_variants::multiverse::{Decision5, Multiverse};

/// The material after open decision `d`, measured from scratch: on the position read from its
/// text.
fn from_scratch(state: &mut Multiverse, d: Decision5) -> i32 {
    state.apply(d);
    let fresh = Multiverse::from_position_text(&state.position_text()).expect("reads");
    state.undo();
    MultiverseEval.material(&fresh)
}

/// Checks every `step`-th open decision at every position of `state`'s turn as it is played by
/// `turn` (reading a wide position afresh for each is slow), returning the decisions compared.
fn check_turn(state: &mut Multiverse, turn: &[Decision5], step: usize) -> usize {
    let mut open = Vec::new();
    let mut compared = 0;
    for &d in turn {
        state.decisions(&mut open);
        // As greedy measures: every open decision, each one's kept values left behind.
        let kept: Vec<i32> = open
            .iter()
            .map(|&o| {
                state.apply(o);
                let m = MultiverseEval.material(state);
                state.undo();
                m
            })
            .collect();
        for i in (0..open.len()).step_by(step) {
            assert_eq!(
                kept[i],
                from_scratch(state, open[i]),
                "{}",
                state.position_text()
            );
            compared += 1;
        }
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
            compared += check_turn(&mut game, &[d], 1);
        }
    }
    // A wide multiverse (77 timelines), where decisions create timelines at both ends.
    let mut game = Multiverse::from_position_text(include_str!(
        "../../variants/tests/data/multiverse/many-boards.txt"
    ))
    .expect("the position");
    let turn = game.quick_turn(100_000).expect("a legal turn");
    compared += check_turn(&mut game, &turn, 50);
    assert!(compared > 5_000, "{compared} decisions compared");
}
