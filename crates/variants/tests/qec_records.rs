//! QEC game records (§12 notation, docs/rules/qec.md): how a record's tokens are read, and
//! the marks the writer puts on them.

use omnichess_core::{Game, GameRecord, Notation, Records, ToAct, Variant};
use omnichess_variants::qec::Qec;

/// The record's decisions played from its start; the game after them.
fn replayed(record: &GameRecord) -> Qec {
    let start = record
        .start
        .as_deref()
        .expect("a QEC record names its start");
    let mut g = Qec::from_position_text(start).expect("start");
    for d in &record.decisions {
        let decision = g
            .parse_decision(&d.text)
            .unwrap_or_else(|e| panic!("{}: {e}", d.text));
        g.apply(decision);
    }
    g
}

fn texts(record: &GameRecord) -> Vec<&str> {
    record.decisions.iter().map(|d| d.text.as_str()).collect()
}

/// White castles short with zeros in move 4 (the h1 rook's partner, h7, is blocked by the
/// knight on h6 and stays).
const CASTLING: &str = "1. g1-f3 [↔ g7P:g7-g6] 1... e7-e6 2. g2-g3 [↔ g8N:g8-h6] 2... d7-d6 \
                        3. f1-g2 [↔ f7P:f7-f6] 3... e6-e5 4. 0-0";

// §12 (records): `0-0` is the result "both lose" (§5) only as the movetext's last token;
// anywhere else it is castling.
#[test]
fn s12_0_0_before_other_tokens_is_castling_and_last_it_is_the_result() {
    let record = Qec::parse_record(&format!("{CASTLING} [↔ h7P] 4... a7-a6 *")).expect("reads");
    assert_eq!(record.decisions.len(), 11);
    assert_eq!(texts(&record)[9..], ["0-0", "a7-a6"]);
    assert_eq!(record.result.as_deref(), Some("*"));
    let g = replayed(&record);
    assert!(
        g.position_text()
            .starts_with("rnbqkb1r/1pp4p/p2p1ppn/4p3/8/5NP1/PPPPPPBP/RNBQ1RK1 w kq - 0 5"),
        "{}",
        g.position_text()
    );

    let plain = Qec::parse_record(&format!("{CASTLING} a7-a6 *")).expect("reads");
    assert_eq!(texts(&plain)[9..], ["0-0", "a7-a6"]);

    // The last token `0-0` is the result, even where castling would be legal.
    let last = Qec::parse_record(CASTLING).expect("reads");
    assert_eq!(last.decisions.len(), 9);
    assert_eq!(last.result.as_deref(), Some("0-0"));
    let g = replayed(&last);
    assert_eq!(g.to_act(), ToAct::Player(omnichess_core::Player::White));
    // A next game's tags may follow the result; the first game is read.
    let two =
        Qec::parse_record(&format!("{CASTLING}\n\n[Event \"next\"]\n1. e2-e4 *")).expect("reads");
    assert_eq!(
        (two.decisions.len(), two.result.as_deref()),
        (9, Some("0-0"))
    );
    // Move numbers glued to the move are read off once: `4.0-0` and `4...0-0-0` keep the zeros.
    let glued = Qec::parse_record("4.0-0 4...0-0-0 *").expect("reads");
    assert_eq!(texts(&glued), ["0-0", "0-0-0"]);
}

// §12 (records): every token is read or is an error that names it.
#[test]
fn s12_a_token_the_record_does_not_read_is_an_error_naming_it() {
    for (text, named) in [
        ("1. e2-e4 1-0 e7-e5", "`e7-e5` follows the result `1-0`"),
        ("1. e2-e4 * 1... e7-e5", "`e7-e5` follows the result `*`"),
        (
            "1. e2-e4 1/2-1/2 [+ e8-d7]",
            "`[+ e8-d7]` follows the result",
        ),
        ("1. b2-b4 [↔ b8:b8-c6] *", "`[↔ b8:b8-c6]`"),
        ("1. b2-b4 [↔ b8N:] *", "`[↔ b8N:]`: the reply is missing"),
        ("1. a2-a3 [↔ whatever] *", "`[↔ whatever]`"),
        ("1. e2-e4 [+] *", "`[+]`"),
        (
            "1. e2-e4 [Note \"x\"] 1... e7-e5 *",
            "`[Note \"x\"]` stands among the moves",
        ),
        (
            "[Event unquoted]\n1. e2-e4 *",
            "`[Event unquoted]` is neither a tag",
        ),
    ] {
        let err = Qec::parse_record(text).expect_err(text);
        assert!(err.message.contains(named), "{text}: {}", err.message);
    }
    // A token that is no move is kept as a decision, so the replay names it.
    let record = Qec::parse_record("1. e2-e4 zz9 *").expect("reads");
    assert_eq!(texts(&record), ["e2-e4", "zz9"]);
    let mut g = Qec::start();
    g.apply(g.parse_decision("e2-e4").expect("e4"));
    let err = g.parse_decision("zz9").expect_err("zz9");
    assert!(err.to_string().contains("zz9"), "{err}");
}

// §12: `✖` marks a capture that breaks a link, and only such a capture.
#[test]
fn s12_a_promotion_capture_of_an_unlinked_piece_has_no_cross() {
    // The white pawn on b7 is linked to the black rook on h8; b7xa8=Q takes the unlinked
    // knight: the promotion frees b7 and h8 (§3.4), but the capture broke no link.
    let start = Qec::from_position_text("n3k2r/1P6/8/8/8/8/8/4K3 w - - 0 1 b7~h8").expect("start");
    let mut g = start.clone();
    let d = g.parse_decision("b7-a8=Q").expect("b7xa8=Q");
    g.apply(d);
    let record = Qec::record_text(&start, &[d], None);
    assert!(record.contains("1. b7-a8=Q "), "{record}");
    assert!(!record.contains('✖'), "{record}");
    // Taking the linked rook instead breaks that link by the capture: `✖`.
    let start = Qec::from_position_text("4k2r/6P1/8/8/8/8/8/4K3 w - - 0 1 g7~h8").expect("start");
    let mut g = start.clone();
    let d = g.parse_decision("g7-h8=Q").expect("g7xh8=Q");
    g.apply(d);
    let record = Qec::record_text(&start, &[d], None);
    assert!(record.contains("1. g7-h8=Q✖"), "{record}");
}

// §12: `[↔ h8R]` is a forced reply whose move is not given. A partner with no legal move
// stays (1.a3: the a8 rook is walled in); one with exactly one legal move plays it (the a1
// rook after 1...a6 can only go to a2; the b1 knight after 1...b6 only to c3).
#[test]
fn s12_a_reply_without_its_move_is_the_partner_s_only_legal_move() {
    let record = Qec::parse_record(
        "1. a2-a3 [↔ a8R] 1... a7-a6 [↔ a1R] 2. e2-e4 2... b7-b6 [↔ b1N] 3. e4-e5 *",
    )
    .expect("reads");
    assert_eq!(
        texts(&record),
        [
            "a2-a3", "a7-a6", "a1-a2", "e2-e4", "b7-b6", "b1-c3", "e4-e5"
        ]
    );
    assert_eq!(record.decisions[2].line, 1);
    let g = replayed(&record);
    assert!(
        g.position_text()
            .starts_with("rnbqkbnr/2pppppp/pp6/4P3/8/P1N5/RPPP1PPP/2BQKBNR b Kkq - 0 3"),
        "{}",
        g.position_text()
    );
    // The writer still gives every reply's move, and the short form only for a partner that
    // stayed: the record it writes reads back to the same decisions.
    let mut start = Qec::start();
    let mut played = Vec::new();
    for d in &record.decisions {
        let decision = start.parse_decision(&d.text).expect("legal");
        played.push(decision);
        start.apply(decision);
    }
    let written = Qec::record_text(&Qec::start(), &played, None);
    assert!(
        written.contains(
            "1. a2-a3 [↔ a8R] 1... a7-a6 [↔ a1R:a1-a2] 2. e2-e4 2... b7-b6 [↔ b1N:b1-c3]"
        ),
        "{written}"
    );
    assert_eq!(
        texts(&Qec::parse_record(&written).expect("reads back")),
        texts(&record)
    );
}

// §12: `[↔ h8R]` where the partner has several legal moves does not say which was played:
// an error naming the form and the candidates; so is a form naming another piece than the
// one that owes the reply.
#[test]
fn s12_a_reply_without_its_move_is_an_error_when_several_are_legal() {
    for (text, named) in [
        (
            "1. b2-b4 [↔ b8N] 1... e7-e5 *",
            "`[↔ b8N]`: the piece on b8 has 2 legal replies (b8-a6, b8-c6); write the one \
             played, like `[↔ b8N:b8-a6]`",
        ),
        (
            "1. b2-b4 [↔ g8N] *",
            "`[↔ g8N]`: the forced reply here is owed by the piece on b8 (`b8N`)",
        ),
        (
            "1. b2-b4 [↔ b8Q] *",
            "`[↔ b8Q]`: the forced reply here is owed by the piece on b8 (`b8N`)",
        ),
    ] {
        let err = Qec::parse_record(text).expect_err(text);
        assert_eq!(err.message, named, "{text}");
        assert_eq!(err.line, 1, "{text}");
    }
    // After a decision that cannot be played, the replay names that decision.
    let record = Qec::parse_record("1. b2-b5 [↔ b8N] *").expect("reads");
    assert_eq!(texts(&record), ["b2-b5"]);
}
