//! 5DFEN: a multiverse as header tags and board strings.
//!
//! * `[Board "Standard"]` alone names an official starting position;
//! * `[Size "5x5"]`, `[Promotions "Q,R"]` and one board string per board,
//!   `[<pieces>:<timeline>:<turn>:<w|b>]`, give any multiverse: every board of every timeline,
//!   in order (a start has only its initial boards). Pieces marked `*` have not moved; where no
//!   board of the text marks any piece, every piece counts as unmoved (the older files).
//! * `[Mover "w"]` (or `"b"`) names the player of the current turn when it is not the player the
//!   present says (a turn in progress).

use omnichess_core::{PositionError, PositionErrorKind};

use super::board::Board;
use super::coords::{line_label, parse_line, turn_of};
use super::piece::Kind;
use super::state::{Multiverse, Setup5};
use super::timeline::Timeline;
use super::variants;

/// Header tags as (name, value) pairs.
type Tags = Vec<(String, String)>;

/// The `[Name "value"]` tags and `[a:b:c:d]` board strings of a text, in order.
pub(super) fn brackets(text: &str) -> Result<(Tags, Vec<String>), PositionError> {
    let mut tags = Vec::new();
    let mut boards = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..]
            .find(']')
            .ok_or_else(|| PositionError::syntax("a `[` is never closed"))?;
        let inside = rest[open + 1..open + close].trim();
        if let Some((name, value)) = inside.split_once(|c: char| c.is_whitespace()) {
            tags.push((name.to_owned(), value.trim().trim_matches('"').to_owned()));
        } else if inside.contains(':') {
            boards.push(inside.to_owned());
        } else {
            return Err(PositionError::syntax(format!(
                "`[{inside}]` is neither a tag nor a board string"
            )));
        }
        rest = &rest[open + close + 1..];
    }
    if !rest.trim().is_empty() && tags.is_empty() && boards.is_empty() {
        return Err(PositionError::syntax(
            "a 5D position is 5DFEN: `[Board \"Standard\"]`, or [Size]/board strings",
        ));
    }
    Ok((tags, boards))
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn promotions(text: &str) -> Result<Vec<Kind>, PositionError> {
    let kinds: Vec<Kind> = text
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| {
            let c = s.chars().next().unwrap_or(' ');
            Kind::from_letter(c)
                .filter(|_| s.len() == 1)
                .ok_or_else(|| PositionError::syntax(format!("promotion piece `{s}`")))
        })
        .collect::<Result<_, _>>()?;
    if kinds.is_empty() {
        return Err(PositionError::syntax("[Promotions] names no piece"));
    }
    Ok(kinds)
}

/// The board size, the board strings and the promotions text a header declares: its own
/// (`[Size]`, board strings, `[Promotions]`) for a custom position, else the named variant's.
fn declared_boards(
    tags: &[(String, String)],
    boards: &[String],
) -> Result<(i32, i32, Vec<String>, String), PositionError> {
    let custom = tag(tags, "Board").is_none_or(|b| b.eq_ignore_ascii_case("custom"));
    if !boards.is_empty() || custom && tag(tags, "Board").is_some() {
        let (width, height) = match tag(tags, "Size") {
            Some(s) => size(s)?,
            None => (8, 8),
        };
        let promo = tag(tags, "Promotions").unwrap_or("Q").to_owned();
        return Ok((width, height, boards.to_vec(), promo));
    }
    let name = tag(tags, "Board").unwrap_or("Standard");
    let variant = variants::find(name).ok_or_else(|| {
        PositionError::new(
            PositionErrorKind::Unsupported,
            format!("unknown variant [Board \"{name}\"]"),
        )
    })?;
    let boards = variant
        .boards
        .iter()
        .map(|b| b.trim_matches(['[', ']']).to_owned())
        .collect();
    let promo = tag(tags, "Promotions")
        .unwrap_or(variant.promotions)
        .to_owned();
    Ok((variant.size.0, variant.size.1, boards, promo))
}

/// The width and height of a `[Size "WxH"]` tag's value.
fn size(s: &str) -> Result<(i32, i32), PositionError> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| PositionError::syntax(format!("[Size \"{s}\"] is not WxH")))?;
    Ok((
        w.trim()
            .parse()
            .map_err(|_| PositionError::syntax(format!("[Size \"{s}\"]")))?,
        h.trim()
            .parse()
            .map_err(|_| PositionError::syntax(format!("[Size \"{s}\"]")))?,
    ))
}

/// One board of a position text: its timeline, its half-turn `2·T + colour` and its pieces.
struct PlacedBoard {
    line: i32,
    v: i32,
    board: Board,
}

/// Reads a board string `pieces:L:T:w|b` (without its brackets).
fn board_string(
    b: &str,
    even: bool,
    width: i32,
    height: i32,
) -> Result<PlacedBoard, PositionError> {
    let fields: Vec<&str> = b.split(':').collect();
    let [pieces, line, turn, colour] = fields[..] else {
        return Err(PositionError::syntax(format!(
            "board string `[{b}]` needs 4 fields pieces:L:T:w|b"
        )));
    };
    let line = parse_line(line, even).map_err(|e| PositionError::syntax(e.to_string()))?;
    let t: i32 = turn
        .trim()
        .parse()
        .ok()
        .filter(|t| (0..=100_000).contains(t))
        .ok_or_else(|| {
            PositionError::syntax(format!(
                "`[{b}]`: turn `{turn}` is not a number from 0 to 100000"
            ))
        })?;
    let c = match colour.trim() {
        "w" => 0,
        "b" => 1,
        other => {
            return Err(PositionError::syntax(format!(
                "`[{b}]`: colour `{other}` is not w or b"
            )));
        }
    };
    let board = Board::from_fen(pieces, width, height)
        .map_err(|e| PositionError::new(e.kind(), format!("`[{b}]`: {e}")))?;
    Ok(PlacedBoard {
        line,
        v: 2 * t + c,
        board,
    })
}

/// A file that marks no piece whose first move matters (the older format) has every piece
/// unmoved. A `*` elsewhere (`q*`) is not written back, so it does not count.
fn mark_unmoved_when_unmarked(parsed: &mut [PlacedBoard]) {
    let marked = parsed.iter().any(|p| {
        p.board
            .pieces()
            .any(|(_, _, piece)| piece.unmoved && piece.kind.unmoved_matters())
    });
    if !marked {
        for p in parsed {
            let all: Vec<_> = p.board.pieces().collect();
            for (x, y, mut piece) in all {
                piece.unmoved = true;
                p.board.set(x, y, Some(piece));
            }
        }
    }
}

/// The timelines `min_line..=max_line` of boards sorted by line and half-turn: each line must
/// have boards, one after another without gaps or repeats.
fn timelines(
    parsed: &[PlacedBoard],
    min_line: i32,
    max_line: i32,
    even: bool,
) -> Result<Vec<Timeline>, PositionError> {
    let mut lines: Vec<Timeline> = Vec::new();
    for line in min_line..=max_line {
        let mine: Vec<&PlacedBoard> = parsed.iter().filter(|p| p.line == line).collect();
        let Some(first) = mine.first() else {
            return Err(PositionError::new(
                PositionErrorKind::Board,
                format!(
                    "timeline {} has no board between others",
                    line_label(line, even)
                ),
            ));
        };
        for (i, p) in mine.iter().enumerate() {
            if p.v != first.v + i as i32 {
                return Err(PositionError::new(
                    PositionErrorKind::Board,
                    format!(
                        "timeline {}: its boards must follow one another without gaps or repeats",
                        line_label(line, even)
                    ),
                ));
            }
        }
        lines.push(Timeline::new(
            first.v,
            mine.iter().map(|p| p.board).collect(),
        ));
    }
    Ok(lines)
}

/// The first and last initial timelines: from `[InitialMultiverses]` when given, else those a
/// start has: all lines when every line starts where the earliest does (an official start);
/// else the middle one(s).
fn initial_lines(
    tags: &[(String, String)],
    even: bool,
    lines: &[Timeline],
    min_line: i32,
    max_line: i32,
) -> Result<(i32, i32), PositionError> {
    if let Some(s) = tag(tags, "InitialMultiverses") {
        let ls: Vec<i32> = s
            .split_whitespace()
            .map(|l| parse_line(l, even))
            .collect::<Result<_, _>>()
            .map_err(|e| PositionError::syntax(e.to_string()))?;
        let min = ls.iter().copied().min().unwrap_or(0);
        let max = ls.iter().copied().max().unwrap_or(0);
        Ok((min, max))
    } else if even {
        Ok((-1, 0))
    } else if lines.len() == 3 && lines.iter().all(|t| t.boards.len() == 1) {
        Ok((min_line, max_line))
    } else {
        Ok((0, 0))
    }
}

impl Multiverse {
    /// Reads 5DFEN (or a header block naming an official variant).
    pub fn from_text(text: &str) -> Result<Multiverse, PositionError> {
        let (tags, boards) = brackets(text)?;
        Multiverse::from_tags(&tags, &boards)
    }

    /// Builds a multiverse from header tags and board strings (see the module docs).
    pub(super) fn from_tags(
        tags: &[(String, String)],
        boards: &[String],
    ) -> Result<Multiverse, PositionError> {
        let (width, height, boards, promo) = declared_boards(tags, boards)?;
        if !(1..=8).contains(&width) || !(1..=8).contains(&height) {
            let kind = if width > 8 || height > 8 {
                PositionErrorKind::Unsupported
            } else {
                PositionErrorKind::Board
            };
            return Err(PositionError::new(
                kind,
                format!("boards of {width}x{height}: omnichess plays boards up to 8x8"),
            ));
        }
        if boards.is_empty() {
            return Err(PositionError::syntax(
                "a custom 5D position needs board strings `[pieces:L:T:w]`",
            ));
        }
        let promotions = promotions(&promo)?;
        let even = boards.iter().any(|b| {
            let l = b.split(':').nth(1).unwrap_or("").trim();
            l == "-0" || l == "+0"
        });
        let mut parsed = boards
            .iter()
            .map(|b| board_string(b, even, width, height))
            .collect::<Result<Vec<_>, _>>()?;
        mark_unmoved_when_unmarked(&mut parsed);
        parsed.sort_by_key(|p| (p.line, p.v));
        let min_line = parsed[0].line;
        let max_line = parsed[parsed.len() - 1].line;
        let lines = timelines(&parsed, min_line, max_line, even)?;
        let (initial_min, initial_max) = initial_lines(tags, even, &lines, min_line, max_line)?;
        let setup = Setup5 {
            width,
            height,
            initial_min,
            initial_max,
            even,
            promotions,
        };
        let mut m = Multiverse {
            setup,
            min_line,
            lines,
            white_to_move: true,
            turns: 0,
            undo: Vec::new(),
            turn_start: std::cell::Cell::default(),
        };
        m.white_to_move = m.present() & 1 == 0;
        if let Some(mover) = tag(tags, "Mover") {
            m.white_to_move = match mover {
                "w" => true,
                "b" => false,
                other => {
                    return Err(PositionError::syntax(format!(
                        "[Mover \"{other}\"] is not w or b"
                    )));
                }
            };
        }
        Ok(m)
    }

    /// Writes the multiverse as 5DFEN: size, promotions, then every board.
    #[must_use]
    pub fn text(&self) -> String {
        let s = &self.setup;
        let mut out = format!("[Board \"custom\"] [Size \"{}x{}\"]", s.width, s.height);
        let promos: Vec<String> = s
            .promotions
            .iter()
            .map(|k| k.letter().to_string())
            .collect();
        if promos != ["Q"] {
            out.push_str(&format!(" [Promotions \"{}\"]", promos.join(",")));
        }
        if (s.initial_min, s.initial_max) != if s.even { (-1, 0) } else { (0, 0) } {
            let ls: Vec<String> = (s.initial_min..=s.initial_max)
                .map(|l| line_label(l, s.even))
                .collect();
            out.push_str(&format!(" [InitialMultiverses \"{}\"]", ls.join(" ")));
        }
        if (self.present() & 1 == 0) != self.white_to_move {
            out.push_str(&format!(
                " [Mover \"{}\"]",
                if self.white_to_move { "w" } else { "b" }
            ));
        }
        for (line, t) in self.timelines() {
            for (i, b) in t.boards.iter().enumerate() {
                let v = t.start + i as i32;
                out.push_str(&format!(
                    " [{}:{}:{}:{}]",
                    b.fen(s.width, s.height),
                    line_label(line, s.even),
                    turn_of(v),
                    if v & 1 == 0 { 'w' } else { 'b' }
                ));
            }
        }
        out
    }
}
