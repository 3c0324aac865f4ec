//! Property tests of the classic parsers, in place of fuzz targets (cargo-fuzz needs a nightly
//! toolchain this project does not assume): arbitrary text never panics, and everything
//! written reads back to the same thing.

use omnichess_core::{Game, Notation, Records, Variant};
use omnichess_variants::classic::Classic;
use proptest::prelude::*;

/// A position reached by `moves` pseudo-random choices from the start.
fn reached(choices: &[usize]) -> Classic {
    let mut g = Classic::start();
    let mut list = Vec::new();
    for &c in choices {
        g.decisions(&mut list);
        if list.is_empty() {
            break;
        }
        g.apply(list[c % list.len()]);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_parsing_never_panics(text in "\\PC{0,80}") {
        let _ = Classic::from_position_text(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[pnbrqkPNBRQK1-9/]{0,70} [wbx] [KQkqA-]{1,4} ([a-h][1-8]|-) [0-9]{1,4} [0-9]{1,4}") {
        let _ = Classic::from_position_text(&text);
    }

    #[test]
    fn decision_parsing_never_panics(text in "\\PC{0,12}", choices in prop::collection::vec(any::<usize>(), 0..40)) {
        let g = reached(&choices);
        let _ = g.parse_decision(&text);
    }

    #[test]
    fn pgn_parsing_never_panics(text in "\\PC{0,200}") {
        let _ = Classic::parse_record(&text);
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        let g = reached(&choices);
        let fen = g.position_text();
        let back = Classic::from_position_text(&fen).expect("our FEN reads back");
        prop_assert_eq!(back.position_text(), fen);
        prop_assert_eq!(back.hash(), g.hash());
    }

    #[test]
    fn every_legal_move_round_trips_in_uci_and_san(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        let g = reached(&choices);
        let mut list = Vec::new();
        g.decisions(&mut list);
        for mv in list {
            prop_assert_eq!(g.parse_decision(&g.uci(mv)), Ok(mv));
            prop_assert_eq!(g.parse_decision(&g.san(mv)), Ok(mv));
        }
    }

    #[test]
    fn pgn_round_trips(choices in prop::collection::vec(any::<usize>(), 0..150)) {
        let end = reached(&choices);
        let start = Classic::start();
        // The moves played, recovered by replaying the choices.
        let mut g = start.clone();
        let mut played = Vec::new();
        let mut list = Vec::new();
        for &c in &choices {
            g.decisions(&mut list);
            if list.is_empty() { break; }
            let mv = list[c % list.len()];
            played.push(mv);
            g.apply(mv);
        }
        let pgn = Classic::record_text(&start, &played, g.to_act().outcome());
        let record = Classic::parse_record(&pgn).expect("our PGN reads back");
        let mut replayed = start.clone();
        for d in &record.decisions {
            let mv = replayed.parse_decision(&d.text).expect("our SAN reads back");
            replayed.apply(mv);
        }
        prop_assert_eq!(replayed.position_text(), end.position_text());
    }
}

#[test]
fn after_record_plays_a_record_out_and_names_its_first_illegal_move() {
    let record = Classic::parse_record("1. e4 e5 2. Nf3 Nc6 *").expect("PGN");
    let end = Classic::after_record(&record).expect("legal moves");
    assert_eq!(
        end.position_text(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    let record = Classic::parse_record("1. e4 e5 2. Ke3 *").expect("PGN");
    match Classic::after_record(&record) {
        Err(omnichess_core::ReplayError::Decision { index, text, .. }) => {
            assert_eq!((index, text.as_str()), (3, "Ke3"));
        }
        other => panic!("expected the third move refused, got {other:?}"),
    }
}
