//! Legal moves into a callback (no allocation), and the attack test.
//!
//! Pseudo-legal targets come from the tables (leaps as square sets, rides along rays). A move
//! is then tested only where it could be illegal: when the mover is in check, when the enemy
//! has a fallen angel (rule R.3: a fallen angel imitating the moved kind must not attack the
//! king afterwards), for king moves, en passant, castling, and for a piece standing on a unit
//! line from its king (every attack that a piece can block runs along a unit line: the only
//! other ride, the knight's in the heavens, never captures).

use omnichess_core::Player;

use super::bits::Bits;
use super::piece::{Kind, Piece};
use super::square;
use super::state::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, Move, Realms, Special, WHITE_KINGSIDE, WHITE_QUEENSIDE,
    king_home,
};
use super::tables::{line_clear, tables};

/// Whether `kind` of `player` on `from` attacks `target` with the squares `occupied`.
#[inline]
pub(super) fn attacks_as(kind: Kind, player: Player, from: u8, target: u8, occupied: Bits) -> bool {
    let t = tables();
    t.take(kind, player, from).has(target)
        || (t.ride_reach(kind, player, from).has(target) && line_clear(from, target, occupied))
}

impl Realms {
    /// Whether `by`'s pieces (fallen angels aside) attack `target` when the squares
    /// `occupied` are occupied and the pieces on `removed` are gone.
    #[inline]
    pub(super) fn attacked(&self, target: u8, by: Player, occupied: Bits, removed: Bits) -> bool {
        let t = tables();
        let keep = !removed;
        for kind in Kind::ALL {
            let pieces = self.board.of(by, kind) & keep;
            // A fallen angel never gives check (R.3).
            if pieces.is_empty() || kind == Kind::Fallen {
                continue;
            }
            if !(pieces & t.rev_take(kind, by, target)).is_empty() {
                return true;
            }
            let riders = pieces & t.rev_ride(kind, by, target);
            if !riders.is_empty()
                && riders
                    .squares()
                    .any(|from| line_clear(from, target, occupied))
            {
                return true;
            }
        }
        false
    }

    /// Whether `by`'s fallen angels, imitating `kind`, attack `target` (rule R.3).
    #[inline]
    fn fallen_attack(
        &self,
        kind: Kind,
        target: u8,
        by: Player,
        occupied: Bits,
        removed: Bits,
    ) -> bool {
        (self.board.of(by, Kind::Fallen) & !removed)
            .squares()
            .any(|from| attacks_as(kind, by, from, target, occupied))
    }

    /// The squares where a piece of the king's side may be pinned: on a unit line from `king`
    /// and within the empty-board reach of an enemy rider that could reach `king` (fallen
    /// angels aside: where the enemy has any, every move is tested).
    #[inline]
    fn pin_zone(&self, king: u8, them: Player) -> Bits {
        let t = tables();
        let mut zone = Bits::EMPTY;
        for kind in Kind::ALL {
            let riders = self.board.of(them, kind) & t.rev_ride(kind, them, king);
            for from in riders.squares() {
                zone |= t.ride_reach(kind, them, from);
            }
        }
        zone & t.lines(king)
    }

    /// Whether the player to move is in check (fallen angels never give check, R.3).
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.board.king(self.side).is_some_and(|k| {
            self.attacked(k, self.side.opponent(), self.board.occupied(), Bits::EMPTY)
        })
    }

    /// Whether `mv` (pseudo-legal, of the player to move, after which the enemy fallen
    /// angels imitate `left`, X.1) keeps the mover's king safe: not attacked afterwards, nor
    /// by an enemy fallen angel that imitates `left` (R.3).
    #[inline]
    fn safe_after(&self, mv: Move, king: u8, moving_king: bool, left: Kind) -> bool {
        let them = self.side.opponent();
        let victim = if mv.special == Special::EnPassant {
            self.ep_victim(mv.to)
        } else {
            mv.to
        };
        let mut occupied = self.board.occupied();
        occupied.clear(mv.from);
        occupied.clear(victim);
        occupied.set(mv.to);
        let removed = Bits::of(victim);
        let king = if moving_king { mv.to } else { king };
        !self.attacked(king, them, occupied, removed)
            && !self.fallen_attack(left, king, them, occupied, removed)
    }

    /// Calls `emit` with every legal move of the player to move, until it returns `true`
    /// (stop).
    #[inline]
    pub(super) fn generate(&self, mut emit: impl FnMut(Move) -> bool) {
        let t = tables();
        let us = self.side;
        let them = us.opponent();
        let b = &self.board;
        let Some(king) = b.king(us) else {
            return;
        };
        let occupied = b.occupied();
        let empty = !occupied;
        let enemy = b.owned(them);
        let in_check = self.attacked(king, them, occupied, Bits::EMPTY);
        let careful_all = in_check || !b.of(them, Kind::Fallen).is_empty();
        let pin_zone = self.pin_zone(king, them);
        let forward: i32 = us.sign() * 8;
        let second_rank = if us == Player::White { 1 } else { 6 };
        let mut stopped = false;
        for from in b.owned(us).squares() {
            if stopped {
                return;
            }
            let Some(piece) = b.piece(from) else {
                continue;
            };
            let moves_as = match piece.kind {
                Kind::Fallen => match self.last {
                    Some(kind) => kind,
                    None => continue, // X.4: nothing to imitate yet
                },
                kind => kind,
            };
            let moving_king = piece.kind == Kind::King;
            let careful = careful_all || moving_king || pin_zone.has(from);
            let mut try_move = |to: u8, special: Special| {
                let mv = Move { from, to, special };
                let test = careful || special == Special::EnPassant;
                let left = Realms::imitated_after(piece, moves_as, to);
                if !stopped && (!test || self.safe_after(mv, king, moving_king, left)) {
                    stopped = emit(mv);
                }
            };
            let leaps = (t.push(moves_as, us, from) & empty) | (t.take(moves_as, us, from) & enemy);
            for to in leaps.squares() {
                try_move(to, Special::Normal);
            }
            let rides = t.rides(moves_as, us, square::level(from));
            for &dir in &rides.dirs {
                for &to in t.ray(from, dir) {
                    if empty.has(to) {
                        try_move(to, Special::Normal);
                    } else {
                        if !rides.passive && enemy.has(to) {
                            try_move(to, Special::Normal);
                        }
                        break;
                    }
                }
            }
            if moves_as == Kind::Pawn {
                // P.1: the double step (a real pawn only, X.5), and en passant (X.7).
                if piece.kind == Kind::Pawn && square::rank(from) == second_rank {
                    let one = (from as i32 + forward) as u8;
                    let two = (from as i32 + 2 * forward) as u8;
                    if empty.has(one) && empty.has(two) {
                        try_move(two, Special::DoubleStep);
                    }
                }
                if let Some(ep) = self.ep
                    && t.take(Kind::Pawn, us, from).has(ep)
                {
                    try_move(ep, Special::EnPassant);
                }
            }
            if moving_king && !in_check && !stopped {
                self.castling_moves(king, occupied, &mut |mv| {
                    if !stopped {
                        stopped = emit(mv);
                    }
                });
            }
        }
    }

    /// R.2: castling on Earth, both ways, as in FIDE: king and rook unmoved (the rights), the
    /// squares between empty, the king not in check and neither crossing nor landing on an
    /// attacked square. Each castling is offered as the king's move and as the rook's (R.4);
    /// the enemy fallen angels imitate the piece moved (the king or the rook, X.1), and count
    /// as attackers of those squares imitating it (X.8).
    fn castling_moves(&self, king: u8, occupied: Bits, emit: &mut impl FnMut(Move)) {
        let us = self.side;
        let them = us.opponent();
        if king != king_home(us) {
            return;
        }
        let (kingside, queenside) = match us {
            Player::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE),
            Player::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE),
        };
        let rook = Piece {
            player: us,
            kind: Kind::Rook,
        };
        for (right, rook_from, between, cross, to) in [
            (
                kingside,
                king + 3,
                &[king + 1, king + 2][..],
                king + 1,
                king + 2,
            ),
            (
                queenside,
                king - 4,
                &[king - 1, king - 2, king - 3][..],
                king - 1,
                king - 2,
            ),
        ] {
            if self.castling & right == 0
                || self.board.piece(rook_from) != Some(rook)
                || between.iter().any(|&s| occupied.has(s))
            {
                continue;
            }
            let none = Bits::EMPTY;
            let rook_to = (king + to) / 2;
            let mut after = occupied;
            after.clear(king);
            after.clear(rook_from);
            after.set(to);
            after.set(rook_to);
            if self.attacked(cross, them, occupied, none) || self.attacked(to, them, after, none) {
                continue;
            }
            let fallen_safe = |imitated: Kind| {
                !self.fallen_attack(imitated, cross, them, occupied, none)
                    && !self.fallen_attack(imitated, to, them, after, none)
            };
            if fallen_safe(Kind::King) {
                emit(Move {
                    from: king,
                    to,
                    special: Special::Castle,
                });
            }
            if fallen_safe(Kind::Rook) {
                emit(Move {
                    from: rook_from,
                    to: king,
                    special: Special::RookCastle,
                });
            }
        }
    }
}
