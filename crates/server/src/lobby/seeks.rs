//! Open seeks (lila's lobby): a visitor asks for a game (variant, start, time control, seat)
//! and waits; another visitor accepts it, which creates the game and gives each of them a seat.
//!
//! Seeks live in the server's memory, not in the store: a seek is worth something only while
//! its seeker waits on the lobby page, which polls `POST /api/seeks/{id}/poll` every few
//! seconds. A seek not polled for its timeout ([`DEFAULT_SEEK_TIMEOUT`]) is gone, accepted or
//! not, so nothing accumulates; at most [`MAX_SEEKS`] exist at once. A restart loses the open seeks (their
//! seekers' pages see 404 and say so); the games made from them are stored as every game.
//! Servers sharing a PostgreSQL database each have their own seeks.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::ApiError;
use crate::protocol::lobby::{SeekItem, SeekStatus};
use crate::store::SeatAccount;

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

/// Where a seek is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Listed, waiting for someone to accept it.
    Open,
    /// Someone accepts it now: its game is being created.
    Accepting,
    /// Accepted: the game and the seeker's seat and token in it.
    Accepted {
        game: String,
        seat: u8,
        token: String,
    },
}

#[derive(Clone, Debug)]
struct Seek {
    item: SeekItem,
    token: String,
    /// The seeker's address (`None`: a request that carries none, as in-process tests).
    client: Option<std::net::IpAddr>,
    /// The seeker's account, which will hold its seat.
    account: Option<SeatAccount>,
    polled: Instant,
    /// Polls left in the burst, as of `polled` ([`POLL_BURST`]).
    polls_left: u32,
    state: State,
}

/// The seeks of this server.
#[derive(Clone, Debug)]
pub struct Seeks {
    seeks: Arc<Mutex<HashMap<String, Seek>>>,
    timeout: Duration,
}

impl Default for Seeks {
    fn default() -> Seeks {
        Seeks::new(DEFAULT_SEEK_TIMEOUT)
    }
}

fn unknown(id: &str) -> ApiError {
    ApiError::UnknownSeek(id.chars().take(40).collect())
}

impl Seeks {
    /// No seeks; each lives `timeout` without a poll.
    #[must_use]
    pub fn new(timeout: Duration) -> Seeks {
        Seeks {
            seeks: Arc::default(),
            timeout,
        }
    }

    /// The seeks, those not polled within the timeout dropped (a seek being accepted stays:
    /// its game is being made).
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, Seek>> {
        let mut seeks = self.seeks.lock().unwrap_or_else(|e| e.into_inner());
        let timeout = self.timeout;
        seeks.retain(|_, s| s.state == State::Accepting || s.polled.elapsed() <= timeout);
        seeks
    }

    /// Adds `item` (its id new) with the seeker's `token`, from `client`, and account; 503
    /// when [`MAX_SEEKS`] are held, 429 when the client holds [`MAX_SEEKS_PER_CLIENT`].
    pub fn add(
        &self,
        item: SeekItem,
        token: String,
        client: Option<std::net::IpAddr>,
        account: Option<SeatAccount>,
    ) -> Result<(), ApiError> {
        let mut seeks = self.held();
        if seeks.len() >= MAX_SEEKS {
            return Err(ApiError::Full(format!(
                "the lobby holds {MAX_SEEKS} seeks: accept one, or try again in a minute"
            )));
        }
        let waiting = |s: &&Seek| !matches!(s.state, State::Accepted { .. });
        if client.is_some()
            && seeks
                .values()
                .filter(|s| s.client == client)
                .filter(waiting)
                .count()
                >= MAX_SEEKS_PER_CLIENT
        {
            return Err(ApiError::TooMany(format!(
                "you hold {MAX_SEEKS_PER_CLIENT} seeks: cancel one, or wait for one to be accepted"
            )));
        }
        let seek = Seek {
            item: item.clone(),
            token,
            client,
            account,
            polled: Instant::now(),
            polls_left: POLL_BURST,
            state: State::Open,
        };
        seeks.insert(item.id, seek);
        Ok(())
    }

    /// Seek `id` as listed, open or not, if it is held.
    #[must_use]
    pub fn item(&self, id: &str) -> Option<SeekItem> {
        self.held().get(id).map(|s| s.item.clone())
    }

    /// The open seeks, newest first, at most [`LISTED_SEEKS`].
    #[must_use]
    pub fn open(&self) -> Vec<SeekItem> {
        let seeks = self.held();
        let mut open: Vec<SeekItem> = seeks
            .values()
            .filter(|s| s.state == State::Open)
            .map(|s| s.item.clone())
            .collect();
        open.sort_by(|a, b| b.created_ms.cmp(&a.created_ms).then(a.id.cmp(&b.id)));
        open.truncate(LISTED_SEEKS);
        open
    }

    /// The seeker's poll: keeps seek `id` alive and tells where it is. 404 for a seek gone,
    /// 403 for another token, 429 past its budget of polls ([`POLL_BURST`]).
    pub fn poll(&self, id: &str, token: &str) -> Result<SeekStatus, ApiError> {
        let mut seeks = self.held();
        let seek = seeks.get_mut(id).ok_or_else(|| unknown(id))?;
        if seek.token != token {
            return Err(ApiError::Forbidden(
                "this token is not the seeker's".to_owned(),
            ));
        }
        let now = Instant::now();
        let refilled = now.duration_since(seek.polled).as_millis() / POLL_REFILL.as_millis();
        let left = u128::from(seek.polls_left).saturating_add(refilled);
        let left = u32::try_from(left.min(u128::from(POLL_BURST))).unwrap_or(POLL_BURST);
        if left == 0 {
            return Err(ApiError::TooMany(
                "this seek is polled too often: once every two seconds is enough".to_owned(),
            ));
        }
        seek.polls_left = left - 1;
        seek.polled = now;
        let mut status = SeekStatus {
            seek: seek.item.clone(),
            ..SeekStatus::default()
        };
        if let State::Accepted { game, seat, token } = &seek.state {
            status.game = Some(game.clone());
            status.seat = Some(*seat);
            status.game_token = Some(token.clone());
        }
        Ok(status)
    }

    /// The seeker cancels seek `id`: 409 once it is accepted or being accepted.
    pub fn cancel(&self, id: &str, token: &str) -> Result<(), ApiError> {
        let mut seeks = self.held();
        let seek = seeks.get(id).ok_or_else(|| unknown(id))?;
        if seek.token != token {
            return Err(ApiError::Forbidden(
                "this token is not the seeker's".to_owned(),
            ));
        }
        if seek.state != State::Open {
            return Err(ApiError::Conflict(
                "the seek has been accepted: its game has started".to_owned(),
            ));
        }
        seeks.remove(id);
        Ok(())
    }

    /// Takes open seek `id` off the list for one accepter, signed in as `account` (its id) and
    /// holding `token` if it sent one: the seek and its seeker's account, or 404 (gone) / 409
    /// (someone else was first, or the accepter is the seeker: the same account, or the
    /// seeker's token). Then [`Seeks::accepted`] or [`Seeks::reopen`].
    pub fn claim(
        &self,
        id: &str,
        account: Option<&str>,
        token: Option<&str>,
    ) -> Result<(SeekItem, Option<SeatAccount>), ApiError> {
        let mut seeks = self.held();
        let seek = seeks.get_mut(id).ok_or_else(|| unknown(id))?;
        if seek.state != State::Open {
            return Err(ApiError::Conflict(
                "someone else has accepted this seek".to_owned(),
            ));
        }
        let same_account =
            account.is_some() && seek.account.as_ref().map(|a| a.id.as_str()) == account;
        if same_account || token == Some(seek.token.as_str()) {
            return Err(ApiError::Conflict(
                "this is your own seek: wait for another player to accept it, or cancel it"
                    .to_owned(),
            ));
        }
        seek.state = State::Accepting;
        Ok((seek.item.clone(), seek.account.clone()))
    }

    /// The game of claimed seek `id` is made: the seeker's seat and token in it, for its poll.
    pub fn accepted(&self, id: &str, game: String, seat: u8, token: String) {
        let mut seeks = self.held();
        if let Some(seek) = seeks.get_mut(id) {
            seek.state = State::Accepted { game, seat, token };
        }
    }

    /// The game of claimed seek `id` could not be made: it is open again.
    pub fn reopen(&self, id: &str) {
        let mut seeks = self.held();
        if let Some(seek) = seeks.get_mut(id) {
            seek.state = State::Open;
        }
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

    #[test]
    fn a_seek_is_polled_at_most_its_burst_then_once_a_second() {
        let seeks = Seeks::default();
        seeks
            .add(item("a", 1), "ta".to_owned(), None, None)
            .expect("added");
        for n in 0..POLL_BURST {
            seeks
                .poll("a", "ta")
                .unwrap_or_else(|e| panic!("poll {n}: {e}"));
        }
        assert!(matches!(seeks.poll("a", "ta"), Err(ApiError::TooMany(_))));
        // A refused poll still holds the seek; a second later one poll is back.
        std::thread::sleep(POLL_REFILL);
        seeks.poll("a", "ta").expect("refilled");
        assert!(matches!(seeks.poll("a", "ta"), Err(ApiError::TooMany(_))));
    }

    #[test]
    fn one_client_holds_at_most_its_share_of_the_lobby() {
        let seeks = Seeks::default();
        let one = Some(std::net::IpAddr::from([10, 0, 0, 1]));
        let other = Some(std::net::IpAddr::from([10, 0, 0, 2]));
        for n in 0..MAX_SEEKS_PER_CLIENT {
            let id = format!("s{n}");
            seeks
                .add(item(&id, 1), "t".to_owned(), one, None)
                .expect("added");
        }
        assert!(matches!(
            seeks.add(item("over", 1), "t".to_owned(), one, None),
            Err(ApiError::TooMany(_))
        ));
        seeks
            .add(item("theirs", 1), "t".to_owned(), other, None)
            .expect("another client's");
        seeks.cancel("s0", "t").expect("cancelled");
        seeks
            .add(item("again", 1), "t".to_owned(), one, None)
            .expect("room again");
        // An accepted seek (its game made) no longer holds a place.
        seeks.claim("s1", None, None).expect("claimed");
        seeks.accepted("s1", "g".to_owned(), 0, "seat".to_owned());
        seeks
            .add(item("after", 1), "t".to_owned(), one, None)
            .expect("room after an acceptance");
    }

    #[test]
    fn a_claimed_seek_leaves_the_list_and_comes_back_if_its_game_fails() {
        let seeks = Seeks::default();
        seeks
            .add(item("a", 1), "ta".to_owned(), None, None)
            .expect("added");
        seeks
            .add(item("b", 2), "tb".to_owned(), None, None)
            .expect("added");
        let ids = |s: &Seeks| s.open().into_iter().map(|i| i.id).collect::<Vec<_>>();
        assert_eq!(ids(&seeks), ["b", "a"], "newest first");
        assert_eq!(seeks.claim("a", None, None).expect("claimed").0.id, "a");
        assert_eq!(ids(&seeks), ["b"]);
        assert!(matches!(
            seeks.claim("a", None, None),
            Err(ApiError::Conflict(_))
        ));
        assert!(matches!(
            seeks.cancel("a", "ta"),
            Err(ApiError::Conflict(_))
        ));
        seeks.reopen("a");
        assert_eq!(ids(&seeks), ["b", "a"]);
        assert!(matches!(seeks.poll("a", "tb"), Err(ApiError::Forbidden(_))));
        // The seeker's own token is refused; another's is no matter.
        assert!(matches!(
            seeks.claim("a", None, Some("ta")),
            Err(ApiError::Conflict(_))
        ));
        seeks.claim("a", None, Some("tb")).expect("claimed again");
        seeks.accepted("a", "g".to_owned(), 1, "seat".to_owned());
        let status = seeks.poll("a", "ta").expect("polled");
        assert_eq!(
            (
                status.game.as_deref(),
                status.seat,
                status.game_token.as_deref()
            ),
            (Some("g"), Some(1), Some("seat"))
        );
    }

    #[test]
    fn a_seek_not_polled_in_time_is_gone() {
        // Margins of 400 ms either way: a loaded machine only makes the sleeps longer.
        let seeks = Seeks::new(Duration::from_millis(1000));
        seeks
            .add(item("a", 1), "ta".to_owned(), None, None)
            .expect("added");
        seeks
            .add(item("b", 1), "tb".to_owned(), None, None)
            .expect("added");
        std::thread::sleep(Duration::from_millis(600));
        seeks.poll("a", "ta").expect("still there");
        std::thread::sleep(Duration::from_millis(600));
        let ids: Vec<String> = seeks.open().into_iter().map(|i| i.id).collect();
        assert_eq!(ids, ["a"], "b was not polled");
        assert!(matches!(
            seeks.poll("b", "tb"),
            Err(ApiError::UnknownSeek(_))
        ));
        std::thread::sleep(Duration::from_millis(1100));
        assert!(seeks.open().is_empty());
        assert!(
            seeks.seeks.lock().expect("the seeks").is_empty(),
            "nothing is kept"
        );
    }
}
