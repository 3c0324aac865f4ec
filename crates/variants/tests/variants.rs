//! Every integration test of `variants` in one test binary: one link instead of one per file
//! (the build of the test targets was most of `cargo test --workspace`'s time on a fresh clone).
//! Each module is one file of this folder; filter by its name, e.g.
//! `cargo test --test variants classic_parsers::`.

mod board_editor;
mod classic_parsers;
mod classic_perft;
mod classic_rules;
mod classic_vs_shakmaty;
mod common;
mod dice_properties;
mod dice_rules;
mod dmchess_clauses;
mod dmchess_reference;
mod dmchess_rules;
mod multiverse_community_pgn;
mod multiverse_conformance;
mod multiverse_listing_until;
mod multiverse_properties;
mod multiverse_rules;
mod multiverse_search;
mod multiverse_vs_5d_chess_js;
mod multiverse_vs_ftxi;
mod position_error_kinds;
mod qec_properties;
mod qec_records;
mod qec_rules;
mod realms_endgame;
mod realms_formats;
mod realms_material;
mod realms_pieces;
mod realms_reference;
mod realms_special;
mod registry_capabilities;
