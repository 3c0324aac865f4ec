//! Rule R.5, the dead position (Article 5.2.2 as the seed words it), in play: bare kings, a
//! king and one piece the seed's table calls insufficient against a bare king, or a lone
//! piece that the bare king must take; a king off Earth keeps the game going.

use omnichess_core::{Game, Notation, ToAct};
use omnichess_variants::realms::{Kind, Piece, Realms};

fn over(text: &str) -> Option<&'static str> {
    let game = Realms::from_position_text(text).expect("position reads");
    match game.to_act() {
        ToAct::Nobody(outcome) => Some(outcome.reason),
        _ => None,
    }
}

#[test]
fn r5_bare_kings_on_earth_are_drawn_and_off_earth_they_are_not() {
    // Kings on j1 and q8 (Earth).
    assert_eq!(
        over("8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1"),
        Some("insufficient material")
    );
    // The White king in the heavens (a1): the rule needs both kings on Earth.
    assert_eq!(
        over("8/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1"),
        None
    );
}

/// Ruling R.5.1, the seed's table: a king and one piece against a bare king, both kings on
/// Earth, is drawn unless the piece is starred ("sufficient mating material against a bare
/// king on Earth") or "can successfully promote" to a starred kind (a pawn, an imp); the
/// kings far apart on Earth, the piece on k4.
#[test]
fn r5_1_a_lone_unstarred_piece_against_a_bare_king_is_drawn_by_the_table() {
    for kind in Kind::ALL {
        if kind == Kind::King {
            continue;
        }
        let letter = Piece {
            player: omnichess_core::Player::White,
            kind,
        }
        .letter();
        let plays_on = matches!(
            kind,
            Kind::Angel
                | Kind::Rook
                | Kind::Queen
                | Kind::Fiend
                | Kind::Grandmaster
                | Kind::Pawn
                | Kind::Imp
        );
        for side in ["w", "b"] {
            let text = format!(
                "8/8/8/8/8/8/8/8|7k/8/8/8/1{letter}6/8/8/K7|8/8/8/8/8/8/8/8 {side} - - 0 1"
            );
            let expected = (!plays_on).then_some("insufficient material");
            assert_eq!(
                over(&text),
                expected,
                "{} alone, {side} to move",
                kind.name()
            );
        }
    }
}

/// Ruling R.5.1: the reader's probe, a knight, an elephant or a silver general on l3 with
/// White's king on j1 against Black's king on q8, is drawn by the table.
#[test]
fn r5_1_a_knight_elephant_or_silver_general_on_earth_is_drawn() {
    for letter in ['N', 'E', 'S'] {
        let text = format!("8/8/8/8/8/8/8/8|7k/8/8/8/8/2{letter}5/8/K7|8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(over(&text), Some("insufficient material"), "{letter}");
    }
}

#[test]
fn r5_1_a_pegasus_is_drawn_by_the_table_where_a_series_would_win() {
    // Black's king on j2, White's on l1, the pegasus on s1: Black may play j2j1, after which
    // White wins by force (Black's king in the corner, forced off Earth). The seed's table
    // calls the pegasus "not sufficient mating material": drawn (the search alone would play
    // on, ruling R.5.4).
    let text = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/k7/2K5|8/8/8/8/8/8/8/P7 b - - 0 1";
    assert_eq!(over(text), Some("insufficient material"));
    let game = Realms::from_position_text(text).expect("reads");
    assert!(!omnichess_variants::realms::material::dead_by(
        &game,
        omnichess_variants::realms::material::Standard::Series
    ));
    // The same with a Black pegasus, mirrored, White to move.
    let mirrored = "8/8/8/8/8/8/8/8|2k5/K7/8/8/8/8/8/8|p7/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(over(mirrored), Some("insufficient material"));
}

/// Ruling R.5.1: the table decides only a king and one piece against a bare king; a king
/// that is itself forced off Earth now has lost all the same (the position is tested first).
#[test]
fn r5_1_a_bare_king_forced_off_earth_now_is_not_saved_by_the_table() {
    // Black's king on j1: the silver general on k3 covers j2 (diagonally), White's king on
    // l1 covers k1 and k2; Black's only legal moves leave Earth.
    let text = "8/8/8/8/8/8/8/8|8/8/8/8/8/1S6/8/k1K5|8/8/8/8/8/8/8/8 b - - 0 1";
    let game = Realms::from_position_text(text).expect("reads");
    let mut moves = Vec::new();
    game.decisions(&mut moves);
    let earth: Vec<String> = moves
        .iter()
        .map(|&m| game.decision_text(m))
        .filter(|m| m[2..3].chars().all(|f| ('j'..='q').contains(&f)))
        .collect();
    assert!(earth.is_empty() && !moves.is_empty(), "{earth:?}");
    assert_eq!(over(text), None);
}

#[test]
fn r5_a_lone_piece_the_bare_king_must_take_is_dead() {
    // Black's king on j1, White's rook on k2 unguarded (White's king on q8): the rook covers
    // j2 and k1, so Black's only moves on Earth take it; the others leave Earth by choice and
    // are not considered. Every series reaches bare kings: dead.
    let forced = "8/8/8/8/8/8/8/8|7K/8/8/8/8/8/1R6/k7|8/8/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(over(forced), Some("insufficient material"));
    // White to move, the rook walks away: not dead.
    assert_eq!(over(&forced.replace(" b ", " w ")), None);
    // Guarded by White's king on l3, the rook cannot be taken: Black is forced off Earth
    // (every legal move leaves it), a loss by the seed's rule, so not dead.
    let guarded = "8/8/8/8/8/8/8/8|8/8/8/8/8/2K5/1R6/k7|8/8/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(over(guarded), None);
}

#[test]
fn r5_pairs_of_pieces_play_on() {
    assert_eq!(
        over("8/8/8/8/8/2PP4/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1"),
        None
    );
    assert_eq!(
        over("8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/2Ee4/8/8 w - - 0 1"),
        None
    );
}

/// Ruling R.5.2 (Article 6.9 as the seed words it): a flag fall is a draw when the flagged
/// player's king stands on Earth and cannot be checkmated there nor forced off it.
#[test]
fn r5_2_a_flag_fall_against_a_bare_king_on_earth_is_a_draw() {
    use omnichess_core::{Hooks, Outcome, Player};
    let forfeit = |text: &str, flagged| {
        Realms::from_position_text(text)
            .expect("position reads")
            .time_forfeit(flagged)
    };
    let drawn = Outcome::draw("timeout vs insufficient material");
    // White's king and queen on Earth against Black's bare king on Earth.
    let queen = "8/8/8/8/8/8/8/8|7k/8/8/8/8/3Q4/8/K7|8/8/8/8/8/8/8/8 w - - 0 1";
    // White's flag: Black's bare king can never win, so a draw.
    assert_eq!(forfeit(queen, Player::White), drawn);
    // Black's flag: the queen can mate, so White wins.
    assert_eq!(
        forfeit(queen, Player::Black),
        Outcome::win(Player::White, "time forfeit")
    );
    // Black's flag against a king and knight: the seed's table calls the knight not
    // sufficient mating material (R.5.1), so a draw.
    let knight = "8/8/8/8/8/8/8/8|7k/8/8/8/8/3N4/8/K7|8/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(forfeit(knight, Player::Black), drawn);
    // White's king in the heavens (a1): the seed's draw needs it on Earth.
    let heavens = "8/8/8/8/8/8/8/K7|7k/8/8/8/8/3Q4/8/8|8/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        forfeit(heavens, Player::White),
        Outcome::win(Player::Black, "time forfeit")
    );
}
