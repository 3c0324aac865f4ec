//! Moves in four dimensions (file, rank, time, timeline) for every piece, from the boards the
//! mover may play; and how a move changes the multiverse (docs/rules/multiverse.md).

use omnichess_core::geometry::{Coord, DirectionSet};

use super::board::Board;
use super::move_check::attacked_on_board;
use super::piece::{Kind, Piece};
use super::state::{Move5, Multiverse, Pos};

/// Directions as (x, y, time, timeline) unit steps.
const ORTHOGONAL: DirectionSet<4> = DirectionSet::orthogonal();
const DIAGONAL: DirectionSet<4> = DirectionSet::diagonal();
const TRIAGONAL: DirectionSet<4> = DirectionSet::triagonal();
const QUADRAGONAL: DirectionSet<4> = DirectionSet::quadragonal();
const ALL: DirectionSet<4> = DirectionSet::all();
const KNIGHT: DirectionSet<4> = DirectionSet::knight();

/// The timeline axis of a direction (x, y, time, timeline).
const TIMELINE: usize = 3;

/// The directions of each family that change timeline.
const ORTHOGONAL_X: DirectionSet<4> = ORTHOGONAL.moving_along(TIMELINE);
const DIAGONAL_X: DirectionSet<4> = DIAGONAL.moving_along(TIMELINE);
const TRIAGONAL_X: DirectionSet<4> = TRIAGONAL.moving_along(TIMELINE);
const QUADRAGONAL_X: DirectionSet<4> = QUADRAGONAL.moving_along(TIMELINE);
const ALL_X: DirectionSet<4> = ALL.moving_along(TIMELINE);
const KNIGHT_X: DirectionSet<4> = KNIGHT.moving_along(TIMELINE);

/// How a piece that is not a pawn or brawn moves: its direction sets, and whether it slides
/// along them (else it makes one step or leap). With `across`, only the directions that
/// change timeline: the only lines from a board a turn adds that can reach another board it
/// adds (a timeline gets at most one).
pub(super) fn movement(kind: Kind, across: bool) -> (&'static [&'static DirectionSet<4>], bool) {
    type Sets = &'static [&'static DirectionSet<4>];
    let (all, changing_timeline, slider): (Sets, Sets, bool) = match kind {
        Kind::Rook => (&[&ORTHOGONAL], &[&ORTHOGONAL_X], true),
        Kind::Bishop => (&[&DIAGONAL], &[&DIAGONAL_X], true),
        Kind::Unicorn => (&[&TRIAGONAL], &[&TRIAGONAL_X], true),
        Kind::Dragon => (&[&QUADRAGONAL], &[&QUADRAGONAL_X], true),
        Kind::Queen | Kind::RoyalQueen => (&[&ALL], &[&ALL_X], true),
        Kind::Princess => (
            &[&ORTHOGONAL, &DIAGONAL],
            &[&ORTHOGONAL_X, &DIAGONAL_X],
            true,
        ),
        Kind::King | Kind::CommonKing => (&[&ALL], &[&ALL_X], false),
        Kind::Knight => (&[&KNIGHT], &[&KNIGHT_X], false),
        Kind::Pawn | Kind::Brawn => (&[], &[], false),
    };
    (if across { changing_timeline } else { all }, slider)
}

/// Whether direction `d` changes timeline.
pub(super) fn crosses_timelines(d: Coord<4>) -> bool {
    d.get(TIMELINE).is_some_and(|c| c != 0)
}

impl Multiverse {
    /// The square `step` away from `from`, if its board exists and holds the square. A step
    /// of 1 in time is a full turn (two half-turns), so the board has the same side to move.
    pub(super) fn offset(&self, from: Pos, step: Coord<4>) -> Option<Pos> {
        match self.step(from, step) {
            super::attacks::Step::On(to) => Some(to),
            _ => None,
        }
    }

    /// The piece on a square.
    pub(super) fn at(&self, p: Pos) -> Option<Piece> {
        self.board(p.line, p.v).and_then(|b| b.get(p.x, p.y))
    }

    /// Calls `each` with every target of the piece on `from`: every square it could move to
    /// or capture on, by its movement alone (no castling, no en passant, no promotion).
    /// `captures_only` leaves out a pawn's non-capturing moves (for attack tests).
    pub(super) fn targets(
        &self,
        from: Pos,
        piece: Piece,
        captures_only: bool,
        each: &mut dyn FnMut(Pos),
    ) {
        let slide = |dirs: &[Coord<4>], each: &mut dyn FnMut(Pos)| {
            for &d in dirs {
                let mut at = from;
                while let Some(next) = self.offset(at, d) {
                    match self.at(next) {
                        None => each(next),
                        Some(p) => {
                            if p.white != piece.white {
                                each(next);
                            }
                            break;
                        }
                    }
                    at = next;
                }
            }
        };
        let leap = |dirs: &[Coord<4>], each: &mut dyn FnMut(Pos)| {
            for &d in dirs {
                if let Some(to) = self.offset(from, d)
                    && self.at(to).is_none_or(|p| p.white != piece.white)
                {
                    each(to);
                }
            }
        };
        if piece.kind.pawnlike() {
            return self.pawn_targets(from, piece, captures_only, each);
        }
        let (sets, slider) = movement(piece.kind, false);
        for set in sets {
            if slider {
                slide(set.as_slice(), each);
            } else {
                leap(set.as_slice(), each);
            }
        }
    }

    /// A pawn's or brawn's targets: forward is +rank and −timeline for White, −rank and
    /// +timeline for Black; captures diagonally on the board and in time × timeline.
    fn pawn_targets(
        &self,
        from: Pos,
        piece: Piece,
        captures_only: bool,
        each: &mut dyn FnMut(Pos),
    ) {
        let f = if piece.white { 1 } else { -1 };
        let c = |x: i32, y: i32, t: i32, l: i32| Coord::new([x, y * f, t, l * -f]);
        if !captures_only {
            for unit in [c(0, 1, 0, 0), c(0, 0, 0, 1)] {
                if let Some(one) = self.offset(from, unit).filter(|p| self.at(*p).is_none()) {
                    each(one);
                    if piece.unmoved
                        && let Some(two) = self.offset(one, unit).filter(|p| self.at(*p).is_none())
                    {
                        each(two);
                    }
                }
            }
        }
        for d in self.pawn_captures(piece) {
            if let Some(to) = self.offset(from, d)
                && self.at(to).is_some_and(|p| p.white != piece.white)
            {
                each(to);
            }
        }
    }

    /// A pawn's or brawn's capture directions (White: forward is +rank and −timeline).
    pub(super) fn pawn_captures(&self, piece: Piece) -> impl Iterator<Item = Coord<4>> {
        let f = if piece.white { 1 } else { -1 };
        let c = |x: i32, y: i32, t: i32, l: i32| Coord::new([x, y * f, t, l * -f]);
        let all = [
            c(1, 1, 0, 0),
            c(-1, 1, 0, 0),
            c(0, 0, 1, 1),
            c(0, 0, -1, 1),
            // A brawn's further captures.
            c(0, 1, 0, 1),
            c(1, 0, 0, 1),
            c(-1, 0, 0, 1),
            c(0, 1, -1, 0),
        ];
        all.into_iter()
            .take(if piece.kind == Kind::Brawn { 8 } else { 4 })
    }

    /// Calls `each` with every move the mover may make now, board by board (lowest line
    /// first): from every playable board, every piece's targets, castling, en passant and
    /// promotions.
    pub fn moves(&self, mut each: impl FnMut(Move5)) {
        for line in self.playable_lines().collect::<Vec<_>>() {
            self.moves_from_board(line, &mut each);
        }
    }

    /// The moves from the playable board of `line`.
    pub fn moves_from_board(&self, line: i32, each: &mut dyn FnMut(Move5)) {
        let Some(t) = self.line(line) else { return };
        let v = t.end();
        let Some(board) = t.board(v) else { return };
        let last_rank = if self.white_to_move {
            self.setup.height - 1
        } else {
            0
        };
        for (x, y, piece) in board.pieces() {
            if piece.white != self.white_to_move {
                continue;
            }
            let from = Pos { line, v, x, y };
            self.targets(from, piece, false, &mut |to| {
                if piece.kind.pawnlike() && to.y == last_rank && to.y != from.y {
                    for &k in &self.setup.promotions {
                        each(Move5 {
                            from,
                            to,
                            promotion: Some(k),
                        });
                    }
                } else {
                    each(Move5 {
                        from,
                        to,
                        promotion: None,
                    });
                }
            });
            if piece.kind.pawnlike() {
                self.en_passant(from, piece, each);
            }
            if piece.kind == Kind::King && piece.unmoved {
                self.castling(from, board, each);
            }
        }
    }

    /// En passant, on one board only: the enemy pawn beside this one made a double step on
    /// its last move (it stood unmoved two ranks ahead a full turn ago).
    fn en_passant(&self, from: Pos, piece: Piece, each: &mut dyn FnMut(Move5)) {
        let f = if piece.white { 1 } else { -1 };
        let Some(before) = self.board(from.line, from.v - 2) else {
            return;
        };
        for dx in [-1, 1] {
            let x = from.x + dx;
            if x < 0 || x >= self.setup.width {
                continue;
            }
            let (y1, y2) = (from.y + f, from.y + 2 * f);
            if y2 < 0 || y2 >= self.setup.height {
                continue;
            }
            let now = |y| self.at(Pos { x, y, ..from });
            let victim = now(from.y);
            let was = before.get(x, y2);
            if let (Some(v), Some(w)) = (victim, was)
                && v.white != piece.white
                && v.kind.pawnlike()
                && !v.unmoved
                && w.kind == v.kind
                && w.white == v.white
                && w.unmoved
                && now(y1).is_none()
                && now(y2).is_none()
                && before.get(x, from.y).is_none()
            {
                each(Move5 {
                    from,
                    to: Pos { x, y: y1, ..from },
                    promotion: None,
                });
            }
        }
    }

    /// Castling on one board: an unmoved king and the first piece along the rank an own
    /// unmoved rook at least two files away; the king's square, the square it passes and the
    /// square it lands on not attacked on this board.
    fn castling(&self, from: Pos, board: &Board, each: &mut dyn FnMut(Move5)) {
        for dx in [-1, 1] {
            let mut x = from.x + dx;
            while x >= 0 && x < self.setup.width && board.get(x, from.y).is_none() {
                x += dx;
            }
            let rook = (x >= 0 && x < self.setup.width)
                .then(|| board.get(x, from.y))
                .flatten();
            let Some(rook) = rook else { continue };
            if rook.kind != Kind::Rook
                || !rook.unmoved
                || rook.white != self.white_to_move
                || (x - from.x).abs() < 2
            {
                continue;
            }
            let safe = (0..=2).all(|i| {
                !attacked_on_board(
                    board,
                    from.x + i * dx,
                    from.y,
                    !self.white_to_move,
                    self.setup.width,
                    self.setup.height,
                )
            });
            if safe && (from.x + 2 * dx - x) * dx <= 0 {
                each(Move5 {
                    from,
                    to: Pos {
                        x: from.x + 2 * dx,
                        ..from
                    },
                    promotion: None,
                });
            }
        }
    }

    /// Plays a move: the source board gets its successor; the piece lands on the same
    /// successor (a physical move), on the successor of another timeline's last board (a
    /// jump that does not branch), or on the first board of a new timeline (a branch).
    /// Returns the boards appended, or `None` when the source board is not playable.
    pub(super) fn play(&mut self, mv: Move5) -> Option<Vec<(i32, bool)>> {
        let mut appended = vec![self.depart(mv)?];
        if (mv.from.line, mv.from.v) != (mv.to.line, mv.to.v) {
            appended.push(self.arrive(mv)?);
        }
        Some(appended)
    }

    /// The first half of a move: the source board's successor, without the piece (or, for a
    /// physical move, with the whole move made on it).
    pub(super) fn depart(&mut self, mv: Move5) -> Option<(i32, bool)> {
        let board = self.departure(mv)?;
        Some(self.push_board(mv.from.line, mv.from.v + 1, board))
    }

    /// The board `depart` appends, or `None` when the source board is not playable.
    pub(super) fn departure(&self, mv: Move5) -> Option<Board> {
        if !self.playable(mv.from.line, mv.from.v) {
            return None;
        }
        let mut source = *self.board(mv.from.line, mv.from.v)?;
        let mut piece = source.get(mv.from.x, mv.from.y)?;
        source.set(mv.from.x, mv.from.y, None);
        piece.unmoved = false;
        if let Some(k) = mv.promotion {
            piece.kind = k;
        }
        let (from, to) = (mv.from, mv.to);
        if (from.line, from.v) == (to.line, to.v) {
            if piece.kind.pawnlike() && to.x != from.x && source.get(to.x, to.y).is_none() {
                source.set(to.x, from.y, None); // en passant
            }
            if piece.kind == Kind::King && (to.x - from.x).abs() == 2 {
                let dx = (to.x - from.x).signum();
                let mut x = to.x;
                while x >= 0
                    && x < self.setup.width
                    && source.get(x, from.y).is_none_or(|p| p.kind != Kind::Rook)
                {
                    x += dx;
                }
                if let Some(mut rook) = (x >= 0 && x < self.setup.width)
                    .then(|| source.get(x, from.y))
                    .flatten()
                {
                    rook.unmoved = false;
                    source.set(x, from.y, None);
                    source.set(to.x - dx, from.y, Some(rook));
                }
            }
            source.set(to.x, to.y, Some(piece));
        }
        Some(source)
    }

    /// The second half of a jump: the piece lands on the successor of the target board when
    /// that board is still the last of its timeline, or else on the first board of a new
    /// timeline branching from it.
    pub(super) fn arrive(&mut self, mv: Move5) -> Option<(i32, bool)> {
        let target = self.arrival(mv)?;
        let (line, v) = self.arrival_at(mv);
        Some(self.push_board(line, v, target))
    }

    /// Where a jump's piece lands, (line, half-turn), after its departure: the successor of
    /// the target board when that board is still the last of its timeline, or else the first
    /// board of a new timeline (the departure never makes a target the last: a jump to the
    /// departure's own line goes back in time).
    pub(super) fn arrival_at(&self, mv: Move5) -> (i32, i32) {
        let to = mv.to;
        let line = if to.line != mv.from.line && self.line(to.line).is_some_and(|t| t.end() == to.v)
        {
            to.line
        } else if self.white_to_move {
            self.max_line() + 1
        } else {
            self.min_line - 1
        };
        (line, to.v + 1)
    }

    /// The board a jump's piece lands on: the target board with the piece on it (the same
    /// whether the jump branches or not).
    pub(super) fn arrival(&self, mv: Move5) -> Option<Board> {
        let mut piece = self.at(mv.from)?;
        piece.unmoved = false;
        if let Some(k) = mv.promotion {
            piece.kind = k;
        }
        let mut target = *self.board(mv.to.line, mv.to.v)?;
        target.set(mv.to.x, mv.to.y, Some(piece));
        Some(target)
    }
}
