//! The lab's worker inside `omnichess serve`: it claims the batches of the server's own
//! database like `omnichess worker` does (so outside workers can help), one batch at a time,
//! and plays each on blocking threads, as many games at once as the engine pool has workers.
//! It runs while batches are left and is woken by every new study, on start and every
//! [`WAKE_EVERY`] (so a batch whose lease ran out, its server killed, is played again). A test
//! (`sprt`) that decides has its other batches skipped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::lab::store::LabStoreError;
use crate::store::Store;

/// How long a claimed batch stays the server's; past it (the server killed) another worker
/// may play it again.
const LEASE: Duration = Duration::from_secs(600);

/// How often the server's lab worker looks for batches when nothing woke it.
pub const WAKE_EVERY: Duration = Duration::from_secs(60);

/// The server's lab worker: whether it runs, and whether a study came in since it last looked.
#[derive(Clone, Debug)]
pub struct LabRunner {
    /// Games played at once.
    jobs: usize,
    running: Arc<AtomicBool>,
    again: Arc<AtomicBool>,
}

impl LabRunner {
    /// A runner playing `jobs` games at once.
    #[must_use]
    pub fn new(jobs: usize) -> LabRunner {
        LabRunner {
            jobs: jobs.max(1),
            running: Arc::default(),
            again: Arc::default(),
        }
    }

    /// Games played at once.
    #[must_use]
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// Makes sure the worker runs over `store` as `name`: started if it does not, told to
    /// look again if it does.
    pub fn wake(&self, store: &Store, name: &str) {
        self.again.store(true, Ordering::SeqCst);
        if self.running.swap(true, Ordering::SeqCst) {
            return;
        }
        let runner = self.clone();
        let store = store.clone();
        let name = name.to_owned();
        tokio::spawn(async move { runner.work(&store, &name).await });
    }

    /// Wakes the worker now and every `every`: a batch whose lease ran out (its server
    /// killed) is played again though no new study comes in.
    pub fn keep_awake(&self, store: &Store, name: &str, every: Duration) {
        let (runner, store, name) = (self.clone(), store.clone(), name.to_owned());
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            loop {
                ticks.tick().await;
                runner.wake(&store, &name);
            }
        });
    }

    /// Plays batches until none is free and no study came in meanwhile.
    async fn work(&self, store: &Store, name: &str) {
        let lease_ms = i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX);
        loop {
            self.again.store(false, Ordering::SeqCst);
            let claim = match store.claim_batch(name, lease_ms, None).await {
                Ok(Some(claim)) => claim,
                Ok(None) => {
                    self.running.store(false, Ordering::SeqCst);
                    if self.again.load(Ordering::SeqCst)
                        && !self.running.swap(true, Ordering::SeqCst)
                    {
                        continue;
                    }
                    return;
                }
                Err(e) => {
                    eprintln!("omnichess serve: the lab cannot claim a batch: {e}");
                    self.running.store(false, Ordering::SeqCst);
                    return;
                }
            };
            let jobs = self.jobs;
            let spec = claim.study.spec.clone();
            let (first, count) = (claim.first_game, claim.games);
            let mut playing = tokio::task::spawn_blocking(move || {
                spec.play(first, count, jobs, &mut |_| {})
                    .map_err(|e| e.to_string())
            });
            // The lease is renewed every quarter of it while the batch is played.
            let mut renew = tokio::time::interval(LEASE / 4);
            renew.tick().await;
            let played = loop {
                tokio::select! {
                    done = &mut playing => break done.map_err(|e| e.to_string()).and_then(|r| r),
                    _ = renew.tick() => {
                        if let Err(e) = store.renew_lease(&claim, name, lease_ms).await {
                            eprintln!(
                                "omnichess serve: the lab cannot renew its lease on study {} batch {}: {e}",
                                claim.study.id, claim.batch
                            );
                        }
                    }
                }
            };
            let stored = match played {
                Ok(games) => async {
                    store.store_games(&claim.study.id, name, &games).await?;
                    store.finish_batch(&claim).await?;
                    store.close_if_decided(&claim.study).await
                }
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
                Err(e) => Err(e),
            };
            if let Err(e) = stored {
                if matches!(
                    store.study(&claim.study.id).await,
                    Err(LabStoreError::Unknown(_))
                ) {
                    continue; // the study was deleted while its batch was played
                }
                eprintln!(
                    "omnichess serve: the lab's study {} batch {}: {e}",
                    claim.study.id, claim.batch
                );
                self.running.store(false, Ordering::SeqCst);
                return;
            }
        }
    }
}
