//! Moves by the rules of movement: within a board (4.1), through a portal (4.2), castling
//! within and across dimensions (6.3), en passant within a board (6.4), promotion (6.5);
//! and the attack test that check (7.1) and castling read.
//!
//! A dimensional move is a normal move of the piece onto a portal square of its board (a
//! quiet move: portal squares are always empty), the transit to the same square of the
//! board the portal leads to (DEL ≥ the distance, 4.2.2), then a normal move of the same
//! piece from there, which may capture (5.4.4) and may not end on a portal (4.2.4). The
//! targets of every portal are gathered per board in one square set, so a target reached
//! through two portals is one move.

use omnichess_core::Player;

use super::piece::{Kind, Piece};
use super::position::{Move, Position, Special, last_rank};
use super::profile::{Compiled, Phase, squares_of};
use super::square::{self, DIMENSIONS};
use super::tables::{TABLES, Tables};

/// The rank (0-based) a pawn of `player` starts on, and its step.
const fn pawn_rules(player: Player) -> (u8, i8) {
    match player {
        Player::White => (1, 8),
        Player::Black => (6, -8),
    }
}

/// Where a pawn of `player` on `l` steps to, when that square is on the board.
#[inline]
fn forward(player: Player, l: u8) -> Option<u8> {
    let to = i16::from(l) + i16::from(pawn_rules(player).1);
    (0..64).contains(&to).then_some(to as u8)
}

impl Position {
    /// The squares a piece of `kind` and colour `player` on `l` moves to by its normal
    /// movement on a board with `occupied` and enemy pieces `enemy` (captures included,
    /// own pieces excluded by the caller; pawns: pushes on empty squares and captures).
    #[inline]
    fn reach(t: &Tables, kind: Kind, player: Player, l: u8, occupied: u64, enemy: u64) -> u64 {
        match kind {
            Kind::Knight => t.knight(l),
            Kind::Bishop => t.bishop(l, occupied),
            Kind::Rook => t.rook(l, occupied),
            Kind::Queen => t.rook(l, occupied) | t.bishop(l, occupied),
            Kind::King => t.king(l),
            Kind::Pawn => {
                let push = forward(player, l).map_or(0, |s| (1u64 << s) & !occupied);
                push | (t.pawn_takes(player, l) & enemy)
            }
        }
    }

    /// The portal squares a piece reaches by a quiet first leg: its quiet moves onto portal
    /// squares (a pawn's single step, or its double step from its starting rank over an
    /// empty square).
    #[inline]
    fn portal_entries(t: &Tables, piece: Piece, l: u8, occupied: u64, portals: u64) -> u64 {
        let player = piece.player();
        match piece.kind() {
            Kind::Pawn => {
                let Some(one) = forward(player, l).filter(|&s| occupied >> s & 1 == 0) else {
                    return 0;
                };
                let mut out = 1u64 << one;
                if square::rank(l) == pawn_rules(player).0
                    && let Some(two) = forward(player, one)
                    && occupied >> two & 1 == 0
                {
                    out |= 1 << two;
                }
                out & portals
            }
            kind => Position::reach(t, kind, player, l, occupied, 0) & portals & !occupied,
        }
    }

    /// Calls `f` with every move by the rules of movement of the side to move, before the
    /// test for kings left in check; stops when `f` returns `true` and returns whether it
    /// did.
    pub(super) fn for_each_pseudo(
        &self,
        compiled: &Compiled,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let t = &*TABLES;
        let us = self.side;
        for d in 0..DIMENSIONS {
            for l in squares_of(self.occ[us as usize][d]) {
                let from = square::at(d, l);
                let piece = self.squares[from as usize];
                if self.piece_moves(t, compiled, from, piece, f) {
                    return true;
                }
            }
        }
        false
    }

    fn piece_moves(
        &self,
        t: &Tables,
        compiled: &Compiled,
        from: u16,
        piece: Piece,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let phase = &compiled.phases[self.phase as usize];
        let us = piece.player();
        let (d, l) = (square::dim(from), square::local(from));
        let kind = piece.kind();
        let occupied = self.occupied(d);
        let own = self.occ[us as usize][d];
        let enemy = self.occ[us.opponent() as usize][d];
        // Within the board (4.1), never ending on a portal (4.2.4).
        let mut targets = [0u64; DIMENSIONS];
        targets[d] = Position::reach(t, kind, us, l, occupied, enemy) & !own & !phase.portals[d];
        // Through each portal the piece can enter (4.2).
        for p in squares_of(Position::portal_entries(
            t,
            piece,
            l,
            occupied,
            phase.portals[d],
        )) {
            let b = phase.link[d][p as usize] as usize;
            if usize::from(piece.del()) < b.abs_diff(d) {
                continue;
            }
            let occupied_b = self.occupied(b);
            let enemy_b = self.occ[us.opponent() as usize][b];
            targets[b] |= Position::reach(t, kind, us, p, occupied_b, enemy_b)
                & !self.occ[us as usize][b]
                & !phase.portals[b];
        }
        for (b, &set) in targets.iter().enumerate() {
            for to in squares_of(set) {
                if self.emit(piece, from, square::at(b, to), Special::Normal, f) {
                    return true;
                }
            }
        }
        if kind == Kind::Pawn && self.pawn_specials(piece, from, phase, f) {
            return true;
        }
        kind == Kind::King && piece.unmoved() && self.castlings(compiled, piece, from, f)
    }

    /// A move, or one per promotion when a pawn ends on its last rank (6.5.1); a piece that
    /// was a pawn and ends any move on its last rank of a board it has not promoted on may
    /// also take another type (6.5.4, ruling Q.1).
    #[inline]
    fn emit(
        &self,
        piece: Piece,
        from: u16,
        to: u16,
        special: Special,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let on_last = square::rank(square::local(to)) == last_rank(piece.player());
        let promote = |k: Kind| Move {
            from,
            to,
            promotion: Some(k),
            special,
        };
        if piece.kind() == Kind::Pawn && on_last {
            Kind::PROMOTIONS.into_iter().any(|k| f(promote(k)))
        } else if piece.promoted() && on_last && piece.promoted_on() >> square::dim(to) & 1 == 0 {
            f(Move {
                from,
                to,
                promotion: None,
                special,
            }) || Kind::PROMOTIONS
                .into_iter()
                .filter(|&k| k != piece.kind())
                .any(|k| f(promote(k)))
        } else {
            f(Move {
                from,
                to,
                promotion: None,
                special,
            })
        }
    }

    /// The pawn's double step within its board and its capture en passant (6.4).
    fn pawn_specials(
        &self,
        piece: Piece,
        from: u16,
        phase: &Phase,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let us = piece.player();
        let (d, l) = (square::dim(from), square::local(from));
        let occupied = self.occupied(d);
        if square::rank(l) == pawn_rules(us).0
            && let Some(one) = forward(us, l)
            && let Some(two) = forward(us, one)
            && (occupied | phase.portals[d]) >> two & 1 == 0
            && occupied >> one & 1 == 0
            && self.emit(piece, from, square::at(d, two), Special::DoubleStep, f)
        {
            return true;
        }
        if let Some(ep) = self.ep
            && square::dim(ep) == d
            && phase.portals[d] >> square::local(ep) & 1 == 0
            && TABLES.pawn_takes(us, l) >> square::local(ep) & 1 == 1
        {
            return self.emit(piece, from, ep, Special::EnPassant, f);
        }
        false
    }

    /// Castling (6.3): the unmoved king with an unmoved rook of its own board (6.3.1) or of
    /// another board within both pieces' DEL and joined to the king's by a portal (6.3.2,
    /// ruling K.3), the squares between them empty (on
    /// the rook's board, the king's home square too), the king not in check, not passing
    /// an attacked square; the king ends on the g- or c-file of the rook's board.
    fn castlings(
        &self,
        compiled: &Compiled,
        king: Piece,
        from: u16,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let us = king.player();
        let (a, l) = (square::dim(from), square::local(from));
        let home = match us {
            Player::White => 4,
            Player::Black => 60,
        };
        if l != home || self.attacked_with(compiled, square::at(a, l), us.opponent()) {
            return false;
        }
        let phase = &compiled.phases[self.phase as usize];
        for b in 0..DIMENSIONS {
            let distance = a.abs_diff(b);
            // 6.3.2 (ruling K.3): the king travels to the rook's board by a portal path, a
            // portal joining the two boards now.
            let joined =
                squares_of(phase.portals[a]).any(|p| usize::from(phase.link[a][p as usize]) == b);
            if usize::from(king.del()) < distance || (b != a && !joined) {
                continue;
            }
            // (rook's file offset, squares that must be empty, squares the king passes)
            for (rook, empty, passes) in
                [(3i8, &[1i8, 2][..], &[1i8][..]), (-4, &[-1, -2, -3], &[-1])]
            {
                let rook_sq = square::at(b, (home as i8 + rook) as u8);
                let Some(r) = self.piece(rook_sq) else {
                    continue;
                };
                if r.kind() != Kind::Rook
                    || r.player() != us
                    || !r.unmoved()
                    || usize::from(r.del()) < distance
                {
                    continue;
                }
                let cross = a != b;
                let mut clear = empty
                    .iter()
                    .all(|&o| self.piece(square::at(b, (home as i8 + o) as u8)).is_none());
                clear &= !cross || self.piece(square::at(b, home)).is_none();
                if !clear {
                    continue;
                }
                let safe = passes
                    .iter()
                    .map(|&o| square::at(b, (home as i8 + o) as u8))
                    .chain(cross.then(|| square::at(b, home)))
                    .all(|s| !self.attacked_with(compiled, s, us.opponent()));
                let to = square::at(b, (home as i8 + 2 * rook.signum()) as u8);
                if safe && self.emit(king, from, to, Special::Castle, f) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `by` attacks `sq`: a move of one of its pieces could capture there, within
    /// the board or through a portal (5.4.4).
    #[must_use]
    pub(super) fn attacked_with(&self, compiled: &Compiled, sq: u16, by: Player) -> bool {
        let t = &*TABLES;
        let (d, l) = (square::dim(sq), square::local(sq));
        let occupied = self.occupied(d);
        let rooks = self.of(by, Kind::Rook, d) | self.of(by, Kind::Queen, d);
        let bishops = self.of(by, Kind::Bishop, d) | self.of(by, Kind::Queen, d);
        if t.knight(l) & self.of(by, Kind::Knight, d) != 0
            || t.king(l) & self.of(by, Kind::King, d) != 0
            || t.pawn_takes(by.opponent(), l) & self.of(by, Kind::Pawn, d) != 0
            || t.rook(l, occupied) & rooks != 0
            || t.bishop(l, occupied) & bishops != 0
        {
            return true;
        }
        let phase = &compiled.phases[self.phase as usize];
        // A second leg from portal p reaches sq exactly when a piece on sq would reach p:
        // every movement but the pawn's is symmetric, and a pawn's capture from p is a step
        // next to sq.
        let rook_lines = t.rook(l, occupied);
        let bishop_lines = t.bishop(l, occupied);
        let knight = t.knight(l);
        let king = t.king(l);
        let doors = phase.portals[d] & (rook_lines | bishop_lines | knight | king);
        for p in squares_of(doors) {
            let bit = 1u64 << p;
            let a = phase.link[d][p as usize] as usize;
            let distance = a.abs_diff(d);
            let occupied_a = self.occupied(a);
            let queens = self.of(by, Kind::Queen, a);
            let mut from = 0u64;
            if knight & bit != 0 {
                from |= t.knight(p) & self.of(by, Kind::Knight, a);
            }
            if king & bit != 0 {
                from |= t.king(p) & self.of(by, Kind::King, a);
                if t.pawn_takes(by, p) >> l & 1 == 1 {
                    from |= self.pawn_entries(by, a, p);
                }
            }
            if rook_lines & bit != 0 {
                let riders = self.of(by, Kind::Rook, a) | queens;
                from |= t.rook(p, occupied_a) & riders | t.bishop(p, occupied_a) & queens;
            }
            if bishop_lines & bit != 0 {
                let riders = self.of(by, Kind::Bishop, a) | queens;
                from |= t.bishop(p, occupied_a) & riders | t.rook(p, occupied_a) & queens;
            }
            if squares_of(from)
                .any(|s| usize::from(self.squares[a * 64 + s as usize].del()) >= distance)
            {
                return true;
            }
        }
        false
    }

    /// The squares of `by`'s pawns on board `a` that step onto the empty square `p`.
    fn pawn_entries(&self, by: Player, a: usize, p: u8) -> u64 {
        let pawns = self.of(by, Kind::Pawn, a);
        let (start, step) = pawn_rules(by);
        let back = |s: u8| {
            let from = i16::from(s) - i16::from(step);
            (0..64).contains(&from).then_some(from as u8)
        };
        let mut out = 0;
        if let Some(one) = back(p) {
            out |= pawns & 1 << one;
            if let Some(two) = back(one)
                && square::rank(two) == start
                && self.occupied(a) >> one & 1 == 0
            {
                out |= pawns & 1 << two;
            }
        }
        out
    }
}
