//! Every integration test of `server` in one test binary: one link instead of one per file
//! (the build of the test targets was most of `cargo test --workspace`'s time on a fresh clone).
//! Each module is one file of tests; filter by its name, e.g. `cargo test --test server actions::`.

mod accounts;
mod actions;
mod api;
mod bounded;
mod browser;
mod capabilities;
mod common;
mod connections;
mod engine;
mod export;
mod failed_writes;
mod lab;
mod lobby;
mod positions;
mod postgres;
mod ratings;
mod review;
mod socket;
mod toy;
mod views;
