//! Differential tests against shakmaty (GPL-3.0, a dev-dependency only): an independent
//! implementation of the FIDE rules. Thousands of random games must agree at every ply on the
//! legal move set, SAN, FEN and outcome; perft must agree on positions outside the reference
//! file.

use omnichess_core::Notation;
use omnichess_core::{Game, Player, ToAct, Variant, Verdict, perft::perft};
use omnichess_variants::classic::Classic;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, KnownOutcome, Outcome, Position};
use std::collections::BTreeMap;

fn shakmaty_from_fen(fen: &str) -> Chess {
    let setup: Fen = fen.parse().expect("shakmaty reads the FEN");
    setup
        .into_position(CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

/// The legal moves of both implementations as sorted UCI strings.
fn move_sets(ours: &Classic, theirs: &Chess) -> (Vec<String>, Vec<String>) {
    let mut list = Vec::new();
    ours.decisions(&mut list);
    let mut a: Vec<String> = list.iter().map(|&m| ours.uci(m)).collect();
    let mut b: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| UciMove::from_standard(*m).to_string())
        .collect();
    a.sort();
    b.sort();
    (a, b)
}

/// The outcome by the rules both implement (checkmate, stalemate, insufficient material).
fn shared_outcome(ours: &Classic) -> Option<Verdict> {
    match ours.to_act() {
        ToAct::Nobody(o)
            if ["checkmate", "stalemate", "insufficient material"].contains(&o.reason) =>
        {
            Some(o.verdict)
        }
        _ => None,
    }
}

fn theirs_outcome(theirs: &Chess) -> Option<Verdict> {
    match theirs.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some(Verdict::Win(match winner {
            shakmaty::Color::White => Player::White,
            shakmaty::Color::Black => Player::Black,
        })),
        Outcome::Known(KnownOutcome::Draw) => Some(Verdict::Draw),
        Outcome::Unknown => None,
    }
}

/// Plays `games` random games from the start with both implementations side by side,
/// asserting at every ply that they agree on the legal moves, FEN, outcome and SAN (and that
/// SAN and UCI read back). Returns the plies compared and how many games ended by each reason.
fn compare_random_games(games: u32, seed: u64) -> (u64, BTreeMap<&'static str, u32>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut plies = 0u64;
    let mut endings = BTreeMap::<&'static str, u32>::new();
    for game_no in 0..games {
        let mut ours = Classic::start();
        let mut theirs = Chess::default();
        let mut list = Vec::new();
        loop {
            let (a, b) = move_sets(&ours, &theirs);
            assert_eq!(a, b, "game {game_no}: move sets differ at {}", ours.fen());
            let fen = Fen::from_position(&theirs, EnPassantMode::Always).to_string();
            assert_eq!(ours.fen(), fen, "game {game_no}: FEN differs");
            assert_eq!(
                shared_outcome(&ours),
                theirs_outcome(&theirs),
                "game {game_no} at {fen}"
            );
            if let ToAct::Nobody(outcome) = ours.to_act() {
                *endings.entry(outcome.reason).or_default() += 1;
                break;
            }
            ours.decisions(&mut list);
            let mv = *list.choose(&mut rng).expect("a game not over has moves");
            let uci = ours.uci(mv);
            let their_move = uci
                .parse::<UciMove>()
                .expect("UCI")
                .to_move(&theirs)
                .expect("shakmaty finds the move legal");
            let their_san = SanPlus::from_move(theirs.clone(), their_move).to_string();
            assert_eq!(
                ours.san(mv),
                their_san,
                "game {game_no}: SAN of {uci} at {fen}"
            );
            assert_eq!(
                ours.parse_decision(&their_san),
                Ok(mv),
                "SAN {their_san} reads back"
            );
            assert_eq!(ours.parse_decision(&uci), Ok(mv), "UCI {uci} reads back");
            ours.apply(mv);
            theirs.play_unchecked(their_move);
            plies += 1;
        }
        // Every game's positions undo back to the start.
        while ours.undo() {}
        assert_eq!(ours.position_text(), Classic::start().position_text());
    }
    (plies, endings)
}

/// Asserts that the random games ended by each of `reasons`, so each rule was compared.
fn assert_endings(endings: &BTreeMap<&str, u32>, reasons: &[&str]) {
    for reason in reasons {
        assert!(
            endings.contains_key(reason),
            "no game ended by {reason}: {endings:?}"
        );
    }
}

/// The four kinds of ending a random game reaches; ending by each means its rule was compared.
const ENDINGS: [&str; 4] = [
    "checkmate",
    "stalemate",
    "insufficient material",
    "seventy-five-move rule",
];

/// 400 random games in every test run (about 140 000 plies), reaching every kind of ending.
#[test]
fn random_games_agree_at_every_ply() {
    let (plies, endings) = compare_random_games(400, 0x0C0FFEE);
    assert!(plies > 100_000, "only {plies} plies compared");
    assert_endings(&endings, &ENDINGS);
}

/// 3 000 random games from another seed (over a million plies), in CI's run of the ignored tests.
#[test]
#[ignore = "slow: cargo test -p omnichess-variants --test variants -- --ignored classic_vs_shakmaty::"]
fn thousands_of_random_games_agree_at_every_ply() {
    let (plies, endings) = compare_random_games(3000, 0x5EED_3000);
    assert!(plies > 1_000_000, "only {plies} plies compared");
    assert_endings(&endings, &ENDINGS);
}

/// Perft on positions the reference file does not hold: tricky ones (en passant pins,
/// promotions into check, castling through attacks), and positions from random games.
#[test]
fn perft_agrees_on_unseen_positions() {
    let tricky = [
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1",
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
    ];
    for fen in tricky {
        let mut ours = Classic::from_position_text(fen).expect(fen);
        let theirs = shakmaty_from_fen(fen);
        for depth in 1..=4 {
            assert_eq!(
                perft(&mut ours, depth),
                shakmaty_perft(&theirs, depth),
                "{fen} d{depth}"
            );
        }
    }
    let mut rng = StdRng::seed_from_u64(7);
    let mut list = Vec::new();
    for _ in 0..60 {
        let mut ours = Classic::start();
        let plies = rng.gen_range(4..80);
        for _ in 0..plies {
            ours.decisions(&mut list);
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            ours.apply(mv);
        }
        let fen = ours.fen();
        let mut fresh = Classic::from_position_text(&fen).expect("our FEN reads back");
        let theirs = shakmaty_from_fen(&fen);
        assert_eq!(perft(&mut fresh, 3), shakmaty_perft(&theirs, 3), "{fen}");
    }
}
