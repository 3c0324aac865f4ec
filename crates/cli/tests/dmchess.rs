//! The `dmchess` command contract: `moves` prints `to-act: light|dark|none` then
//! EDAN moves, `perft`, `--after` in EDAN, records, the diagram, and one clear line with
//! status 2 for every bad input.

use crate::common::{
    assert_user_error, omnichess, stdout, temp_file, with_input, with_input_columns,
};

const EMPTY: &str = "8/8/8/8/8/8/8/8";

/// A Light knight (DEL 2) on D1 f5, a leap from the D1-D3 portal e3; kings and a pawn on D8.
fn knight_position() -> String {
    let mut boards = [EMPTY; 8];
    boards[0] = "8/8/8/5N22/8/8/8/8";
    boards[7] = "7k8/8/8/8/8/8/P87/K87";
    format!("{} l - 0 1 0/8 - - -", boards.join("|"))
}

#[test]
fn dmchess_moves_prints_light_then_edan_moves() {
    let o = omnichess(&["moves", "dmchess"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "to-act: light");
    assert_eq!(lines.len(), 110);
    for m in ["Pd1a2-d1a4", "Nd1g1-d1f3", "Pd1d2-d2d5"] {
        assert!(lines.contains(&m), "{m} missing");
    }
    let o = omnichess(&["moves", "dmchess", "--after", "Pd1a2-d1a4"]);
    assert!(stdout(&o).starts_with("to-act: dark\n"));
    // The knight's crossings to D3 through e3 (4.2): d1 f1 c2 g2.
    let o = omnichess(&["moves", "dmchess", "--position", &knight_position()]);
    let text = stdout(&o);
    let to_d3: Vec<&str> = text.lines().filter(|l| l.contains("-d3")).collect();
    assert_eq!(
        to_d3,
        ["Nd1f5-d3d1", "Nd1f5-d3f1", "Nd1f5-d3c2", "Nd1f5-d3g2"]
    );
}

#[test]
fn dmchess_perft_prints_the_count_last() {
    let o = omnichess(&["perft", "dmchess", "--depth", "2"]);
    assert_eq!(stdout(&o), "12113\n");
    let o = omnichess(&["perft", "dmchess", "--depth", "1", "--divide"]);
    let text = stdout(&o);
    assert_eq!(text.lines().last(), Some("109"));
    assert!(text.contains("Pd1a2-d1a4: 1"), "{text}");
}

#[test]
fn dmchess_after_reads_edan_with_or_without_the_pawn_letter() {
    let o = omnichess(&[
        "moves",
        "dmchess",
        "--after",
        "d1a2-d1a4 Pd1a7-d1a5 Nd1g1-d1f3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("to-act: dark\n"));
}

#[test]
fn dmchess_bad_input_is_one_line_and_status_2() {
    let o = omnichess(&["moves", "dmchess", "--after", "Pd1e2-d1e4"]);
    assert_user_error(&o, "portal");
    let o = omnichess(&["moves", "dmchess", "--after", "Qd1d1-d3d5"]);
    assert_user_error(&o, "Qd1d1-d3d5");
    let o = omnichess(&["moves", "dmchess", "--after", "e4"]);
    assert_user_error(&o, "EDAN");
    for (position, needle) in [
        ("nonsense", "9 fields"),
        ("8/8 l - 0 1 0/8 - - -", "8 boards"),
        (
            &knight_position().replace("N22", "N92") as &str,
            "DEL digit",
        ),
        (&knight_position().replace("7k8", "8"), "dark has no king"),
        (&(knight_position() + " portals=1-1:e4"), "to itself"),
    ] {
        let o = omnichess(&["moves", "dmchess", "--position", position]);
        assert_user_error(&o, needle);
    }
}

#[test]
fn dmchess_replay_and_actions_read_an_edan_record() {
    let record = "[Variant \"DMChess\"]\n\n1. Pd1a2-d1a4 Pd1a7-d1a5 2. Nd2b1-d2a3 *\n";
    let path = temp_file("dmchess.pgn", record);
    let path = path.to_str().expect("path");
    let o = omnichess(&["replay", "dmchess", path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = omnichess(&["actions", "dmchess", path, "--cap", "1000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bad = temp_file(
        "dmchess-bad.pgn",
        "[Variant \"DMChess\"]\n\n1. Pd1e2-d1e4 *\n",
    );
    let o = omnichess(&["replay", "dmchess", bad.to_str().expect("path")]);
    assert_user_error(&o, "Pd1e2-d1e4");
}

#[test]
fn dmchess_diagram_shows_eight_boards_in_two_rows_within_200_columns() {
    let o = with_input_columns(&["play", "dmchess", "--ascii"], "Pd1a2-d1a4\nquit\n", 200);
    let text = stdout(&o);
    let header = text
        .lines()
        .find(|l| l.contains("D1"))
        .expect("board titles");
    for d in ["D1", "D2", "D3", "D4"] {
        assert!(header.contains(d), "{header}");
    }
    assert!(text.lines().any(|l| l.contains("D5") && l.contains("D8")));
    assert!(text.lines().all(|l| l.chars().count() <= 200));
    // Pieces with their DEL, portals with their target board, energy squares.
    assert!(text.contains("R1 N1 B1 Q1 K1 B1 N1 R1"), "{text}");
    assert!(text.contains("@2"), "{text}");
    assert!(text.contains(" E "), "{text}");
    assert!(text.contains("Portals shift in 8 full turns"), "{text}");
    // After Light's move the boards turn for Dark: its first rank at the bottom, files h-a,
    // the move marked (D1's a2 and a4).
    assert!(text.contains(" 1 R1 N1 B1 K1 Q1 B1 N1 R1"), "{text}");
    assert!(text.contains("   h  g  f  e  d  c  b  a"), "{text}");
    assert!(text.contains("P1 P1[.] 2"), "{text}");
    assert!(text.contains("[P] 4"), "{text}");
}

#[test]
fn dmchess_boards_fit_a_narrow_terminal() {
    // 100 columns hold two boards a line: D1 D2 / D3 D4 / … (4 in 3 places would be 3 + 1).
    let o = with_input(&["play", "dmchess", "--ascii"], "quit\n");
    let text = stdout(&o);
    let boards = text.split("Light to move").next().unwrap_or("");
    assert!(boards.lines().all(|l| l.chars().count() <= 100), "{text}");
    let titles: Vec<&str> = text
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with('D') && t[1..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(str::trim)
        .collect();
    assert_eq!(
        titles,
        [
            "D1                              D2",
            "D3                              D4",
            "D5                              D6",
            "D7                              D8"
        ]
    );
}

#[test]
fn dmchess_help_in_play_teaches_edan() {
    let o = with_input(&["play", "dmchess"], "help\nquit\n");
    let text = stdout(&o);
    for needle in ["Pd1a2-d1a4", "Qd2e4-d5f6", "DEL", "portal", "Kd1e1-d3g1"] {
        assert!(text.contains(needle), "help lacks `{needle}`: {text}");
    }
    // 7.4.3-7.4.4 draw by themselves: the help does not offer to claim them.
    assert!(text.contains("a variant that draws by itself has none to claim"));
    let o = with_input(&["play", "dmchess"], "draw\nquit\n");
    assert!(stdout(&o).contains("no draw can be claimed in this position"));
}

#[test]
fn dmchess_play_shows_a_pieces_del_and_takes_a_resignation() {
    let o = with_input(
        &["play", "dmchess"],
        "del d2d1\ndel d1e4\ndel e4\nresign\nquit\n",
    );
    let text = stdout(&o);
    for needle in [
        "d2d1: light queen, DEL 2: may cross to D1-D4",
        "d1e4: a portal to D7",
        "usage: del SQUARE",
        "0-1 dark wins by resignation",
    ] {
        assert!(text.contains(needle), "lacks `{needle}`: {text}");
    }
}

#[test]
fn dmchess_profile_replaces_portals_energy_and_shifts() {
    let sparse = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../variants/src/dmchess/sparse.profile"
    );
    // The position text after a move carries the profile.
    let (count, _) = under_profile(sparse, "2", "Nd1g1-d1h3");
    assert_eq!(count, "19612\n");
    let bad = temp_file("bad.profile", "portals=1-2:e2\nenergy=1:a3\nshifts=id\n");
    let o = omnichess(&["moves", "dmchess", "--profile", bad.to_str().expect("path")]);
    assert_user_error(&o, "D1 has 1 energy square, ");
    let o = omnichess(&[
        "perft",
        "dmchess",
        "--depth",
        "1",
        "--profile",
        "/nonexistent.profile",
    ]);
    assert_user_error(&o, "nonexistent.profile");
}

/// A profile states what it changes (docs/rules/dmchess.md, the profile's keys): one without
/// `energy=` keeps the default energy squares, so the default's portals and shift table alone
/// are the default profile, not an invalid position.
#[test]
fn dmchess_a_profile_without_energy_keeps_the_default_energy_squares() {
    let default = include_str!("../../variants/src/dmchess/default.profile");
    let portals_and_shifts: String = default
        .lines()
        .filter(|l| !l.starts_with("energy="))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = temp_file("no-energy.profile", &portals_and_shifts);
    let path = path.to_str().expect("path");
    let (count, moves) = under_profile(path, "1", "Pd1a2-d1a4");
    assert_eq!(count, "109\n");
    assert!(moves.starts_with("to-act: dark\n"), "{moves}");
}

/// Under `--profile PROFILE`: the output of `perft dmchess --depth DEPTH` and of `moves
/// dmchess --after AFTER`, both of which must succeed.
fn under_profile(profile: &str, depth: &str, after: &str) -> (String, String) {
    let commands: [&[&str]; 2] = [
        &["perft", "dmchess", "--depth", depth, "--profile", profile],
        &["moves", "dmchess", "--profile", profile, "--after", after],
    ];
    let [count, moves] = commands.map(|args| {
        let o = omnichess(args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    });
    (count, moves)
}

/// `replay` and `actions` quote a refused decision's position as `--after` does: DMChess's
/// 800-character text by its first 40 characters.
#[test]
fn dmchess_replay_and_actions_quote_a_refused_decision_s_position_short() {
    let record = temp_file("refused.pgn", "1. Pd1a2-d1a5 *\n");
    let record = record.to_str().expect("path");
    for command in ["replay", "actions"] {
        let o = omnichess(&[command, "dmchess", record]);
        assert_user_error(
            &o,
            "decision 1 (`Pd1a2-d1a5`, record line 1) in position \
             `r1*n1b1q1k1*b1n1r1*/p1p1p1p1p1p1p1p1/8/8…`: illegal decision `Pd1a2-d1a5`",
        );
        assert!(String::from_utf8_lossy(&o.stderr).len() < 250, "{command}");
    }
}

#[test]
fn dmchess_an_empty_or_garbage_profile_is_refused_and_a_refused_move_quotes_its_position_short() {
    for (name, text, needle) in [
        ("empty.profile", "", "holds no `key=value` token"),
        (
            "comments.profile",
            "# only a comment\n\n",
            "holds no `key=value` token",
        ),
        ("garbage.profile", "garbage\n", "holds `garbage`"),
    ] {
        let path = temp_file(name, text);
        let o = omnichess(&[
            "perft",
            "dmchess",
            "--depth",
            "1",
            "--profile",
            path.to_str().expect("path"),
        ]);
        assert_user_error(&o, needle);
    }
    // The standard start's text is about 800 characters: an error quotes its first 40.
    let o = omnichess(&["moves", "dmchess", "--after", "Pd1e2-d1e4"]);
    assert_user_error(
        &o,
        "--after decision 1 in position `r1*n1b1q1k1*b1n1r1*/p1p1p1p1p1p1p1p1/8/8…`",
    );
    assert!(String::from_utf8_lossy(&o.stderr).len() < 200);
    // `moves --help` names DMChess's players.
    let o = omnichess(&["moves", "--help"]);
    assert!(
        stdout(&o).contains("DMChess `light` or `dark`"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn dmchess_play_on_the_time_controls_of_8_1() {
    for (control, shown) in [
        ("blitz", "clocks: light 5:00 (+3 s), dark 5:00 (+3 s)"),
        ("rapid", "clocks: light 25:00 (+10 s), dark 25:00 (+10 s)"),
        ("standard", "clocks: light 90:00, dark 90:00"),
    ] {
        let o = with_input(&["play", "dmchess", "--time-control", control], "quit\n");
        assert!(stdout(&o).contains(shown), "{control}: {}", stdout(&o));
    }
    let o = omnichess(&["play", "dmchess", "--time-control", "bullet"]);
    assert_user_error(
        &o,
        "--time-control `bullet` is not a time control of dmchess (its rules name standard, \
         rapid or blitz)",
    );
    // The controls are DMChess's own: another variant's rules name none.
    let o = omnichess(&["play", "classic", "--time-control", "blitz"]);
    assert_user_error(&o, "is not a time control of classic (its rules name none)");
    let o = omnichess(&[
        "match",
        "dmchess",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--time-control",
        "bullet",
    ]);
    assert_user_error(&o, "its rules name standard, rapid or blitz");
}

/// Ruling K.6 in `play`: Light's kings on D1 and D2 are each checked by a rook; Light saves
/// the D1 king and the D2 king leaves the game. It was not captured, so the material line
/// does not say Dark took it (the view lists it as departed).
#[test]
fn dmchess_play_does_not_count_a_forked_king_as_taken() {
    let mut boards = [EMPTY; 8];
    boards[0] = "8/8/8/8/8/8/8/K16r1";
    boards[1] = "8/8/8/8/8/8/8/K26r2";
    boards[2] = "4k33/8/8/8/8/8/8/8";
    let position = format!("{} l - 0 1 0/8 - - -", boards.join("|"));
    let o = with_input(
        &["play", "dmchess", "--position", &position],
        "Kd1a1-d1a2\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.contains("Light lost 1 king to dark"),
        "the king leaves: {text}"
    );
    assert!(!text.contains("took"), "no capture is counted: {text}");
}
