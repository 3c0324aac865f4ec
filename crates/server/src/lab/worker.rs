//! The lab's workers over the server's database: `omnichess worker --database URL` on any
//! number of machines, and the CLI's own play of a stored study. The worker itself is
//! [`omnichess_lab::worker`]; here its store is the database ([`crate::lab::store`]), called
//! from the worker's thread on a runtime of its own.

use std::time::Duration;

use omnichess_lab::batch::{Batches, Claim, Progress, StudyRow};
use omnichess_lab::sprt::SprtResult;
use omnichess_lab::study::StudySpec;
use omnichess_lab::summary::GameSummary;
use omnichess_lab::worker::{self, StudyError, WorkerOptions, WorkerReport, retrying};

use crate::lab::store::LabStoreError;
use crate::store::Store;

/// Why a worker stopped, or a study could not be stored or read.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The database's runtime could not be started.
    #[error("cannot start the database runtime: {0}")]
    Runtime(#[from] std::io::Error),
    /// The database failed, or has no such study.
    #[error(transparent)]
    Store(#[from] LabStoreError),
    /// A study's games cannot be played.
    #[error(transparent)]
    Study(#[from] StudyError),
}

/// A runtime for the database calls of a thread that plays games.
fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

/// The server's database as the workers' store, its calls made on `rt`.
struct Database<'a> {
    rt: &'a tokio::runtime::Runtime,
    store: Store,
}

impl Batches for Database<'_> {
    type Error = LabStoreError;

    fn claim(
        &mut self,
        worker: &str,
        lease: Duration,
        only: Option<&str>,
    ) -> Result<Option<Claim>, LabStoreError> {
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        self.rt
            .block_on(self.store.claim_batch(worker, lease_ms, only))
    }

    fn unfinished(&mut self, only: Option<&str>) -> Result<u64, LabStoreError> {
        self.rt.block_on(self.store.unfinished_batches(only))
    }

    fn finish(
        &mut self,
        claim: &Claim,
        worker: &str,
        games: &[GameSummary],
    ) -> Result<(), LabStoreError> {
        self.rt.block_on(async {
            // A study deleted by its owner while the batch was played: its games are dropped.
            if let Err(LabStoreError::Unknown(_)) = self.store.study(&claim.study.id).await {
                return Ok(());
            }
            self.store
                .store_games(&claim.study.id, worker, games)
                .await?;
            self.store.finish_batch(claim).await
        })
    }

    fn renew(
        &mut self,
        claim: &Claim,
        worker: &str,
        lease: Duration,
    ) -> Result<bool, LabStoreError> {
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        self.rt
            .block_on(self.store.renew_lease(claim, worker, lease_ms))
    }

    fn close_if_decided(&mut self, study: &StudyRow) -> Result<Option<SprtResult>, LabStoreError> {
        self.rt.block_on(self.store.close_if_decided(study))
    }
}

/// Works on the studies of `database` as `options` say until idle (with `exit_when_idle`)
/// or forever, telling `say` what it does; `each` sees every game it plays. A database out
/// of reach is waited for.
///
/// # Errors
/// A study whose games cannot be played (its variant or player refused): nothing a retry
/// could mend.
pub fn work(
    database: &str,
    options: &WorkerOptions,
    say: &mut dyn FnMut(&str),
    each: &mut dyn FnMut(&GameSummary),
) -> Result<WorkerReport, WorkerError> {
    let rt = runtime()?;
    let store = retrying(
        say,
        &format!("worker {}: cannot open the database", options.name),
        || {
            rt.block_on(Store::open(database))
                .map_err(LabStoreError::from)
        },
    );
    let mut batches = Database { rt: &rt, store };
    Ok(worker::work(&mut batches, options, say, each)?)
}

/// Stores a new study of `kind` playing `spec` in batches of `batch` games: its id.
///
/// # Errors
/// The database could not be opened or written.
pub fn submit(
    database: &str,
    kind: &str,
    spec: &StudySpec,
    batch: u32,
) -> Result<String, WorkerError> {
    let rt = runtime()?;
    let id = rt.block_on(async {
        let store = Store::open(database).await?;
        let id = crate::game::routes::new_id();
        store.create_study(&id, kind, spec, batch).await?;
        Ok::<_, LabStoreError>(id)
    })?;
    Ok(id)
}

/// Study `id`, its games stored so far and how far it is.
///
/// # Errors
/// The database could not be read, or has no such study.
pub fn stored(
    database: &str,
    id: &str,
) -> Result<(StudyRow, Vec<GameSummary>, Progress), WorkerError> {
    let rt = runtime()?;
    let stored = rt.block_on(async {
        let store = Store::open(database).await?;
        let study = store.study(id).await?;
        // Progress first: games are only added, so those read after it are all it counts.
        let progress = store.study_progress(id).await?;
        let games = store.study_games(id).await?;
        Ok::<_, LabStoreError>((study, games, progress))
    })?;
    Ok(stored)
}
