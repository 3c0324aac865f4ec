//! The speed a game is rated in: by its estimated duration, base time plus 40 times the
//! increment (lichess's estimate, a game of 40 moves), a period's extra time counted in; a
//! per-move clock counts 40 moves of its time, and a day or more a move is correspondence. An
//! untimed game has its own rating (`untimed`).

use crate::game::options::ClockSpec;

/// Estimated durations under this many seconds are bullet.
pub const BULLET_UNDER_S: i64 = 180;
/// Under this, blitz.
pub const BLITZ_UNDER_S: i64 = 480;
/// Under this, rapid; from it on, classical.
pub const RAPID_UNDER_S: i64 = 1500;

/// The speed of a game with `clock` (`None`: untimed): `bullet`, `blitz`, `rapid`,
/// `classical`, `correspondence` or `untimed`.
#[must_use]
pub fn speed(clock: Option<&ClockSpec>) -> &'static str {
    let Some(clock) = clock else {
        return "untimed";
    };
    if clock.per_move_ms >= 24 * 3_600_000 {
        return "correspondence";
    }
    let extra = clock.period.map_or(0, |[_, extra]| extra);
    let ms = clock.base_ms + extra + 40 * (clock.increment_ms + clock.per_move_ms);
    match ms / 1000 {
        s if s < BULLET_UNDER_S => "bullet",
        s if s < BLITZ_UNDER_S => "blitz",
        s if s < RAPID_UNDER_S => "rapid",
        _ => "classical",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(base_s: i64, increment_s: i64, per_move_s: i64) -> ClockSpec {
        ClockSpec {
            base_ms: base_s * 1000,
            increment_ms: increment_s * 1000,
            per_move_ms: per_move_s * 1000,
            period: None,
        }
    }

    #[test]
    fn speeds_follow_the_estimated_duration() {
        assert_eq!(speed(None), "untimed");
        assert_eq!(speed(Some(&clock(60, 1, 0))), "bullet"); // 100 s
        assert_eq!(speed(Some(&clock(180, 0, 0))), "blitz"); // 180 s: not under 180
        assert_eq!(speed(Some(&clock(180, 2, 0))), "blitz"); // 260 s
        assert_eq!(speed(Some(&clock(600, 0, 0))), "rapid");
        assert_eq!(speed(Some(&clock(900, 15, 0))), "classical"); // 1500 s
        assert_eq!(speed(Some(&clock(0, 0, 180))), "classical"); // 3 minutes a move
        assert_eq!(speed(Some(&clock(0, 0, 86_400))), "correspondence");
        let period = ClockSpec {
            period: Some([40, 1_800_000]),
            ..clock(300, 0, 0)
        };
        assert_eq!(
            speed(Some(&period)),
            "classical",
            "the period's 30 minutes count"
        );
    }
}
