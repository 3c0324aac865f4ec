//! Quantum Entanglement Chess, one test (or more) per clause of docs/rules/qec.md; the test
//! names start with the section of the rule text they check (`s3_2_…` is §3.2).

use crate::common;

use omnichess_core::perft::{divide, perft};
use omnichess_core::{
    Game, Hooks, Notation, Player, Presentation, Records, ToAct, Variant, Verdict,
};
use omnichess_variants::classic::Classic;
use omnichess_variants::qec::{Phase, Qec};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn qec(text: &str) -> Qec {
    Qec::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(g: &mut Qec, decisions: &str) {
    for text in decisions.split_whitespace() {
        let d = g
            .parse_decision(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        g.apply(d);
    }
}

/// How the game ended: its verdict and reason (the game must be over).
fn ending(g: &Qec) -> (Verdict, &'static str) {
    let outcome = g.to_act().outcome().expect("the game is over");
    (outcome.verdict, outcome.reason)
}

fn open(g: &Qec) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut v: Vec<String> = list.iter().map(|&d| g.decision_text(d)).collect();
    v.sort();
    v
}

#[test]
fn s1_s2_a_game_without_links_is_classical_chess() {
    let mut g = qec(&format!("{START} -"));
    assert_eq!(perft(&mut g, 4), 197_281);
    // With entanglement but no link, §4 forbids blocking 2.Qh5+ or 2.Bb5+ and the count drops.
    let mut entangled = qec(&format!("{START} ~"));
    assert_eq!(perft(&mut entangled, 4), 197_233);
    for case in common::perft_cases() {
        let mut ours = qec(&format!("{} -", case.fen));
        let mut classic = Classic::from_position_text(&case.fen).expect("FEN");
        for (depth, &expected) in (1..=3).zip(&case.counts) {
            assert_eq!(perft(&mut ours, depth), expected, "{} d{depth}", case.name);
            assert_eq!(
                perft(&mut classic, depth),
                expected,
                "{} d{depth}",
                case.name
            );
        }
    }
}

/// Perft from the standard start with the file mapping: the counts, and why they are so.
#[test]
fn s3_perft_from_the_standard_start_with_the_file_mapping() {
    let mut g = Qec::start();
    assert_eq!(
        g.position_text(),
        qec(&format!("{START} files")).position_text()
    );
    // Depth 1: White's 20 classical moves; nothing is forced before the first move.
    assert_eq!(perft(&mut g, 1), 20);
    // Depth 2: a linked piece's move hands the decision to its partner's owner. b2/g2 pawn
    // moves wake the knights on b8/g8 (2 replies each); b1/g1 knight moves wake the pawns on
    // b7/g7 (2 replies each); the other linked pawns' partners (rooks, bishops, queen) are
    // walled in, so they stay put and Black's 20 moves follow; the e-pawn is free.
    let mut lines = Vec::new();
    assert_eq!(
        divide(&mut g, 2, |s, d, n| lines.push((s.decision_text(d), n))),
        256
    );
    for (mv, n) in &lines {
        let woken = [
            "b2-b3", "b2-b4", "g2-g3", "g2-g4", "b1-a3", "b1-c3", "g1-f3", "g1-h3",
        ];
        assert_eq!(
            *n,
            if woken.contains(&mv.as_str()) { 2 } else { 20 },
            "{mv}"
        );
    }
    assert_eq!(perft(&mut g, 3), 3231);
    let mut lines = Vec::new();
    divide(&mut g, 3, |s, d, n| lines.push((s.decision_text(d), n)));
    // 1.a3 (the a8 rook stays): of Black's 20 replies, a7/b7 pawn moves wake the a1 rook
    // (now free to go to a2) and the b1 knight (c3 only, a3 is taken): 1 each; g7 pawn moves
    // and the knight moves wake two-move partners: 2 each; the other 12 moves leave White 19
    // moves. 4·1 + 6·2 + 12·19 = 206.
    assert!(lines.contains(&("a2-a3".to_owned(), 206)));
    // 1.b4 with the forced Na6 (Black then has 20 moves) or Nc6 (22 moves): 42.
    assert!(lines.contains(&("b2-b4".to_owned(), 42)));
}

#[test]
fn s3_1_the_file_mapping_links_seven_pawns_a_side_and_never_a_king() {
    let g = Qec::start();
    assert_eq!(g.links().len(), 14);
    assert!(g.position_text().ends_with(
        " a2~a8,b2~b8,c2~c8,d2~d8,f2~f8,g2~g8,h2~h8,a7~a1,b7~b1,c7~c1,d7~d1,f7~f1,g7~g1,h7~h1"
    ));
    let err = Qec::from_position_text(&format!("{START} e2~e8")).expect_err("a king");
    assert!(err.to_string().contains("kings are never linked"), "{err}");
}

#[test]
fn s3_1_explicit_links_are_checked() {
    for (links, needle) in [
        ("e3~b8", "no pawn on e3"),
        ("e2~b1", "enemy officer"),
        ("e2~e7", "never a pawn"),
        ("e2~b8,d2~b8", "b8 is already linked"),
        ("e2-b8", "PAWNSQUARE~PARTNERSQUARE"),
        ("e2~z9", "not a square"),
        ("random:x", "seed"),
    ] {
        let err = Qec::from_position_text(&format!("{START} {links}")).expect_err(links);
        assert!(err.to_string().contains(needle), "{links}: {err}");
    }
    let err = Qec::from_position_text(START).expect_err("no links field");
    assert!(err.to_string().contains("links field"), "{err}");
}

#[test]
fn s3_1_a_random_mapping_is_reproducible_from_its_seed() {
    let a = qec(&format!("{START} random:7"));
    // The seed's draft (splitmix64, `qec/draft.rs`), the same on every machine and build:
    // seven pawns a side linked to the seven enemy officers.
    assert!(
        a.position_text().ends_with(
            " g2~f8,g7~c1,d2~g8,c7~f1,a2~d8,h7~a1,h2~c8,a7~d1,f2~h8,d7~b1,e2~a8,b7~g1,b2~b8,f7~h1"
        ),
        "{}",
        a.position_text()
    );
    assert_eq!(free_pawns(&a), ["c2", "e7"]);
    let b = qec(&format!("{START} random:7"));
    assert_eq!(
        a.position_text(),
        b.position_text(),
        "the same seed, the same mapping"
    );
    assert_ne!(
        a.position_text(),
        qec(&format!("{START} random:8")).position_text()
    );
    assert_eq!(a.links().len(), 14);
    // The position text records the mapping itself, so the game no longer needs the seed;
    // a game record keeps both.
    assert_eq!(qec(&a.position_text()).position_text(), a.position_text());
    let record = Qec::record_text(&a, &[], None);
    assert!(record.contains("[LinkSeed \"7\"]"), "{record}");
    let links = a
        .position_text()
        .split(' ')
        .nth(6)
        .expect("links field")
        .to_owned();
    assert!(record.contains(&format!("[Links \"{links}\"]")), "{record}");
}

#[test]
fn s3_1_a_draft_alternates_until_each_side_has_seven_links() {
    let mut g = qec(&format!("{START} draft"));
    assert_eq!(g.phase(), Phase::Draft);
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert_eq!(
        open(&g).len(),
        8 * 7,
        "any white pawn with any black officer"
    );
    play(&mut g, "e2~d8");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert_eq!(
        open(&g).len(),
        8 * 7,
        "any black pawn with any white officer"
    );
    assert!(g.draw().contains("black drafts a link"), "{}", g.draw());
    for (pick, why) in [
        ("d7~e2", "never a pawn"),
        ("d7~e1", "kings are never linked"),
        ("d2~b8", "black picks now"),
    ] {
        let err = g.parse_decision(pick).expect_err(pick);
        assert!(err.to_string().contains(why), "{pick}: {err}");
    }
    assert!(g.position_text().ends_with(" draft:e2~d8"));
    let picks = "d7~d1 a2~a8 a7~a1 b2~b8 b7~b1 c2~c8 c7~c1 d2~f8 e7~f1 f2~g8 f7~g1 g2~h8 g7~h1";
    play(&mut g, picks);
    assert_eq!(g.phase(), Phase::Move, "14 picks end the draft");
    assert_eq!(g.links().len(), 14);
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert!(g.parse_decision("h2~b8").is_err(), "h2 stays free");
    assert_eq!(g.turn_index(), 14, "each pick is a setup turn of its own");
}

/// The pawns in no link, a1 to h8.
fn free_pawns(g: &Qec) -> Vec<String> {
    let b = g.board();
    b.pieces(cozy_chess::Piece::Pawn)
        .into_iter()
        .filter(|&p| g.links().partner(p).is_none())
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn s3_2_the_partner_s_owner_chooses_the_forced_reply() {
    let mut g = Qec::start();
    play(&mut g, "b2-b4");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert_eq!(g.phase(), Phase::Reply("b8".parse().expect("square")));
    assert_eq!(open(&g), ["b8-a6", "b8-c6"]);
    assert_eq!(g.turn_index(), 0, "the reply is part of White's turn");
    play(&mut g, "b8-c6");
    assert_eq!(g.turn_index(), 1);
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::Black),
        "then Black's own turn"
    );
    assert_eq!(open(&g).len(), 22);
}

#[test]
fn s3_2_a_partner_without_a_legal_move_stays_put() {
    let mut g = Qec::start();
    play(&mut g, "a2-a3");
    assert_eq!(g.phase(), Phase::Move, "the a8 rook is walled in");
    assert_eq!(g.turn_index(), 1);
    assert_eq!(open(&g).len(), 20);
}

#[test]
fn s3_2_the_reply_must_be_legal_for_its_side() {
    // The black knight on e6 is pinned against its king by the rook on e1: it cannot reply.
    let mut g = qec("4k3/8/4n3/8/8/8/3P4/4RK2 w - - 0 1 d2~e6");
    play(&mut g, "d2-d4");
    assert_eq!(g.phase(), Phase::Move);
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
}

#[test]
fn s3_4_a_capture_breaks_the_link_for_both() {
    // The white bishop takes the black rook linked to the white pawn on a2.
    let mut g = qec("r3k3/8/8/8/8/8/P7/4K2B w - - 0 1 a2~a8");
    play(&mut g, "h1-a8");
    assert!(g.links().is_empty());
    assert!(
        g.position_text().contains(" ~"),
        "an entangled game with no link left"
    );
    let mut after = Vec::new();
    g.decisions(&mut after);
    play(&mut g, "e8-d7");
    play(&mut g, "a2-a3");
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::Black),
        "a free pawn wakes nobody"
    );
    assert_eq!(g.phase(), Phase::Move);
}

// §3.4 over §3.2: a promotion frees the pawn and its partner at once, so no reply is owed.
#[test]
fn s3_4_promotion_frees_both_and_no_reply_is_owed() {
    let mut g = qec("8/P7/7k/8/8/8/8/1n2K3 w - - 0 1 a7~b1");
    play(&mut g, "a7-a8=Q");
    assert!(g.links().is_empty(), "promotion frees both at once");
    assert_eq!(g.phase(), Phase::Move, "the freed knight owes nothing");
    assert_eq!(g.turn_index(), 1, "White's turn is over");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert!(
        g.position_text()
            .starts_with("Q7/8/7k/8/8/8/8/1n2K3 b - - 0 1 ~"),
        "{}",
        g.position_text()
    );
    // Black's own turn: the king's moves too, not the knight's alone.
    assert!(open(&g).contains(&"h6-g7".to_owned()), "{:?}", open(&g));
}

// §2 and §3.2: en passant is open on the opponent's next move, and a forced reply in
// between does not close it; the reply itself may take it too.
#[test]
fn s3_2_en_passant_stays_open_after_a_forced_reply_to_the_double_step() {
    let mut g = qec("1n2k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1 b2~b8");
    play(&mut g, "b2-b4 b8-c6");
    assert_eq!(g.phase(), Phase::Move);
    assert!(open(&g).contains(&"c4-b3".to_owned()), "{:?}", open(&g));
    let text = g.position_text();
    assert!(
        text.starts_with("4k3/8/2n5/8/1Pp5/8/8/4K3 b - b3 "),
        "{text}"
    );
    assert_eq!(
        open(&qec(&text)),
        open(&g),
        "the position text keeps the right"
    );
    play(&mut g, "c4-b3");
    assert!(
        g.position_text().starts_with("4k3/8/2n5/8/8/1p6/8/4K3 w"),
        "{}",
        g.position_text()
    );
    // It lasts for that move only: Black plays something else, and it is gone.
    let mut g = qec("1n2k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1 b2~b8");
    play(&mut g, "b2-b4 b8-c6 e8-d7 e1-d2");
    assert!(!open(&g).contains(&"c4-b3".to_owned()), "{:?}", open(&g));
}

#[test]
fn s7_castling_wakes_only_the_rook_s_partner() {
    let mut g = qec("4k3/6p1/8/8/8/8/8/4K2R w K - 0 1 g7~h1");
    play(&mut g, "O-O");
    assert_eq!(g.phase(), Phase::Reply("g7".parse().expect("square")));
    assert_eq!(open(&g), ["g7-g5", "g7-g6"]);
    assert!(
        g.position_text().contains("g7~f1"),
        "the link moved with the rook"
    );
}

#[test]
fn s7_one_forced_reply_per_turn_and_captures_resolve_mover_first() {
    // The white pawn e4 takes on d5; its partner, the black knight on b6, must reply and may
    // take the pawn back (the mover's capture resolves first, then the reply).
    let mut g = qec("4k3/8/1n6/3p4/4P3/8/8/R3K3 w - - 0 1 e4~b6");
    play(&mut g, "e4-d5");
    assert!(open(&g).contains(&"b6-d5".to_owned()));
    play(&mut g, "b6-d5");
    assert!(g.links().is_empty(), "the reply took its own partner");
    assert_eq!(g.phase(), Phase::Move, "the reply wakes nothing");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
}

#[test]
fn s4_a_check_no_king_step_escapes_is_mate_at_once() {
    // Classically Rd8 blocks; in QEC only a one-square king step may answer.
    let mut g = qec("6k1/5ppp/8/8/8/8/3r4/R5K1 w - - 0 1 ~");
    play(&mut g, "a1-a8");
    assert_eq!(g.phase(), Phase::Reactive);
    assert_eq!(ending(&g), (Verdict::Win(Player::White), "checkmate"));
}

#[test]
fn s4_the_checked_king_steps_at_once_and_the_attacker_moves_next() {
    let mut g = qec("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 ~");
    play(&mut g, "a1-a8");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert_eq!(
        open(&g),
        ["e8-d7", "e8-e7", "e8-f7"],
        "only one-square king steps"
    );
    assert_eq!(g.turn_index(), 0, "the step is part of White's turn");
    play(&mut g, "e8-e7");
    assert_eq!(g.turn_index(), 1);
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "§4: the attacker's next turn"
    );
}

#[test]
fn s4_a_forced_reply_that_checks_the_mover_makes_the_mover_s_king_step() {
    // The white pawn b2 wakes the black rook on h8, whose reply checks the white king on g1
    // along the g-file: the mover's own king must step.
    let mut g = qec("4k2r/8/8/8/8/8/1P6/6K1 w - - 0 1 b2~h8");
    play(&mut g, "b2-b3");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    play(&mut g, "h8-g8");
    assert_eq!(g.phase(), Phase::Reactive);
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "the mover's own king answers"
    );
    assert_eq!(open(&g), ["g1-f1", "g1-f2", "g1-h1", "g1-h2"]);
    play(&mut g, "g1-h2");
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::Black),
        "then the attacker's turn"
    );
    assert_eq!(g.turn_index(), 1);
}

// §4 over §3.2: when the move checks the partner's side, the partner cannot block or take
// the checking piece: only the king's one-square step answers, at once.
#[test]
fn s4_a_partner_cannot_block_the_check_its_partner_s_move_gave() {
    // e4xd5 uncovers the e1 rook's check; the bishop c8, linked to the pawn, could block on
    // e6 in classical chess.
    let start = qec("2b1k3/8/8/3p4/4P3/8/8/4RK2 w - - 0 1 e4~c8");
    let mut g = start.clone();
    play(&mut g, "e4-d5");
    assert_eq!(
        g.phase(),
        Phase::Reactive,
        "no forced reply: the king steps"
    );
    assert_eq!(open(&g), ["e8-d7", "e8-d8", "e8-f7", "e8-f8"]);
    assert!(
        g.links().partner("c8".parse().expect("square")).is_some(),
        "the link holds; the bishop stays"
    );
    let mut played = Vec::new();
    let mut g = start.clone();
    for text in ["e4-d5", "e8-d7"] {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let record = Qec::record_text(&start, &played, None);
    assert!(record.contains("1. e4-d5 [↔ c8B] [+ e8-d7]"), "{record}");
    // With no king step, that check is mate at once, though the knight c5 (linked to the
    // pawn) or the queen could block classically.
    let mut g = qec("3qkr2/3p1p2/8/2np4/4P3/8/8/4RK2 w - - 0 1 e4~c5");
    play(&mut g, "e4-d5");
    assert_eq!(ending(&g), (Verdict::Win(Player::White), "checkmate"));
    // A position text cannot set a reply owed by a side in check.
    let err = Qec::from_position_text("2b1k3/8/8/3P4/8/8/8/4RK2 b - - 0 1 d5~c8 reply:c8")
        .expect_err("in check");
    assert!(err.to_string().contains("not in check"), "{err}");
}

#[test]
fn s5_bare_kings_both_lose() {
    let mut g = qec("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 ~");
    assert_eq!(
        g.phase(),
        Phase::Reactive,
        "a king in check at the start steps at once"
    );
    play(&mut g, "e1-d2");
    assert_eq!(ending(&g), (Verdict::BothLose, "bare kings"));
    let outcome = g.to_act().outcome().expect("over");
    assert_eq!(outcome.to_string(), "0-0 both lose by bare kings");
}

// §5, §10, §13: a stalemate cannot go on and is no mate: it ends as §5's draw, in which both
// lose. Links `-` (classical chess, §1 ruling) draws as chess does.
#[test]
fn s10_stalemate_is_possible_and_both_lose() {
    let g = qec("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 ~");
    assert_eq!(ending(&g), (Verdict::BothLose, "stalemate"));
    let classical = qec("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -");
    assert_eq!(ending(&classical), (Verdict::Draw, "stalemate"));
}

// §5: its only draw is bare kings. King and minor piece against king plays on; so does a
// threefold repetition (no claims); the fivefold repetition and the 75-move rule (kept so
// that a game ends, §13/§14) end it as §5's draw: both lose.
#[test]
fn s5_no_classical_draws_in_an_entangled_game() {
    let mut g = qec("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 ~");
    assert_eq!(g.to_act(), ToAct::Player(Player::White), "K+N v K plays on");
    let shuffle = "d1-c3 e8-e7 c3-d1 e7-e8";
    play(&mut g, &format!("{shuffle} {shuffle}"));
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), None, "no claims in an entangled game");
    play(&mut g, &format!("{shuffle} {shuffle}"));
    assert_eq!(ending(&g), (Verdict::BothLose, "fivefold repetition"));
    let g = qec("4k3/8/8/8/8/8/8/3RK3 w - - 150 90 ~");
    assert_eq!(ending(&g), (Verdict::BothLose, "seventy-five-move rule"));
    // Without entanglement (classical chess): the classical draws and claims.
    let mut classical = qec("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 -");
    assert_eq!(ending(&classical), (Verdict::Draw, "insufficient material"));
    classical = qec("4k3/8/8/8/8/8/8/3RK3 w - - 0 1 -");
    let shuffle = "d1-d2 e8-e7 d2-d1 e7-e8";
    play(&mut classical, &format!("{shuffle} {shuffle}"));
    assert!(classical.claimable_draw().is_some());
}

#[test]
fn s12_notation_marks_replies_broken_links_and_reactive_steps() {
    let start = qec("r3k3/p7/8/8/8/8/P7/R3K2Q w - - 0 1 a2~a8");
    let mut g = start.clone();
    let mut played = Vec::new();
    for text in ["h1-a8", "e8-d7", "a2-a4"] {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let record = Qec::record_text(&start, &played, None);
    assert!(record.contains("[Links \"a2~a8\"]"), "{record}");
    assert!(record.contains("1. h1-a8✖ [+ e8-d7]"), "{record}");
    assert!(record.contains("2. a2-a4 *"), "{record}");
    let back = Qec::parse_record(&record).expect("reads back");
    let texts: Vec<&str> = back.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(texts, ["h1-a8✖", "e8-d7", "a2-a4"]);

    let mut g = Qec::start();
    let start = g.clone();
    let mut played = Vec::new();
    for text in ["b2-b4", "b8-a6", "c7-c5", "c1-a3", "e2-e3"] {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let record = Qec::record_text(&start, &played, None);
    assert!(
        record.contains("1. b2-b4 [↔ b8N:b8-a6] 1... c7-c5 [↔ c1B:c1-a3] 2. e2-e3 *"),
        "{record}"
    );
    let back = Qec::parse_record(&record).expect("reads back");
    assert_eq!(back.decisions.len(), 5);
}

#[test]
fn s12_a_partner_that_cannot_reply_is_written_without_a_move() {
    let start = Qec::start();
    let mut g = start.clone();
    let d = g.parse_decision("a2-a3").expect("a3");
    g.apply(d);
    let record = Qec::record_text(&start, &[d], None);
    assert!(record.contains("1. a2-a3 [↔ a8R] *"), "{record}");
}

#[test]
fn s11_the_diagram_labels_links_and_marks_free_pawns() {
    let text = Qec::start().diagram();
    assert!(text.contains("♙*"), "the free e2 pawn: {text}");
    assert!(
        text.contains("♖8") && text.contains("♟8"),
        "a1 and a7 share label 8: {text}"
    );
    assert!(text.contains("links: 1:a2~a8"), "{text}");
}

// §11 with §3.1's draft: a pawn in no link may still be picked, so no pawn is marked free
// until the draft is over.
#[test]
fn s11_no_pawn_is_marked_free_while_the_draft_runs() {
    let mut g = qec("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 draft");
    play(&mut g, "e2~d8");
    let text = g.diagram();
    assert!(!text.contains('*'), "{text}");
    assert!(text.contains("links: 1:e2~d8\n"), "{text}");
    let view = g.view();
    let tagged = view.boards[0]
        .squares
        .iter()
        .flatten()
        .filter(|p| p.tag.as_deref() == Some("*"))
        .count();
    assert_eq!(tagged, 0);
}

// §11: `omnichess play` draws the board from the view, so the view's pieces carry the marks
// the diagram and its legend promise: the link's label, and `*` on each free pawn.
#[test]
fn s11_the_board_play_draws_marks_free_pawns_with_a_star() {
    let mut g = Qec::start();
    play(&mut g, "b2-b4 b8-c6");
    let view = g.view();
    let tag = |square: &str| {
        let index = square.parse::<cozy_chess::Square>().expect("square") as usize;
        view.boards[0].squares[index]
            .as_ref()
            .and_then(|p| p.tag.clone())
    };
    assert_eq!(tag("e2").as_deref(), Some("*"));
    assert_eq!(tag("e7").as_deref(), Some("*"));
    assert_eq!(tag("b4"), tag("c6"), "b4 and c6 share their link's label");
    assert_ne!(tag("b4").as_deref(), Some("*"));
    assert_eq!(tag("e1"), None, "kings are never linked and are no pawns");
    assert_eq!(tag("b1").as_deref(), Some("9"));
    assert!(g.diagram().contains("(* free pawn)"));
}

/// The sizes docs/ARCHITECTURE.md and the `Qec` docs state: a change shows here first.
#[test]
fn state_size_is_as_documented() {
    assert_eq!(std::mem::size_of::<Qec>(), 296);
}
