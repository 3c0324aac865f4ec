//! Every integration test of `cli` in one test binary: one link instead of one per file
//! (the build of the test targets was most of `cargo test --workspace`'s time on a fresh clone).
//! Each module is one file of tests; filter by its name, e.g. `cargo test --test cli_tests cli::`.

mod cli;
mod common;
mod dmchess;
mod engine;
mod lab;
mod lab_workers;
mod qec;
mod readme_examples;
mod realms;
mod serve;
mod terminal;
mod toy;
mod work_limit;
