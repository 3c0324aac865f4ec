//! 5D Chess conformance: the number of legal actions at every position of real and constructed
//! games (tests/data/multiverse/cwmtt, from penteract/cwmtt's tests, agreeing with
//! ftxi/5dchess_engine), capped at 1000, must be exactly the reference's.
//!
//! All twelve games are checked, `wide.5dpgn` (up to ten playable boards and as many
//! timelines the turn could create) included.

use crate::common;

use omnichess_core::replay;
use omnichess_core::{DynGame, Hooks, Records};
use omnichess_variants::multiverse::Multiverse;

/// The reference counts of one game, from `action_counts.tsv`.
fn expected(game: &str) -> Vec<u64> {
    let table = common::read_testdata("multiverse/cwmtt/action_counts.tsv");
    let row = table
        .lines()
        .find(|l| l.split('\t').next() == Some(game))
        .unwrap_or_else(|| panic!("{game} is not in action_counts.tsv"));
    row.split('\t')
        .nth(1)
        .expect("counts")
        .split_whitespace()
        .map(|n| n.parse().expect("a count"))
        .collect()
}

/// Our counts for a game file, through the same path as `omnichess actions`.
fn counts(game: &str) -> Vec<u64> {
    let text = common::read_testdata(&format!("multiverse/cwmtt/{game}"));
    let record = Multiverse::parse_record(&text).expect("the record reads");
    let entry =
        omnichess_core::find(omnichess_variants::REGISTRY, "multiverse").expect("registered");
    let mut game_state: Box<dyn DynGame> = (entry.open)(record.start.as_deref()).expect("start");
    let mut out = Vec::new();
    replay(game_state.as_mut(), &record, &mut |g| {
        out.push(g.count_turns(1000))
    })
    .expect("replays");
    out
}

macro_rules! conformance {
    ($($name:ident => $file:literal),* $(,)?) => {$(
        #[test]
        fn $name() {
            assert_eq!(counts($file), expected($file), "{}", $file);
        }
    )*};
}

conformance! {
    just_kings => "JustKings.5dpgn",
    small_test => "smallTest.5dpgn",
    small => "small.5dpgn",
    standard => "standard.5dpgn",
    another => "another.5dpgn",
    futures => "futures.5dpgn",
    illegal_move_example => "chessin5d-illegal-move-example.5dpgn",
    np0 => "NP0.5dpgn",
    np => "NP.5dpgn",
    ctp1 => "ctp1.5dpgn",
    ctp2 => "ctp2.5dpgn",
    wide => "wide.5dpgn",
}

/// R10 (the bounded terminal test): a search that gave up is remembered for its budget and
/// never beyond it. `NP0.5dpgn` ends in checkmate, which takes 65 to 128 candidate points to
/// prove: asked with 64 the mover is taken to act (again at once when asked again, and with
/// fewer), and asked with more, the mate is found.
#[test]
fn a_bounded_test_that_gave_up_does_not_hide_the_mate_from_a_larger_budget() {
    use omnichess_core::{Player, ToAct, Verdict};
    let text = common::read_testdata("multiverse/cwmtt/NP0.5dpgn");
    let record = Multiverse::parse_record(&text).expect("the record reads");
    let end = Multiverse::after_record(&record).expect("the record plays");
    assert_eq!(
        end.to_act_bounded(64),
        ToAct::Player(Player::Black),
        "gave up"
    );
    assert_eq!(
        end.to_act_bounded(64),
        ToAct::Player(Player::Black),
        "remembered"
    );
    assert_eq!(
        end.to_act_bounded(10),
        ToAct::Player(Player::Black),
        "fewer: the same"
    );
    let mated = end.to_act_bounded(1_000);
    assert_eq!(
        mated.outcome().map(|o| (o.verdict, o.reason)),
        Some((Verdict::Win(Player::White), "checkmate"))
    );
}
