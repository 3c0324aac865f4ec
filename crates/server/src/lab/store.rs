//! The balance lab's jobs in the server's database (SQLite or PostgreSQL, the same tables):
//! a study is cut into batches of games; a worker claims a batch under a lease, plays it and
//! stores each game's summary under its number. A worker killed mid-batch loses nothing but
//! time: when its lease runs out the batch is claimed again and played again — the same
//! games, since each is seeded by its number — and a game already stored is not stored twice
//! (its number is the key). Totals are exact whatever the workers do. The workers' side of
//! it is [`omnichess_lab::batch`].

use omnichess_lab::batch::{Claim, Progress, StudyRow};
use omnichess_lab::sprt::{SprtResult, Verdict};
use omnichess_lab::study::{StudySpec, Versus};
use omnichess_lab::summary::GameSummary;
use sqlx::Row;

use crate::store::{Store, now_ms};

/// Why the lab's storage failed.
#[derive(Debug, thiserror::Error)]
pub enum LabStoreError {
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored row could not be read back.
    #[error("a stored study could not be read: {0}")]
    Corrupt(String),
    /// No study has this id.
    #[error("no study `{0}`")]
    Unknown(String),
}

fn spec_of(text: &str) -> Result<StudySpec, LabStoreError> {
    serde_json::from_str(text).map_err(|e| LabStoreError::Corrupt(e.to_string()))
}

impl Store {
    /// Stores study `id` of `kind` playing `spec`, cut into batches of `batch_games`.
    pub async fn create_study(
        &self,
        id: &str,
        kind: &str,
        spec: &StudySpec,
        batch_games: u32,
    ) -> Result<(), LabStoreError> {
        let text =
            serde_json::to_string(spec).map_err(|e| LabStoreError::Corrupt(e.to_string()))?;
        let mut tx = crate::store::Write::begin(self.pool()).await?;
        sqlx::query(
            "INSERT INTO studies (id, kind, spec, games, created_ms) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(kind)
        .bind(text)
        .bind(i64::from(spec.total_games()))
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        let size = batch_games.max(1);
        let total = spec.total_games();
        let mut first = 0;
        let mut batch = 0_i64;
        while first < total {
            let games = size.min(total - first);
            sqlx::query(
                "INSERT INTO study_batches (study_id, batch, first_game, games, state, worker, lease_until_ms)
                 VALUES ($1, $2, $3, $4, 'open', NULL, 0)",
            )
            .bind(id)
            .bind(batch)
            .bind(i64::from(first))
            .bind(i64::from(games))
            .execute(&mut *tx)
            .await?;
            first += games;
            batch += 1;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Claims for `worker`, until `lease_ms` from now, a batch of any study (or of study
    /// `only`) that is open or whose lease has run out; `None` when there is none. Studies
    /// share the workers fairly: the batch taken is one of the study with the fewest batches
    /// held by workers now, the lowest-numbered first, so a long study never keeps a newer one
    /// waiting (two studies and two workers: one each). Two workers never hold one
    /// batch: the claim is an update conditional on the batch still being free (and, on
    /// PostgreSQL, the candidate row is locked `FOR UPDATE SKIP LOCKED`, so workers skip
    /// each other's candidates instead of waiting).
    pub async fn claim_batch(
        &self,
        worker: &str,
        lease_ms: i64,
        only: Option<&str>,
    ) -> Result<Option<Claim>, LabStoreError> {
        const FREE: &str = "SELECT study_id, batch, first_game, games FROM study_batches AS free
             WHERE (state = 'open' OR (state = 'claimed' AND lease_until_ms < $1))
               AND ($2 = '' OR study_id = $2)
             ORDER BY (SELECT COUNT(*) FROM study_batches AS held
                       WHERE held.study_id = free.study_id AND held.state = 'claimed'
                         AND held.lease_until_ms >= $1),
                      batch, study_id
             LIMIT 1";
        const FREE_SKIP_LOCKED: &str =
            "SELECT study_id, batch, first_game, games FROM study_batches AS free
             WHERE (state = 'open' OR (state = 'claimed' AND lease_until_ms < $1))
               AND ($2 = '' OR study_id = $2)
             ORDER BY (SELECT COUNT(*) FROM study_batches AS held
                       WHERE held.study_id = free.study_id AND held.state = 'claimed'
                         AND held.lease_until_ms >= $1),
                      batch, study_id
             LIMIT 1 FOR UPDATE OF free SKIP LOCKED";
        let select = if self.is_postgres() {
            FREE_SKIP_LOCKED
        } else {
            FREE
        };
        loop {
            let now = now_ms();
            let mut tx = crate::store::Write::begin(self.pool()).await?;
            let candidate = sqlx::query(select)
                .bind(now)
                .bind(only.unwrap_or(""))
                .fetch_optional(&mut *tx)
                .await?;
            let Some(row) = candidate else {
                tx.commit().await?;
                return Ok(None);
            };
            let study_id: String = row.try_get("study_id")?;
            let batch: i64 = row.try_get("batch")?;
            let claimed = sqlx::query(
                "UPDATE study_batches SET state = 'claimed', worker = $1, lease_until_ms = $2
                 WHERE study_id = $3 AND batch = $4
                   AND (state = 'open' OR (state = 'claimed' AND lease_until_ms < $5))",
            )
            .bind(worker)
            .bind(now + lease_ms)
            .bind(&study_id)
            .bind(batch)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            tx.commit().await?;
            if claimed == 0 {
                continue; // another worker took it first: look again
            }
            let study = self.study(&study_id).await?;
            let number = |name: &str| -> Result<u32, LabStoreError> {
                let n: i64 = row.try_get(name)?;
                u32::try_from(n).map_err(|e| LabStoreError::Corrupt(e.to_string()))
            };
            return Ok(Some(Claim {
                study,
                batch,
                first_game: number("first_game")?,
                games: number("games")?,
            }));
        }
    }

    /// Batches not yet done (of study `only`, or of every study): open, or claimed by a
    /// worker that may still be playing them.
    pub async fn unfinished_batches(&self, only: Option<&str>) -> Result<u64, LabStoreError> {
        let n: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM study_batches
             WHERE state NOT IN ('done', 'skipped') AND ($1 = '' OR study_id = $1)",
        )
        .bind(only.unwrap_or(""))
        .fetch_one(self.pool())
        .await?
        .try_get("n")?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Stores `games` of study `study` played by `worker`: each once, by its number (a game
    /// already stored by an earlier claim of its batch is left as it is).
    pub async fn store_games(
        &self,
        study: &str,
        worker: &str,
        games: &[GameSummary],
    ) -> Result<(), LabStoreError> {
        let mut tx = crate::store::Write::begin(self.pool()).await?;
        for game in games {
            let text =
                serde_json::to_string(game).map_err(|e| LabStoreError::Corrupt(e.to_string()))?;
            sqlx::query(
                "INSERT INTO study_games (study_id, game, summary, worker) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (study_id, game) DO NOTHING",
            )
            .bind(study)
            .bind(i64::from(game.number))
            .bind(text)
            .bind(worker)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Extends `worker`'s lease on `claim`'s batch to `lease_ms` from now, while it plays
    /// the batch: whether the batch is still the worker's (`false`: its lease ran out and
    /// another worker claimed it, or it is done or skipped).
    pub async fn renew_lease(
        &self,
        claim: &Claim,
        worker: &str,
        lease_ms: i64,
    ) -> Result<bool, LabStoreError> {
        let renewed = sqlx::query(
            "UPDATE study_batches SET lease_until_ms = $1
             WHERE study_id = $2 AND batch = $3 AND worker = $4 AND state = 'claimed'",
        )
        .bind(now_ms().saturating_add(lease_ms))
        .bind(&claim.study.id)
        .bind(claim.batch)
        .bind(worker)
        .execute(self.pool())
        .await?
        .rows_affected();
        Ok(renewed > 0)
    }

    /// Marks `claim`'s batch done.
    pub async fn finish_batch(&self, claim: &Claim) -> Result<(), LabStoreError> {
        sqlx::query("UPDATE study_batches SET state = 'done' WHERE study_id = $1 AND batch = $2")
            .bind(&claim.study.id)
            .bind(claim.batch)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Gives study `id` the owner's `token` (the secret `POST /api/studies` answers).
    pub async fn own_study(&self, id: &str, token: &str) -> Result<(), LabStoreError> {
        sqlx::query("UPDATE studies SET owner_token = $1 WHERE id = $2")
            .bind(token)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Whether `token` is study `id`'s owner's (a study without an owner has none); 404 for
    /// a study that does not exist.
    pub async fn owns_study(&self, id: &str, token: &str) -> Result<bool, LabStoreError> {
        let row = sqlx::query("SELECT owner_token FROM studies WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?
            .ok_or_else(|| LabStoreError::Unknown(id.chars().take(40).collect()))?;
        let owner: Option<String> = row.try_get("owner_token")?;
        Ok(owner.as_deref() == Some(token))
    }

    /// Deletes study `id`, its batches and its games, in one transaction. A worker still
    /// playing one of its batches finds it gone when it stores the games, and drops them.
    pub async fn delete_study(&self, id: &str) -> Result<(), LabStoreError> {
        let mut tx = crate::store::Write::begin(self.pool()).await?;
        for statement in [
            "DELETE FROM study_games WHERE study_id = $1",
            "DELETE FROM study_batches WHERE study_id = $1",
            "DELETE FROM studies WHERE id = $1",
        ] {
            sqlx::query(statement).bind(id).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Ends study `id` early (an `sprt` study that has decided): its batches not yet done are
    /// skipped, so no worker claims them. A worker still playing one stores its games all
    /// the same: they are played, so they count.
    pub async fn close_study(&self, id: &str) -> Result<(), LabStoreError> {
        sqlx::query(
            "UPDATE study_batches SET state = 'skipped' WHERE study_id = $1 AND state <> 'done'",
        )
        .bind(id)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// After a batch of `study` is stored: when it is a test that has now decided, ends it
    /// ([`Store::close_study`]) and gives the decision.
    pub async fn close_if_decided(
        &self,
        study: &StudyRow,
    ) -> Result<Option<SprtResult>, LabStoreError> {
        let Some(Versus::Player { bounds, .. }) = &study.spec.versus else {
            return Ok(None);
        };
        let result = SprtResult::of(*bounds, &self.study_games(&study.id).await?);
        if result.verdict == Verdict::Continue {
            return Ok(None);
        }
        self.close_study(&study.id).await?;
        Ok(Some(result))
    }

    /// Study `id`.
    pub async fn study(&self, id: &str) -> Result<StudyRow, LabStoreError> {
        let row = sqlx::query("SELECT kind, spec FROM studies WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?
            .ok_or_else(|| LabStoreError::Unknown(id.chars().take(40).collect()))?;
        let spec: String = row.try_get("spec")?;
        Ok(StudyRow {
            id: id.to_owned(),
            kind: row.try_get("kind")?,
            spec: spec_of(&spec)?,
        })
    }

    /// The newest `limit` studies, newest first, each with its games stored so far.
    pub async fn studies(&self, limit: i64) -> Result<Vec<(StudyRow, u64)>, LabStoreError> {
        let rows = sqlx::query(
            "SELECT s.id AS id, s.kind AS kind, s.spec AS spec,
                    (SELECT COUNT(*) FROM study_games g WHERE g.study_id = s.id) AS done
             FROM studies s ORDER BY s.created_ms DESC, s.id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let spec: String = r.try_get("spec")?;
                let done: i64 = r.try_get("done")?;
                Ok((
                    StudyRow {
                        id: r.try_get("id")?,
                        kind: r.try_get("kind")?,
                        spec: spec_of(&spec)?,
                    },
                    u64::try_from(done).unwrap_or(0),
                ))
            })
            .collect()
    }

    /// The games of study `id` stored so far, by number.
    pub async fn study_games(&self, id: &str) -> Result<Vec<GameSummary>, LabStoreError> {
        let rows = sqlx::query("SELECT summary FROM study_games WHERE study_id = $1 ORDER BY game")
            .bind(id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                let text: String = r.try_get("summary")?;
                serde_json::from_str(&text).map_err(|e| LabStoreError::Corrupt(e.to_string()))
            })
            .collect()
    }

    /// How far study `id` is.
    pub async fn study_progress(&self, id: &str) -> Result<Progress, LabStoreError> {
        let study = self.study(id).await?;
        let done: i64 = sqlx::query("SELECT COUNT(*) AS n FROM study_games WHERE study_id = $1")
            .bind(id)
            .fetch_one(self.pool())
            .await?
            .try_get("n")?;
        let mut progress = Progress {
            games_done: u64::try_from(done).unwrap_or(0),
            games: u64::from(study.spec.total_games()),
            ..Progress::default()
        };
        let rows = sqlx::query(
            "SELECT batch, state, worker FROM study_batches WHERE study_id = $1 ORDER BY batch",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        for r in rows {
            let state: String = r.try_get("state")?;
            match state.as_str() {
                "open" => progress.open += 1,
                "done" => progress.done += 1,
                "skipped" => progress.skipped += 1,
                _ => progress.claimed.push((
                    r.try_get("batch")?,
                    r.try_get::<Option<String>, _>("worker")?
                        .unwrap_or_default(),
                )),
            }
        }
        Ok(progress)
    }
}
