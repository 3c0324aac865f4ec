//! # omnichess-lab
//!
//! The balance lab: studies a variant's designer asks for, answered from self-play
//! (docs/LAB.md). A study is a reproducible job — variant, start, engine settings, games,
//! seed — played through the variant's match function
//! ([`omnichess_engine::registry::MatchFn`]); these modules turn its games into the figures
//! with their intervals. The CLI (`omnichess lab`, `omnichess worker`) and the server (its
//! `lab` module: routes and storage) use it; it names no variant.
//!
//! * [`study`]: a study as a reproducible job, played in any batches; [`summary`]: what is
//!   kept of each game.
//! * [`balance`]: the first player's score, decisive and drawn games by cause, game lengths,
//!   opening diversity, the events of the variant's rules ([`events`]).
//! * [`compare`]: two starts (rule profiles, positions) played alike, their differences.
//! * [`sprt`]: engine A against engine B until a sequential probability ratio test decides, as
//!   fishtest decides it: the games in colour-swapped pairs ([`pentanomial`]), the ratio of
//!   their counts ([`llr`]).
//! * [`values`]: piece values fitted to the games' results from their material (the regression
//!   in [`logistic`], the samples chosen by [`material_samples`]), beside the values the
//!   variant's rule text claims ([`claims`]), many tests at once corrected by [`multiple`].
//! * [`stats`]: the intervals and summaries they share, the score interval that counts draws
//!   in [`trinomial`], the normal distribution in [`normal`]; [`verdict`]: an interval's
//!   three-way answer; [`plan`]: the games a precision needs ([`sprt_plan`]: a test's expected
//!   length); [`score`]: the first player's
//!   score as the games come in; [`csv`]: the figures as CSV.
//! * [`batch`]: the workers' protocol — a stored study's batches claimed under a lease, as a
//!   store ([`batch::Batches`]: the server's database) holds them; [`worker`]: the worker.
#![deny(missing_docs)]

pub mod balance;
pub mod band;
pub mod batch;
pub mod claims;
pub mod compare;
pub mod csv;
pub mod distinct;
pub mod events;
pub mod llr;
pub mod logistic;
pub mod material_samples;
pub mod multiple;
pub mod normal;
pub mod pentanomial;
pub mod plan;
pub mod score;
pub mod sprt;
pub mod sprt_plan;
pub mod stats;
pub mod study;
pub mod summary;
pub mod trinomial;
pub mod values;
pub mod verdict;
pub mod worker;
