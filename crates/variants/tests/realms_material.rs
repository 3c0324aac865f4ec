//! Rule R.5, the draw by insufficient material, in play: both kings on Earth and nothing else,
//! or a lone pegasus (the one kind the retrograde analysis finds insufficient alone) outside
//! the positions it wins; pairs of pieces play on (ruling R.5.3); a king off Earth keeps the
//! game going.

use omnichess_core::{Game, Notation, ToAct};
use omnichess_variants::realms::material::insufficient_alone;
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

#[test]
fn r5_one_piece_other_than_the_pegasus_plays_on() {
    for kind in Kind::ALL {
        if matches!(
            kind,
            Kind::King | Kind::Pawn | Kind::Horse | Kind::Imp | Kind::Pegasus
        ) {
            continue;
        }
        // The piece on c3 in the heavens (no angel may stand below), kings on Earth far apart.
        let letter = Piece {
            player: omnichess_core::Player::White,
            kind,
        }
        .letter();
        let text = format!("8/8/8/8/8/2{letter}5/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1");
        let expected = insufficient_alone(kind).then_some("insufficient material");
        assert_eq!(over(&text), expected, "{} alone", kind.name());
    }
    // Pieces that can promote are never insufficient (the seed: "unless they can successfully
    // promote").
    assert_eq!(
        over("8/8/8/8/8/2H5/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1"),
        None
    );
}

#[test]
fn r5_a_lone_pegasus_draws_except_where_the_analysis_finds_a_win() {
    assert!(insufficient_alone(Kind::Pegasus));
    assert_eq!(omnichess_variants::realms::material::pegasus_wins(), 13_148);
    // pegasus_wins.txt, line `b s1 l1 j1`: Black's king in the j1 corner, White's on l1, the
    // pegasus on s1 below; White wins, so the game plays on.
    let won = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/k1K5|8/8/8/8/8/8/8/P7 b - - 0 1";
    assert_eq!(over(won), None);
    // The same with a Black pegasus, mirrored (s8, l8, j8): White to move plays on.
    let mirrored = "8/8/8/8/8/8/8/8|K1k5/8/8/8/8/8/8/8|p7/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(over(mirrored), None);
    // The kings apart, the pegasus in the heavens: drawn.
    let apart = "8/8/8/8/8/2P5/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(over(apart), Some("insufficient material"));
}

#[test]
fn r5_pairs_of_pieces_play_on() {
    // Ruling R.5.3: two pieces are never declared dead (the seed: two pegasi suffice).
    assert_eq!(
        over("8/8/8/8/8/2PP4/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1"),
        None
    );
    assert_eq!(
        over("8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/2Ee4/8/8 w - - 0 1"),
        None
    );
}
