//! Every integration test of `engine` in one test binary: one link instead of one per file
//! (the build of the test targets was most of `cargo test --workspace`'s time on a fresh clone).
//! Each module is one file of tests; filter by its name, e.g. `cargo test --test engine dice_choice::`.

mod common;
mod dice_choice;
mod dice_repetition;
mod dice_selectivity;
mod dice_win_scale;
mod differential;
mod dmchess_engine;
mod greedy_material;
mod matches;
mod mate_in_two;
mod puzzles_5d;
mod realms_engine;
mod registry;
mod stopped_search;
mod tactics;
mod turn_limits;
mod variant_engine;
