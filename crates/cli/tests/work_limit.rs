//! `--work-limit`: the commands that judge positions stop at their limit with one line and
//! exit 2, printing nothing computed after the cut (issue: no command hangs on a 5D position
//! with many timelines).

use crate::common::{assert_user_error, omnichess, stdout};

/// cwmtt's `100_timelines.5dpgn` (GPL-3.0 test data, crates/variants/tests/data/NOTICE.md):
/// 22 positions with dozens of timelines, the last one with no legal turn.
const HUNDRED_TIMELINES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../variants/tests/data/multiverse/cwmtt/100_timelines.5dpgn"
);

#[test]
fn replay_past_its_limit_stops_with_one_line_and_prints_nothing_cut() {
    let o = omnichess(&[
        "replay",
        "multiverse",
        HUNDRED_TIMELINES,
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
        HUNDRED_TIMELINES,
        "--cap",
        "1000",
        "--work-limit",
        "0.5",
    ]);
    assert_user_error(&o, "ran past its limit of 0.5 s");
    // The counts of the first positions (small multiverses: exact, each under the cap); no
    // count from the search the limit cut, and not all 22 positions.
    let first = ["20", "22", "21", "29", "28", "36", "33", "39", "42"];
    let text = stdout(&o);
    let printed: Vec<&str> = text.split_whitespace().collect();
    assert!(printed.len() < 22, "{text}");
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
