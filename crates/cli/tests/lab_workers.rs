//! `omnichess worker`: a stored study played by several workers, one killed with SIGKILL
//! while it holds a batch; the batch is played again when its lease runs out and every game
//! is counted once — the totals those of the same study played in one process. Stored
//! comparisons and tests report what the same study played here reports, a stored test
//! stops as soon as it decides, and the planner reads a stored study's games.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{omnichess, stdout};

/// The study: slow enough (an engine at depth 2) that a batch is in play when it is killed.
const STUDY: [&str; 11] = [
    "classic",
    "--player",
    "engine:depth=2",
    "--games",
    "8",
    "--batch",
    "2",
    "--max-turns",
    "24",
    "--seed",
    "3",
];

fn worker(url: &str, name: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args([
            "worker",
            "--database",
            url,
            "--name",
            name,
            "--jobs",
            "1",
            "--lease",
            "2",
            "--exit-when-idle",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("a worker starts")
}

fn show(url: &str, id: &str) -> String {
    stdout(&omnichess(&["lab", "show", id, "--database", url]))
}

fn a_killed_workers_batch_is_played_again_and_counted_once(url: &str) {
    let mut submit = vec!["lab", "balance"];
    submit.extend(STUDY);
    submit.extend(["--database", url, "--submit"]);
    let o = omnichess(&submit);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let id = stdout(&o).trim().trim_start_matches("study: ").to_owned();

    // Kill a worker while it holds a batch. It may finish its batch between the look and the
    // kill: then another is started and killed, until one dies holding a batch.
    let mut held = String::new();
    for attempt in 0..10 {
        let name = format!("doomed{attempt}");
        let mut doomed = worker(url, &name);
        let deadline = Instant::now() + Duration::from_secs(120);
        while !show(url, &id).contains(&format!("by {name})")) {
            assert!(
                Instant::now() < deadline,
                "the worker never claimed a batch"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        doomed.kill().expect("SIGKILL");
        let _ = doomed.wait();
        held = show(url, &id);
        if held.contains(&format!("by {name})")) {
            break;
        }
    }
    assert!(
        held.contains("by doomed"),
        "killed holding its batch: {held}"
    );

    let survivors: Vec<Child> = ["one", "two"].iter().map(|n| worker(url, n)).collect();
    for s in survivors {
        let out = s.wait_with_output().expect("the worker ends");
        assert!(out.status.success());
    }
    let report = show(url, &id);
    assert!(
        report.starts_with(&format!(
            "study {id}: 8 of 8 games stored; batches: 4 done, 0 open, 0 claimed\n"
        )),
        "{report}"
    );
    let mut here = vec!["lab", "balance"];
    here.extend(STUDY);
    let local = stdout(&omnichess(&here));
    assert_eq!(
        report.lines().skip(1).collect::<Vec<_>>(),
        local.lines().collect::<Vec<_>>(),
        "the stored study's figures are those of the same study played in one process"
    );

    // The planner reads the stored games as it reads a pilot of the same games played here.
    let stored = stdout(&omnichess(&[
        "lab",
        "plan",
        "classic",
        "--database",
        url,
        "--study",
        &id,
    ]));
    assert!(
        stored.starts_with(&format!(
            "plan from the 8 games of balance study {id}: classic "
        )),
        "{stored}"
    );
    let mut pilot = vec!["lab", "plan"];
    pilot.extend(STUDY.iter().filter(|a| !["--batch", "2"].contains(a)));
    let pilot = stdout(&omnichess(&pilot));
    assert_eq!(
        stored.lines().skip(1).collect::<Vec<_>>(),
        pilot.lines().skip(1).collect::<Vec<_>>()
    );
}

/// A study's command line with `extra` after it.
fn with<'a>(study: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    study.iter().chain(extra).copied().collect()
}

fn stored_comparisons_and_tests_report_as_played_here(url: &str) {
    let compare = [
        "lab",
        "compare",
        "classic",
        "--player",
        "greedy",
        "--games",
        "3",
        "--max-turns",
        "20",
        "--b-position",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ];
    let here = omnichess(&compare);
    let stored = omnichess(&with(&compare, &["--database", url, "--batch", "2"]));
    assert!(
        stored.status.success(),
        "{}",
        String::from_utf8_lossy(&stored.stderr)
    );
    assert_eq!(stdout(&stored), stdout(&here));
    assert!(stdout(&here).contains("minus A: the standard start"));

    // Greedy against random: decided after 16 pairs, a batch of 4 at a time (two jobs
    // here), so 32 of the 60 games are played and the rest skipped.
    let sprt = crate::lab::SPRT_GREEDY_AGAINST_RANDOM;
    let here = omnichess(&sprt);
    let text = stdout(&here);
    let o = omnichess(&with(
        &sprt,
        &["--database", url, "--batch", "4", "--submit"],
    ));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let id = stdout(&o).trim().trim_start_matches("study: ").to_owned();
    let mut one = worker(url, "tester");
    assert!(one.wait().expect("the worker ends").success());
    let report = show(url, &id);
    assert!(
        report.starts_with(&format!(
            "study {id}: 32 of 60 games stored; batches: 8 done, 0 open, 0 claimed, 7 skipped (decided without them)\n"
        )),
        "{report}"
    );
    assert_eq!(
        report.lines().skip(1).collect::<Vec<_>>(),
        text.lines().collect::<Vec<_>>()
    );
}

#[test]
fn stored_comparisons_and_tests_on_sqlite_report_as_played_here() {
    let path = std::env::temp_dir().join(format!("omnichess-lab-jobs-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    stored_comparisons_and_tests_report_as_played_here(&format!("sqlite://{}", path.display()));
}

#[test]
fn workers_on_sqlite_count_every_game_once() {
    let path = std::env::temp_dir().join(format!("omnichess-lab-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    a_killed_workers_batch_is_played_again_and_counted_once(&format!(
        "sqlite://{}",
        path.display()
    ));
}

#[test]
fn workers_on_postgresql_count_every_game_once() {
    let Some(url) = std::env::var("OMNICHESS_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!(
            "WARNING: OMNICHESS_TEST_POSTGRES is not set: the lab's PostgreSQL workers are NOT \
             tested here (CI sets it; see .ci/run)."
        );
        return;
    };
    a_killed_workers_batch_is_played_again_and_counted_once(&url);
    stored_comparisons_and_tests_report_as_played_here(&url);
}

/// A database server out of reach: a study's command says so at once (exit 2); a worker says
/// so at once and then each retry, waiting longer each time.
#[test]
fn a_database_out_of_reach_is_said_at_once_and_each_retry_on_stderr() {
    // Port 1 on loopback: nothing listens, the connection is refused.
    let url = "postgres://nobody@127.0.0.1:1/omnichess";
    let started = Instant::now();
    let out = omnichess(&["lab", "balance", "dice", "--games", "2", "--database", url]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("Connection refused"), "{said}");
    assert!(started.elapsed() < Duration::from_secs(5), "at once");
    let mut worker = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["worker", "--database", url, "--name", "w"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("a worker starts");
    std::thread::sleep(Duration::from_millis(2500));
    worker.kill().expect("killed");
    let out = worker.wait_with_output().expect("its stderr");
    let said = String::from_utf8_lossy(&out.stderr);
    for wait in ["0.5", "1.0"] {
        assert!(
            said.contains(&format!(
                "worker w: cannot open the database: database: error communicating with database: Connection refused (os error 111); retrying in {wait} s"
            )),
            "{said}"
        );
    }
}

/// `worker --study ID` plays that study's batches only; an id that names no study is refused
/// at once.
#[test]
fn a_worker_given_a_study_plays_only_that_one() {
    let path = std::env::temp_dir().join(format!("omnichess-lab-only-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}", path.display());
    let submit = || {
        let o = omnichess(&[
            "lab",
            "balance",
            "dice",
            "--player",
            "greedy",
            "--games",
            "4",
            "--batch",
            "2",
            "--database",
            &url,
            "--submit",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o).trim().trim_start_matches("study: ").to_owned()
    };
    let (first, second) = (submit(), submit());
    let o = omnichess(&[
        "worker",
        "--database",
        &url,
        "--jobs",
        "1",
        "--exit-when-idle",
        "--study",
        &second,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        show(&url, &second).starts_with(&format!("study {second}: 4 of 4 games stored")),
        "{}",
        show(&url, &second)
    );
    assert!(
        show(&url, &first).starts_with(&format!("study {first}: 0 of 4 games stored")),
        "{}",
        show(&url, &first)
    );
    let o = omnichess(&[
        "worker",
        "--database",
        &url,
        "--exit-when-idle",
        "--study",
        "nosuch",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no study `nosuch`"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
