//! The `realms` command contract: position text, `moves`, `perft`, `--after` in
//! long algebraic and SAN, records, the diagram, and one clear line for every bad input.

use crate::common::{assert_user_error, omnichess, stdout, temp_file, with_input};

/// White king a1 (heavens), a pawn on n4, Black king z8 (underworld): the example.
const PAWN_N4: &str = "8/8/8/8/8/8/8/K7|8/8/8/8/4W3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1";

#[test]
fn realms_moves_prints_who_acts_then_long_algebraic_moves() {
    let o = omnichess(&["moves", "realms", "--position", PAWN_N4]);
    assert!(o.status.success());
    let text = stdout(&o);
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.remove(0), "to-act: white");
    lines.sort_unstable();
    // P.1: the pawn steps to n5 (nothing to capture); P.6: the king in the heavens moves
    // orthogonally only: b1, a2 and down to j1.
    assert_eq!(lines, ["a1a2", "a1b1", "a1j1", "n4n5"]);
}

#[test]
fn realms_perft_prints_the_count_last() {
    let o = omnichess(&["perft", "realms", "--depth", "2"]);
    assert_eq!(stdout(&o), "6724\n");
    let o = omnichess(&["perft", "realms", "--depth", "2", "--divide"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 83);
    assert_eq!(lines.last(), Some(&"6724"));
    assert!(lines.contains(&"n2n4: 82"), "{text}");
}

#[test]
fn realms_after_reads_long_algebraic_and_san_with_the_seeds_letters() {
    // White: n2n4 (long); Black: Hcd5 (the horse from c7 in the heavens: the e7 horse reaches
    // d5 too); White: Wm4 (W for a pawn); Black: Mt6 (M for the imp on t7).
    let o = omnichess(&["moves", "realms", "--after", "n2n4 Hcd5 Wm4 Mt6"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("to-act: white\n"));
    let o = omnichess(&["moves", "realms", "--after", "n2n4 Hd5"]);
    assert_user_error(&o, "ambiguous");
    // R.4: castling entered as the rook taking its own king, once the way is clear.
    let o = omnichess(&[
        "moves",
        "realms",
        "--position",
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1",
        "--after",
        "q1n1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn realms_bad_input_is_one_line_and_status_2() {
    for (position, needle) in [
        ("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1", "three boards"),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/4Z3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "unknown piece letter `Z`",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/4W3/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1",
            "black has 0 kings",
        ),
        (
            "8/8/8/8/8/8/8/KK6|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "white has 2 kings",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/A7 w - - 0 1",
            "angel",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 x - - 0 1",
            "side to move",
        ),
    ] {
        let o = omnichess(&["moves", "realms", "--position", position]);
        assert_user_error(&o, needle);
    }
    let o = omnichess(&["moves", "realms", "--after", "n2n5"]);
    assert_user_error(&o, "cannot move to n5");
    let o = omnichess(&["moves", "realms", "--after", "Zz9"]);
    assert_user_error(&o, "cannot read");
    // R.6.1: a promotion suffix on a move that is not a promotion names the move.
    for after in ["n2n4=Q", "n4=G"] {
        let o = omnichess(&["moves", "realms", "--after", after]);
        assert_user_error(&o, "n2n4 is not a promotion: write it without `=");
    }
    let o = omnichess(&["perft", "realms", "--depth", "1", "--position", "nonsense"]);
    assert_user_error(&o, "6 or 7 fields");
}

/// Ruling G.6: every placement no game can reach is refused the same way (one line on
/// stderr, status 2), as the angel in the underworld above.
#[test]
fn realms_unreachable_placements_are_one_line_and_status_2() {
    for (position, needle) in [
        (
            "8/8/8/8/7I/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "white imp on h4 stands in the heavens",
        ),
        (
            "8/H7/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "white honorable horse on a7 stands on an odd rank",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/7H|7k/8/8/8/8/8/8/8 w - - 0 1",
            "white honorable horse on q1 stands on its own back rank",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|i6k/8/8/8/8/8/8/8 w - - 0 1",
            "black imp on s8 stands on its own back rank",
        ),
    ] {
        let o = omnichess(&["moves", "realms", "--position", position]);
        assert_user_error(&o, needle);
    }
}

#[test]
fn realms_replay_and_actions_read_pgn_with_a_start_position() {
    let record = "[Variant \"Three Realms Chess\"]\n\
                  [SetUp \"1\"]\n\
                  [FEN \"8/8/8/8/8/8/8/K7|8/8/8/8/4W3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1\"]\n\n\
                  1. n5 Kz7 2. n6 Kz6 3. n7 Kz5 4. n8=G *\n";
    let path = temp_file("realms.pgn", record);
    let path = path.to_str().expect("path");
    let o = omnichess(&["replay", "realms", path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = omnichess(&["actions", "realms", path, "--cap", "1000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bad = temp_file(
        "realms-bad.pgn",
        "[Variant \"Three Realms Chess\"]\n\n1. n2n5 *\n",
    );
    let o = omnichess(&["replay", "realms", bad.to_str().expect("path")]);
    assert_user_error(&o, "n2n5");
}

#[test]
fn realms_diagram_shows_three_boards_with_the_heavens_on_whites_left() {
    let o = with_input(&["play", "realms", "--ascii"], "n2n4\nquit\n");
    let text = stdout(&o);
    let first = text
        .lines()
        .find(|l| l.contains("heavens"))
        .expect("realm titles");
    // R.1a: White sees heavens, Earth, underworld from left to right.
    let (h, e, u) = (
        first.find("heavens").expect("h"),
        first.find("Earth").expect("e"),
        first.find("underworld").expect("u"),
    );
    assert!(h < e && e < u, "{first}");
    assert!(text.contains("   a  b  c  d  e  f  g  h     "), "{text}");
    // Three Realms' own pieces by their letters, the dark squares `:` (R.1).
    assert!(text.contains(" 8 s  s  a  p  p  a  s  s  8"), "{text}");
    assert!(text.contains(" 6 :  .  :  .  :  .  :  .  6"), "{text}");
    // After White's move the board turns for Black: the heavens on the right, files reversed.
    let black = text
        .lines()
        .filter(|l| l.contains("heavens"))
        .nth(1)
        .expect("second diagram");
    assert!(black.find("heavens") > black.find("underworld"), "{black}");
    assert!(text.contains("   h  g  f  e  d  c  b  a"), "{text}");
    // The move marked: n2 and n4 on Earth, seen from Black's side.
    assert!(text.contains(" 2 W  W  W [.] W  W  W  W  2"), "{text}");
    assert!(text.contains(" 4 :  .  : [W] :  .  :  .  4"), "{text}");
}

#[test]
fn realms_help_in_play_teaches_the_notation() {
    let o = with_input(&["play", "realms"], "help\nquit\n");
    let text = stdout(&o);
    for needle in [
        "n2n4",
        "heavens a-h",
        "q1n1",
        "exw5",
        "X fallen angel",
        "Or type one of",
    ] {
        assert!(text.contains(needle), "help lacks `{needle}`: {text}");
    }
}

#[test]
fn realms_against_the_computer_the_boards_stay_on_the_humans_side() {
    let o = with_input(
        &["play", "realms", "--vs", "engine:depth=1"],
        "n2n4\nquit\n",
    );
    let text = stdout(&o);
    let titles: Vec<&str> = text.lines().filter(|l| l.contains("heavens")).collect();
    // The start and the position after the computer's reply (your move is not drawn twice).
    assert!(titles.len() >= 2, "{text}");
    for t in titles {
        assert!(t.find("heavens") < t.find("underworld"), "{t}");
    }
    assert!(text.contains("black plays: "), "{text}");
}

/// Ruling R.5.2 (Article 6.9 as the seed words it): White's king and queen on Earth against
/// Black's bare king; White's flag falls, and Black cannot win, so the game is drawn.
#[test]
fn realms_a_flag_fall_against_a_bare_king_on_earth_is_a_draw() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let position = "8/8/8/8/8/8/8/8|7k/8/8/8/8/3Q4/8/K7|8/8/8/8/8/8/8/8 w - - 0 1 -";
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args([
            "play",
            "realms",
            "--clock",
            "0.01+0",
            "--position",
            position,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::sleep(std::time::Duration::from_millis(1600));
    stdin.write_all(b"j1k1\nquit\n").expect("write");
    drop(stdin);
    let text = stdout(&child.wait_with_output().expect("ends"));
    assert!(text.contains("white ran out of time"), "{text}");
    assert!(
        text.contains("1/2-1/2 draw by timeout vs insufficient material"),
        "{text}"
    );
}
