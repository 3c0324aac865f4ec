//! Classic chess rules, one test per clause of docs/rules/classic.md (C1 … C14); the test
//! names start with the clause they check.

use omnichess_core::{Game, Hooks, Notation, Player, Records, ToAct, Variant, Verdict};
use omnichess_variants::classic::Classic;

fn game(fen: &str) -> Classic {
    Classic::from_position_text(fen).expect(fen)
}

fn play(g: &mut Classic, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = g
            .parse_decision(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        g.apply(mv);
    }
}

fn uci_moves(g: &Classic) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.uci(m)).collect();
    v.sort();
    v
}

fn outcome(g: &Classic) -> Option<(Verdict, &'static str)> {
    g.to_act().outcome().map(|o| (o.verdict, o.reason))
}

#[test]
fn c2_en_passant_only_on_the_very_next_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    assert!(uci_moves(&g).contains(&"e5d6".to_owned()));
    play(&mut g, "Kd2 Kd7 Kd1 Ke7");
    assert!(
        !uci_moves(&g).contains(&"e5d6".to_owned()),
        "the right lapses after one move"
    );
}

#[test]
fn c2_promotion_offers_four_pieces() {
    let g = game("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let promotions: Vec<String> = uci_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promotions, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    assert_eq!(
        g.san(g.parse_decision("a8=N").expect("SAN promotion")),
        "a8=N"
    );
}

#[test]
fn c3_castling_needs_empty_unattacked_squares_and_unmoved_pieces() {
    // The f1 square is attacked by the bishop on c4: no short castling; long is fine.
    let g = game("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    let moves = uci_moves(&g);
    assert!(!moves.contains(&"e1g1".to_owned()));
    assert!(moves.contains(&"e1c1".to_owned()));
    // A king in check cannot castle.
    let g = game("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(!uci_moves(&g).iter().any(|m| m == "e1g1" || m == "e1c1"));
    // Moving the rook away and back loses the right.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Rh2 Kd8 Rh1 Ke8");
    assert!(!uci_moves(&g).contains(&"e1g1".to_owned()));
    assert!(
        g.position_text().contains(" Q "),
        "both kings moved: {}",
        g.position_text()
    );
}

#[test]
fn c4_no_move_may_leave_the_own_king_in_check() {
    // The knight on d2 is pinned by the bishop on b4.
    let g = game("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert!(!uci_moves(&g).iter().any(|m| m.starts_with("d2")));
}

#[test]
fn c5_checkmate_ends_the_game() {
    let mut g = Classic::start();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::Black), "checkmate"))
    );
    assert!(uci_moves(&g).is_empty());
}

#[test]
fn c6_stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(outcome(&g), Some((Verdict::Draw, "stalemate")));
}

#[test]
fn c7_dead_positions_by_material_are_drawn_but_keep_their_moves_for_perft() {
    for fen in [
        "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        "8/8/8/8/8/8/8/KBk5 w - - 0 1",
        "8/8/8/8/8/8/8/KNk5 w - - 0 1",
        "8/8/8/8/8/8/2b5/KBk5 w - - 0 1", // both bishops on light squares
    ] {
        let g = game(fen);
        assert_eq!(
            outcome(&g),
            Some((Verdict::Draw, "insufficient material")),
            "{fen}"
        );
        assert!(!uci_moves(&g).is_empty(), "{fen}: the moves stay listed");
    }
    for fen in [
        "8/8/8/8/8/4b3/8/KBk5 w - - 0 1", // bishops on both colours
        "8/8/8/8/8/8/n7/KNk5 w - - 0 1",  // two knights
        "8/8/8/8/8/8/p7/K1k5 w - - 0 1",  // a pawn
    ] {
        assert_eq!(game(fen).to_act(), ToAct::Player(Player::White), "{fen}");
    }
}

#[test]
fn c8_threefold_repetition_may_be_claimed() {
    let mut g = Classic::start();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(
        g.repetitions(),
        2 - 1 + 1,
        "black to move: this position occurred twice"
    );
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some("threefold repetition"));
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "a claim, not an automatic end"
    );
}

#[test]
fn c8_positions_differ_when_castling_rights_differ() {
    let mut g = Classic::start();
    // The kings walk out and back: same pieces as the start, but no castling rights.
    play(&mut g, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(
        g.repetitions(),
        2,
        "the start-like position after Ke8 twice; the first had rights"
    );
}

#[test]
fn c9_fifty_move_rule_may_be_claimed() {
    let g = game("4k3/8/8/8/8/8/8/4K2R w - - 100 80");
    assert_eq!(g.claimable_draw(), Some("fifty-move rule"));
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    let g = game("4k3/8/8/8/8/8/8/4K2R w - - 99 80");
    assert_eq!(g.claimable_draw(), None);
}

#[test]
fn c10_fivefold_repetition_ends_the_game() {
    let mut g = Classic::start();
    for _ in 0..4 {
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    }
    assert_eq!(g.repetitions(), 5);
    assert_eq!(outcome(&g), Some((Verdict::Draw, "fivefold repetition")));
    g.undo();
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::Black),
        "undo reopens the game"
    );
}

#[test]
fn c11_seventy_five_moves_end_the_game_unless_the_last_move_mates() {
    let mut g = game("4k3/8/8/8/8/8/8/4K2R w - - 149 100");
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    play(&mut g, "Rh2");
    assert_eq!(g.halfmoves(), 150);
    assert_eq!(outcome(&g), Some((Verdict::Draw, "seventy-five-move rule")));
    assert!(
        g.position_text().ends_with(" 150 100"),
        "the clock is kept past cozy-chess's 100"
    );
    // Checkmate on the 150th halfmove takes precedence.
    let mut g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
    play(&mut g, "Ra8#");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::White), "checkmate"))
    );
}

#[test]
fn c12_san_disambiguates_by_file_then_rank_then_square() {
    let g = game("4k3/8/8/8/8/1N3N2/8/1N2K3 w - - 0 1");
    let san = |uci: &str| g.san(g.parse_decision(uci).expect(uci));
    assert_eq!(san("b1d2"), "N1d2");
    assert_eq!(san("f3d2"), "Nfd2");
    assert_eq!(
        san("b3d2"),
        "Nb3d2",
        "rivals share both its file (b1) and its rank (f3)"
    );
    let g = game("4k3/8/8/8/8/1Q1Q4/8/1Q2K3 w - - 0 1");
    assert_eq!(g.san(g.parse_decision("b3c2").expect("b3c2")), "Qb3c2");
    let err = g.parse_decision("Qc2").expect_err("three queens reach c2");
    assert!(err.to_string().contains("ambiguous"), "{err}");
}

#[test]
fn c12_castling_reads_in_every_common_form() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = g.parse_decision("O-O").expect("O-O");
    for text in ["0-0", "e1g1", "e1h1", "O-O+"] {
        assert_eq!(g.parse_decision(text), Ok(short), "{text}");
    }
    assert_eq!(g.uci(short), "e1g1");
    assert_eq!(g.san(g.parse_decision("0-0-0").expect("long")), "O-O-O");
}

#[test]
fn c13_fen_errors_name_the_problem() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "not a piece letter",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "7 squares",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "en passant square e3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            "white has 0 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1",
            "white has 2 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w kq - 0 1",
            "pawn on a1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            "rook on a1",
        ),
        (
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            "other side's king is in check",
        ),
        // Kings side by side: each is in check from the other (a fuzzing find: the king on
        // turn could take the other).
        (
            "8/2q5/3p4/KP5r/k3pR2/8/4P1P1/8 w - - 0 1",
            "other side's king is in check",
        ),
        ("", "fields"),
    ];
    for (fen, needle) in cases {
        let err = Classic::from_position_text(fen).expect_err(fen).to_string();
        assert!(err.contains(needle), "`{fen}`: `{err}` lacks `{needle}`");
    }
}

#[test]
fn c13_fen_round_trips_and_counters_may_be_left_out() {
    let g = game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    assert_eq!(
        g.position_text(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    );
    let mut g = Classic::start();
    play(&mut g, "e4");
    assert_eq!(
        g.position_text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(game(&g.position_text()).position_text(), g.position_text());
}

#[test]
fn c14_pgn_round_trips_through_san() {
    let mut g = Classic::start();
    let moves = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7";
    let start = g.clone();
    let mut played = Vec::new();
    for text in moves.split_whitespace() {
        let mv = g.parse_decision(text).expect(text);
        played.push(mv);
        g.apply(mv);
    }
    let pgn = Classic::record_text(&start, &played, None);
    assert!(pgn.contains("1. e4 c5 2. Nf3 d6"), "{pgn}");
    assert!(pgn.contains("9. Qd2 O-O 10. O-O-O Nbd7 *"), "{pgn}");
    let record = Classic::parse_record(&pgn).expect("our PGN reads back");
    let texts: Vec<&str> = record.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(texts.join(" "), moves);
    assert_eq!(record.result.as_deref(), Some("*"));
}

#[test]
fn c14_pgn_with_a_start_position_and_black_to_move() {
    let start = game("4k3/8/8/8/8/8/4p3/4K3 b - - 0 40");
    let mv = start
        .parse_decision("e1=Q")
        .expect_err("e1 is occupied by the king");
    assert!(mv.to_string().contains("illegal"));
    let mut g = game("4k3/8/8/8/8/8/3p4/5K2 b - - 0 40");
    let first = g.clone();
    let promo = g.parse_decision("d1=Q+").expect("promotion with check");
    g.apply(promo);
    let end = g.to_act().outcome();
    let pgn = Classic::record_text(&first, &[promo], end);
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/3p4/5K2 b - - 0 40\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("40... d1=Q+ *"), "{pgn}");
    let record = Classic::parse_record(&pgn).expect("reads back");
    assert_eq!(
        record.start.as_deref(),
        Some("4k3/8/8/8/8/8/3p4/5K2 b - - 0 40")
    );
}

/// The sizes docs/ARCHITECTURE.md and the `Classic` docs state: a change shows here first.
#[test]
fn state_sizes_are_as_documented() {
    assert_eq!(std::mem::size_of::<cozy_chess::Board>(), 104);
    assert_eq!(std::mem::size_of::<Classic>(), 136);
}
