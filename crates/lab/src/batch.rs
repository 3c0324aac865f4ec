//! The workers' protocol: a stored study is cut into batches of games; a worker claims a
//! batch under a lease, plays it, stores each game's summary under its number and marks the
//! batch done. A worker killed mid-batch loses nothing but time: when its lease runs out the
//! batch is claimed again and played again — the same games, since each is seeded by its
//! number — and a game already stored is not stored twice. [`Batches`] is what a worker asks
//! of the store that holds them (the server's database); [`crate::worker`] is the worker.

use std::time::Duration;

use crate::sprt::SprtResult;
use crate::study::StudySpec;
use crate::summary::GameSummary;

/// A stored study.
#[derive(Clone, Debug, PartialEq)]
pub struct StudyRow {
    /// Its id.
    pub id: String,
    /// `balance`, `values`, `compare` or `sprt`: what its report shows.
    pub kind: String,
    /// What it plays.
    pub spec: StudySpec,
}

/// A batch a worker holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// The study.
    pub study: StudyRow,
    /// The batch's number in the study.
    pub batch: i64,
    /// Its first game's number.
    pub first_game: u32,
    /// Its games.
    pub games: u32,
}

/// How far a study is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games stored.
    pub games_done: u64,
    /// Games in all.
    pub games: u64,
    /// Batches not yet claimed.
    pub open: u64,
    /// Batches claimed and not done: `(batch, worker)`.
    pub claimed: Vec<(i64, String)>,
    /// Batches done.
    pub done: u64,
    /// Batches left unplayed because the study decided without them (an `sprt` study).
    pub skipped: u64,
}

/// The store of the studies' batches, as a worker uses it. Every call may fail for a while
/// (the database out of reach): the worker retries it.
pub trait Batches {
    /// Why a call failed.
    type Error: std::fmt::Display;

    /// Claims for `worker`, for `lease` from now, the first batch of any study (or of study
    /// `only`) that is open or whose lease has run out; `None` when there is none. Two
    /// workers never hold one batch.
    ///
    /// # Errors
    /// The store could not be read or written.
    fn claim(
        &mut self,
        worker: &str,
        lease: Duration,
        only: Option<&str>,
    ) -> Result<Option<Claim>, Self::Error>;

    /// Batches not yet done (of study `only`, or of every study): open, or claimed by a
    /// worker that may still be playing them.
    ///
    /// # Errors
    /// The store could not be read.
    fn unfinished(&mut self, only: Option<&str>) -> Result<u64, Self::Error>;

    /// Stores `games`, played by `worker` for `claim`, each once by its number, and marks
    /// the batch done.
    ///
    /// # Errors
    /// The store could not be written.
    fn finish(
        &mut self,
        claim: &Claim,
        worker: &str,
        games: &[GameSummary],
    ) -> Result<(), Self::Error>;

    /// Extends `worker`'s lease on `claim`'s batch to `lease` from now, while it is played:
    /// whether the batch is still the worker's.
    ///
    /// # Errors
    /// The store could not be written.
    fn renew(&mut self, claim: &Claim, worker: &str, lease: Duration) -> Result<bool, Self::Error>;

    /// After a batch of `study` is stored: when it is a test that has now decided, ends it
    /// (its batches not yet done are skipped) and gives the decision.
    ///
    /// # Errors
    /// The store could not be read or written.
    fn close_if_decided(&mut self, study: &StudyRow) -> Result<Option<SprtResult>, Self::Error>;
}
