//! 5D Chess puzzles (adri326/5dchess-tools, tests/data/5d-puzzles): the engine's whole turn in
//! each mate-in-1 position mates, and in the mate-in-2 the engine sees the forced mate.

use std::path::PathBuf;

use omnichess_core::{Game, Notation, Player, Records, ToAct, Verdict};
use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::{Limits, Search};
use omnichess_variants::multiverse::Multiverse;

/// The puzzle position: the record of `name` played out.
fn puzzle(name: &str) -> Multiverse {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/5d-puzzles")
        .join(format!("{name}.5dpgn"));
    let text = std::fs::read_to_string(&path).expect("the puzzle file");
    let record = Multiverse::parse_record(&text).expect("the record reads");
    assert!(record.start.is_some(), "{name}: a puzzle names its start");
    Multiverse::after_record(&record).expect("the record plays")
}

/// Plays the engine's turn at `depth` and returns the position after it.
fn engine_turn(game: &Multiverse, depth: u32) -> Multiverse {
    let mut search = Search::new(MultiverseEval, 4);
    let turn = search
        .best_turn(game, &Limits::depth(depth), &mut |_| {})
        .expect("a turn");
    let mut after = game.clone();
    for d in turn.decisions {
        after.apply(d);
    }
    after
}

fn is_mate_by(game: &Multiverse, winner: Player) -> bool {
    matches!(game.to_act(), ToAct::Nobody(o) if o.verdict == Verdict::Win(winner))
}

#[test]
fn mate_in_one_puzzles_are_solved() {
    for name in [
        "rook-tactics-1",
        "rook-tactics-3",
        "standard-mate-1",
        "advanced-branching-2",
    ] {
        let game = puzzle(name);
        let mover = game.to_act().player().expect("a player to move");
        let after = engine_turn(&game, 4);
        assert!(
            is_mate_by(&after, mover),
            "{name}: the engine's turn does not mate: {}",
            after.position_text()
        );
    }
}

#[test]
fn mate_in_two_puzzle_is_seen() {
    let game = puzzle("rook-tactics-2");
    let mut search = Search::new(MultiverseEval, 4);
    let result = search
        .search(&game, &Limits::depth(6), &mut |_| {})
        .expect("a result");
    assert!(
        omnichess_engine::score::mate_distance(result.score).is_some(),
        "score {}",
        result.score
    );
}
