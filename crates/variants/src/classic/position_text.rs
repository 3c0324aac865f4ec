//! Classic chess from a FEN [`Setup`]: validated (kings, pawns, castling, en passant, check)
//! into a [`Classic`], and written back as FEN. Parsing never panics and never builds an
//! invalid state; every error names what is wrong.

use cozy_chess::{
    Board, BoardBuilder, BoardBuilderError, CastleRights, Color, File, Piece, Square,
    get_king_moves,
};
use omnichess_core::{PositionError, PositionErrorKind};

use super::Classic;
use crate::common::fen::{Setup, name, refuse};

impl Setup {
    /// Checks the setup against the rules and builds the game state.
    pub fn validate(&self) -> Result<Classic, PositionError> {
        refuse(self.problems())?;
        let board = self.build()?;
        Ok(Classic {
            board,
            halfmoves: self.halfmoves,
            earlier: Vec::new(),
        })
    }

    fn build(&self) -> Result<Board, PositionError> {
        let cannot_be_on_turn = |kind| {
            PositionError::new(
                kind,
                format!(
                    "{} cannot be on turn: the other side's king is in check, or the checks on \
                     its own king are impossible",
                    name(self.side)
                ),
            )
        };
        // cozy-chess counts no king among the checkers, so kings side by side (each in check
        // from the other) pass its test; the side to move could take the king.
        let kings: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| matches!(self.squares[sq as usize], Some((Piece::King, _))))
            .collect();
        if let [a, b] = kings[..]
            && get_king_moves(a).has(b)
        {
            return Err(cannot_be_on_turn(PositionErrorKind::OppositeCheck));
        }
        let mut builder = BoardBuilder::empty();
        builder.board = self.squares;
        builder.side_to_move = self.side;
        for color in Color::ALL {
            let base = if color == Color::White { 0 } else { 2 };
            builder.castle_rights[color as usize] = CastleRights {
                short: self.castling[base].then_some(File::H),
                long: self.castling[base + 1].then_some(File::A),
            };
        }
        builder.en_passant = self.en_passant;
        builder.halfmove_clock = self.halfmoves.min(100) as u8;
        builder.fullmove_number = self.fullmoves;
        builder.build().map_err(|e| match self.refusal_kind(e) {
            PositionErrorKind::Unsupported => PositionError::new(
                PositionErrorKind::Unsupported,
                "a side has more than 16 pieces or more than 8 pawns, which a board of this \
                 engine does not hold",
            ),
            kind => cannot_be_on_turn(kind),
        })
    }

    /// Why cozy-chess refuses a setup that passed [`Setup::problems`]: checks that the en
    /// passant double step cannot have given, more pieces of a side than its board holds (16,
    /// of which 8 pawns), else the side not to move in check.
    fn refusal_kind(&self, error: BoardBuilderError) -> PositionErrorKind {
        let crowded = Color::ALL.into_iter().any(|color| {
            let of = |piece: Option<Piece>| {
                self.squares
                    .iter()
                    .flatten()
                    .filter(|&&(p, c)| c == color && piece.is_none_or(|k| k == p))
                    .count()
            };
            of(None) > 16 || of(Some(Piece::Pawn)) > 8
        });
        match error {
            BoardBuilderError::InvalidEnPassant => PositionErrorKind::ImpossibleCheck,
            _ if crowded => PositionErrorKind::Unsupported,
            _ => PositionErrorKind::OppositeCheck,
        }
    }
}

impl Classic {
    /// Reads a FEN (4 to 6 fields).
    pub fn from_fen(fen: &str) -> Result<Classic, PositionError> {
        Setup::parse(fen)?.validate()
    }

    /// Writes the position as FEN, with the full halfmove clock. The en passant square is
    /// written after every double step, as the FEN standard has it.
    #[must_use]
    pub fn fen(&self) -> String {
        let cozy = self.board.to_string();
        let mut fields: Vec<&str> = cozy.split(' ').collect();
        let clock = self.halfmoves.to_string();
        if let Some(slot) = fields.get_mut(4) {
            *slot = &clock;
        }
        fields.join(" ")
    }
}
