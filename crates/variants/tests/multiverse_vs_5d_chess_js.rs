//! 5D Chess against 5d-chess-js (an independent implementation, npm `5d-chess-js`, pinned in
//! `tools/5d-chess-js-reference/package.json`): seeded random games it played and exported as
//! 5DPGN in its own notation, with what it says at the start of every turn
//! (`tests/data/5d-chess-js/`, README.md there). Only the committed data is read; node is not
//! needed.
//!
//! At every turn start of every game, omnichess must agree with 5d-chess-js on:
//! - the moves from every playable board by the pieces' movement (`Multiverse::moves`, like
//!   5d-chess-js's `moves`), as (from, to) pairs: their number and a hash of the sorted list (promotion pieces are left out of the comparison: 5d-chess-js offers every
//!   non-royal piece of the start, omnichess the variant's promotion pieces, ruling R8);
//! - whether the mover is in check. omnichess's ruling (R10 in docs/rules/multiverse.md) tests
//!   check with a pass on *every* board the mover could play;
//!   5d-chess-js's `checks` passes only the boards in the present. The facts hold both: its
//!   own answer, and its move generator's answer with every playable board passed
//!   (`check_all`). Ours must equal `check_all`, and must be true whenever its own is (a pass
//!   adds boards, so it can only add attacks);
//! - whether the mover is checkmated, and whether stalemated.

use std::collections::BTreeSet;
use std::path::PathBuf;

use omnichess_core::{Game, Notation, Records, ToAct, Variant};
use omnichess_variants::multiverse::{Decision5, Multiverse, Pos};

/// The data folder.
fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/5d-chess-js")
}

fn read(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// What 5d-chess-js says at one turn start (one row of `facts.tsv`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Facts {
    /// Whether White is to move.
    white: bool,
    /// Distinct (from, to) moves from every playable board.
    moves: usize,
    /// FNV-1a 64 of the sorted distinct canonical moves joined by `\n`.
    hash: String,
    /// 5d-chess-js's `checks`: a pass on the boards in the present only.
    check_present: bool,
    /// Check with a pass on every playable board (omnichess's ruling).
    check: bool,
    checkmate: bool,
    stalemate: bool,
}

/// The rows of `facts.tsv` for `game`, by position (0 = the start), with whether
/// 5d-chess-js's mate and stalemate searches finished (they give up after the time
/// `generate.mjs` allows; then only the moves and check are compared).
fn reference(game: &str) -> Vec<(Facts, bool)> {
    let table = read("facts.tsv");
    let mut out = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] != game {
            continue;
        }
        assert_eq!(f.len(), 11, "facts.tsv: {line}");
        let index: usize = f[1].parse().expect("position");
        assert_eq!(index, out.len(), "facts.tsv: positions of {game} in order");
        let flag = |s: &str| s == "1";
        let facts = Facts {
            white: f[2] == "w",
            moves: f[4].parse().expect("distinct moves"),
            hash: f[5].to_owned(),
            check_present: flag(f[6]),
            check: flag(f[7]),
            checkmate: flag(f[8]),
            stalemate: flag(f[9]),
        };
        out.push((facts, !flag(f[10])));
    }
    assert!(!out.is_empty(), "{game} is not in facts.tsv");
    out
}

/// A square as the facts write it: line (omnichess's encoding), v, file, rank.
fn canon(p: Pos) -> String {
    format!("{}:{}:{}:{}", p.line, p.v, p.x, p.y)
}

fn fnv64(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The sorted distinct (from, to) moves of the mover, in the facts' form: every move from
/// every playable board by the pieces' movement ([`Multiverse::moves`]), as 5d-chess-js's
/// `moves` lists them. (`Game::decisions` may leave out moves no legal action can contain,
/// so it is not the like-for-like list.)
fn our_moves(game: &Multiverse) -> Vec<String> {
    let mut set = BTreeSet::new();
    game.moves(|m| {
        set.insert(format!("{}>{}", canon(m.from), canon(m.to)));
    });
    set.into_iter().collect()
}

/// What omnichess says at a turn start, in the facts' terms.
fn ours(game: &Multiverse) -> Facts {
    let moves = our_moves(game);
    let (checkmate, stalemate) = match game.to_act() {
        ToAct::Nobody(outcome) => (outcome.reason == "checkmate", outcome.reason == "stalemate"),
        _ => (false, false),
    };
    Facts {
        white: game.white_to_move(),
        moves: moves.len(),
        hash: fnv64(&moves.join("\n")),
        check_present: false, // not ruled by omnichess; see `differences`
        check: game.in_check(),
        checkmate,
        stalemate,
    }
}

/// 5d-chess-js's export writes a pawn capture that needs disambiguation with the pawn's file
/// twice, `ffxg6`, `b2bxc1=Q` (its `ambiguousSan` puts the disambiguation before the pawn's
/// file). That is not SAN and omnichess's reader refuses it; such a move is read with the
/// repeated file left out (`fxg6`, `b2xc1=Q`). `None` when the text is not of that form.
fn pawn_capture_quirk(text: &str) -> Option<String> {
    let (prefix, san) = match text.find(')') {
        Some(i) if text.starts_with('(') => text.split_at(i + 1),
        _ => ("", text),
    };
    let b = san.as_bytes();
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    let rank = usize::from(b.get(1).is_some_and(u8::is_ascii_digit));
    let (first, second) = (*b.first()?, *b.get(1 + rank)?);
    (file(first) && first == second && b.get(2 + rank) == Some(&b'x'))
        .then(|| format!("{prefix}{}{}", &san[..=rank], &san[2 + rank..]))
}

/// Replays a game with omnichess and compares every turn start with the facts; returns the
/// disagreements, one line each with the position's 5DFEN.
fn differences(game_file: &str) -> Vec<String> {
    let expected = reference(game_file);
    let record = Multiverse::parse_record(&read(game_file)).expect("the record reads");
    let mut game = match record.start.as_deref() {
        Some(text) => Multiverse::from_position_text(text).expect("the start reads"),
        None => Multiverse::start(),
    };
    let mut seen = Vec::new();
    seen.push(ours(&game));
    let mut positions = vec![game.position_text()];
    for (i, d) in record.decisions.iter().enumerate() {
        let decision = game
            .parse_decision(&d.text)
            .or_else(|e| match pawn_capture_quirk(&d.text) {
                Some(text) => game.parse_decision(&text),
                None => Err(e),
            })
            .unwrap_or_else(|e| panic!("{game_file}: decision {} `{}`: {e}", i + 1, d.text));
        game.apply(decision);
        if decision == Decision5::Submit {
            seen.push(ours(&game));
            positions.push(game.position_text());
        }
    }
    assert_eq!(
        seen.len(),
        expected.len(),
        "{game_file}: positions replayed vs in facts.tsv"
    );
    let mut out = Vec::new();
    for (n, (got, want)) in seen.iter().zip(&expected).enumerate() {
        let (want, searched) = want;
        // Ours has no present-only check: it must hold wherever 5d-chess-js's does.
        let present_only_agrees = got.check || !want.check_present;
        let mut got = Facts {
            check_present: want.check_present,
            ..got.clone()
        };
        if !searched {
            (got.checkmate, got.stalemate) = (want.checkmate, want.stalemate);
        }
        if got != *want || !present_only_agrees {
            out.push(format!(
                "{game_file} position {n}: ours {got:?}, 5d-chess-js {want:?}\n  {}",
                positions[n].replace('\n', " ")
            ));
        }
    }
    out
}

macro_rules! games {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                let file = concat!(stringify!($name), ".5dpgn");
                let diffs = differences(file);
                assert!(diffs.is_empty(), "{}", diffs.join("\n"));
            }
        )*

        /// Every game of facts.tsv has its test.
        #[test]
        fn every_game_is_tested() {
            let named: BTreeSet<String> =
                [$(concat!(stringify!($name), ".5dpgn")),*].iter().map(|s| s.to_string()).collect();
            let table = read("facts.tsv");
            let listed: BTreeSet<String> = table
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|l| l.split('\t').next().unwrap_or_default().to_owned())
                .collect();
            assert_eq!(named, listed);
        }
    };
}

games! {
    g01, g02, g03, g04, g05, g06, g07, g08, g09, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20, g21, g22, g23, g24, g25, g26, g27, g28, g29, g30, g31, g32, g33, g34, g35, g36, g37, g38, g39, g40,
}
