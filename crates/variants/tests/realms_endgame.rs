//! Rule R.5's retrograde analysis, pinned: for every kind that cannot promote, the count of
//! positions a king and that piece win by force against a bare king held on Earth and the
//! longest win (ruling N.3, the stars); and, for any series of legal moves (ruling R.5.4),
//! the draw rule's search (`material::dead_by`, the seed's table left out) against the
//! analysis in every position with both kings on Earth.
//!
//! About ten minutes on two busy cores (in the optimised test profile; CI runs it):
//! `cargo test -p omnichess-variants --test variants -- --ignored realms_endgame::`.

use omnichess_variants::realms::Kind;
use omnichess_variants::realms::endgame::{ANALYSED, Series, analyse, solve_series};

/// (kind, legal Black-to-move positions, White wins, longest win in White moves): the table
/// of docs/rules/realms.md, "Insufficient material".
const TABLE: [(Kind, u64, u64, u32); 13] = [
    (Kind::Rook, 2_058_840, 1_771_128, 22),
    (Kind::Knight, 2_058_840, 1_741_696, 44),
    (Kind::Bishop, 2_058_840, 1_745_872, 25),
    (Kind::Queen, 2_058_840, 1_824_064, 12),
    (Kind::Grandmaster, 2_058_840, 1_824_064, 12),
    (Kind::Silver, 2_058_840, 1_767_560, 21),
    (Kind::Pegasus, 2_058_840, 1_568, 15),
    (Kind::Angel, 3_427_788, 2_920_020, 28),
    (Kind::Warmachine, 2_058_840, 1_744_704, 29),
    (Kind::Scholar, 2_058_840, 1_741_888, 28),
    (Kind::Elephant, 2_058_840, 1_743_296, 23),
    (Kind::Fallen, 2_058_840, 1_760_444, 28),
    (Kind::Fiend, 2_058_840, 1_803_424, 12),
];

/// Checks the rows `rows` of [`TABLE`]: each kind's forced analysis against its row, and the
/// draw rule against the analysis of any series.
fn check_rows(rows: std::ops::Range<usize>) {
    assert_eq!(TABLE.map(|row| row.0), ANALYSED);
    for (kind, positions, wins, longest) in TABLE[rows].iter().copied() {
        let a = analyse(kind);
        assert_eq!(
            (a.positions, a.wins, a.longest.saturating_sub(1)),
            (positions, wins, longest),
            "{}",
            kind.name()
        );
        let (compared, disagree) = solve_series(kind, Series::Any).dead_rule_disagreements();
        assert!(compared > 1_000_000, "{}", kind.name());
        assert_eq!(disagree, Vec::<String>::new(), "{}", kind.name());
    }
}

// The table in two halves of about equal work (the angel's analysis is the largest), so the
// two test threads share it (the forced and the any-series analysis of each kind).

#[test]
#[ignore = "minutes: cargo test -p omnichess-variants --test variants -- --ignored realms_endgame::"]
fn r5_the_analysis_and_the_draw_rule_agree_rook_to_pegasus() {
    check_rows(0..7);
}

#[test]
#[ignore = "minutes: cargo test -p omnichess-variants --test variants -- --ignored realms_endgame::"]
fn r5_the_analysis_and_the_draw_rule_agree_angel_to_fiend() {
    check_rows(7..13);
}
