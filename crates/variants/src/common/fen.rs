//! FEN read into a [`Setup`]: a plain description, checked field by field, and the checks
//! every chess-like variant makes of it (kings, pawns, castling rights, en passant). Classic
//! chess validates it further into a game ([`Setup::validate`]); Die Chess builds its own
//! board from it. Parsing never panics; every error names what is wrong.

use cozy_chess::{Color, File, Piece, Rank, Square};
use omnichess_core::{Player, PositionError, PositionErrorKind, SquareEdit};

/// The FEN of the standard starting position.
pub const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as FEN describes it, before validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed a1 = 0 … h8 = 63.
    pub squares: [Option<(Piece, Color)>; 64],
    /// The side to move.
    pub side: Color,
    /// Castling rights as FEN letters present: white short, white long, black short, black long.
    pub castling: [bool; 4],
    /// The en passant target square, if any.
    pub en_passant: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmoves: u16,
    /// The number of the full move, from 1.
    pub fullmoves: u16,
}

impl Setup {
    /// Reads FEN's fields. The two move counters may be left out (EPD style); they then
    /// default to `0 1`.
    pub fn parse(fen: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(PositionError::syntax(format!(
                "FEN needs 4 to 6 space-separated fields (board, side, castling, en passant, \
                 halfmove clock, fullmove number); found {}",
                fields.len()
            )));
        }
        let squares = parse_board(fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(PositionError::syntax(format!(
                    "side to move must be `w` or `b`, not `{other}`"
                )));
            }
        };
        let castling = parse_castling(fields[2])?;
        let en_passant = match fields[3] {
            "-" => None,
            text => Some(text.parse::<Square>().map_err(|_| {
                PositionError::syntax(format!(
                    "en passant field must be a square like `e3` or `-`, not `{text}`"
                ))
            })?),
        };
        let counter = |i: usize, name: &str, default: u16| -> Result<u16, PositionError> {
            fields.get(i).map_or(Ok(default), |t| {
                t.parse::<u16>().map_err(|_| {
                    PositionError::new(
                        PositionErrorKind::Counters,
                        format!("{name} must be a whole number, not `{t}`"),
                    )
                })
            })
        };
        let halfmoves = counter(4, "halfmove clock", 0)?;
        let fullmoves = counter(5, "fullmove number", 1)?;
        if fullmoves == 0 {
            return Err(PositionError::new(
                PositionErrorKind::Counters,
                "fullmove number starts at 1, not 0",
            ));
        }
        Ok(Setup {
            squares,
            side,
            castling,
            en_passant,
            halfmoves,
            fullmoves,
        })
    }

    /// The board editor's `edits` made on the first board (the only one), `to_move` to move:
    /// castling rights whose king or rook no longer stands at home dropped, no en passant,
    /// the halfmove clock at 0. `Err` names a kind no FEN writes or a square off the board.
    pub fn edit(&mut self, edits: &[SquareEdit], to_move: Player) -> Result<(), PositionError> {
        for edit in edits {
            let square = usize::from(edit.cell.square);
            if edit.cell.board != 0 || square >= 64 {
                return Err(PositionError::syntax(format!(
                    "no square {}:{} on this board",
                    edit.cell.board, edit.cell.square
                )));
            }
            self.squares[square] = match edit.piece {
                None => None,
                Some((player, kind)) => {
                    let piece = fen_piece(kind.to_ascii_lowercase()).ok_or_else(|| {
                        PositionError::syntax(format!("no piece `{kind}` in a FEN"))
                    })?;
                    Some((piece, colour(player)))
                }
            };
        }
        self.side = colour(to_move);
        let at = |sq: Square, piece: Piece, color: Color| {
            self.squares[sq as usize] == Some((piece, color))
        };
        for (i, (color, rook)) in [
            (Color::White, Square::H1),
            (Color::White, Square::A1),
            (Color::Black, Square::H8),
            (Color::Black, Square::A8),
        ]
        .into_iter()
        .enumerate()
        {
            let king = if color == Color::White {
                Square::E1
            } else {
                Square::E8
            };
            self.castling[i] &= at(king, Piece::King, color) && at(rook, Piece::Rook, color);
        }
        self.en_passant = None;
        self.halfmoves = 0;
        Ok(())
    }

    /// The board editor on a position text that starts with a FEN (Die Chess's, QEC's): its
    /// first six fields read, `edits` made and `to_move` to move ([`Setup::edit`]), written
    /// back; the fields after them are the variant's to write.
    pub fn edit_text(
        text: &str,
        edits: &[SquareEdit],
        to_move: Player,
    ) -> Result<String, PositionError> {
        let fen: Vec<&str> = text.split_whitespace().take(6).collect();
        let mut setup = Setup::parse(&fen.join(" "))?;
        setup.edit(edits, to_move)?;
        Ok(setup.text())
    }

    /// The setup as FEN.
    #[must_use]
    pub fn text(&self) -> String {
        let mut board = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank * 8 + file] {
                    None => empty += 1,
                    Some((piece, color)) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = piece_char(piece);
                        board.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let castling: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castling)
            .filter_map(|(c, on)| on.then_some(*c))
            .collect();
        format!(
            "{board} {} {} {} {} {}",
            if self.side == Color::White { "w" } else { "b" },
            if castling.is_empty() {
                "-".to_owned()
            } else {
                castling
            },
            self.en_passant.map_or("-".to_owned(), |sq| sq.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// What is wrong with the setup whatever the variant: the number of kings, pawns on the
    /// back ranks, castling rights without king and rook at home, an en passant square that
    /// no double step explains. (Check is the variant's business: classic chess refuses a
    /// side not to move in check; Die Chess allows it after a forfeited turn.) Each problem
    /// is an error of its own kind; [`refuse`] makes one error of them.
    #[must_use]
    pub fn problems(&self) -> Vec<PositionError> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings = self.count(Piece::King, color);
            if kings != 1 {
                let kind = if kings == 0 {
                    PositionErrorKind::MissingKing
                } else {
                    PositionErrorKind::TooManyKings
                };
                problems.push(PositionError::new(
                    kind,
                    format!("{} has {kings} kings; chess needs exactly 1", name(color)),
                ));
            }
        }
        for (i, sq) in self.squares.iter().enumerate() {
            if let Some((Piece::Pawn, color)) = sq
                && !(8..56).contains(&i)
            {
                problems.push(PositionError::new(
                    PositionErrorKind::PawnOnBackRank,
                    format!(
                        "{} pawn on {} (pawns never stand on the first or last rank)",
                        name(*color),
                        Square::index(i)
                    ),
                ));
            }
        }
        problems.extend(self.castling_problems());
        if let Some(problem) = self.en_passant_problem() {
            problems.push(problem);
        }
        problems
    }

    fn count(&self, piece: Piece, color: Color) -> usize {
        self.squares
            .iter()
            .filter(|s| **s == Some((piece, color)))
            .count()
    }

    fn castling_problems(&self) -> Vec<PositionError> {
        let mut problems = Vec::new();
        for (i, letter) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if !self.castling[i] {
                continue;
            }
            let color = if i < 2 { Color::White } else { Color::Black };
            let rank = Rank::First.relative_to(color);
            let rook_file = if i % 2 == 0 { File::H } else { File::A };
            let king_sq = Square::new(File::E, rank);
            let rook_sq = Square::new(rook_file, rank);
            if self.squares[king_sq as usize] != Some((Piece::King, color)) {
                problems.push(PositionError::new(
                    PositionErrorKind::Castling,
                    format!("castling right `{letter}` needs the king on {king_sq}"),
                ));
            } else if self.squares[rook_sq as usize] != Some((Piece::Rook, color)) {
                problems.push(PositionError::new(
                    PositionErrorKind::Castling,
                    format!("castling right `{letter}` needs a rook on {rook_sq}"),
                ));
            }
        }
        problems
    }

    fn en_passant_problem(&self) -> Option<PositionError> {
        let sq = self.en_passant?;
        let mover = !self.side;
        if sq.rank() != Rank::Third.relative_to(mover) {
            return Some(PositionError::new(
                PositionErrorKind::EnPassant,
                format!(
                    "en passant square {sq} is not on the rank a {} double step passes",
                    name(mover)
                ),
            ));
        }
        let pawn_sq = Square::new(sq.file(), Rank::Fourth.relative_to(mover));
        let from_sq = Square::new(sq.file(), Rank::Second.relative_to(mover));
        if self.squares[pawn_sq as usize] != Some((Piece::Pawn, mover))
            || self.squares[sq as usize].is_some()
            || self.squares[from_sq as usize].is_some()
        {
            return Some(PositionError::new(
                PositionErrorKind::EnPassant,
                format!(
                    "en passant square {sq} needs a {} pawn on {pawn_sq} that has just made a \
                     double step (with {sq} and {from_sq} empty)",
                    name(mover)
                ),
            ));
        }
        None
    }
}

/// One error of every problem found (none: `Ok`): the first problem's kind, the messages
/// joined by `; `.
pub(crate) fn refuse(problems: Vec<PositionError>) -> Result<(), PositionError> {
    let Some(first) = problems.first() else {
        return Ok(());
    };
    let messages: Vec<&str> = problems.iter().map(PositionError::message).collect();
    Err(PositionError::new(first.kind(), messages.join("; ")))
}

/// `white` or `black`.
pub(crate) fn name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse_board(text: &str) -> Result<[Option<(Piece, Color)>; 64], PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::new(
            PositionErrorKind::Board,
            format!(
                "the board field needs 8 ranks separated by `/`; found {}",
                ranks.len()
            ),
        ));
    }
    let mut squares = [None; 64];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else {
                let piece = Piece::try_from(c.to_ascii_lowercase()).map_err(|_| {
                    PositionError::syntax(format!(
                        "`{c}` in rank {} is not a piece letter (PNBRQK, pnbrqk) or 1-8",
                        rank + 1
                    ))
                })?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < 8 {
                    squares[rank * 8 + file] = Some((piece, color));
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(PositionError::new(
                PositionErrorKind::Board,
                format!(
                    "rank {} (`{rank_text}`) describes {}, not 8",
                    rank + 1,
                    omnichess_core::counted(file as u64, "square", "squares")
                ),
            ));
        }
    }
    Ok(squares)
}

fn parse_castling(text: &str) -> Result<[bool; 4], PositionError> {
    let mut rights = [false; 4];
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let i = match c {
            'K' => 0,
            'Q' => 1,
            'k' => 2,
            'q' => 3,
            _ => {
                return Err(PositionError::syntax(format!(
                    "castling field `{text}`: `{c}` is not one of K, Q, k, q (or `-` for none)"
                )));
            }
        };
        if rights[i] {
            return Err(PositionError::syntax(format!(
                "castling field `{text}` repeats `{c}`"
            )));
        }
        rights[i] = true;
    }
    Ok(rights)
}

/// The cozy-chess piece of a FEN letter (lower case).
fn fen_piece(letter: char) -> Option<Piece> {
    Some(match letter {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    })
}

/// The FEN letter (lower case) of a piece.
fn piece_char(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'p',
        Piece::Knight => 'n',
        Piece::Bishop => 'b',
        Piece::Rook => 'r',
        Piece::Queen => 'q',
        Piece::King => 'k',
    }
}

/// The cozy-chess colour of a player.
fn colour(player: Player) -> Color {
    if player == Player::White {
        Color::White
    } else {
        Color::Black
    }
}
