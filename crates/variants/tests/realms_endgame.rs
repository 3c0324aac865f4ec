//! Rule R.5's retrograde analysis, pinned: for every kind that cannot promote, the count of
//! positions a king and that piece win against a bare king held on Earth, the longest win,
//! and the verdict the game's draw rule uses (`material::insufficient_alone`); and the
//! pegasus's won positions, which the game reads from `pegasus_wins.txt`.
//!
//! A few minutes on two cores (in the optimised test profile; CI runs it):
//! `cargo test -p omnichess-variants --test variants -- --ignored realms_endgame::`.

use std::collections::HashSet;

use omnichess_variants::realms::Kind;
use omnichess_variants::realms::endgame::{ANALYSED, analyse, solve};
use omnichess_variants::realms::material::insufficient_alone;

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

/// Checks the rows `rows` of [`TABLE`]: each kind's analysis against its row, and the draw rule
/// against the analysis.
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
        assert_eq!(insufficient_alone(kind), !a.sufficient(), "{}", kind.name());
    }
}

// The table in two halves of about equal work (the angel's analysis is the largest), so the
// two test threads share it: about two minutes each.

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

#[test]
#[ignore = "slow: cargo test -p omnichess-variants --test variants -- --ignored realms_endgame::"]
fn r5_the_pegasus_table_is_the_analysis() {
    let solved: HashSet<String> = solve(Kind::Pegasus).won_lines().into_iter().collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/realms/pegasus_wins.txt");
    let text = std::fs::read_to_string(path).expect("pegasus_wins.txt");
    let committed: HashSet<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(solved.len(), 13_148);
    assert_eq!(solved, committed);
}
