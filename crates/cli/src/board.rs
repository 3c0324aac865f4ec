//! The boards of the terminal game drawn from the variant's [`View`]: one board (classic,
//! QEC, Die Chess) with the player at the bottom, the last move and a king in check marked,
//! colours and Unicode pieces where the terminal has them (plain ASCII with `--ascii`); the
//! 5D multiverse as a grid, timelines as rows and half-turns as columns, a window around the
//! present when it is wider than the terminal; and the captured material.

use std::fmt::Write as _;
use std::io::IsTerminal;

use omnichess_core::{BoardView, Cell, PieceView, Player, View};

/// How the terminal draws: colours (ANSI) and Unicode pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Coloured squares and pieces.
    pub color: bool,
    /// Unicode chess pieces (else letters: upper case the first player's).
    pub unicode: bool,
}

impl Style {
    /// Colours when standard output is a terminal, `--no-color` is not given and the
    /// `NO_COLOR` environment variable is unset or empty (no-color.org); Unicode unless
    /// `--ascii`.
    pub fn detect(no_color: bool, ascii: bool) -> Style {
        let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: !no_color && !env_off && std::io::stdout().is_terminal(),
            unicode: !ascii,
        }
    }
}

const RESET: &str = "\x1b[0m";
const LIGHT: u8 = 187;
const DARK: u8 = 137;
const LIGHT_LAST: u8 = 186;
const DARK_LAST: u8 = 143;
const CHECK: u8 = 167;

/// A piece as one character.
fn glyph(piece: &PieceView, style: Style) -> char {
    let first = piece.player == 0;
    if !style.unicode {
        return if first {
            piece.kind
        } else {
            piece.kind.to_ascii_lowercase()
        };
    }
    // With colour every piece is drawn solid and coloured; without, White's hollow.
    let solid = style.color || !first;
    let (hollow, filled) = match piece.kind {
        'K' => ('♔', '♚'),
        'Q' => ('♕', '♛'),
        'R' => ('♖', '♜'),
        'B' => ('♗', '♝'),
        'N' => ('♘', '♞'),
        'P' => ('♙', '♟'),
        other => {
            return if first {
                other
            } else {
                other.to_ascii_lowercase()
            };
        }
    };
    if solid { filled } else { hollow }
}

fn empty(style: Style) -> char {
    if style.unicode { '·' } else { '.' }
}

/// The squares of a board in drawing order for a player at the bottom: ranks top to
/// bottom, files left to right, as (file, rank) indices.
fn order(board: &BoardView, bottom: Player) -> (Vec<usize>, Vec<usize>) {
    let files: Vec<usize> = (0..board.files.len()).collect();
    let ranks: Vec<usize> = (0..board.ranks.len()).rev().collect();
    match bottom {
        Player::White => (files, ranks),
        Player::Black => (
            files.into_iter().rev().collect(),
            ranks.into_iter().rev().collect(),
        ),
    }
}

/// One board with coordinates around it, `bottom`'s side at the bottom; `last` (the squares
/// of the last move) and the view's checks marked.
pub fn single(view: &View, last: Option<(Cell, Cell)>, bottom: Player, style: Style) -> String {
    let Some(board) = view.boards.first() else {
        return String::new();
    };
    let (files, ranks) = order(board, bottom);
    let mut header = String::from("  ");
    for &f in &files {
        let _ = write!(header, " {} ", board.files[f]);
    }
    let header = header.trim_end().to_owned();
    let mut out = format!("{header}\n");
    let marked = |sq: u16, cells: &[Cell]| cells.iter().any(|c| c.board == 0 && c.square == sq);
    let last_cells: Vec<Cell> = last.map(|(a, b)| vec![a, b]).unwrap_or_default();
    for &r in &ranks {
        let _ = write!(out, "{:>2}", board.ranks[r]);
        for &f in &files {
            let sq = board.square(f, r);
            let piece = board.squares.get(usize::from(sq)).and_then(Option::as_ref);
            let check = marked(sq, &view.checks);
            let moved = marked(sq, &last_cells);
            let c = piece.map_or(empty(style), |p| glyph(p, style));
            let tag = piece
                .and_then(|p| p.tag.as_deref())
                .and_then(|t| t.chars().next());
            if style.color {
                let light = (f + r) % 2 == 1;
                let bg = match (check, moved, light) {
                    (true, _, _) => CHECK,
                    (false, true, true) => LIGHT_LAST,
                    (false, true, false) => DARK_LAST,
                    (false, false, true) => LIGHT,
                    (false, false, false) => DARK,
                };
                let fg = match piece.map(|p| p.player) {
                    Some(0) => "\x1b[1;38;5;231m",
                    Some(_) => "\x1b[38;5;16m",
                    None => "\x1b[38;5;94m",
                };
                let c = if piece.is_none() { ' ' } else { c };
                let _ = write!(out, "\x1b[48;5;{bg}m{fg} {c}{}{RESET}", tag.unwrap_or(' '));
            } else {
                let (l, r) = if check {
                    ('(', ')')
                } else if moved {
                    ('[', ']')
                } else {
                    (' ', tag.unwrap_or(' '))
                };
                let _ = write!(out, "{l}{c}{r}");
            }
        }
        let _ = writeln!(out, " {}", board.ranks[r]);
    }
    let _ = writeln!(out, "{header}");
    out
}

/// The value of a piece for the material count (the classic scale; others count 0).
fn value(kind: char) -> i32 {
    match kind {
        'P' => 1,
        'N' | 'B' => 3,
        'R' => 5,
        'Q' => 9,
        _ => 0,
    }
}

/// The pieces each player has lost since `start` and who is ahead in material:
/// `captured: white ♟♟♞, black ♙ (white +5)`; `None` when nothing was taken or the view
/// does not count material.
pub fn captured(start: &View, now: &View, names: [&str; 2], style: Style) -> Option<String> {
    if !now.counts_material {
        return None;
    }
    let pieces = |v: &View| -> Vec<PieceView> {
        v.boards
            .iter()
            .flat_map(|b| b.squares.iter().flatten().cloned())
            .collect()
    };
    let mut gone = pieces(start);
    for p in pieces(now) {
        if let Some(i) = gone
            .iter()
            .position(|g| g.player == p.player && g.kind == p.kind)
        {
            gone.swap_remove(i);
        }
    }
    if gone.is_empty() {
        return None;
    }
    gone.sort_by_key(|p| (std::cmp::Reverse(value(p.kind)), p.kind));
    let plain = Style {
        color: false,
        ..style
    };
    // What each player has taken: the other's pieces that are gone.
    let mut parts = Vec::new();
    let mut score = [0i32; 2];
    for (i, name) in names.iter().enumerate() {
        let taken: String = gone
            .iter()
            .filter(|p| usize::from(p.player) != i)
            .map(|p| glyph(p, plain))
            .collect();
        score[i] = gone
            .iter()
            .filter(|p| usize::from(p.player) != i)
            .map(|p| value(p.kind))
            .sum();
        if !taken.is_empty() {
            parts.push(format!("{name} took {taken}"));
        }
    }
    let lead = match score[0] - score[1] {
        0 => String::new(),
        d if d > 0 => format!(" ({} +{d})", names[0]),
        d => format!(" ({} +{})", names[1], -d),
    };
    Some(format!("captured: {}{lead}", parts.join(", ")))
}

/// The terminal's width in columns: `COLUMNS`, else the terminal's own size, else 100.
pub fn terminal_width() -> usize {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
    {
        return n;
    }
    std::fs::File::open("/dev/tty")
        .ok()
        .and_then(|tty| {
            std::process::Command::new("stty")
                .arg("size")
                .stdin(tty)
                .stderr(std::process::Stdio::null())
                .output()
                .ok()
        })
        .and_then(|o| {
            String::from_utf8(o.stdout)
                .ok()?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        })
        .unwrap_or(100)
}

/// The 5D multiverse: one row of boards per timeline (labelled `L0`, `L+1`, …), one column
/// per half-turn (`T1 w`, `T1 b`, …), past boards included; only the columns that fit in
/// `width` are drawn, the latest ones (the present is always among them), and a line says
/// how many earlier ones are left out. Playable boards are marked `*`, the present's column
/// `^ present`, a royal piece in check with `!` (a red square in colour).
pub fn multiverse(view: &View, bottom: Player, width: usize, style: Style) -> String {
    let Some(first) = view.boards.first() else {
        return String::new();
    };
    let files = first.files.len();
    let board_width = 2 * files + 2;
    let label_width = 6;
    let max_col = view.boards.iter().map(|b| b.column).max().unwrap_or(0);
    let min_col = view.boards.iter().map(|b| b.column).min().unwrap_or(0);
    let present = view
        .boards
        .iter()
        .filter(|b| b.active)
        .map(|b| b.column)
        .min();
    let fit = (width.saturating_sub(label_width) / board_width).max(1) as i32;
    let mut start = (max_col - fit + 1).max(min_col);
    if let Some(p) = present {
        start = start.min(p).max(max_col - fit + 1).max(min_col);
    }
    let columns: Vec<i32> = (start..=max_col).collect();
    let mut rows: Vec<i32> = view.boards.iter().map(|b| b.row).collect();
    rows.sort_unstable();
    rows.dedup();
    if bottom == Player::Black {
        rows.reverse();
    }
    let mut out = String::new();
    if start > min_col {
        let _ = writeln!(
            out,
            "(the {} earlier half-turns are left of this window)",
            start - min_col
        );
    }
    // Column headers: the half-turn of each column, from any board in it.
    let _ = write!(out, "{:label_width$}", "");
    for &c in &columns {
        let label = view
            .boards
            .iter()
            .find(|b| b.column == c)
            .and_then(|b| b.label.split_once(' ').map(|(_, t)| t.to_owned()))
            .unwrap_or_default();
        let _ = write!(out, "{label:<board_width$}");
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
    for &row in &rows {
        let in_row: Vec<(usize, &BoardView)> = view
            .boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.row == row)
            .collect();
        let line = in_row
            .first()
            .and_then(|(_, b)| b.label.split(' ').next())
            .unwrap_or("");
        // A line of marks over the boards: `*` playable.
        let _ = write!(out, "{:label_width$}", "");
        for &c in &columns {
            let mark = match in_row.iter().find(|(_, b)| b.column == c) {
                Some((_, b)) if b.active => "* playable",
                _ => "",
            };
            let _ = write!(out, "{mark:<board_width$}");
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
        let ranks = first.ranks.len();
        for i in 0..ranks {
            let head = if i == ranks / 2 - 1 { line } else { "" };
            let (_, rank_order) = order(first, bottom);
            let rank = first.ranks.get(rank_order[i]).map_or("", String::as_str);
            let _ = write!(out, "{head:<3}{rank:>2} ");
            for &c in &columns {
                match in_row.iter().find(|(_, b)| b.column == c) {
                    Some(&(index, b)) => {
                        let (fs, rs) = order(b, bottom);
                        let r = rs[i];
                        for &f in &fs {
                            let sq = b.square(f, r);
                            let piece = b.squares.get(usize::from(sq)).and_then(Option::as_ref);
                            let check = view
                                .checks
                                .iter()
                                .any(|cell| usize::from(cell.board) == index && cell.square == sq);
                            let ch = piece.map_or(empty(style), |p| glyph(p, style));
                            if style.color {
                                let bg = if check {
                                    CHECK
                                } else if (f + r) % 2 == 1 {
                                    LIGHT
                                } else {
                                    DARK
                                };
                                let fg = match piece.map(|p| p.player) {
                                    Some(0) => "\x1b[1;38;5;231m",
                                    _ => "\x1b[38;5;16m",
                                };
                                let ch = if piece.is_none() { ' ' } else { ch };
                                let _ = write!(out, "\x1b[48;5;{bg}m{fg}{ch} {RESET}");
                            } else {
                                let _ = write!(out, "{ch}{}", if check { '!' } else { ' ' });
                            }
                        }
                        out.push_str("  ");
                    }
                    None => {
                        let _ = write!(out, "{:board_width$}", "");
                    }
                }
            }
            // Trailing spaces of empty cells are not worth keeping.
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
        // The file letters under the row's boards, to type the squares.
        let (file_order, _) = order(first, bottom);
        let letters: String = file_order
            .iter()
            .map(|&f| format!("{} ", first.files[f]))
            .collect();
        let _ = write!(out, "{:label_width$}", "");
        for &c in &columns {
            let text = if in_row.iter().any(|(_, b)| b.column == c) {
                letters.as_str()
            } else {
                ""
            };
            let _ = write!(out, "{text:<board_width$}");
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    if let Some(p) = present {
        let _ = write!(out, "{:label_width$}", "");
        for &c in &columns {
            let mark = if c == p { "^ present" } else { "" };
            let _ = write!(out, "{mark:<board_width$}");
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn king(player: u8) -> Option<PieceView> {
        Some(PieceView {
            player,
            kind: 'K',
            name: "king",
            tag: None,
        })
    }

    #[test]
    fn a_board_turns_for_the_second_player_and_marks_the_last_move() {
        let mut board = BoardView::empty("", 2, 2, 'a');
        board.squares[0] = king(0); // a1
        board.squares[3] = king(1); // b2
        let view = View {
            boards: vec![board],
            ..View::default()
        };
        let plain = Style {
            color: false,
            unicode: false,
        };
        let last = Some((
            Cell {
                board: 0,
                square: 1,
            },
            Cell {
                board: 0,
                square: 0,
            },
        ));
        assert_eq!(
            single(&view, last, Player::White, plain),
            "   a  b\n 2 .  k  2\n 1[K][.] 1\n   a  b\n"
        );
        assert_eq!(
            single(&view, None, Player::Black, plain),
            "   b  a\n 1 .  K  1\n 2 k  .  2\n   b  a\n"
        );
    }
}
