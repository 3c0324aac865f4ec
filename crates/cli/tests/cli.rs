//! The command-line contract, exercised through the built binary: output formats, and one
//! clear line with exit status 2 for every kind of bad input.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::{assert_user_error, omnichess, stdout, temp_file, with_input};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn variants_lists_name_and_description() {
    let o = omnichess(&["variants"]);
    assert!(o.status.success());
    assert!(
        stdout(&o)
            .lines()
            .any(|l| l.starts_with("classic\t") && l.len() > 10)
    );
}

#[test]
fn perft_prints_the_total_last_and_divide_lines_before_it() {
    let o = omnichess(&["perft", "classic", "--depth", "3"]);
    assert_eq!(stdout(&o), "8902\n");
    let o = omnichess(&[
        "perft",
        "classic",
        "--position",
        START,
        "--depth",
        "2",
        "--divide",
    ]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "400");
}

#[test]
fn position_can_be_read_from_a_file() {
    let path = temp_file("pos.fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n");
    let arg = format!("@{}", path.display());
    let o = omnichess(&["perft", "classic", "--position", &arg, "--depth", "1"]);
    assert_eq!(stdout(&o), "26\n");
}

#[test]
fn moves_prints_who_acts_then_uci_moves() {
    let o = omnichess(&["moves", "classic", "--after", "e4 e5 Nf3 Nc6 Bc4 Nf6"]);
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("to-act: white"));
    let rest: Vec<&str> = lines.collect();
    assert!(
        rest.contains(&"e1g1"),
        "castling is printed as the king's step: {rest:?}"
    );
    assert_eq!(rest.len(), 33);
}

#[test]
fn moves_prints_the_outcome_when_the_game_is_over() {
    let o = omnichess(&["moves", "classic", "--after", "f3 e5 g4 Qh4#"]);
    assert_eq!(
        stdout(&o),
        "to-act: none\noutcome: 0-1 black wins by checkmate\n"
    );
}

#[test]
fn replay_and_actions_read_pgn() {
    let pgn = "[Event \"t\"]\n\n1. e4 {a comment} e5 2. Nf3 (2. f4 exf4) Nc6 $1 1/2-1/2\n";
    let path = temp_file("game.pgn", pgn);
    let p = path.to_str().expect("path");
    let o = omnichess(&["actions", "classic", p]);
    assert_eq!(stdout(&o), "20 20 29 29 27\n");
    let o = omnichess(&["actions", "classic", p, "--cap", "25"]);
    assert_eq!(stdout(&o), "20 20 25 25 25\n");
    let o = omnichess(&["replay", "classic", p]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("ok: 4 decisions replayed"));
    // `@PATH`, as --position takes a file, reads PATH.
    let at = format!("@{p}");
    assert_eq!(
        stdout(&omnichess(&["actions", "classic", &at])),
        "20 20 29 29 27\n"
    );
    assert!(omnichess(&["replay", "classic", &at]).status.success());
    assert_user_error(
        &omnichess(&["actions", "classic", "@/no/such/game.pgn"]),
        "cannot read `@/no/such/game.pgn`",
    );
}

#[test]
fn replay_names_the_first_illegal_decision_and_its_position() {
    let path = temp_file("bad.pgn", "1. e4 e5 2. Ke3 Nc6 *\n");
    let o = omnichess(&["replay", "classic", path.to_str().expect("path")]);
    assert_user_error(&o, "decision 3 (`Ke3`, record line 1)");
    assert_user_error(
        &o,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    );
}

#[test]
fn bad_input_of_every_kind_is_one_line_and_status_2() {
    assert_user_error(&omnichess(&["moves", "shogi"]), "unknown variant `shogi`");
    assert_user_error(
        &omnichess(&["perft", "classic", "--position", "8/8 w", "--depth", "1"]),
        "invalid position",
    );
    assert_user_error(
        &omnichess(&[
            "perft",
            "classic",
            "--position",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--depth",
            "1",
        ]),
        "white has 0 kings",
    );
    assert_user_error(
        &omnichess(&["moves", "classic", "--after", "e4 e4"]),
        "illegal decision `e4`",
    );
    assert_user_error(
        &omnichess(&["moves", "classic", "--after", "hello"]),
        "cannot read decision `hello`",
    );
    assert_user_error(
        &omnichess(&["replay", "classic", "/no/such/file.pgn"]),
        "cannot read `/no/such/file.pgn`",
    );
    assert_user_error(
        &omnichess(&[
            "perft",
            "classic",
            "--position",
            "@/no/such/file",
            "--depth",
            "1",
        ]),
        "cannot read",
    );
    assert_user_error(&omnichess(&["perft", "classic", "--depth", "-1"]), "-1");
    assert_user_error(&omnichess(&["perft", "classic"]), "--depth");
    assert_user_error(&omnichess(&["frobnicate"]), "frobnicate");
    assert_user_error(&omnichess(&[]), "a command is needed");
    let unclosed = temp_file("unclosed.pgn", "1. e4 { never closed\n");
    assert_user_error(
        &omnichess(&["replay", "classic", unclosed.to_str().expect("path")]),
        "never closed",
    );
}

#[test]
fn help_teaches_the_commands() {
    let o = omnichess(&["--help"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for word in ["perft", "moves", "actions", "replay", "play", "@PATH"] {
        assert!(text.contains(word), "--help lacks {word}");
    }
}

#[test]
fn play_takes_moves_and_commands_from_the_keyboard() {
    let save = std::env::temp_dir().join(format!("omnichess-cli-play-{}.pgn", std::process::id()));
    let script = format!(
        "e4\nNf9\nmoves\ne5\nundo\nd5\nsave {}\nquit\n",
        save.display()
    );
    let o = with_input(&["play", "classic"], &script);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("♔"), "the board is drawn with Unicode pieces");
    assert!(text.contains("cannot read decision `Nf9`"));
    assert!(text.contains("a7a6"), "moves lists the legal moves");
    let saved = std::fs::read_to_string(&save).expect("saved game");
    assert!(saved.contains("1. e4 d5 *"), "{saved}");
}

#[test]
fn play_shows_mate_and_draw_claims() {
    let o = with_input(&["play", "classic"], "f3\ne5\ng4\nQh4#\n");
    assert!(stdout(&o).contains("game over: 0-1 black wins by checkmate"));
    let o = with_input(
        &["play", "classic"],
        "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("may claim a draw by threefold repetition"),
        "{text}"
    );
    assert!(
        text.contains("game over: 1/2-1/2 draw by threefold repetition"),
        "{text}"
    );
}

#[test]
fn qec_moves_show_the_forced_reply_of_the_linked_knight() {
    let start = format!("{START} e2~b8");
    let o = omnichess(&["moves", "qec", "--position", &start, "--after", "e2-e4"]);
    assert_eq!(stdout(&o), "to-act: black\nb8-a6\nb8-c6\n");
    let o = omnichess(&["moves", "qec", "--after", "b2-b4 b8-c6"]);
    assert!(stdout(&o).starts_with("to-act: black\n"));
}

#[test]
fn qec_back_rank_check_without_a_king_step_is_mate_at_once() {
    let position = "6k1/5ppp/8/8/8/8/3r4/R5K1 w - - 0 1 ~";
    let o = omnichess(&["moves", "qec", "--position", position, "--after", "a1-a8"]);
    assert_eq!(
        stdout(&o),
        "to-act: none\noutcome: 1-0 white wins by checkmate\n"
    );
}

#[test]
fn qec_perft_without_links_is_classic() {
    let position = format!("{START} -");
    let o = omnichess(&["perft", "qec", "--position", &position, "--depth", "3"]);
    assert_eq!(stdout(&o), "8902\n");
    assert_eq!(
        stdout(&omnichess(&["perft", "qec", "--depth", "2"])),
        "256\n"
    );
}

#[test]
fn qec_bad_input_is_one_line_and_status_2() {
    assert_user_error(
        &omnichess(&["moves", "qec", "--position", START]),
        "links field",
    );
    assert_user_error(
        &omnichess(&["moves", "qec", "--after", "b2-b4 e7-e5"]),
        "the forced reply must be a legal move of the piece on b8",
    );
}

#[test]
fn qec_time_forfeit_when_the_clock_runs_out() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["play", "qec", "--move-time", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::sleep(std::time::Duration::from_millis(1600));
    stdin.write_all(b"e2-e4\nquit\n").expect("write");
    drop(stdin);
    let o = child.wait_with_output().expect("ends");
    let text = stdout(&o);
    assert!(text.contains("white ran out of time"), "{text}");
    assert!(text.contains("0-1 black wins by time forfeit"), "{text}");
}

#[test]
fn series_best_of_three_reports_the_winner() {
    let near_mate = "6k1/5ppp/8/8/8/8/3r4/R5K1 w - - 0 1 ~";
    // Every game: White mates at once. A is White in games 1 and 3: A wins 2-1.
    let o = with_input(
        &[
            "series",
            "qec",
            "--position",
            near_mate,
            "--players",
            "Ada,Max",
            "--move-time",
            "0",
        ],
        "a1-a8\na1-a8\na1-a8\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("=== game 2: Max plays white, Ada plays black ==="),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("series: Ada wins (games, Ada's score first: 1-0, 0-1, 1-0)"),
        "{text}"
    );
}

#[test]
fn dice_moves_show_the_die_then_the_rolled_piece_s_moves() {
    let o = omnichess(&["moves", "dice"]);
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("to-act: chance"));
    let faces: Vec<(String, f64)> = lines
        .map(|l| {
            let (face, p) = l.split_once(' ').expect("FACE PROBABILITY");
            (face.to_owned(), p.parse().expect("a decimal"))
        })
        .collect();
    let names: Vec<&str> = faces.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(names, ["[P]", "[N]", "[B]", "[R]", "[Q]", "[K]"]);
    let brqk: f64 = faces[2..].iter().map(|(_, p)| p).sum();
    assert!((brqk - 0.45).abs() < 1e-9, "{brqk}");
    assert_eq!(
        stdout(&omnichess(&["moves", "dice", "--after", "[B]"])),
        "to-act: white\n--\n"
    );
    assert_eq!(
        stdout(&omnichess(&["moves", "dice", "--after", "[N]"])),
        "to-act: white\nNa3\nNc3\nNf3\nNh3\n"
    );
}

#[test]
fn dice_odds_are_exact() {
    assert_eq!(stdout(&omnichess(&["odds", "dice"])), "0.45\n");
    let fair = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die:fair";
    let o = omnichess(&["odds", "dice", "--position", fair]);
    assert_eq!(stdout(&o), "0.6666666666666666\n");
    assert_user_error(&omnichess(&["odds", "classic"]), "no roll is due");
    assert_user_error(
        &omnichess(&["odds", "dice", "--after", "[N]"]),
        "no roll is due",
    );
}

#[test]
fn dice_records_replay_with_rolls() {
    let path = temp_file("dice.pgn", "1. [N] Nf3 [B] -- 2. [P] e4 [K] -- *\n");
    let o = omnichess(&["replay", "dice", path.to_str().expect("path")]);
    assert!(
        stdout(&o).starts_with("ok: 8 decisions replayed"),
        "{}",
        stdout(&o)
    );
    let bad = temp_file("dice-bad.pgn", "1. [N] Bc4 *\n");
    assert_user_error(
        &omnichess(&["replay", "dice", bad.to_str().expect("path")]),
        "the die showed N",
    );
}

#[test]
fn dice_play_rolls_for_chance_reproducibly_and_undo_never_re_rolls() {
    let script = "--\nundo\nundo\nsave /dev/null\nquit\n";
    let a = stdout(&with_input(&["play", "dice", "--seed", "5"], script));
    let b = stdout(&with_input(&["play", "dice", "--seed", "5"], script));
    assert_eq!(a, b, "the same seed and moves give the same rolls");
    let rolls: Vec<&str> = a
        .lines()
        .filter_map(|l| l.split("chance: [").nth(1))
        .collect();
    assert_eq!(rolls, ["R]", "N]"], "{a}");
    assert!(
        a.contains("nothing to undo"),
        "undo stops before the first roll: {a}"
    );
}

#[test]
fn multiverse_moves_and_actions_follow_the_contract() {
    let o = omnichess(&["moves", "multiverse"]);
    let text = stdout(&o);
    assert!(text.starts_with("to-act: white\n"));
    assert_eq!(text.lines().count(), 21);
    assert!(text.contains("(0T1)Ng1f3\n"));
    let o = omnichess(&["moves", "multiverse", "--after", "(0T1)e2e4"]);
    assert_eq!(stdout(&o), "to-act: white\nsubmit\n");
    let o = omnichess(&["moves", "multiverse", "--after", "(0T1)e2e4 submit"]);
    assert!(stdout(&o).starts_with("to-act: black\n"));
    let zero = "[Board \"Standard - Turn Zero\"]";
    let o = omnichess(&["perft", "multiverse", "--position", zero, "--depth", "2"]);
    assert_eq!(stdout(&o), "20\n", "each first move, then only submit");
    let game = "[Board \"Standard\"]\n1. e3 / Nf6\n2. Bb5 / e6\n";
    let path = temp_file("std.5dpgn", game);
    let o = omnichess(&[
        "actions",
        "multiverse",
        path.to_str().expect("path"),
        "--cap",
        "1000",
    ]);
    assert_eq!(stdout(&o), "20 20 32 23 46\n");
    assert_user_error(
        &omnichess(&["moves", "multiverse", "--position", "[Board \"Nope\"]"]),
        "unknown variant",
    );
    assert_user_error(
        &omnichess(&["moves", "multiverse", "--after", "submit"]),
        "the present is still yours",
    );
}

/// One line on stderr, status 2, and no 41 characters of `token` in a row.
fn assert_short_error(o: &std::process::Output, token: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{}", &err[..err.len().min(300)]);
    assert_eq!(err.lines().count(), 1, "{}", &err[..err.len().min(300)]);
    let run: String = token.chars().take(41).collect();
    assert!(
        !err.contains(&run),
        "echoed at length: {}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 1200, "{} bytes: {}", err.len(), &err[..300]);
}

#[test]
fn a_megabyte_token_is_quoted_by_a_short_prefix_everywhere() {
    // 100 000 characters on the command line (the most one argument may hold is 128 KiB), a
    // megabyte in a file.
    let token = "x".repeat(100_000);
    let with_move = format!("Nf3{token}");
    for variant in ["classic", "qec", "dice", "multiverse", "realms", "dmchess"] {
        assert_short_error(&omnichess(&["moves", variant, "--after", &token]), &token);
        assert_short_error(
            &omnichess(&["perft", variant, "--position", &token, "--depth", "1"]),
            &token,
        );
    }
    assert_short_error(
        &omnichess(&["moves", "classic", "--after", &with_move]),
        &token,
    );
    assert_short_error(&omnichess(&["perft", &token, "--depth", "1"]), &token);
    assert_short_error(&omnichess(&["perft", "classic", "--depth", &token]), &token);
    assert_short_error(
        &omnichess(&[
            "match", "classic", "--a", &token, "--b", "random", "--games", "1",
        ]),
        &token,
    );
    // A record: the token is quoted in the decision and again in the reason.
    let megabyte = "x".repeat(1 << 20);
    let path = temp_file("megabyte.pgn", &format!("1. e4 e5 2. Nf3{megabyte} *\n"));
    let p = path.to_str().expect("path");
    assert_short_error(&omnichess(&["replay", "classic", p]), &token);
    assert_short_error(&omnichess(&["actions", "classic", p]), &token);
}

#[test]
fn negative_and_out_of_range_numbers_say_the_range() {
    for (args, range) in [
        (&["perft", "classic", "--depth", "-1"][..], "from 0 to 15"),
        (&["analyze", "classic", "--depth", "-1"], "from 1 to 64"),
        (&["analyze", "classic", "--nodes", "-3"], "1 or more"),
        (
            &["analyze", "classic", "--time", "-5"],
            "positive number of seconds",
        ),
        (
            &["play", "classic", "--move-time", "-5"],
            "(0: no limit) from 0 to 86400",
        ),
        (&["play", "classic", "--seed", "-5"], "whole number"),
        (&["actions", "classic", "x.pgn", "--cap", "-1"], "1 or more"),
        (
            &[
                "match", "classic", "--a", "random", "--b", "random", "--games", "-1",
            ],
            "1 or more",
        ),
        (
            &[
                "match", "classic", "--a", "random", "--b", "random", "--games", "1", "--jobs", "0",
            ],
            "1 or more",
        ),
    ] {
        let o = omnichess(args);
        assert_user_error(&o, range);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !err.contains("tip:") && !err.contains("invalid digit"),
            "{err}"
        );
    }
}

#[test]
fn perft_refuses_depths_no_one_can_finish_and_shows_progress_on_long_counts() {
    assert_user_error(
        &omnichess(&["perft", "classic", "--depth", "999"]),
        "would never finish",
    );
    assert_user_error(
        &omnichess(&["perft", "classic", "--depth", "16"]),
        "at most 15 plies",
    );
    // Not a terminal: a line at every interval (10 s; shortened here) until the count ends.
    let o = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["perft", "classic", "--depth", "5"])
        .env("OMNICHESS_PROGRESS_SECONDS", "0.01")
        .output()
        .expect("runs");
    assert_eq!(stdout(&o), "4865609\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.lines()
            .next()
            .is_some_and(|l| l.starts_with("perft depth 5: ")
                && l.contains("/20 first decisions done after")),
        "{err}"
    );
}

#[test]
fn a_game_record_given_as_a_position_is_refused() {
    let game = "[Mode \"5D\"]\n[Board \"Standard\"]\n\n1. e3 / e6\n2. Qf3\n";
    let path = temp_file("record.5dpgn", game);
    let arg = format!("@{}", path.display());
    for command in [
        &["perft", "multiverse", "--position", &arg, "--depth", "1"][..],
        &["moves", "multiverse", "--position", &arg],
        &["analyze", "multiverse", "--position", &arg, "--depth", "1"],
    ] {
        assert_user_error(&omnichess(command), "--after");
    }
    let pgn = temp_file("record.pgn", "[Event \"t\"]\n\n1. e4 e5 *\n");
    let arg = format!("@{}", pgn.display());
    assert_user_error(
        &omnichess(&["moves", "classic", "--position", &arg]),
        "game record (2 decisions)",
    );
    // A 5D position text with tags and boards, without moves, is still a position.
    let o = omnichess(&[
        "perft",
        "multiverse",
        "--position",
        "[Board \"Standard\"]",
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&o), "20\n");
}

#[test]
fn empty_positions_and_records_are_errors() {
    for variant in ["classic", "multiverse", "dmchess"] {
        assert_user_error(
            &omnichess(&["perft", variant, "--position", "", "--depth", "1"]),
            "--position needs a position text",
        );
        assert_user_error(
            &omnichess(&["moves", variant, "--position", "  "]),
            "it is empty",
        );
    }
    let empty = temp_file("empty.fen", "\n");
    let arg = format!("@{}", empty.display());
    assert_user_error(
        &omnichess(&["moves", "classic", "--position", &arg]),
        "is empty",
    );
    for (variant, name) in [("classic", "empty.pgn"), ("multiverse", "empty.5dpgn")] {
        let path = temp_file(name, " \n\n");
        let p = path.to_str().expect("path");
        assert_user_error(&omnichess(&["actions", variant, p]), "is empty");
        assert_user_error(&omnichess(&["replay", variant, p]), "is empty");
    }
}

#[test]
fn help_about_help_plays_and_agents() {
    for args in [
        &["help", "--help"][..],
        &["help", "-h"],
        &["help", "perft", "--help"],
    ] {
        let o = omnichess(args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(stdout(&o).contains("Usage:"), "{args:?}");
    }
    let top = stdout(&omnichess(&["--help"]));
    let play_line = top
        .lines()
        .find(|l| l.trim_start().starts_with("play"))
        .expect("play");
    assert!(play_line.contains("against the computer"), "{play_line}");
    for command in ["play", "match"] {
        let text = stdout(&omnichess(&[command, "--help"]));
        assert!(text.contains("uci:PATH"), "{command} --help: {text}");
    }
}

#[test]
fn counts_of_one_are_singular() {
    let path = temp_file("one-move.pgn", "1. e4 *\n");
    let o = omnichess(&["replay", "classic", path.to_str().expect("path")]);
    assert!(
        stdout(&o).starts_with("ok: 1 decision replayed;"),
        "{}",
        stdout(&o)
    );
    let path = temp_file("two-moves.pgn", "1. e4 e5 *\n");
    let o = omnichess(&["replay", "classic", path.to_str().expect("path")]);
    assert!(
        stdout(&o).starts_with("ok: 2 decisions replayed;"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn variants_multiverse_lists_the_named_starts_with_their_position_text() {
    let o = omnichess(&["variants", "multiverse"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("multiverse\t"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("Standard - Turn Zero\t"))
        .expect("Turn Zero listed");
    let position = line
        .split("--position '")
        .nth(1)
        .and_then(|p| p.strip_suffix('\''))
        .expect("the position text");
    assert_eq!(position, "[Board \"Standard - Turn Zero\"]");
    let named = text
        .lines()
        .filter(|l| l.contains("--position '[Board"))
        .count();
    assert!(named > 40, "{named}: {text}");
    // Every listed text opens its start.
    for line in text.lines().filter(|l| l.contains("--position '[Board")) {
        let position = line
            .split("--position '")
            .nth(1)
            .and_then(|p| p.strip_suffix('\''));
        let o = omnichess(&["moves", "multiverse", "--position", position.expect("text")]);
        assert!(
            o.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert_user_error(&omnichess(&["variants", "chess960"]), "unknown variant");
    let o = omnichess(&["variants", "classic"]);
    assert_eq!(stdout(&o).lines().count(), 1);
}
