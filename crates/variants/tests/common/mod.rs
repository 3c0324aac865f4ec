//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test binary uses a part of these helpers

use std::path::PathBuf;

/// The crate's test data folder, `tests/data` (its sources and licences in `NOTICE.md` there).
pub fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Reads a file of the test data, failing loudly (not passing silently) when it is missing.
pub fn read_testdata(relative: &str) -> String {
    let path = testdata_dir().join(relative);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("TEST DATA MISSING: cannot read {} ({e})", path.display()))
}

/// One row of `classic/perft.tsv`: a name, a FEN and the node counts for depths 1, 2, ….
pub struct PerftCase {
    /// The position's name.
    pub name: String,
    /// The position.
    pub fen: String,
    /// `counts[d - 1]` is the perft at depth `d`.
    pub counts: Vec<u64>,
}

/// The rows of `classic/perft.tsv`.
pub fn perft_cases() -> Vec<PerftCase> {
    let text = read_testdata("classic/perft.tsv");
    let cases: Vec<PerftCase> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let name = fields.next().expect("perft.tsv: name").to_owned();
            let fen = fields.next().expect("perft.tsv: FEN").to_owned();
            let counts = fields
                .next()
                .expect("perft.tsv: counts")
                .split_whitespace()
                .map(|n| n.parse().expect("perft.tsv: a count"))
                .collect();
            PerftCase { name, fen, counts }
        })
        .collect();
    assert!(
        cases.len() >= 7,
        "perft.tsv has only {} positions",
        cases.len()
    );
    cases
}
