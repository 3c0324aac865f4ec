//! PGN game records: read (tags, SAN or UCI movetext, bracketed decisions such as Die Chess's
//! rolls `[N]`, comments, variations and NAGs skipped), and the parts every variant's writer
//! shares (the Seven Tag Roster, movetext in lines of 79 characters).

use omnichess_core::{GameRecord, RecordError, RecordedDecision};

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads the first game of a PGN text.
pub(crate) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let mut record = GameRecord::default();
    let mut line = 1;
    let mut chars = text.chars().peekable();
    let mut depth = 0usize; // nesting of `(` variations being skipped
    let fail = |line, message: &str| RecordError {
        line,
        message: message.to_owned(),
    };
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '{' => {
                let start = line;
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                        None => return Err(fail(start, "comment `{` is never closed")),
                    }
                }
            }
            ';' => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| fail(line, "`)` closes a variation that was never opened"))?;
            }
            '[' if depth == 0 => {
                let mut tag = String::new();
                let mut in_string = false;
                loop {
                    match chars.next() {
                        Some(']') if !in_string => break,
                        Some('"') => {
                            in_string = !in_string;
                            tag.push('"');
                        }
                        Some('\\') if in_string => tag.extend(chars.next()),
                        Some('\n') => return Err(fail(line, "tag `[` is not closed on its line")),
                        Some(c) => tag.push(c),
                        None => return Err(fail(line, "tag `[` is never closed")),
                    }
                }
                if !tag.contains('"') {
                    // A bracketed decision in the movetext, such as Die Chess's roll `[N]`.
                    record.decisions.push(RecordedDecision {
                        text: format!("[{tag}]"),
                        line,
                    });
                    continue;
                }
                let (name, value) = tag
                    .trim()
                    .split_once(' ')
                    .map(|(n, v)| (n.to_owned(), v.trim().trim_matches('"').to_owned()))
                    .ok_or_else(|| fail(line, "a tag is `[Name \"value\"]`"))?;
                if !record.decisions.is_empty() {
                    break; // the next game's tags: only the first game is read
                }
                record.tags.push((name, value));
            }
            _ => {
                let mut token = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "{}();[".contains(n) {
                        break;
                    }
                    token.push(n);
                    chars.next();
                }
                if depth > 0 || token.starts_with('$') {
                    continue;
                }
                if RESULTS.contains(&token.as_str()) {
                    record.result = Some(token);
                    break;
                }
                let mv = if token.starts_with("0-0") {
                    token.as_str() // castling written with zeros
                } else {
                    token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                };
                if mv.is_empty() {
                    continue; // a move number such as `12.` or `12...`
                }
                if mv.len() != token.len() && !token.contains('.') {
                    return Err(fail(
                        line,
                        &format!("`{token}` is neither a move nor a move number"),
                    ));
                }
                record.decisions.push(RecordedDecision {
                    text: mv.to_owned(),
                    line,
                });
            }
        }
    }
    if depth > 0 {
        return Err(fail(line, "a variation `(` is never closed"));
    }
    record.start = record.tag("FEN").map(str::to_owned);
    Ok(record)
}

/// The tag section of a record: the Seven Tag Roster (event named `event`) then `extra`.
pub(crate) fn tags(event: &str, result: &str, extra: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (tag, value) in [
        ("Event", event),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
    ] {
        out.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    for (tag, value) in extra {
        out.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    out
}

/// The tags of a game over by `outcome`: the PGN standard's `Termination` value and the rule
/// that ended it as `Reason` (`checkmate`, `fivefold repetition`).
pub(crate) fn ending_tags(outcome: omnichess_core::Outcome) -> [(&'static str, String); 2] {
    [
        (
            "Termination",
            omnichess_core::pgn_termination(outcome.reason).to_owned(),
        ),
        ("Reason", outcome.reason.to_owned()),
    ]
}

/// Movetext tokens joined by spaces in lines of at most 79 characters.
pub(crate) fn movetext(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for token in tokens {
        let width = token.chars().count();
        if line_len > 0 && line_len + 1 + width > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += width;
        out.push_str(token);
    }
    out.push('\n');
    out
}
