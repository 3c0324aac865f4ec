//! The DMChess game: a [`Position`], its profile, its history; legality with several kings
//! (7.1), the outcome (7.1, 7.2, 7.4) and the [`Game`] implementation.

use std::sync::Arc;

use omnichess_core::{Counting, Game, Hooks, Player, ToAct};

use super::piece::Kind;
use super::position::{Move, Position, Special};
use super::profile::{Compiled, Profile, squares_of};
use super::square::{self, DIMENSIONS};
use super::tables::TABLES;

/// What the mover's pieces guard (see [`DmChess::exposure`]).
struct Exposure {
    /// `[board]`: the mover's pieces whose departure could expose a king.
    squares: [u64; DIMENSIONS],
    /// `[board]`: the kings (bit = index in [`Position::kings`] order) such a departure
    /// from that board could expose.
    kings: [u32; DIMENSIONS],
}

/// Removes `player`'s kings in check in `pos`, then those each removal exposes, until none is
/// in check (7.1.3, ruling K.4); returns how many left the game. Removing a king only opens
/// lines, so which kings go does not depend on the order.
fn remove_kings_in_check(pos: &mut Position, compiled: &Compiled, player: Player) -> u32 {
    let mut lost = 0;
    loop {
        let next = pos
            .kings(player)
            .find(|&k| pos.attacked_with(compiled, k, player.opponent()));
        match next {
            Some(k) => pos.remove(k),
            None => return lost,
        };
        lost += 1;
    }
}

/// Dimensions a player must control to win by dominance (7.2.1).
pub const DOMINANCE: u32 = 5;

/// A DMChess game in progress: the position, the profile it is played with, and the
/// positions before each move (for undo and repetition).
///
/// Size: 2 696 bytes plus one 2 664-byte [`Position`] per move played (copy-make); a game's
/// history is bounded by its length (the 50-move rule and threefold repetition end it).
#[derive(Clone, Debug)]
pub struct DmChess {
    pub(super) pos: Position,
    pub(super) compiled: Arc<Compiled>,
    pub(super) history: Vec<Position>,
}

impl DmChess {
    /// A game from `pos` with `profile`.
    pub(super) fn new(pos: Position, profile: Profile) -> DmChess {
        DmChess {
            pos,
            compiled: Arc::new(profile.compile()),
            history: Vec::new(),
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The compiled profile.
    #[must_use]
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// Whether `by` attacks `sq` (within its board or through a portal).
    #[must_use]
    pub fn attacked(&self, sq: u16, by: Player) -> bool {
        self.pos.attacked_with(&self.compiled, sq, by)
    }

    /// How many of `player`'s kings stand in check in `pos`.
    fn checks(&self, pos: &Position, player: Player) -> u32 {
        self.checks_among(pos, player, u32::MAX)
    }

    /// How many of `player`'s kings with their index (in [`Position::kings`] order; every
    /// king from the 32nd) in `which` stand in check in `pos`.
    fn checks_among(&self, pos: &Position, player: Player, which: u32) -> u32 {
        pos.kings(player)
            .enumerate()
            .filter(|&(i, _)| i >= 32 || which >> i & 1 == 1)
            .filter(|&(_, k)| pos.attacked_with(&self.compiled, k, player.opponent()))
            .count() as u32
    }

    /// Kings of `player` in check now.
    #[must_use]
    pub fn kings_in_check(&self, player: Player) -> u32 {
        self.checks(&self.pos, player)
    }

    /// The player who moved last and how many of its kings that move left in check, so that
    /// they left the game (7.1.2–7.1.3, rulings K.4 and K.6); `None` when it lost none.
    #[must_use]
    pub fn kings_lost_last_move(&self) -> Option<(Player, usize)> {
        let before = self.history.last()?;
        let mover = before.side;
        let lost = before
            .kings(mover)
            .count()
            .saturating_sub(self.pos.kings(mover).count());
        (lost > 0).then_some((mover, lost))
    }

    /// What `mv` costs the mover (ruling K.2): `None` when it moves a king into check (the
    /// king lost by its own move, counted after every removal: never legal), else how many
    /// of the mover's kings it makes leave the game, counted after all the removals it causes
    /// (ruling K.4). `which`: the kings that can be in check after it (see
    /// [`DmChess::checks_among`]); when none of them is, the move costs nothing.
    #[inline]
    fn loss(&self, mv: Move, which: u32) -> Option<u32> {
        let side = self.pos.side;
        let mut after = self.pos;
        let landed = after.make(mv, &self.compiled);
        if which != u32::MAX && self.checks_among(&after, side, which) == 0 {
            return Some(0);
        }
        let lost = remove_kings_in_check(&mut after, &self.compiled, side);
        let king_moved = self.pos.squares[mv.from as usize].kind() == Kind::King;
        (!king_moved || after.piece(landed).is_some()).then_some(lost)
    }

    /// Calls `f` with every legal move (7.1, ruling K.2): no king moves into check, and of
    /// the other moves those that lose the fewest of the mover's kings, counted after all
    /// the removals they cause (K.4) — none when that is every king (checkmate if one is in
    /// check, else stalemate, 7.4.1); stops when `f` returns `true`.
    ///
    /// When no king of the mover is in check, a move that does not move a king, capture en
    /// passant or trigger a shift can only expose a king by leaving a square of
    /// [`DmChess::exposure`]; every other move is played on a copy and its kings tested.
    pub(super) fn generate(&self, mut f: impl FnMut(Move) -> bool) {
        let side = self.pos.side;
        if self.pos.distributing(side) {
            self.pos.for_each_setup(&mut f);
            return;
        }
        let kings = self.pos.kings(side).count() as u32;
        let calm = self.checks(&self.pos, side) == 0;
        let shifts = self.pos.shift_follows_this_move();
        let exposure = self.exposure(side);
        // The kings a move may expose: all, or (a plain move in a calm position) those
        // exposed through the board it leaves, when it leaves an exposing square.
        let at_risk = |mv: Move| -> u32 {
            let plain = calm
                && !shifts
                && !matches!(mv.special, Special::EnPassant | Special::Castle)
                && self
                    .pos
                    .piece(mv.from)
                    .is_some_and(|p| p.kind() != Kind::King);
            let d = square::dim(mv.from);
            match plain {
                false => u32::MAX,
                true if exposure.squares[d] >> square::local(mv.from) & 1 == 0 => 0,
                true => exposure.kings[d],
            }
        };
        let band = self.compiled.profile.band;
        let mut fewest = u32::MAX;
        let stopped = self.pos.for_each_pseudo(&self.compiled, &mut |mv| {
            if self.pos.breaks_conservation(mv, band) {
                return false;
            }
            let lost = match at_risk(mv) {
                0 => Some(0),
                kings => self.loss(mv, kings),
            };
            let Some(n) = lost else {
                return false;
            };
            fewest = fewest.min(n);
            n == 0 && f(mv)
        });
        if stopped || fewest == 0 || fewest >= kings {
            return;
        }
        self.pos.for_each_pseudo(&self.compiled, &mut |mv| {
            !self.pos.breaks_conservation(mv, band)
                && self.loss(mv, u32::MAX) == Some(fewest)
                && f(mv)
        });
    }

    /// Whether `mv`, a move by the rules of movement that the conservation law allows,
    /// moves a king into check (ruling K.2): why it is refused, if it is.
    pub(super) fn moves_king_into_check(&self, mv: Move) -> bool {
        self.loss(mv, u32::MAX).is_none()
    }

    /// `[board]`: the mover's pieces whose departure could let an enemy piece attack one of
    /// `player`'s kings: on a king's board, the first piece on a line from the king when
    /// the next piece on that line is an enemy rider of the line's kind, or a portal lies
    /// between them; on the board behind each portal from which a piece could reach a king,
    /// the first piece on each line from the portal square (it may block a first leg).
    fn exposure(&self, player: Player) -> Exposure {
        let t = &*TABLES;
        let pos = &self.pos;
        let phase = &self.compiled.phases[pos.phase as usize];
        let them = player.opponent();
        let mut mask = [0u64; DIMENSIONS];
        let mut kings = [0u32; DIMENSIONS];
        for (i, k) in pos.kings(player).enumerate() {
            let index = if i < 32 { 1u32 << i } else { u32::MAX };
            let (d, l) = (square::dim(k), square::local(k));
            let occupied = pos.occupied(d);
            let own = pos.occ[player as usize][d];
            let queens = pos.of(them, Kind::Queen, d);
            for dir in 0..8 {
                let Some((b, segment)) = t.first_blocker(l, dir, occupied) else {
                    continue;
                };
                let riders = queens
                    | if dir < 4 {
                        pos.of(them, Kind::Rook, d)
                    } else {
                        pos.of(them, Kind::Bishop, d)
                    };
                if own >> b & 1 == 1 && segment & (riders | phase.portals[d]) != 0 {
                    mask[d] |= 1 << b;
                    kings[d] |= index;
                }
            }
            for p in squares_of(phase.portals[d] & t.near[l as usize]) {
                // Only a portal from which a second leg reaches the king now matters: a
                // line opened on this board is the first case's.
                let reach = t.knight(p) | t.king(p) | t.rook(p, occupied) | t.bishop(p, occupied);
                if reach >> l & 1 == 0 {
                    continue;
                }
                let a = phase.link[d][p as usize] as usize;
                let own_a = pos.occ[player as usize][a];
                for dir in 0..8 {
                    if let Some((b, _)) = t.first_blocker(p, dir, pos.occupied(a))
                        && own_a >> b & 1 == 1
                    {
                        mask[a] |= 1 << b;
                        kings[a] |= index;
                    }
                }
            }
        }
        Exposure {
            squares: mask,
            kings,
        }
    }

    /// The moves by the rules of movement that the conservation law (6.2) refuses here: what
    /// the self-play report counts.
    #[must_use]
    pub fn refused_by_conservation(&self) -> usize {
        let (mut n, band) = (0, self.compiled.profile.band);
        self.pos.for_each_pseudo(&self.compiled, &mut |mv| {
            n += usize::from(self.pos.breaks_conservation(mv, band));
            false
        });
        n
    }
}

impl Game for DmChess {
    type Decision = Move;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    fn decisions(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(|mv| {
            out.push(mv);
            false
        });
    }

    /// Plays `mv`; the mover's kings it leaves in check — only when no move could save
    /// them (ruling K.2) — are checkmated and leave the game (7.1.3), with any king their
    /// removal exposes. Then the dominance streaks are noted (7.2.3, ruling D.1): the
    /// mover's is kept or begun, or held a full turn; the opponent's ends if broken.
    fn apply(&mut self, mv: Move) {
        let us = self.pos.side;
        self.history.push(self.pos);
        self.pos.make(mv, &self.compiled);
        if matches!(mv.special, Special::Transfer | Special::Done) {
            return;
        }
        remove_kings_in_check(&mut self.pos, &self.compiled, us);
        let (bit, theirs) = (1 << us as u8, 1 << us.opponent() as u8);
        if self.pos.controlled(us) >= DOMINANCE {
            // Held since its last move ended, through the reply, and now after its own
            // move: a full turn of both players (7.2.3, ruling D.1).
            if self.pos.streak & bit != 0 {
                self.pos.streak |= bit << 2;
            }
            self.pos.streak |= bit;
        } else {
            self.pos.streak &= !bit;
        }
        if self.pos.controlled(us.opponent()) < DOMINANCE {
            self.pos.streak &= !theirs;
        }
    }

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(p) => {
                self.pos = p;
                true
            }
            None => false,
        }
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// Moves played, plus the distributions of kings before them (each a turn of its own).
    fn turn_index(&self) -> u64 {
        let setups = u64::from(self.pos.setup_turns);
        if self.pos.distributing(self.pos.side) {
            setups
        } else {
            self.pos.ply() + setups
        }
    }
}

impl Counting for DmChess {
    fn count_decisions(&self, _scratch: &mut Vec<Move>) -> usize {
        let mut n = 0;
        self.generate(|_| {
            n += 1;
            false
        });
        n
    }
}

impl Hooks for DmChess {}
