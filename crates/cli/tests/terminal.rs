//! `omnichess play` as a player meets it: one notation in and out, the board from
//! the player's side, save and load with the clocks, the game clock's flag, invalid input.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{stdout, temp_file, with_input};

#[test]
fn the_engines_moves_and_the_move_list_are_in_san() {
    let o = with_input(
        &["play", "classic", "--vs", "engine:depth=1", "--ascii"],
        "e2e4\nhistory\nquit\n",
    );
    let text = stdout(&o);
    assert!(text.contains("you played e4\n"), "{text}");
    let reply = text
        .lines()
        .find_map(|l| l.strip_prefix("black plays: "))
        .expect("the engine's reply");
    // SAN: no square of origin, as a player types it (`Nc6`, `e5`, `d5`).
    assert!(
        !reply.is_empty() && reply.len() <= 4 && !reply.contains('-'),
        "{reply}"
    );
    assert!(text.contains(&format!("moves: 1. e4 {reply}\n")), "{text}");
    assert!(text.contains(&format!("1. e4 {reply}\n")), "{text}");
}

#[test]
fn against_the_computer_die_chess_names_the_players_decision_before_the_dice() {
    // `--seed 1`: White's first roll is a bishop, which cannot move: the player forfeits.
    // The next roll is the computer's: "you played" must name the player's forfeit, not it.
    let o = with_input(
        &[
            "play",
            "dice",
            "--vs",
            "engine:depth=1",
            "--ascii",
            "--seed",
            "1",
        ],
        "--\nquit\n",
    );
    let text = stdout(&o);
    assert!(text.contains("chance: [B]\n"), "{text}");
    assert!(text.contains("you played --\nchance: ["), "{text}");
}

#[test]
fn die_chess_claims_a_draw_after_the_roll() {
    // Die Chess §6 (docs/rules/dice.md): the claim is the player's for the whole turn, and the
    // program rolls before the first prompt: the prompt after the roll offers it, and `draw`
    // ends the game. `--seed 1` rolls a bishop first.
    let o = with_input(
        &[
            "play",
            "dice",
            "--ascii",
            "--seed",
            "1",
            "--position",
            "4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
        ],
        "help\ndraw\nquit\n",
    );
    let text = stdout(&o);
    assert!(text.contains("chance: [B]\n"), "{text}");
    assert!(
        text.contains("(white may claim a draw by fifty-move rule: type `draw`)"),
        "{text}"
    );
    assert!(
        text.contains("is claimed with\n`draw` after the roll, before you move"),
        "the help says when: {text}"
    );
    assert!(
        text.contains("game over: 1/2-1/2 draw by fifty-move rule"),
        "{text}"
    );
}

#[test]
fn die_chess_draws_by_agreement() {
    // Die Chess §6 keeps the draw by agreement (docs/rules/dice.md): `agree` ends the game.
    let o = with_input(&["play", "dice", "--ascii", "--seed", "1"], "agree\n");
    let text = stdout(&o);
    assert!(
        text.contains("game over: 1/2-1/2 draw by agreement"),
        "{text}"
    );
}

#[test]
fn qec_reads_san_and_shows_it() {
    let o = with_input(&["play", "qec", "--ascii"], "Nf3\nhistory\nquit\n");
    let text = stdout(&o);
    assert!(!text.contains("illegal"), "{text}");
    assert!(text.contains("moves: 1. Nf3"), "{text}");
}

#[test]
fn the_side_to_move_is_at_the_bottom_and_flip_turns_it() {
    let o = with_input(&["play", "classic", "--ascii"], "e4\nflip\nquit\n");
    let text = stdout(&o);
    let boards: Vec<&str> = text.split("> ").filter(|b| b.contains(" 8 ")).collect();
    assert_eq!(boards.len(), 3, "{text}");
    // White to move: rank 8 on top, the last line of the board is rank 1.
    assert!(boards[0].contains("   a  b  c  d  e  f  g  h\n 8 r  n  b  q  k  b  n  r  8"));
    // Black to move after e4: Black's side at the bottom, the last move marked.
    assert!(boards[1].contains("   h  g  f  e  d  c  b  a\n 1 R  N  B  K  Q  B  N  R  1"));
    assert!(boards[1].contains(" 4 .  .  . [P] ."), "{}", boards[1]);
    assert!(boards[1].contains(" 2 P  P  P [.] P"), "{}", boards[1]);
    // `flip`: White's side at the bottom again.
    assert!(boards[2].contains("   a  b  c  d  e  f  g  h\n 8 r  n  b  q  k  b  n  r  8"));
}

#[test]
fn check_and_captured_material_are_shown() {
    let o = with_input(
        &["play", "classic", "--ascii"],
        "e4\nd5\nexd5\nQxd5\nNc3\nQe5+\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("captured: white took p, black took P\n"),
        "{text}"
    );
    assert!(text.contains("(K)"), "the king in check is marked: {text}");
    assert!(
        text.contains("moves: 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+"),
        "{text}"
    );
}

#[test]
fn unicode_pieces_without_colours_when_output_is_not_a_terminal() {
    let o = with_input(&["play", "classic"], "quit\n");
    let text = stdout(&o);
    assert!(text.contains(" 1 ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1"), "{text}");
    assert!(!text.contains('\x1b'), "{text}");
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_game_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["play", "classic", "--ascii"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"e\xff4\ne4\nquit\n").expect("write");
    drop(stdin);
    let o = child.wait_with_output().expect("ends");
    let text = stdout(&o);
    assert!(text.contains("that line is not valid UTF-8"), "{text}");
    assert!(text.contains("moves: 1. e4"), "{text}");
}

#[test]
fn a_saved_game_resumes_exactly_with_its_clocks() {
    let path = temp_file("saved.pgn", "");
    let arg = path.to_str().expect("path");
    let o = with_input(
        &["play", "classic", "--clock", "5+3", "--ascii"],
        &format!("e4\ne5\nNf3\nsave {arg}\nquit\n"),
    );
    assert!(stdout(&o).contains(&format!("saved to {arg}")));
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("[OmnichessClocks \"white="), "{saved}");
    assert!(saved.contains("1. e4 e5 2. Nf3"), "{saved}");
    let o = with_input(
        &["play", "classic", "--load", arg, "--ascii"],
        "history\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("resumed after 3 decisions: 1. e4 e5 2. Nf3\n"),
        "{text}"
    );
    assert!(text.contains("black to move"), "{text}");
    // The clocks came back: White has had two increments; the line shows both clocks.
    assert!(text.contains("(clocks: white 5:0"), "{text}");
    assert!(text.contains("black 5:0"), "{text}");
}

#[test]
fn a_game_against_the_computer_resumes_against_it() {
    let path = temp_file("against-engine.pgn", "");
    let arg = path.to_str().expect("path");
    let o = with_input(
        &["play", "classic", "--vs", "engine:depth=1", "--ascii"],
        &format!("e4\nsave {arg}\nquit\n"),
    );
    assert!(stdout(&o).contains(&format!("saved to {arg}")));
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(
        saved.contains("[OmnichessOpponent \"engine:depth=1 black\"]"),
        "{saved}"
    );
    // No --vs: the computer named in the save plays Black again and answers the next move.
    let o = with_input(
        &["play", "classic", "--load", arg, "--ascii"],
        "Nf3\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("the computer (engine:depth=1) plays black"),
        "{text}"
    );
    assert!(text.contains("resumed after 2 decisions"), "{text}");
    assert_eq!(text.matches("black plays: ").count(), 1, "{text}");
}

#[test]
fn leaving_saves_the_game_where_omnichess_save_dir_says() {
    let dir = std::env::temp_dir().join(format!("omnichess-saves-{}", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["play", "dice", "--seed", "7"])
        .env("OMNICHESS_SAVE_DIR", &dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let text = stdout(&o);
    let line = text
        .lines()
        .find(|l| l.starts_with("game saved to "))
        .expect("the save line");
    let file = std::fs::read_dir(&dir)
        .expect("dir")
        .next()
        .expect("a file")
        .expect("entry")
        .path();
    assert!(line.contains(&file.display().to_string()), "{line}");
    let saved = std::fs::read_to_string(&file).expect("read");
    assert!(saved.contains("[OmnichessSeed \"7\"]"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_clock_flags_a_player_who_runs_out() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["play", "classic", "--clock", "0.02+0", "--ascii"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // 1.2 seconds on White's clock: wait past it, then leave.
    std::thread::sleep(Duration::from_millis(2500));
    stdin.write_all(b"quit\n").expect("write");
    drop(stdin);
    let o = child.wait_with_output().expect("ends");
    let text = stdout(&o);
    assert!(
        text.contains("(clocks: white 0:02, black 0:02; running out loses)"),
        "{text}"
    );
    assert!(text.contains("white ran out of time\n"), "{text}");
    assert!(
        text.contains("game over: 0-1 black wins by time forfeit"),
        "{text}"
    );
}

#[test]
fn a_bad_clock_is_one_line_of_error() {
    let o = with_input(&["play", "classic", "--clock", "five"], "");
    common::assert_user_error(&o, "--clock takes MINUTES+SECONDS");
}

#[test]
fn one_open_decision_is_offered_and_enter_plays_it() {
    // 5D: after White's move on the only board, `submit` is all that is left.
    let o = with_input(&["play", "multiverse"], "e4\n\nquit\n");
    let text = stdout(&o);
    assert!(
        text.contains("(the only legal decision is submit: press Enter to play it)"),
        "{text}"
    );
    assert!(text.contains("Black is making this turn"), "{text}");
}

#[test]
fn a_series_prompt_names_the_player() {
    let o = with_input(&["series", "qec", "--players", "Ada,Max"], "quit\n");
    assert!(stdout(&o).contains("Ada (white)> "), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("series abandoned after 0 games"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_multiverse_is_a_grid_of_timelines_and_turns() {
    let o = with_input(
        &["play", "multiverse"],
        "e4\nsubmit\nNf6\nsubmit\nhelp\nquit\n",
    );
    let text = stdout(&o);
    let header = text
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("T1 w"))
        .expect("column headers");
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["T1", "w", "T1", "b", "T2", "w"]
    );
    assert!(text.contains("* playable"), "{text}");
    assert!(text.contains("^ present"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("L0 ")), "{text}");
    assert!(text.contains("submit"), "{text}");
}
