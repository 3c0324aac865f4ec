//! Rule R.5, the draw by insufficient material, in play: both kings on Earth and nothing else,
//! or one piece of a kind the retrograde analysis finds insufficient alone; pairs of pieces
//! play on (ruling R.5.3); a king off Earth keeps the game going.

use omnichess_core::{Game, ToAct, Variant};
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
fn r5_one_piece_is_drawn_exactly_when_its_kind_is_insufficient_alone() {
    for kind in Kind::ALL {
        if matches!(kind, Kind::King | Kind::Pawn | Kind::Horse | Kind::Imp) {
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
