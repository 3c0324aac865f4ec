//! Timeline and turn labels as the notation writes them.

use thiserror::Error;

/// A timeline label that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// Not a timeline number at all (or past 100000).
    #[error("`{0}` is not a timeline (like 0, 1, -1, +0, -0)")]
    NotALine(String),
    /// `-0` or `+0` in a game that starts with one timeline.
    #[error("`{0}`: ±0 only in games that start with two timelines")]
    SignedZero(String),
    /// `0` in a game that starts with two timelines, which has `-0` and `+0`.
    #[error("`{0}`: write +0 or -0 in a game that starts with two timelines")]
    UnsignedZero(String),
}

/// The label of an encoded line: `0`, `1`, `-1` in games that start with one timeline;
/// `-0`, `+0`, `1`, `-1` in games that start with two (encoded +k → k, −k → −(k+1)).
#[must_use]
pub fn line_label(line: i32, even: bool) -> String {
    match (even, line) {
        (false, l) => l.to_string(),
        (true, 0) => "+0".into(),
        (true, l) if l > 0 => l.to_string(),
        (true, l) => format!("-{}", -(l + 1)),
    }
}

/// The encoded line of a label (`-0` and `+0` only in even games).
pub fn parse_line(text: &str, even: bool) -> Result<i32, LineError> {
    let t = text.trim();
    let bad = || LineError::NotALine(text.to_owned());
    let negative = t.starts_with('-');
    let digits = t.trim_start_matches(['-', '+']);
    let n: i32 = digits
        .parse()
        .ok()
        .filter(|n| *n <= 100_000)
        .ok_or_else(bad)?;
    match (even, negative) {
        (false, _) if n == 0 && t.len() > 1 => Err(LineError::SignedZero(text.to_owned())),
        (false, true) => Ok(-n),
        (false, false) => Ok(n),
        (true, true) => Ok(-(n + 1)),
        (true, false) if n == 0 && !t.starts_with('+') => {
            Err(LineError::UnsignedZero(text.to_owned()))
        }
        (true, false) => Ok(n),
    }
}

/// The turn T of a half-turn v = 2T + colour.
#[must_use]
pub fn turn_of(v: i32) -> i32 {
    v.div_euclid(2)
}

/// The square's name (`a1`).
#[must_use]
pub fn square_name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        for even in [false, true] {
            for l in -4..=4 {
                assert_eq!(
                    parse_line(&line_label(l, even), even),
                    Ok(l),
                    "{l} even={even}"
                );
            }
        }
        assert_eq!(line_label(-1, true), "-0");
        assert_eq!(line_label(-2, true), "-1");
        assert_eq!(parse_line("+1", false), Ok(1));
        assert!(parse_line("x", false).is_err());
    }
}
