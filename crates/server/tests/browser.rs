//! The web UI in a real Chromium: a server on a loopback port, then `node --test` over
//! `browser-tests/` (playwright-core driving /usr/bin/chromium) with `OMNICHESS_URL` set.
//! Without chromium, node or the tests' node_modules this warns loudly and passes, unless
//! `OMNICHESS_BROWSER_TESTS=1` (CI) makes the missing pieces a failure; `bash .ci/browser.sh`
//! installs them. `OMNICHESS_SCREENSHOTS=DIR` says where the screenshots go (default
//! `target/screenshots` of the workspace); `OMNICHESS_BROWSER_ONLY=FILE.test.mjs` runs one
//! file of them.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{database, serve};

const CHROMIUM: &str = "/usr/bin/chromium";
/// The whole suite's limit; each test has its own, well under it.
const LIMIT: Duration = Duration::from_secs(300);

fn required() -> bool {
    std::env::var("OMNICHESS_BROWSER_TESTS").is_ok_and(|v| v == "1")
}

/// What is missing to run the browser tests, if anything.
fn missing(tests: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    if !Path::new(CHROMIUM).exists() {
        missing.push(format!("chromium ({CHROMIUM})"));
    }
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        missing.push("node".to_owned());
    }
    if !tests.join("node_modules").join("playwright-core").is_dir() {
        missing.push(format!("{}", tests.join("node_modules").display()));
    }
    missing
}

/// The browser tests to run: the file `OMNICHESS_BROWSER_ONLY` names in `tests` (one test
/// file, while working on it), else all of them.
fn only_or(tests: &Path) -> PathBuf {
    std::env::var("OMNICHESS_BROWSER_ONLY")
        .ok()
        .filter(|f| !f.is_empty())
        .map_or_else(|| tests.to_path_buf(), |file| tests.join(file))
}

#[test]
fn the_ui_in_chromium() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tests = manifest.join("browser-tests");
    let workspace = manifest
        .ancestors()
        .nth(2)
        .expect("the workspace")
        .to_path_buf();
    let missing = missing(&tests);
    if !missing.is_empty() {
        let text = format!(
            "WARNING: browser tests NOT run: missing {}; run `bash .ci/browser.sh` first",
            missing.join(", ")
        );
        // Straight to stderr, not through the harness's capture: seen without --nocapture.
        let bar = "!".repeat(text.len().min(100));
        let _ = writeln!(std::io::stderr(), "\n{bar}\n{text}\n{bar}\n");
        assert!(
            !required(),
            "OMNICHESS_BROWSER_TESTS=1 and the browser tests cannot run: {text}"
        );
        return;
    }

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let address = runtime.block_on(serve(&database("browser")));
    let screenshots = std::env::var_os("OMNICHESS_SCREENSHOTS")
        .filter(|d| !d.is_empty())
        .map_or_else(
            || workspace.join("target").join("screenshots"),
            PathBuf::from,
        );
    eprintln!(
        "browser tests against http://{address}/, screenshots into {}",
        screenshots.display()
    );

    let mut node = Command::new("node")
        .arg("--test")
        .arg("--test-reporter=spec")
        .arg(only_or(&tests))
        .current_dir(&tests)
        .env("OMNICHESS_URL", format!("http://{address}"))
        .env("OMNICHESS_SCREENSHOTS", &screenshots)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Forwarded through the test harness's capture (shown with --nocapture or on failure).
    let out = node.stdout.take().expect("stdout");
    let err = node.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
        }
    });
    let err = std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            eprintln!("{line}");
        }
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = node.try_wait().expect("node runs") {
            break Some(status);
        }
        if started.elapsed() > LIMIT {
            let _ = node.kill();
            let _ = node.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = out.join();
    let _ = err.join();
    runtime.shutdown_timeout(Duration::from_secs(2));
    let status = status.unwrap_or_else(|| panic!("the browser tests took over {LIMIT:?}"));
    assert!(
        status.success(),
        "the browser tests failed ({status}): see node's output above"
    );
}
