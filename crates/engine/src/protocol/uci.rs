//! UCI's `position`, `go` and `setoption` lines read into values, for every variant (each with
//! its own position text and notation: docs/ENGINE.md).

use std::time::Duration;

use omnichess_core::{DecisionError, DynGame, Player, excerpt};
use thiserror::Error;

use crate::Limits;
use crate::clock::Clock;

/// Why an [`Opener`] cannot open a position: one line.
pub type OpenError = Box<dyn std::error::Error + Send + Sync>;

/// Opens the variant at a position text (or its start when `None`).
pub type Opener<'a> = &'a dyn Fn(Option<&str>) -> Result<Box<dyn DynGame>, OpenError>;

/// Why a `position` line is refused: one line for an `info string`.
#[derive(Debug, Error)]
pub enum PositionLineError {
    /// Neither `startpos` nor `fen`.
    #[error("position needs `startpos` or `fen TEXT`")]
    NoPosition,
    /// The position text does not open.
    #[error(transparent)]
    Open(OpenError),
    /// A move after `moves` does not play.
    #[error("move {index} in position `{}`: {source}", excerpt(position))]
    Move {
        /// Its 1-based number among the moves.
        index: usize,
        /// The position it was played in, as position text.
        position: String,
        /// Why it does not play.
        source: DecisionError,
    },
}

/// A `setoption` for an option the engine does not have (or a value that is not a number):
/// the line's words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown option: {}", excerpt(.0))]
pub struct UnknownOption(pub String);

/// A position the GUI set: the position text (`None`: the standard start) and the moves after
/// it, in the variant's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The text after `fen`, or `None` for `startpos`.
    pub text: Option<String>,
    /// The words after `moves`.
    pub moves: Vec<String>,
}

/// `position startpos|fen TEXT [moves …]`, checked at once: `open` opens the variant at a
/// position text (or its start) and every move must play. The error is one line for an
/// `info string`.
pub fn read_position(words: &[&str], open: Opener<'_>) -> Result<Position, PositionLineError> {
    let moves_at = super::moves_at(words);
    let text = match words.get(1).copied() {
        Some("startpos") => None,
        Some("fen") => Some(words[2..moves_at].join(" ")),
        _ => return Err(PositionLineError::NoPosition),
    };
    let moves: Vec<String> = words
        .iter()
        .skip(moves_at + 1)
        .map(|w| (*w).to_owned())
        .collect();
    let mut game = open(text.as_deref()).map_err(PositionLineError::Open)?;
    for (i, text) in moves.iter().enumerate() {
        let position = game.position_text();
        game.play(text).map_err(|source| PositionLineError::Move {
            index: i + 1,
            position,
            source,
        })?;
    }
    Ok(Position { text, moves })
}

/// The search limits of `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS
/// binc MS movestogo N] [infinite]` for `mover` (whose clock counts), without a stop flag.
/// Invalid numbers are ignored, each with an `info` line.
pub fn go_limits(words: &[&str], mover: Option<Player>, info: &mut dyn FnMut(String)) -> Limits {
    let mut number = |key: &str| go_number(words, key, info);
    let (time, increment) = match mover {
        Some(Player::Black) => (number("btime"), number("binc")),
        _ => (number("wtime"), number("winc")),
    };
    let depth = number("depth").and_then(|d| u32::try_from(d).ok());
    let nodes = number("nodes");
    let movetime = number("movetime");
    let moves_to_go = number("movestogo");
    Limits {
        depth,
        nodes,
        time: movetime.map(Duration::from_millis).or_else(|| {
            let clock = Clock::new(
                Duration::from_millis(time?),
                Duration::from_millis(increment.unwrap_or(0)),
            );
            Some(clock.budget(moves_to_go))
        }),
        stop: None,
        each_decision: false,
        // `movetime` is the move's whole time; a clock's budget is a share.
        whole_time: movetime.is_some(),
        // `go infinite` analyses: a single legal move is searched on too.
        analysis: words.contains(&"infinite"),
    }
}

/// The smallest value each numeric `go` parameter accepts (depth also has a largest,
/// [`crate::limits::MAX_DEPTH`]); the times may be 0.
const GO_MINIMA: &[(&str, u64)] = &[
    ("depth", 1),
    ("nodes", 1),
    ("movetime", 1),
    ("movestogo", 1),
    ("wtime", 0),
    ("btime", 0),
    ("winc", 0),
    ("binc", 0),
];

/// A numeric `go` parameter, when given and valid. An invalid one (`go depth -1`, `go depth
/// 0`, `go nodes x`) is ignored, and an `info` line says so and what is accepted.
pub fn go_number(words: &[&str], key: &str, info: &mut dyn FnMut(String)) -> Option<u64> {
    let at = words.iter().position(|w| *w == key)?;
    let low = GO_MINIMA
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(0, |(_, low)| *low);
    let high = if key == "depth" {
        u64::from(crate::limits::MAX_DEPTH)
    } else {
        u64::MAX
    };
    let text = words.get(at + 1).copied().unwrap_or("");
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Some(n),
        _ => {
            let range = if high == u64::MAX {
                format!("a whole number, {low} or more")
            } else {
                format!("a whole number from {low} to {high}")
            };
            info(format!(
                "ignored `go {key} {}`: {key} is {range}",
                excerpt(text)
            ));
            None
        }
    }
}

/// `setoption name Hash value N`: the table's size in MiB, capped to what the machine can
/// give ([`crate::tt::capped_mib`]), with an `info` line when it is not the value asked for.
/// `Err` names an option that does not exist (or a value that is not a number).
pub fn hash_option(words: &[&str], info: &mut dyn FnMut(String)) -> Result<usize, UnknownOption> {
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    match (
        after("name"),
        after("value").and_then(|v| v.parse::<usize>().ok()),
    ) {
        (Some(n), Some(mib)) if n.eq_ignore_ascii_case("hash") => {
            let wanted = mib.clamp(1, crate::tt::MAX_MIB);
            let got = crate::tt::capped_mib(wanted).max(1);
            if got != mib {
                info(format!(
                    "Hash {mib} MiB is out of reach (1 to {} MiB, at most half the available \
                     memory): using {got} MiB",
                    crate::tt::MAX_MIB
                ));
            }
            Ok(got)
        }
        _ => Err(UnknownOption(words.join(" "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(text: Option<&str>) -> Result<Box<dyn DynGame>, OpenError> {
        let entry =
            omnichess_core::find(omnichess_variants::REGISTRY, "classic").ok_or("no classic")?;
        Ok((entry.open)(text)?)
    }

    #[test]
    fn a_position_is_kept_only_when_every_move_plays() {
        let words = ["position", "startpos", "moves", "e2e4", "e7e5"];
        assert_eq!(
            read_position(&words, &open).expect("both moves play"),
            Position {
                text: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let bad = ["position", "startpos", "moves", "e2e4", "e2e4"];
        let e = read_position(&bad, &open).expect_err("e2e4 twice");
        assert!(matches!(e, PositionLineError::Move { index: 2, .. }), "{e}");
        assert!(e.to_string().starts_with("move 2 in position"), "{e}");
        assert!(matches!(
            read_position(&["position"], &open),
            Err(PositionLineError::NoPosition)
        ));
        let fen = ["position", "fen", "not", "a", "fen"];
        let e = read_position(&fen, &open).expect_err("not a FEN");
        assert!(e.to_string().starts_with("invalid position"), "{e}");
    }

    #[test]
    fn an_unknown_option_is_named_in_its_error() {
        let words = ["setoption", "name", "Threads", "value", "2"];
        assert_eq!(
            hash_option(&words, &mut |_| {}).map_err(|e| e.to_string()),
            Err("unknown option: setoption name Threads value 2".to_owned())
        );
        let hash = ["setoption", "name", "Hash", "value", "8"];
        assert_eq!(hash_option(&hash, &mut |_| {}), Ok(8));
    }

    #[test]
    fn invalid_go_numbers_are_ignored_with_a_line() {
        let mut lines = Vec::new();
        let limits = go_limits(
            &["go", "depth", "0", "nodes", "500"],
            Some(Player::White),
            &mut |l| lines.push(l),
        );
        assert_eq!(
            (limits.depth, limits.nodes, limits.time),
            (None, Some(500), None)
        );
        assert_eq!(
            lines,
            ["ignored `go depth 0`: depth is a whole number from 1 to 64"]
        );
    }

    #[test]
    fn black_searches_on_its_own_clock() {
        let words = ["go", "wtime", "1000", "btime", "60000", "binc", "0"];
        let black = go_limits(&words, Some(Player::Black), &mut |_| {});
        let white = go_limits(&words, Some(Player::White), &mut |_| {});
        assert!(black.time > white.time, "{:?} {:?}", black.time, white.time);
    }
}
