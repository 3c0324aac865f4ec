//! `GET /api/games/{id}/record`: the variant's record of the game with what only the server
//! knows written into its tag pairs: the result of an ending outside the rules (resignation,
//! agreement, a flag) in the `Result` tag, the movetext's terminator, the PGN standard's
//! `Termination` value (`normal`, `time forfeit`) and the reason itself in a `Reason` tag;
//! the date the game was created, the players (an account's name, the engine as `Engine level
//! N`, else `Anonymous`), the time
//! control and the variant. The variants write the tags of rule endings themselves; their
//! record formats (and so the CLI's output) are not changed.

use crate::game::options::{ClockSpec, EngineSeat, GameOptions};

/// What the server adds to a variant's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts<'a> {
    /// The game's creation, in milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The game's options (the engine's seat, the clock).
    pub options: &'a GameOptions,
    /// The names of the accounts holding the seats, if any.
    pub players: [Option<&'a str>; 2],
    /// The variant's title (`Three Realms Chess`), for a record without a `Variant` tag.
    pub title: &'a str,
    /// An ending outside the rules: the result (`1-0`, `0-1`, `1/2-1/2`) and why, in words.
    pub ending: Option<(&'a str, &'a str)>,
}

/// Who holds `seat`, as records and players' pages name it: `Engine level N` for the engine's
/// seat, else the account's name; `None` for an anonymous seat.
#[must_use]
pub fn seat_name(engine: Option<EngineSeat>, account: Option<&str>, seat: u8) -> Option<String> {
    match (engine, account) {
        (Some(e), _) if e.seat == seat => Some(format!("Engine level {}", e.level)),
        (_, Some(name)) => Some(name.to_owned()),
        _ => None,
    }
}

/// `record` (a variant's record: tag pairs, a blank line, the movetext) with `facts` written
/// into its tags and, for an ending outside the rules, its result as the movetext's
/// terminator in place of `*`. A text without tag pairs is returned as it is.
#[must_use]
pub fn complete(record: &str, facts: &Facts) -> String {
    let mut lines: Vec<String> = record.lines().map(str::to_owned).collect();
    if tag_name(lines.first().map_or("", String::as_str)).is_none() {
        return record.to_owned();
    }
    let player = |seat: u8| {
        seat_name(facts.options.engine, facts.players[usize::from(seat)], seat)
            .unwrap_or_else(|| "Anonymous".to_owned())
    };
    let mut tags = vec![
        ("Date", date(facts.created_ms), true),
        ("White", player(0), true),
        ("Black", player(1), true),
        ("Variant", facts.title.to_owned(), false),
        (
            "TimeControl",
            time_control(facts.options.clock.as_ref()),
            true,
        ),
    ];
    if let Some((result, reason)) = facts.ending {
        tags.push(("Result", result.to_owned(), true));
        let termination = omnichess_core::pgn_termination(reason);
        tags.push(("Termination", termination.to_owned(), true));
        tags.push(("Reason", reason.to_owned(), true));
        if let Some(last) = lines.iter_mut().rev().find(|l| !l.trim().is_empty())
            && tag_name(last).is_none()
            && last.split_whitespace().last() == Some("*")
        {
            let kept = last.trim_end().len() - 1;
            last.truncate(kept);
            last.push_str(result);
        }
    }
    let mut added = Vec::new();
    for (name, value, replace) in tags {
        let line = format!("[{name} \"{}\"]", value.replace(['\\', '"'], ""));
        match lines.iter().position(|l| tag_name(l) == Some(name)) {
            Some(at) if replace => lines[at] = line,
            Some(_) => {}
            None => added.push(line),
        }
    }
    let section = lines
        .iter()
        .take_while(|l| l.trim().starts_with('['))
        .count();
    let at = lines[..section]
        .iter()
        .position(|l| tag_name(l) == Some("Result"))
        .map_or(section, |i| i + 1);
    lines.splice(at..at, added);
    let mut out = lines.join("\n");
    if record.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The name of the tag pair `line` (`[Name "value"]`), if it is one.
fn tag_name(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim();
    let quoted = value.len() >= 2 && value.starts_with('"') && value.ends_with('"');
    (quoted && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(name)
}

/// The date of `ms` (UTC) as PGN writes it: `2026.11.29`.
fn date(ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's `civil_from_days`).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The PGN `TimeControl` of `clock`: `-` untimed, `300+2` (seconds and increment),
/// `40/5400:1800` (a period: its turns and time, then the rest), `1/180` (a time per move).
fn time_control(clock: Option<&ClockSpec>) -> String {
    let Some(clock) = clock else {
        return "-".to_owned();
    };
    let seconds = |ms: i64| match ms % 1000 {
        0 => (ms / 1000).to_string(),
        rest => format!("{}.{rest:03}", ms / 1000)
            .trim_end_matches('0')
            .to_owned(),
    };
    if clock.base_ms == 0 {
        return format!("1/{}", seconds(clock.per_move_ms));
    }
    let increment = if clock.increment_ms > 0 {
        format!("+{}", seconds(clock.increment_ms))
    } else {
        String::new()
    };
    match clock.period {
        Some([turns, extra]) => format!(
            "{turns}/{}{increment}:{}{increment}",
            seconds(clock.base_ms),
            seconds(extra)
        ),
        None => format!("{}{increment}", seconds(clock.base_ms)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = "[Event \"omnichess game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
        [Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";

    #[test]
    fn a_resignation_fills_the_result_the_terminator_and_the_tags() {
        let options = GameOptions {
            clock: Some(ClockSpec {
                base_ms: 180_000,
                increment_ms: 2_000,
                ..ClockSpec::default()
            }),
            engine: Some(EngineSeat { seat: 1, level: 3 }),
            ..GameOptions::default()
        };
        let facts = Facts {
            created_ms: 1_796_000_000_000,
            options: &options,
            players: [None, None],
            title: "Classic chess",
            ending: Some(("1-0", "resignation")),
        };
        assert_eq!(
            complete(PGN, &facts),
            "[Event \"omnichess game\"]\n[Site \"?\"]\n[Date \"2026.11.30\"]\n[Round \"-\"]\n\
             [White \"Anonymous\"]\n[Black \"Engine level 3\"]\n[Result \"1-0\"]\n\
             [Variant \"Classic chess\"]\n[TimeControl \"180+2\"]\n\
             [Termination \"normal\"]\n[Reason \"resignation\"]\n\n1. e4 1-0\n"
        );
    }

    #[test]
    fn a_running_game_keeps_its_result_and_a_variant_tag_stays() {
        let options = GameOptions::default();
        let facts = Facts {
            created_ms: 0,
            options: &options,
            players: [None, None],
            title: "Die Chess (the title)",
            ending: None,
        };
        let record = "[Result \"*\"]\n[Variant \"Die Chess\"]\n\n1. [Q] -- *";
        assert_eq!(
            complete(record, &facts),
            "[Result \"*\"]\n[Date \"1970.01.01\"]\n[White \"Anonymous\"]\n\
             [Black \"Anonymous\"]\n[TimeControl \"-\"]\n[Variant \"Die Chess\"]\n\n1. [Q] -- *"
        );
        assert_eq!(complete("1. e4 *", &facts), "1. e4 *", "no tag pairs");
    }

    #[test]
    fn a_5d_record_without_a_terminator_gets_the_result_tag_only() {
        let options = GameOptions::default();
        let facts = Facts {
            created_ms: 0,
            options: &options,
            players: [None, None],
            title: "5D Chess",
            ending: Some(("0-1", "time forfeit")),
        };
        let record = "[Mode \"5D\"]\n[Result \"*\"]\n[Board \"Standard\"]\n\n1. (0T1)Nb1c3*\n";
        let done = complete(record, &facts);
        assert!(done.ends_with("\n\n1. (0T1)Nb1c3*\n"), "{done}");
        assert!(done.contains("[Result \"0-1\"]\n"), "{done}");
        assert!(done.contains("[Termination \"time forfeit\"]\n"), "{done}");
    }

    #[test]
    fn time_controls_read_as_pgn_writes_them() {
        let spec = |base_ms, increment_ms, per_move_ms, period| ClockSpec {
            base_ms,
            increment_ms,
            per_move_ms,
            period,
        };
        assert_eq!(time_control(None), "-");
        assert_eq!(time_control(Some(&spec(300_000, 0, 0, None))), "300");
        assert_eq!(time_control(Some(&spec(0, 0, 180_000, None))), "1/180");
        assert_eq!(
            time_control(Some(&spec(90_500, 1_250, 0, None))),
            "90.5+1.25"
        );
        assert_eq!(
            time_control(Some(&spec(5_400_000, 30_000, 0, Some([40, 1_800_000])))),
            "40/5400+30:1800+30"
        );
        assert_eq!(date(951_782_400_000), "2000.02.29");
    }
}
