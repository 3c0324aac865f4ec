//! The boards of the terminal game drawn from the variant's [`View`]: one board (classic,
//! QEC, Die Chess) or several on their layout grid (Three Realms, DMChess), with the player at
//! the bottom, the last move and a king in check marked, colours and Unicode pieces where the
//! terminal has them (plain ASCII with `--ascii`); and the captured material. The 5D
//! multiverse has its own grid (`timelines_grid.rs`).

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

pub(crate) const RESET: &str = "\x1b[0m";
pub(crate) const LIGHT: u8 = 187;
pub(crate) const DARK: u8 = 137;
const LIGHT_LAST: u8 = 186;
const DARK_LAST: u8 = 143;
pub(crate) const CHECK: u8 = 167;

/// A piece as one character: the Unicode chess symbol of the six classic pieces (known by
/// name: Three Realms' pegasus is not a pawn for its `P`), else its letter, upper case the
/// first player's.
pub(crate) fn glyph(piece: &PieceView, style: Style) -> char {
    let first = piece.player == 0;
    let letter = if first {
        piece.kind
    } else {
        piece.kind.to_ascii_lowercase()
    };
    if !style.unicode {
        return letter;
    }
    // With colour every piece is drawn solid and coloured; without, White's hollow.
    let solid = style.color || !first;
    let (hollow, filled) = match piece.name {
        "king" => ('♔', '♚'),
        "queen" => ('♕', '♛'),
        "rook" => ('♖', '♜'),
        "bishop" => ('♗', '♝'),
        "knight" => ('♘', '♞'),
        "pawn" => ('♙', '♟'),
        _ => return letter,
    };
    if solid { filled } else { hollow }
}

pub(crate) fn empty(style: Style) -> char {
    if style.unicode { '·' } else { '.' }
}

/// The squares of a board in drawing order for a player at the bottom: ranks top to
/// bottom, files left to right, as (file, rank) indices.
pub(crate) fn order(board: &BoardView, bottom: Player) -> (Vec<usize>, Vec<usize>) {
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

/// What the boards mark: the last move's squares and the view's checks.
struct Marks<'a> {
    view: &'a View,
    last: Vec<Cell>,
    style: Style,
}

impl Marks<'_> {
    /// One square, three columns wide: the piece (with its tag: QEC's pair letter, DMChess's
    /// DEL), or the square's mark (a DMChess portal `@5`, an energy square `E`), or empty
    /// (Three Realms' dark squares `:` without colour). The last move is bracketed `[ ]` and a
    /// king in check `( )` without colour; in colour, they are the square's background.
    fn square(&self, board: usize, b: &BoardView, f: usize, r: usize) -> String {
        let style = self.style;
        let sq = b.square(f, r);
        let at = |cells: &[Cell]| {
            cells
                .iter()
                .any(|c| usize::from(c.board) == board && c.square == sq)
        };
        let (check, moved) = (at(&self.view.checks), at(&self.last));
        let piece = b.squares.get(usize::from(sq)).and_then(Option::as_ref);
        let has_light_marks = b.marks.iter().any(|m| m.kind == "light");
        let light = if has_light_marks {
            b.marks.iter().any(|m| m.kind == "light" && m.square == sq)
        } else {
            (f + r) % 2 == 1
        };
        let mark = b
            .marks
            .iter()
            .filter(|m| m.kind != "light")
            .find_map(|m| (m.square == sq).then_some(m.text.as_deref()).flatten());
        let (c, tag) = match piece {
            Some(p) => (
                glyph(p, style),
                p.tag.as_deref().and_then(|t| t.chars().next()),
            ),
            None => match mark {
                // A portal's text is its board (`D5`): drawn `@5`.
                Some(text) if text.starts_with('D') => ('@', text.chars().nth(1)),
                Some(text) => {
                    let mut chars = text.chars();
                    (chars.next().unwrap_or(' '), chars.next())
                }
                None if style.color => (' ', None),
                None if has_light_marks && !light => (':', None),
                None => (empty(style), None),
            },
        };
        if style.color {
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
            format!("\x1b[48;5;{bg}m{fg} {c}{}{RESET}", tag.unwrap_or(' '))
        } else if check {
            format!("({c})")
        } else if moved {
            format!("[{c}]")
        } else {
            format!(" {c}{}", tag.unwrap_or(' '))
        }
    }
}

/// The boards of a view on its layout grid with coordinates around each, `bottom`'s side at
/// the bottom (for the second player, a layout that turns is drawn reversed: Three Realms'
/// heavens stay on White's left); `last` (the squares of the last move) and the view's
/// checks marked. A layout row wider than `width` columns is drawn in several rows. One
/// board is drawn with its files above and below and no name.
pub fn boards(
    view: &View,
    last: Option<(Cell, Cell)>,
    bottom: Player,
    width: usize,
    style: Style,
) -> String {
    let marks = Marks {
        view,
        last: last.map(|(a, b)| vec![a, b]).unwrap_or_default(),
        style,
    };
    let turned = bottom == Player::Black && view.layout_turns;
    let mut rows: Vec<i32> = view.boards.iter().map(|b| b.row).collect();
    rows.sort_unstable();
    rows.dedup();
    if turned {
        rows.reverse();
    }
    let mut out = String::new();
    for row in rows {
        let mut in_row: Vec<usize> = (0..view.boards.len())
            .filter(|&i| view.boards[i].row == row)
            .collect();
        in_row.sort_by_key(|&i| view.boards[i].column);
        if turned {
            in_row.reverse();
        }
        // Ranks on both sides and the gap: 3 × files + 8 columns a board.
        let board_width = view.boards[in_row[0]].files.len() * 3 + 8;
        let fit = (width / board_width).max(1);
        // Spread evenly over the lines needed: 4 boards in 3 places are 2 + 2, not 3 + 1.
        let lines = in_row.len().div_ceil(fit);
        for chunk in in_row.chunks(in_row.len().div_ceil(lines)) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&row_of_boards(
                &marks,
                chunk,
                bottom,
                view.boards.len() == 1,
            ));
        }
    }
    out
}

/// Boards side by side, each `files × 3 + 8` columns wide: names (unless `alone`), ranks
/// on both sides, files under them (and above, when `alone`).
fn row_of_boards(marks: &Marks, boards: &[usize], bottom: Player, alone: bool) -> String {
    let view = marks.view;
    let first = &view.boards[boards[0]];
    let gap = "  ";
    let files_line = || {
        let mut line = String::new();
        for &i in boards {
            let b = &view.boards[i];
            let (files, _) = order(b, bottom);
            line.push_str("  ");
            for f in files {
                let _ = write!(line, " {} ", b.files[f]);
            }
            line.push_str("    ");
            line.push_str(gap);
        }
        line.trim_end().to_owned()
    };
    let mut out = String::new();
    if alone {
        let _ = writeln!(out, "{}", files_line());
    } else {
        let mut names = String::new();
        for &i in boards {
            let b = &view.boards[i];
            let w = b.files.len() * 3 + 6;
            let _ = write!(names, "   {:<w$}", b.label, w = w - 3 + gap.len());
        }
        let _ = writeln!(out, "{}", names.trim_end());
    }
    let (_, rank_order) = order(first, bottom);
    for r in rank_order {
        let mut line = String::new();
        for &i in boards {
            let b = &view.boards[i];
            let (files, _) = order(b, bottom);
            let rank = b.ranks.get(r).map_or("", String::as_str);
            let _ = write!(line, "{rank:>2}");
            for f in files {
                line.push_str(&marks.square(i, b, f, r));
            }
            let _ = write!(line, " {rank:<2} {gap}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "{}", files_line());
    out
}

/// The pieces each player has lost since `start` and who is ahead in material:
/// `captured: white ♟♟♞, black ♙ (white +5)`; `None` when nothing was taken or the view
/// does not count material. The pieces the view says left the game without capture
/// ([`View::departed`]) are not counted.
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
    for p in pieces(now).iter().chain(&now.departed) {
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
    // The most valuable first, by the value the variant gives each piece.
    gone.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.kind.cmp(&b.kind)));
    let plain = Style {
        color: false,
        ..style
    };
    // What each player has taken: the other's pieces that are gone.
    let mut parts = Vec::new();
    let mut score = [0f32; 2];
    for (i, name) in names.iter().enumerate() {
        let taken: String = gone
            .iter()
            .filter(|p| usize::from(p.player) != i)
            .map(|p| glyph(p, plain))
            .collect();
        score[i] = gone
            .iter()
            .filter(|p| usize::from(p.player) != i)
            .map(|p| p.value)
            .sum();
        if !taken.is_empty() {
            parts.push(format!("{name} took {taken}"));
        }
    }
    // The lead in whole pawns, as players count it.
    let lead = match (score[0] - score[1]).round() as i32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn king(player: u8) -> Option<PieceView> {
        Some(PieceView {
            player,
            kind: 'K',
            name: "king",
            tag: None,
            value: 0.0,
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
            boards(&view, last, Player::White, 100, plain),
            "   a  b\n 2 .  k  2\n 1[K][.] 1\n   a  b\n"
        );
        assert_eq!(
            boards(&view, None, Player::Black, 100, plain),
            "   b  a\n 1 .  K  1\n 2 k  .  2\n   b  a\n"
        );
    }

    #[test]
    fn the_material_lead_counts_each_piece_by_the_variant_s_value_not_its_letter() {
        // Three Realms writes its pegasus `P`: worth more than a pawn, whatever its letter.
        let piece = |player, name, value| PieceView {
            player,
            kind: 'P',
            name,
            tag: None,
            value,
        };
        let mut board = BoardView::empty("", 2, 2, 'a');
        board.squares[0] = Some(piece(0, "pegasus", 3.0));
        board.squares[3] = Some(piece(1, "pawn", 1.0));
        let start = View {
            boards: vec![board.clone()],
            counts_material: true,
            ..View::default()
        };
        board.squares = vec![None; 4];
        let now = View {
            boards: vec![board],
            counts_material: true,
            ..View::default()
        };
        let plain = Style {
            color: false,
            unicode: false,
        };
        assert_eq!(
            captured(&start, &now, ["white", "black"], plain).as_deref(),
            Some("captured: white took p, black took P (black +2)")
        );
    }
}
