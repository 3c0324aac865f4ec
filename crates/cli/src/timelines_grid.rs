//! The timelines layout in the terminal (5D's multiverse): one row of boards per timeline (labelled
//! `L0`, `L+1`, …), one column per half-turn (`T1 w`, `T1 b`, …), past boards included, a window
//! around the present when the grid is wider than the terminal.

use std::fmt::Write as _;

use omnichess_core::{BoardView, Player, View};

use crate::board::{CHECK, DARK, LIGHT, RESET, Style, empty, glyph, order};

/// The multiverse: one row of boards per timeline (labelled `L0`, `L+1`, …), one column
/// per half-turn (`T1 w`, `T1 b`, …), past boards included; only the columns that fit in
/// `width` are drawn, the latest ones (the present is always among them), and a line says
/// how many earlier ones are left out. Playable boards are marked `*`, the present's column
/// `^ present`, a royal piece in check with `!` (a red square in colour).
pub fn draw(view: &View, bottom: Player, width: usize, style: Style) -> String {
    let Some(grid) = Grid::of(view, bottom, width, style) else {
        return String::new();
    };
    let mut out = String::new();
    if grid.start > grid.min_col {
        let _ = writeln!(
            out,
            "(the {} earlier half-turns are left of this window)",
            grid.start - grid.min_col
        );
    }
    // Column headers: the half-turn of each column, from any board in it.
    grid.column_line(&mut out, |c| {
        view.boards
            .iter()
            .find(|b| b.column == c)
            .and_then(|b| b.label.split_once(' ').map(|(_, t)| t.to_owned()))
            .unwrap_or_default()
    });
    for &row in &grid.rows {
        grid.timeline(&mut out, row);
    }
    if let Some(p) = grid.present {
        grid.column_line(&mut out, |c| {
            if c == p { "^ present" } else { "" }.to_owned()
        });
    }
    out
}

/// What the drawing of a view needs: its boards, the window of columns drawn, the rows in
/// the order drawn, and the widths.
struct Grid<'v> {
    view: &'v View,
    /// The first board: its files and ranks name every board's.
    first: &'v BoardView,
    bottom: Player,
    style: Style,
    board_width: usize,
    /// The first column of the view and of the window, and the window's columns.
    min_col: i32,
    start: i32,
    columns: Vec<i32>,
    rows: Vec<i32>,
    /// The present's column, if a board is playable.
    present: Option<i32>,
}

/// The width of the timeline labels left of the boards.
const LABEL_WIDTH: usize = 6;

impl<'v> Grid<'v> {
    /// The grid of `view` in `width` columns of text; `None` without boards.
    fn of(view: &'v View, bottom: Player, width: usize, style: Style) -> Option<Grid<'v>> {
        let first = view.boards.first()?;
        let board_width = 2 * first.files.len() + 2;
        let max_col = view.boards.iter().map(|b| b.column).max().unwrap_or(0);
        let min_col = view.boards.iter().map(|b| b.column).min().unwrap_or(0);
        let present = view
            .boards
            .iter()
            .filter(|b| b.active)
            .map(|b| b.column)
            .min();
        let fit = (width.saturating_sub(LABEL_WIDTH) / board_width).max(1) as i32;
        let mut start = (max_col - fit + 1).max(min_col);
        if let Some(p) = present {
            start = start.min(p).max(max_col - fit + 1).max(min_col);
        }
        let mut rows: Vec<i32> = view.boards.iter().map(|b| b.row).collect();
        rows.sort_unstable();
        rows.dedup();
        if bottom == Player::Black {
            rows.reverse();
        }
        Some(Grid {
            view,
            first,
            bottom,
            style,
            board_width,
            min_col,
            start,
            columns: (start..=max_col).collect(),
            rows,
            present,
        })
    }

    /// A line of one text per column (`text` of the column), under or over the boards.
    fn column_line(&self, out: &mut String, text: impl Fn(i32) -> String) {
        let _ = write!(out, "{:LABEL_WIDTH$}", "");
        for &c in &self.columns {
            let width = self.board_width;
            let _ = write!(out, "{:<width$}", text(c));
        }
        end_line(out);
    }

    /// One timeline: the playable marks, the boards rank by rank with the timeline's label
    /// beside the middle rank, and the file letters.
    fn timeline(&self, out: &mut String, row: i32) {
        let in_row: Vec<(usize, &BoardView)> = self
            .view
            .boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.row == row)
            .collect();
        let board_at = |c: i32| in_row.iter().find(|(_, b)| b.column == c).copied();
        let line = in_row
            .first()
            .and_then(|(_, b)| b.label.split(' ').next())
            .unwrap_or("");
        // A line of marks over the boards: `*` playable.
        self.column_line(out, |c| match board_at(c) {
            Some((_, b)) if b.active => "* playable".to_owned(),
            _ => String::new(),
        });
        let ranks = self.first.ranks.len();
        let (file_order, rank_order) = order(self.first, self.bottom);
        for (i, &rank_index) in rank_order.iter().enumerate().take(ranks) {
            let head = if i == ranks / 2 - 1 { line } else { "" };
            let rank = self.first.ranks.get(rank_index).map_or("", String::as_str);
            let _ = write!(out, "{head:<3}{rank:>2} ");
            for &c in &self.columns {
                match board_at(c) {
                    Some((index, b)) => {
                        self.board_rank(out, index, b, i);
                        out.push_str("  ");
                    }
                    None => {
                        let _ = write!(out, "{:width$}", "", width = self.board_width);
                    }
                }
            }
            // Trailing spaces of empty cells are not worth keeping.
            end_line(out);
        }
        // The file letters under the row's boards, to type the squares.
        let letters: String = file_order
            .iter()
            .map(|&f| format!("{} ", self.first.files[f]))
            .collect();
        self.column_line(out, |c| {
            if board_at(c).is_some() {
                letters.clone()
            } else {
                String::new()
            }
        });
    }

    /// The `i`-th rank drawn of board `b` (the view's board `index`).
    fn board_rank(&self, out: &mut String, index: usize, b: &BoardView, i: usize) {
        let (fs, rs) = order(b, self.bottom);
        let r = rs[i];
        for &f in &fs {
            let sq = b.square(f, r);
            let piece = b.squares.get(usize::from(sq)).and_then(Option::as_ref);
            let check = self
                .view
                .checks
                .iter()
                .any(|cell| usize::from(cell.board) == index && cell.square == sq);
            let ch = piece.map_or(empty(self.style), |p| glyph(p, self.style));
            if self.style.color {
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
    }
}

/// Ends a line of the drawing, without its trailing spaces.
fn end_line(out: &mut String) {
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}
