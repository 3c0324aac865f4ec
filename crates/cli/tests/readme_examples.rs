//! The README's command examples that name a file of `examples/` run as written (exit 0), and
//! every record there replays (so the README never names a file that does not exist).

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Splits a command line as a shell would for these examples: words, "double" and 'single'
/// quotes, a `#` comment after a space.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, '#') if !started => break,
            (None, c) if c.is_whitespace() => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

/// The README's `omnichess …` lines that name a file in `examples/`.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    readme
        .lines()
        .filter(|l| l.starts_with("omnichess ") && l.contains("examples/"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_readme_command_naming_an_example_file_runs() {
    let commands = readme_commands();
    assert!(commands.len() >= 8, "{commands:?}");
    for line in &commands {
        let args = words(line);
        let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
            .args(&args[1..])
            .current_dir(workspace())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // `play` reads the keyboard: it is told to quit.
        let _ = child.stdin.take().expect("stdin").write_all(b"quit\n");
        let o = child.wait_with_output().expect("it ends");
        assert!(
            o.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn every_example_file_is_named_by_the_readme_and_every_record_replays() {
    let commands = readme_commands().join("\n");
    let dir = workspace().join("examples");
    let mut records = 0;
    for entry in std::fs::read_dir(&dir).expect("examples/") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        if name == "README.md" {
            continue;
        }
        assert!(
            commands.contains(&format!("examples/{name}")),
            "README names no command for examples/{name}"
        );
        let variant = match (name, path.extension().and_then(|e| e.to_str())) {
            ("game.pgn", _) => "classic",
            (_, Some("5dpgn")) => "multiverse",
            (_, Some("pgn")) => name.trim_end_matches(".pgn"),
            _ => continue,
        };
        let o = common::omnichess(&["replay", variant, path.to_str().expect("a path")]);
        assert!(
            common::stdout(&o).starts_with("ok: "),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        records += 1;
    }
    assert_eq!(records, 6, "a record of every variant");
}

#[test]
fn command_lines_split_as_a_shell_splits_them() {
    assert_eq!(
        words(r#"omnichess moves multiverse --position '[Board "Standard"]'   # a comment"#),
        [
            "omnichess",
            "moves",
            "multiverse",
            "--position",
            "[Board \"Standard\"]"
        ]
    );
    assert_eq!(words(r#"a "b c" d#e"#), ["a", "b c", "d#e"]);
}
