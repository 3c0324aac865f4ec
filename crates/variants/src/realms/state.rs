//! The Three Realms game state and its apply/undo.

use omnichess_core::{Counting, Events, Game, Hooks, Outcome, Player, ToAct};

use super::board::{Board, KEYS};
use super::piece::{Kind, Piece};
use super::square;
use super::tables::tables;

/// What a move does beyond taking its piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// A plain move or capture (promotions and the angel's fall follow from the squares).
    Normal,
    /// A pawn's initial double step.
    DoubleStep,
    /// A capture en passant.
    EnPassant,
    /// Castling on Earth as the king's move (`n1p1`, `O-O`): `from` and `to` are the king's.
    Castle,
    /// Castling on Earth as the rook's move, the rook "capturing" its own king (`q1n1`, rule
    /// R.4): `from` is the rook's square, `to` the king's. The board ends as after
    /// [`Special::Castle`]; the opponent's fallen angels imitate the rook (X.1).
    RookCastle,
}

/// A move: the piece on `from` goes to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The origin square.
    pub from: u8,
    /// The target square (the king's target when castling).
    pub to: u8,
    /// What else the move does.
    pub special: Special,
}

/// Castling rights, one bit each.
pub(super) const WHITE_KINGSIDE: u8 = 1;
pub(super) const WHITE_QUEENSIDE: u8 = 2;
pub(super) const BLACK_KINGSIDE: u8 = 4;
pub(super) const BLACK_QUEENSIDE: u8 = 8;

/// The king's home square on Earth (`n1`, `n8`).
pub(super) const fn king_home(player: Player) -> u8 {
    match player {
        Player::White => square::square(4, 0, square::Realm::Earth),
        Player::Black => square::square(4, 7, square::Realm::Earth),
    }
}

/// The castling rights a move from or to `sq` takes away.
const fn rights_lost(sq: u8) -> u8 {
    let home = king_home(Player::White);
    let black = king_home(Player::Black);
    match sq {
        s if s == home => WHITE_KINGSIDE | WHITE_QUEENSIDE,
        s if s == home - 4 => WHITE_QUEENSIDE,
        s if s == home + 3 => WHITE_KINGSIDE,
        s if s == black => BLACK_KINGSIDE | BLACK_QUEENSIDE,
        s if s == black - 4 => BLACK_QUEENSIDE,
        s if s == black + 3 => BLACK_KINGSIDE,
        _ => 0,
    }
}

/// The king's move of the castling a rook on `rook_from` makes onto its king (rule R.4).
pub(super) const fn king_castle(rook_from: u8) -> Move {
    let home = rook_from & !7 | 4;
    Move {
        from: home,
        to: if rook_from > home { home + 2 } else { home - 2 },
        special: Special::Castle,
    }
}

/// The rook's squares (from, to) when the king castles to `king_to`.
pub(super) const fn castle_rook(king_to: u8) -> (u8, u8) {
    let home = king_to & !7 | 4;
    if king_to > home {
        (home + 3, home + 1)
    } else {
        (home - 4, home - 1)
    }
}

/// What an applied move changed, to take it back.
#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    pub(super) mv: Move,
    pub(super) moved: Piece,
    pub(super) captured: Option<(u8, Piece)>,
    pub(super) castling: u8,
    pub(super) ep: Option<u8>,
    pub(super) halfmoves: u16,
    pub(super) last: Option<Kind>,
    /// The position's hash before the move (for repetitions).
    pub(super) hash: u64,
}

/// A Three Realms Chess position with its history.
///
/// Size: 1 104 bytes plus one 24-byte `Undo` record per applied move, kept in a stack that
/// is reused after undo, so perft and search allocate nothing once it has grown.
#[derive(Clone, Debug)]
pub struct Realms {
    pub(super) board: Board,
    pub(super) side: Player,
    pub(super) castling: u8,
    /// The square a pawn skipped with its double step, when an enemy could capture there.
    pub(super) ep: Option<u8>,
    pub(super) halfmoves: u16,
    pub(super) fullmoves: u32,
    /// The kind the previous move's piece moved as (ruling X.1): what the mover's fallen
    /// angels imitate.
    pub(super) last: Option<Kind>,
    pub(super) history: Vec<Undo>,
}

impl Realms {
    /// The pieces.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move (also when the game is over).
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// The kind the previous move's piece moved as, or became (a promotion, an angel's fall):
    /// what the mover's fallen angels imitate (ruling X.1), if known.
    #[must_use]
    pub fn last_kind(&self) -> Option<Kind> {
        self.last
    }

    /// Halfmoves since the last capture or move of a pawn, imp or horse.
    #[must_use]
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }

    /// The kind `moved` (moving as `moves_as`) is after arriving on `to`: promotions (P.1,
    /// P.8, P.12; a fallen angel imitating those, ruling X.6) and the angel's fall (P.11).
    #[inline]
    pub(super) fn kind_after(moved: Piece, moves_as: Kind, to: u8) -> Kind {
        let back = match moved.player {
            Player::White => 7,
            Player::Black => 0,
        };
        if moved.kind == Kind::Angel && square::level(to) == 0 {
            Kind::Fallen
        } else if square::rank(to) == back
            && matches!(
                moved.kind,
                Kind::Pawn | Kind::Horse | Kind::Imp | Kind::Fallen
            )
        {
            moves_as.promotion().unwrap_or(moved.kind)
        } else {
            moved.kind
        }
    }

    /// What the opponent's fallen angels imitate after `moved`, moving as `moves_as`, arrives
    /// on `to` (ruling X.1): the kind it is then (a promotion's kind, the fallen angel after an
    /// angel fell), except that a fallen angel that stays one leaves the kind it moved as
    /// (X.3: its movement capabilities on that move were that kind's).
    #[inline]
    pub(super) fn imitated_after(moved: Piece, moves_as: Kind, to: u8) -> Kind {
        match Realms::kind_after(moved, moves_as, to) {
            Kind::Fallen if moved.kind == Kind::Fallen => moves_as,
            kind => kind,
        }
    }

    /// The square of the pawn taken en passant by a capture onto `target`.
    #[inline]
    pub(super) fn ep_victim(&self, target: u8) -> u8 {
        // The pawn that double-stepped belongs to the side not to move; it stands one rank
        // beyond the skipped square in its own forward direction.
        match self.side {
            Player::White => target - 8,
            Player::Black => target + 8,
        }
    }

    /// The hash of the position: pieces, side, rights, en passant square, and the kind the
    /// side to move's fallen angels imitate, if it has any (ruling G.5).
    #[inline]
    pub(super) fn compute_hash(&self) -> u64 {
        let k = &*KEYS;
        let mut h = self.board.hash() ^ k.castling[self.castling as usize];
        if self.side == Player::Black {
            h ^= k.black_to_move;
        }
        if let Some(ep) = self.ep {
            h ^= k.ep[ep as usize];
        }
        // G.5: the imitated kind changes the possible moves only where the side to move has a
        // fallen angel.
        if self.board.of(self.side, Kind::Fallen).is_empty() {
            h
        } else {
            h ^ k.last[self.last.map_or(0, |kind| kind as usize + 1)]
        }
    }

    /// The en passant square after `player`'s pawn double-stepped over `skipped`: kept only
    /// when an enemy pawn, or an enemy fallen angel (which now imitates a pawn), could
    /// capture there.
    fn ep_after_double_step(&self, player: Player, skipped: u8) -> Option<u8> {
        let them = player.opponent();
        let capturers = self.board.of(them, Kind::Pawn) | self.board.of(them, Kind::Fallen);
        (!(capturers & tables().rev_take(Kind::Pawn, them, skipped)).is_empty()).then_some(skipped)
    }
}

impl Game for Realms {
    type Decision = Move;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    #[inline]
    fn decisions(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(|m| {
            out.push(m);
            false
        });
    }

    fn apply(&mut self, played: Move) {
        // Castling as the rook's move changes the board as the king's move does (R.4); only
        // the kind the opponent's fallen angels imitate differs (X.1).
        let (mv, by_rook) = match played.special {
            Special::RookCastle => (king_castle(played.from), true),
            _ => (played, false),
        };
        let us = self.side;
        // G.5: the position before the move, hashed before any piece leaves its square.
        let hash = self.compute_hash();
        let moved = self
            .board
            .remove(mv.from)
            .unwrap_or_else(|| unreachable!("apply: no piece on the origin"));
        let victim = if mv.special == Special::EnPassant {
            self.ep_victim(mv.to)
        } else {
            mv.to
        };
        let captured = self.board.remove(victim).map(|p| (victim, p));
        self.history.push(Undo {
            mv,
            moved,
            captured,
            castling: self.castling,
            ep: self.ep,
            halfmoves: self.halfmoves,
            last: self.last,
            hash,
        });
        let moves_as = if moved.kind == Kind::Fallen {
            self.last.unwrap_or(Kind::Fallen)
        } else {
            moved.kind
        };
        let kind = Realms::kind_after(moved, moves_as, mv.to);
        self.board.put(mv.to, Piece { player: us, kind });
        if mv.special == Special::Castle {
            let (rook_from, rook_to) = castle_rook(mv.to);
            if let Some(rook) = self.board.remove(rook_from) {
                self.board.put(rook_to, rook);
            }
        }
        self.castling &= !(rights_lost(mv.from) | rights_lost(mv.to));
        self.ep = match mv.special {
            Special::DoubleStep => self.ep_after_double_step(us, (mv.from + mv.to) / 2),
            _ => None,
        };
        let irreversible = matches!(moved.kind, Kind::Pawn | Kind::Imp | Kind::Horse);
        self.halfmoves = if captured.is_some() || irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Player::Black {
            self.fullmoves += 1;
        }
        self.last = Some(if by_rook {
            Kind::Rook
        } else {
            Realms::imitated_after(moved, moves_as, mv.to)
        });
        self.side = us.opponent();
    }

    fn undo(&mut self) -> bool {
        let Some(u) = self.history.pop() else {
            return false;
        };
        let us = u.moved.player;
        if u.mv.special == Special::Castle {
            let (rook_from, rook_to) = castle_rook(u.mv.to);
            if let Some(rook) = self.board.remove(rook_to) {
                self.board.put(rook_from, rook);
            }
        }
        self.board.remove(u.mv.to);
        self.board.put(u.mv.from, u.moved);
        if let Some((sq, piece)) = u.captured {
            self.board.put(sq, piece);
        }
        if us == Player::Black {
            self.fullmoves -= 1;
        }
        self.side = us;
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmoves = u.halfmoves;
        self.last = u.last;
        true
    }

    fn hash(&self) -> u64 {
        self.compute_hash()
    }

    fn turn_index(&self) -> u64 {
        2 * u64::from(self.fullmoves.saturating_sub(1)) + u64::from(self.side == Player::Black)
    }
}

impl Counting for Realms {
    #[inline]
    fn count_decisions(&self, _scratch: &mut Vec<Move>) -> usize {
        let mut n = 0;
        self.generate(|_| {
            n += 1;
            false
        });
        n
    }
}

impl Hooks for Realms {
    fn claimable_draw(&self) -> Option<&'static str> {
        self.rules_claimable_draw()
    }

    /// Ruling R.5.2 (Article 6.9): a draw when the flagged player's king is on Earth and
    /// cannot lose there; else the opponent wins.
    fn time_forfeit(&self, flagged: Player) -> Outcome {
        self.rules_time_forfeit(flagged)
    }
}
impl Events for Realms {}

#[cfg(test)]
mod tests {
    use super::{Board, Realms, Undo};

    #[test]
    fn state_sizes_are_as_documented() {
        // docs/PERFORMANCE.md, "Perft of the other variants".
        assert_eq!(size_of::<Board>(), 1_064);
        assert_eq!(size_of::<Realms>(), 1_104);
        assert_eq!(size_of::<Undo>(), 24);
    }
}
