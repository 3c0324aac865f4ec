//! How a game ended: a verdict and the reason for it.

use std::fmt;

use crate::Player;

/// Who the result favours. Richer than win/draw: QEC's "both lose" is a result of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player won (and the other lost).
    Win(Player),
    /// Neither won.
    Draw,
    /// Both players lost (QEC, both sides reduced to bare kings).
    BothLose,
}

/// The end of a game: its verdict and the rule that produced it, such as `checkmate`,
/// `stalemate`, `insufficient material` or `fivefold repetition`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who the result favours.
    pub verdict: Verdict,
    /// The rule that ended the game, in plain lower-case words.
    pub reason: &'static str,
}

impl Outcome {
    /// A win for `winner` by `reason`.
    #[must_use]
    pub const fn win(winner: Player, reason: &'static str) -> Outcome {
        Outcome {
            verdict: Verdict::Win(winner),
            reason,
        }
    }

    /// A draw by `reason`.
    #[must_use]
    pub const fn draw(reason: &'static str) -> Outcome {
        Outcome {
            verdict: Verdict::Draw,
            reason,
        }
    }

    /// The result in PGN's score notation: `1-0`, `0-1`, `1/2-1/2`, or `0-0` for both lose.
    #[must_use]
    pub const fn score_text(&self) -> &'static str {
        match self.verdict {
            Verdict::Win(Player::White) => "1-0",
            Verdict::Win(Player::Black) => "0-1",
            Verdict::Draw => "1/2-1/2",
            Verdict::BothLose => "0-0",
        }
    }
}

/// The PGN standard's `Termination` value (section 9.8.1) of a game ended for `reason`:
/// `time forfeit` for a flag (a reason starting so, or a draw "by timeout vs …"),
/// `adjudication` for a match runner's or the lab's ruling (`resign adjudication`, a `turn
/// cap`), `abandoned` for an aborted game, and `normal` for every ending by the rules or by the
/// players (checkmate, resignation, agreement, a claimed draw). Records keep the reason itself
/// in a `Reason` tag beside it.
#[must_use]
pub fn pgn_termination(reason: &str) -> &'static str {
    let reason = reason.to_ascii_lowercase();
    if reason.starts_with("time forfeit") || reason.contains("timeout") {
        "time forfeit"
    } else if reason.contains("adjudication") || reason.contains(" cap") {
        "adjudication"
    } else if reason.starts_with("abort") || reason.starts_with("abandon") {
        "abandoned"
    } else {
        "normal"
    }
}

impl Outcome {
    /// The outcome in words with the players named `names` (first mover first), as the
    /// `Display` form does with `white` and `black`.
    #[must_use]
    pub fn text_with(&self, names: [&str; 2]) -> String {
        let who = match self.verdict {
            Verdict::Win(p) => format!("{} wins", names[p as usize]),
            Verdict::Draw => "draw".to_owned(),
            Verdict::BothLose => "both lose".to_owned(),
        };
        format!("{} {who} by {}", self.score_text(), self.reason)
    }
}

impl fmt::Display for Outcome {
    /// `1-0 white wins by checkmate`, `1/2-1/2 draw by stalemate`, `0-0 both lose by bare kings`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_with(["white", "black"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_print_score_verdict_and_reason() {
        assert_eq!(
            Outcome::win(Player::Black, "checkmate").to_string(),
            "0-1 black wins by checkmate"
        );
        assert_eq!(
            Outcome::draw("stalemate").to_string(),
            "1/2-1/2 draw by stalemate"
        );
        let both = Outcome {
            verdict: Verdict::BothLose,
            reason: "bare kings",
        };
        assert_eq!(both.to_string(), "0-0 both lose by bare kings");
    }

    #[test]
    fn every_ending_has_the_pgn_standard_s_termination_value() {
        for (reason, value) in [
            ("checkmate", "normal"),
            ("resignation", "normal"),
            ("agreement", "normal"),
            ("fivefold repetition", "normal"),
            ("time forfeit", "time forfeit"),
            ("timeout vs insufficient material", "time forfeit"),
            ("resign adjudication", "adjudication"),
            ("turn cap", "adjudication"),
            ("drawn at the turn cap", "adjudication"),
            ("aborted", "abandoned"),
        ] {
            assert_eq!(pgn_termination(reason), value, "{reason}");
        }
    }
}
