//! [`Position`]: the pieces of the eight boards with every counter the rules read, and
//! [`Position::make`], which plays a move on it. Plain data (`Copy`): the game keeps one per
//! move for undo, and legality tests play a move on a copy.

use omnichess_core::Player;
use omnichess_core::hashing::splitmix64;

use super::piece::{Kind, MAX_DEL, Piece};
use super::profile::{Compiled, squares_of};
use super::square::{self, DIMENSIONS, SQUARES};

/// What a move does beyond taking its piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// A move or capture, within a board or through a portal (4.2).
    Normal,
    /// A pawn's first double step within its board.
    DoubleStep,
    /// A capture en passant (6.4, within one board).
    EnPassant,
    /// Castling, written as the king's move; the rook stands on the king's target board
    /// (6.3.2: the king may cross to another dimension to castle with its rook).
    Castle,
    /// Before play, a king moved to another board (5.1.3, see `setup.rs`).
    Transfer,
    /// Before play, the end of a player's distribution of kings (`done`).
    Done,
}

/// A move: the piece on `from` ends on `to` (perhaps on another board), promoting when
/// `promotion` is set. Moves with the same origin, target and promotion are one move,
/// whatever portal they pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The origin square.
    pub from: u16,
    /// The target square.
    pub to: u16,
    /// The kind a pawn becomes (6.5).
    pub promotion: Option<Kind>,
    /// Double step, en passant or castling.
    pub special: Special,
}

/// Full turns between dimensional shifts (6.1.1).
pub const SHIFT_EVERY: u8 = 8;
/// The conservation band of the rulebook (6.2.1): a board's flow stays within ±8. A profile
/// may set another (`band=N`, [`super::profile::Profile::band`]).
pub const CONSERVATION_BAND: i16 = 8;
/// Plies at the start of the game free of the conservation law (6.2.3, ruling C.2: its
/// "first 16 moves of the game" are 16 moves, a move being one player's turn, 5.2.2).
pub const CONSERVATION_FREE_PLIES: u64 = 16;

/// Turns an energy square needs to recharge after use (5.3.3).
pub const RECHARGE: u8 = 3;

/// The pieces and counters.
///
/// Size: 2 664 bytes (2 048-byte mailbox, colour and kind sets per board, 64 recharge
/// counters, the flow of each board, the counters and the hash of the pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) squares: [Piece; SQUARES],
    /// `[player][board]`: occupied squares.
    pub(super) occ: [[u64; DIMENSIONS]; 2],
    /// `[kind][board]`: squares holding that kind, either colour.
    pub(super) kinds: [[u64; DIMENSIONS]; 6],
    /// Turns each energy square still needs to recharge (0: charged).
    pub(super) wait: [u8; 64],
    pub(super) side: Player,
    /// The square a pawn skipped with its double step, when an enemy pawn could take there.
    pub(super) ep: Option<u16>,
    pub(super) halfmoves: u16,
    pub(super) fullmoves: u32,
    /// The current entry of the shift table.
    pub(super) phase: u8,
    /// Full turns until the next shift, 1–8 (1: the shift follows this full turn; with Dark to
    /// move, its move: the notice of 6.1.2).
    pub(super) to_shift: u8,
    /// `[board]`: the DEL carried into the board by dimensional moves less the DEL carried
    /// out, since the start (the conservation law, 6.2, ruling C.1).
    pub(super) flow: [i16; DIMENSIONS],
    /// Bit `player`: that player still distributes its kings before play (5.1.3).
    pub(super) setup: u8,
    /// Distributions ended in this game (turns before the first move).
    pub(super) setup_turns: u8,
    /// Bit `player`: that player controlled 5 or more dimensions when its last move ended
    /// and at every move's end since; bit `2 + player`: it so held them a full turn, its
    /// own next move included, and won (7.2.3, ruling D.1).
    pub(super) streak: u8,
    pieces_hash: u64,
}

/// The Zobrist key of `piece` on `sq`.
#[inline]
fn key(sq: u16, piece: Piece) -> u64 {
    splitmix64(u64::from(sq) << 32 | u64::from(piece.0) | 0xD1 << 48)
}

impl Position {
    /// No pieces, Light to move, move 1, phase 0.
    pub(super) fn empty() -> Position {
        Position {
            squares: [Piece(0); SQUARES],
            occ: [[0; DIMENSIONS]; 2],
            kinds: [[0; DIMENSIONS]; 6],
            wait: [0; 64],
            side: Player::White,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            phase: 0,
            to_shift: SHIFT_EVERY,
            flow: [0; DIMENSIONS],
            setup: 0,
            setup_turns: 0,
            streak: 0,
            pieces_hash: 0,
        }
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece(&self, sq: u16) -> Option<Piece> {
        let p = self.squares[sq as usize];
        (p.0 != 0).then_some(p)
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(super) fn put(&mut self, sq: u16, piece: Piece) {
        debug_assert!(
            self.squares[sq as usize].0 == 0,
            "put on an occupied square"
        );
        let (d, bit) = (square::dim(sq), 1u64 << square::local(sq));
        self.squares[sq as usize] = piece;
        self.occ[piece.player() as usize][d] |= bit;
        self.kinds[piece.kind() as usize][d] |= bit;
        self.pieces_hash ^= key(sq, piece);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub(super) fn remove(&mut self, sq: u16) -> Option<Piece> {
        let piece = self.piece(sq)?;
        let (d, bit) = (square::dim(sq), !(1u64 << square::local(sq)));
        self.squares[sq as usize] = Piece(0);
        self.occ[piece.player() as usize][d] &= bit;
        self.kinds[piece.kind() as usize][d] &= bit;
        self.pieces_hash ^= key(sq, piece);
        Some(piece)
    }

    /// Both colours' pieces on board `d`.
    #[inline]
    pub(super) fn occupied(&self, d: usize) -> u64 {
        self.occ[0][d] | self.occ[1][d]
    }

    /// `player`'s pieces of `kind` on board `d`.
    #[inline]
    pub(super) fn of(&self, player: Player, kind: Kind, d: usize) -> u64 {
        self.occ[player as usize][d] & self.kinds[kind as usize][d]
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (u16, Piece)> + '_ {
        (0..SQUARES as u16).filter_map(|sq| self.piece(sq).map(|p| (sq, p)))
    }

    /// The player to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// The current entry of the shift table (an index into [`Compiled::phases`]).
    #[must_use]
    pub fn phase(&self) -> usize {
        self.phase as usize
    }

    /// The en passant square, if a pawn just double-stepped past an enemy pawn.
    #[must_use]
    pub fn en_passant(&self) -> Option<u16> {
        self.ep
    }

    /// Full turns until the next dimensional shift (1: it follows this full turn).
    #[must_use]
    pub fn turns_to_shift(&self) -> u8 {
        self.to_shift
    }

    /// Whether the dimensional shift follows the move to be played now: Dark's move that ends
    /// the eighth full turn (6.1.1). This is when the notice of 6.1.2 is given: one turn
    /// before the shift, a turn being one player's move (5.2.2).
    #[must_use]
    pub fn shift_follows_this_move(&self) -> bool {
        self.side == Player::Black && self.to_shift == 1
    }

    /// The DEL each board gained less lost by dimensional moves (6.2).
    #[must_use]
    pub fn flow(&self) -> [i16; DIMENSIONS] {
        self.flow
    }

    /// `player`'s kings, as squares.
    pub fn kings(&self, player: Player) -> impl Iterator<Item = u16> + '_ {
        (0..DIMENSIONS).flat_map(move |d| {
            squares_of(self.of(player, Kind::King, d)).map(move |l| square::at(d, l))
        })
    }

    /// The dimensions `player` controls: it has the only king there (7.2.2).
    #[must_use]
    pub fn controlled(&self, player: Player) -> u32 {
        (0..DIMENSIONS)
            .filter(|&d| {
                self.of(player, Kind::King, d) != 0
                    && self.of(player.opponent(), Kind::King, d) == 0
            })
            .count() as u32
    }

    /// Half-moves played before this position: the clock of the energy squares.
    #[must_use]
    pub fn ply(&self) -> u64 {
        2 * u64::from(self.fullmoves.saturating_sub(1)) + u64::from(self.side == Player::Black)
    }

    /// The hash of everything that decides the future: pieces (with DEL and flags), side,
    /// en passant, shift phase and count-down, recharge counters, flows, dominance streaks.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = self.pieces_hash
            ^ splitmix64(
                u64::from(self.side == Player::Black)
                    | u64::from(self.ep.map_or(0, |s| s + 1)) << 1
                    | u64::from(self.phase) << 12
                    | u64::from(self.to_shift) << 20
                    | u64::from(self.streak) << 28
                    | u64::from(self.setup) << 32
                    | 0xD2 << 40,
            );
        for (d, &f) in self.flow.iter().enumerate() {
            if f != 0 {
                h ^= splitmix64((d as u64) << 20 | u64::from(f as u16) | 0xD4 << 40);
            }
        }
        for (i, &w) in self.wait.iter().enumerate() {
            if w != 0 {
                h ^= splitmix64((i as u64) << 8 | u64::from(w) | 0xD3 << 40);
            }
        }
        h
    }

    /// The key of "the same position" for threefold repetition (7.4.3, ruling R.1): what
    /// [`Position::hash`] covers, except the shift count-down and the move number, which
    /// count only where they change what is legal: `layout` stands for the portal layout
    /// (the first phase of the shift table with the same portals), and the key tells
    /// whether Dark's move now triggers a shift (a move is then judged after it, 6.1.2)
    /// and whether the conservation law applies yet (6.2.3).
    #[must_use]
    pub(super) fn repetition_key(&self, layout: u8) -> u64 {
        let mut same = *self;
        same.phase = layout;
        same.to_shift = u8::from(self.shift_follows_this_move());
        let law = u64::from(self.ply() >= CONSERVATION_FREE_PLIES);
        same.hash() ^ splitmix64(law | 0xD5 << 40)
    }

    /// Plays `mv` (one of the generated moves): capture and its +1 DEL (4.3.4, 5.4.3), the
    /// energy square's +1 DEL (5.3.2–5.3.4), promotion keeping the DEL (6.5.3), castling,
    /// counters, and the dimensional shift after every eighth full turn (6.1). Kings left in
    /// check are the caller's business. Returns the square the moved piece stands on at the
    /// end: `mv.to`, or where the shift put it (6.1.3).
    pub(super) fn make(&mut self, mv: Move, compiled: &Compiled) -> u16 {
        if matches!(mv.special, Special::Transfer | Special::Done) {
            self.make_setup(mv);
            return mv.to;
        }
        let us = self.side;
        let moved = self
            .remove(mv.from)
            .unwrap_or_else(|| unreachable!("make: no piece on the origin"));
        let victim = if mv.special == Special::EnPassant {
            match us {
                Player::White => mv.to - 8,
                Player::Black => mv.to + 8,
            }
        } else {
            mv.to
        };
        let captured = self.remove(victim);
        let (a, b) = (square::dim(mv.from), square::dim(mv.to));
        if a != b {
            self.flow[a] -= i16::from(moved.del());
            self.flow[b] += i16::from(moved.del());
        }
        for w in &mut self.wait {
            *w = w.saturating_sub(1);
        }
        let mut piece = moved.with_unmoved(false);
        if let Some(kind) = mv.promotion {
            piece = piece.with_kind(kind);
        }
        // 6.5.4 (ruling Q.1): reaching a board's last rank uses that board's promotion,
        // whether the former pawn changes its type or keeps it.
        if piece.kind() != Kind::Pawn
            && (moved.kind() == Kind::Pawn || moved.promoted())
            && square::rank(square::local(mv.to)) == last_rank(us)
        {
            piece = piece.with_promoted_on(b);
        }
        if captured.is_some() {
            piece = piece.with_del(piece.del() + 1);
        }
        // 5.3.2-5.3.4 (ruling E.3): a piece already at DEL 8 draws nothing, so it leaves the
        // square charged and remembers no draw, as one refused by 5.3.4 does.
        let e = compiled.energy_index[b][square::local(mv.to) as usize];
        if e != 255
            && self.wait[e as usize] == 0
            && piece.last_energy() != Some(e)
            && piece.del() < MAX_DEL
        {
            piece = piece
                .with_del((piece.del() + 1).min(MAX_DEL))
                .with_last_energy(Some(e));
            self.wait[e as usize] = RECHARGE;
        }
        self.put(mv.to, piece);
        if mv.special == Special::Castle {
            let (rook_from, rook_to) = castle_rook(mv.to);
            if let Some(rook) = self.remove(rook_from) {
                self.put(rook_to, rook.with_unmoved(false));
            }
        }
        self.ep = match mv.special {
            Special::DoubleStep => self.ep_after_double_step(mv),
            _ => None,
        };
        self.halfmoves = if captured.is_some() || moved.kind() == Kind::Pawn {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        let mut landed = mv.to;
        if us == Player::Black {
            self.fullmoves += 1;
            self.to_shift -= 1;
            if self.to_shift == 0 {
                landed = self.shift(compiled, landed);
            }
        }
        self.side = us.opponent();
        landed
    }

    /// 6.1: the portals take the next entry of the shift table; a piece on a new portal
    /// square goes to the nearest unoccupied non-portal square of its board (6.1.3;
    /// tie-break: king distance, then file-and-rank distance, then towards its owner's back
    /// rank, then towards file a). Pieces are moved in square order. Returns where the piece
    /// on `follow` now stands.
    fn shift(&mut self, compiled: &Compiled, mut follow: u16) -> u16 {
        self.to_shift = SHIFT_EVERY;
        self.phase = ((self.phase as usize + 1) % compiled.phases.len()) as u8;
        let portals = compiled.phases[self.phase as usize].portals;
        for (d, &board_portals) in portals.iter().enumerate() {
            for l in squares_of(self.occupied(d) & board_portals) {
                let from = square::at(d, l);
                let Some(piece) = self.piece(from) else {
                    continue;
                };
                let free = !(self.occupied(d) | board_portals);
                if let Some(to) = nearest(l, free, piece) {
                    self.remove(from);
                    self.put(square::at(d, to), piece);
                    if from == follow {
                        follow = square::at(d, to);
                    }
                }
            }
        }
        // En passant survives a shift only as it was: the square still empty, the pawn
        // that double-stepped still behind it (ruling S.3).
        if let Some(ep) = self.ep {
            let pawn = match self.side {
                Player::White => ep - 8,
                Player::Black => ep + 8,
            };
            let behind = self
                .piece(pawn)
                .is_some_and(|p| p.kind() == Kind::Pawn && p.player() == self.side);
            if self.piece(ep).is_some() || !behind {
                self.ep = None;
            }
        }
        follow
    }

    /// 6.2.2 (ruling C.1): whether `mv` breaks the conservation law — from the game's 17th
    /// move on (Light's 9th, ruling C.2), a dimensional move may not take a board's flow outside ±`band` (6.2.1: ±8), or
    /// further outside.
    #[inline]
    #[must_use]
    pub(super) fn breaks_conservation(&self, mv: Move, band: i16) -> bool {
        self.conservation_breach(mv, band).is_some()
    }

    /// The board whose flow `mv` would take outside ±`band` (or further outside), with that
    /// flow before and after: why the conservation law refuses it (6.2.2); `None` when the
    /// law allows it.
    #[inline]
    #[must_use]
    pub(super) fn conservation_breach(&self, mv: Move, band: i16) -> Option<(usize, i16, i16)> {
        let (a, b) = (square::dim(mv.from), square::dim(mv.to));
        if a == b || self.ply() < CONSERVATION_FREE_PLIES {
            return None;
        }
        let del = self.squares[mv.from as usize].del() as i16;
        let worse = |before: i16, after: i16| after.abs() > band && after.abs() > before.abs();
        [
            (a, self.flow[a], self.flow[a] - del),
            (b, self.flow[b], self.flow[b] + del),
        ]
        .into_iter()
        .find(|&(_, before, after)| worse(before, after))
    }

    fn ep_after_double_step(&self, mv: Move) -> Option<u16> {
        let skipped = (mv.from + mv.to) / 2;
        let them = self.side.opponent();
        let d = square::dim(mv.to);
        let takers = super::tables::TABLES.pawn_takes(self.side, square::local(skipped));
        (takers & self.of(them, Kind::Pawn, d) != 0).then_some(skipped)
    }
}

/// The rank (0-based) where `player`'s pawns promote (6.5.1).
pub(super) const fn last_rank(player: Player) -> u8 {
    match player {
        Player::White => 7,
        Player::Black => 0,
    }
}

/// The rook's squares (from, to) when a king castles onto `king_to` (g- or c-file of the
/// king's target board).
pub(super) const fn castle_rook(king_to: u16) -> (u16, u16) {
    let home = king_to & !7 | 4;
    if king_to > home {
        (home + 3, home + 1)
    } else {
        (home - 4, home - 1)
    }
}

/// The squares of ranks 1 and 8 of a board, where no pawn may stand.
const FIRST_AND_LAST_RANKS: u64 = 0xFF00_0000_0000_00FF;

/// The nearest square of `free` to `from` where `piece` may stand (a pawn: not on a first or
/// last rank), by ruling 6.1.3's order (docs/rules/dmchess.md, S.2).
fn nearest(from: u8, free: u64, piece: Piece) -> Option<u8> {
    let owner = piece.player();
    // A pawn never goes to a first or last rank.
    let free = if piece.kind() == Kind::Pawn {
        free & !FIRST_AND_LAST_RANKS
    } else {
        free
    };
    let (f, r) = (i32::from(square::file(from)), i32::from(square::rank(from)));
    squares_of(free).min_by_key(|&s| {
        let (sf, sr) = (i32::from(square::file(s)), i32::from(square::rank(s)));
        let (df, dr) = ((sf - f).abs(), (sr - r).abs());
        let home = match owner {
            Player::White => sr,
            Player::Black => 7 - sr,
        };
        (df.max(dr), df + dr, home, sf)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_as_documented() {
        // docs/PERFORMANCE.md, "State sizes": keep the 256 pieces compact.
        assert_eq!(size_of::<Position>(), 2_664);
        assert_eq!(size_of::<Move>(), 6);
        assert_eq!(size_of::<Piece>(), 4);
        assert_eq!(size_of::<super::super::DmChess>(), 2_696);
    }

    #[test]
    fn nearest_square_tie_breaks_6_1_3() {
        // From e4 with d4, f4, e3, e5 all free: king distance 1 everywhere; file-and-rank
        // distance 1 for the four orthogonal neighbours; Light prefers the lower rank: e3.
        let e4 = 28;
        let free = 1u64 << 27 | 1 << 29 | 1 << 20 | 1 << 36;
        let (light, dark) = (knight(Player::White), knight(Player::Black));
        assert_eq!(nearest(e4, free, light), Some(20));
        assert_eq!(nearest(e4, free, dark), Some(36));
        // Only d4 and f4: same rank, towards file a.
        assert_eq!(nearest(e4, 1 << 27 | 1 << 29, light), Some(27));
        assert_eq!(nearest(e4, 0, light), None);
    }

    fn knight(player: Player) -> Piece {
        Piece::new(player, Kind::Knight, 2)
    }

    #[test]
    fn a_shift_never_moves_a_pawn_to_a_first_or_last_rank() {
        // From d7 with d8 (king distance 1) and d5 (2) free: a knight goes to d8, a pawn of
        // either side to d5; with only rank-8 and rank-1 squares free a pawn stays.
        let (d7, d8, d5, a1) = (51, 59, 35, 0);
        let free = 1u64 << d8 | 1 << d5;
        assert_eq!(nearest(d7, free, knight(Player::Black)), Some(d8));
        for player in Player::BOTH {
            let pawn = Piece::new(player, Kind::Pawn, 1);
            assert_eq!(nearest(d7, free, pawn), Some(d5), "{player:?}");
            assert_eq!(nearest(d7, 1 << d8 | 1 << a1, pawn), None, "{player:?}");
        }
    }
}
