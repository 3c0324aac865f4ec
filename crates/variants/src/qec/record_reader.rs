//! Reading a QEC game record (the format `record.rs` writes): tags, then §12's movetext.
//!
//! Every token is read or is an error that names it. `0-0` is both castling and the result
//! "both lose" (§5): it is the result only as the last token of the movetext; anywhere else it
//! is castling (docs/rules/qec.md, §12). The other results (`1-0`, `0-1`, `1/2-1/2`, `*`)
//! must be last too: after the result only comments and the next game's tags may follow.
//! A reply written without its move (`[↔ h8R]`) is read against the position it stands in
//! (`record_replies.rs`).

use omnichess_core::{GameRecord, RecordError, RecordedDecision};

use super::record_replies::{ShortReply, resolve};
use crate::common::fen::STANDARD_START;

/// The result tokens; `0-0` is also castling.
const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "0-0", "*"];

/// The movetext read so far, with the result-like token last seen (decided by what follows).
struct Movetext {
    record: GameRecord,
    /// A result token and its line: the result if nothing but the end follows it.
    pending: Option<(String, usize)>,
    /// The replies written without their move, `[↔ h8R]`, in order.
    short_replies: Vec<ShortReply>,
}

impl Movetext {
    /// A movetext item follows: a pending `0-0` was castling; any other pending result is
    /// an error, since nothing may follow the result.
    fn goes_on(&mut self, next: &str, line: usize) -> Result<(), RecordError> {
        match self.pending.take() {
            Some((token, at)) if token == "0-0" => {
                self.push(token, at);
                Ok(())
            }
            Some((token, at)) => Err(RecordError {
                line,
                message: format!(
                    "`{next}` follows the result `{token}` (line {at}); nothing may follow the \
                     result"
                ),
            }),
            None => Ok(()),
        }
    }

    fn push(&mut self, text: String, line: usize) {
        self.record.decisions.push(RecordedDecision { text, line });
    }

    /// A movetext token (a move number, a decision or a result).
    fn token(&mut self, token: &str, line: usize) -> Result<(), RecordError> {
        let text = without_move_number(token);
        if text.is_empty() {
            return Ok(()); // a move number such as `12.` or `12...`
        }
        self.goes_on(text, line)?;
        if RESULTS.contains(&text) {
            self.pending = Some((text.to_owned(), line));
        } else {
            self.push(text.to_owned(), line);
        }
        Ok(())
    }

    /// A bracketed item: `[↔ h8R:h8-h7]` (a forced reply), `[↔ h8R]` (a forced reply whose
    /// move is not given, or none was possible),
    /// `[+ e8-e7]` (a reactive step) or `[Name "value"]` (a tag). Returns whether the tag
    /// begins the next game.
    fn bracket(&mut self, inside: &str, line: usize) -> Result<bool, RecordError> {
        let fail = |message: String| RecordError { line, message };
        if let Some(rest) = inside.strip_prefix('↔') {
            let (partner, reply) = match rest.split_once(':') {
                Some((p, r)) => (p.trim(), Some(r.trim())),
                None => (rest.trim(), None),
            };
            let Some((square, letter)) = partner_parts(partner) else {
                return Err(fail(format!(
                    "`[{inside}]`: the partner is written as its square and letter, like `h8R`"
                )));
            };
            self.goes_on(&format!("[{inside}]"), line)?;
            match reply {
                Some("") => return Err(fail(format!("`[{inside}]`: the reply is missing"))),
                Some(reply) => self.push(reply.to_owned(), line),
                None => self.short_replies.push(ShortReply {
                    after: self.record.decisions.len(),
                    square,
                    letter,
                    token: format!("[{inside}]"),
                    line,
                }),
            }
            return Ok(false);
        }
        if let Some(step) = inside.strip_prefix('+') {
            let step = step.trim();
            if step.is_empty() {
                return Err(fail(format!("`[{inside}]`: the king's step is missing")));
            }
            self.goes_on(&format!("[{inside}]"), line)?;
            self.push(step.to_owned(), line);
            return Ok(false);
        }
        let tag = inside.split_once(' ').and_then(|(name, value)| {
            let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
            (!name.is_empty()).then_some((name, value))
        });
        let Some((name, value)) = tag else {
            return Err(fail(format!(
                "`[{inside}]` is neither a tag `[Name \"value\"]` nor a reply `[↔ …]` or step \
                 `[+ …]`"
            )));
        };
        if self.record.decisions.is_empty() && self.pending.is_none() {
            self.record.tags.push((name.into(), value.into()));
            return Ok(false);
        }
        if self.pending.is_some() {
            return Ok(true); // the next game's tags: only the first game is read
        }
        Err(fail(format!(
            "the tag `[{inside}]` stands among the moves; a game's moves end with its result"
        )))
    }
}

/// `token` without a leading move number (`12.`, `12...`); the token itself if it has none.
fn without_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

/// The square and piece letter of a partner as §12 writes it (`h8R`), if `text` is one.
fn partner_parts(text: &str) -> Option<(cozy_chess::Square, char)> {
    let (i, _) = text.char_indices().nth(2)?;
    let (square, letter) = text.split_at(i);
    let square = square.parse::<cozy_chess::Square>().ok()?;
    match letter {
        "P" | "N" | "B" | "R" | "Q" => Some((square, letter.chars().next()?)),
        _ => None,
    }
}

/// Reads the first game of a QEC record.
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let mut movetext = Movetext {
        record: GameRecord::default(),
        pending: None,
        short_replies: Vec::new(),
    };
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let fail = |line, message: String| RecordError { line, message };
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '{' => loop {
                match chars.next() {
                    Some('}') => break,
                    Some('\n') => line += 1,
                    Some(_) => {}
                    None => return Err(fail(line, "comment `{` is never closed".into())),
                }
            },
            ';' => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '[' => {
                let mut inside = String::new();
                loop {
                    match chars.next() {
                        Some(']') => break,
                        Some('\n') | None => {
                            return Err(fail(line, "`[` is not closed on its line".into()));
                        }
                        Some(c) => inside.push(c),
                    }
                }
                if movetext.bracket(inside.trim(), line)? {
                    break;
                }
            }
            _ => {
                let mut token = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "{};[".contains(n) {
                        break;
                    }
                    token.push(n);
                    chars.next();
                }
                movetext.token(&token, line)?;
            }
        }
    }
    let mut record = movetext.record;
    record.result = movetext.pending.map(|(token, _)| token);
    let fen = record.tag("FEN").unwrap_or(STANDARD_START).to_owned();
    let links = record.tag("Links").unwrap_or("files").to_owned();
    let phase = record
        .tag("Phase")
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    record.start = Some(format!("{fen} {links}{phase}"));
    resolve(&mut record, movetext.short_replies)?;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_stripped_once() {
        assert_eq!(without_move_number("12."), "");
        assert_eq!(without_move_number("12...0-0"), "0-0");
        assert_eq!(without_move_number("3.e2-e4"), "e2-e4");
        assert_eq!(without_move_number("0-0-0"), "0-0-0");
        assert_eq!(without_move_number("1-0"), "1-0");
        assert_eq!(without_move_number("12"), "12");
    }

    #[test]
    fn partners_are_a_square_and_a_letter() {
        assert_eq!(partner_parts("h8R"), Some((cozy_chess::Square::H8, 'R')));
        assert_eq!(partner_parts("b4P"), Some((cozy_chess::Square::B4, 'P')));
        for bad in ["h8", "h8K", "z9R", "garbage", "↔↔↔", "h8RR"] {
            assert_eq!(partner_parts(bad), None, "{bad}");
        }
    }
}
