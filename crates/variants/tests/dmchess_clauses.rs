//! Every numbered clause of `dmchess-rulebook-v01.txt` has its row in docs/rules/dmchess.md:
//! what the implementation does and why. A row may rule a range of clauses that share one
//! ruling (`3.1.2–3.1.4`).

/// The numbered clauses of the rulebook, in its order (the section titles 2.1, 2.2, … head
/// groups of clauses and are left out, except in sections 1 and 9, where the numbered
/// paragraphs are the clauses).
const CLAUSES: &[&str] = &[
    "1.1", "1.2", "1.3", //
    "2.1.1", "2.1.2", "2.1.3", "2.2.1", "2.2.2", "2.2.3", "2.3.1", "2.3.2", "2.3.3", //
    "3.1.1", "3.1.2", "3.1.3", "3.1.4", "3.2.1", "3.2.2", "3.2.3", "3.3.1", "3.3.2", "3.3.3",
    "4.1.1", "4.1.2", "4.1.3", "4.1.4", "4.1.5", "4.1.6", "4.1.7", "4.2.1", "4.2.2", "4.2.3",
    "4.2.4", "4.3.1", "4.3.2", "4.3.3", "4.3.4", //
    "5.1.1", "5.1.2", "5.1.3", "5.1.4", "5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.3.1", "5.3.2",
    "5.3.3", "5.3.4", "5.4.1", "5.4.2", "5.4.3", "5.4.4", //
    "6.1.1", "6.1.2", "6.1.3", "6.2.1", "6.2.2", "6.2.3", "6.3.1", "6.3.2", "6.3.3", "6.4.1",
    "6.4.2", "6.5.1", "6.5.2", "6.5.3", "6.5.4", //
    "7.1.1", "7.1.2", "7.1.3", "7.2.1", "7.2.2", "7.2.3", "7.3.1", "7.4.1", "7.4.2", "7.4.3",
    "7.4.4", "7.4.5", //
    "8.1.1", "8.1.2", "8.1.3", "8.2.1", "8.2.2", "8.2.3", "8.3.1", "8.3.2", "8.3.3", //
    "9.1", "9.2", "9.3", "9.4",
];

const RULINGS: &str = include_str!("../../../docs/rules/dmchess.md");

/// The clauses a row's first cell names: `4.2.1`, or each of a range `3.1.2–3.1.4`; nothing
/// for a cell that is not a clause number (`#`, `—`, a measurement).
fn named(cell: &str) -> Vec<String> {
    let first = cell.split_whitespace().next().unwrap_or("");
    let is_clause =
        |s: &str| s.split('.').count() >= 2 && s.split('.').all(|p| p.parse::<u8>().is_ok());
    match first.split_once('–') {
        Some((a, b)) if is_clause(a) && is_clause(b) => {
            let (stem, lo) = a.rsplit_once('.').expect("a clause has a dot");
            let (stem_b, hi) = b.rsplit_once('.').expect("a clause has a dot");
            assert_eq!(stem, stem_b, "a range within one group: {cell}");
            let (lo, hi): (u8, u8) = (lo.parse().expect("number"), hi.parse().expect("number"));
            (lo..=hi).map(|n| format!("{stem}.{n}")).collect()
        }
        None if is_clause(first) => vec![first.to_owned()],
        _ => Vec::new(),
    }
}

#[test]
fn c1_1_to_9_4_every_numbered_clause_has_its_row() {
    let rows: Vec<String> = RULINGS
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" |").next())
        .flat_map(named)
        .collect();
    let missing: Vec<&str> = CLAUSES
        .iter()
        .copied()
        .filter(|c| !rows.iter().any(|r| r == c))
        .collect();
    assert_eq!(missing, Vec::<&str>::new(), "clauses without a row");
    let unknown: Vec<&String> = rows
        .iter()
        .filter(|r| !CLAUSES.contains(&r.as_str()))
        .collect();
    assert_eq!(
        unknown,
        Vec::<&String>::new(),
        "rows naming no clause of the text"
    );
}
