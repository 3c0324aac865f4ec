//! Quantum Entanglement Chess through the CLI (docs/rules/qec.md): records replayed, the
//! series, the board `play` draws.

use crate::common::{assert_user_error, omnichess, stdout, temp_file, with_input};

/// White castles short with zeros in move 4 (the h1 rook's partner, h7, is blocked by the
/// knight on h6 and stays), then Black plays a7-a6.
const CASTLING_RECORD: &str = "[Links \"files\"]\n\n1. g1-f3 [↔ g7P:g7-g6] 1... e7-e6 \
     2. g2-g3 [↔ g8N:g8-h6] 2... d7-d6 3. f1-g2 [↔ f7P:f7-f6] 3... e6-e5 4. 0-0 4... a7-a6 *\n";

// §12 (records): `0-0` followed by more moves is castling, not the result.
#[test]
fn qec_replay_reads_0_0_before_more_moves_as_castling() {
    let path = temp_file("qec-castling.pgn", CASTLING_RECORD);
    let o = omnichess(&["replay", "qec", path.to_str().expect("path")]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.starts_with("ok: 11 decisions replayed;"), "{text}");
    assert!(
        text.contains("final position: rnbqkb1r/1pp4p/p2p1ppn/4p3/8/5NP1/PPPPPPBP/RNBQ1RK1 w kq"),
        "{text}"
    );
}

// §12 (records): a token after the result is an error that names it.
#[test]
fn qec_replay_names_a_token_after_the_result() {
    let path = temp_file("qec-after-result.pgn", "1. e2-e4 1-0 e7-e5\n");
    let o = omnichess(&["replay", "qec", path.to_str().expect("path")]);
    assert_user_error(&o, "`e7-e5` follows the result `1-0`");
}

// §2: "standard algebraic notation is valid": SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) is read, to
// the same game as §12's `e2-e4` form; the promotion checks the king on a8, which must step.
#[test]
fn qec_moves_read_standard_algebraic_notation() {
    let position = "k7/4P3/8/3p4/4P3/8/8/4K1NR w K - 0 1 ~";
    for after in [
        "Nf3 Ka7 exd5 Kb8 O-O Ka8 e8=Q+",
        "g1-f3 a8-a7 e4-d5 a7-b8 e1-g1 b8-a8 e7-e8=Q",
    ] {
        let o = omnichess(&["moves", "qec", "--position", position, "--after", after]);
        assert_eq!(stdout(&o), "to-act: black\na8-a7\na8-b7\n", "{after}");
    }
}

/// The output of a QEC series between A and B, without a time limit, whose games start with
/// White in check from the queen on d1 (Kxd1 leaves bare kings: both lose), `input` typed.
fn series_from_check(input: &str) -> String {
    let o = with_input(
        &[
            "series",
            "qec",
            "--position",
            "4k3/8/8/8/8/8/8/3qK3 w - - 0 1 ~",
            "--move-time",
            "0",
        ],
        input,
    );
    stdout(&o)
}

// §12: a reply written without its move (`[↔ b8N]`) where the partner has several legal
// moves is an error naming it and the candidates.
#[test]
fn qec_replay_names_the_candidates_of_a_reply_without_its_move() {
    let path = temp_file("qec-short-reply.pgn", "1. b2-b4 [↔ b8N] 1... e7-e5 *\n");
    let o = omnichess(&["replay", "qec", path.to_str().expect("path")]);
    assert_user_error(
        &o,
        "`[↔ b8N]`: the piece on b8 has 2 legal replies (b8-a6, b8-c6)",
    );
}

// §5: "Prize rollover applies if all games drawn": the wins are level after three games
// (B's in game 1, A's in game 2); the drawn sudden-death game is followed by another.
#[test]
fn qec_series_with_a_won_game_does_not_roll_the_prize_over() {
    let text = series_from_check("resign\nresign\ne1-d1\nagree\nresign\n");
    assert!(
        text.contains("=== game 5 (sudden death): A plays white, B plays black ==="),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("series: B wins (games, A's score first: 0-1, 1-0, 0-0, 1/2-1/2, 0-1)"),
        "{text}"
    );
}

// §5: a second mutual loss in game 3 makes no sudden-death game: the best-of-three is
// played out and A's one win (game 2, as Black) takes the series.
#[test]
fn qec_series_mutual_loss_win_mutual_loss_goes_to_the_player_with_more_wins() {
    let text = series_from_check("e1-d1\nresign\ne1-d1\n");
    assert!(!text.contains("sudden death"), "{text}");
    assert!(
        text.trim_end()
            .ends_with("series: A wins (games, A's score first: 0-0, 1-0, 0-0)"),
        "{text}"
    );
}

// §11: the board `play` draws marks each free pawn with `*`, as its legend says.
#[test]
fn qec_play_draws_a_star_on_each_free_pawn() {
    let o = with_input(&["play", "qec", "--ascii"], "quit\n");
    let text = stdout(&o);
    assert!(text.contains(" 2 P1 P2 P3 P4 P* P5 P6 P7 2"), "{text}");
    assert!(text.contains(" 7 p8 p9 pA pB p* pC pD pE 7"), "{text}");
    assert!(text.contains("(* free pawn)"), "{text}");
}
