//! The analysis board's editor (`DynGame::edited`): the FEN variants and Three Realms edit their
//! boards square by square and validate the result as any position text; DMChess and 5D have
//! no editor.

use omnichess_core::{Cell, DynGame, Player, SquareEdit};

fn open(variant: &str, position: Option<&str>) -> Box<dyn DynGame> {
    let entry = omnichess_variants::REGISTRY
        .iter()
        .find(|e| e.name == variant)
        .expect("registered");
    (entry.open)(position).expect("opens")
}

fn put(square: u16, piece: Option<(Player, char)>) -> SquareEdit {
    SquareEdit {
        cell: Cell { board: 0, square },
        piece,
    }
}

#[test]
fn classic_edits_its_fen_drops_rights_without_their_rook_and_refuses_a_missing_king() {
    let game = open("classic", None);
    // h1's rook gone, a white queen on e4 (28), black to move.
    let text = game
        .edited(
            &[put(7, None), put(28, Some((Player::White, 'Q')))],
            Player::Black,
        )
        .expect("classic has an editor")
        .expect("a legal position");
    assert_eq!(
        text,
        "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPPP/RNBQKBN1 b Qkq - 0 1"
    );
    assert!(open("classic", Some(&text)).view().boards[0].squares[28].is_some());
    // Without White's king: refused, with the rules' reason.
    let refused = game
        .edited(&[put(4, None)], Player::White)
        .expect("an editor");
    assert!(refused.is_err_and(|e| e.to_string().contains("king")));
    // A seventeenth piece: refused for what it is.
    let crowded = game.edited(&[put(27, Some((Player::Black, 'Q')))], Player::White);
    assert!(
        crowded
            .expect("an editor")
            .is_err_and(|e| e.to_string().contains("more than 16 pieces"))
    );
    let unknown = game.edited(&[put(4, Some((Player::White, 'Z')))], Player::White);
    assert!(unknown.expect("an editor").is_err());
}

#[test]
fn die_chess_keeps_its_die_and_starts_the_turn_with_a_roll() {
    let mut game = open("dice", None);
    game.play("[N]").expect("a roll");
    let text = game
        .edited(&[put(1, None)], Player::White)
        .expect("Die Chess has an editor")
        .expect("legal");
    assert!(
        text.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"),
        "{text}"
    );
    assert_eq!(
        open("dice", Some(&text)).to_act(),
        omnichess_core::ToAct::Chance
    );
}

#[test]
fn qec_drops_the_links_of_edited_squares_and_keeps_the_others() {
    let game = open(
        "qec",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 files"),
    );
    let before = game.position_text();
    assert!(before.contains("a2~a8"), "{before}");
    let text = game
        .edited(&[put(8, None)], Player::White)
        .expect("QEC has an editor")
        .expect("legal");
    assert!(!text.contains("a2~"), "a2 emptied, its link gone: {text}");
    assert!(text.contains("b2~b8"), "{text}");
}

#[test]
fn three_realms_edits_each_realm_and_drops_a_right_without_its_rook() {
    let game = open("realms", None);
    // Earth's q1 rook (board 1, square 7) off; a white angel on the heavens' d4 (board 0, 27).
    let text = game
        .edited(
            &[
                put_on(1, 7, None),
                put_on(0, 27, Some((Player::White, 'A'))),
            ],
            Player::Black,
        )
        .expect("Three Realms has an editor")
        .expect("legal");
    assert!(
        text.contains("|rnbqkbnr/wwwwwwww/8/8/8/8/WWWWWWWW/RNBQKBN1|"),
        "{text}"
    );
    assert!(text.contains("/3A4/"), "{text}");
    assert!(text.ends_with(" b Qkq - 0 1"), "{text}");
    let refused = game
        .edited(&[put_on(1, 4, None)], Player::White)
        .expect("an editor");
    assert!(refused.is_err(), "no white king");
}

fn put_on(board: u16, square: u16, piece: Option<(Player, char)>) -> SquareEdit {
    SquareEdit {
        cell: Cell { board, square },
        piece,
    }
}

#[test]
fn variants_without_a_fen_board_have_no_editor() {
    for variant in ["dmchess", "multiverse"] {
        assert!(
            open(variant, None).edited(&[], Player::White).is_none(),
            "{variant}"
        );
    }
}
