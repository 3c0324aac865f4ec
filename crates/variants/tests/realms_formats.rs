//! Three Realms text formats over random games: every legal move's long algebraic text and
//! SAN read back as that move (R.6), position texts round-trip, and a whole game's PGN record
//! replays to the same final position.

use omnichess_core::{Game, Notation, Records, ToAct, Variant};
use omnichess_variants::realms::Realms;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random game of at most `plies` moves from `start`, checking every position's notation.
fn random_game(
    start: &Realms,
    plies: usize,
    rng: &mut StdRng,
) -> Vec<omnichess_variants::realms::Move> {
    let mut game = start.clone();
    let mut played = Vec::new();
    let mut list = Vec::new();
    for _ in 0..plies {
        if matches!(game.to_act(), ToAct::Nobody(_)) {
            break;
        }
        game.decisions(&mut list);
        for &mv in &list {
            let long = game.decision_text(mv);
            assert_eq!(
                game.parse_decision(&long),
                Ok(mv),
                "{long} at {}",
                game.position_text()
            );
            let san = game.san(mv);
            assert_eq!(
                game.parse_decision(&san),
                Ok(mv),
                "{san} at {}",
                game.position_text()
            );
        }
        let text = game.position_text();
        assert_eq!(
            Realms::from_position_text(&text).map(|g| g.position_text()),
            Ok(text)
        );
        let mv = list[rng.gen_range(0..list.len())];
        game.apply(mv);
        played.push(mv);
    }
    played
}

#[test]
fn r6_every_move_reads_back_from_its_long_algebraic_and_san_text() {
    let mut rng = StdRng::seed_from_u64(18);
    for _ in 0..12 {
        random_game(&Realms::start(), 80, &mut rng);
    }
}

#[test]
fn records_round_trip_through_pgn() {
    let mut rng = StdRng::seed_from_u64(7);
    let starts = [
        Realms::start(),
        Realms::from_position_text("8/8/8/8/8/8/8/K7|8/8/8/8/4W3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1")
            .expect("reads"),
    ];
    for start in &starts {
        for _ in 0..4 {
            let moves = random_game(start, 60, &mut rng);
            let mut end = start.clone();
            for &m in &moves {
                end.apply(m);
            }
            let outcome = end.to_act().outcome();
            let text = Realms::record_text(start, &moves, outcome);
            assert!(text.contains("[Variant \"Three Realms Chess\"]"), "{text}");
            let record = Realms::parse_record(&text).expect("the record reads");
            assert_eq!(record.decisions.len(), moves.len(), "{text}");
            let replayed = Realms::after_record(&record).expect("the record replays");
            assert_eq!(replayed.position_text(), end.position_text(), "{text}");
        }
    }
}

/// R.6.1: promotions are automatic, so a promotion suffix is read only on a move that
/// promotes, and must name what the move makes; on any other move it is an error naming it.
#[test]
fn r6_1_a_promotion_suffix_must_name_what_the_move_becomes() {
    use omnichess_core::DecisionError;
    let start = Realms::start();
    let not_a_promotion = |text: &str, named: &str| {
        DecisionError::illegal(
            text,
            format!(
                "{named} is not a promotion: write it without `={}`",
                &text[text.len() - 1..]
            ),
        )
    };
    for (text, named) in [
        ("n2n4=Q", "n2n4"),
        ("n2n4=G", "n2n4"),
        ("n4=G", "n2n4"),
        ("n4=Q", "n2n4"),
        ("Nl3=Q", "k1l3"),
    ] {
        assert_eq!(
            start.parse_decision(text),
            Err(not_a_promotion(text, named)),
            "{text}"
        );
    }
    // A White pawn on n7 promotes on n8, to a grandmaster and nothing else.
    let g =
        Realms::from_position_text("8/8/8/8/8/8/8/K7|8/4W3/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1")
            .expect("reads");
    let promotion = g.parse_decision("n7n8").expect("the pawn's move");
    for text in ["n8", "n8=G", "n7n8=G", "n8=g", "n8=G+"] {
        assert_eq!(g.parse_decision(text), Ok(promotion), "{text}");
    }
    assert_eq!(g.san(promotion), "n8=G");
    assert_eq!(
        g.parse_decision("n8=Q"),
        Err(DecisionError::illegal(
            "n8=Q",
            "n7n8 makes a grandmaster (automatically), not a queen: write `=G` or nothing"
        ))
    );
    assert_eq!(
        g.parse_decision("n8=Z"),
        Err(DecisionError::unparsable(
            "n8=Z",
            "`=Z`: `Z` is not a piece letter (A B C D E F G H I K M N P Q R S W X)"
        ))
    );
    assert_eq!(
        g.parse_decision("n8=GQ"),
        Err(DecisionError::unparsable(
            "n8=GQ",
            "`=GQ`: a promotion is written `=` and one piece letter, such as `=G`"
        ))
    );
}
