//! The position text (the contract): the three boards heavens|Earth|underworld, each
//! as eight FEN ranks (rank 8 first, files `a`/`j`/`s` first), then the side to move, the
//! castling rights, the en passant square, the halfmove clock, the fullmove number and an
//! optional seventh field, the letter of the kind the previous move left on the board (`-`
//! or absent: none). Letters are the seed's; `W` is the pawn, `M` reads as the imp.
//!
//! Text parses into a plain setup, then validates into a position; every problem is one
//! clear [`PositionError`], never a panic.

use omnichess_core::{Player, PositionError, PositionErrorKind};

use super::board::Board;
use super::movegen::attacks_as;
use super::piece::{Kind, Piece};
use super::square::{self, Realm};
use super::state::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, Realms, WHITE_KINGSIDE, WHITE_QUEENSIDE, king_home,
};

/// The default start (docs/rules/realms.md, "The lost setups"): the heavens with silver
/// generals, angels and pegasi behind a row of honorable horses, the FIDE Earth, and the
/// underworld with warmachines, elephants and scholars behind a row of imps.
pub const STANDARD_START: &str = "ssappass/hhhhhhhh/8/8/8/8/HHHHHHHH/SSAPPASS|\
rnbqkbnr/wwwwwwww/8/8/8/8/WWWWWWWW/RNBQKBNR|\
decddced/iiiiiiii/8/8/8/8/IIIIIIII/DECDDCED w KQkq - 0 1";

/// Each castling right: its bit, its player, its rook's place from the king's home, its letter.
const RIGHTS: [(u8, Player, i32, char); 4] = [
    (WHITE_KINGSIDE, Player::White, 3, 'K'),
    (WHITE_QUEENSIDE, Player::White, -4, 'Q'),
    (BLACK_KINGSIDE, Player::Black, 3, 'k'),
    (BLACK_QUEENSIDE, Player::Black, -4, 'q'),
];

/// The realms in the order of the position text.
const TEXT_ORDER: [Realm; 3] = [Realm::Heavens, Realm::Earth, Realm::Underworld];

fn parse_board(text: &str) -> Result<Board, PositionError> {
    let boards: Vec<&str> = text.split('|').collect();
    if boards.len() != 3 {
        return Err(PositionError::new(
            PositionErrorKind::Board,
            format!(
                "the board field has {} part(s); it is three boards heavens|Earth|underworld",
                boards.len()
            ),
        ));
    }
    let mut board = Board::default();
    for (realm, part) in TEXT_ORDER.into_iter().zip(boards) {
        let ranks: Vec<&str> = part.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::new(
                PositionErrorKind::Board,
                format!(
                    "the {} has {} rank(s); it needs 8 separated by `/`",
                    realm.name(),
                    ranks.len()
                ),
            ));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += n as usize;
                } else {
                    let piece = Piece::from_letter(c).ok_or_else(|| {
                        PositionError::syntax(format!(
                            "unknown piece letter `{c}` in the {} (letters: K Q R B N G H S \
                             P A I D C E X F, W for the pawn, M for the imp)",
                            realm.name()
                        ))
                    })?;
                    if file < 8 {
                        board.put(square::square(file, rank, realm), piece);
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
                        "rank {} of the {} has {file} squares; it needs 8",
                        rank + 1,
                        realm.name()
                    ),
                ));
            }
        }
    }
    Ok(board)
}

fn write_board(board: &Board) -> String {
    let mut out = String::new();
    for (i, realm) in TEXT_ORDER.into_iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board.piece(square::square(file, rank, realm)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }
    out
}

impl Realms {
    /// Reads a position text.
    pub fn from_text(text: &str) -> Result<Realms, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(6..=7).contains(&fields.len()) {
            return Err(PositionError::syntax(format!(
                "a Three Realms position has 6 or 7 fields (boards, side, castling, en passant, \
                 halfmoves, fullmoves, last kind); this has {}",
                fields.len()
            )));
        }
        let board = parse_board(fields[0])?;
        let side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            other => {
                return Err(PositionError::syntax(format!(
                    "side to move `{other}` is not `w` or `b`"
                )));
            }
        };
        let castling = parse_castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            s => Some(square::parse(s).ok_or_else(|| {
                PositionError::syntax(format!(
                    "en passant square `{s}` is not a square such as `n3`"
                ))
            })?),
        };
        let halfmoves = fields[4].parse::<u16>().map_err(|_| {
            PositionError::new(
                PositionErrorKind::Counters,
                format!("halfmove clock `{}` is not a number", fields[4]),
            )
        })?;
        let fullmoves = fields[5]
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=100_000).contains(&n))
            .ok_or_else(|| {
                PositionError::new(
                    PositionErrorKind::Counters,
                    format!(
                        "fullmove number `{}` is not a number from 1 to 100000",
                        fields[5]
                    ),
                )
            })?;
        let last = match fields.get(6).copied() {
            None | Some("-") => None,
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Kind::from_letter), chars.next()) {
                    (Some(kind), None) => Some(kind),
                    _ => {
                        return Err(PositionError::syntax(format!(
                            "last-moved kind `{s}` is not one piece letter or `-`"
                        )));
                    }
                }
            }
        };
        let game = Realms {
            board,
            side,
            castling,
            ep,
            halfmoves,
            fullmoves,
            last,
            history: Vec::new(),
        };
        game.validate()?;
        Ok(game)
    }

    /// This position edited by the analysis board's editor: each of `edits` made on its
    /// realm's board (heavens 0, Earth 1, underworld 2, as the view numbers them), `to_move`
    /// to move, the castling rights whose king or rook left home dropped, no en passant, no
    /// kind last moved, the halfmove clock at 0; validated as a position text is.
    pub(super) fn with_edits(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: Player,
    ) -> Result<Realms, PositionError> {
        let mut game = self.clone();
        for edit in edits {
            let (board, at) = (edit.cell.board, edit.cell.square);
            if board > 2 || at >= 64 {
                return Err(PositionError::syntax(format!(
                    "no square {board}:{at} on the three boards"
                )));
            }
            let sq = ((2 - board) * 64 + at) as u8;
            game.board.remove(sq);
            if let Some((player, letter)) = edit.piece {
                let kind = Kind::from_letter(letter).ok_or_else(|| {
                    PositionError::syntax(format!("no Three Realms piece `{letter}`"))
                })?;
                game.board.put(sq, Piece { player, kind });
            }
        }
        game.side = to_move;
        game.ep = None;
        game.last = None;
        game.halfmoves = 0;
        for (right, player, rook_offset, _) in RIGHTS {
            if !game.right_pieces_home(player, rook_offset).0 {
                game.castling &= !right;
            }
        }
        Realms::from_text(&game.text())
    }

    /// Whether the king and the rook a castling right needs stand at home (the rook
    /// `rook_offset` files from the king's home), and those two squares.
    fn right_pieces_home(&self, player: Player, rook_offset: i32) -> (bool, u8, u8) {
        let home = king_home(player);
        let rook = (i32::from(home) + rook_offset) as u8;
        let at = |sq: u8, kind: Kind| self.board.piece(sq) == Some(Piece { player, kind });
        (at(home, Kind::King) && at(rook, Kind::Rook), home, rook)
    }

    /// Checks what a position text cannot say: kings, pawns, angels, rights, en passant.
    fn validate(&self) -> Result<(), PositionError> {
        for player in Player::BOTH {
            let kings = self.board.of(player, Kind::King).len();
            if kings != 1 {
                let kind = if kings == 0 {
                    PositionErrorKind::MissingKing
                } else {
                    PositionErrorKind::TooManyKings
                };
                return Err(PositionError::new(
                    kind,
                    format!("{player} has {kings} kings; Three Realms needs exactly one each"),
                ));
            }
        }
        for (sq, piece) in self.board.pieces() {
            if let Some(why) = unreachable(piece, sq) {
                let kind = if piece.kind == Kind::Pawn {
                    PositionErrorKind::PawnOnBackRank
                } else {
                    PositionErrorKind::Placement
                };
                return Err(PositionError::new(
                    kind,
                    format!(
                        "{} {} on {} {why}",
                        piece.player,
                        piece.kind.name(),
                        square::name(sq)
                    ),
                ));
            }
        }
        for (right, player, rook_offset, name) in RIGHTS {
            if self.castling & right == 0 {
                continue;
            }
            let (home_pieces, home, rook) = self.right_pieces_home(player, rook_offset);
            if !home_pieces {
                return Err(PositionError::new(
                    PositionErrorKind::Castling,
                    format!(
                        "castling right `{name}` needs the king on {} and a rook on {}",
                        square::name(home),
                        square::name(rook)
                    ),
                ));
            }
        }
        if let Some(ep) = self.ep {
            let expected_rank = if self.side == Player::White { 5 } else { 2 };
            let victim = self.ep_victim(ep);
            let pawn = Piece {
                player: self.side.opponent(),
                kind: Kind::Pawn,
            };
            let origin = (2 * ep as i32 - victim as i32) as u8;
            if square::rank(ep) != expected_rank
                || self.board.piece(ep).is_some()
                || self.board.piece(origin).is_some()
                || self.board.piece(victim) != Some(pawn)
            {
                return Err(PositionError::new(
                    PositionErrorKind::EnPassant,
                    format!(
                        "en passant square {} does not follow a double step of the side not to move",
                        square::name(ep)
                    ),
                ));
            }
        }
        if let (Some(last), Some(king)) = (self.last, self.board.king(self.side.opponent())) {
            let occupied = self.board.occupied();
            let fallen = self.board.of(self.side, Kind::Fallen);
            if fallen
                .squares()
                .any(|f| attacks_as(last, self.side, f, king, occupied))
            {
                return Err(PositionError::new(
                    PositionErrorKind::OppositeCheck,
                    format!(
                        "{}'s fallen angel, imitating the {} just moved, attacks {}'s king: that \
                     move was illegal (rule R.3)",
                        self.side,
                        last.name(),
                        self.side.opponent()
                    ),
                ));
            }
        }
        let mut other_side = self.clone();
        other_side.side = self.side.opponent();
        if other_side.in_check() {
            return Err(PositionError::new(
                PositionErrorKind::OppositeCheck,
                format!(
                    "{} is in check but it is {}'s move",
                    other_side.side, self.side
                ),
            ));
        }
        Ok(())
    }

    /// Writes the position text (the seventh field only when a kind is known; upper case
    /// when White made the previous move).
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} {} {} {} {} {}",
            write_board(&self.board),
            if self.side == Player::White { 'w' } else { 'b' },
            castling_text(self.castling),
            self.ep.map_or("-".to_owned(), square::name),
            self.halfmoves,
            self.fullmoves
        );
        if let Some(kind) = self.last {
            out.push(' ');
            out.push(
                Piece {
                    player: self.side.opponent(),
                    kind,
                }
                .letter(),
            );
        }
        out
    }
}

/// Why `piece` can never stand on `sq` in a game (ruling G.6), if it cannot: the kinds that
/// only move forwards (pawn, honorable horse, imp) never stand on their own back rank, nor on
/// the promotion rank; the horse, two ranks a move from its second rank, never on its third,
/// fifth or seventh; the imp never in the heavens; the angel never in the underworld.
fn unreachable(piece: Piece, sq: u8) -> Option<&'static str> {
    let rank = match piece.player {
        Player::White => square::rank(sq),
        Player::Black => 7 - square::rank(sq),
    };
    let forward_only = matches!(piece.kind, Kind::Pawn | Kind::Horse | Kind::Imp);
    match piece.kind {
        _ if forward_only && rank == 7 => {
            Some("stands on the promotion rank; it would have promoted")
        }
        _ if forward_only && rank == 0 => {
            Some("stands on its own back rank, which it cannot reach: it only moves forwards")
        }
        Kind::Horse if rank % 2 == 0 => Some(
            "stands on an odd rank of its own: an honorable horse moves two ranks forwards from \
             its second rank, so it never reaches its third, fifth or seventh",
        ),
        Kind::Imp if square::level(sq) == 2 => {
            Some("stands in the heavens, which an imp can never reach")
        }
        Kind::Angel if square::level(sq) == 0 => {
            Some("stands in the underworld, where an angel falls: write it as X")
        }
        _ => None,
    }
}

fn parse_castling(text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        let bit = match c {
            'K' => WHITE_KINGSIDE,
            'Q' => WHITE_QUEENSIDE,
            'k' => BLACK_KINGSIDE,
            'q' => BLACK_QUEENSIDE,
            _ => {
                return Err(PositionError::syntax(format!(
                    "castling field `{text}` has `{c}`; it is `-` or letters of `KQkq`"
                )));
            }
        };
        if rights & bit != 0 {
            return Err(PositionError::syntax(format!(
                "castling field `{text}` repeats `{c}`"
            )));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn castling_text(rights: u8) -> String {
    let text: String = [
        (WHITE_KINGSIDE, 'K'),
        (WHITE_QUEENSIDE, 'Q'),
        (BLACK_KINGSIDE, 'k'),
        (BLACK_QUEENSIDE, 'q'),
    ]
    .iter()
    .filter(|(bit, _)| rights & bit != 0)
    .map(|&(_, c)| c)
    .collect();
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}
