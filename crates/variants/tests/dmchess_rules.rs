//! DMChess rules, each test named after the clause of `dmchess-rulebook-v01.txt` it checks
//! (rulings in docs/rules/dmchess.md): constructed positions with exact outcomes.

use omnichess_core::perft::perft;
use omnichess_core::{Game, Notation, Outcome, Player, Presentation, ToAct, Variant};
use omnichess_variants::dmchess::{DmChess, Kind, Profile, square};

const EMPTY: &str = "8/8/8/8/8/8/8/8";

/// A position text: the given boards (0-based dimension, FEN-like ranks), the others empty,
/// then the remaining fields.
fn text(boards: &[(usize, &str)], rest: &str) -> String {
    let mut all = [EMPTY; 8];
    for &(d, b) in boards {
        all[d] = b;
    }
    format!("{} {rest}", all.join("|"))
}

fn game(boards: &[(usize, &str)], rest: &str) -> DmChess {
    let t = text(boards, rest);
    DmChess::from_position_text(&t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn moves(g: &DmChess) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut out: Vec<String> = list.into_iter().map(|m| g.decision_text(m)).collect();
    out.sort();
    out
}

fn play(g: &mut DmChess, edan: &str) {
    let mv = g
        .parse_decision(edan)
        .unwrap_or_else(|e| panic!("{edan}: {e}"));
    g.apply(mv);
}

fn piece_at(g: &DmChess, name: &str) -> Option<(Kind, u8)> {
    let sq = square::parse(name).expect("square");
    g.position().piece(sq).map(|p| (p.kind(), p.del()))
}

fn refused(g: &DmChess, edan: &str) -> String {
    g.parse_decision(edan)
        .expect_err("must be refused")
        .to_string()
}

/// Kings far apart on D8 so that constructed positions have one each.
const KINGS_D8: (usize, &str) = (7, "7k8/8/8/8/8/8/8/K87");

#[test]
fn c2_2_1_and_4_3_1_the_start_has_16_pieces_a_side_per_board_with_its_number_as_del() {
    let g = DmChess::start();
    for d in 0..8 {
        let on_board: Vec<_> = g
            .position()
            .pieces()
            .filter(|(sq, _)| square::dim(*sq) == d)
            .collect();
        assert_eq!(on_board.len(), 32);
        assert!(on_board.iter().all(|(_, p)| usize::from(p.del()) == d + 1));
    }
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "5.1.4: Light moves first"
    );
}

#[test]
fn perft_from_the_start() {
    // Recorded in docs/PERFORMANCE.md; depth 3 takes about a second in release. Ruling K.2
    // (a king never moves into check) removed one leaf from depth 3: after Pd2f2-d3f4
    // Nd3b8-d1b4 the D2 king, checked through D1's portal d3 and unable to escape, may no
    // longer step to f2, where the same knight checks it.
    assert_eq!(perft(&mut DmChess::start(), 1), 109);
    assert_eq!(perft(&mut DmChess::start(), 2), 12_113);
    assert_eq!(perft(&mut DmChess::start(), 3), 1_315_059);
}

#[test]
fn c8_2_3_the_edan_example_qd2e4_d5f6_is_played() {
    // A profile (carried by the position text) with one portal, D2-D5 on e5: the queen
    // (DEL 3 >= |2-5|) steps e4-e5 on D2, crosses to D5 and goes e5-f6 there.
    let energy = Profile::default_profile().text();
    let energy = energy
        .split_whitespace()
        .find(|t| t.starts_with("energy="))
        .expect("energy token");
    let mut g = game(
        &[(1, "8/8/8/8/4Q33/8/8/8"), KINGS_D8],
        &format!("l - 0 1 0/8 - - - portals=2-5:e5 {energy} shifts=id"),
    );
    assert!(moves(&g).contains(&"Qd2e4-d5f6".to_owned()));
    play(&mut g, "Qd2e4-d5f6");
    let t = g.position_text();
    assert!(
        t.ends_with(&format!("portals=2-5:e5 {energy} shifts=id")),
        "{t}"
    );
    assert_eq!(
        DmChess::from_position_text(&t).map(|b| b.position_text()),
        Ok(t)
    );
    assert_eq!(piece_at(&g, "d5f6"), Some((Kind::Queen, 3)));
    assert_eq!(piece_at(&g, "d2e4"), None);
    assert_eq!(
        g.position().flow(),
        [0, -3, 0, 0, 3, 0, 0, 0],
        "6.2: the DEL it carried"
    );
}

#[test]
fn c8_2_3_the_default_profile_never_allows_qd2e4_d5f6() {
    // Ruling N.1: in phases 0, 1 and 3 D2 e4 is a portal (the position is refused); in
    // phase 2 the queen stands there but reaches D5 only through c4, and f6 is not on a
    // line from c4. So 8.2.3's example needs the documented position above.
    let queen = (1, "8/8/8/8/4Q33/8/8/8");
    for phase in 0..4 {
        let t = text(&[queen, KINGS_D8], &format!("l - 0 1 {phase}/8 - - -"));
        match DmChess::from_position_text(&t) {
            Ok(g) => {
                assert_eq!(phase, 2);
                let m = moves(&g);
                assert!(m.contains(&"Qd2e4-d5c8".to_owned()), "{m:?}");
                assert!(!m.contains(&"Qd2e4-d5f6".to_owned()));
            }
            Err(e) => assert!(e.to_string().contains("portal d2e4"), "{phase}: {e}"),
        }
    }
    // The implementation's own examples are legal at the start.
    let start = moves(&DmChess::start());
    for m in ["Pd1a2-d1a4", "Nd1g1-d1f3"] {
        assert!(start.contains(&m.to_owned()), "{m}");
    }
}

#[test]
fn c4_2_2_at_the_start_no_d1_piece_reaches_d3() {
    let g = DmChess::start();
    let mut list = Vec::new();
    g.decisions(&mut list);
    assert!(
        list.iter()
            .all(|m| square::dim(m.from) != 0 || square::dim(m.to) <= 1)
    );
    // A D1 knight on f5 a leap from the D1-D3 portal e3: DEL 1 cannot cross, DEL 2 can.
    let low = game(&[(0, "8/8/8/5N12/8/8/8/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    let to_d3 = |g: &DmChess| moves(g).into_iter().filter(|m| m.contains("-d3")).count();
    assert_eq!(to_d3(&low), 0);
    assert!(refused(&low, "Nd1f5-d3c2").contains("DEL 1 is too low"));
    let high = game(&[(0, "8/8/8/5N22/8/8/8/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    // From e3 on D3: c2, d1, f1, g2 (c4, d5, f5 and g4 are portals there).
    assert_eq!(to_d3(&high), 4);
}

#[test]
fn c4_2_4_no_move_ends_on_a_portal() {
    let g = game(&[(0, "8/8/8/8/8/8/4R13/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    assert!(refused(&g, "Rd1e2-d1e4").contains("portal"));
    // The rook passes the portals e3 and e4 on its file and stops beyond them.
    let m = moves(&g);
    assert!(m.contains(&"Rd1e2-d1e7".to_owned()));
    assert!(!m.iter().any(|t| t.ends_with("d1e3") || t.ends_with("d1e4")));
}

#[test]
fn c5_3_2_and_5_3_3_energy_square_adds_one_and_recharges_in_three_turns() {
    let mut g = game(&[(0, "8/8/8/8/8/8/8/1N16"), KINGS_D8], "l - 0 1 0/8 - - -");
    play(&mut g, "Nd1b1-d1a3");
    assert_eq!(piece_at(&g, "d1a3"), Some((Kind::Knight, 2)));
    assert!(
        g.position_text().contains(" d1a3:3 "),
        "{}",
        g.position_text()
    );
    // Recharging (2 turns left): a rook ending there gains nothing; 1 left: it gains.
    for (left, del) in [(2, 1), (1, 2)] {
        let mut g = game(
            &[(0, "8/8/8/8/8/8/8/R17"), KINGS_D8],
            &format!("l - 0 1 0/8 d1a3:{left} - -"),
        );
        play(&mut g, "Rd1a1-d1a3");
        assert_eq!(piece_at(&g, "d1a3"), Some((Kind::Rook, del)), "{left} left");
    }
}

#[test]
fn c5_3_4_a_piece_does_not_draw_twice_in_a_row_from_one_square() {
    // The rook last drew from a3: nothing; a fresh rook: +1.
    let g1 = game(
        &[(0, "8/8/8/8/8/8/8/R1^d1a37"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    let g2 = game(&[(0, "8/8/8/8/8/8/8/R17"), KINGS_D8], "l - 0 1 0/8 - - -");
    for (mut g, del) in [(g1, 1), (g2, 2)] {
        play(&mut g, "Rd1a1-d1a3");
        assert_eq!(piece_at(&g, "d1a3"), Some((Kind::Rook, del)));
    }
}

#[test]
fn c5_3_2_and_5_3_4_a_piece_at_del_8_draws_nothing_and_leaves_the_square_charged() {
    // Ruling E.3: the DEL-8 rook gains nothing on a3, so the square stays charged and the
    // rook remembers no draw from it; the DEL-7 rook draws, to 8, and uses it up.
    for (del, text, wait) in [(8, "R8", " - - -"), (7, "R8^d1a3", " d1a3:3 - -")] {
        let mut g = game(
            &[(0, &format!("8/8/8/8/8/8/8/R{del}7")), KINGS_D8],
            "l - 0 1 0/8 - - -",
        );
        play(&mut g, "Rd1a1-d1a3");
        let t = g.position_text();
        assert!(
            t.starts_with(&format!("8/8/8/8/8/{text}7/8/8|")),
            "DEL {del}: {t}"
        );
        assert!(t.ends_with(wait), "DEL {del}: {t}");
    }
}

#[test]
fn c4_3_4_capture_adds_one_del_up_to_eight() {
    let mut g = game(
        &[(0, "8/8/8/8/8/8/p1p16/R1R76"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    play(&mut g, "Rd1a1-d1a2");
    assert_eq!(piece_at(&g, "d1a2"), Some((Kind::Rook, 2)));
    let mut g = game(
        &[(0, "8/8/8/8/8/8/p1p16/R1R76"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    play(&mut g, "Rd1b1-d1b2");
    assert_eq!(
        piece_at(&g, "d1b2"),
        Some((Kind::Rook, 8)),
        "4.3.3: at most 8"
    );
}

#[test]
fn c6_2_3_the_conservation_law_from_the_game_s_seventeenth_move() {
    // A DEL-1 knight on D1 b2 may cross to D2 through the portal d3. D2's flow is already
    // +8: crossing would take it to +9, outside the band and further out.
    // 6.2.3 (ruling C.2): "the first 16 moves of the game" are 16 moves, one a turn (5.2.2),
    // so the law binds from ply 17, Light's 9th move, not Light's 17th.
    let board = [(0, "8/8/8/8/8/8/1N16/8"), KINGS_D8];
    let crossings = |fullmove: u32, side: char, flow: &str| {
        let g = game(&board, &format!("{side} - 0 {fullmove} 0/8 - {flow} -"));
        moves(&g).into_iter().filter(|m| m.contains("-d2")).count()
    };
    let flow = "-8,8,0,0,0,0,0,0";
    assert_eq!(
        crossings(8, 'l', flow),
        5,
        "6.2.3: the game's 15th move (Light's 8th) is free"
    );
    assert_eq!(crossings(9, 'l', flow), 0, "6.2.2: the game's 17th move on");
    assert_eq!(crossings(16, 'l', flow), 0, "Light's 16th move is bound");
    assert_eq!(
        crossings(9, 'l', "-7,7,0,0,0,0,0,0"),
        5,
        "+8 is inside the band"
    );
    let note = |fullmove: u32| {
        let g = game(&board, &format!("l - 0 {fullmove} 0/8 - {flow} -"));
        g.view()
            .notes
            .into_iter()
            .find(|n| n.starts_with("Energy flow"))
    };
    assert_eq!(
        note(8).as_deref(),
        Some(
            "Energy flow (6.2; the law applies from the game's move 17 (Light's move 9)): \
             D1 -8, D2 +8."
        )
    );
    let g = game(&board, &format!("l - 0 9 0/8 - {flow} -"));
    assert_eq!(
        note(9).as_deref(),
        Some(
            "Energy flow (6.2; a dimensional move may not take a board outside ±8): D1 -8, D2 +8."
        )
    );
    // The refusal gives the law's own reason, not a king's.
    assert_eq!(
        refused(&g, "Nd1b2-d2b4"),
        "illegal decision `Nd1b2-d2b4`: the conservation law forbids it (6.2.2): it takes \
         D1's flow from -8 to -9, outside ±8"
    );
    // Leaving D2 (flow +8 -> +7) is allowed: it does not go further out.
    let g = game(
        &[(1, "8/8/8/8/8/8/1N26/8"), KINGS_D8],
        "l - 0 17 0/8 - 0,9,-9,0,0,0,0,0 -",
    );
    assert!(moves(&g).iter().any(|m| m.starts_with("Nd2b2-d1")));
}

#[test]
fn c3_2_1_a_board_s_base_energy_moves_no_band() {
    // 3.2.1: D2's base energy is 2, but under ruling C.1 every board's flow keeps the same
    // band, -8 to +8: centred on the base energy (-6 to +10) D2 would take +9.
    let board = [(0, "8/8/8/8/8/8/1N16/8"), KINGS_D8];
    let crossings = |flow: &str| {
        let g = game(&board, &format!("l - 0 17 0/8 - {flow} -"));
        moves(&g).into_iter().filter(|m| m.contains("-d2")).count()
    };
    assert_eq!(crossings("0,8,0,0,0,0,0,0"), 0, "D2 at +8 takes no more");
    assert_eq!(crossings("0,-8,0,0,0,0,0,0"), 5, "D2 at -8 may gain");
    assert_eq!(crossings("0,7,0,0,0,0,0,0"), 5, "D2 at +7 reaches +8");
}

#[test]
fn c6_2_1_a_profile_s_band_of_12_allows_the_crossing_the_band_of_8_refuses() {
    // The knight of c6_2 at move 17 with D2's flow +8: crossing to D2 takes it to +9, outside
    // ±8 but inside ±12 (`band=12`, a profile setting for comparing the law's band).
    let board = [(0, "8/8/8/8/8/8/1N16/8"), KINGS_D8];
    let rest = "l - 0 17 0/8 - 0,8,0,0,0,0,0,0 -";
    let crossings = |g: &DmChess| moves(g).into_iter().filter(|m| m.contains("-d2")).count();
    let eight = game(&board, rest);
    assert_eq!(crossings(&eight), 0, "±8 refuses +9");
    let twelve = game(
        &board,
        &format!("{rest} {} band=12", Profile::default_profile().text()),
    );
    assert_eq!(twelve.compiled().profile.band, 12);
    let free = game(&board, &rest.replace(" 17 ", " 8 "));
    assert!(crossings(&free) > 0);
    assert_eq!(
        crossings(&twelve),
        crossings(&free),
        "±12 allows every one of them"
    );
    assert!(
        twelve.position_text().ends_with(" band=12"),
        "the position keeps its band"
    );
    assert!(!eight.position_text().contains("band"));
}

#[test]
fn c6_2_and_7_1_a_move_the_law_forbids_still_gives_check_one_short_of_del_does_not() {
    // Ruling C.3. A Dark rook on D3 c8 reaches D1 through the D3-D1 portal c6 and runs down
    // the c-file to Light's king on D1 c1. With DEL 1 it cannot cross two boards (4.2.2): no
    // check. With DEL 2 it checks, even though from the 17th move on the flows (D1 +8, D3
    // -8) forbid every crossing of it to D1 (6.2.2): as a pinned piece still gives check.
    let king = (0, "8/8/8/8/8/8/8/2K25");
    let light = |rook: &str, flow: &str| {
        game(
            &[king, (2, &format!("2{rook}5/8/8/8/8/8/8/8")), KINGS_D8],
            &format!("l - 0 17 0/8 - {flow} -"),
        )
    };
    let law = "8,0,-8,0,0,0,0,0";
    assert_eq!(light("r1", law).kings_in_check(Player::White), 0, "4.2.2");
    let g = light("r2", law);
    assert_eq!(
        g.kings_in_check(Player::White),
        1,
        "6.2 does not remove the check"
    );
    // So the D1 king must step out of the c-file (ruling K.2), and may not step along it.
    assert_eq!(
        moves(&g),
        ["Kd1c1-d1b1", "Kd1c1-d1b2", "Kd1c1-d1d1", "Kd1c1-d1d2"]
    );
    // The law does forbid the rook's crossing itself: with Dark to move (the king on b1),
    // Rd3c8-d1c1 is refused; with flows inside the band it is a move.
    let dark = |flow: &str| {
        game(
            &[
                (0, "8/8/8/8/8/8/8/1K26"),
                (2, "2r25/8/8/8/8/8/8/8"),
                KINGS_D8,
            ],
            &format!("d - 0 17 0/8 - {flow} -"),
        )
    };
    assert!(!moves(&dark(law)).contains(&"Rd3c8-d1c1".to_owned()));
    assert!(moves(&dark("0,0,0,0,0,0,0,0")).contains(&"Rd3c8-d1c1".to_owned()));
}

#[test]
fn c6_1_shift_after_eight_full_turns_relocates_pieces_off_new_portals() {
    // Dark's move ends the eighth full turn: phase 0 -> 1 (files mirrored), and g5 becomes a
    // portal of D1. The Light knight there goes to the nearest free non-portal square: g4
    // and h5 are both one step away (king and file-and-rank distance); g4 is nearer Light's
    // first rank.
    let mut g = game(&[(0, "8/8/8/6N11/8/8/8/8"), KINGS_D8], "d - 0 8 0/1 - - -");
    assert!(
        g.diagram().contains("NOTICE (6.1.2)"),
        "the notice one turn before"
    );
    play(&mut g, "Kd8h8-d8g8");
    assert_eq!(piece_at(&g, "d1g5"), None);
    assert_eq!(piece_at(&g, "d1g4"), Some((Kind::Knight, 1)));
    assert_eq!(g.position().phase(), 1);
    assert_eq!(g.position().turns_to_shift(), 8);
    assert!(g.undo());
    assert_eq!(piece_at(&g, "d1g5"), Some((Kind::Knight, 1)));
}

#[test]
fn c6_1_2_the_notice_comes_one_turn_one_player_s_move_before_the_shift() {
    // A turn is one player's move (5.2.2). The shift follows Dark's move that ends the
    // eighth full turn, so the notice is shown when Dark is to play that move, not when
    // Light opens the full turn.
    let notice = |g: &DmChess| {
        let in_view = g
            .view()
            .notes
            .iter()
            .any(|n| n.starts_with("NOTICE (6.1.2)"));
        assert_eq!(
            g.diagram().contains("NOTICE (6.1.2)"),
            in_view,
            "diagram and view"
        );
        assert_eq!(g.position().shift_follows_this_move(), in_view);
        in_view
    };
    let mut g = game(&[KINGS_D8], "l - 0 8 0/1 - - -");
    assert!(!notice(&g), "two turns before the shift");
    assert!(
        g.diagram()
            .contains("Portals shift in 1 full turn (6.1): after Dark's reply to this move."),
        "{}",
        g.diagram()
    );
    play(&mut g, "Kd8a1-d8b1");
    assert!(notice(&g), "one turn before the shift");
    assert_eq!(g.position().phase(), 0);
    play(&mut g, "Kd8h8-d8g8");
    assert_eq!(
        (g.position().phase(), g.position().turns_to_shift()),
        (1, 8)
    );
    assert!(!notice(&g));
    assert!(g.diagram().contains("Portals shift in 8 full turns (6.1)."));
    // With Dark to move, Dark's move is part of the count: it says so.
    play(&mut g, "Kd8b1-d8a1");
    assert!(
        g.diagram()
            .contains("Portals shift in 8 full turns (6.1), this one included."),
        "{}",
        g.diagram()
    );
    // From the start: of the first sixteen moves, the notice stands before the sixteenth
    // only (Dark's eighth), and the portals shift after it.
    let mut g = DmChess::start();
    let mut shown = Vec::new();
    for ply in 0..16 {
        if notice(&g) {
            shown.push(ply + 1);
        }
        let mv = moves(&g).into_iter().next().expect("a legal move");
        play(&mut g, &mv);
    }
    assert_eq!(shown, [16]);
    assert_eq!(g.position().phase(), 1);
}

#[test]
fn c7_1_a_mated_king_falls_while_another_lives() {
    // Light's D1 king on a1 is mated by the queen b2 (guarded by the king c3); Light's D2
    // king is free. Light plays on (7.1.3): every legal move leaves only the lost king in
    // check, and after it that king leaves the game.
    let d1 = (0, "8/8/8/8/8/2k15/1q16/K17");
    let d2 = (1, "8/8/8/8/8/8/8/7K1");
    let mut g = game(&[d1, d2], "l - 0 1 0/8 - - -");
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert_eq!(g.kings_in_check(Player::White), 1);
    play(&mut g, "Kd2h1-d2g1");
    assert_eq!(g.position().kings(Player::White).count(), 1);
    assert_eq!(piece_at(&g, "d1a1"), None);
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    // With only that king, it is checkmate (7.1.1).
    let g = game(&[d1], "l - 0 1 0/8 - - -");
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::Black, "checkmate"))
    );
}

#[test]
fn c7_1_a_saveable_king_must_be_saved() {
    // The D1 king is checked by a rook but can step aside; the D2 king's moves are illegal.
    let d1 = (0, "8/8/8/8/8/8/8/K16r1");
    let d2 = (1, "7k1/8/8/8/8/8/8/7K1");
    let g = game(&[d1, d2], "l - 0 1 0/8 - - -");
    let m = moves(&g);
    assert_eq!(m, ["Kd1a1-d1a2", "Kd1a1-d1b2"]);
}

#[test]
fn c7_1_2_forked_kings_the_owner_saves_one_and_loses_the_other() {
    // Ruling K.6: Light's kings on D1 and D2 are each checked by a rook. Either could be
    // saved, not both (5.2.2: one move): Light chooses, and the king left in check is lost,
    // forfeit to Dark (not captured by a piece: no DEL is gained), and the diagram says so.
    let d1 = (0, "8/8/8/8/8/8/8/K16r1");
    let d2 = (1, "8/8/8/8/8/8/8/K26r2");
    let d3 = (2, "4k33/8/8/8/8/8/8/8");
    let mut g = game(&[d1, d2, d3], "l - 0 1 0/8 - - -");
    assert_eq!(
        moves(&g),
        ["Kd1a1-d1a2", "Kd1a1-d1b2", "Kd2a1-d2a2", "Kd2a1-d2b2"]
    );
    assert!(g.kings_lost_last_move().is_none());
    play(&mut g, "Kd1a1-d1a2");
    assert_eq!(piece_at(&g, "d2a1"), None);
    assert_eq!(piece_at(&g, "d2h1"), Some((Kind::Rook, 2)));
    assert_eq!(g.kings_lost_last_move(), Some((Player::White, 1)));
    assert!(
        g.diagram().contains(
            "Light lost 1 king to dark: left in check by its own move, it leaves the game"
        ),
        "{}",
        g.diagram()
    );
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert_eq!(g.kings_in_check(Player::White), 0);
}

#[test]
fn c7_1_1_a_player_never_loses_its_last_king_by_its_own_move() {
    // Ruling K.2 (7.1.1-7.1.3): Light's kings on D1 a1 and e1, the Dark rook on h1 checks
    // e1. The e1 king may escape (the a1 king, exposed, is lost) or the a1 king may step off
    // the rank (the e1 king is lost); but not Ka1-b1, which loses e1 and then b1 behind it,
    // and not e1's steps along the rank, into check.
    let d1 = (0, "8/8/8/8/8/8/8/K13K12r1");
    let d8 = (7, "7k8/8/8/8/8/8/8/8");
    let mut g = game(&[d1, d8], "l - 0 1 0/8 - - -");
    assert_eq!(
        moves(&g),
        [
            "Kd1a1-d1a2",
            "Kd1a1-d1b2",
            "Kd1e1-d1d2",
            "Kd1e1-d1e2",
            "Kd1e1-d1f2"
        ]
    );
    for m in ["Kd1a1-d1b1", "Kd1e1-d1f1", "Kd1e1-d1d1"] {
        assert!(
            refused(&g, m).contains("a king may not move into check"),
            "{m}"
        );
    }
    play(&mut g, "Kd1e1-d1e2");
    assert_eq!(g.kings_lost_last_move(), Some((Player::White, 1)));
    assert_eq!(piece_at(&g, "d1e2"), Some((Kind::King, 1)));
    let t = g.position_text();
    assert_eq!(
        DmChess::from_position_text(&t).map(|b| b.position_text()),
        Ok(t)
    );
    // Kings on a1 and b1, the rook on h1 checking b1 and one on g2 holding the second rank:
    // every move loses both kings (Kb1-c1 too: c1 is lost, then a1 behind it). No move is
    // legal and a king is in check: checkmate, not a draw.
    let g = game(&[(0, "8/8/8/8/8/8/6r11/K1K15r1"), d8], "l - 0 1 0/8 - - -");
    assert!(moves(&g).is_empty());
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::Black, "checkmate"))
    );
}

#[test]
fn c7_1_3_kings_lost_one_behind_another_all_count() {
    // Ruling K.4 counted in K.2: the rook on D1 h1 checks e1, with Light's kings c1 and a1
    // behind it; the rook on D2 h1 checks D2's king; D3's king is safe. Saving the D2 king
    // leaves e1 in check, and its removal exposes c1, then a1: three kings. Only the knight's
    // block on d1 loses two (e1 and D2's king), so it is the one legal move.
    let mut g = game(
        &[
            (0, "8/8/8/8/8/8/1N16/K11K11K12r1"),
            (1, "8/8/8/8/8/8/8/K26r2"),
            (2, "K37/8/8/8/8/8/8/8"),
            (7, "7k8/8/8/8/8/8/8/8"),
        ],
        "l - 0 1 0/8 - - -",
    );
    assert_eq!(moves(&g), ["Nd1b2-d1d1"]);
    assert!(refused(&g, "Kd2a1-d2a2").contains("could be saved"));
    play(&mut g, "Nd1b2-d1d1");
    assert_eq!(g.kings_lost_last_move(), Some((Player::White, 2)));
    assert_eq!(g.position().kings(Player::White).count(), 3);
}

#[test]
fn c7_4_1_stalemate_with_two_kings() {
    // 4.1.1 and 7.4.1 (ruling K.2): both of Light's kings, on D1 a1 and D2 a1, are boxed in
    // by a queen on c2, neither in check; every step is into check, so Light has no move:
    // stalemate, as with one king.
    let g = game(
        &[
            (0, "8/8/8/8/8/8/2q15/K17"),
            (1, "8/8/8/8/8/8/2q25/K27"),
            (7, "7k8/8/8/8/8/8/8/8"),
        ],
        "l - 0 1 0/8 - - -",
    );
    assert!(moves(&g).is_empty());
    assert_eq!(g.to_act(), ToAct::Nobody(Outcome::draw("stalemate")));
}

#[test]
fn c7_2_2_a_board_with_two_own_kings_and_no_enemy_king_is_controlled() {
    // Light has the only kings on D1-D5, two of them on D2; Dark has kings on D6-D8 and
    // one on D5 beside Light's, which no one controls. A board without kings is no one's.
    let mut boards: Vec<(usize, &str)> = vec![
        (0, "8/8/8/8/8/8/8/K17"),
        (1, "8/8/8/8/8/8/3K24/K27"),
        (2, "8/8/8/8/8/8/8/K37"),
        (3, "8/8/8/8/8/8/8/K47"),
        (4, "7k1/8/8/8/8/8/8/K57"),
    ];
    boards.extend((5..8).map(|d| (d, "7k1/8/8/8/8/8/8/8")));
    let g = game(&boards, "l - 0 1 0/8 - - -");
    assert_eq!(
        g.position().controlled(Player::White),
        4,
        "D1-D4, D2 with two"
    );
    assert_eq!(g.position().controlled(Player::Black), 3, "D6-D8");
    let mut few = boards[..4].to_vec();
    few.push((7, "7k1/8/8/8/8/8/8/8"));
    let g = game(&few, "l - 0 1 0/8 - - -");
    assert_eq!(g.position().controlled(Player::White), 4);
    assert_eq!(
        g.position().controlled(Player::Black),
        1,
        "D5-D7 are no one's"
    );
    // Light holds D1-D5 from its last move; after Dark's reply, Light's second D2 king
    // crosses to D1 by the portal d3: D1 now holds two Light kings, D2 one, and control
    // of five boards, held the full turn, wins (7.2.1, 7.2.3).
    boards[4] = (4, "8/8/8/8/8/8/8/K57");
    let mut g = game(&boards, "d - 0 1 0/8 - - l");
    assert_eq!(g.position().controlled(Player::White), 5);
    play(&mut g, "Kd6h8-d6g8");
    play(&mut g, "Kd2d2-d1d2");
    let on_d1 = g
        .position()
        .kings(Player::White)
        .filter(|&k| square::dim(k) == 0)
        .count();
    assert_eq!(on_d1, 2);
    assert_eq!(g.position().controlled(Player::White), 5);
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::White, "dimensional dominance"))
    );
}

#[test]
fn c7_2_3_dominance_held_for_a_full_turn_of_both_players_wins() {
    // Light has the only king on D1-D5 (D1's on d2, by the portal d3 to D2); Dark has kings
    // on D6-D8.
    let mut boards: Vec<(usize, &str)> = (1..5).map(|d| (d, "8/8/8/8/8/8/8/K17")).collect();
    boards.push((0, "8/8/8/8/8/8/3K14/8"));
    boards.extend((5..8).map(|d| (d, "7k1/8/8/8/8/8/8/8")));
    // Held since Light's last move: Dark's reply does not break it, but a full turn (6.1.1:
    // both players) is over only when Light's own next move ends with it held.
    let mut g = game(&boards, "d - 0 1 0/8 - - l");
    assert_eq!(g.position().controlled(Player::White), 5);
    play(&mut g, "Kd6h8-d6g8");
    assert_eq!(g.to_act(), ToAct::Player(Player::White), "7.2.3: not yet");
    assert!(g.position_text().ends_with(" l"), "{}", g.position_text());
    play(&mut g, "Kd2a1-d2b1");
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::White, "dimensional dominance"))
    );
    let won = g.position_text();
    assert!(won.ends_with(" L"), "{won}");
    let read = DmChess::from_position_text(&won).expect("reads");
    assert_eq!(read.position_text(), won);
    assert_eq!(read.to_act(), g.to_act());
    // Light's own move may break it: its D1 king crosses to D2, leaving D1 kingless.
    let mut g = game(&boards, "l - 0 1 0/8 - - l");
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    play(&mut g, "Kd1d2-d2d2");
    assert_eq!(g.position().controlled(Player::White), 4);
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    assert!(g.position_text().ends_with(" -"), "{}", g.position_text());
    // From nothing: Light's move, Dark's reply, Light's move.
    let mut g = game(&boards, "l - 0 1 0/8 - - -");
    for m in ["Kd2a1-d2b1", "Kd6h8-d6g8", "Kd2b1-d2a1"] {
        assert_eq!(
            g.to_act(),
            ToAct::Player(g.position().side_to_move()),
            "{m}"
        );
        play(&mut g, m);
    }
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::White, "dimensional dominance"))
    );
    assert!(refused_text("LD").contains("dominance `LD`"));
}

/// Why the start position with DOMINANCE field `field` is refused.
fn refused_text(field: &str) -> String {
    let t = DmChess::start().position_text();
    let t = format!(
        "{}{field}",
        t.strip_suffix('-').expect("the streak field last")
    );
    DmChess::from_position_text(&t)
        .expect_err("refused")
        .to_string()
}

#[test]
fn c6_3_castling_within_and_across_dimensions() {
    // 6.3.1: within D1.
    let mut g = game(
        &[(0, "4k13/8/8/8/8/8/8/4K1*2R1*"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    play(&mut g, "Kd1e1-d1g1");
    assert_eq!(piece_at(&g, "d1g1"), Some((Kind::King, 1)));
    assert_eq!(piece_at(&g, "d1f1"), Some((Kind::Rook, 1)));
    // 6.3.2: the D1 king (DEL 2) castles with D2's unmoved rook: it ends on D2 g1.
    let d1 = (0, "4k23/8/8/8/8/8/8/4K2*3");
    let d2 = (1, "8/8/8/8/8/8/8/7R2*");
    let mut g = game(&[d1, d2], "l - 0 1 0/8 - - -");
    assert!(moves(&g).contains(&"Kd1e1-d2g1".to_owned()));
    play(&mut g, "Kd1e1-d2g1");
    assert_eq!(piece_at(&g, "d2g1"), Some((Kind::King, 2)));
    assert_eq!(piece_at(&g, "d2f1"), Some((Kind::Rook, 2)));
    assert_eq!(
        g.position().flow()[..2],
        [-2, 2],
        "6.3.3: a dimensional move"
    );
    // 6.3.2 (ruling K.3): the king travels by a portal path, a portal joining its board
    // and the rook's: with D1's one portal leading to D3, it cannot castle on D2.
    let apart = game(&[d1, d2], "l - 0 1 0/8 - - - portals=1-3:c6");
    assert!(
        !moves(&apart).iter().any(|m| m.starts_with("Kd1e1-d2")),
        "no portal joins D1 and D2"
    );
    assert!(refused(&apart, "Kd1e1-d2g1").starts_with("illegal decision"));
    let joined = game(&[d1, d2], "l - 0 1 0/8 - - - portals=1-2:c6");
    assert!(moves(&joined).contains(&"Kd1e1-d2g1".to_owned()));
    // Not with DEL 1 towards D3, and not through an attacked square (a rook on D2 f8).
    let far = game(
        &[(0, "4k13/8/8/8/8/8/8/4K1*3"), (2, "8/8/8/8/8/8/8/7R1*")],
        "l - 0 1 0/8 - - -",
    );
    assert!(!moves(&far).iter().any(|m| m.starts_with("Kd1e1-d3")));
    let attacked = game(&[d1, (1, "5r22/8/8/8/8/8/8/7R2*")], "l - 0 1 0/8 - - -");
    assert!(!moves(&attacked).contains(&"Kd1e1-d2g1".to_owned()));
}

#[test]
fn c4_1_7_and_4_1_1_a_pawn_double_steps_from_its_second_rank() {
    // 4.1.7 names only the single step; 4.1.1's traditional rules and 6.4's en passant,
    // which only a double step makes possible, give the pawn its double step too.
    let g = game(&[(0, "8/8/8/8/8/8/P17/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    let pawn: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with('P'))
        .collect();
    assert_eq!(pawn, ["Pd1a2-d1a3", "Pd1a2-d1a4"]);
    // Not from another rank.
    let g = game(&[(0, "8/8/8/8/8/P17/8/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    let pawn: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with('P'))
        .collect();
    assert_eq!(pawn, ["Pd1a3-d1a4"]);
}

#[test]
fn c6_4_en_passant_within_a_board_only() {
    let mut g = game(
        &[(0, "8/7p1/8/6P11/8/8/8/8"), KINGS_D8],
        "d - 0 1 0/8 - - -",
    );
    play(&mut g, "Pd1h7-d1h5");
    assert!(g.position_text().contains(" d1h6 "));
    play(&mut g, "Pd1g5-d1h6");
    assert_eq!(piece_at(&g, "d1h5"), None, "the pawn taken en passant");
    // A double step on D2 opens no capture for a pawn on D1's matching square (6.4.2).
    let board = [
        (0, "8/8/8/6P11/8/8/8/8"),
        (1, "8/7p2/8/8/8/8/8/8"),
        KINGS_D8,
    ];
    let mut g = game(&board, "d - 0 1 0/8 - - -");
    play(&mut g, "Pd2h7-d2h5");
    assert_eq!(
        g.position().en_passant(),
        None,
        "no pawn on D2 could take: D1's does not count"
    );
    let m = moves(&g);
    assert!(!m.contains(&"Pd1g5-d1h6".to_owned()) && !m.contains(&"Pd1g5-d2h6".to_owned()));
}

#[test]
fn c6_5_promotion_keeps_the_del() {
    let mut g = game(&[(2, "8/P57/8/8/8/8/8/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    assert!(refused(&g, "Pd3a7-d3a8").contains("promotes"));
    play(&mut g, "Pd3a7-d3a8=N");
    assert_eq!(piece_at(&g, "d3a8"), Some((Kind::Knight, 5)));
}

#[test]
fn c6_5_4_a_former_pawn_promotes_again_on_each_board_it_has_not_promoted_on() {
    // Ruling Q.1: the D3 pawn promotes to a knight, DEL 3, marked `~d3` (it was a pawn and
    // promoted on D3).
    let mut g = game(&[(2, "8/P37/8/8/8/8/8/8"), KINGS_D8], "l - 0 1 0/8 - - -");
    play(&mut g, "Pd3a7-d3a8=N");
    assert!(
        g.position_text().contains("|N3~d37/"),
        "{}",
        g.position_text()
    );
    // A knight that was a pawn, on D1 e7, reaches D1's c8 and g8 by a leap, and D2's f8 and
    // h8 through the D1-D2 portal g6. On the last rank of a board it has not promoted on it
    // may stay a knight or choose again (6.5.3: the DEL stays), by any move; on a board it
    // promoted on, never again. A knight that never was a pawn never does.
    let eighth_rank = |mark: &str| {
        let g = game(
            &[(0, &format!("8/4N1{mark}3/8/8/8/8/8/8")), KINGS_D8],
            "l - 0 1 0/8 - - -",
        );
        moves(&g)
            .into_iter()
            .filter(|m| m.starts_with("Nd1e7-") && &m[9..10] == "8")
            .collect::<Vec<_>>()
    };
    let again = |to: &str| ["", "=B", "=Q", "=R"].map(|p| format!("Nd1e7-{to}{p}"));
    let promoted_on_d1: Vec<String> = ["Nd1e7-d1c8".to_owned(), "Nd1e7-d1g8".to_owned()]
        .into_iter()
        .chain(again("d2f8"))
        .chain(again("d2h8"))
        .collect();
    assert_eq!(eighth_rank("~d1"), promoted_on_d1);
    assert_eq!(
        eighth_rank("~"),
        promoted_on_d1,
        "a bare `~`: the board it stands on"
    );
    // Promoted on D2 only: D1's eighth rank, by a move within D1, is a further dimension's.
    let promoted_on_d2: Vec<String> = again("d1c8")
        .into_iter()
        .chain(again("d1g8"))
        .chain(["Nd1e7-d2f8".to_owned(), "Nd1e7-d2h8".to_owned()])
        .collect();
    assert_eq!(eighth_rank("~d2"), promoted_on_d2);
    assert_eq!(
        eighth_rank(""),
        ["Nd1e7-d1c8", "Nd1e7-d1g8", "Nd1e7-d2f8", "Nd1e7-d2h8"]
    );
    let mut g = game(
        &[(0, "8/4N1~d13/8/8/8/8/8/8"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    assert!(refused(&g, "Nd1e7-d2f8=N").contains("6.5.4"));
    play(&mut g, "Nd1e7-d2f8=Q");
    assert_eq!(piece_at(&g, "d2f8"), Some((Kind::Queen, 1)));
    assert!(
        g.position_text().contains("|5Q1~d1d22/"),
        "{}",
        g.position_text()
    );
    // Reaching a board's eighth rank uses its promotion even when the piece keeps its type.
    let mut g = game(
        &[(0, "8/4N1~d13/8/8/8/8/8/8"), KINGS_D8],
        "l - 0 1 0/8 - - -",
    );
    play(&mut g, "Nd1e7-d2h8");
    assert!(
        g.position_text().contains("|7N1~d1d2/"),
        "{}",
        g.position_text()
    );
    // `~` only on a piece a pawn can become, and only with boards d1-d8.
    for bad in ["8/4K1~3/8/8/8/8/8/8", "8/4N1~d93/8/8/8/8/8/8"] {
        let t = text(&[(0, bad), KINGS_D8], "l - 0 1 0/8 - - -");
        assert!(DmChess::from_position_text(&t).is_err(), "{t}");
    }
}

#[test]
fn c7_4_draws_stalemate_fifty_moves_insufficient_material() {
    // Stalemate: Light's only king on D1 a1, the Dark queen on c2 covers a2, b1 and b2.
    let stalemate = [(0, "8/8/8/8/8/8/2q15/K17"), (7, "7k1/8/8/8/8/8/8/8")];
    let g = game(&stalemate, "l - 0 1 0/8 - - -");
    assert_eq!(g.to_act(), ToAct::Nobody(Outcome::draw("stalemate")));
    let g = game(
        &[KINGS_D8, (0, "8/8/8/8/8/8/8/R17")],
        "l - 100 80 0/8 - - -",
    );
    assert_eq!(g.to_act(), ToAct::Nobody(Outcome::draw("50-move rule")));
    // Ruling D.2: K+N v K is dead only on boards no portal joins (a profile with none).
    let no_portals = format!("l - 0 1 0/8 - - - portals= {} shifts=id", default_energy());
    let g = game(&[KINGS_D8, (0, "8/8/8/8/8/8/8/N17")], &no_portals);
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::draw("insufficient material"))
    );
    let g = game(&[KINGS_D8, (0, "8/8/8/8/8/8/8/N17")], "l - 0 1 0/8 - - -");
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "the default portals"
    );
}

/// The default profile's `energy=` token.
fn default_energy() -> String {
    Profile::default_profile()
        .text()
        .split_whitespace()
        .find(|t| t.starts_with("energy="))
        .expect("energy token")
        .to_owned()
}

#[test]
fn c7_4_2_a_lone_king_mates_where_portals_take_the_defending_king_s_squares() {
    // Ruling D.2: with portals K v K is not dead. A profile with four D1-D8 portals, a3, a5,
    // b3 and b5 (the energy squares of D1 and D8 moved to the g- and h-files): Dark's DEL-1
    // king on D1 a4 cannot end on them nor cross seven boards; Light's DEL-7 king steps to
    // D8 c4, next to the portal b3, and through it checks a4 and covers b4. Mate.
    let energy = default_energy()
        .split(';')
        .map(|group| match group.split_once(':') {
            Some((d, _)) if d == "energy=1" || d == "8" => format!("{d}:g3,h3,g4,h4,g5,h5,g6,h6"),
            _ => group.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(";");
    let mut g = game(
        &[(0, "8/8/8/8/k17/8/8/8"), (7, "8/8/8/8/3K74/8/8/8")],
        &format!("l - 0 1 0/8 - - - portals=1-8:a3,a5,b3,b5 {energy} shifts=id"),
    );
    assert!(!g.insufficient_material());
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    play(&mut g, "Kd8d4-d8c4");
    assert_eq!(g.kings_in_check(Player::Black), 1);
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::win(Player::White, "checkmate"))
    );
}

#[test]
fn c7_4_3_threefold_repetition_is_reached_by_play_from_the_start() {
    // Ruling R.1: the shift count-down is not part of "the same position" (it changes no
    // legal move here), so two knights going out and back twice repeat the start's
    // position a third time after eight plies, well before the 50-move rule.
    let mut g = DmChess::start();
    for _ in 0..2 {
        assert_eq!(g.to_act(), ToAct::Player(Player::White));
        for m in ["Nd1g1-d1f3", "Nd2b8-d2c6", "Nd1f3-d1g1", "Nd2c6-d2b8"] {
            play(&mut g, m);
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.position().turns_to_shift(), 4, "the count-down differs");
    assert_eq!(
        g.to_act(),
        ToAct::Nobody(Outcome::draw("threefold repetition"))
    );
    // Whether the conservation law applies yet does count (6.2.3): the same cycle from
    // Light's move 7 crosses into Light's move 9 (the game's 17th, ruling C.2), and its
    // third occurrence comes only after it.
    let t = DmChess::start()
        .position_text()
        .replace(" l - 0 1 0/8 ", " l - 0 7 0/8 ");
    let mut g = DmChess::from_position_text(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
    for _ in 0..2 {
        for m in ["Nd1g1-d1f3", "Nd2b8-d2c6", "Nd1f3-d1g1", "Nd2c6-d2b8"] {
            play(&mut g, m);
        }
    }
    assert_eq!(
        g.repetitions(),
        2,
        "Light's moves 7-8 were free of the law, 9-10 not"
    );
}

#[test]
fn c8_2_edan_reads_pawns_without_p_and_checks_the_letter() {
    let g = DmChess::start();
    assert_eq!(
        g.decision_text(g.parse_decision("d1a2-d1a4").expect("reads")),
        "Pd1a2-d1a4"
    );
    assert!(refused(&g, "Nd1a2-d1a4").contains("holds a P"));
    assert!(refused(&g, "Pd1d7-d1d5").contains("not the mover's"));
    assert!(g.parse_decision("Pd9d2-d1d4").is_err());
    assert!(g.parse_decision("Qd1d1d1d4").is_err());
}

#[test]
fn the_position_text_round_trips_and_refuses_bad_input() {
    let mut g = DmChess::start();
    for edan in ["Pd1a2-d1a4", "Pd1a7-d1a5", "Nd2b1-d2a3", "Nd3b8-d3a6"] {
        play(&mut g, edan);
        let t = g.position_text();
        let back = DmChess::from_position_text(&t).expect("reads its own text");
        assert_eq!(back.position_text(), t);
        assert_eq!(back.hash(), g.hash());
    }
    let cases = [
        ("", "empty"),
        (
            &text(&[(0, "8/8/8/8/8/8/8/K17")], "l - 0 1 0/8 - - -") as &str,
            "dark has no king",
        ),
        (
            &text(&[(0, "8/8/8/8/4N13/8/8/8"), KINGS_D8], "l - 0 1 0/8 - - -"),
            "portal d1e4",
        ),
        (
            &text(&[(0, "8/8/8/8/8/8/8/Q9"), KINGS_D8], "l - 0 1 0/8 - - -"),
            "DEL digit",
        ),
        (&text(&[KINGS_D8], "l - 0 1 9/8 - - -"), "shift"),
        (&text(&[KINGS_D8], "x - 0 1 0/8 - - -"), "side"),
        (
            &text(&[KINGS_D8], "l - 0 1 0/8 - - - colour=red"),
            "unknown key",
        ),
    ];
    for (t, expected) in cases {
        let e = DmChess::from_position_text(t).expect_err(t).to_string();
        assert!(e.contains(expected), "{t}: {e}");
    }
}

#[test]
fn c6_1_3_a_shift_that_moves_a_double_stepped_pawn_ends_en_passant() {
    // With the sparse profile (the default's comparison), Dark's double step c7-c5 ends the
    // eighth full turn; in phase 1 c5 is a portal, so the pawn goes to the nearest free
    // square, c6 — the square it skipped. En passant ends (ruling S.3); the b5 pawn takes it
    // there as an ordinary capture.
    let sparse = include_str!("../src/dmchess/sparse.profile");
    let mut g = game(
        &[(0, "8/2p15/8/1P16/8/8/8/8"), KINGS_D8],
        &format!("d - 0 8 0/1 - - - {sparse}"),
    );
    play(&mut g, "Pd1c7-d1c5");
    assert_eq!(piece_at(&g, "d1c5"), None, "moved off the new portal");
    assert_eq!(piece_at(&g, "d1c6"), Some((Kind::Pawn, 1)));
    assert_eq!(g.position().en_passant(), None);
    play(&mut g, "Pd1b5-d1c6");
    assert_eq!(
        piece_at(&g, "d1c6"),
        Some((Kind::Pawn, 2)),
        "4.3.4: +1 for the capture"
    );
    assert_eq!(
        g.position().pieces().count(),
        3,
        "the two kings and the pawn"
    );
    let t = g.position_text();
    assert_eq!(
        DmChess::from_position_text(&t).map(|b| b.position_text()),
        Ok(t)
    );
}

#[test]
fn c5_1_3_all_eight_kings_may_be_distributed_onto_one_board() {
    // "Across any dimensions": the seven other kings join D1's on d1, f1, c1, g1, b1, then
    // the rooks' corners a1 and h1 (each rook goes to the king's e-square it replaces).
    let mut g = DmChess::from_position_text("start setup=l").expect("reads");
    for (k, slot) in (2..=8).zip(["d1", "f1", "c1", "g1", "b1", "a1", "h1"]) {
        play(&mut g, &format!("Kd{k}e1-d1{slot}"));
    }
    let on_d1 = g
        .position()
        .kings(Player::White)
        .filter(|&k| square::dim(k) == 0)
        .count();
    assert_eq!(on_d1, 8);
    assert_eq!(piece_at(&g, "d7e1"), Some((Kind::Rook, 7)), "D1's a1 rook");
    assert_eq!(piece_at(&g, "d8e1"), Some((Kind::Rook, 8)), "D1's h1 rook");
    let left = moves(&g);
    assert_eq!(
        left.len(),
        8,
        "D1's own king to 7 boards, and done: {left:?}"
    );
    assert!(left.iter().all(|m| m == "done" || m.starts_with("Kd1e1-")));
}

#[test]
fn c5_1_3_kings_are_distributed_before_play() {
    // `start setup=ld`: Light, then Dark, move kings between boards, then Light moves first.
    let mut g = DmChess::from_position_text("start setup=ld").expect("reads");
    let m = moves(&g);
    assert_eq!(m.len(), 57, "8 kings x 7 other boards, and done");
    assert!(m.contains(&"done".to_owned()));
    // The D1 king goes to D3's d1; D3's queen takes its e1 on D1 with DEL 1 (4.3.1).
    play(&mut g, "Kd1e1-d3d1");
    assert_eq!(piece_at(&g, "d3d1"), Some((Kind::King, 3)));
    assert_eq!(piece_at(&g, "d1e1"), Some((Kind::Queen, 1)));
    assert_eq!(
        g.to_act(),
        ToAct::Player(Player::White),
        "Light goes on until done"
    );
    assert!(
        !moves(&g).iter().any(|m| m.starts_with("Kd3d1")),
        "each king moves once"
    );
    let t = g.position_text();
    assert!(t.ends_with(" setup=ld"), "{t}");
    assert_eq!(
        DmChess::from_position_text(&t).map(|b| b.position_text()),
        Ok(t)
    );
    let turn = g.turn_index();
    play(&mut g, "done");
    assert_eq!(g.turn_index(), turn + 1, "a distribution is a turn");
    assert_eq!(g.to_act(), ToAct::Player(Player::Black));
    play(&mut g, "done");
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert!(refused(&g, "done").contains("none is under way"));
    assert_eq!(g.position().controlled(Player::White), 0);
    assert!(!g.position_text().contains("setup="));
    assert_eq!(
        perft(
            &mut DmChess::from_position_text("start setup=ld").expect("reads"),
            3
        ),
        124_093
    );
}
