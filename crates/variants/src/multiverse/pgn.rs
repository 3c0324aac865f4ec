//! 5DPGN game records: header tags (and 5DFEN boards for custom starts), then turns
//! `1. <White's moves> / <Black's moves>`; each half-turn's moves become decisions followed by
//! `submit`. Written records mark an action that gives check `+`, softmate `*` (every escape
//! travels back in time) and mate `#`. Comments `{…}` (nested too), `;` lines, hints `(>L1)`
//! `(~T3)` `(+L1)`, and results are skipped; so are variations `( … )` of ftxi's Branched 5DPGN
//! (a `(` followed by a turn serial such as `2b.` or `/`): the record is the main line. A record
//! that ends in the middle of an action says so with the comment `{unsubmitted}` after its
//! moves (see [`UNSUBMITTED`]).

use std::iter::Peekable;
use std::str::Chars;

use omnichess_core::{GameRecord, Outcome, RecordError, RecordedDecision};

use super::state::{Decision5, Multiverse};

/// Splits movetext into tokens, keeping `( … )` groups (board prefixes may hold spaces) and
/// `{ … }` comments whole, with the line each token starts on.
fn tokens(text: &str) -> Result<Vec<(String, usize)>, RecordError> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut current = String::new();
    let mut start = 1;
    let mut chars = text.chars().peekable();
    let flush = |current: &mut String, out: &mut Vec<(String, usize)>, start: usize| {
        if !current.is_empty() {
            out.push((std::mem::take(current), start));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                flush(&mut current, &mut out, start);
                line += 1;
            }
            c if c.is_whitespace() => flush(&mut current, &mut out, start),
            '{' => {
                flush(&mut current, &mut out, start);
                let opened = line;
                let comment = skip_comment(&mut chars, &mut line).ok_or(RecordError {
                    line: opened,
                    message: "comment `{` is never closed".into(),
                })?;
                if comment.trim() == UNSUBMITTED {
                    out.push((UNSUBMITTED_MARK.to_owned(), opened));
                }
            }
            '(' if opens_variation(chars.clone()) => {
                flush(&mut current, &mut out, start);
                let opened = line;
                skip_variation(&mut chars, &mut line).ok_or(RecordError {
                    line: opened,
                    message: "variation `(` is never closed by `)`".into(),
                })?;
            }
            ';' => {
                flush(&mut current, &mut out, start);
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '(' => {
                if current.is_empty() {
                    start = line;
                }
                current.push('(');
                loop {
                    match chars.next() {
                        Some(')') => {
                            current.push(')');
                            break;
                        }
                        Some('\n') | None => {
                            return Err(RecordError {
                                line,
                                message: "`(` is not closed on its line".into(),
                            });
                        }
                        Some(c) if c.is_whitespace() => {}
                        Some(c) => current.push(c),
                    }
                }
            }
            '/' if current.is_empty()
                || current.chars().all(|c| c.is_ascii_digit() || c == '.') =>
            {
                flush(&mut current, &mut out, start);
                out.push(("/".into(), line));
            }
            c => {
                if current.is_empty() {
                    start = line;
                }
                current.push(c);
            }
        }
    }
    flush(&mut current, &mut out, start);
    Ok(out)
}

/// Skips a comment whose `{` is read, through its `}`; comments nest (`{a {b} c}`, as
/// ftxi's Branched 5DPGN allows, to comment out movetext that has comments). Returns the text
/// inside, or `None` if the text ends first.
fn skip_comment(chars: &mut Peekable<Chars<'_>>, line: &mut usize) -> Option<String> {
    let mut depth = 1;
    let mut comment = String::new();
    loop {
        let c = chars.next()?;
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(comment);
                }
            }
            '\n' => *line += 1,
            _ => {}
        }
        comment.push(c);
    }
}

/// Whether the text after a `(` opens a variation (Branched 5DPGN): a turn serial (`2b.`,
/// `10.`) or `/` follows, after any spaces and comments. A board (`(0T1)`, `( -1 T 5 )`) or a
/// hint (`(>L1)`, `(~T3)`) never starts so.
fn opens_variation(mut chars: Peekable<Chars<'_>>) -> bool {
    let mut ignored = 0;
    loop {
        match chars.next() {
            Some(c) if c.is_whitespace() => {}
            Some('{') => {
                if skip_comment(&mut chars, &mut ignored).is_none() {
                    return false;
                }
            }
            Some('/') => return true,
            Some(c) if c.is_ascii_digit() => break,
            _ => return false,
        }
    }
    while chars.next_if(char::is_ascii_digit).is_some() {}
    chars.next_if(|&c| c == 'w' || c == 'b');
    chars.next() == Some('.')
}

/// Skips a variation whose `(` is read, through its matching `)`: the record's main line is
/// what follows the variations (GameRecord holds one line of play). Returns `None` if the text
/// ends first.
fn skip_variation(chars: &mut Peekable<Chars<'_>>, line: &mut usize) -> Option<()> {
    let mut depth = 1;
    loop {
        match chars.next()? {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(());
                }
            }
            '{' => {
                skip_comment(chars, line)?;
            }
            '\n' => *line += 1,
            _ => {}
        }
    }
}

fn is_turn_marker(t: &str) -> Option<&str> {
    let digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() == t.len() {
        return None;
    }
    let rest = digits.trim_start_matches(['w', 'b']);
    rest.strip_prefix('.').map(|r| r.trim_start_matches('.'))
}

/// The comment that ends a record whose last action is not submitted (a game stopped in the
/// middle of a player's action): `1. (0T1)e2e4 / (0T1)e7e5 2. (0T2)d2d4 {unsubmitted}`. Without
/// it, every action of a record is submitted, the last one too. Other readers skip it as a
/// comment (and submit the action).
const UNSUBMITTED: &str = "unsubmitted";

/// The token [`tokens`] gives for the [`UNSUBMITTED`] comment (other comments give none).
const UNSUBMITTED_MARK: &str = "{unsubmitted}";

/// Reads a 5DPGN record.
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let mut record = GameRecord::default();
    let mut start_parts = Vec::new();
    let mut half: Vec<RecordedDecision> = Vec::new();
    let mut unsubmitted: Option<usize> = None;
    let end_half = |half: &mut Vec<RecordedDecision>, record: &mut GameRecord, line: usize| {
        if !half.is_empty() {
            record.decisions.append(half);
            record.decisions.push(RecordedDecision {
                text: "submit".into(),
                line,
            });
        }
    };
    // Header tags and board strings first.
    let mut body_start = 0;
    let mut line_of_body = 1;
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    while i < bytes.len() {
        let c = bytes[i];
        if c == '\n' {
            line += 1;
        }
        if c == '[' {
            let close = bytes[i..]
                .iter()
                .position(|&c| c == ']')
                .ok_or(RecordError {
                    line,
                    message: "`[` is never closed".into(),
                })?;
            let inside: String = bytes[i + 1..i + close].iter().collect();
            start_parts.push(format!("[{inside}]"));
            if let Some((name, value)) = inside.trim().split_once(char::is_whitespace) {
                record
                    .tags
                    .push((name.to_owned(), value.trim().trim_matches('"').to_owned()));
            }
            i += close + 1;
            body_start = i;
            continue;
        }
        if !c.is_whitespace() {
            body_start = i;
            line_of_body = line;
            break;
        }
        i += 1;
        body_start = i;
    }
    let body: String = bytes[body_start..].iter().collect();
    for (token, l) in tokens(&body)? {
        let line = l + line_of_body - 1;
        if token == UNSUBMITTED_MARK {
            record.decisions.append(&mut half);
            unsubmitted = Some(line);
            continue;
        }
        let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str());
        if let Some(at) = unsubmitted
            && !is_result
        {
            return Err(RecordError {
                line,
                message: format!(
                    "`{}` after `{{{UNSUBMITTED}}}` (line {at}): only the record's last action \
                     can be unsubmitted",
                    omnichess_core::excerpt(&token)
                ),
            });
        }
        if token == "/" {
            end_half(&mut half, &mut record, line);
            continue;
        }
        if is_result {
            record.result = Some(token);
            continue;
        }
        if token.starts_with("(>") || token.starts_with("(~") || token.starts_with("(+L") {
            continue; // hints
        }
        let mv = match is_turn_marker(&token) {
            Some(rest) => {
                end_half(&mut half, &mut record, line);
                rest.to_owned()
            }
            None => token,
        };
        let mv = mv.trim_start_matches('~');
        if !mv.is_empty() {
            half.push(RecordedDecision {
                text: mv.to_owned(),
                line,
            });
        }
    }
    let last = record.decisions.last().map_or(1, |d| d.line);
    end_half(&mut half, &mut record, last);
    if !start_parts.is_empty() {
        record.start = Some(start_parts.join(" "));
    }
    Ok(record)
}

/// Candidate points each action search of the softmate mark may test (about a tenth of a
/// second): past it, a check is written `+` (R12).
const SOFTMATE_EFFORT: u64 = 20_000;

/// The name of the official variant whose start `start` is, if it is one.
fn named_start(start: &Multiverse) -> Option<&'static str> {
    let text = start.text();
    super::variants::VARIANTS
        .iter()
        .map(|v| v.name)
        .find(|name| {
            Multiverse::from_text(&format!("[Board \"{name}\"]")).is_ok_and(|m| m.text() == text)
        })
}

/// Writes a 5DPGN record: the start by its official name (`[Board "Standard"]`) or as 5DFEN
/// tags, then the turns.
pub(super) fn write(
    start: &Multiverse,
    decisions: &[Decision5],
    outcome: Option<Outcome>,
) -> String {
    let mut out = String::from("[Mode \"5D\"]\n");
    out.push_str(&format!(
        "[Result \"{}\"]\n",
        outcome.map_or("*", |o| o.score_text())
    ));
    match named_start(start) {
        Some(name) => out.push_str(&format!("[Board \"{name}\"]\n")),
        None => {
            for part in start.text().split(" [") {
                let part = part.trim_start_matches('[');
                out.push_str(&format!("[{part}\n"));
            }
        }
    }
    out.push('\n');
    let mut game = start.clone();
    let mut number = 1;
    let mut line = String::new();
    let mut half_open = false;
    let mut played = 0;
    for &d in decisions {
        played += 1;
        if !half_open {
            if game.white_to_move() {
                line.push_str(&format!("{number}. "));
            } else if line.is_empty() {
                line.push_str(&format!("{number}... "));
            } else {
                line.push_str("/ ");
            }
            half_open = true;
        }
        match d {
            Decision5::Submit => {
                let turn_ends = !game.white_to_move();
                omnichess_core::Game::apply(&mut game, d);
                // The action's last move carries `#` for mate and `+` for check. Only the
                // record's last action can mate, and the caller knows the outcome: taken from
                // it, not proven again (a proof can take minutes among many timelines).
                let mate =
                    played == decisions.len() && outcome.is_some_and(|o| o.reason == "checkmate");
                let mark = if mate {
                    "#"
                } else if game.softmate_within(SOFTMATE_EFFORT) == Some(true) {
                    "*"
                } else if game.in_check() {
                    "+"
                } else {
                    ""
                };
                if !mark.is_empty() {
                    line.truncate(line.trim_end().len());
                    line.push_str(mark);
                    line.push(' ');
                }
                half_open = false;
                if turn_ends {
                    out.push_str(line.trim_end());
                    out.push('\n');
                    line.clear();
                    number += 1;
                }
            }
            Decision5::Move(_) => {
                line.push_str(&game.notation(d));
                line.push(' ');
                omnichess_core::Game::apply(&mut game, d);
            }
        }
    }
    if !line.is_empty() {
        out.push_str(line.trim_end());
        if half_open {
            out.push_str(&format!(" {UNSUBMITTED_MARK}"));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Multiverse, parse, write};
    use omnichess_core::{Game, Notation, Variant};

    #[test]
    fn tags_that_end_the_text_are_not_read_as_moves() {
        // Without a line break after the last tag, its words were read as decisions.
        for text in [
            "[Board \"Standard\"]",
            "[Board \"Custom\"] [Size \"5x5\"] [5/5/5/5/K3k:0:1:w]",
        ] {
            let record = parse(text).expect("a record");
            assert!(
                record.decisions.is_empty(),
                "{text}: {:?}",
                record.decisions
            );
            assert!(record.start.is_some());
        }
        let record = parse("[Board \"Standard\"] 1. e3 / e6").expect("a record");
        let named = write(&Multiverse::start(), &[], None);
        assert!(named.contains("[Board \"Standard\"]\n"), "{named}");
        assert!(!named.contains("custom"), "{named}");
        assert_eq!(record.decisions.len(), 4);
    }

    #[test]
    fn a_record_stopped_within_an_action_reads_back_unsubmitted() {
        // Found by fuzzing: the record of a game stopped before `submit` read back with the
        // action submitted (or, for an incomplete action, did not replay at all).
        let start = Multiverse::start();
        let mut game = start.clone();
        let mut decisions = Vec::new();
        for text in ["(0T1)Nb1c3", "submit", "(0T1)f7f5", "submit", "(0T2)b2b4"] {
            let d = game.parse_decision(text).expect(text);
            game.apply(d);
            decisions.push(d);
        }
        let text = write(&start, &decisions, None);
        assert!(text.ends_with("2. (0T2)b2b4 {unsubmitted}\n"), "{text}");
        let read: Vec<String> = parse(&text)
            .expect("reads")
            .decisions
            .into_iter()
            .map(|d| d.text)
            .collect();
        assert_eq!(
            read,
            ["(0T1)Nb1c3", "submit", "(0T1)f7f5", "submit", "(0T2)b2b4"]
        );
        // A submitted action carries no mark and reads back submitted.
        let whole = write(&start, &decisions[..4], None);
        assert!(!whole.contains("unsubmitted"), "{whole}");
        assert_eq!(parse(&whole).expect("reads").decisions.len(), 4);
        // Only the last action can be open.
        let err = parse("1. e4 {unsubmitted} / e5").expect_err("moves after the mark");
        assert!(
            err.message.contains("only the record's last action"),
            "{err:?}"
        );
        assert!(
            parse("1. e4 {unsubmitted} *").is_ok(),
            "a result may follow"
        );
    }
}
