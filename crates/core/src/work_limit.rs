//! A time limit on one piece of work done on one thread: a request of `omnichess serve`
//! (rebuilding a game, checking a decision, importing a record) or a command of the CLI
//! (`replay`, `moves`, `actions`, `analyze`).
//!
//! The work runs inside [`within`]. A variant whose exact answers can take exponential time
//! (5D Chess: "has the player on turn any legal turn?" among many timelines) asks
//! [`expired`] now and then inside that search and gives up when it says so, answering as its
//! bounded search does ("could not tell"). [`within`] then reports the work as
//! [`LimitExceeded`] whatever it returned, so an answer that was cut short is never shown as
//! exact, and the thread is free again soon after the limit (docs/ARCHITECTURE.md, "Bounded
//! work").
//!
//! Outside [`within`], [`expired`] is always `false`: perft, tests and the engine's own
//! searches (which keep their own clocks) are never cut.

use std::cell::Cell;
use std::time::{Duration, Instant};

thread_local! {
    /// The deadline of the work running on this thread, if any.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether [`expired`] has answered `true` since the work began.
    static HIT: Cell<bool> = const { Cell::new(false) };
}

/// The work ran past its limit; what it returned was cut short and is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the work ran past its limit of {}", seconds(*.limit))]
pub struct LimitExceeded {
    /// The limit it ran past.
    pub limit: Duration,
}

/// `limit` in seconds, as a person writes it (`0.25 s`, `10 s`).
fn seconds(limit: Duration) -> String {
    let s = limit.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

/// Runs `work` on this thread with a deadline `limit` from now. Within a `within` already
/// running, the earlier deadline holds. The result, or [`LimitExceeded`] when a search inside
/// `work` gave up because [`expired`] said so.
pub fn within<T>(limit: Duration, work: impl FnOnce() -> T) -> Result<T, LimitExceeded> {
    let outer = DEADLINE.get();
    let outer_hit = HIT.get();
    let mine = Instant::now().checked_add(limit);
    let deadline = match (outer, mine) {
        (Some(o), Some(m)) => Some(o.min(m)),
        (o, m) => o.or(m),
    };
    DEADLINE.set(deadline);
    HIT.set(false);
    let result = work();
    let hit = HIT.get();
    DEADLINE.set(outer);
    // An inner cut is the outer work's cut too; outside every limit nothing stays cut.
    HIT.set(outer.is_some() && (outer_hit || hit));
    if hit {
        Err(LimitExceeded { limit })
    } else {
        Ok(result)
    }
}

/// Whether the work running on this thread is past its deadline: a long search asks this
/// every few thousand steps and gives up when it is. Always `false` outside [`within`].
#[must_use]
pub fn expired() -> bool {
    let Some(deadline) = DEADLINE.get() else {
        return false;
    };
    if HIT.get() || Instant::now() >= deadline {
        HIT.set(true);
        return true;
    }
    false
}

/// Whether the work running on this thread has been cut by its deadline: what it computes
/// from now on may rest on a search that gave up, so it shows nothing more (the CLI prints no
/// line after this). Always `false` outside [`within`].
#[must_use]
pub fn cut() -> bool {
    HIT.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_limit_nothing_expires() {
        assert!(!expired());
    }

    #[test]
    fn work_that_stays_within_its_limit_keeps_its_result() {
        assert_eq!(
            within(Duration::from_secs(60), || (cut(), expired())),
            Ok((false, false))
        );
    }

    #[test]
    fn work_that_saw_its_deadline_is_refused() {
        let result = within(Duration::ZERO, || {
            let mut steps = 0;
            while !expired() {
                steps += 1;
            }
            steps
        });
        assert_eq!(
            result,
            Err(LimitExceeded {
                limit: Duration::ZERO
            })
        );
        assert!(!expired(), "the deadline ends with the work");
        assert!(!cut(), "and so does the cut");
    }

    #[test]
    fn an_inner_limit_never_extends_the_outer_one() {
        let outer = within(Duration::ZERO, || {
            let inner = within(Duration::from_secs(60), expired);
            (inner.is_err(), cut())
        });
        assert!(outer.is_err(), "the outer deadline held inside the inner");
        let kept = within(Duration::from_secs(60), || {
            let inner = within(Duration::ZERO, expired);
            (inner.is_err(), cut())
        });
        assert_eq!(
            kept,
            Err(LimitExceeded {
                limit: Duration::from_secs(60)
            }),
            "an inner cut cuts the outer work"
        );
    }

    #[test]
    fn the_message_names_the_limit() {
        let e = LimitExceeded {
            limit: Duration::from_millis(250),
        };
        assert_eq!(e.to_string(), "the work ran past its limit of 0.25 s");
        let e = LimitExceeded {
            limit: Duration::from_secs(10),
        };
        assert_eq!(e.to_string(), "the work ran past its limit of 10 s");
    }
}
