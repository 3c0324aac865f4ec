//! A 5D position's decisions listed until a deadline (`Multiverse::decisions_until`), for a
//! search that must answer within its time: the deadline is given as constructed instants
//! (one already reached, one an hour away), never measured.

use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Notation, Variant};
use omnichess_variants::multiverse::{Decision5, Multiverse};

/// The moves' source lines, in the listing's order.
fn lines(list: &[Decision5]) -> Vec<i32> {
    list.iter()
        .filter_map(|d| match d {
            Decision5::Move(mv) => Some(mv.from.line),
            Decision5::Submit => None,
        })
        .collect()
}

#[test]
fn a_listing_past_its_deadline_keeps_the_first_board_s_moves_and_the_submit_rule() {
    // 77 timelines, Black in check with 73 playable boards.
    let start = Multiverse::from_position_text(include_str!("data/multiverse/many-boards.txt"))
        .expect("the position reads");
    let mut states = vec![start.clone()];
    // Within a turn too: after the first move of a legal turn.
    let turn = start.quick_turn(100_000).expect("a legal turn");
    let mut after = start.clone();
    after.apply(turn[0]);
    states.push(after);
    for state in &states {
        let mut full = Vec::new();
        state.decisions(&mut full);
        let mut listed = Vec::new();
        let in_an_hour = Instant::now() + Duration::from_secs(3600);
        assert!(state.decisions_until(&mut listed, in_an_hour), "complete");
        assert_eq!(listed, full, "before the deadline: the whole listing");

        let reached = Instant::now();
        assert!(!state.decisions_until(&mut listed, reached), "cut");
        let moves = lines(&listed);
        let first = moves[0];
        assert!(moves.iter().all(|&l| l == first), "one board's moves");
        assert_eq!(
            moves.len(),
            lines(&full).iter().filter(|&&l| l == first).count(),
            "all of that board's moves"
        );
        assert!(moves.len() < lines(&full).len(), "the others left out");
        assert_eq!(
            listed[..moves.len()],
            full[..moves.len()],
            "the first moves of the whole listing, in its order"
        );
        assert_eq!(
            listed.last() == Some(&Decision5::Submit),
            state.may_submit(),
            "submit as in the whole listing"
        );
    }
}

#[test]
fn a_listing_past_its_deadline_goes_on_until_it_holds_a_legal_move() {
    // The start: one playable board, its 20 moves listed whatever the deadline.
    let start = Multiverse::start();
    let mut listed = Vec::new();
    assert!(start.decisions_until(&mut listed, Instant::now()));
    assert_eq!(listed.len(), 20);
}
