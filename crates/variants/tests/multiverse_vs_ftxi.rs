//! 5D Chess move generation against ftxi/5dchess_engine, move by move: at
//! every position of long random games, the moves of the pieces on the mover's playable boards
//! (by their movement rules, before any check test) must be the set ftxi generates, but for the
//! moves of the ruled differences (docs/rules/multiverse.md: R5, Black's unmoved pawn stepping
//! two timelines; R7, castling with the rook two files away), which only omnichess makes.
//!
//! ftxi's figures are in tests/data/multiverse/ftxi_moves.tsv, written by
//! `RECORD=… tools/ftxi-5dchess/diff_moves.sh BUILD_DIR GAME…` (its header names the games and
//! the ftxi commit): per position, the number of ftxi's moves, the FNV-1a hash of their sorted
//! list, and the moves only omnichess generates.

use crate::common;

use omnichess_core::Records;
use omnichess_variants::multiverse::Multiverse;

/// One position's figures: ftxi's move count and hash, and the moves only omnichess makes.
struct Figures {
    position: usize,
    count: usize,
    hash: u64,
    extra: Vec<(String, String)>,
}

/// The figures of `game` in ftxi_moves.tsv, by position.
fn figures(game: &str) -> Vec<Figures> {
    common::read_testdata("multiverse/ftxi_moves.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && l.split('\t').next() == Some(game))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Figures {
                position: f[1].parse().expect("a position"),
                count: f[2].parse().expect("a count"),
                hash: u64::from_str_radix(f[3], 16).expect("a hash"),
                extra: f
                    .get(4)
                    .map(|e| {
                        e.split_whitespace()
                            .map(|m| {
                                let (rule, mv) = m.split_once(':').expect("RULE:MOVE");
                                (rule.to_owned(), mv.to_owned())
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// The position at the start of every turn of a game file (a path under data/multiverse).
fn positions(path: &str) -> Vec<Multiverse> {
    let text = common::read_testdata(&format!("multiverse/{path}"));
    let record = Multiverse::parse_record(&text).expect("the record reads");
    let mut out = Vec::new();
    Multiverse::replay_record(&record, &mut |state| out.push(state.clone()))
        .expect("every decision legal");
    out
}

/// FNV-1a, 64 bits.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The board label `(LTt)` and square of a 5DUCI move's origin and target.
fn parts(mv: &str) -> ((i32, i32, String), (i32, i32, String)) {
    let half = |s: &str| {
        let close = s.find(')').expect("a board");
        let (l, t) = s[1..close].split_once('T').expect("LTt");
        (
            l.parse().expect("a line"),
            t.parse().expect("a turn"),
            s[close + 1..close + 3].to_owned(),
        )
    };
    let second = mv[1..].find('(').expect("a target board") + 1;
    (half(&mv[..second]), half(&mv[second..]))
}

/// Checks the game at `path` (under data/multiverse) against its figures; returns the
/// numbers of positions checked and of moves only omnichess makes, by rule (R5, R7).
fn check_game(path: &str) -> (usize, usize, usize) {
    let game = path.rsplit('/').next().unwrap_or(path);
    let expected = figures(game);
    assert!(!expected.is_empty(), "{game} is not in ftxi_moves.tsv");
    let list = positions(path);
    let mut ruled = (0, 0);
    for f in &expected {
        let state = &list[f.position];
        let mut moves = state.duci_piece_moves();
        for (rule, mv) in &f.extra {
            let ((l0, t0, s0), (l1, t1, s1)) = parts(mv);
            match rule.as_str() {
                // Black's unmoved pawn, two timelines forward (towards higher lines).
                "R5" => {
                    assert!(
                        !state.white_to_move() && l1 == l0 + 2 && t0 == t1 && s0 == s1,
                        "{game}:{}: {mv} is not a Black two-timeline step",
                        f.position
                    );
                    ruled.0 += 1;
                }
                // The king two files along its rank, onto the rook's square.
                "R7" => {
                    let (f0, f1) = (s0.as_bytes()[0], s1.as_bytes()[0]);
                    assert!(
                        l0 == l1
                            && t0 == t1
                            && s0.as_bytes()[1] == s1.as_bytes()[1]
                            && f0.abs_diff(f1) == 2,
                        "{game}:{}: {mv} is not a castling",
                        f.position
                    );
                    ruled.1 += 1;
                }
                _ => panic!("{game}:{}: unknown rule {rule}", f.position),
            }
            let at = moves
                .iter()
                .position(|m| m == mv)
                .unwrap_or_else(|| panic!("{game}:{}: {mv} is not generated", f.position));
            moves.remove(at);
        }
        assert_eq!(
            moves.len(),
            f.count,
            "{game}:{}: ftxi's number of moves",
            f.position
        );
        assert_eq!(
            fnv1a(&moves.join(",")),
            f.hash,
            "{game}:{}: not ftxi's moves",
            f.position
        );
    }
    (expected.len(), ruled.0, ruled.1)
}

#[test]
fn piece_moves_are_ftxis_at_every_position_of_the_random_233_timeline_game() {
    assert_eq!(check_game("random-233-timelines.5dpgn"), (27, 50, 0));
}

#[test]
fn piece_moves_are_ftxis_but_for_castling_with_the_rook_two_files_away() {
    assert_eq!(check_game("cwmtt/ctp2.5dpgn"), (19, 2, 10));
}
