//! The fallen angel (X.1–X.8), castling (R.2, R.4), en passant across realms (G.3),
//! promotions (P.1, P.8, P.12, X.6), check, checkmate and stalemate, and position-text errors.
//! Rulings: docs/rules/realms.md.

use omnichess_core::{Game, Notation, ToAct};
use omnichess_variants::realms::{Kind, Realms};

fn game(text: &str) -> Realms {
    Realms::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The sorted long-algebraic moves from `from`.
fn from(g: &Realms, origin: &str) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| g.decision_text(m))
        .filter(|t| t.starts_with(origin))
        .collect();
    out.sort();
    out
}

fn play(g: &mut Realms, moves: &[&str]) {
    for m in moves {
        let mv = g
            .parse_decision(m)
            .unwrap_or_else(|e| panic!("{m} at {}: {e}", g.position_text()));
        g.apply(mv);
    }
}

// White king a1 (heavens), Black king z8 (underworld), a White fallen angel on n4 (Earth).
const FA_N4: &str = "8/8/8/8/8/8/8/K7|8/8/8/8/4X3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1";

#[test]
fn x1_a_fallen_angel_moves_as_the_kind_the_opponent_left_on_the_board() {
    // Black moved a queen: the fallen angel on n4 moves as a White queen on Earth (45).
    let g = game(&format!("{FA_N4} q"));
    assert_eq!(from(&g, "n4").len(), 45);
    // Black moved a knight: a White knight on Earth (18).
    assert_eq!(from(&game(&format!("{FA_N4} n")), "n4").len(), 18);
    // After a promotion the promoted kind: a pawn reaching n1 leaves a grandmaster.
    let mut g = game("8/8/8/8/8/8/8/K7|8/8/8/8/4X3/8/7w/8|7k/8/8/8/8/8/8/8 b - - 0 1 W");
    play(&mut g, &["q2q1"]);
    assert_eq!(g.last_kind(), Some(Kind::Grandmaster));
    assert_eq!(from(&g, "n4").len(), 45);
    // After castling, the king (ruling X.1).
    let mut g = game("8/8/8/8/8/8/8/8|r3k3/8/8/8/3X4/8/8/4K3|8/8/8/8/8/8/8/8 b q - 0 1 K");
    play(&mut g, &["O-O-O"]);
    assert_eq!(g.last_kind(), Some(Kind::King));
    assert_eq!(from(&g, "m4").len(), 26);
}

#[test]
fn x2_it_moves_forwards_for_its_own_side_in_its_own_realm() {
    // Imitating a pawn, White's fallen angel goes up the ranks.
    assert_eq!(from(&game(&format!("{FA_N4} w")), "n4"), ["n4n5"]);
    // Black's fallen angel on n4 imitating a pawn goes down.
    let g = game("8/8/8/8/8/8/8/K7|8/8/8/8/4x3/8/8/8|7k/8/8/8/8/8/8/8 b - - 0 1 W");
    assert_eq!(from(&g, "n4"), ["n4n3"]);
    // Imitating a king in the heavens: orthogonal steps only.
    let g = game("8/8/8/8/4X3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1 k");
    assert_eq!(from(&g, "e4"), ["e4d4", "e4e3", "e4e5", "e4f4", "e4n4"]);
}

#[test]
fn x3_imitating_an_angel_that_has_just_fallen_gives_no_move() {
    assert!(from(&game(&format!("{FA_N4} x")), "n4").is_empty());
    // An angel falls: the opponent's fallen angels cannot move next.
    let mut g = game("8/8/8/8/8/4x3/8/K7|8/8/8/8/A7/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1 R");
    play(&mut g, &["j4s3"]); // the angel dives into the underworld: diagonal down-back
    assert_eq!(g.last_kind(), Some(Kind::Fallen));
    assert!(from(&g, "e3").is_empty());
}

/// X.3: a fallen angel that moved by imitation moved with the imitated kind's movement
/// capabilities, so the opponent's fallen angels imitate that kind (the seed's list of pieces
/// "with no movement options" names only "an angel that has just fallen").
#[test]
fn x3_imitating_a_fallen_angel_that_moved_as_a_rook_gives_the_rooks_moves() {
    // Black's fallen angel on d5 (heavens) imitates the rook White moved last, and moves as
    // one to d8.
    let mut g = game("8/8/8/3x4/8/8/8/K7|8/8/8/8/4X3/8/8/8|7k/8/8/8/8/8/8/8 b - - 0 1 R");
    play(&mut g, &["d5d8"]);
    assert_eq!(g.last_kind(), Some(Kind::Rook));
    assert!(g.position_text().ends_with(" r"), "{}", g.position_text());
    // White's fallen angel on n4 (Earth) now moves as a White rook there: the n-file, the
    // fourth rank, up to e4 and down to w4.
    assert_eq!(
        from(&g, "n4"),
        [
            "n4e4", "n4j4", "n4k4", "n4l4", "n4m4", "n4n1", "n4n2", "n4n3", "n4n5", "n4n6", "n4n7",
            "n4n8", "n4o4", "n4p4", "n4q4", "n4w4"
        ]
    );
    // The chain goes on: after White's fallen angel moves as the rook, Black's imitates it.
    play(&mut g, &["n4n8"]);
    assert_eq!(g.last_kind(), Some(Kind::Rook));
    assert!(from(&g, "d8").contains(&"d8a8".to_owned()));
    assert!(g.undo() && g.undo());
    assert_eq!(g.last_kind(), Some(Kind::Rook));
    assert!(g.position_text().ends_with(" R"), "{}", g.position_text());
}

#[test]
fn x4_at_the_first_move_nothing_is_imitated() {
    assert!(from(&game(FA_N4), "n4").is_empty());
    assert!(from(&game(&format!("{FA_N4} -")), "n4").is_empty());
}

#[test]
fn x5_no_double_step_and_no_castling_for_a_fallen_angel() {
    // On its second rank, imitating a pawn: one step only.
    let g = game("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/4X3/8|7k/8/8/8/8/8/8/8 w - - 0 1 w");
    assert_eq!(from(&g, "n2"), ["n2n3"]);
    // A fallen angel on q1 imitating a rook is no castling partner.
    let g = game("8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2X|8/8/8/8/8/8/8/8 w - - 0 1 r");
    assert!(!from(&g, "n1").contains(&"n1p1".to_owned()));
}

#[test]
fn x6_it_promotes_to_what_the_imitated_kind_promotes_to() {
    for (text, mv, letter) in [
        // Imitating a pawn on n7: n8, a grandmaster.
        (
            "8/8/8/8/8/8/8/K7|8/4X3/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1 w",
            "n7n8",
            'G',
        ),
        // Imitating an imp on w7 (underworld): w8, a fiend.
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/4X3/8/8/8/8/8/8 w - - 0 1 i",
            "w7w8",
            'F',
        ),
        // Imitating a horse on n6: m8, a pegasus.
        (
            "8/8/8/8/8/8/8/K7|8/8/4X3/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1 h",
            "n6m8",
            'P',
        ),
    ] {
        let mut g = game(text);
        play(&mut g, &[mv]);
        let after = g.position_text();
        assert!(!after.contains('X'), "{after}");
        assert!(after.ends_with(&format!(" {letter}")), "{after}");
    }
}

#[test]
fn x7_imitating_a_pawn_it_captures_en_passant() {
    // Black's pawn double-steps n7-n5 beside White's fallen angel on m5.
    let mut g = game("8/8/8/8/8/8/8/K7|8/4w3/8/3X4/8/8/8/8|7k/8/8/8/8/8/8/8 b - - 0 1 R");
    play(&mut g, &["n7n5"]);
    assert_eq!(g.position_text().split(' ').nth(3), Some("n6"));
    assert!(from(&g, "m5").contains(&"m5n6".to_owned()));
    play(&mut g, &["m5n6"]);
    assert!(
        g.position_text()
            .starts_with("8/8/8/8/8/8/8/K7|8/8/4X3/8/8/8/8/8|")
    );
}

#[test]
fn x8_a_move_that_lets_an_enemy_fallen_angel_attack_the_king_is_illegal() {
    // White king n1; Black's fallen angel on n3 (Earth). A rook move would let it imitate a
    // rook and attack n1 down the file; a bishop move would not.
    let g = game("8/8/8/8/8/8/8/8|7k/8/8/8/8/4x3/R7/1B2K3|8/8/8/8/8/8/8/8 w - - 0 1 q");
    // Only the interposition on n2 keeps the file closed.
    assert_eq!(from(&g, "j2"), ["j2n2"]);
    assert!(!from(&g, "k1").is_empty());
    // It is not check: White is not in check and may make other moves.
    assert!(!g.in_check());
    // Castling past a square a fallen angel imitating a king would attack is refused.
    let g = game("8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/5x2/4K2R|8/8/8/8/8/8/8/8 w K - 0 1 q");
    assert!(!from(&g, "n1").contains(&"n1p1".to_owned()));
    let g = game("8/8/8/8/8/8/8/8|4k3/8/8/8/8/5x2/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1 q");
    assert!(from(&g, "n1").contains(&"n1p1".to_owned()));
}

#[test]
fn r2_castling_both_ways_and_its_conditions() {
    let text = "8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1";
    let g = game(text);
    let king = from(&g, "n1");
    assert!(king.contains(&"n1p1".to_owned()) && king.contains(&"n1l1".to_owned()));
    let mut after = g.clone();
    play(&mut after, &["n1p1"]);
    assert!(
        after.position_text().contains("/R4RK1|"),
        "{}",
        after.position_text()
    );
    let mut after = g.clone();
    play(&mut after, &["O-O-O"]);
    assert!(
        after.position_text().contains("/2KR3R|"),
        "{}",
        after.position_text()
    );
    // Not through an attacked square (a Black rook on o8 attacks o1), not out of check.
    let g = game("8/8/8/8/8/8/8/8|4kr2/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1");
    let king = from(&g, "n1");
    assert!(!king.contains(&"n1p1".to_owned()) && king.contains(&"n1l1".to_owned()));
    let g = game("8/8/8/8/8/8/8/8|3rk3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1");
    assert!(!from(&g, "n1").contains(&"n1l1".to_owned()));
    // An attack from another realm counts: a Black rook on f1 (heavens) attacks o1 straight
    // below it, so White may not castle kingside.
    let g = game("8/8/8/8/8/8/8/5r2|4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQ - 0 1");
    let king = from(&g, "n1");
    assert!(!king.contains(&"n1p1".to_owned()) && king.contains(&"n1l1".to_owned()));
}

#[test]
fn r4_castling_as_the_rook_taking_its_own_king_is_a_move_of_its_own() {
    let text = "8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1";
    let g = game(text);
    // Both forms are legal and distinct: the king's move and the rook's onto its king.
    assert!(from(&g, "n1").contains(&"n1p1".to_owned()));
    assert!(from(&g, "q1").contains(&"q1n1".to_owned()));
    assert!(from(&g, "j1").contains(&"j1n1".to_owned()));
    assert_ne!(g.parse_decision("q1n1"), g.parse_decision("n1p1"));
    assert_eq!(g.parse_decision("j1n1"), g.parse_decision("Rjxn1"));
    assert_eq!(g.parse_decision("O-O-O"), g.parse_decision("n1l1"));
    // The same board after either; the seventh field says which piece moved (X.1), and the
    // position text reads back as it was written.
    for (input, board, last) in [
        ("q1n1", "/R4RK1|", "R"),
        ("n1p1", "/R4RK1|", "K"),
        ("O-O", "/R4RK1|", "K"),
        ("j1n1", "/2KR3R|", "R"),
    ] {
        let mut after = g.clone();
        play(&mut after, &[input]);
        let written = after.position_text();
        assert!(written.contains(board), "{input}: {written}");
        assert!(written.ends_with(&format!(" {last}")), "{input}: {written}");
        assert_eq!(game(&written).position_text(), written, "{input}");
    }
    // SAN writes the rook's castling as the rook taking its king, and reads it back.
    let mv = g.parse_decision("q1n1").expect("legal");
    assert_eq!(g.display_text(mv), "Rqxn1");
    assert_eq!(g.parse_decision("Rqxn1"), Ok(mv));
    // Undo restores the start exactly.
    let mut after = g.clone();
    after.apply(mv);
    assert!(after.undo());
    assert_eq!(after.position_text(), g.position_text());
}

/// R.4: castling as the rook's move that is illegal (a fallen angel imitating the rook
/// would attack the square the king crosses, X.8) is refused by name, never played as the
/// king's castling, which stays legal.
#[test]
fn r4_an_illegal_rook_castling_is_refused_not_played_as_the_kings() {
    // Black's fallen angel on o5 imitating a rook would attack o1; as a king it does not.
    let g = game("8/8/8/8/8/8/8/8|4k3/8/8/5x2/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1 q");
    assert!(from(&g, "n1").contains(&"n1p1".to_owned()));
    assert!(!from(&g, "q1").contains(&"q1n1".to_owned()));
    let err = g.parse_decision("q1n1").expect_err("illegal").to_string();
    assert!(err.contains("q1n1"), "{err}");
}

/// X.1 with R.4: "the last piece the opponent moved" is the rook when castling was played
/// as the rook's move (the seed wants castling possible "as a rook move"), the king when it
/// was played as the king's (`n1p1`, `O-O`).
#[test]
fn x1_after_castling_as_a_rook_move_the_fallen_angel_imitates_the_rook() {
    let text = "8/8/8/3x4/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1 -";
    let king_moves = ["d5c5", "d5d4", "d5d6", "d5e5", "d5m5"];
    for input in ["n1p1", "O-O"] {
        let mut g = game(text);
        play(&mut g, &[input]);
        assert_eq!(from(&g, "d5"), king_moves, "{input}");
    }
    let mut g = game(text);
    play(&mut g, &["q1n1"]);
    assert_eq!(g.last_kind(), Some(Kind::Rook));
    // A Black rook on d5 in the heavens: the d-file and the fifth rank, and down through m5
    // to v5.
    assert_eq!(
        from(&g, "d5"),
        [
            "d5a5", "d5b5", "d5c5", "d5d1", "d5d2", "d5d3", "d5d4", "d5d6", "d5d7", "d5d8", "d5e5",
            "d5f5", "d5g5", "d5h5", "d5m5", "d5v5"
        ]
    );
}

#[test]
fn g3_en_passant_from_another_realm() {
    // White's pawn double-steps n2-n4; Black's pawn on e4 (heavens) captures down onto n3.
    let mut g = game("8/8/8/8/4w3/8/8/K7|8/8/8/8/8/8/4W3/8|7k/8/8/8/8/8/8/8 w - - 0 1");
    play(&mut g, &["n2n4"]);
    assert!(from(&g, "e4").contains(&"e4n3".to_owned()));
    play(&mut g, &["e4n3"]);
    assert!(
        g.position_text()
            .starts_with("8/8/8/8/8/8/8/K7|8/8/8/8/8/4w3/8/8|"),
        "{}",
        g.position_text()
    );
}

#[test]
fn g1_promotions_are_automatic_in_any_realm() {
    // A pawn on d7 (heavens) becomes a grandmaster on d8; an imp on w7 a fiend on w8; a
    // horse on n6 a pegasus on m8.
    for (text, mv, letter) in [
        (
            "8/3W4/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "d7d8",
            'G',
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|6k1/4I3/8/8/8/8/8/8 w - - 0 1",
            "w7w8",
            'F',
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/4H3/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "n6m8",
            'P',
        ),
    ] {
        let mut g = game(text);
        play(&mut g, &[mv]);
        assert!(g.position_text().contains(letter), "{}", g.position_text());
        assert!(g.position_text().ends_with(&format!(" {letter}")));
    }
}

/// G.4: the halfmove clock restarts at a capture and at a move of a pawn, imp or honorable
/// horse (the kinds that only go forwards); any other move counts on.
#[test]
fn g4_imps_and_horses_reset_the_halfmove_clock() {
    let mut g = game("8/8/8/8/8/8/HS6/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/I7/8 w - - 10 20");
    for (mv, clock) in [
        ("b2b3", 11),
        ("z8z7", 12),
        ("s2s3", 0),
        ("z7z8", 1),
        ("a2b4", 0),
    ] {
        play(&mut g, &[mv]);
        assert_eq!(g.halfmoves(), clock, "after {mv}");
    }
}

/// G.5: a repetition is the same pieces, side, rights, en passant square and, where the side
/// to move has a fallen angel, the kind it imitates (FIDE 9.2.2: "the possible moves … are the
/// same"): with White's fallen angel on b8, the same board after Black's knight move is not a
/// repetition of it after Black's rook move; without one it is.
#[test]
fn g5_a_repetition_includes_the_kind_the_fallen_angels_imitate() {
    let rooks = ["j1j2", "q8q7", "j2j1", "q7q8"];
    let knights = ["k1l3", "p8o6", "l3k1", "o6p8"];
    for (heavens, after_knights, at_the_end) in
        [("1X6/8/8/8/8/8/8/K7", 1, 3), ("8/8/8/8/8/8/8/K7", 3, 4)]
    {
        let mut g = game(&format!(
            "{heavens}|6nr/8/8/8/8/8/8/RN6|7k/8/8/8/8/8/8/8 w - - 0 1 r"
        ));
        play(&mut g, &rooks);
        assert_eq!(g.repetitions(), 2, "{heavens}");
        play(&mut g, &knights);
        assert_eq!(g.last_kind(), Some(Kind::Knight));
        assert_eq!(g.repetitions(), after_knights, "{heavens}: the knight last");
        play(&mut g, &rooks);
        assert_eq!(g.repetitions(), at_the_end, "{heavens}");
    }
}

#[test]
fn check_checkmate_and_stalemate() {
    // Rook j1-j8 checks the king on a8 from below; the knight on k6 guards j8. The fallen
    // angel on b8 blocks the king (imitating the rook, it reaches neither j8 nor k6).
    let mut g = game("kx6/h7/8/8/8/8/8/8|8/8/1N6/8/8/8/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1");
    play(&mut g, &["j1j8"]);
    assert!(g.in_check());
    assert_eq!(g.to_act().outcome().map(|o| o.reason), Some("checkmate"));
    // Without the knight the king takes the rook.
    let mut g = game("kx6/h7/8/8/8/8/8/8|8/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1");
    play(&mut g, &["j1j8"]);
    assert!(g.in_check());
    assert_eq!(g.to_act(), ToAct::Player(omnichess_core::Player::Black));
    assert_eq!(from(&g, "a8"), ["a8j8"]);
    // Stalemate: the king on a8 is hemmed in by its own fallen angels, which cannot move
    // before anything has moved (X.4), and the rook on j2 covers j8 below without checking a8.
    let g = game("kx6/x7/8/8/8/8/8/8|8/8/8/8/8/8/R7/4K3|8/8/8/8/8/8/8/8 b - - 0 1");
    assert!(!g.in_check());
    assert_eq!(g.to_act().outcome().map(|o| o.reason), Some("stalemate"));
}

#[test]
fn position_text_errors_are_named() {
    let bad = [
        ("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1", "three boards"),
        (
            "8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "7 rank",
        ),
        (
            "8/8/8/8/8/8/8/K8|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "9 squares",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/7W w - - 0 1",
            "own back rank",
        ),
        (
            "W7/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "promotion rank",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/A7 w - - 0 1",
            "underworld",
        ),
        // G.6: the placements the seed calls unreachable, refused as the two above.
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/7I w - - 0 1",
            "own back rank",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/7H|7k/8/8/8/8/8/8/8 w - - 0 1",
            "own back rank",
        ),
        (
            "8/H7/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "seventh",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/1h6/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "seventh",
        ),
        (
            "8/8/8/2H5/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "odd rank",
        ),
        (
            "8/8/8/8/7I/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "heavens, which an imp",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w K - 0 1",
            "castling right",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - n3 0 1",
            "en passant",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/7R/8/8/8/8/8/8 w - - 0 1",
            "in check",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1 Z",
            "last-moved kind",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - x 1",
            "halfmove",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 0",
            "fullmove",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w",
            "6 or 7 fields",
        ),
        // X.8: Black's last move (its king to j2) let White's fallen angel on a2, imitating
        // a king, attack it from above: an impossible position.
        (
            "8/8/8/8/8/8/X7/2K5|8/8/8/8/8/8/k7/8|8/8/8/8/8/8/8/8 w - - 0 1 k",
            "rule R.3",
        ),
    ];
    for (text, needle) in bad {
        let err = Realms::from_position_text(text)
            .expect_err(text)
            .to_string();
        assert!(err.contains(needle), "`{needle}` not in `{err}` for {text}");
    }
}

#[test]
fn p6_a_king_on_earth_can_check_a_king_above_it() {
    // Kings move differently by realm (P.6): the Black king on p6 (Earth) reaches f6 in the
    // heavens by a diagonal step (up and left), while the White king on f6 reaches only e6,
    // g6, f5, f7 and o6. So the Black king checks the White king.
    let g = game("8/8/5K2/8/8/8/8/8|8/8/6k1/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(g.in_check());
    // g6 is straight above p6, f5 and f7 triagonally above it, o6 beside it: only e6, two
    // files away, is out of its reach.
    assert_eq!(from(&g, "f6"), ["f6e6"]);
}
