//! One board of the multiverse: up to 8×8 squares.

use omnichess_core::{PositionErrorKind, counted};
use thiserror::Error;

use super::piece::{Kind, Piece};

/// The squares of a board, a1 first, rank by rank (index = y * 8 + x). Size: 128 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board {
            squares: [None; 64],
        }
    }
}

impl Board {
    /// The piece on (x, y).
    #[must_use]
    pub fn get(&self, x: i32, y: i32) -> Option<Piece> {
        self.squares[(y * 8 + x) as usize]
    }

    /// Puts a piece (or nothing) on (x, y).
    pub fn set(&mut self, x: i32, y: i32, piece: Option<Piece>) {
        self.squares[(y * 8 + x) as usize] = piece;
    }

    /// Every occupied square with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (i32, i32, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| ((i % 8) as i32, (i / 8) as i32, p)))
    }

    /// Reads a 5DFEN piece field (`r*nbqk*bnr*/p*p*…`, top rank first) for a board of
    /// `width` × `height`.
    pub fn from_fen(text: &str, width: i32, height: i32) -> Result<Board, BoardTextError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != height as usize {
            return Err(BoardTextError::Rows {
                text: text.to_owned(),
                rows: rows.len(),
                height,
            });
        }
        let mut board = Board::default();
        for (r, row) in rows.iter().enumerate() {
            let y = height - 1 - r as i32;
            let mut x: i32 = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    // Saturating: a run of digits past i32 (fuzzing found one) is only too wide.
                    let mut n = d as i32;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d2 as i32);
                        chars.next();
                    }
                    x = x.saturating_add(n);
                    continue;
                }
                let c = if c == '+' {
                    chars.next().unwrap_or(' ')
                } else {
                    c
                };
                let kind = Kind::from_letter(c).ok_or_else(|| BoardTextError::Letter {
                    letter: c,
                    row: (*row).to_owned(),
                })?;
                let mut unmoved = false;
                while let Some(&m) = chars.peek() {
                    match m {
                        '*' => unmoved = true,
                        '+' => {}
                        _ => break,
                    }
                    chars.next();
                }
                if x >= width {
                    return Err(BoardTextError::TooWide {
                        row: (*row).to_owned(),
                        width,
                    });
                }
                board.set(
                    x,
                    y,
                    Some(Piece {
                        kind,
                        white: c.is_ascii_uppercase(),
                        unmoved,
                    }),
                );
                x += 1;
            }
            if x != width {
                return Err(BoardTextError::Squares {
                    row: (*row).to_owned(),
                    squares: x.unsigned_abs(),
                    width,
                });
            }
        }
        Ok(board)
    }

    /// Writes the 5DFEN piece field.
    #[must_use]
    pub fn fen(&self, width: i32, height: i32) -> String {
        let mut rows = Vec::new();
        for y in (0..height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..width {
                match self.get(x, y) {
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&p.fen());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

/// A 5DFEN piece field that does not describe a board of its size.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardTextError {
    /// Not as many rows as the board has.
    #[error("`{text}` has {}; the board has {height}", counted(*.rows as u64, "row", "rows"))]
    Rows {
        /// The piece field.
        text: String,
        /// Its rows.
        rows: usize,
        /// The board's.
        height: i32,
    },
    /// A character that is neither a count of squares nor a piece letter.
    #[error("`{letter}` in `{row}` is not a piece letter")]
    Letter {
        /// The character.
        letter: char,
        /// Its row.
        row: String,
    },
    /// A row with a piece past the board's last file.
    #[error("row `{row}` is wider than {width}")]
    TooWide {
        /// The row.
        row: String,
        /// The board's width.
        width: i32,
    },
    /// A row of more or fewer squares than the board is wide.
    #[error("row `{row}` describes {}, not {width}", counted(*.squares, "square", "squares"))]
    Squares {
        /// The row.
        row: String,
        /// The squares it describes.
        squares: u32,
        /// The board's width.
        width: i32,
    },
}

impl BoardTextError {
    /// The position error's kind of this fault: a letter is the text's form, the rest the
    /// board's shape.
    #[must_use]
    pub fn kind(&self) -> PositionErrorKind {
        match self {
            BoardTextError::Letter { .. } => PositionErrorKind::Syntax,
            _ => PositionErrorKind::Board,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Board;

    #[test]
    fn a_run_of_empty_squares_past_any_width_is_refused_not_wrapped() {
        // Found by the duci fuzz target: the digits overflowed i32, wrapped negative, and a
        // piece was put at a negative index.
        let row = format!("P{}P", "9".repeat(40));
        let fen = format!("{row}/8/8/8/8/8/8/8");
        let e = Board::from_fen(&fen, 8, 8)
            .expect_err("too wide")
            .to_string();
        assert!(e.contains("wider than 8") || e.contains("not 8"), "{e}");
        assert!(Board::from_fen("8/8/8/8/8/8/8/8", 8, 8).is_ok());
    }
}
