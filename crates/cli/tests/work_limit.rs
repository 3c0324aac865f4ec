//! `--work-limit`: the commands that judge positions stop at their limit with one line and
//! exit 2, printing nothing computed after the cut (issue: no command hangs on a 5D position
//! with many timelines).

use crate::common::{assert_user_error, omnichess, stdout};

/// A game of two random agents, 233 timelines at its end (crates/variants/tests/data/NOTICE.md):
/// replaying it decides at each of its turns whether a legal turn exists among them.
const MANY_TIMELINES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../variants/tests/data/multiverse/random-233-timelines.5dpgn"
);

#[test]
fn replay_past_its_limit_stops_with_one_line_and_prints_nothing_cut() {
    let o = omnichess(&[
        "replay",
        "multiverse",
        MANY_TIMELINES,
        "--work-limit",
        "0.01",
    ]);
    assert_user_error(&o, "--work-limit");
    assert_eq!(stdout(&o), "", "no verdict from a search that gave up");
}

#[test]
fn actions_past_its_limit_keeps_only_the_counts_it_finished() {
    let o = omnichess(&[
        "actions",
        "multiverse",
        MANY_TIMELINES,
        "--cap",
        "1000",
        "--work-limit",
        "0.05",
    ]);
    assert_user_error(&o, "ran past its limit of 0.05 s");
    // The counts of the first positions (exact: small multiverses, under the cap); no count
    // from the search the limit cut, and not all 31 turns of the game.
    let first = ["20", "20", "23", "32", "533"];
    let text = stdout(&o);
    let printed: Vec<&str> = text.split_whitespace().collect();
    assert!(printed.len() < 31, "{text}");
    for (got, want) in printed.iter().zip(first) {
        assert_eq!(*got, want, "{text}");
    }
}

#[test]
fn a_limit_that_is_no_duration_is_refused() {
    for bad in ["0", "-1", "soon", "100000"] {
        let o = omnichess(&["moves", "classic", "--work-limit", bad]);
        assert_user_error(&o, "a number of seconds");
    }
}

#[test]
fn work_within_the_limit_is_unchanged() {
    let o = omnichess(&["moves", "classic", "--after", "e4", "--work-limit", "30"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert_eq!(text.lines().next(), Some("to-act: black"));
    assert_eq!(
        text.lines().count(),
        21,
        "the line and black's 20 answers: {text}"
    );
}
