//! The kind every variant gives its position errors: the text's form (`Syntax`) apart from
//! each rule a readable position can break, one representative error of each.

use omnichess_core::{Notation, PositionErrorKind as K, Variant};
use omnichess_variants::{
    classic::Classic, dice::Dice, dmchess::DmChess, multiverse::Multiverse, qec::Qec,
    realms::Realms,
};

/// The kind of the error `text` gives as a position of `V` (which must refuse it).
fn kind<V: Notation>(text: &str) -> K {
    match V::from_position_text(text) {
        Ok(_) => panic!("`{text}` was accepted"),
        Err(e) => e.kind(),
    }
}

fn assert_kinds<V: Notation + Variant>(cases: &[(&str, K)]) {
    for &(text, expected) in cases {
        assert_eq!(kind::<V>(text), expected, "{}: `{text}`", V::NAME);
    }
}

#[test]
fn classic_fen_errors_have_their_kinds() {
    assert_kinds::<Classic>(&[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            K::Syntax,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
            K::Syntax,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
            K::Syntax,
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", K::Syntax),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            K::Board,
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", K::Board),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            K::MissingKing,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1",
            K::TooManyKings,
        ),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", K::PawnOnBackRank),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", K::Castling),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            K::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            K::Counters,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            K::Counters,
        ),
        // The rook on e1 checks the black king, and it is White's move.
        ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", K::OppositeCheck),
        ("8/8/8/8/8/8/8/4Kk2 w - - 0 1", K::OppositeCheck),
        // Black's last move was d7-d5, which cannot have let the bishop on a5 check.
        ("4k3/8/8/b2p4/8/8/8/4K3 w - d6 0 1", K::ImpossibleCheck),
        // Seventeen white pieces: more than a side's 16.
        ("NNNNNNNN/NNNNNNNN/8/8/8/8/8/K6k w - - 0 1", K::Unsupported),
    ]);
}

#[test]
fn qec_errors_have_their_kinds() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let text = |rest: &str| format!("{START} {rest}");
    assert_kinds::<Qec>(&[
        (START, K::Syntax),
        (&text("e2~e8"), K::VariantRule),
        (&text("e3~d8"), K::VariantRule),
        (&text("- reply:e2"), K::Phase),
        (&text("e2-d8"), K::Syntax),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1 -",
            K::TooManyKings,
        ),
    ]);
}

#[test]
fn dice_errors_have_their_kinds() {
    assert_kinds::<Dice>(&[
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 die:1,2", K::Syntax),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 die:1,0,0,0,0,1",
            K::VariantRule,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 roll", K::Phase),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 promote:e7e8", K::Phase),
        ("4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1", K::ImpossibleCheck),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", K::MissingKing),
        ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", K::PawnOnBackRank),
    ]);
    // A king taken ends the game: then, and only then, one may be missing.
    assert!(Dice::from_position_text("8/8/8/8/8/8/8/4K3 w - - 0 1 taken").is_ok());
}

#[test]
fn multiverse_errors_have_their_kinds() {
    assert_kinds::<Multiverse>(&[
        ("nonsense", K::Syntax),
        ("[Board \"Nonsense\"]", K::Unsupported),
        (
            "[Board \"custom\"] [Size \"9x9\"] [9/9/9/9/9/9/9/9/9:0:1:w]",
            K::Unsupported,
        ),
        ("[Board \"custom\"] [Size \"0x5\"] [5:0:1:w]", K::Board),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5:0:1:w]",
            K::Board,
        ),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K3Z:0:1:w]",
            K::Syntax,
        ),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:0:1:x]",
            K::Syntax,
        ),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:0:1:w] [4k/5/5/5/K4:0:3:w]",
            K::Board,
        ),
        ("[Board \"custom\"] [Size \"3x3\"] [3/3/3:x:1:w]", K::Syntax),
    ]);
}

#[test]
fn realms_errors_have_their_kinds() {
    // The white king on a1 of the heavens, the black king on z8 of the underworld.
    let realms = |heavens: &str, earth: &str, underworld: &str, rest: &str| {
        format!("{heavens}|{earth}|{underworld} {rest}")
    };
    let (heavens, earth, underworld) = ("8/8/8/8/8/8/8/K7", "8/8/8/8/8/8/8/8", "7k/8/8/8/8/8/8/8");
    let play = |rest: &str| realms(heavens, earth, underworld, rest);
    assert_kinds::<Realms>(&[
        (&play("x - - 0 1"), K::Syntax),
        (&play("w - - x 1"), K::Counters),
        (&format!("{heavens}|{earth} w - - 0 1"), K::Board),
        (
            &realms(heavens, heavens, underworld, "w - - 0 1"),
            K::TooManyKings,
        ),
        (
            &realms(earth, earth, underworld, "w - - 0 1"),
            K::MissingKing,
        ),
        (
            &realms(heavens, "8/8/8/8/8/8/8/7W", underworld, "w - - 0 1"),
            K::PawnOnBackRank,
        ),
        (
            &realms("8/8/8/8/7I/8/8/K7", earth, underworld, "w - - 0 1"),
            K::Placement,
        ),
        (&play("w K - 0 1"), K::Castling),
        (&play("w - n3 0 1"), K::EnPassant),
        // The rook on z7 checks the black king, and it is White's move.
        (
            &realms(heavens, earth, "7k/7R/8/8/8/8/8/8", "w - - 0 1"),
            K::OppositeCheck,
        ),
    ]);
}

#[test]
fn dmchess_errors_have_their_kinds() {
    let start = DmChess::start().position_text();
    let fields: Vec<&str> = start.split_whitespace().collect();
    let with = |i: usize, value: &str| {
        let mut f = fields.clone();
        f[i] = value;
        f.join(" ")
    };
    let no_light_kings = {
        let (boards, rest) = start.split_once(' ').expect("fields");
        // Each board's light king `K` with its DEL digit and `*` becomes a rook of the same.
        format!("{} {rest}", boards.replace('K', "R"))
    };
    let profile = |tokens: &str| format!("start {tokens}");
    let good = omnichess_variants::dmchess::Profile::default_profile().text();
    assert_kinds::<DmChess>(&[
        ("", K::Syntax),
        (&with(1, "x"), K::Syntax),
        (&with(4, "0"), K::Counters),
        (&with(5, "0/9"), K::Counters),
        (&with(2, "d1e3"), K::EnPassant),
        (&no_light_kings, K::MissingKing),
        (&profile(&format!("{good} colour=red")), K::Syntax),
        (&profile(&good.replace("2-3:e4", "2-3:g6")), K::VariantRule),
    ]);
}

#[cfg(feature = "toy")]
#[test]
fn toy_errors_have_their_kinds() {
    use omnichess_variants::toy::Toy;
    assert_kinds::<Toy>(&[
        ("rnqknr/pppppppp/6/6/PPPPPP/RNQKNR", K::Syntax),
        ("rnqknr/pppppp/6/6/PPPPPP/RNQKNR x", K::Syntax),
        ("rnqknr/pppppp/6/PPPPPP/RNQKNR w", K::Board),
        ("rnqknr/pppppp/7/6/PPPPPP/RNQKNR w", K::Board),
        ("rnqknr/pppppp/6/6/PPPPPP/RNQKNP w", K::PawnOnBackRank),
        ("rnqknr/pppppp/6/6/PPPPPP/RNQNNR w", K::MissingKing),
        ("rnqknr/pppppp/6/6/PPPPPP/RKQKNR w", K::TooManyKings),
    ]);
}
