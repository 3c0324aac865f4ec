//! The analysis board's editor (`DynGame::edited`): the FEN variants and Three Realms edit their
//! boards square by square and validate the result as any position text, DMChess its eight
//! boards (ruling E.1: a piece put on a board takes its number as DEL); 5D has no editor.

use omnichess_core::{Cell, DynGame, Player, SquareEdit};

fn open(variant: &str, position: Option<&str>) -> Box<dyn DynGame> {
    let entry = omnichess_variants::REGISTRY
        .iter()
        .find(|e| e.name == variant)
        .expect("registered");
    (entry.open)(position).expect("opens")
}

/// An edit of the first (or only) board.
fn put(square: u16, piece: Option<(Player, char)>) -> SquareEdit {
    put_on(0, square, piece)
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

/// DMChess ruling E.1: a piece put on D*n* has DEL *n*; a king on its e-square or a rook in
/// its own corner is unmoved, any other piece not; the side is the one asked for.
#[test]
fn dmchess_edits_its_eight_boards_a_piece_taking_its_board_number_as_del() {
    let game = open("dmchess", None);
    let text = game
        .edited(
            &[
                // D1's h1 rook off; a light knight on D3's h4; a dark rook on D5's a1; D2's
                // king off and back (unmoved again: it stands at home).
                put_on(0, 7, None),
                put_on(2, 31, Some((Player::White, 'N'))),
                put_on(4, 0, Some((Player::Black, 'R'))),
                put_on(1, 4, None),
                put_on(1, 4, Some((Player::White, 'K'))),
            ],
            Player::Black,
        )
        .expect("DMChess has an editor")
        .expect("legal");
    let boards: Vec<&str> = text
        .split_whitespace()
        .next()
        .expect("boards")
        .split('|')
        .collect();
    assert!(boards[0].ends_with("/R1*N1B1Q1K1*B1N11"), "{}", boards[0]);
    assert!(boards[1].ends_with("/R2*N2B2Q2K2*B2N2R2*"), "{}", boards[1]);
    assert!(boards[2].contains("/7N3/"), "{}", boards[2]);
    assert!(boards[4].ends_with("/r5N5B5Q5K5*B5N5R5*"), "{}", boards[4]);
    assert_eq!(text.split_whitespace().nth(1), Some("d"), "{text}");
    assert_eq!(open("dmchess", Some(&text)).position_text(), text);
}

/// DMChess ruling E.1: the edited position is checked as a position text is (4.2.4: no piece
/// on a portal; a king each).
#[test]
fn dmchess_refuses_a_piece_on_a_portal_and_a_side_without_kings() {
    let game = open("dmchess", None);
    let view = game.view();
    let (board, portal) = view
        .boards
        .iter()
        .enumerate()
        .find_map(|(b, board)| {
            let mark = board.marks.iter().find(|m| m.kind == "portal")?;
            Some((b as u16, mark.square))
        })
        .expect("the start shows its portals");
    let on_portal = game
        .edited(
            &[put_on(board, portal, Some((Player::White, 'N')))],
            Player::White,
        )
        .expect("an editor");
    assert!(
        on_portal.is_err_and(|e| e.to_string().contains("portal")),
        "a knight on {board}:{portal}"
    );
    let kingless: Vec<SquareEdit> = (0..8).map(|b| put_on(b, 4, None)).collect();
    let refused = game.edited(&kingless, Player::White).expect("an editor");
    assert!(refused.is_err_and(|e| e.to_string().contains("no king")));
}

#[test]
fn multiverse_has_no_editor() {
    assert!(
        open("multiverse", None)
            .edited(&[], Player::White)
            .is_none()
    );
}
