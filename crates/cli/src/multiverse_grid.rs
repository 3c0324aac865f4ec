//! The 5D multiverse in the terminal: one row of boards per timeline (labelled `L0`, `L+1`,
//! …), one column per half-turn (`T1 w`, `T1 b`, …), past boards included, a window around the
//! present when the grid is wider than the terminal.

use std::fmt::Write as _;

use omnichess_core::{BoardView, Player, View};

use crate::board::{CHECK, DARK, LIGHT, RESET, Style, empty, glyph, order};

/// The multiverse: one row of boards per timeline (labelled `L0`, `L+1`, …), one column
/// per half-turn (`T1 w`, `T1 b`, …), past boards included; only the columns that fit in
/// `width` are drawn, the latest ones (the present is always among them), and a line says
/// how many earlier ones are left out. Playable boards are marked `*`, the present's column
/// `^ present`, a royal piece in check with `!` (a red square in colour).
pub fn draw(view: &View, bottom: Player, width: usize, style: Style) -> String {
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
