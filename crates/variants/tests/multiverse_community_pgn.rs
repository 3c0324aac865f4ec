//! 5DPGN as the community writes it (docs/rules/multiverse.md, R12 Notation): every public
//! test game of penteract/cwmtt and ftxi/5dchess_engine not already in the shared test data
//! (copied into `tests/data/multiverse/cwmtt` and `…/ftxi`, sources in their NOTICE files)
//! reads and plays to the end its source gives; the shortened forms of ftxi's Branched 5DPGN
//! resolve to one exact move or are refused naming every candidate; variations are skipped.

use omnichess_core::{
    DynGame, Game, GameRecord, Notation, Player, Records, ReplayError, ToAct, Variant, replay,
};
use omnichess_variants::multiverse::Multiverse;

/// A public game copied into this crate's test data (`tests/data/multiverse/…`).
fn game_text(relative: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/multiverse")
        .join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn record(relative: &str) -> GameRecord {
    Multiverse::parse_record(&game_text(relative))
        .unwrap_or_else(|e| panic!("{relative} does not read: {e}"))
}

/// The decisions' texts as the reader gives them.
fn texts(record: &GameRecord) -> Vec<&str> {
    record.decisions.iter().map(|d| d.text.as_str()).collect()
}

/// How a game ends: who acts at its last position, or its result and reason.
fn end_of(relative: &str) -> (usize, String) {
    let record = record(relative);
    let end = Multiverse::after_record(&record)
        .unwrap_or_else(|e| panic!("{relative} does not replay: {e}"));
    let end_text = match end.to_act() {
        ToAct::Player(Player::White) => "white to act".to_owned(),
        ToAct::Player(Player::Black) => "black to act".to_owned(),
        ToAct::Chance => "chance".to_owned(),
        ToAct::Nobody(o) => format!("{} {}", o.score_text(), o.reason),
    };
    (record.decisions.len(), end_text)
}

/// Every copied game reads, the one of a hundred timelines too (its replay takes minutes:
/// proving its final mate is the legal-turn search's cost, not the reader's).
#[test]
fn r12_every_public_game_reads() {
    for (game, decisions) in [
        ("cwmtt/100_timelines.5dpgn", 254),
        ("cwmtt/brawnsPuzzles-another.5dpgn", 14),
        ("cwmtt/exiledKings.5dpgn", 43),
        ("cwmtt/many2.5dpgn", 266),
        ("cwmtt/manyChecks.5dpgn", 165),
        ("cwmtt/niceAndrey.5dpgn", 414),
        ("cwmtt/silly.5dpgn", 104),
        ("cwmtt/tesseractMageOChicken.5dpgn", 70),
        ("cwmtt/test1.5dpgn", 43),
        ("ftxi/futures.5dpgn", 40),
        ("ftxi/number1.5dpgn", 19),
        ("ftxi/softmate.5dpgn", 42),
        ("ftxi/verysmall.5dpgn", 10),
    ] {
        assert_eq!(record(game).decisions.len(), decisions, "{game}");
    }
}

/// Every game but the one of a hundred timelines (its final mate takes minutes to prove) plays
/// to the end its source gives: mate where the result tag (`1-0` in softmate's movetext,
/// `[Result "…"]`) or cwmtt's results (`tests/results/2026-05-18T030055@90e4970.txt`: 0 legal
/// actions at the last position) say so; the player after the record's last action where
/// cwmtt's results give 1 (exiledKings, niceAndrey). No source states how number1, verysmall
/// and brawnsPuzzles-another end: for them the test pins the mover after the last action.
#[test]
fn r12_public_games_replay_to_the_end_their_sources_give() {
    for (game, decisions, end) in [
        ("cwmtt/brawnsPuzzles-another.5dpgn", 14, "black to act"),
        ("cwmtt/exiledKings.5dpgn", 43, "white to act"),
        ("cwmtt/manyChecks.5dpgn", 165, "0-1 checkmate"),
        ("cwmtt/many2.5dpgn", 266, "0-1 checkmate"),
        ("cwmtt/niceAndrey.5dpgn", 414, "black to act"),
        ("cwmtt/silly.5dpgn", 104, "0-1 checkmate"),
        ("cwmtt/tesseractMageOChicken.5dpgn", 70, "1-0 checkmate"),
        ("cwmtt/test1.5dpgn", 43, "0-1 checkmate"),
        ("ftxi/futures.5dpgn", 40, "1-0 checkmate"),
        ("ftxi/number1.5dpgn", 19, "white to act"),
        ("ftxi/softmate.5dpgn", 42, "1-0 checkmate"),
        ("ftxi/verysmall.5dpgn", 10, "black to act"),
    ] {
        assert_eq!(end_of(game), (decisions, end.to_owned()), "{game}");
    }
}

/// Our number of legal actions at every position of a copied game, capped at 1000, through
/// the same path as `omnichess actions`.
fn action_counts(relative: &str) -> Vec<u64> {
    let record = record(relative);
    let entry =
        omnichess_core::find(omnichess_variants::REGISTRY, "multiverse").expect("registered");
    let mut game: Box<dyn DynGame> = (entry.open)(record.start.as_deref()).expect("start");
    let mut out = Vec::new();
    replay(game.as_mut(), &record, &mut |g| {
        out.push(g.count_turns(1000))
    })
    .expect("replays");
    out
}

/// Conformance (as `multiverse_conformance.rs`): for the five copied games that cwmtt's
/// `tests/results/Correctness.txt` counts, our capped action counts at every position equal
/// cwmtt's (`cwmtt/action_counts-more.tsv`).
#[test]
fn r12_copied_games_have_cwmtt_s_action_counts() {
    let table = game_text("cwmtt/action_counts-more.tsv");
    let rows: Vec<(&str, Vec<u64>)> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (game, counts) = l.split_once('\t').expect("a game and its counts");
            let counts = counts
                .split_whitespace()
                .map(|n| n.parse().expect("a count"))
                .collect();
            (game, counts)
        })
        .collect();
    assert_eq!(rows.len(), 5);
    for (game, counts) in rows {
        assert_eq!(action_counts(&format!("cwmtt/{game}")), counts, "{game}");
    }
}

/// Very Small - Open after `1. Rb4 / Rxb4`.
fn very_small_after_the_rook_trade() -> Multiverse {
    let record =
        Multiverse::parse_record("[Board \"Very Small - Open\"]\n1. Rb4 / Rxb4\n").expect("reads");
    Multiverse::after_record(&record).expect("plays")
}

/// R12: a jump with its target board left out (`N>>d3`, ftxi's "Very Small - Open") is the one
/// legal jump of that kind to that square; `>` asks for a non-branching jump, `>>` for a
/// branching one.
#[test]
fn r12_a_jump_without_its_target_board_resolves_when_unambiguous() {
    let g = very_small_after_the_rook_trade();
    let jump = g.parse_decision("N>>d3").expect("one knight jump to d3");
    assert_eq!(g.decision_text(jump), "(0T2)Nd1>>(0T1)d3");
    assert_eq!(
        g.parse_decision(">>d3"),
        Ok(jump),
        "a pawn first, then any piece"
    );
    assert_eq!(g.parse_decision("(0T2)N>>xd3+"), Ok(jump));
    let err = g.parse_decision("N>d3").expect_err("the jump branches");
    assert!(
        err.to_string().contains("no legal move matches it here"),
        "{err}"
    );
}

/// R12: any part of a move but its target square may be left out (ftxi's shortened notation):
/// a board's timeline or turn alone, the piece letter of a long move (a pawn's move first).
#[test]
fn r12_shortened_moves_resolve_to_the_exact_move() {
    let g = Multiverse::start();
    let nf3 = g.parse_decision("(0T1)Ng1f3").expect("long");
    for text in ["g1f3", "(L0)Nf3", "(0)Nf3", "(T1)Nf3", "(T1)g1f3"] {
        assert_eq!(g.parse_decision(text), Ok(nf3), "{text}");
    }
    assert_eq!(
        g.decision_text(g.parse_decision("(T1)e3").expect("a pawn")),
        "(0T1)e2e3"
    );
    assert!(g.parse_decision("(T2)Nf3").is_err(), "no board of T2 yet");
}

/// R12: a shortened move that fits several legal moves is refused in one line naming them all.
#[test]
fn r12_an_ambiguous_short_move_is_refused_naming_the_candidates() {
    let g = Multiverse::from_position_text("[Board \"Standard - Two Timelines\"]").expect("start");
    let err = g.parse_decision("Nf3").expect_err("a knight on each board");
    assert_eq!(
        err.to_string(),
        "illegal decision `Nf3`: ambiguous: it could be (-0T1)Ng1f3 or (+0T1)Ng1f3"
    );
    let err = g
        .parse_decision("(T1)c3")
        .expect_err("a pawn on each board");
    assert!(
        err.to_string()
            .ends_with("ambiguous: it could be (-0T1)c2c3 or (+0T1)c2c3"),
        "{err}"
    );
}

/// R12: variations `( … )` (ftxi's Branched 5DPGN game trees) are skipped, nested ones and
/// comments in them too: the record is its main line, the actions outside every parenthesis.
#[test]
fn r12_variations_are_skipped_and_the_main_line_is_played() {
    let record = Multiverse::parse_record(
        "[Board \"Standard\"]\n\
         1. e3 / Nf6\n\
         2w. Bb5 {Beware!}\n\
         (2b. d5 {The right response (so they say)}\n\
         \x20 (3. c3 {a {nested} comment} / c6) 3. Nc3)\n\
         (/ a6)\n\
         2b. c6 1-0",
    )
    .expect("reads");
    assert_eq!(
        texts(&record),
        [
            "e3", "submit", "Nf6", "submit", "Bb5", "submit", "c6", "submit"
        ]
    );
    assert_eq!(record.result.as_deref(), Some("1-0"));
    // A variation may follow its action with no space; a board prefix is never one.
    let record =
        Multiverse::parse_record("1. e3(/ Nf6) / (0T1)e6 2. (0T2)d2(0T2)d3").expect("reads");
    assert_eq!(
        texts(&record),
        [
            "e3",
            "submit",
            "(0T1)e6",
            "submit",
            "(0T2)d2(0T2)d3",
            "submit"
        ]
    );
    // ftxi's game: its variation `(10w. … 12. …)` spans three lines; the main line mates.
    let softmate = record_of_softmate();
    assert_eq!(
        texts(&softmate)[36..],
        [
            "(-1T3)Bf1c4",
            "submit",
            "(-1T3)Rh8g8",
            "submit",
            "(-1T4)Bc4xf7",
            "submit"
        ]
    );
}

fn record_of_softmate() -> GameRecord {
    record("ftxi/softmate.5dpgn")
}

/// R12: text that is not 5DPGN is refused in one line naming the token (or the bracket) and
/// its line.
#[test]
fn r12_malformed_records_name_the_token_and_its_line() {
    let err = Multiverse::parse_record("1. e3 / e6\n2. d3 (2b. d6 / e5\n3. a3")
        .expect_err("an open variation");
    assert_eq!(
        err.to_string(),
        "game record, line 2: variation `(` is never closed by `)`"
    );
    let err =
        Multiverse::parse_record("1. e3 {a {nested} comment / e6").expect_err("an open comment");
    assert_eq!(
        err.to_string(),
        "game record, line 1: comment `{` is never closed"
    );
    let record = Multiverse::parse_record("1. e3 / e6\n2. Q>>>>f9").expect("reads");
    match Multiverse::after_record(&record) {
        Err(ReplayError::Decision {
            index, text, line, ..
        }) => assert_eq!((index, text.as_str(), line), (5, "Q>>>>f9", 2)),
        other => panic!("expected `Q>>>>f9` refused, got {other:?}"),
    }
}
