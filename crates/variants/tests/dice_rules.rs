//! Die Chess, one test or more per rule of docs/rules/dice.md; test names start with the
//! section of the rule text (`s4_…` is §4, Check).

use omnichess_core::perft::perft;
use omnichess_core::{Game, Hooks, Notation, Player, Records, ToAct, Variant, Verdict};
use omnichess_variants::dice::Dice;

fn dice(text: &str) -> Dice {
    Dice::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(g: &mut Dice, decisions: &str) {
    for text in decisions.split_whitespace() {
        let d = g
            .parse_decision(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        g.apply(d);
    }
}

fn open(g: &Dice) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    list.iter().map(|&d| g.decision_text(d)).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn outcome(g: &Dice) -> Option<(Verdict, &'static str)> {
    g.to_act().outcome().map(|o| (o.verdict, o.reason))
}

#[test]
fn s1_the_die_is_a_chance_node_whose_bishop_rook_queen_king_faces_sum_to_45_per_cent() {
    let g = Dice::start();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(open(&g), ["[P]", "[N]", "[B]", "[R]", "[Q]", "[K]"]);
    let mut list = Vec::new();
    g.decisions(&mut list);
    let p = |i: usize| g.probability(list[i]).expect("chance");
    assert!((p(2) + p(3) + p(4) + p(5) - 0.45).abs() < 1e-12);
    assert!(
        (list
            .iter()
            .map(|&d| g.probability(d).expect("chance"))
            .sum::<f64>()
            - 1.0)
            .abs()
            < 1e-12
    );
}

#[test]
fn s1_a_roll_obliges_a_move_of_that_type_or_forfeits_the_turn() {
    let mut g = Dice::start();
    play(&mut g, "[N]");
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert_eq!(sorted(open(&g)), ["Na3", "Nc3", "Nf3", "Nh3"]);
    let mut g = Dice::start();
    play(&mut g, "[B]");
    assert_eq!(
        open(&g),
        ["--"],
        "no bishop can move: the turn is forfeited"
    );
    play(&mut g, "--");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.board().side(),
        cozy_chess::Color::Black,
        "Black rolls next"
    );
    assert_eq!(g.turn_index(), 1);
}

#[test]
fn s1_the_first_roll_forfeits_with_probability_045_and_the_odds_are_exact() {
    assert_eq!(Dice::start().forfeit_probability(), Some(0.45));
    // King and rook only: a pawn, knight, bishop or queen roll forfeits.
    let g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(g.forfeit_probability(), Some(0.78));
    // A fair die: four faces of six.
    assert_eq!(
        dice("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die:fair")
            .forfeit_probability(),
        Some(4.0 / 6.0)
    );
    let mut g = Dice::start();
    play(&mut g, "[N]");
    assert_eq!(
        g.forfeit_probability(),
        None,
        "no roll is due after the roll"
    );
}

#[test]
fn s1_perft_counts_rolls_as_plies() {
    let mut g = Dice::start();
    // 6 faces; then 16 pawn moves, 4 knight moves, or one forfeit for each of B, R, Q, K.
    assert_eq!(perft(&mut g, 1), 6);
    assert_eq!(perft(&mut g, 2), 24);
    assert_eq!(perft(&mut g, 3), 144);
    assert_eq!(perft(&mut g, 4), 576);
}

#[test]
fn s2_castling_only_on_a_king_roll_and_with_every_classical_condition() {
    let g = dice("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut king = g.clone();
    play(&mut king, "[K]");
    let moves = open(&king);
    assert!(moves.contains(&"O-O".to_owned()) && moves.contains(&"O-O-O".to_owned()));
    let mut rook = g.clone();
    play(&mut rook, "[R]");
    assert!(
        !open(&rook).iter().any(|m| m.starts_with("O-O")),
        "a rook roll never castles"
    );
    // A bishop on c4 attacks f1: no short castling.
    let mut attacked = dice("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    play(&mut attacked, "[K]");
    let moves = open(&attacked);
    assert!(!moves.contains(&"O-O".to_owned()) && moves.contains(&"O-O-O".to_owned()));
    play(&mut king, "O-O");
    assert!(
        king.position_text()
            .starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        "{}",
        king.position_text()
    );
}

#[test]
fn s3_promotion_is_rolled_with_king_and_pawn_re_rolled() {
    let mut g = dice("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    play(&mut g, "[P]");
    assert_eq!(open(&g), ["e8"], "the pawn move carries no piece");
    assert!(
        g.parse_decision("e8=Q").is_err(),
        "the piece is not the player's choice"
    );
    play(&mut g, "e8");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(open(&g), ["[N]", "[B]", "[R]", "[Q]"]);
    let mut list = Vec::new();
    g.decisions(&mut list);
    let probabilities: Vec<f64> = list
        .iter()
        .map(|&d| g.probability(d).expect("chance"))
        .collect();
    assert_eq!(
        probabilities,
        [25.0 / 60.0, 15.0 / 60.0, 12.0 / 60.0, 8.0 / 60.0]
    );
    assert!(
        g.position_text().ends_with(" promote:e7e8"),
        "{}",
        g.position_text()
    );
    play(&mut g, "[R]");
    assert!(
        g.position_text().starts_with("4R2k/8/8/8/8/8/8/K7 b"),
        "{}",
        g.position_text()
    );
    assert_eq!(
        g.turn_index(),
        1,
        "the promotion roll is part of the same turn"
    );
}

/// White's king on e1 is checked by the rook on e8. White may move the king without rolling;
/// its knight on a1 cannot help, its rook on a5 can block on e5.
const CHECKED: &str = "4r2k/8/8/R7/8/8/8/N3K3 w - - 0 1";

#[test]
fn s4_a_checked_player_first_chooses_between_the_king_and_the_die() {
    let g = dice(CHECKED);
    assert_eq!(g.to_act(), ToAct::Player(Player::White));
    assert_eq!(open(&g), ["[K!]", "roll"]);
    let mut king = g.clone();
    play(&mut king, "[K!]");
    assert_eq!(sorted(open(&king)), ["Kd1", "Kd2", "Kf1", "Kf2"]);
    let mut roll = g.clone();
    play(&mut roll, "roll");
    assert_eq!(roll.to_act(), ToAct::Chance);
    assert!(
        (roll.forfeit_probability().expect("a roll is due") - 0.78).abs() < 1e-12,
        "pawn, knight, bishop and queen cannot help: 0.3 + 0.25 + 0.15 + 0.08"
    );
}

#[test]
fn s4_a_roll_that_can_answer_the_check_must() {
    let mut g = dice(CHECKED);
    play(&mut g, "roll [R]");
    assert_eq!(open(&g), ["Re5"], "the rook's only legal move is the block");
}

#[test]
fn s4_a_roll_that_cannot_help_forfeits_and_the_king_stays_in_check_then_is_taken() {
    let mut g = dice(CHECKED);
    play(&mut g, "roll [B]");
    assert_eq!(open(&g), ["--"]);
    play(&mut g, "--");
    assert!(
        g.board().in_check(cozy_chess::Color::White),
        "White stays in check"
    );
    assert_eq!(
        g.to_act(),
        ToAct::Chance,
        "Black rolls with the white king in check"
    );
    let mut other = g.clone();
    play(&mut other, "[K]");
    assert!(
        !open(&other).is_empty(),
        "a king roll cannot take the far king"
    );
    play(&mut g, "[R]");
    assert_eq!(
        open(&g),
        ["Rxe1"],
        "a rook roll takes the king: the only move"
    );
    play(&mut g, "Rxe1");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::Black), "king capture"))
    );
}

#[test]
fn s4_checkmate_when_no_king_move_and_no_roll_can_help() {
    let g = dice("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::White), "checkmate"))
    );
    assert!(open(&g).is_empty());
    // A block by a rook makes it no mate: the player must roll and hope for the rook.
    let g = dice("R5k1/5ppp/8/8/8/8/3r4/6K1 b - - 0 1");
    assert_eq!(
        g.to_act(),
        ToAct::Chance,
        "the king cannot move, so the die is rolled at once"
    );
    assert!(
        (g.forfeit_probability().expect("due") - 0.88).abs() < 1e-12,
        "only a rook roll (0.12) saves the king"
    );
}

#[test]
fn s5_a_capture_ends_the_turn_without_a_bonus() {
    let mut g = Dice::start();
    play(&mut g, "[P] e4 [P] d5 [P] exd5");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.board().side(), cozy_chess::Color::Black);
    assert_eq!(g.halfmoves(), 0);
}

#[test]
fn s6_en_passant_needs_a_pawn_roll_on_the_very_next_turn() {
    let mut g = dice("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "[P] d5");
    let mut pawn = g.clone();
    play(&mut pawn, "[P]");
    assert!(open(&pawn).contains(&"exd6".to_owned()));
    play(&mut g, "[N] --");
    play(&mut g, "[K] Kd7");
    play(&mut g, "[P]");
    assert!(
        !open(&g).contains(&"exd6".to_owned()),
        "the chance is gone for good"
    );
}

#[test]
fn s6_stalemate_when_no_piece_of_any_type_can_move() {
    let g = dice("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(outcome(&g), Some((Verdict::Draw, "stalemate")));
}

#[test]
fn s6_stalemate_counts_every_move_a_roll_offers_a_pinned_piece_taking_the_king_included() {
    // §6 and the king-capture ruling: White's king on a5 cannot move and the bishop on b5 is
    // pinned by the rook on h5, but Black's king on d7 stands in check (left there by a
    // forfeit), and a bishop roll takes it (taking the king ends the game, so the pin does not
    // hold the bishop). That move exists under some roll: no stalemate.
    let g = dice("8/3k4/7r/KB5r/2q5/8/8/8 w - - 0 1");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.forfeit_probability(),
        Some(0.85),
        "every face but the bishop (0.15) forfeits"
    );
    let mut g = g;
    play(&mut g, "[B]");
    assert_eq!(open(&g), ["Bxd7"]);
    play(&mut g, "Bxd7");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::White), "king capture"))
    );
    // §6: a move only a face the die cannot roll would offer still counts ("regardless of
    // what they could roll"): the knight's moves keep this from stalemate, and every roll of
    // this knightless die forfeits.
    let g = dice("7k/8/8/8/3N4/1q6/8/K7 w - - 0 1 die:1,0,1,1,1,1");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.forfeit_probability(), Some(1.0));
}

#[test]
fn s4_checkmate_when_only_a_face_the_die_cannot_roll_answers_the_check() {
    // §4: "no legal King move or possible die roll can resolve the situation". The rook on e1
    // checks the king on h1, which cannot move; only the knight (Nxe1, Ng1) answers. With the
    // default die a knight roll (0.25) does; with a die whose knight face weighs nothing, no
    // possible roll does: checkmate, before any roll.
    let g = dice("k7/8/8/8/8/5N2/6PP/4r2K w - - 0 1");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.forfeit_probability(), Some(0.75));
    let g = dice("k7/8/8/8/8/5N2/6PP/4r2K w - - 0 1 die:1,0,1,1,1,1");
    assert_eq!(
        outcome(&g),
        Some((Verdict::Win(Player::Black), "checkmate"))
    );
    assert!(open(&g).is_empty());
    assert_eq!(
        g.forfeit_probability(),
        None,
        "no roll is due: the game is over"
    );
    // The king's own move needs no roll (§4's first choice): with a way out for the king, the
    // same die leaves the choice; rolling, only the king's face (1 of 5) answers the check.
    let mut g = dice("k7/8/8/8/8/5N2/7P/4r2K w - - 0 1 die:1,0,1,1,1,1");
    assert_eq!(open(&g), ["[K!]", "roll"]);
    play(&mut g, "roll");
    assert_eq!(g.forfeit_probability(), Some(0.8));
}

#[test]
fn s6_forfeits_are_no_occurrence_so_the_dice_alone_never_make_a_repetition() {
    // §6: repetition is "independent of the dice". Eight forfeits from the start (four a
    // side) move no piece: the start stays the only occurrence and the game goes on.
    let mut g = Dice::start();
    play(
        &mut g,
        "[B] -- [B] -- [B] -- [B] -- [B] -- [B] -- [B] -- [B] --",
    );
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.repetitions(), 1);
    assert_eq!(g.claimable_draw(), None);
    // Positions made by moves count, whatever forfeits lie between them: the rook goes out
    // and back twice (with Black forfeiting), so the first position stands a third time.
    let mut g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut g, "[B] -- [B] --");
    assert_eq!(
        g.repetitions(),
        1,
        "the forfeits brought it back, no move did"
    );
    play(&mut g, "[R] Ra2 [B] -- [R] Ra1 [Q] --");
    assert_eq!(
        g.repetitions(),
        1,
        "after a forfeit: the position Ra1 made, Black to move"
    );
    play(&mut g, "[R] Ra2 [B] -- [R] Ra1");
    assert_eq!(g.repetitions(), 2, "Black to move after Ra1, twice");
    play(&mut g, "[Q] -- [R] Ra2 [B] -- [R] Ra1");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some("threefold repetition"));
}

#[test]
fn s6_the_move_clock_counts_turns_in_which_a_piece_moved() {
    // §6: "50 moves have passed without a capture or a pawn move"; a forfeit is no move.
    let mut g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut g, "[B] --");
    assert_eq!(g.halfmoves(), 99, "a forfeit leaves the clock");
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "[K] Kd7");
    assert_eq!(g.halfmoves(), 100);
    assert_eq!(g.claimable_draw(), Some("fifty-move rule"));
    let mut g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    play(&mut g, "[B] --");
    assert_eq!(
        g.to_act(),
        ToAct::Chance,
        "no seventy-five-move end by a forfeit"
    );
    play(&mut g, "[K] Kd7");
    assert_eq!(outcome(&g), Some((Verdict::Draw, "seventy-five-move rule")));
}

#[test]
fn s6_a_draw_claim_stays_open_through_the_roll_until_the_move() {
    // §6: the draws "independent of the dice" are claimed on the player's turn; a roll is no
    // move, so the claim is open after it (where `play` first prompts) until a move is chosen.
    let mut g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(g.claimable_draw(), Some("fifty-move rule"));
    play(&mut g, "[B]");
    assert_eq!(
        g.claimable_draw(),
        Some("fifty-move rule"),
        "after the roll"
    );
    play(&mut g, "--");
    assert_eq!(g.claimable_draw(), Some("fifty-move rule"), "Black's turn");
    let mut g = dice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(
        &mut g,
        "[R] Ra2 [B] -- [R] Ra1 [Q] -- [R] Ra2 [B] -- [R] Ra1 [Q] -- [R] Ra2 [B]",
    );
    play(&mut g, "-- [R] Ra1 [N]");
    assert_eq!(
        g.claimable_draw(),
        Some("threefold repetition"),
        "after Black's roll"
    );
    // Once the move is chosen the turn's claim is gone: a pawn waiting for its promotion roll.
    let mut g = dice("4k3/P7/8/8/8/8/8/4K3 w - - 100 80");
    play(&mut g, "[P]");
    assert_eq!(g.claimable_draw(), Some("fifty-move rule"));
    play(&mut g, "a8");
    assert_eq!(g.to_act(), ToAct::Chance, "the promotion roll");
    assert_eq!(g.claimable_draw(), None);
}

#[test]
fn s6_a_dead_position_is_bare_kings_or_one_no_roll_can_change() {
    let dead = Some((Verdict::Draw, "dead position"));
    for (text, expected, why) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            Some((Verdict::Draw, "insufficient material")),
            "bare kings",
        ),
        (
            "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            None,
            "K+B v K can still win: a check, the defender rolls (rather than moving the \
             king) and forfeits, a bishop roll takes the king",
        ),
        (
            "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1 die:0,0,0,0,1,0",
            dead,
            "a die rolling only queens, no queen on the board: every turn is forfeited and \
             nothing ever moves (forfeits run no clock)",
        ),
        (
            "4k3/8/8/8/8/8/8/2Q1K3 b - - 0 1 die:0,0,0,0,1,0",
            None,
            "a queen for White: she moves, so the game goes on (and the clock runs)",
        ),
    ] {
        let g = dice(text);
        assert_eq!(outcome(&g), expected, "{why}");
        if expected.is_none() {
            assert_eq!(g.to_act(), ToAct::Chance, "{why}");
        }
    }
}

#[test]
fn notation_and_records_round_trip() {
    let start = Dice::start();
    let mut g = start.clone();
    let mut played = Vec::new();
    for text in ["[N]", "Nf3", "[B]", "--", "[P]", "e4"] {
        let d = g.parse_decision(text).expect(text);
        played.push(d);
        g.apply(d);
    }
    let pgn = Dice::record_text(&start, &played, None);
    assert!(pgn.contains("1. [N] Nf3 [B] -- 2. [P] e4 *"), "{pgn}");
    let record = Dice::parse_record(&pgn).expect("reads back");
    let texts: Vec<&str> = record.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(texts, ["[N]", "Nf3", "[B]", "--", "[P]", "e4"]);
    let fair = dice("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die:fair");
    let pgn = Dice::record_text(&fair, &[], None);
    assert!(pgn.contains("[Die \"fair\"]"), "{pgn}");
    assert_eq!(
        Dice::parse_record(&pgn).expect("reads").start.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die:fair")
    );
}

#[test]
fn position_text_errors_name_the_problem() {
    for (text, needle) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 die:1,2", "six faces"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled:X",
            "not P, N, B, R, Q or K",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 die:1,0,1,1,1,1 rolled:N",
            "this die cannot roll N",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 die:1,2,3,4,5,4294967295",
            "a die's weights may sum to at most 4294967295 (these sum to 4294967310)",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 roll", "in check"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 promote:e7e8",
            "not a legal pawn move",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 bogus", "unknown field"),
        (
            "4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1",
            "both kings are in check",
        ),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "black has 0 kings"),
    ] {
        let e = Dice::from_position_text(text).expect_err(text).to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    // The side not to move may be in check: a forfeit leaves it so.
    let g = dice("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1");
    assert!(g.board().in_check(cozy_chess::Color::White));
}

/// The sizes the `Dice` docs state: a change shows here first.
#[test]
fn state_size_is_as_documented() {
    assert_eq!(
        std::mem::size_of::<omnichess_variants::dice::DiceBoard>(),
        72
    );
    assert_eq!(std::mem::size_of::<Dice>(), 176);
}
