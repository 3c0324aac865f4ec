//! 5D Chess rules, one test (or more) per rule of docs/rules/multiverse.md (R1 … R12); test
//! names start with the rule they check.

use omnichess_core::{Counting, Game, Hooks, Notation, Player, Records, ToAct, Variant, Verdict};
use omnichess_variants::multiverse::{Decision5, Move5, Multiverse, Pos, variants};

fn game(text: &str) -> Multiverse {
    Multiverse::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(g: &mut Multiverse, decisions: &str) {
    for text in decisions.split_whitespace() {
        let d = g
            .parse_decision(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        g.apply(d);
    }
}

fn moves(g: &Multiverse) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut v: Vec<String> = list.iter().map(|&d| g.decision_text(d)).collect();
    v.sort();
    v
}

/// A custom 5×5 position: the board string at (L0, T1, White to move).
fn custom(board: &str) -> Multiverse {
    game(&format!(
        "[Board \"custom\"] [Size \"5x5\"] [{board}:0:1:w]"
    ))
}

#[test]
fn r1_every_official_variant_loads_with_its_size_and_timelines() {
    assert!(
        variants::VARIANTS.len() >= 45,
        "{} variants",
        variants::VARIANTS.len()
    );
    for v in variants::VARIANTS {
        let g = game(&format!("[Board \"{}\"]", v.name));
        assert_eq!((g.setup().width, g.setup().height), v.size, "{}", v.name);
        assert_eq!(
            g.timelines().count(),
            v.boards
                .iter()
                .map(|b| b.split(':').nth(1))
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            "{}",
            v.name
        );
        // The position text reads back to the same multiverse.
        assert_eq!(
            game(&g.position_text()).position_text(),
            g.position_text(),
            "{}",
            v.name
        );
    }
    let two = game("[Board \"Standard - Two Timelines\"]");
    assert!(two.setup().even);
    assert!(two.position_text().contains(":-0:1:w]") && two.position_text().contains(":+0:1:w]"));
}

#[test]
fn r2_the_standard_start_has_twenty_actions_and_a_turn_ends_with_submit() {
    let mut g = Multiverse::start();
    assert_eq!(g.count_turns(1000), 20);
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert!(
        !moves(&g).contains(&"submit".to_owned()),
        "nothing played yet"
    );
    play(&mut g, "(0T1)e2e4");
    assert_eq!(
        moves(&g),
        ["submit"],
        "the present has passed: only submit remains"
    );
    play(&mut g, "submit");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert_eq!(g.turn_index(), 1);
}

#[test]
fn r3_pieces_move_through_time_to_boards_of_their_own_colour_and_branch() {
    // After 1. Nf3 / Nc6, White's knight on (0T2) f3 may jump back to (0T1): a new timeline.
    let mut g = Multiverse::start();
    play(&mut g, "(0T1)Ng1f3 submit (0T1)Nb8c6 submit");
    let list = moves(&g);
    assert!(list.contains(&"(0T2)Nf3>>(0T1)f5".to_owned()), "{list:?}");
    play(&mut g, "(0T2)Nf3>>(0T1)f5");
    assert_eq!(g.timelines().count(), 2, "White's branch is timeline 1");
    assert!(g.line(1).is_some(), "numbered +1");
    assert!(
        g.position_text().contains(
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/5N2/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:1:1:b]"
        )
    );
    // The new timeline starts a full turn earlier: the present moves back and White may submit.
    assert!(moves(&g).contains(&"submit".to_owned()));
}

#[test]
fn r4_a_jump_to_the_last_board_of_another_timeline_does_not_branch() {
    let mut g = game("[Board \"Standard - Two Timelines\"]");
    // The queen's knight jumps from -0 to +0's board (same turn): no new timeline.
    let list = moves(&g);
    let hop = list
        .iter()
        .find(|m| m.contains('>') && !m.contains(">>"))
        .expect("a non-branching jump")
        .clone();
    play(&mut g, &hop);
    assert_eq!(g.timelines().count(), 2);
}

#[test]
fn r5_pawns_move_forward_in_rank_and_across_timelines_white_towards_lower_lines() {
    // Two timelines: a white pawn on +0 may step to -0 (towards Black's timelines).
    let g = game("[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:-0:1:w] [4k/5/5/P4/K4:+0:1:w]");
    let list = moves(&g);
    assert!(list.contains(&"(+0T1)a2>(-0T1)a2".to_owned()), "{list:?}");
    assert!(
        list.contains(&"(+0T1)a2a4".to_owned()),
        "an unmoved pawn's double step: {list:?}"
    );
    // A black pawn goes the other way: from -0 to +0.
    let g = game(
        "[Board \"custom\"] [Size \"5x5\"] [4k/p4/5/5/K4:-0:1:b] [4k/5/5/5/K4:+0:1:b] [Mover \"b\"]",
    );
    let list = moves(&g);
    assert!(list.contains(&"(-0T1)a4>(+0T1)a4".to_owned()), "{list:?}");
}

#[test]
fn r5_an_unmoved_pawn_steps_two_timelines_forward_for_either_side() {
    // The random-game move ftxi's reader refused, `(-12T10)d7>>(-10T10)d7`, in small: Black's
    // unmoved pawn steps two timelines forward (towards White's), over an empty square; a moved
    // one steps one. ftxi accepts White's (`(-13T8)b2>>(-15T8)b2`) and refuses Black's: its
    // unmoved-pawn test for Black reads White's piece codes (docs/rules/multiverse.md, R5).
    // The king's `*` makes the marks count (R1): the pawn without one has moved.
    let black = |pawn: &str| {
        game(&format!(
            "[Board \"custom\"] [Size \"5x5\"] [4k*/{pawn}4/5/5/K4:-1:1:b] [4k/5/5/5/K4:0:1:b] \
             [4k/5/5/5/K4:1:1:b] [Mover \"b\"]"
        ))
    };
    let list = moves(&black("p*"));
    assert!(list.contains(&"(-1T1)a4>(0T1)a4".to_owned()), "{list:?}");
    assert!(list.contains(&"(-1T1)a4>(1T1)a4".to_owned()), "{list:?}");
    let list = moves(&black("p"));
    assert!(list.contains(&"(-1T1)a4>(0T1)a4".to_owned()), "{list:?}");
    assert!(
        !list.contains(&"(-1T1)a4>(1T1)a4".to_owned()),
        "moved: {list:?}"
    );
    let white = game(
        "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:-1:1:w] [4k/5/5/5/K4:0:1:w] \
         [4k/5/5/P*4/K4:1:1:w]",
    );
    let list = moves(&white);
    assert!(list.contains(&"(1T1)a2>(-1T1)a2".to_owned()), "{list:?}");
}

#[test]
fn r6_double_steps_need_an_unmoved_pawn_and_en_passant_stays_on_its_board() {
    let mut g = custom("4k/3p*1/5/5/K1P*2");
    assert!(
        moves(&g).contains(&"(0T1)c1c3".to_owned()),
        "an unmoved pawn's double step"
    );
    play(&mut g, "(0T1)c1c2 submit (0T1)d4d2 submit");
    let list = moves(&g);
    assert!(
        !list.contains(&"(0T2)c2c4".to_owned()),
        "a moved pawn steps once: {list:?}"
    );
    assert!(
        list.contains(&"(0T2)c2d3".to_owned()),
        "en passant: {list:?}"
    );
    play(&mut g, "(0T2)c2d3");
    assert!(
        g.position_text().contains("[4k/5/3P1/5/K4:0:2:b]"),
        "{}",
        g.position_text()
    );
}

#[test]
fn r7_castling_on_one_board_with_its_conditions() {
    let g = game("[Board \"custom\"] [Size \"8x8\"] [r*3k*2r*/8/8/8/8/8/8/R*3K*2R*:0:1:w]");
    let list = moves(&g);
    assert!(
        list.contains(&"(0T1)Ke1g1".to_owned()) && list.contains(&"(0T1)Ke1c1".to_owned()),
        "{list:?}"
    );
    // A rook that has moved (no `*`) gives no right.
    let g = game("[Board \"custom\"] [Size \"8x8\"] [r*3k*2r*/8/8/8/8/8/8/R3K*2R*:0:1:w]");
    assert!(!moves(&g).contains(&"(0T1)Ke1c1".to_owned()));
}

#[test]
fn r8_promotion_to_the_variant_s_pieces() {
    let g = custom("4k/P4/5/5/K4");
    assert!(moves(&g).contains(&"(0T1)a4a5=Q".to_owned()));
    let g = game("[Board \"custom\"] [Size \"5x5\"] [Promotions \"Q,N\"] [4k/P4/5/5/K4:0:1:w]");
    let list = moves(&g);
    assert!(list.contains(&"(0T1)a4a5=Q".to_owned()) && list.contains(&"(0T1)a4a5=N".to_owned()));
}

#[test]
fn r9_a_jump_is_tested_with_the_board_it_lands_on() {
    // Black's king c5 on (L1, T2) jumps to d5 of (L2, T1), branching a new timeline L-2:
    // there the white king on d3 steps across one timeline onto the black king c4 of
    // (L-1, T2). Every branch of this turn makes the same new line L-2, from different
    // boards: each is tested with its own board's pieces.
    let g = game(
        "[Board \"custom\"] [Size \"5x5\"] [Mover \"b\"] \
         [1r*k*1r*/2k2/5/2K2/R*1K*R*1:-1:2:w] [1r*k*1r*/5/5/5/R*1K*R*1:0:1:w] \
         [1r*k*1r*/5/5/5/1RK*R*1:0:1:b] [1r*k*2/5/4r/5/1RK*R*1:0:2:w] \
         [1r*k*2/5/4r/5/1R1R*1:0:2:b] [1r*k*2/5/3r1/5/1R1R*1:0:3:w] \
         [1r*k*1r*/5/5/2K2/R*1K*R*1:1:1:b] [1r*k*2/5/5/2K1r/R*1K*R*1:1:2:w] \
         [1r*k*2/5/5/4r/R*1K*R*1:1:2:b] [1r*k*1r*/5/3K1/5/R*1K*R*1:2:1:b] \
         [1r*2r*/5/3K1/5/R*1K*R*1:2:2:w]",
    );
    let jump = Move5 {
        from: Pos {
            line: 1,
            v: 5,
            x: 2,
            y: 4,
        },
        to: Pos {
            line: 2,
            v: 3,
            x: 3,
            y: 4,
        },
        promotion: None,
    };
    let mut by_movement = Vec::new();
    g.moves(|mv| by_movement.push(mv));
    assert!(by_movement.contains(&jump), "the king may move there");
    let mut legal = Vec::new();
    g.decisions(&mut legal);
    assert!(
        !legal.contains(&Decision5::Move(jump)),
        "it would expose a king"
    );
    assert!(!legal.is_empty());
}

#[test]
fn r9_check_through_time_forbids_the_submit() {
    // Just Kings: after 1. Ka1a2 / Kc3c2 2. (0T2)Ka2>>(0T1)a2, the counts are the reference's.
    let text = "[Board \"Focused - Just Kings\"]\n\n1. Ka1a2 / Kc3c2\n2. (0T2)Ka2>>(0T1)a2\n";
    let record = Multiverse::parse_record(text).expect("record");
    assert_eq!(
        record.decisions.len(),
        6,
        "three half-turns, each with its submit"
    );
    let mut g = Multiverse::after_record(&record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.count_turns(1000), 27);
}

#[test]
fn r10_checkmate_and_stalemate_end_the_game() {
    // The black king on a5 (5x5) with white rooks on the a- and b-files, and no earlier board
    // to escape into.
    let g = game("[Board \"custom\"] [Size \"5x5\"] [k4/5/5/5/RRK2:0:1:b]");
    let outcome = g.to_act().outcome().expect("over");
    assert_eq!(
        (outcome.verdict, outcome.reason),
        (Verdict::Win(Player::White), "checkmate")
    );
    let g = game("[Board \"custom\"] [Size \"5x5\"] [k4/2Q2/5/5/2K2:0:1:b]");
    let outcome = g.to_act().outcome().expect("over");
    assert_eq!(
        (outcome.verdict, outcome.reason),
        (Verdict::Draw, "stalemate")
    );
}

#[test]
fn r11_active_timelines_and_the_present() {
    let mut g = Multiverse::start();
    play(
        &mut g,
        "(0T1)Ng1f3 submit (0T1)Nb8c6 submit (0T2)Nf3>>(0T1)f5",
    );
    // White's first extra timeline is active (Black has made none: 1 <= 0 + 1).
    assert!(g.active(1));
    assert_eq!(g.present(), 3, "T1 with Black to move, on the new timeline");
}

#[test]
fn r12_notation_reads_every_common_form_and_writes_long_algebraic() {
    let g = Multiverse::start();
    let nf3 = g.parse_decision("(0T1)Ng1f3").expect("long");
    for text in [
        "Nf3",
        "(0T1)Nf3",
        "(L0T1)Nf3",
        "( 0 T 1 )Nf3",
        "(0T1)Ng1(0T1)f3",
        "Ng1f3+",
    ] {
        assert_eq!(g.parse_decision(text), Ok(nf3), "{text}");
    }
    assert_eq!(g.decision_text(nf3), "(0T1)Ng1f3");
    assert_eq!(g.parse_decision("e4"), g.parse_decision("(0T1)e2e4"));
    assert!(g.parse_decision("(0T1)Ng1g3").is_err());
    assert!(g.parse_decision("(9T1)Nf3").is_err());
    // Trailing junk is refused, not dropped; `x` counts only as a capture mark before a square.
    for junk in ["e2e4xxxx", "(0T1)e2e4x", "Ng1f3xx"] {
        assert!(g.parse_decision(junk).is_err(), "{junk}");
    }
    assert_eq!(g.parse_decision("(0T1)Ng1xf3"), Ok(nf3));
    assert!(g.parse_decision("submit").is_err(), "nothing played yet");
    let mut h = g.clone();
    h.apply(nf3);
    assert_eq!(h.parse_decision("submit"), Ok(Decision5::Submit));
}

#[test]
fn position_text_errors_name_the_problem() {
    for (text, needle) in [
        ("[Board \"Nonsense\"]", "unknown variant"),
        ("[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5:0:1:w]", "rows"),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:0:1:x]",
            "colour",
        ),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K3Z:0:1:w]",
            "not a piece letter",
        ),
        (
            "[Board \"custom\"] [Size \"9x9\"] [9/9/9/9/9/9/9/9/9:0:1:w]",
            "up to 8x8",
        ),
        (
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:0:1:w] [4k/5/5/5/K4:0:3:w]",
            "without gaps",
        ),
        ("nonsense", "5DFEN"),
        (
            "[Board \"custom\"] [Size \"3x3\"] [3/3/3:0:2000000000:w]",
            "from 0 to 100000",
        ),
        (
            "[Board \"custom\"] [Size \"3x3\"] [3/3/3:2000000000:1:w]",
            "not a timeline",
        ),
    ] {
        let e = Multiverse::from_position_text(text)
            .expect_err(text)
            .to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
}

#[test]
fn r3_unicorns_and_dragons_need_three_and_four_axes() {
    // On the first board there is no other board: a unicorn or dragon has nowhere to go.
    let g = game("[Board \"Focused - Just Unicorns\"]");
    assert!(
        !moves(&g).iter().any(|m| m.contains('U')),
        "{:?}",
        moves(&g)
    );
    let g = game("[Board \"Focused - Just Dragons\"]");
    assert!(!moves(&g).iter().any(|m| m.contains('D')));
    // A turn later the white unicorn reaches the past board on three axes (file, rank, time).
    let mut g = game("[Board \"Focused - Just Unicorns\"]");
    play(&mut g, "(0T1)Ka1a2 submit (0T1)Ke5e4 submit");
    let unicorn: Vec<String> = moves(&g).into_iter().filter(|m| m.contains('U')).collect();
    assert!(
        !unicorn.is_empty() && unicorn.iter().all(|m| m.contains(">>(0T1)")),
        "{unicorn:?}"
    );
}

#[test]
fn r1_turn_zero_gives_black_a_board_to_travel_to() {
    let mut g = game("[Board \"Standard - Turn Zero\"]");
    assert!(
        !moves(&g).iter().any(|m| m.contains("T0")),
        "White has no T0 board"
    );
    play(&mut g, "(0T1)e2e3 submit");
    assert!(
        moves(&g).contains(&"(0T1)Nb8>>(0T0)b6".to_owned()),
        "a black knight reaches T0"
    );
}

#[test]
fn r5_brawns_capture_sideways_across_timelines_where_pawns_cannot() {
    let brawn =
        game("[Board \"custom\"] [Size \"5x5\"] [4k/5/5/2p2/K4:-0:1:w] [4k/5/5/1W3/K4:+0:1:w]");
    assert!(
        moves(&brawn).contains(&"(+0T1)Wb2>(-0T1)c2".to_owned()),
        "{:?}",
        moves(&brawn)
    );
    let pawn =
        game("[Board \"custom\"] [Size \"5x5\"] [4k/5/5/2p2/K4:-0:1:w] [4k/5/5/1P3/K4:+0:1:w]");
    assert!(
        !moves(&pawn).iter().any(|m| m.ends_with("(-0T1)c2")),
        "{:?}",
        moves(&pawn)
    );
}

#[test]
fn r12_records_round_trip_and_mark_check_and_mate() {
    let start = Multiverse::start();
    let mut g = start.clone();
    let mut played = Vec::new();
    for text in
        "(0T1)f2f3 submit (0T1)e7e5 submit (0T2)g2g4 submit (0T2)Qd8h4 submit".split_whitespace()
    {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let record = Multiverse::record_text(&start, &played, g.to_act().outcome());
    assert!(record.contains("1. (0T1)f2f3 / (0T1)e7e5"), "{record}");
    // Not mate in 5D but softmate: White's only escape is the king's jump into the past.
    assert!(record.contains("2. (0T2)g2g4 / (0T2)Qd8h4*"), "{record}");
    let back = Multiverse::parse_record(&record).expect("reads back");
    let mut replayed =
        Multiverse::from_position_text(back.start.as_deref().expect("start")).expect("start");
    for d in &back.decisions {
        play(&mut replayed, &d.text);
    }
    assert_eq!(replayed.position_text(), g.position_text());
    assert_eq!(replayed.to_act(), ToAct::Player(Player::White));
    assert!(replayed.in_check() && replayed.softmate());
    assert_eq!(
        replayed.softmate_within(100_000),
        Some(true),
        "bounded, the same"
    );
    assert_eq!(
        start.softmate_within(0),
        Some(false),
        "no check: known at once"
    );
    // In check among 18 timelines, every escape moves the present back: each of the two
    // searches needs tens of candidate points to tell, so with 10 the bounded test gives up.
    let wide = game(WIDE_CHECK);
    assert_eq!(wide.softmate_within(10), None);
    assert_eq!(wide.softmate_within(100), Some(true));
    assert!(wide.softmate());
    // R9: the decisions leave out the moves after which a royal piece can be taken (no later
    // move could lift that); the king's jump into the past is the one left.
    let mut by_movement = 0;
    replayed.moves(|_| by_movement += 1);
    assert_eq!(by_movement, 24, "moves remain by the pieces' movement");
    assert_eq!(
        moves(&replayed),
        ["(0T3)Ke1>>(0T2)f2"],
        "but one can be played"
    );
    assert_eq!(replayed.clone().count_turns(1000), 1);
    // A mate is marked `#`: the rooks mate the lone king of a 5x5 board in one move.
    let start = game("[Board \"custom\"] [Size \"5x5\"] [k4/5/5/2R2/1R2K:0:1:w]");
    let mut g = start.clone();
    let mut played = Vec::new();
    for text in ["(0T1)Rc2a2", "submit"] {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let record = Multiverse::record_text(&start, &played, g.to_act().outcome());
    assert!(record.contains("1. (0T1)Rc2a2#"), "{record}");
}

/// The position's hash (the engine's table key) is a function of the position alone: each
/// timeline keeps its boards' hash between two changes, and none is ever stale — after every
/// decision of a game with time travel and new timelines, after the check tests that add
/// boards and take them back, and after a take-back, the hash is that of the same position
/// read from its text.
#[test]
fn the_hash_is_the_positions_whatever_was_played_and_taken_back() {
    let record = Multiverse::parse_record(include_str!("data/multiverse/cwmtt/ctp2.5dpgn"))
        .expect("a record");
    let mut g =
        Multiverse::from_position_text(record.start.as_deref().expect("start")).expect("start");
    let fresh = |g: &Multiverse| game(&g.position_text()).hash();
    let mut seen = vec![g.hash()];
    for d in &record.decisions {
        let before = g.hash();
        play(&mut g, &d.text);
        let after = g.hash();
        let _ = (g.in_check(), g.to_act());
        assert_eq!(g.hash(), after, "{}: the tests leave it", d.text);
        assert_eq!(after, fresh(&g), "{}: as read from its text", d.text);
        assert!(g.undo());
        assert_eq!(g.hash(), before, "{}: taken back", d.text);
        play(&mut g, &d.text);
        seen.push(after);
    }
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), count, "every position of the game hashes apart");
    // What the kept hash and value cost (docs/PERFORMANCE.md, "State sizes").
    assert_eq!(
        std::mem::size_of::<omnichess_variants::multiverse::Timeline>(),
        48
    );
}

/// A wide multiverse (18 timelines, Black in check, to move on 16 boards) from an engine game:
/// Black has legal actions, and every one moves the present back (softmate).
const WIDE_CHECK: &str = include_str!("data/multiverse/wide-check.txt");

#[test]
fn r10_the_bounded_terminal_test_is_exact_within_its_effort_and_gives_the_turn_past_it() {
    let mate = game("[Board \"custom\"] [Size \"5x5\"] [k4/5/5/5/RRK2:0:1:b]");
    assert_eq!(
        mate.to_act_bounded(1_000).outcome().map(|o| o.reason),
        Some("checkmate")
    );
    let start = Multiverse::start();
    assert_eq!(start.to_act_bounded(1), ToAct::Player(Player::White));
    let wide = game(WIDE_CHECK);
    assert!(wide.in_check());
    assert_eq!(wide.to_act_bounded(2_000), ToAct::Player(Player::Black));
}

#[test]
fn r2_the_action_search_gives_a_legal_turn_in_a_multiverse_of_many_boards() {
    // 77 timelines, Black in check with 73 playable boards and 2 603 moves (from an engine
    // game): walking the decisions depth first did not find a turn in 5 000 listings.
    let start = game(include_str!("data/multiverse/many-boards.txt"));
    let turn = start.quick_turn(100_000).expect("an action");
    let mut g = start.clone();
    assert_eq!(
        omnichess_core::play_checked(&mut g, &turn),
        Ok(()),
        "a legal turn"
    );
    assert_eq!(turn.last(), Some(&Decision5::Submit));
    assert_eq!(g.turn_index(), start.turn_index() + 1);
}

/// R1 (unmoved marks): a `*` only on a piece whose first move does not matter (a queen) is
/// not written back, so it does not make the file "marked": every piece is unmoved, and the
/// text written reads back to itself (the fuzz target `position_multiverse` found the case).
#[test]
fn r1_a_star_on_a_queen_alone_leaves_every_piece_unmoved_and_round_trips() {
    let text = "[Board \"custom\"] [Size \"5x5\"] [2q*1k/5/5/5/KR3:0:1:w]";
    let first = game(text).position_text();
    assert_eq!(
        first,
        "[Board \"custom\"] [Size \"5x5\"] [2q1k*/5/5/5/K*R*3:0:1:w]"
    );
    assert_eq!(game(&first).position_text(), first);
    // Marked on a king alone: the rook has moved and is written so.
    let marked = game("[Board \"custom\"] [Size \"5x5\"] [2q1k*/5/5/5/KR3:0:1:w]").position_text();
    assert_eq!(
        marked,
        "[Board \"custom\"] [Size \"5x5\"] [2q1k*/5/5/5/KR3:0:1:w]"
    );
}
