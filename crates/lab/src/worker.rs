//! A worker of the stored studies (`omnichess worker`, and the CLI's own play of a stored
//! study): it claims a batch ([`crate::batch`]), plays it on its cores, stores its games and
//! claims the next; when the store cannot be reached it says so and retries with backoff,
//! keeping the games it has played.

use std::time::{Duration, Instant};

use omnichess_engine::EngineError;

use crate::batch::{Batches, Claim};
use crate::summary::GameSummary;

/// How a worker works.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// Its name in the store (who holds which batch).
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

/// A study whose games cannot be played (its variant or player refused): nothing a retry
/// could mend.
#[derive(Debug, thiserror::Error)]
#[error("study {study}: {source}")]
pub struct StudyError {
    /// The study's id.
    pub study: String,
    /// Why its games cannot be played.
    pub source: EngineError,
}

/// The first wait after a failed call; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// The longest wait between two tries.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// How often an idle worker looks for new batches.
const IDLE_POLL: Duration = Duration::from_millis(500);

/// Runs `call` until it succeeds, telling `say` of each failure (`what` failed, and why) and
/// waiting longer each time.
pub fn retrying<T, E: std::fmt::Display>(
    say: &mut dyn FnMut(&str),
    what: &str,
    mut call: impl FnMut() -> Result<T, E>,
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

/// Works on `batches` as `options` say until idle (with `exit_when_idle`) or forever,
/// telling `say` what it does; `each` sees every game it plays.
///
/// # Errors
/// A study whose games cannot be played.
pub fn work<B: Batches>(
    batches: &mut B,
    options: &WorkerOptions,
    say: &mut dyn FnMut(&str),
    each: &mut dyn FnMut(&GameSummary),
) -> Result<WorkerReport, StudyError> {
    let name = &options.name;
    let only = options.only.as_deref();
    let mut report = WorkerReport::default();
    loop {
        let claim: Option<Claim> =
            retrying(say, &format!("worker {name}: cannot claim a batch"), || {
                batches.claim(name, options.lease, only)
            });
        let Some(claim) = claim else {
            if options.exit_when_idle {
                // Batches other workers hold may still come free (a worker killed mid-batch):
                // wait until every batch is done.
                let unfinished = retrying(
                    say,
                    &format!("worker {name}: cannot read the batches"),
                    || batches.unfinished(only),
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
        let mut renewed = Instant::now();
        let mut renewing = |game: &GameSummary| {
            each(game);
            // The lease is renewed as the games end, a quarter of it at the latest after the
            // last renewal, so a batch played slowly is not claimed again under the worker.
            if renewed.elapsed() >= options.lease / 4 {
                renewed = Instant::now();
                match batches.renew(&claim, name, options.lease) {
                    Ok(true) => {}
                    Ok(false) => say(&format!(
                        "worker {name}: study {} batch {} is no longer its own (its lease ran out); its games are stored all the same",
                        claim.study.id, claim.batch
                    )),
                    Err(e) => say(&format!(
                        "worker {name}: cannot renew its lease on study {} batch {}: {e}; playing on",
                        claim.study.id, claim.batch
                    )),
                }
            }
        };
        let games = claim
            .study
            .spec
            .play(claim.first_game, claim.games, options.jobs, &mut renewing)
            .map_err(|source| StudyError {
                study: claim.study.id.clone(),
                source,
            })?;
        retrying(
            say,
            &format!("worker {name}: cannot store its games"),
            || batches.finish(&claim, name, &games),
        );
        report.batches += 1;
        report.games += u64::from(claim.games);
        let decided = retrying(
            say,
            &format!(
                "worker {name}: cannot read study {}'s games",
                claim.study.id
            ),
            || batches.close_if_decided(&claim.study),
        );
        if let Some(result) = decided {
            say(&format!(
                "worker {name}: study {} decided ({:?}) after {} games; its other batches are skipped",
                claim.study.id, result.verdict, result.games
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::batch::StudyRow;
    use crate::sprt::SprtResult;
    use crate::study::StudySpec;

    /// A batch in the store: its first game, its games, who holds it, whether it is done.
    struct Batch {
        first: u32,
        games: u32,
        holder: Option<String>,
        done: bool,
    }

    /// A store in memory: one study cut into batches; the next `failures` claims fail, and a
    /// batch another worker holds comes free (its lease run out) once it is waited for.
    struct Store {
        study: StudyRow,
        batches: Vec<Batch>,
        games: BTreeMap<u32, GameSummary>,
        failures: u32,
        /// The leases renewed: `(batch, worker)`.
        renewed: Vec<(i64, String)>,
        /// Whether every batch is taken by another worker as soon as it is claimed.
        stolen: bool,
    }

    impl Store {
        fn new(variant: &str, player: &str, games: u32, batch: u32) -> Store {
            let spec = StudySpec {
                variant: variant.to_owned(),
                player: player.to_owned(),
                games,
                seed: 3,
                opening: 0,
                max_turns: 6,
                adjudication: omnichess_engine::adjudication::Adjudication::NONE,
                start: None,
                material_every: 0,
                versus: None,
            };
            let batches = (0..games)
                .step_by(batch as usize)
                .map(|first| Batch {
                    first,
                    games: batch.min(games - first),
                    holder: None,
                    done: false,
                })
                .collect();
            Store {
                study: StudyRow {
                    id: "s1".to_owned(),
                    kind: "balance".to_owned(),
                    spec,
                },
                batches,
                games: BTreeMap::new(),
                failures: 0,
                renewed: Vec::new(),
                stolen: false,
            }
        }
    }

    impl Batches for Store {
        type Error = &'static str;

        fn claim(
            &mut self,
            worker: &str,
            _lease: Duration,
            only: Option<&str>,
        ) -> Result<Option<Claim>, &'static str> {
            if self.failures > 0 {
                self.failures -= 1;
                return Err("the store is out of reach");
            }
            if only.is_some_and(|id| id != self.study.id) {
                return Ok(None);
            }
            let Some((n, batch)) = self
                .batches
                .iter_mut()
                .enumerate()
                .find(|(_, b)| !b.done && b.holder.is_none())
            else {
                return Ok(None);
            };
            batch.holder = Some(worker.to_owned());
            Ok(Some(Claim {
                study: self.study.clone(),
                batch: i64::try_from(n).expect("few batches"),
                first_game: batch.first,
                games: batch.games,
            }))
        }

        fn unfinished(&mut self, only: Option<&str>) -> Result<u64, &'static str> {
            if only.is_some_and(|id| id != self.study.id) {
                return Ok(0);
            }
            let unfinished = self.batches.iter().filter(|b| !b.done).count();
            for batch in &mut self.batches {
                batch.holder = None;
            }
            Ok(unfinished as u64)
        }

        fn finish(
            &mut self,
            claim: &Claim,
            _worker: &str,
            games: &[GameSummary],
        ) -> Result<(), &'static str> {
            for game in games {
                self.games
                    .entry(game.number)
                    .or_insert_with(|| game.clone());
            }
            let n = usize::try_from(claim.batch).expect("a batch number");
            self.batches[n].done = true;
            Ok(())
        }

        fn renew(
            &mut self,
            claim: &Claim,
            worker: &str,
            _lease: Duration,
        ) -> Result<bool, &'static str> {
            self.renewed.push((claim.batch, worker.to_owned()));
            let n = usize::try_from(claim.batch).expect("a batch number");
            Ok(!self.stolen && self.batches[n].holder.as_deref() == Some(worker))
        }

        fn close_if_decided(
            &mut self,
            _study: &StudyRow,
        ) -> Result<Option<SprtResult>, &'static str> {
            Ok(None)
        }
    }

    fn options(name: &str) -> WorkerOptions {
        WorkerOptions {
            name: name.to_owned(),
            jobs: 1,
            lease: Duration::from_secs(60),
            exit_when_idle: true,
            only: None,
        }
    }

    #[test]
    fn a_worker_plays_every_batch_once_and_retries_a_store_out_of_reach() {
        let mut store = Store::new("classic", "random", 5, 2);
        store.failures = 1;
        let mut said = Vec::new();
        let mut seen = 0;
        let report = work(
            &mut store,
            &options("w1"),
            &mut |line| said.push(line.to_owned()),
            &mut |_| seen += 1,
        )
        .expect("played");
        assert_eq!(
            report,
            WorkerReport {
                batches: 3,
                games: 5
            }
        );
        assert_eq!(seen, 5);
        assert_eq!(
            store.games.keys().copied().collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
        assert_eq!(
            said[0],
            "worker w1: cannot claim a batch: the store is out of reach; retrying in 0.5 s"
        );
        assert_eq!(said[1], "worker w1: study s1 batch 0 (games 0 to 1)");
        assert_eq!(said.len(), 4, "{said:?}");
        // The same games as the study played whole in one place.
        let whole = store.study.spec.play(0, 5, 1, &mut |_| {}).expect("whole");
        for game in whole {
            assert_eq!(store.games[&game.number], game);
        }
    }

    #[test]
    fn an_idle_worker_waits_for_a_batch_another_worker_holds() {
        let mut store = Store::new("classic", "random", 4, 2);
        store.batches[0].holder = Some("killed".to_owned());
        let mut said = Vec::new();
        let report = work(
            &mut store,
            &options("w2"),
            &mut |line| said.push(line.to_owned()),
            &mut |_| {},
        )
        .expect("played");
        assert_eq!(
            report,
            WorkerReport {
                batches: 2,
                games: 4
            }
        );
        assert_eq!(
            said,
            [
                "worker w2: study s1 batch 1 (games 2 to 3)",
                "worker w2: study s1 batch 0 (games 0 to 1)",
            ]
        );
        assert!(store.batches.iter().all(|b| b.done));
    }

    #[test]
    fn a_worker_renews_its_lease_as_the_games_of_a_batch_end() {
        let mut store = Store::new("classic", "random", 3, 3);
        let mut quick = options("w5");
        quick.lease = Duration::ZERO; // renewed after every game
        let mut said = Vec::new();
        work(
            &mut store,
            &quick,
            &mut |line| said.push(line.to_owned()),
            &mut |_| {},
        )
        .expect("played");
        assert_eq!(store.renewed, vec![(0, "w5".to_owned()); 3]);
        assert_eq!(said.len(), 1, "{said:?}");
        // A batch claimed by another worker meanwhile is said so, its games stored all the
        // same (they were played: each is stored once by its number).
        let mut store = Store::new("classic", "random", 2, 2);
        store.stolen = true;
        let mut said = Vec::new();
        work(
            &mut store,
            &quick,
            &mut |line| said.push(line.to_owned()),
            &mut |_| {},
        )
        .expect("played");
        assert_eq!(
            said[1],
            "worker w5: study s1 batch 0 is no longer its own (its lease ran out); its games are stored all the same"
        );
        assert_eq!(store.games.len(), 2);
    }

    #[test]
    fn a_worker_stops_at_a_study_it_cannot_play() {
        let mut store = Store::new("classic", "no-such-player", 2, 2);
        let error = work(&mut store, &options("w3"), &mut |_| {}, &mut |_| {})
            .expect_err("a player refused");
        assert_eq!(error.study, "s1");
        assert!(error.to_string().starts_with("study s1: "), "{error}");
        assert!(store.games.is_empty());
    }

    #[test]
    fn a_worker_plays_only_the_study_it_is_given() {
        let mut store = Store::new("classic", "random", 2, 2);
        let mut other = options("w4");
        other.only = Some("s2".to_owned());
        let report = work(&mut store, &other, &mut |_| {}, &mut |_| {}).expect("idle");
        assert_eq!(report, WorkerReport::default());
        assert!(store.games.is_empty());
    }
}
