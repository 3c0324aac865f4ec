//! Die Chess's own board over cozy-chess's attack tables. cozy-chess's `Board` cannot hold a
//! position where the side not to move is in check, and Die Chess has them: a player in check
//! who rolls a piece that cannot help forfeits the turn and stays in check (§4), and the
//! opponent may then take the king. Legality is checked by playing the move on a copy (the
//! board is 72 bytes) and asking whether the mover's king is attacked; only where it can
//! matter: a side not in check need not test a move of a piece that no enemy slider pins to
//! its king (the king's own moves and en passant are always tested).

use cozy_chess::{
    BitBoard, Color, File, Move, Piece, Rank, Square, get_between_rays, get_bishop_moves,
    get_bishop_rays, get_king_moves, get_knight_moves, get_pawn_attacks, get_pawn_quiets,
    get_rook_moves, get_rook_rays,
};

use omnichess_core::hashing::splitmix64;

use crate::common::fen::Setup;

/// Pieces, side to move, castling rights and en passant target. Size: 72 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceBoard {
    pieces: [BitBoard; 6],
    colors: [BitBoard; 2],
    side: Color,
    /// White short, white long, black short, black long.
    castling: [bool; 4],
    en_passant: Option<Square>,
}

impl DiceBoard {
    /// The board of a FEN setup (already checked for kings, pawns, rights and en passant).
    #[must_use]
    pub fn from_setup(setup: &Setup) -> DiceBoard {
        let mut b = DiceBoard {
            pieces: [BitBoard::EMPTY; 6],
            colors: [BitBoard::EMPTY; 2],
            side: setup.side,
            castling: setup.castling,
            en_passant: setup.en_passant,
        };
        for (i, sq) in setup.squares.iter().enumerate() {
            if let Some((piece, color)) = sq {
                let bit = Square::index(i).bitboard();
                b.pieces[*piece as usize] |= bit;
                b.colors[*color as usize] |= bit;
            }
        }
        b
    }

    /// The side to move.
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Castling rights: white short, white long, black short, black long.
    #[must_use]
    pub fn castling(&self) -> [bool; 4] {
        self.castling
    }

    /// The en passant target square.
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Squares of `piece` of `color`.
    #[must_use]
    pub fn colored(&self, color: Color, piece: Piece) -> BitBoard {
        self.pieces[piece as usize] & self.colors[color as usize]
    }

    /// Squares of `piece` of either colour.
    #[must_use]
    pub fn pieces(&self, piece: Piece) -> BitBoard {
        self.pieces[piece as usize]
    }

    /// Occupied squares.
    #[must_use]
    pub fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|&p| self.pieces[p as usize].has(sq))
    }

    /// The colour of the piece on a square.
    #[must_use]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.colors[c as usize].has(sq))
    }

    /// The king of `color`, if it is still on the board.
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.colored(color, Piece::King).next_square()
    }

    /// Pieces of `by` that attack `sq`.
    #[must_use]
    pub fn attackers(&self, sq: Square, by: Color) -> BitBoard {
        let occ = self.occupied();
        let theirs = self.colors[by as usize];
        let rooks = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        let bishops = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        theirs
            & ((get_knight_moves(sq) & self.pieces(Piece::Knight))
                | (get_king_moves(sq) & self.pieces(Piece::King))
                | (get_pawn_attacks(sq, !by) & self.pieces(Piece::Pawn))
                | (get_rook_moves(sq, occ) & rooks)
                | (get_bishop_moves(sq, occ) & bishops))
    }

    /// Whether `color`'s king is attacked.
    #[must_use]
    pub fn in_check(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|k| !self.attackers(k, !color).is_empty())
    }

    /// Calls `each` with every pseudo-legal move of the side to move's pieces of type `piece`
    /// (castling included for the king). A pawn move to the last rank has no promotion piece:
    /// the die picks it (§3).
    pub fn pseudo_moves(&self, piece: Piece, mut each: impl FnMut(Move)) {
        self.pseudo_moves_until(piece, |mv| {
            each(mv);
            false
        });
    }

    /// [`DiceBoard::pseudo_moves`] until `stop` answers `true` for a move; whether it did.
    pub fn pseudo_moves_until(&self, piece: Piece, mut stop: impl FnMut(Move) -> bool) -> bool {
        let us = self.side;
        let ours = self.colors[us as usize];
        let occ = self.occupied();
        let theirs = self.colors[!us as usize];
        for from in self.colored(us, piece) {
            let targets = match piece {
                Piece::Pawn => {
                    let mut t =
                        get_pawn_quiets(from, us, occ) | (get_pawn_attacks(from, us) & theirs);
                    if let Some(ep) = self.en_passant {
                        t |= get_pawn_attacks(from, us) & ep.bitboard();
                    }
                    t
                }
                Piece::Knight => get_knight_moves(from) & !ours,
                Piece::Bishop => get_bishop_moves(from, occ) & !ours,
                Piece::Rook => get_rook_moves(from, occ) & !ours,
                Piece::Queen => (get_bishop_moves(from, occ) | get_rook_moves(from, occ)) & !ours,
                Piece::King => get_king_moves(from) & !ours,
            };
            for to in targets {
                let mv = Move {
                    from,
                    to,
                    promotion: None,
                };
                if stop(mv) {
                    return true;
                }
            }
        }
        piece == Piece::King && self.castling_moves_until(&mut stop)
    }

    /// The castling moves open to the side to move, to `stop` as in
    /// [`DiceBoard::pseudo_moves_until`].
    fn castling_moves_until(&self, stop: &mut impl FnMut(Move) -> bool) -> bool {
        let us = self.side;
        let rank = Rank::First.relative_to(us);
        let king = Square::new(File::E, rank);
        if self.king(us) != Some(king) || self.in_check(us) {
            return false;
        }
        let base = if us == Color::White { 0 } else { 2 };
        for (long, empty, safe, to) in [
            (
                false,
                [File::F, File::G].as_slice(),
                [File::F, File::G],
                File::G,
            ),
            (
                true,
                [File::B, File::C, File::D].as_slice(),
                [File::D, File::C],
                File::C,
            ),
        ] {
            if !self.castling[base + usize::from(long)] {
                continue;
            }
            let clear = empty
                .iter()
                .all(|&f| !self.occupied().has(Square::new(f, rank)));
            let unattacked = safe
                .iter()
                .all(|&f| self.attackers(Square::new(f, rank), !us).is_empty());
            if clear
                && unattacked
                && stop(Move {
                    from: king,
                    to: Square::new(to, rank),
                    promotion: None,
                })
            {
                return true;
            }
        }
        false
    }

    /// Whether `mv` is a castling move (the king's two-square step).
    #[must_use]
    pub fn is_castle(&self, mv: Move) -> bool {
        self.pieces(Piece::King).has(mv.from)
            && (mv.from.file() as i8 - mv.to.file() as i8).abs() == 2
    }

    /// The square of the piece `mv` captures, if any (en passant included).
    #[must_use]
    pub fn captured_square(&self, mv: Move) -> Option<Square> {
        if self.colors[!self.side as usize].has(mv.to) {
            Some(mv.to)
        } else if self.pieces(Piece::Pawn).has(mv.from) && Some(mv.to) == self.en_passant {
            Some(Square::new(mv.to.file(), mv.from.rank()))
        } else {
            None
        }
    }

    /// Plays `mv` for the side to move and passes the move. Returns the captured piece.
    pub fn play(&mut self, mv: Move) -> Option<Piece> {
        let us = self.side;
        let piece = self.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let captured = self.captured_square(mv).map(|sq| {
            let victim = self.piece_on(sq).unwrap_or(Piece::Pawn);
            self.pieces[victim as usize] ^= sq.bitboard();
            self.colors[!us as usize] ^= sq.bitboard();
            (victim, sq)
        });
        if self.is_castle(mv) {
            let rank = mv.from.rank();
            let (rook_from, rook_to) = if mv.to.file() == File::G {
                (File::H, File::F)
            } else {
                (File::A, File::D)
            };
            self.lift_and_drop(
                Piece::Rook,
                us,
                Square::new(rook_from, rank),
                Square::new(rook_to, rank),
            );
        }
        self.lift_and_drop(piece, us, mv.from, mv.to);
        if let Some(promoted) = mv.promotion {
            self.pieces[Piece::Pawn as usize] ^= mv.to.bitboard();
            self.pieces[promoted as usize] ^= mv.to.bitboard();
        }
        let double_step =
            piece == Piece::Pawn && (mv.from.rank() as i8 - mv.to.rank() as i8).abs() == 2;
        self.en_passant =
            double_step.then(|| Square::new(mv.from.file(), Rank::Third.relative_to(us)));
        for (i, sq) in [Square::H1, Square::A1, Square::H8, Square::A8]
            .into_iter()
            .enumerate()
        {
            if mv.from == sq || mv.to == sq || captured.is_some_and(|(_, c)| c == sq) {
                self.castling[i] = false;
            }
        }
        let king_moved = (piece == Piece::King).then_some(us);
        let king_taken = captured.and_then(|(v, _)| (v == Piece::King).then_some(!us));
        for color in [king_moved, king_taken].into_iter().flatten() {
            let base = if color == Color::White { 0 } else { 2 };
            self.castling[base] = false;
            self.castling[base + 1] = false;
        }
        self.side = !us;
        captured.map(|(victim, _)| victim)
    }

    /// Passes the move without moving (a forfeited turn): the en passant chance is gone.
    pub fn pass(&mut self) {
        self.side = !self.side;
        self.en_passant = None;
    }

    fn lift_and_drop(&mut self, piece: Piece, color: Color, from: Square, to: Square) {
        let bits = from.bitboard() | to.bitboard();
        self.pieces[piece as usize] ^= bits;
        self.colors[color as usize] ^= bits;
    }

    /// Whether `mv` (pseudo-legal) leaves the mover's own king safe.
    #[must_use]
    pub fn keeps_king_safe(&self, mv: Move) -> bool {
        let us = self.side;
        let mut after = *self;
        let mut mv = mv;
        if mv.promotion.is_none()
            && self.pieces(Piece::Pawn).has(mv.from)
            && matches!(mv.to.rank(), Rank::First | Rank::Eighth)
        {
            mv.promotion = Some(Piece::Queen); // any piece: only the king's safety is asked
        }
        after.play(mv);
        !after.in_check(us)
    }

    /// The side to move's pieces that stand alone between their king and an enemy rook,
    /// bishop or queen on its line: the only pieces besides the king whose moves may expose
    /// the king when it is not in check.
    fn pinned(&self) -> BitBoard {
        let us = self.side;
        let Some(king) = self.king(us) else {
            return BitBoard::EMPTY;
        };
        let theirs = self.colors[!us as usize];
        let queens = self.pieces(Piece::Queen);
        let sliders = theirs
            & (((self.pieces(Piece::Rook) | queens) & get_rook_rays(king))
                | ((self.pieces(Piece::Bishop) | queens) & get_bishop_rays(king)));
        let occ = self.occupied();
        let mut pinned = BitBoard::EMPTY;
        for slider in sliders {
            let between = get_between_rays(king, slider) & occ;
            if between.len() == 1 {
                pinned |= between;
            }
        }
        pinned & self.colors[us as usize]
    }

    /// Calls `each` with every legal move of the side to move's pieces of type `piece` (as
    /// [`DiceBoard::pseudo_moves`], those that leave the king attacked left out).
    pub fn legal_moves(&self, piece: Piece, mut each: impl FnMut(Move)) {
        let untested = self.untested(piece);
        self.pseudo_moves(piece, |mv| {
            if self.is_legal(mv, untested) {
                each(mv);
            }
        });
    }

    /// Whether the side to move has a legal move with a piece of type `piece`.
    #[must_use]
    pub fn has_legal(&self, piece: Piece) -> bool {
        let untested = self.untested(piece);
        self.pseudo_moves_until(piece, |mv| self.is_legal(mv, untested))
    }

    /// The squares from which a pseudo-legal move of a `piece` of the side to move is legal
    /// without a test: none for the king or a side in check, else all but the pinned pieces'.
    fn untested(&self, piece: Piece) -> BitBoard {
        if piece == Piece::King || self.in_check(self.side) {
            BitBoard::EMPTY
        } else {
            !self.pinned()
        }
    }

    /// Whether the pseudo-legal `mv` is legal, `untested` being [`DiceBoard::untested`]'s
    /// squares for its piece (an en passant capture is tested: it empties two squares).
    fn is_legal(&self, mv: Move, untested: BitBoard) -> bool {
        let en_passant = Some(mv.to) == self.en_passant && self.pieces(Piece::Pawn).has(mv.from);
        (untested.has(mv.from) && !en_passant) || self.keeps_king_safe(mv)
    }

    /// A hash of the position (pieces, side, rights, en passant): the side, rights and en
    /// passant square in one word, the eight piece sets folded into it by multiplication (each
    /// step a bijection of the set folded in), then splitmix64's finaliser. A third of the work
    /// of a value mixed per piece.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let castling = self
            .castling
            .iter()
            .enumerate()
            .fold(0, |bits, (i, &right)| bits | u64::from(right) << i);
        let en_passant = self.en_passant.map_or(64, |sq| sq as u64);
        let mut h = self.side as u64 | castling << 1 | en_passant << 5;
        for bits in self.pieces.iter().chain(&self.colors) {
            h = (h ^ bits.0)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29);
        }
        splitmix64(h)
    }
}
