//! DMChess move generation against a naive reference written from the rules alone (the
//! implementation's rulings, docs/rules/dmchess.md): the eight boards as one plain array of
//! squares, every move found by walking core geometry on one 8×8 board, a dimensional move as
//! a quiet first leg onto a portal and a normal second leg on the board the portal leads to,
//! castling within and across boards, the conservation law on the boards' flows (6.2, ruling
//! C.1), and legality by playing each move on a copy (with the dimensional shift it may
//! trigger), removing the mover's kings attacked afterwards one by one until none is, and
//! counting them (ruling K.2: no king moves into check — the moved king is not among them —
//! and of the other moves those losing the fewest kings, none if that is every king). DEL,
//! the unmoved flags and the pieces are read afresh from the game at every ply; side, en
//! passant, move number, shift and flows from the position text.
//!
//! The fast generator (bit boards, per-board portal target sets, reverse attack tests) must
//! list exactly the same moves, as EDAN, in every position of many random games; apply and
//! undo, the hash and the position text must round-trip.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use omnichess_core::geometry::{Bounds, Coord, DirectionSet, leaps, ray};
use omnichess_core::{Game, Notation, Player, ToAct, Variant};
use omnichess_variants::dmchess::{Compiled, DmChess, Kind, Move, square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One board as a box of core geometry, coordinates `[file, rank]`.
const BOARD: Bounds<2> = Bounds::from_size([8, 8]);
/// The rook's lines.
const ROOK: DirectionSet<2> = DirectionSet::orthogonal();
/// The bishop's lines.
const BISHOP: DirectionSet<2> = DirectionSet::diagonal();
/// The queen's lines, and the king's steps.
const ALL: DirectionSet<2> = DirectionSet::all();
/// The knight's leaps.
const KNIGHT: DirectionSet<2> = DirectionSet::knight();

/// A piece as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Man {
    kind: Kind,
    colour: Player,
    /// Its dimensional energy level, 1–8.
    del: u8,
    /// A king or rook that has not moved (castling).
    unmoved: bool,
    /// The boards on which it promoted from a pawn, bit per board (6.5.4, ruling Q.1).
    promoted_on: u8,
    /// The piece a candidate move is moving (set on the copy the move is played on), so that
    /// it is found wherever the shift puts it.
    mover: bool,
}

/// The squares of all eight boards, `board · 64 + rank · 8 + file`.
type Cells = [Option<Man>; 512];

/// The plain facts the reference reads: the pieces from the position; the side, the en
/// passant square, the move number, the shift and the flows from the position text.
struct Plain {
    cells: Cells,
    /// The side to move.
    side: Player,
    /// The en passant square, when the last move was a double step.
    ep: Option<u16>,
    /// Half-moves played before this position.
    ply: u32,
    /// The current entry of the shift table.
    phase: usize,
    /// Full turns until the next shift: 1 means Dark's move now triggers it.
    to_shift: u32,
    /// The DEL each board gained less lost by dimensional moves (the conservation law).
    flow: [i32; 8],
}

/// Reads the reference's plain position from `game`.
fn plain(game: &DmChess) -> Plain {
    let pos = game.position();
    let mut cells: Cells = [None; 512];
    for (sq, cell) in cells.iter_mut().enumerate() {
        *cell = pos.piece(sq as u16).map(|p| Man {
            kind: p.kind(),
            colour: p.player(),
            del: p.del(),
            unmoved: p.unmoved(),
            promoted_on: p.promoted_on(),
            mover: false,
        });
    }
    let text = game.position_text();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let side = match fields[1] {
        "l" => Player::White,
        "d" => Player::Black,
        other => panic!("side field `{other}` in {text}"),
    };
    let ep = (fields[2] != "-").then(|| square::parse(fields[2]).expect("en passant square"));
    let fullmove: u32 = fields[4].parse().expect("fullmove number");
    let (phase, to_shift) = fields[5].split_once('/').expect("shift field P/N");
    let mut flow = [0; 8];
    if fields[7] != "-" {
        let values: Vec<i32> = fields[7]
            .split(',')
            .map(|v| v.parse().expect("flow field: eight integers"))
            .collect();
        flow = values.try_into().expect("flow field: eight integers");
    }
    Plain {
        cells,
        side,
        ep,
        ply: 2 * (fullmove - 1) + u32::from(side == Player::Black),
        phase: phase.parse().expect("phase"),
        to_shift: to_shift.parse().expect("turns to the shift"),
        flow,
    }
}

/// The coordinate of square `l` of a board.
fn coord(l: u8) -> Coord<2> {
    Coord::new([i32::from(l % 8), i32::from(l / 8)])
}

/// The square of a board at coordinate `c`.
fn local_of(c: Coord<2>) -> u8 {
    (c[1] * 8 + c[0]) as u8
}

/// The index into [`Cells`] of square `l` of board `d`.
fn idx(d: usize, l: u8) -> usize {
    d * 64 + l as usize
}

/// The board that square `l` of board `d` leads to, when it is a portal in `phase`.
fn portal(compiled: &Compiled, phase: usize, d: usize, l: u8) -> Option<usize> {
    let ph = &compiled.phases[phase];
    (ph.portals[d] >> l & 1 == 1).then(|| ph.link[d][l as usize] as usize)
}

/// The rank step of a pawn of `colour`.
fn forward(colour: Player) -> i32 {
    match colour {
        Player::White => 1,
        Player::Black => -1,
    }
}

/// Which squares [`walk`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Its moves onto empty squares: sliders along each line until a piece blocks, leapers
    /// onto empty squares, a pawn's push and its double step from its start rank over an
    /// empty square.
    Quiet,
    /// The same without the pawn's double step (the second leg of a dimensional move).
    QuietSingle,
    /// The squares it could capture on, whatever stands there: sliders up to and including
    /// the first piece, leapers' every target, a pawn's two forward diagonals.
    Capture,
}

/// Calls `f` with the squares of board `d` that a `kind` of `colour` on square `from` of that
/// board reaches (`reach`), by the board's pieces in `cells`.
fn walk(
    cells: &Cells,
    d: usize,
    kind: Kind,
    colour: Player,
    from: u8,
    reach: Reach,
    f: &mut impl FnMut(u8),
) {
    let capture = reach == Reach::Capture;
    let empty = |c: Coord<2>| cells[idx(d, local_of(c))].is_none();
    let at = coord(from);
    match kind {
        Kind::Pawn => {
            let fwd = forward(colour);
            if capture {
                let diagonals = [Coord::new([-1, fwd]), Coord::new([1, fwd])];
                for c in leaps(&BOARD, at, &diagonals) {
                    f(local_of(c));
                }
                return;
            }
            let one = at + Coord::new([0, fwd]);
            if !BOARD.contains(one) || !empty(one) {
                return;
            }
            f(local_of(one));
            let start = if colour == Player::White { 1 } else { 6 };
            let two = one + Coord::new([0, fwd]);
            if reach == Reach::Quiet && at[1] == start && BOARD.contains(two) && empty(two) {
                f(local_of(two));
            }
        }
        Kind::Knight | Kind::King => {
            let set = if kind == Kind::Knight { &KNIGHT } else { &ALL };
            for c in leaps(&BOARD, at, set) {
                if capture || empty(c) {
                    f(local_of(c));
                }
            }
        }
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            let lines = match kind {
                Kind::Bishop => &BISHOP,
                Kind::Rook => &ROOK,
                _ => &ALL,
            };
            for &v in lines.iter() {
                for c in ray(&BOARD, at, v) {
                    if empty(c) {
                        f(local_of(c));
                    } else {
                        if capture {
                            f(local_of(c));
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// Every square of every board that a piece of `by` attacks in phase `phase`: it could capture
/// there by a move within its board, or by a dimensional move (a quiet first leg onto a
/// portal of its board, DEL at least the distance, a capturing second leg from the portal
/// square on the board it leads to).
fn attacked_squares(cells: &Cells, compiled: &Compiled, phase: usize, by: Player) -> Vec<bool> {
    let mut map = vec![false; 512];
    for (s, cell) in cells.iter().enumerate() {
        let Some(man) = cell.filter(|m| m.colour == by) else {
            continue;
        };
        let (a, l) = (s / 64, (s % 64) as u8);
        walk(cells, a, man.kind, by, l, Reach::Capture, &mut |x| {
            map[idx(a, x)] = true;
        });
        let mut entries = Vec::new();
        walk(cells, a, man.kind, by, l, Reach::Quiet, &mut |p| {
            if let Some(b) = portal(compiled, phase, a, p) {
                entries.push((p, b));
            }
        });
        for (p, b) in entries {
            if usize::from(man.del) >= a.abs_diff(b) {
                walk(cells, b, man.kind, by, p, Reach::Capture, &mut |x| {
                    map[idx(b, x)] = true;
                });
            }
        }
    }
    map
}

/// A move the reference found by the rules of movement, before the test of the kings.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    from: u16,
    to: u16,
    /// The kind a pawn reaching its last rank becomes.
    promotion: Option<Kind>,
    /// The pawn an en passant capture removes.
    ep_victim: Option<u16>,
    /// The castling rook's squares.
    rook: Option<(u16, u16)>,
}

impl Candidate {
    /// The move in EDAN: `Pd1a2-d1a4`, `Pd1b7-d1b8=Q`.
    fn edan(&self, kind: Kind) -> String {
        let mut s = format!(
            "{}{}-{}",
            kind.letter(),
            square::name(self.from),
            square::name(self.to)
        );
        if let Some(k) = self.promotion {
            s.push('=');
            s.push(k.letter());
        }
        s
    }
}

/// The moves of the side to move by the rules of movement (within a board, through a
/// portal, en passant, castling, promotion), keyed by EDAN: several routes to one target are
/// one move.
fn candidates(pl: &Plain, compiled: &Compiled) -> BTreeMap<String, Candidate> {
    let us = pl.side;
    let now_attacked = attacked_squares(&pl.cells, compiled, pl.phase, us.opponent());
    let mut out = BTreeMap::new();
    for from in 0..512u16 {
        let Some(man) = pl.cells[from as usize].filter(|m| m.colour == us) else {
            continue;
        };
        let moves = step_moves(pl, compiled, from, man)
            .into_iter()
            .chain(en_passant(pl, compiled, from, man))
            .chain(castlings(pl, compiled, &now_attacked, from, man));
        for c in moves {
            insert_with_promotions(&mut out, us, man, c);
        }
    }
    out
}

/// Adds a move to the list under its EDAN; a pawn reaching its last rank as the four
/// promotions.
fn insert_with_promotions(
    out: &mut BTreeMap<String, Candidate>,
    us: Player,
    man: Man,
    c: Candidate,
) {
    let last = if us == Player::White { 7 } else { 0 };
    let on_last = square::local(c.to) / 8 == last;
    // A former pawn promotes again on the last rank of a board it has not promoted on.
    let again = on_last && man.promoted_on != 0 && man.promoted_on >> square::dim(c.to) & 1 == 0;
    if (man.kind == Kind::Pawn && on_last) || again {
        for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
            let promoted = Candidate {
                promotion: Some(k),
                ..c
            };
            if k != man.kind {
                out.insert(promoted.edan(man.kind), promoted);
            }
        }
    }
    if man.kind != Kind::Pawn || !on_last {
        out.insert(c.edan(man.kind), c);
    }
}

/// The ordinary moves of the piece `man` on `from`, in target order: within its board, and
/// through a portal.
fn step_moves(pl: &Plain, compiled: &Compiled, from: u16, man: Man) -> Vec<Candidate> {
    let us = pl.side;
    let cells = &pl.cells;
    let phase = pl.phase;
    let is_portal = |d: usize, l: u8| portal(compiled, phase, d, l).is_some();
    let enemy_on = |d: usize, l: u8| cells[idx(d, l)].is_some_and(|m| m.colour != us);
    let own_on = |d: usize, l: u8| cells[idx(d, l)].is_some_and(|m| m.colour == us);
    let (a, l) = (square::dim(from), square::local(from));
    let mut targets: BTreeSet<u16> = BTreeSet::new();
    // Within the board: quiet moves (pawn double step included) and captures, never
    // ending on a portal.
    walk(cells, a, man.kind, us, l, Reach::Quiet, &mut |t| {
        if !is_portal(a, t) {
            targets.insert(square::at(a, t));
        }
    });
    walk(cells, a, man.kind, us, l, Reach::Capture, &mut |t| {
        if enemy_on(a, t) && !is_portal(a, t) {
            targets.insert(square::at(a, t));
        }
    });
    // Through a portal: a quiet first leg onto it, then a normal move from the same
    // square of the board it leads to (no double step there), not onto a portal or an
    // own piece.
    let mut entries = Vec::new();
    walk(cells, a, man.kind, us, l, Reach::Quiet, &mut |p| {
        if let Some(b) = portal(compiled, phase, a, p) {
            entries.push((p, b));
        }
    });
    for (p, b) in entries {
        if usize::from(man.del) < a.abs_diff(b) {
            continue;
        }
        walk(cells, b, man.kind, us, p, Reach::QuietSingle, &mut |t| {
            if !is_portal(b, t) && !own_on(b, t) {
                targets.insert(square::at(b, t));
            }
        });
        walk(cells, b, man.kind, us, p, Reach::Capture, &mut |t| {
            if enemy_on(b, t) && !is_portal(b, t) {
                targets.insert(square::at(b, t));
            }
        });
    }
    targets
        .into_iter()
        .map(|to| Candidate {
            from,
            to,
            promotion: None,
            ep_victim: None,
            rook: None,
        })
        .collect()
}

/// En passant by the pawn `man` on `from` onto the position's square, on the pawn's board,
/// not a portal.
fn en_passant(pl: &Plain, compiled: &Compiled, from: u16, man: Man) -> Option<Candidate> {
    let us = pl.side;
    let (a, l) = (square::dim(from), square::local(from));
    let ep = pl.ep?;
    if man.kind != Kind::Pawn
        || square::dim(ep) != a
        || portal(compiled, pl.phase, a, square::local(ep)).is_some()
    {
        return None;
    }
    let mut hits = false;
    walk(&pl.cells, a, Kind::Pawn, us, l, Reach::Capture, &mut |t| {
        hits |= square::at(a, t) == ep;
    });
    if !hits {
        return None;
    }
    let behind = if us == Player::White { ep - 8 } else { ep + 8 };
    Some(Candidate {
        from,
        to: ep,
        promotion: None,
        ep_victim: Some(behind),
        rook: None,
    })
}

/// Castling by the king `man` on `from` with an unmoved rook of its board or of another
/// within both DELs and joined to the king's by a portal (6.3.2, ruling K.3).
fn castlings(
    pl: &Plain,
    compiled: &Compiled,
    now_attacked: &[bool],
    from: u16,
    man: Man,
) -> Vec<Candidate> {
    let us = pl.side;
    let cells = &pl.cells;
    let (a, l) = (square::dim(from), square::local(from));
    let base: u8 = if us == Player::White { 0 } else { 56 };
    let mut out = Vec::new();
    if man.kind != Kind::King || !man.unmoved || l != base + 4 || now_attacked[from as usize] {
        return out;
    }
    for b in 0..8 {
        let distance = a.abs_diff(b);
        let joined = (0..64).any(|p| portal(compiled, pl.phase, a, p) == Some(b));
        if usize::from(man.del) < distance || (b != a && !joined) {
            continue;
        }
        // (rook's file, files between that must be empty, file the king passes,
        // king's and rook's files after)
        for (rook_file, between, passes, king_to, rook_to) in [
            (7u8, &[5u8, 6][..], 5u8, 6u8, 5u8),
            (0, &[1, 2, 3], 3, 2, 3),
        ] {
            let rook_sq = square::at(b, base + rook_file);
            let rook_ok = cells[rook_sq as usize].is_some_and(|r| {
                r.kind == Kind::Rook
                    && r.colour == us
                    && r.unmoved
                    && usize::from(r.del) >= distance
            });
            let mut empty: Vec<u8> = between.iter().map(|f| base + f).collect();
            let mut safe = vec![base + passes];
            if b != a {
                empty.push(base + 4);
                safe.push(base + 4);
            }
            if rook_ok
                && empty.iter().all(|&s| cells[idx(b, s)].is_none())
                && safe.iter().all(|&s| !now_attacked[idx(b, s)])
            {
                out.push(Candidate {
                    from,
                    to: square::at(b, base + king_to),
                    promotion: None,
                    ep_victim: None,
                    rook: Some((rook_sq, square::at(b, base + rook_to))),
                });
            }
        }
    }
    out
}

/// The dimensional shift into `phase` (ruling 6.1.3): on each board, in square order, a
/// piece on a portal square of the new phase goes to the nearest empty non-portal square
/// (king distance, then file-and-rank distance, then rank distance from its owner's first
/// rank, then the lower file), a pawn never to a first or last rank. Returns how many pieces
/// moved.
fn shift(cells: &mut Cells, compiled: &Compiled, phase: usize) -> usize {
    let mut moved = 0;
    for d in 0..8 {
        for l in 0..64u8 {
            let Some(man) = cells[idx(d, l)] else {
                continue;
            };
            if portal(compiled, phase, d, l).is_none() {
                continue;
            }
            let (f, r) = (i32::from(l % 8), i32::from(l / 8));
            let best = (0..64u8)
                .filter(|&s| cells[idx(d, s)].is_none() && portal(compiled, phase, d, s).is_none())
                .filter(|&s| man.kind != Kind::Pawn || !matches!(s / 8, 0 | 7))
                .min_by_key(|&s| {
                    let (sf, sr) = (i32::from(s % 8), i32::from(s / 8));
                    let (df, dr) = ((sf - f).abs(), (sr - r).abs());
                    let home = if man.colour == Player::White {
                        sr
                    } else {
                        7 - sr
                    };
                    (df.max(dr), df + dr, home, sf)
                });
            if let Some(s) = best {
                cells[idx(d, s)] = cells[idx(d, l)].take();
                moved += 1;
            }
        }
    }
    moved
}

/// The conservation law (6.2, ruling C.1): from the game's 17th move on (16 plies played,
/// Light's 9th move, ruling C.2), a move ending on another board than it starts (through a
/// portal, or castling across boards) takes its piece's DEL out of the origin board's flow and into the target board's; it is
/// illegal when that leaves either flow beyond ±8 and further from 0 than before.
fn breaks_conservation(pl: &Plain, c: &Candidate) -> bool {
    let (a, b) = (square::dim(c.from), square::dim(c.to));
    if a == b || pl.ply < 16 {
        return false;
    }
    let del = i32::from(
        pl.cells[c.from as usize]
            .expect("a piece on the origin")
            .del,
    );
    let beyond = |before: i32, after: i32| after.abs() > 8 && after.abs() > before.abs();
    beyond(pl.flow[a], pl.flow[a] - del) || beyond(pl.flow[b], pl.flow[b] + del)
}

/// What the reference found in one position.
struct Verdict {
    /// The legal moves, by EDAN.
    legal: BTreeMap<String, Candidate>,
    /// The fewest of the mover's kings any candidate loses.
    fewest: usize,
    /// Pieces the shift moved, summed over the candidates (0 when no shift follows).
    shifted: usize,
    /// Candidates the conservation law forbids.
    unconserved: usize,
}

/// The legal moves by the reference: each candidate played on a copy (capture, en passant
/// victim, castling rook, promotion, and the shift when Dark's move ends the eighth full
/// turn), the mover's kings attacked afterwards removed until none is, and counted; a king's
/// move that loses that king is dropped; of the others, those losing the fewest kings are
/// legal, unless that is every king.
fn reference(game: &DmChess) -> Verdict {
    let compiled = game.compiled();
    let pl = plain(game);
    let us = pl.side;
    let kings = pl
        .cells
        .iter()
        .filter(|c| c.is_some_and(|m| m.colour == us && m.kind == Kind::King))
        .count();
    let shifts = us == Player::Black && pl.to_shift == 1;
    let mut shifted = 0;
    let mut unconserved = 0;
    let mut counted = Vec::new();
    for (text, c) in candidates(&pl, compiled) {
        if breaks_conservation(&pl, &c) {
            unconserved += 1;
            continue;
        }
        let mut cells = pl.cells;
        let mut man = cells[c.from as usize]
            .take()
            .expect("a piece on the origin");
        if let Some(v) = c.ep_victim {
            cells[v as usize] = None;
        }
        if let Some(k) = c.promotion {
            man.kind = k;
        }
        man.unmoved = false;
        man.mover = true;
        cells[c.to as usize] = Some(man);
        if let Some((rook_from, rook_to)) = c.rook {
            let mut rook = cells[rook_from as usize].take().expect("the castling rook");
            rook.unmoved = false;
            cells[rook_to as usize] = Some(rook);
        }
        let mut phase = pl.phase;
        if shifts {
            phase = (phase + 1) % compiled.phases.len();
            shifted += shift(&mut cells, compiled, phase);
        }
        // The kings left in check leave the game, one at a time, until none is (K.4).
        let mut lost = 0;
        loop {
            let map = attacked_squares(&cells, compiled, phase, us.opponent());
            let Some(s) = (0..512).find(|&s| {
                cells[s].is_some_and(|m| m.colour == us && m.kind == Kind::King) && map[s]
            }) else {
                break;
            };
            cells[s] = None;
            lost += 1;
        }
        let king_survives = cells.iter().flatten().any(|m| m.mover);
        if man.kind != Kind::King || king_survives {
            counted.push((text, c, lost));
        }
    }
    let fewest = counted.iter().map(|x| x.2).min().unwrap_or(usize::MAX);
    let legal = if fewest >= kings {
        BTreeMap::new()
    } else {
        counted
            .into_iter()
            .filter(|x| x.2 == fewest)
            .map(|(t, c, _)| (t, c))
            .collect()
    };
    Verdict {
        legal,
        fewest,
        shifted,
        unconserved,
    }
}

/// What the checked positions covered, counted on the reference's legal moves.
#[derive(Default, Debug)]
struct Coverage {
    /// Positions compared.
    positions: u64,
    /// Legal moves in them.
    moves: u64,
    /// Moves ending on another board than they start.
    dimensional: u64,
    /// Dimensional moves capturing an enemy piece.
    dimensional_captures: u64,
    /// Promotion moves (four per pawn move onto the last rank).
    promotions: u64,
    /// Castling moves, within or across boards.
    castlings: u64,
    /// Castlings with the rook of another board.
    cross_castlings: u64,
    /// En passant captures.
    en_passant: u64,
    /// Positions whose best moves still leave some king in check (ruling K.2).
    kings_lost: u64,
    /// Positions where Dark's move triggers the shift.
    shift_positions: u64,
    /// Pieces the shift relocated, over every candidate of those positions.
    shift_relocations: u64,
    /// Positions without a legal move.
    no_moves: u64,
    /// Moves the conservation law forbade.
    unconserved: u64,
}

/// The fast generator's moves as EDAN, checked for duplicates.
fn fast_moves(game: &DmChess) -> (Vec<Move>, BTreeSet<String>) {
    let mut list = Vec::new();
    game.decisions(&mut list);
    let set: BTreeSet<String> = list.iter().map(|&m| game.decision_text(m)).collect();
    assert_eq!(
        set.len(),
        list.len(),
        "a move listed twice in {}",
        game.position_text()
    );
    (list, set)
}

/// Compares the fast generator with the reference in the position of `game`, checks the
/// text round trip and that apply and undo of every move restore the hash; returns the
/// fast moves.
fn check_position(game: &mut DmChess, cov: &mut Coverage) -> Vec<Move> {
    let text = game.position_text();
    let (list, fast) = fast_moves(game);
    let verdict = reference(game);
    let reference_set: BTreeSet<String> = verdict.legal.keys().cloned().collect();
    if fast != reference_set {
        panic!(
            "the generator and the reference differ in\n{text}\nonly the generator: {:?}\nonly the reference: {:?}",
            fast.difference(&reference_set).collect::<Vec<_>>(),
            reference_set.difference(&fast).collect::<Vec<_>>()
        );
    }
    // Coverage, on the reference's moves.
    let pl = plain(game);
    cov.positions += 1;
    cov.moves += verdict.legal.len() as u64;
    cov.no_moves += u64::from(verdict.legal.is_empty());
    cov.unconserved += verdict.unconserved as u64;
    cov.kings_lost += u64::from(!verdict.legal.is_empty() && verdict.fewest > 0);
    if pl.side == Player::Black && pl.to_shift == 1 {
        cov.shift_positions += 1;
        cov.shift_relocations += verdict.shifted as u64;
    }
    for c in verdict.legal.values() {
        let crosses = square::dim(c.from) != square::dim(c.to);
        cov.dimensional += u64::from(crosses && c.rook.is_none());
        cov.dimensional_captures +=
            u64::from(crosses && c.rook.is_none() && pl.cells[c.to as usize].is_some());
        cov.promotions += u64::from(c.promotion.is_some());
        cov.castlings += u64::from(c.rook.is_some());
        cov.cross_castlings += u64::from(c.rook.is_some() && crosses);
        cov.en_passant += u64::from(c.ep_victim.is_some());
    }
    // The text reads back to itself, with the same hash as the incremental one.
    let again = DmChess::from_position_text(&text)
        .unwrap_or_else(|e| panic!("{text} does not read back: {e:?}"));
    assert_eq!(again.position_text(), text, "text round trip");
    assert_eq!(
        again.hash(),
        game.hash(),
        "hash of the read-back text at {text}"
    );
    // Apply then undo restores the hash for every move.
    let hash = game.hash();
    for &mv in &list {
        game.apply(mv);
        assert!(game.undo());
        assert_eq!(
            game.hash(),
            hash,
            "undo of {} at {text}",
            game.decision_text(mv)
        );
    }
    list
}

/// Plays `games` random games of up to `plies` plies from the start, checking every position;
/// at each ply the chosen move's EDAN parses back to it and its apply and undo restore the
/// text; undoing the whole game restores the start.
fn play_games(games: u32, plies: u32, seed: u64) -> Coverage {
    let mut cov = Coverage::default();
    let mut rng = StdRng::seed_from_u64(seed);
    let start = DmChess::start();
    let start_text = start.position_text();
    for _ in 0..games {
        let mut game = start.clone();
        let mut played = 0;
        for _ in 0..plies {
            let list = check_position(&mut game, &mut cov);
            if list.is_empty() || matches!(game.to_act(), ToAct::Nobody(_)) {
                break;
            }
            // Captures some of the time, so games reach sparse positions; dimensional moves
            // some of the time, so pieces spread over the boards.
            let captures: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| game.position().piece(m.to).is_some())
                .collect();
            let dimensional: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| square::dim(m.from) != square::dim(m.to))
                .collect();
            let roll: f64 = rng.gen_range(0.0..1.0);
            let pool = if roll < 0.4 && !captures.is_empty() {
                &captures
            } else if roll < 0.7 && !dimensional.is_empty() {
                &dimensional
            } else {
                &list
            };
            let mv = pool[rng.gen_range(0..pool.len())];
            let text = game.position_text();
            let edan = game.decision_text(mv);
            assert_eq!(game.parse_decision(&edan), Ok(mv), "{edan} at {text}");
            let hash = game.hash();
            game.apply(mv);
            assert!(game.undo());
            assert_eq!(game.position_text(), text, "undo of {edan}");
            assert_eq!(game.hash(), hash, "undo of {edan} at {text}");
            game.apply(mv);
            played += 1;
        }
        for _ in 0..played {
            assert!(game.undo());
        }
        assert_eq!(game.position_text(), start_text);
        assert!(!game.undo());
    }
    cov
}

/// The random games, played once and shared by the tests that read them.
fn games() -> &'static Coverage {
    static RUN: OnceLock<Coverage> = OnceLock::new();
    RUN.get_or_init(|| play_games(20, 120, 2024))
}

/// Every position of 20 random games of up to 120 plies from the start: the generator lists
/// exactly the reference's moves.
#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let cov = games();
    assert!(cov.positions > 2_000, "{cov:?}");
}

/// The same over 100 more games from another seed, in CI's run of the ignored tests.
#[test]
#[ignore = "slow: cargo test -p omnichess-variants --test variants -- --ignored dmchess_reference::"]
fn a_hundred_more_random_games_agree_with_the_reference() {
    let cov = play_games(100, 120, 4048);
    assert!(cov.positions > 10_000, "{cov:?}");
}

/// The games reach what the reference is for: dimensional moves and captures through
/// portals (which must occur), and — as they do with this seed — promotions, castling within
/// and across boards, Dark's moves that trigger the shift (moving pieces off the new
/// portals) and moves the conservation law forbids. En passant and positions where every
/// move leaves some king in check are rarer: printed, not asserted.
#[test]
fn the_reference_is_not_vacuous() {
    let cov = games();
    eprintln!("{cov:#?}");
    assert!(cov.dimensional > 1_000, "{cov:?}");
    assert!(cov.dimensional_captures > 100, "{cov:?}");
    assert!(cov.promotions > 0 && cov.castlings > 0, "{cov:?}");
    assert!(cov.cross_castlings > 0, "{cov:?}");
    assert!(
        cov.shift_positions > 40 && cov.shift_relocations > 0,
        "{cov:?}"
    );
    assert!(cov.unconserved > 0, "{cov:?}");
}

/// En passant, which random games reach rarely: onto a portal square (not allowed: no move
/// ends on a portal), by Light on D2, and by Dark on D3.
#[test]
fn en_passant_positions_agree_with_the_reference() {
    let start = DmChess::start().position_text();
    let boards: Vec<&str> = start
        .split_whitespace()
        .next()
        .unwrap()
        .split('|')
        .collect();
    let with = |d: usize, board: &str, rest: &str| {
        let mut b = boards.clone();
        b[d] = board;
        format!("{} {rest}", b.join("|"))
    };
    for (text, expected) in [
        // D1: Dark g7-g5 skipped g6, a portal to D2; the pawn on h5 may not take there.
        (
            with(
                0,
                "r1*n1b1q1k1*b1n1r1*/p1p1p1p1p1p11p1/8/6p1P1/8/8/P1P1P1P1P1P1P11/R1*N1B1Q1K1*B1N1R1*",
                "l d1g6 0 5 0/5 - - -",
            ),
            0,
        ),
        // D2: Dark h7-h5; g5 takes on h6.
        (
            with(
                1,
                "r2*n2b2q2k2*b2n2r2*/p2p2p2p2p2p2p21/8/6P2p2/8/8/P2P2P2P2P2P21P2/R2*N2B2Q2K2*B2N2R2*",
                "l d2h6 0 5 0/5 - - -",
            ),
            1,
        ),
        // D5: Light h2-h4; g4 takes on h3.
        (
            with(
                4,
                "r5*n5b5q5k5*b5n5r5*/p5p5p5p5p5p51p5/8/8/6p5P5/8/P5P5P5P5P5P5P51/R5*N5B5Q5K5*B5N5R5*",
                "d d5h3 0 5 0/5 - - -",
            ),
            1,
        ),
    ] {
        let mut game = DmChess::from_position_text(&text).expect("the position reads");
        let mut cov = Coverage::default();
        check_position(&mut game, &mut cov);
        assert_eq!(cov.en_passant, expected, "{text}");
    }
}
