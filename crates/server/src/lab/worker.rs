//! The lab's workers: `omnichess worker --database URL` on any number of machines, and the
//! CLI's own play of a stored study. A worker claims a batch (crate::lab::store), plays it on
//! its cores, stores its games and claims the next; when the database cannot be reached it
//! says so and retries with backoff, keeping the games it has played.

use std::time::Duration;

use omnichess_lab::study::StudySpec;
use omnichess_lab::summary::GameSummary;

use crate::lab::store::{Claim, LabStoreError, Progress, StudyRow};
use crate::store::Store;

/// How a worker works.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// The database URL (`sqlite://PATH` or `postgres://…`).
    pub database: String,
    /// Its name in the database (who holds which batch).
    pub name: String,
    /// Games played at once.
    pub jobs: usize,
    /// How long a claimed batch is its own: past it, another worker may play it again.
    pub lease: Duration,
    /// Stop when every batch is done (otherwise wait for new studies). Batches held by
    /// other workers are waited for: their leases may run out.
    pub exit_when_idle: bool,
    /// Play only this study's batches (`None`: any study's).
    pub only: Option<String>,
}

/// What a worker did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkerReport {
    /// Batches it played and stored.
    pub batches: u64,
    /// Games it played.
    pub games: u64,
}

/// The first wait after a failed database call; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// The longest wait between two tries.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// How often an idle worker looks for new batches.
const IDLE_POLL: Duration = Duration::from_millis(500);

/// A runtime for the database calls of a thread that plays games.
fn runtime() -> Result<tokio::runtime::Runtime, LabStoreError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| LabStoreError::Corrupt(format!("cannot start the database runtime: {e}")))
}

/// Runs `call` until it succeeds, telling `say` of each failure and waiting longer each time.
fn retrying<T>(
    say: &mut dyn FnMut(&str),
    what: &str,
    mut call: impl FnMut() -> Result<T, LabStoreError>,
) -> T {
    let mut wait = FIRST_BACKOFF;
    loop {
        match call() {
            Ok(value) => return value,
            Err(e) => {
                say(&format!(
                    "{what}: {e}; retrying in {:.1} s",
                    wait.as_secs_f64()
                ));
                std::thread::sleep(wait);
                wait = (wait * 2).min(MAX_BACKOFF);
            }
        }
    }
}

/// Works as `options` say until idle (with `exit_when_idle`) or forever, telling `say` what
/// it does; `each` sees every game it plays.
///
/// # Errors
/// A study whose games cannot be played (its variant or player refused): nothing a retry
/// could mend.
pub fn work(
    options: &WorkerOptions,
    say: &mut dyn FnMut(&str),
    each: &mut dyn FnMut(&GameSummary),
) -> Result<WorkerReport, String> {
    let rt = runtime().map_err(|e| e.to_string())?;
    let name = &options.name;
    let store = retrying(
        say,
        &format!("worker {name}: cannot open the database"),
        || {
            rt.block_on(Store::open(&options.database))
                .map_err(LabStoreError::from)
        },
    );
    let lease_ms = i64::try_from(options.lease.as_millis()).unwrap_or(i64::MAX);
    let mut report = WorkerReport::default();
    loop {
        let claim: Option<Claim> =
            retrying(say, &format!("worker {name}: cannot claim a batch"), || {
                rt.block_on(store.claim_batch(name, lease_ms, options.only.as_deref()))
            });
        let Some(claim) = claim else {
            if options.exit_when_idle {
                // Batches other workers hold may still come free (a worker killed mid-batch):
                // wait until every batch is done.
                let unfinished = retrying(
                    say,
                    &format!("worker {name}: cannot read the batches"),
                    || rt.block_on(store.unfinished_batches(options.only.as_deref())),
                );
                if unfinished == 0 {
                    return Ok(report);
                }
            }
            std::thread::sleep(IDLE_POLL);
            continue;
        };
        say(&format!(
            "worker {name}: study {} batch {} (games {} to {})",
            claim.study.id,
            claim.batch,
            claim.first_game,
            claim.first_game + claim.games - 1
        ));
        let games = claim
            .study
            .spec
            .play(claim.first_game, claim.games, options.jobs, each)
            .map_err(|e| format!("study {}: {e}", claim.study.id))?;
        retrying(
            say,
            &format!("worker {name}: cannot store its games"),
            || {
                rt.block_on(async {
                    store.store_games(&claim.study.id, name, &games).await?;
                    store.finish_batch(&claim).await
                })
            },
        );
        report.batches += 1;
        report.games += u64::from(claim.games);
        let decided = retrying(
            say,
            &format!(
                "worker {name}: cannot read study {}'s games",
                claim.study.id
            ),
            || rt.block_on(store.close_if_decided(&claim.study)),
        );
        if let Some(result) = decided {
            say(&format!(
                "worker {name}: study {} decided ({:?}) after {} games; its other batches are skipped",
                claim.study.id, result.verdict, result.games
            ));
        }
    }
}

/// Stores a new study of `kind` playing `spec` in batches of `batch` games: its id.
///
/// # Errors
/// The database could not be opened or written.
pub fn submit(database: &str, kind: &str, spec: &StudySpec, batch: u32) -> Result<String, String> {
    let rt = runtime().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let store = Store::open(database)
            .await
            .map_err(|e| format!("database: {e}"))?;
        let id = crate::game::routes::new_id();
        store
            .create_study(&id, kind, spec, batch)
            .await
            .map_err(|e| e.to_string())?;
        Ok(id)
    })
}

/// Study `id`, its games stored so far and how far it is.
///
/// # Errors
/// The database could not be read, or has no such study.
pub fn stored(database: &str, id: &str) -> Result<(StudyRow, Vec<GameSummary>, Progress), String> {
    let rt = runtime().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let store = Store::open(database)
            .await
            .map_err(|e| format!("database: {e}"))?;
        let study = store.study(id).await.map_err(|e| e.to_string())?;
        let games = store.study_games(id).await.map_err(|e| e.to_string())?;
        let progress = store.study_progress(id).await.map_err(|e| e.to_string())?;
        Ok((study, games, progress))
    })
}
