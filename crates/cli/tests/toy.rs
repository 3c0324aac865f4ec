//! The toy variant (6×6 chess, `omnichess-variants`' and `omnichess-engine`'s `toy` features,
//! on for these tests only) played end to end through the binary, between two players and
//! against its engine: a variant that plugs in by its registry line and its engine line alone.
//! Its perft counts are checked against a brute force of the same rules written here.

use crate::common::{assert_user_error, omnichess, stdout, temp_file, with_input};

/// An independent generator of the toy's rules: a board of 36 bytes (`rank * 6 + file`,
/// upper case white, lower case black, `.` empty), its moves and perft.
mod brute {
    pub type Board = [u8; 36];

    pub fn start() -> Board {
        let mut b = [b'.'; 36];
        b[..6].copy_from_slice(b"RNQKNR");
        b[6..12].copy_from_slice(b"PPPPPP");
        b[24..30].copy_from_slice(b"pppppp");
        b[30..].copy_from_slice(b"rnqknr");
        b
    }

    fn mine(piece: u8, white: bool) -> bool {
        piece != b'.' && piece.is_ascii_uppercase() == white
    }

    fn at(f: i32, r: i32) -> Option<usize> {
        ((0..6).contains(&f) && (0..6).contains(&r)).then(|| (r * 6 + f) as usize)
    }

    /// Every (from, to, promotion) of the side to move, legality unchecked.
    fn pseudo(b: &Board, white: bool) -> Vec<(usize, usize, u8)> {
        let mut out = Vec::new();
        for from in 0..36 {
            let p = b[from];
            if !mine(p, white) {
                continue;
            }
            let (f, r) = ((from % 6) as i32, (from / 6) as i32);
            let mut push = |to: usize| {
                let last = if white { to >= 30 } else { to < 6 };
                if p.eq_ignore_ascii_case(&b'p') && last {
                    for k in [b'q', b'r', b'n'] {
                        out.push((from, to, k));
                    }
                } else {
                    out.push((from, to, b' '));
                }
            };
            match p.to_ascii_lowercase() {
                b'p' => {
                    let dr = if white { 1 } else { -1 };
                    if let Some(to) = at(f, r + dr).filter(|&t| b[t] == b'.') {
                        push(to);
                    }
                    for df in [-1, 1] {
                        if let Some(to) = at(f + df, r + dr).filter(|&t| mine(b[t], !white)) {
                            push(to);
                        }
                    }
                }
                kind => {
                    let (steps, ride): (&[(i32, i32)], bool) = match kind {
                        b'n' => (
                            &[
                                (1, 2),
                                (2, 1),
                                (-1, 2),
                                (-2, 1),
                                (1, -2),
                                (2, -1),
                                (-1, -2),
                                (-2, -1),
                            ],
                            false,
                        ),
                        b'r' => (&[(1, 0), (-1, 0), (0, 1), (0, -1)], true),
                        _ => (
                            &[
                                (1, 0),
                                (-1, 0),
                                (0, 1),
                                (0, -1),
                                (1, 1),
                                (1, -1),
                                (-1, 1),
                                (-1, -1),
                            ],
                            kind == b'q',
                        ),
                    };
                    for &(df, dr) in steps {
                        let (mut tf, mut tr) = (f + df, r + dr);
                        while let Some(to) = at(tf, tr) {
                            if mine(b[to], white) {
                                break;
                            }
                            push(to);
                            if b[to] != b'.' || !ride {
                                break;
                            }
                            tf += df;
                            tr += dr;
                        }
                    }
                }
            }
        }
        out
    }

    fn play(b: &Board, (from, to, promotion): (usize, usize, u8)) -> Board {
        let mut after = *b;
        after[to] = if promotion == b' ' {
            b[from]
        } else if b[from].is_ascii_uppercase() {
            promotion.to_ascii_uppercase()
        } else {
            promotion
        };
        after[from] = b'.';
        after
    }

    fn attacked_king(b: &Board, white: bool) -> bool {
        let king = if white { b'K' } else { b'k' };
        let Some(square) = b.iter().position(|&p| p == king) else {
            return false;
        };
        // A pawn's step forward never takes: only its diagonal targets count.
        pseudo(b, !white).iter().any(|&(from, to, _)| {
            to == square && (from % 6 != to % 6 || !b[from].eq_ignore_ascii_case(&b'p'))
        })
    }

    pub fn perft(b: &Board, white: bool, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pseudo(b, white)
            .into_iter()
            .map(|m| play(b, m))
            .filter(|after| !attacked_king(after, white))
            .map(|after| perft(&after, !white, depth - 1))
            .sum()
    }
}

#[test]
fn toy_perft_matches_hand_counts_and_an_independent_brute_force() {
    // Six pawn steps and two moves of each knight; the sides do not meet in two plies.
    assert_eq!(brute::perft(&brute::start(), true, 1), 10);
    assert_eq!(brute::perft(&brute::start(), true, 2), 100);
    for depth in 1..=4 {
        let o = omnichess(&["perft", "toy", "--depth", &depth.to_string()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let want = brute::perft(&brute::start(), true, depth);
        assert_eq!(stdout(&o), format!("{want}\n"), "depth {depth}");
    }
}

#[test]
fn toy_moves_lists_the_legal_moves_in_its_notation() {
    let o = omnichess(&["moves", "toy"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    for m in ["a2a3", "f2f3", "b1a3", "b1c3", "e1d3", "e1f3"] {
        assert!(text.lines().any(|l| l == m), "{m} missing: {text}");
    }
    assert!(text.contains("to-act: white"), "{text}");
    // A pawn on the fifth rank promotes three ways.
    let o = omnichess(&["moves", "toy", "--position", "k5/1P4/6/6/6/5K w"]);
    let text = stdout(&o);
    for m in ["b5b6q", "b5b6r", "b5b6n"] {
        assert!(text.lines().any(|l| l == m), "{m} missing: {text}");
    }
    assert_user_error(
        &omnichess(&["moves", "toy", "--position", "k5/6/6/6/6/6 w"]),
        "kings",
    );
    assert_user_error(&omnichess(&["moves", "toy", "--after", "a2a5"]), "a2a5");
}

#[test]
fn toy_play_between_two_players_ends_in_checkmate() {
    let o = with_input(
        &[
            "play",
            "toy",
            "--no-color",
            "--position",
            "k5/6/2K3/6/6/1Q4 w",
        ],
        "b1b5\nhistory\nquit\n",
    );
    let text = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text.contains("1-0 white wins by checkmate"), "{text}");
    // The board drawn once, with the variant's own line under it.
    assert!(text.contains("black to move (check)\n"), "{text}");
    assert!(!text.contains("6 k · · · · ·"), "{text}");
    let record = temp_file("toy.pgn", "");
    let o = with_input(
        &["play", "toy", "--no-color"],
        &format!(
            "e2e3\nb5b4\nundo\nb6a4\nmoves\nresign\nsave {}\nquit\n",
            record.display()
        ),
    );
    let text = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text.contains("0-1 black wins by resignation"), "{text}");
    // The saved record replays: its moves in the toy's notation.
    let saved = std::fs::read_to_string(&record).expect("saved");
    assert!(saved.contains("\n1. e2e3 b6a4 *\n"), "{saved}");
    let o = omnichess(&["replay", "toy", &record.display().to_string()]);
    assert_eq!(
        stdout(&o),
        "ok: 2 decisions replayed; white to act; final position: \
         r1qknr/pppppp/n5/4P1/PPPP1P/RNQKNR w\n"
    );
}

/// The toy's mate in one: Qb1-b5, the queen guarded by the king on c4.
const MATE_IN_ONE: &str = "k5/6/2K3/6/6/1Q4 w";

#[test]
fn toy_play_against_the_engine_which_answers_each_move() {
    let o = with_input(
        &[
            "play",
            "toy",
            "--no-color",
            "--vs",
            "engine:nodes=200",
            "--seed",
            "1",
        ],
        "c2c3\nhistory\nquit\n",
    );
    let text = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let reply = text
        .lines()
        .find_map(|l| l.split("black plays: ").nth(1))
        .unwrap_or_else(|| panic!("the engine's reply: {text}"));
    // The reply is one of Black's legal moves after c2c3.
    let o = omnichess(&["moves", "toy", "--after", "c2c3"]);
    assert!(
        stdout(&o).lines().any(|l| l == reply.trim()),
        "{reply}: {}",
        stdout(&o)
    );
    // Moving first, the engine (White) takes the mate in one.
    let o = with_input(
        &[
            "play",
            "toy",
            "--no-color",
            "--vs",
            "engine:depth=3",
            "--engine-first",
            "--position",
            MATE_IN_ONE,
        ],
        "quit\n",
    );
    let text = stdout(&o);
    assert!(text.contains("white plays: b1b5"), "{text}");
    assert!(text.contains("1-0 white wins by checkmate"), "{text}");
}

#[test]
fn toy_analyze_finds_the_mate_and_the_engine_beats_random() {
    let o = omnichess(&["analyze", "toy", "--position", MATE_IN_ONE, "--depth", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("info depth 1 score mate 1 "), "{out}");
    assert_eq!(out.lines().last(), Some("bestmove b1b5"), "{out}");
    let o = omnichess(&[
        "match",
        "toy",
        "--a",
        "engine:nodes=200",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let result = out
        .lines()
        .find_map(|l| l.strip_prefix("result: +"))
        .unwrap_or_else(|| panic!("a result line: {out}"));
    let wins: u32 = result
        .split(' ')
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("the engine's wins: {out}"));
    assert!(wins >= 3, "the engine beats random: {out}");
}
