//! The engine's command-line contract: `analyze`, `match`, `play --vs` and `uci`,
//! exercised through the built binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::common::{assert_user_error, omnichess, stdout, temp_file, with_input};

/// Scholar's mate is one move away (h5f7).
const SCHOLAR: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

#[test]
fn analyze_prints_progress_then_bestmove_last() {
    let o = omnichess(&["analyze", "classic", "--position", SCHOLAR, "--depth", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("info depth 1 score mate 1 "), "{out}");
    assert_eq!(lines.last(), Some(&"bestmove h5f7"), "{out}");
}

#[test]
fn analyze_searches_a_single_legal_move_to_the_depth_asked() {
    // A knight checks from f2: Kg1 is White's only move. Play would stop at depth 1 there;
    // analysis reports every depth asked for, each line's variation longer by one.
    let position = "k7/p7/8/8/8/8/5nPP/R6K w - - 0 1";
    let o = omnichess(&["analyze", "classic", "--position", position, "--depth", "4"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let infos: Vec<&str> = out.lines().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 4, "{out}");
    for (depth, line) in (1..).zip(&infos) {
        assert!(line.starts_with(&format!("info depth {depth} ")), "{out}");
        let pv: Vec<&str> = line
            .split(" pv ")
            .nth(1)
            .unwrap_or_default()
            .split(' ')
            .collect();
        assert_eq!((pv[0], pv.len()), ("h1g1", depth), "{out}");
    }
    assert_eq!(out.lines().last(), Some("bestmove h1g1"), "{out}");
}

#[test]
fn analyze_plays_after_and_gives_a_whole_5d_turn() {
    let o = omnichess(&["analyze", "multiverse", "--depth", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let best = out.lines().last().unwrap_or_default();
    // One move on the only board, then the submit.
    let words: Vec<&str> = best.split(' ').collect();
    assert_eq!(
        (words.len(), words[0], words[2]),
        (3, "bestmove", "submit"),
        "{out}"
    );
    assert!(words[1].starts_with("(0T1)"), "{out}");

    let o = omnichess(&["analyze", "classic", "--after", "f3 e5 g4", "--depth", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("bestmove d8h4"));
}

#[test]
fn analyze_needs_a_limit_and_reports_bad_input_in_one_line() {
    assert_user_error(&omnichess(&["analyze", "classic"]), "--depth");
    assert_user_error(
        &omnichess(&["analyze", "classic", "--time", "0"]),
        "positive number of seconds",
    );
    assert_user_error(
        &omnichess(&["analyze", "classic", "--after", "e5", "--depth", "2"]),
        "--after decision 1",
    );
    assert_user_error(
        &omnichess(&["analyze", "chess960", "--depth", "2"]),
        "unknown variant",
    );
}

#[test]
fn match_ends_with_elo_then_result() {
    let o = omnichess(&[
        "match",
        "classic",
        "--a",
        "engine:depth=2",
        "--b",
        "random",
        "--games",
        "4",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("elo: ") && lines[0].ends_with("(95%)"),
        "{out}"
    );
    let result = lines[1].strip_prefix("result: +").expect("result line");
    let numbers: Vec<u32> = result
        .split([' ', '=', '-', '+'])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a count"))
        .collect();
    assert_eq!(numbers.iter().sum::<u32>(), 4, "{out}");
    assert!(numbers[0] >= 3, "the engine beats random: {out}");
    // The progress bar went to stderr, and after it each side's slowest turn.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("4/4"), "{err}");
    let slowest = err
        .lines()
        .find_map(|l| l.strip_prefix("slowest turn: A "))
        .expect("the slowest turns");
    let (a, b) = slowest.split_once(" s, B ").expect("A then B");
    let seconds = |t: &str| t.trim_end_matches(" s").parse::<f64>().expect("seconds");
    assert!(seconds(a) > 0.0 && seconds(b) >= 0.0, "{err}");
    // Then the turn that took longest per decision, with its whole time and decisions.
    let per_decision = err
        .lines()
        .find_map(|l| l.strip_prefix("slowest per decision: A "))
        .expect("the slowest turns per decision");
    let (a, _) = per_decision.split_once(", B ").expect("A then B");
    let (each, whole) = a.split_once(" s (").expect("per decision, then the turn");
    let (whole, count) = whole
        .split_once(" s for ")
        .expect("the turn's time and size");
    let count: u32 = count
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("decisions");
    assert!(count >= 1, "{err}");
    let (each, whole) = (seconds(each), seconds(whole));
    assert!(
        each > 0.0 && (each * f64::from(count) - whole).abs() < 0.002,
        "{err}"
    );
}

#[test]
fn a_paired_match_of_one_player_against_itself_is_exactly_even() {
    // `--paired` plays each game twice, colours swapped, with the same rolls and the same
    // seeds by colour: `greedy` against `greedy` (ties broken at random) wins each game
    // once on each side.
    let o = omnichess(&[
        "match", "dice", "--a", "greedy", "--b", "greedy", "--games", "6", "--paired", "--seed",
        "3",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let result = out
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("result: +"))
        .expect("result line");
    let numbers: Vec<u32> = result
        .split([' ', '=', '-'])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a count"))
        .collect();
    assert_eq!(numbers.len(), 3, "{out}");
    assert_eq!(numbers[0], numbers[2], "{out}");
    assert!(numbers[0] > 0, "decisive games: {out}");
}

#[test]
fn match_records_writes_every_game_and_an_index_that_replay_accepts() {
    let dir = std::env::temp_dir().join(format!("omnichess-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.join("new/folder");
    let records_arg = records.to_str().expect("a UTF-8 path");
    let o = omnichess(&[
        "match",
        "multiverse",
        "--a",
        "engine:depth=1",
        "--b",
        "random",
        "--games",
        "2",
        "--max-turns",
        "6",
        "--records",
        records_arg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let index = std::fs::read_to_string(records.join("games.tsv")).expect("the index");
    let lines: Vec<&str> = index.lines().collect();
    assert_eq!(lines[0], "game\ta\tending\tfile");
    assert_eq!(lines.len(), 3, "{index}");
    for (n, colour) in [(1, "white"), (2, "black")] {
        let name = format!("game-00{n}.5dpgn");
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("{n}\t")))
            .expect("a line per game");
        assert!(line.starts_with(&format!("{n}\t{colour}\t")), "{line}");
        assert!(line.ends_with(&format!("\t{name}")), "{line}");
        // Every record replays: the referee's games are legal games.
        let path = records.join(&name);
        let replay = omnichess(&["replay", "multiverse", path.to_str().expect("UTF-8")]);
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
    }
    // A folder that cannot be made is refused before any game is played.
    let file = dir.join("a-file");
    std::fs::write(&file, "").expect("a file");
    let under_file = file.join("records");
    assert_user_error(
        &omnichess(&[
            "match",
            "classic",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "1",
            "--records",
            under_file.to_str().expect("UTF-8"),
        ]),
        "--records: cannot write",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_refuses_bad_specs() {
    assert_user_error(
        &omnichess(&[
            "match",
            "classic",
            "--a",
            "stockfish",
            "--b",
            "random",
            "--games",
            "2",
        ]),
        "expected `engine",
    );
    assert_user_error(
        &omnichess(&[
            "match", "classic", "--a", "random", "--b", "random", "--games", "0",
        ]),
        "1 or more",
    );
}

#[test]
fn play_against_the_engine_which_answers_and_undo_takes_both_back() {
    let o = with_input(
        &["play", "classic", "--vs", "engine:depth=1", "--seed", "1"],
        "e4\nundo\nposition\nquit\n",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("black plays: "), "{out}");
    // After the undo, the start position again, White to move.
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{out}"
    );
    let o = with_input(
        &[
            "play",
            "classic",
            "--vs",
            "random",
            "--engine-first",
            "--seed",
            "3",
        ],
        "quit\n",
    );
    assert!(stdout(&o).contains("white plays: "));
}

/// Talks UCI (or, for `multiverse`, 5DUCI) with the binary: sends `commands`, reads until a
/// line starts with `until`, then sends `quit`; returns everything read.
fn uci_session_of(variant: &str, commands: &str, until: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["uci", variant])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(commands.as_bytes()).expect("write");
    let mut read = String::new();
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    while output.read_line(&mut line).expect("read") > 0 {
        read.push_str(&line);
        let done = line.starts_with(until);
        line.clear();
        if done {
            break;
        }
    }
    input.write_all(b"quit\n").expect("write");
    drop(input);
    child.wait().expect("the binary ends");
    read
}

fn uci_session(commands: &str, until: &str) -> String {
    uci_session_of("classic", commands, until)
}

#[test]
fn uci_answers_the_handshake_and_searches() {
    let out = uci_session(
        &format!("uci\nisready\nposition fen {SCHOLAR}\ngo depth 3\n"),
        "bestmove",
    );
    assert!(out.contains("id name omnichess"), "{out}");
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    assert!(out.contains("info depth 1 score mate 1"), "{out}");
    assert!(out.contains("bestmove h5f7"), "{out}");

    let out = uci_session(
        "position startpos moves e2e4 e7e5\ngo wtime 2000 btime 2000 winc 0 binc 0\n",
        "bestmove",
    );
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
    let out = uci_session("position startpos moves e2e5\nisready\n", "readyok");
    assert!(out.contains("info string error"), "{out}");
}

#[test]
fn five_d_uci_plays_one_move_at_a_time() {
    let out = uci_session_of(
        "multiverse",
        "5duci\nisready\nposition startpos\ngo depth 1\n",
        "bestmove",
    );
    assert!(out.contains("5duciok") && out.contains("readyok"), "{out}");
    let best = out.lines().last().unwrap_or_default();
    assert!(
        best.starts_with("bestmove (0T1)") && best.matches("T1)").count() == 2,
        "{out}"
    );
    // The mate-in-1 puzzle rook-tactics-1 of 5dchess-tools, in 5DUCI's terms.
    let puzzle = "position size 5x5 fen [4k/5/5/5/K1R2:0:1:w] moves (0T1)a1(0T1)b2 submit \
                  (0T1)e5(0T1)e4 submit (0T2)c1(0T2)e1 submit (0T2)e4(0T2)d3 submit\ngo depth 3\n";
    let out = uci_session_of("multiverse", puzzle, "bestmove");
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove (0T3)")),
        "{out}"
    );
    let out = uci_session_of(
        "multiverse",
        "position startpos moves (0T1)e2(0T1)e5\nisready\n",
        "readyok",
    );
    assert!(out.contains("info string error"), "{out}");
}

#[test]
fn analyze_refuses_a_hash_beyond_reach_and_depth_0_in_one_line() {
    // 64 GiB: the process used to abort on the allocation (status 134).
    for hash in ["65536", "1000000000000", "0", "-1"] {
        assert_user_error(
            &omnichess(&["analyze", "classic", "--hash", hash, "--depth", "1"]),
            "from 1 to 4096",
        );
    }
    let o = omnichess(&["analyze", "classic", "--hash", "1", "--depth", "1"]);
    assert!(o.status.success());
    assert_user_error(
        &omnichess(&["analyze", "classic", "--depth", "0"]),
        "from 1 to 64",
    );
}

#[test]
fn search_memory_is_a_range_and_a_small_cap_still_gives_a_whole_turn() {
    for mib in ["0", "-1", "65537", "x"] {
        assert_user_error(
            &omnichess(&[
                "analyze",
                "multiverse",
                "--search-memory",
                mib,
                "--depth",
                "1",
            ]),
            "from 1 to 65536",
        );
    }
    // 73 playable boards, in check: the search's line ends in a dead end and the engine
    // falls back on the bounded search for any action, which needs a few MiB here.
    let position = "@../variants/tests/data/multiverse/many-boards.txt";
    let analyze = |mib: &str| {
        omnichess(&[
            "analyze",
            "multiverse",
            "--position",
            position,
            "--time",
            "0.05",
            "--search-memory",
            mib,
        ])
    };
    // With 1 MiB it gives up (unless the time-bounded walk found a turn first): then it says
    // so, and does not call the game over.
    let o = analyze("1");
    if !o.status.success() {
        assert_user_error(&o, "no whole legal turn found within the limits");
    }
    let o = analyze("16");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    let best = out.lines().last().expect("a bestmove line");
    assert!(
        best.starts_with("bestmove ") && best.ends_with(" submit"),
        "{best}"
    );
    let moves: Vec<&str> = best.split(' ').skip(1).collect();
    let o = omnichess(&[
        "moves",
        "multiverse",
        "--position",
        position,
        "--after",
        &moves.join(" "),
    ]);
    assert!(
        o.status.success(),
        "the turn replays: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn uci_ignores_invalid_go_parameters_with_an_info_string() {
    for go in [
        "go depth -1 nodes 3000",
        "go depth 0 nodes 3000",
        "go nodes 3000 depth x",
    ] {
        let out = uci_session(&format!("position startpos\n{go}\n"), "bestmove");
        assert!(
            out.lines()
                .any(|l| l.starts_with("info string ignored `go depth") && l.contains("1 to 64")),
            "{go}: {out}"
        );
        assert!(
            out.lines().any(|l| l.starts_with("bestmove ")),
            "{go}: {out}"
        );
    }
    let out = uci_session("setoption name Hash value 999999\nisready\n", "readyok");
    assert!(out.contains("info string Hash 999999 MiB"), "{out}");
}

#[test]
fn uci_position_fen_never_reads_a_file() {
    // A GUI sends the position's text: `@PATH` is a malformed FEN, not a file to open (the
    // command line's `--position @PATH` form does not apply to the protocol).
    let fen = temp_file(
        "uci.fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
    );
    let out = uci_session(
        &format!("position fen @{}\nisready\n", fen.display()),
        "readyok",
    );
    let _ = std::fs::remove_file(&fen);
    assert!(
        out.lines().any(|l| l.starts_with("info string error:")),
        "{out}"
    );
}

/// The first decision of the last `info … pv` line before `bestmove`.
fn last_pv_first(out: &str) -> Option<&str> {
    out.lines()
        .rfind(|l| l.starts_with("info depth"))
        .and_then(|l| l.split(" pv ").nth(1))
        .and_then(|pv| pv.split(' ').next())
}

#[test]
fn uci_bestmove_after_stop_is_the_first_move_of_the_last_pv() {
    // Stopped by `stop` (at whatever point the search has reached) and by node counts that
    // end iterations midway: the best move is always the one the last line showed.
    let stopped = uci_session(
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5\ngo infinite\nisready\nstop\n",
        "bestmove",
    );
    let mut outputs = vec![stopped];
    // At 66 000 nodes the engine's 8th iteration here is cut after its best changed.
    for nodes in [2_600, 66_000] {
        outputs.push(uci_session(
            &format!("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5\ngo nodes {nodes}\n"),
            "bestmove",
        ));
    }
    for out in outputs {
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .expect("bestmove");
        if let Some(first) = last_pv_first(&out) {
            assert_eq!(first, best, "{out}");
        }
    }
}

#[test]
fn uci_keeps_its_search_between_go_commands_until_ucinewgame() {
    // The table and history of one `go` serve the next (a GUI's game: the same engine move
    // after move); `ucinewgame` forgets them. Seen in the nodes to the same depth.
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut search = |input: &mut std::process::ChildStdin, commands: &str| -> u64 {
        input.write_all(commands.as_bytes()).expect("write");
        let (mut line, mut nodes) = (String::new(), None);
        while output.read_line(&mut line).expect("read") > 0 {
            if line.starts_with("bestmove") {
                break;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(i) = words.iter().position(|w| *w == "nodes") {
                nodes = words.get(i + 1).and_then(|n| n.parse().ok());
            }
            line.clear();
        }
        nodes.expect("an info line with nodes")
    };
    let go = "position startpos moves e2e4 e7e5\ngo depth 7\n";
    let first = search(&mut input, go);
    let again = search(&mut input, go);
    let anew = search(&mut input, &format!("ucinewgame\n{go}"));
    input.write_all(b"quit\n").expect("write");
    drop(input);
    child.wait().expect("the binary ends");
    assert!(again < first / 2, "{again} nodes again against {first}");
    assert_eq!(anew, first, "after ucinewgame the search starts fresh");
}
