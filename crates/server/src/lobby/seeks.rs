//! Open seeks (lila's lobby): a visitor asks for a game (variant, start, time control, seat)
//! and waits; another visitor accepts it, which creates the game and gives each of them a seat.
//!
//! Seeks live in the database (the `seeks` table, beside the games), so every server on one
//! PostgreSQL database lists, polls, cancels and accepts the same seeks: the load balancer may
//! send each request anywhere. A seek is worth something only while its seeker waits on the
//! lobby page, which polls `POST /api/seeks/{id}/poll` every few seconds: a seek not polled for
//! its timeout ([`DEFAULT_SEEK_TIMEOUT`]) is deleted, accepted or not, so nothing accumulates;
//! at most [`MAX_SEEKS`] exist at once. A restart keeps them (their seekers go on polling).
//! The seeker's token is stored as its hash, as a session's is.
//!
//! Accepting is a compare-and-set on the row (`open` to `accepting`), so of two accepters on
//! any two servers exactly one gets the seek; the game made, the row holds its id and the
//! seeker's seat and token until the seeker's poll learns them.

use std::time::Duration;

use sqlx::Row;

use crate::accounts::sessions::token_hash;
use crate::error::ApiError;
use crate::protocol::lobby::{SeekItem, SeekStatus};
use crate::store::{SeatAccount, Store, Write, now_ms};

/// Seeks held at once, open or accepted; past it a new seek is refused with 503.
pub const MAX_SEEKS: usize = 1000;

/// Seeks one client (its address) holds open at once (an accepted seek, kept until its
/// seeker's poll learns the game, no longer counts); past it its new seek is refused with 429.
pub const MAX_SEEKS_PER_CLIENT: usize = 10;

/// Polls of one seek answered in a burst; past it they are refilled one a
/// [`POLL_REFILL`] and a poll with none left is refused with 429. The page polls every 2 s.
pub const POLL_BURST: u32 = 10;

/// The time in which one poll is given back to a seek's budget ([`POLL_BURST`]).
pub const POLL_REFILL: Duration = Duration::from_secs(1);

/// Open seeks `GET /api/seeks` lists at most, newest first.
pub const LISTED_SEEKS: usize = 100;

/// The default time a seek lives without its seeker polling it: 90 s, past the minute between
/// timers that browsers allow a page hidden for a while (the seeker waiting in another tab).
pub const DEFAULT_SEEK_TIMEOUT: Duration = Duration::from_secs(90);

/// The advisory lock that makes adding a seek one at a time on PostgreSQL, so that the caps
/// hold with several servers (SQLite has one writer anyway).
const ADD_LOCK: i64 = 5_000_021;

/// The row's `state`: listed, waiting for someone to accept it.
const OPEN: &str = "open";
/// Someone accepts it now: its game is being created.
const ACCEPTING: &str = "accepting";
/// Accepted: the row holds the game and the seeker's seat and token in it.
const ACCEPTED: &str = "accepted";

/// The seeks of every server on the database.
#[derive(Clone, Debug)]
pub struct Seeks {
    store: Store,
    timeout: Duration,
}

fn unknown(id: &str) -> ApiError {
    ApiError::UnknownSeek(id.chars().take(40).collect())
}

fn not_the_seekers() -> ApiError {
    ApiError::Forbidden("this token is not the seeker's".to_owned())
}

/// Whether `token` is the seeker's of the seek in `row` (stored as its hash).
fn is_seekers(row: &sqlx::any::AnyRow, token: &str) -> Result<bool, ApiError> {
    Ok(row.try_get::<String, _>("token_hash")? == token_hash(token))
}

fn item_of(row: &sqlx::any::AnyRow) -> Result<SeekItem, ApiError> {
    let text: String = row.try_get("item")?;
    serde_json::from_str(&text)
        .map_err(|e| ApiError::Engine(format!("a stored seek could not be read: {e}")))
}

/// The polls left of a budget of `left` after `elapsed_ms` of refilling, at most
/// [`POLL_BURST`].
fn refilled(left: i64, elapsed_ms: i64) -> i64 {
    let refill = i64::try_from(POLL_REFILL.as_millis()).unwrap_or(1000);
    left.saturating_add(elapsed_ms.max(0) / refill)
        .min(i64::from(POLL_BURST))
}

impl Seeks {
    /// The seeks of `store`'s database; each lives `timeout` without a poll.
    #[must_use]
    pub fn new(store: Store, timeout: Duration) -> Seeks {
        Seeks { store, timeout }
    }

    /// The poll time before which a seek is gone (a claim counts as a poll: a seek being
    /// accepted stays while its game is made). Reads skip such rows; [`Seeks::add`] deletes
    /// them, so the table holds at most [`MAX_SEEKS`] rows.
    fn cutoff(&self) -> i64 {
        let timeout = i64::try_from(self.timeout.as_millis()).unwrap_or(i64::MAX);
        now_ms().saturating_sub(timeout)
    }

    /// Adds `item` (its id new) with the seeker's `token`, from `client`, and account; 503
    /// when [`MAX_SEEKS`] are held, 429 when the client holds [`MAX_SEEKS_PER_CLIENT`].
    pub async fn add(
        &self,
        item: SeekItem,
        token: &str,
        client: Option<std::net::IpAddr>,
        account: Option<SeatAccount>,
    ) -> Result<(), ApiError> {
        self.store.file_present()?;
        let mut tx = Write::begin(self.store.pool()).await?;
        if self.store.is_postgres() {
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(ADD_LOCK)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM seeks WHERE polled_ms < $1")
            .bind(self.cutoff())
            .execute(&mut *tx)
            .await?;
        let held: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seeks")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if held >= MAX_SEEKS as i64 {
            return Err(ApiError::Full(format!(
                "the lobby holds {MAX_SEEKS} seeks: accept one, or try again in a minute"
            )));
        }
        let client = client.map(|c| c.to_string());
        if let Some(client) = &client {
            let waiting: i64 =
                sqlx::query("SELECT COUNT(*) AS n FROM seeks WHERE client = $1 AND state <> $2")
                    .bind(client)
                    .bind(ACCEPTED)
                    .fetch_one(&mut *tx)
                    .await?
                    .try_get("n")?;
            if waiting >= MAX_SEEKS_PER_CLIENT as i64 {
                return Err(ApiError::TooMany(format!(
                    "you hold {MAX_SEEKS_PER_CLIENT} seeks: cancel one, or wait for one to be accepted"
                )));
            }
        }
        let text = serde_json::to_string(&item)
            .map_err(|e| ApiError::Engine(format!("a seek could not be written: {e}")))?;
        let (account_id, account_name) = account.map(|a| (a.id, a.name)).unzip();
        sqlx::query(
            "INSERT INTO seeks (id, item, token_hash, client, account_id, account_name, state,
                 created_ms, polled_ms, polls_left)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&item.id)
        .bind(text)
        .bind(token_hash(token))
        .bind(client)
        .bind(account_id)
        .bind(account_name)
        .bind(OPEN)
        .bind(item.created_ms)
        .bind(now_ms())
        .bind(i64::from(POLL_BURST))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The row of seek `id`, if it is held.
    async fn row(&self, id: &str) -> Result<Option<sqlx::any::AnyRow>, ApiError> {
        Ok(
            sqlx::query("SELECT * FROM seeks WHERE id = $1 AND polled_ms >= $2")
                .bind(id)
                .bind(self.cutoff())
                .fetch_optional(self.store.pool())
                .await?,
        )
    }

    /// Seek `id` as listed, open or not, if it is held.
    pub async fn item(&self, id: &str) -> Result<Option<SeekItem>, ApiError> {
        self.row(id).await?.as_ref().map(item_of).transpose()
    }

    /// The open seeks, newest first, at most [`LISTED_SEEKS`].
    pub async fn open(&self) -> Result<Vec<SeekItem>, ApiError> {
        let rows = sqlx::query(
            "SELECT item FROM seeks WHERE state = $1 AND polled_ms >= $2
             ORDER BY created_ms DESC, id LIMIT $3",
        )
        .bind(OPEN)
        .bind(self.cutoff())
        .bind(LISTED_SEEKS as i64)
        .fetch_all(self.store.pool())
        .await?;
        rows.iter().map(item_of).collect()
    }

    /// The seeker's poll: keeps seek `id` alive and tells where it is. 404 for a seek gone,
    /// 403 for another token, 429 past its budget of polls ([`POLL_BURST`]).
    pub async fn poll(&self, id: &str, token: &str) -> Result<SeekStatus, ApiError> {
        let row = self.row(id).await?.ok_or_else(|| unknown(id))?;
        if !is_seekers(&row, token)? {
            return Err(not_the_seekers());
        }
        let now = now_ms();
        let polled: i64 = row.try_get("polled_ms")?;
        let left = refilled(row.try_get("polls_left")?, now - polled);
        if left == 0 {
            return Err(ApiError::TooMany(
                "this seek is polled too often: once every two seconds is enough".to_owned(),
            ));
        }
        sqlx::query("UPDATE seeks SET polled_ms = $1, polls_left = $2 WHERE id = $3")
            .bind(now)
            .bind(left - 1)
            .bind(id)
            .execute(self.store.pool())
            .await?;
        let mut status = SeekStatus {
            seek: item_of(&row)?,
            ..SeekStatus::default()
        };
        if row.try_get::<String, _>("state")? == ACCEPTED {
            status.game = row.try_get("game_id")?;
            let seat: Option<i64> = row.try_get("seat")?;
            status.seat = seat.and_then(|s| u8::try_from(s).ok());
            status.game_token = row.try_get("game_token")?;
        }
        Ok(status)
    }

    /// The seeker cancels seek `id`: 409 once it is accepted or being accepted.
    pub async fn cancel(&self, id: &str, token: &str) -> Result<(), ApiError> {
        let row = self.row(id).await?.ok_or_else(|| unknown(id))?;
        if !is_seekers(&row, token)? {
            return Err(not_the_seekers());
        }
        let deleted = sqlx::query("DELETE FROM seeks WHERE id = $1 AND state = $2")
            .bind(id)
            .bind(OPEN)
            .execute(self.store.pool())
            .await?;
        if deleted.rows_affected() == 0 {
            return Err(ApiError::Conflict(
                "the seek has been accepted: its game has started".to_owned(),
            ));
        }
        Ok(())
    }

    /// Takes open seek `id` off the list for one accepter, signed in as `account` (its id) and
    /// holding `token` if it sent one: the seek and its seeker's account, or 404 (gone) / 409
    /// (someone else was first, or the accepter is the seeker: the same account, or the
    /// seeker's token). Then [`Seeks::accepted`] or [`Seeks::reopen`].
    pub async fn claim(
        &self,
        id: &str,
        account: Option<&str>,
        token: Option<&str>,
    ) -> Result<(SeekItem, Option<SeatAccount>), ApiError> {
        let row = self.row(id).await?.ok_or_else(|| unknown(id))?;
        let taken = || ApiError::Conflict("someone else has accepted this seek".to_owned());
        if row.try_get::<String, _>("state")? != OPEN {
            return Err(taken());
        }
        let seeker_id: Option<String> = row.try_get("account_id")?;
        let same_account = account.is_some() && seeker_id.as_deref() == account;
        let own_token = match token {
            Some(t) => is_seekers(&row, t)?,
            None => false,
        };
        if same_account || own_token {
            return Err(ApiError::Conflict(
                "this is your own seek: wait for another player to accept it, or cancel it"
                    .to_owned(),
            ));
        }
        let claimed =
            sqlx::query("UPDATE seeks SET state = $1, polled_ms = $2 WHERE id = $3 AND state = $4")
                .bind(ACCEPTING)
                .bind(now_ms())
                .bind(id)
                .bind(OPEN)
                .execute(self.store.pool())
                .await?;
        if claimed.rows_affected() == 0 {
            return Err(taken());
        }
        let name: Option<String> = row.try_get("account_name")?;
        let account = seeker_id
            .zip(name)
            .map(|(id, name)| SeatAccount { id, name });
        Ok((item_of(&row)?, account))
    }

    /// The game of claimed seek `id` is made: the seeker's seat and token in it, for its poll.
    pub async fn accepted(
        &self,
        id: &str,
        game: &str,
        seat: u8,
        token: &str,
    ) -> Result<(), ApiError> {
        sqlx::query(
            "UPDATE seeks SET state = $1, game_id = $2, seat = $3, game_token = $4 WHERE id = $5",
        )
        .bind(ACCEPTED)
        .bind(game)
        .bind(i64::from(seat))
        .bind(token)
        .bind(id)
        .execute(self.store.pool())
        .await?;
        Ok(())
    }

    /// The game of claimed seek `id` could not be made: it is open again.
    pub async fn reopen(&self, id: &str) -> Result<(), ApiError> {
        sqlx::query("UPDATE seeks SET state = $1 WHERE id = $2 AND state = $3")
            .bind(OPEN)
            .bind(id)
            .bind(ACCEPTING)
            .execute(self.store.pool())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, created_ms: i64) -> SeekItem {
        SeekItem {
            id: id.to_owned(),
            variant: "classic".to_owned(),
            created_ms,
            ..SeekItem::default()
        }
    }

    async fn seeks(name: &str, timeout: Duration) -> Seeks {
        let dir = std::env::temp_dir().join(format!("omnichess-seeks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join(format!("{name}.db"));
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&format!("sqlite://{}", path.display()))
            .await
            .expect("a database");
        Seeks::new(store, timeout)
    }

    #[tokio::test]
    async fn a_seek_is_polled_at_most_its_burst_then_once_a_second() {
        let seeks = seeks("burst", DEFAULT_SEEK_TIMEOUT).await;
        seeks
            .add(item("a", 1), "ta", None, None)
            .await
            .expect("added");
        for n in 0..POLL_BURST {
            seeks
                .poll("a", "ta")
                .await
                .unwrap_or_else(|e| panic!("poll {n}: {e}"));
        }
        assert!(matches!(
            seeks.poll("a", "ta").await,
            Err(ApiError::TooMany(_))
        ));
        // A refused poll still holds the seek; a second later one poll is back.
        tokio::time::sleep(POLL_REFILL).await;
        seeks.poll("a", "ta").await.expect("refilled");
        assert!(matches!(
            seeks.poll("a", "ta").await,
            Err(ApiError::TooMany(_))
        ));
    }

    #[tokio::test]
    async fn one_client_holds_at_most_its_share_of_the_lobby() {
        let seeks = seeks("share", DEFAULT_SEEK_TIMEOUT).await;
        let one = Some(std::net::IpAddr::from([10, 0, 0, 1]));
        let other = Some(std::net::IpAddr::from([10, 0, 0, 2]));
        for n in 0..MAX_SEEKS_PER_CLIENT {
            let id = format!("s{n}");
            seeks
                .add(item(&id, 1), "t", one, None)
                .await
                .expect("added");
        }
        assert!(matches!(
            seeks.add(item("over", 1), "t", one, None).await,
            Err(ApiError::TooMany(_))
        ));
        seeks
            .add(item("theirs", 1), "t", other, None)
            .await
            .expect("another client's");
        seeks.cancel("s0", "t").await.expect("cancelled");
        seeks
            .add(item("again", 1), "t", one, None)
            .await
            .expect("room again");
        // An accepted seek (its game made) no longer holds a place.
        seeks.claim("s1", None, None).await.expect("claimed");
        seeks.accepted("s1", "g", 0, "seat").await.expect("stored");
        seeks
            .add(item("after", 1), "t", one, None)
            .await
            .expect("room after an acceptance");
    }

    #[tokio::test]
    async fn a_claimed_seek_leaves_the_list_and_comes_back_if_its_game_fails() {
        let seeks = seeks("claimed", DEFAULT_SEEK_TIMEOUT).await;
        seeks
            .add(item("a", 1), "ta", None, None)
            .await
            .expect("added");
        seeks
            .add(item("b", 2), "tb", None, None)
            .await
            .expect("added");
        async fn ids(s: &Seeks) -> Vec<String> {
            s.open()
                .await
                .expect("listed")
                .into_iter()
                .map(|i| i.id)
                .collect()
        }
        assert_eq!(ids(&seeks).await, ["b", "a"], "newest first");
        assert_eq!(
            seeks.claim("a", None, None).await.expect("claimed").0.id,
            "a"
        );
        assert_eq!(ids(&seeks).await, ["b"]);
        assert!(matches!(
            seeks.claim("a", None, None).await,
            Err(ApiError::Conflict(_))
        ));
        assert!(matches!(
            seeks.cancel("a", "ta").await,
            Err(ApiError::Conflict(_))
        ));
        seeks.reopen("a").await.expect("reopened");
        assert_eq!(ids(&seeks).await, ["b", "a"]);
        assert!(matches!(
            seeks.poll("a", "tb").await,
            Err(ApiError::Forbidden(_))
        ));
        // The seeker's own token is refused; another's is no matter.
        assert!(matches!(
            seeks.claim("a", None, Some("ta")).await,
            Err(ApiError::Conflict(_))
        ));
        seeks
            .claim("a", None, Some("tb"))
            .await
            .expect("claimed again");
        seeks.accepted("a", "g", 1, "seat").await.expect("stored");
        let status = seeks.poll("a", "ta").await.expect("polled");
        assert_eq!(
            (
                status.game.as_deref(),
                status.seat,
                status.game_token.as_deref()
            ),
            (Some("g"), Some(1), Some("seat"))
        );
    }

    #[tokio::test]
    async fn a_seek_not_polled_in_time_is_gone() {
        // Margins of 400 ms either way: a loaded machine only makes the sleeps longer.
        let seeks = seeks("timeout", Duration::from_millis(1000)).await;
        seeks
            .add(item("a", 1), "ta", None, None)
            .await
            .expect("added");
        seeks
            .add(item("b", 1), "tb", None, None)
            .await
            .expect("added");
        tokio::time::sleep(Duration::from_millis(600)).await;
        seeks.poll("a", "ta").await.expect("still there");
        tokio::time::sleep(Duration::from_millis(600)).await;
        let ids: Vec<String> = seeks
            .open()
            .await
            .expect("listed")
            .into_iter()
            .map(|i| i.id)
            .collect();
        assert_eq!(ids, ["a"], "b was not polled");
        assert!(matches!(
            seeks.poll("b", "tb").await,
            Err(ApiError::UnknownSeek(_))
        ));
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert!(seeks.open().await.expect("listed").is_empty());
        // The next seek made deletes the rows of those gone.
        seeks
            .add(item("c", 2), "tc", None, None)
            .await
            .expect("added");
        let left: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seeks")
            .fetch_one(seeks.store.pool())
            .await
            .expect("counted")
            .try_get("n")
            .expect("a count");
        assert_eq!(left, 1, "only c is kept");
    }

    #[test]
    fn a_budget_refills_one_poll_a_second_up_to_the_burst() {
        assert_eq!(refilled(0, 999), 0);
        assert_eq!(refilled(0, 1000), 1);
        assert_eq!(refilled(3, 60_000), i64::from(POLL_BURST));
        assert_eq!(refilled(2, -5), 2, "a clock that went back refills nothing");
    }
}
