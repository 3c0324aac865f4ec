//! Helpers shared by the CLI tests: run the built binary, read its output.
#![allow(dead_code)] // each test binary uses a part of these helpers

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`.
pub fn omnichess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `args`, `input` on stdin, in a terminal 100 columns wide.
pub fn with_input(args: &[&str], input: &str) -> Output {
    with_input_columns(args, input, 100)
}

/// Runs the binary with `args`, `input` on stdin, in a terminal `columns` wide (`COLUMNS`).
pub fn with_input_columns(args: &[&str], input: &str, columns: usize) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(args)
        .env("COLUMNS", columns.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    child.wait_with_output().expect("the binary ends")
}

/// The standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// Exit status 2, exactly one line on stderr that contains `needle`, and no panic.
pub fn assert_user_error(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(needle), "`{needle}` not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Writes a file in the temporary folder, named for this process.
pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path =
        std::env::temp_dir().join(format!("omnichess-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write temp file");
    path
}
