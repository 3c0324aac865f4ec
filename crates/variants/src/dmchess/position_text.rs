//! The position text: the whole state, round-tripped.
//!
//! ```text
//! BOARD1|BOARD2|…|BOARD8 SIDE EP HALFMOVES FULLMOVE SHIFT RECHARGE FLOW DOMINANCE [PROFILE…]
//! ```
//!
//! * a board is eight FEN ranks (rank 8 first, file a first, digits for empty squares);
//!   a piece is its letter (upper case Light, lower case Dark), its DEL digit, `*` if it is
//!   a king or rook that has not moved, `~` and the boards it promoted on if it was a pawn
//!   (6.5.4: `~d3d5`; a bare `~` is the board it stands on), and `^` with the energy square
//!   it last drew from (`Q3`, `K1*`, `Q5~d1`, `n4^d2c3`);
//! * SIDE `l` or `d` (`w` and `b` read too); EP the en passant square (`d3e3`) or `-`;
//! * SHIFT `P/N`: the current entry of the shift table (0-based) and the full turns until
//!   the next shift (1–8; 1: the shift follows this full turn, and with Dark to move the
//!   notice of 6.1.2 is given);
//! * RECHARGE `-` or the energy squares still recharging with their turns left
//!   (`d1a3:2,d5b4:1`); FLOW `-` or eight integers, the DEL each board has gained less
//!   lost by dimensional moves (`0,-3,3,0,0,0,0,0`; the conservation law, 6.2); DOMINANCE `-`, `l`, `d` or `ld`: who controlled five dimensions
//!   when its last move ended and since, `L` or `D` for one that held them a full turn and
//!   won (7.2.3);
//! * `setup=l`, `setup=d` or `setup=ld` before the first move: who still distributes
//!   kings (5.1.3, `setup.rs`);
//! * PROFILE: the `portals=`, `energy=` and `shifts=` tokens when the profile is not the
//!   default one.

use omnichess_core::{Player, PositionError, PositionErrorKind};

use super::piece::{Kind, Piece};
use super::position::{Position, SHIFT_EVERY};
use super::profile::{Profile, short};
use super::square::{self, DIMENSIONS};
use super::state::DmChess;

/// The standard start (5.1.2, 4.3.1): the FIDE arrangement on every board, each piece's DEL
/// its board's number, Light to move.
pub(super) fn start_position() -> Position {
    const BACK: [Kind; 8] = [
        Kind::Rook,
        Kind::Knight,
        Kind::Bishop,
        Kind::Queen,
        Kind::King,
        Kind::Bishop,
        Kind::Knight,
        Kind::Rook,
    ];
    let mut pos = Position::empty();
    for d in 0..DIMENSIONS {
        let del = d as u8 + 1;
        for (player, back, pawns) in [(Player::White, 0u8, 1u8), (Player::Black, 7, 6)] {
            for (f, kind) in BACK.into_iter().enumerate() {
                let castles = matches!(kind, Kind::King | Kind::Rook);
                let piece = Piece::new(player, kind, del).with_unmoved(castles);
                pos.put(square::at(d, back * 8 + f as u8), piece);
                pos.put(
                    square::at(d, pawns * 8 + f as u8),
                    Piece::new(player, Kind::Pawn, del),
                );
            }
        }
    }
    pos
}

impl DmChess {
    /// Reads a position text (see the module documentation).
    /// `#` starts a comment to the end of its line, and `start` stands for the standard
    /// start's eight boards and counters (so `start` and a profile's tokens, as `--profile`
    /// writes, is the standard start with that profile).
    pub(super) fn from_text(text: &str) -> Result<DmChess, PositionError> {
        let mut words = text
            .lines()
            .flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace())
            .peekable();
        let standard = match words.peek() {
            Some(&"start") => {
                words.next();
                DmChess::new(start_position(), Profile::default_profile()).text()
            }
            _ => String::new(),
        };
        let fields: Vec<&str> = standard.split_whitespace().chain(words).collect();
        let setup = fields.iter().find_map(|f| f.strip_prefix("setup="));
        let (state, profile_tokens): (Vec<&str>, Vec<&str>) = fields
            .iter()
            .filter(|f| !f.starts_with("setup="))
            .partition(|f| !f.contains('='));
        if state.is_empty() {
            return Err(PositionError::syntax("empty position text"));
        }
        if state.len() != 9 {
            return Err(PositionError::syntax(format!(
                "a DMChess position has 9 fields before the profile (boards, side, en passant, \
                 halfmoves, fullmove, shift, recharge, flow, dominance); found {}",
                state.len()
            )));
        }
        let profile = if profile_tokens.is_empty() {
            Profile::default_profile()
        } else {
            Profile::parse(&profile_tokens.join(" "))?
        };
        let mut game = DmChess::new(Position::empty(), profile);
        let compiled = game.compiled.clone();
        let pos = &mut game.pos;
        read_shift(pos, state[5], &compiled)?;
        read_boards(pos, state[0], &compiled)?;
        pos.side = read_side(state[1])?;
        read_clocks(pos, state[3], state[4])?;
        read_recharge(pos, state[6], &compiled)?;
        read_flow(pos, state[7])?;
        pos.streak = read_dominance(state[8])?;
        read_ep(pos, state[2])?;
        read_setup(pos, setup)?;
        game.check()?;
        Ok(game)
    }

    /// Rules every position must keep: a king each, no pawn on its first or last rank, no
    /// piece on a portal, `*` only on kings and rooks at home, the side not to move not in
    /// check.
    fn check(&self) -> Result<(), PositionError> {
        let pos = &self.pos;
        let phase = &self.compiled.phases[pos.phase as usize];
        for player in Player::BOTH {
            if pos.kings(player).next().is_none() {
                return Err(PositionError::new(
                    PositionErrorKind::MissingKing,
                    format!("{} has no king", player_name(player)),
                ));
            }
        }
        for sq in 0..square::SQUARES as u16 {
            let Some(p) = pos.piece(sq) else { continue };
            let (d, l) = (square::dim(sq), square::local(sq));
            let name = square::name(sq);
            if phase.portals[d] >> l & 1 == 1 {
                return Err(PositionError::new(
                    PositionErrorKind::Placement,
                    format!("a piece stands on the portal {name} (4.2.4)"),
                ));
            }
            let rank = square::rank(l);
            if p.kind() == Kind::Pawn && (rank == 0 || rank == 7) {
                return Err(PositionError::new(
                    PositionErrorKind::PawnOnBackRank,
                    format!("a pawn stands on {name}, a first or last rank"),
                ));
            }
            if p.promoted() && matches!(p.kind(), Kind::Pawn | Kind::King) {
                return Err(PositionError::new(
                    PositionErrorKind::Placement,
                    format!(
                        "`~` on {name}: only a queen, rook, bishop or knight can have been a pawn"
                    ),
                ));
            }
            if p.unmoved() && !p.kind().castles_from(p.player(), l) {
                return Err(PositionError::new(
                    PositionErrorKind::Castling,
                    format!(
                        "`*` on {name}: only a king on its e-square or a rook in its corner can be unmoved"
                    ),
                ));
            }
        }
        let waiting = pos.side.opponent();
        if self.kings_in_check(waiting) > 0 {
            return Err(PositionError::new(
                PositionErrorKind::OppositeCheck,
                format!(
                    "{} is not to move but has a king in check",
                    player_name(waiting)
                ),
            ));
        }
        Ok(())
    }

    /// Writes the position text.
    pub(super) fn text(&self) -> String {
        let pos = &self.pos;
        let boards: Vec<String> = (0..DIMENSIONS).map(|d| board_text(self, d)).collect();
        let side = match pos.side {
            Player::White => "l",
            Player::Black => "d",
        };
        let ep = pos.ep.map_or("-".to_owned(), square::name);
        let recharge: Vec<String> = (0..64u8)
            .filter(|&i| pos.wait[i as usize] > 0)
            .filter_map(|i| {
                let sq = self.compiled.energy_square(i)?;
                Some(format!("{}:{}", square::name(sq), pos.wait[i as usize]))
            })
            .collect();
        let recharge = if recharge.is_empty() {
            "-".to_owned()
        } else {
            recharge.join(",")
        };
        let streak: String = [('l', 'L'), ('d', 'D')]
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| pos.streak >> i & 1 == 1)
            .map(|(i, (held, won))| {
                if pos.streak >> (2 + i) & 1 == 1 {
                    won
                } else {
                    held
                }
            })
            .collect();
        let streak = if streak.is_empty() {
            "-".to_owned()
        } else {
            streak
        };
        let flow = if pos.flow == [0; DIMENSIONS] {
            "-".to_owned()
        } else {
            let f: Vec<String> = pos.flow.iter().map(i16::to_string).collect();
            f.join(",")
        };
        let mut out = format!(
            "{} {side} {ep} {} {} {}/{} {recharge} {flow} {streak}",
            boards.join("|"),
            pos.halfmoves,
            pos.fullmoves,
            pos.phase,
            pos.to_shift
        );
        if pos.setup != 0 {
            out.push_str([" setup=l", " setup=d", " setup=ld"][pos.setup as usize - 1]);
        }
        if !self.compiled.profile.is_default() {
            out.push(' ');
            out.push_str(&self.compiled.profile.text());
        }
        out
    }
}

/// `light` or `dark`.
pub(super) fn player_name(player: Player) -> &'static str {
    match player {
        Player::White => "light",
        Player::Black => "dark",
    }
}

fn board_text(game: &DmChess, d: usize) -> String {
    let mut ranks = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..8u8 {
            match game.pos.piece(square::at(d, rank * 8 + file)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.letter());
                    s.push(char::from(b'0' + p.del()));
                    if p.unmoved() {
                        s.push('*');
                    }
                    if p.promoted() {
                        s.push('~');
                        for b in (0..DIMENSIONS).filter(|&b| p.promoted_on() >> b & 1 == 1) {
                            s.push('d');
                            s.push(char::from(b'1' + b as u8));
                        }
                    }
                    if let Some(sq) = p.last_energy().and_then(|e| game.compiled.energy_square(e)) {
                        s.push('^');
                        s.push_str(&square::name(sq));
                    }
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        ranks.push(s);
    }
    ranks.join("/")
}

fn read_boards(
    pos: &mut Position,
    text: &str,
    compiled: &super::profile::Compiled,
) -> Result<(), PositionError> {
    let boards: Vec<&str> = text.split('|').collect();
    if boards.len() != DIMENSIONS {
        return Err(PositionError::new(
            PositionErrorKind::Board,
            format!("expected 8 boards separated by `|`, found {}", boards.len()),
        ));
    }
    for (d, board) in boards.iter().enumerate() {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::new(
                PositionErrorKind::Board,
                format!(
                    "board D{} has {}, not 8",
                    d + 1,
                    omnichess_core::counted(ranks.len() as u64, "rank", "ranks")
                ),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                let place = format!("D{} rank {}", d + 1, rank + 1);
                if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += n as u8;
                } else if let Some(kind) = Kind::from_letter(c) {
                    let player = if c.is_ascii_uppercase() {
                        Player::White
                    } else {
                        Player::Black
                    };
                    let del = chars
                        .next()
                        .and_then(|d| d.to_digit(10))
                        .filter(|n| (1..=8).contains(n))
                        .ok_or_else(|| {
                            PositionError::syntax(format!(
                                "{place}: the piece `{c}` needs its DEL digit 1-8"
                            ))
                        })?;
                    let mut piece = Piece::new(player, kind, del as u8);
                    if chars.peek() == Some(&'*') {
                        chars.next();
                        piece = piece.with_unmoved(true);
                    }
                    if chars.peek() == Some(&'~') {
                        chars.next();
                        // 6.5.4 (ruling Q.1): the boards it promoted on, `~d3d5`; a bare
                        // `~` is the board it stands on.
                        let mut on = Vec::new();
                        while chars.peek() == Some(&'d') {
                            chars.next();
                            let b = chars
                                .next()
                                .and_then(|b| b.to_digit(10))
                                .filter(|n| (1..=8).contains(n))
                                .ok_or_else(|| {
                                    PositionError::syntax(format!(
                                        "{place}: `~` takes the boards a piece promoted on, \
                                         `d1` to `d8`"
                                    ))
                                })?;
                            on.push(b as usize - 1);
                        }
                        if on.is_empty() {
                            on.push(d);
                        }
                        for b in on {
                            piece = piece.with_promoted_on(b);
                        }
                    }
                    if chars.peek() == Some(&'^') {
                        chars.next();
                        let name: String = chars.by_ref().take(4).collect();
                        let index = square::parse(&name)
                            .map(|s| {
                                compiled.energy_index[square::dim(s)][square::local(s) as usize]
                            })
                            .filter(|&i| i != 255)
                            .ok_or_else(|| {
                                PositionError::new(
                                    PositionErrorKind::VariantRule,
                                    format!("{place}: `^{}` is not an energy square", short(&name)),
                                )
                            })?;
                        piece = piece.with_last_energy(Some(index));
                    }
                    if file > 7 {
                        return Err(PositionError::new(
                            PositionErrorKind::Board,
                            format!("{place} has more than 8 squares"),
                        ));
                    }
                    pos.put(square::at(d, rank * 8 + file), piece);
                    file += 1;
                } else {
                    return Err(PositionError::syntax(format!(
                        "{place}: `{c}` is not a piece letter (K Q R B N P) or a count 1-8"
                    )));
                }
                if file > 8 {
                    return Err(PositionError::new(
                        PositionErrorKind::Board,
                        format!("{place} has more than 8 squares"),
                    ));
                }
            }
            if file != 8 {
                return Err(PositionError::new(
                    PositionErrorKind::Board,
                    format!(
                        "D{} rank {} has {}, not 8",
                        d + 1,
                        rank + 1,
                        omnichess_core::counted(u64::from(file), "square", "squares")
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The SHIFT field `PHASE/TURNS`: the shift table's current entry and the full turns until the
/// next shift.
fn read_shift(
    pos: &mut Position,
    text: &str,
    compiled: &super::profile::Compiled,
) -> Result<(), PositionError> {
    let (phase, to_shift) = text
        .split_once('/')
        .and_then(|(p, n)| Some((p.parse::<u8>().ok()?, n.parse::<u8>().ok()?)))
        .filter(|&(p, n)| (p as usize) < compiled.phases.len() && (1..=SHIFT_EVERY).contains(&n))
        .ok_or_else(|| {
            PositionError::new(
                PositionErrorKind::Counters,
                format!(
                    "shift `{}`: expected PHASE/TURNS, phase below {} and 1-8 turns",
                    short(text),
                    compiled.phases.len()
                ),
            )
        })?;
    pos.phase = phase;
    pos.to_shift = to_shift;
    Ok(())
}

/// The SIDE field: `l` or `d` (`w` and `b` read too).
fn read_side(text: &str) -> Result<Player, PositionError> {
    match text {
        "l" | "w" => Ok(Player::White),
        "d" | "b" => Ok(Player::Black),
        other => Err(PositionError::syntax(format!(
            "side `{}`: expected l or d",
            short(other)
        ))),
    }
}

/// The HALFMOVES and FULLMOVE fields.
fn read_clocks(pos: &mut Position, halfmoves: &str, fullmove: &str) -> Result<(), PositionError> {
    pos.halfmoves = halfmoves.parse().map_err(|_| {
        PositionError::new(
            PositionErrorKind::Counters,
            format!("halfmove clock `{}` is not a number", short(halfmoves)),
        )
    })?;
    pos.fullmoves = fullmove
        .parse()
        .ok()
        .filter(|&n: &u32| n >= 1)
        .ok_or_else(|| {
            PositionError::new(
                PositionErrorKind::Counters,
                format!("fullmove number `{}` is not 1 or more", short(fullmove)),
            )
        })?;
    Ok(())
}

/// The FLOW field: `-` or the eight boards' flows.
fn read_flow(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let flows: Vec<Option<i16>> = text.split(',').map(|f| f.parse().ok()).collect();
    if flows.len() != DIMENSIONS || flows.iter().any(Option::is_none) {
        return Err(PositionError::syntax(format!(
            "flow `{}`: expected - or eight integers separated by commas",
            short(text)
        )));
    }
    for (slot, f) in pos.flow.iter_mut().zip(flows) {
        *slot = f.unwrap_or(0);
    }
    Ok(())
}

/// The DOMINANCE field as the position's streak bits: `-`, or `l` and/or `d` for a player
/// that controlled five dimensions since its last move ended, upper case (`L`, `D`) for one
/// that held them a full turn and won (7.2.3, ruling D.1).
fn read_dominance(text: &str) -> Result<u8, PositionError> {
    let bad = || {
        PositionError::syntax(format!(
            "dominance `{}`: expected -, l, d, ld, or L or D for a player that held five \
             dimensions a full turn (one at most)",
            short(text)
        ))
    };
    if text == "-" {
        return Ok(0);
    }
    let mut streak = 0u8;
    let mut rest = text.chars().peekable();
    for (i, held) in ['l', 'd'].into_iter().enumerate() {
        match rest.peek() {
            Some(&c) if c == held => streak |= 1 << i,
            Some(&c) if c == held.to_ascii_uppercase() => streak |= 1 << i | 4 << i,
            _ => continue,
        }
        rest.next();
    }
    if streak == 0 || rest.next().is_some() || streak >> 2 == 3 {
        return Err(bad());
    }
    Ok(streak)
}

/// The `setup=` token's value (5.1.3), which only a position before the first move whose side
/// to move still distributes kings may carry.
fn read_setup(pos: &mut Position, setup: Option<&str>) -> Result<(), PositionError> {
    pos.setup = match setup {
        None => 0,
        Some("l") => 1,
        Some("d") => 2,
        Some("ld") => 3,
        Some(other) => {
            return Err(PositionError::syntax(format!(
                "setup=`{}`: who still distributes kings (5.1.3): l, d or ld",
                short(other)
            )));
        }
    };
    if pos.setup != 0 && (pos.fullmoves != 1 || pos.ep.is_some()) {
        return Err(PositionError::new(
            PositionErrorKind::Phase,
            "setup= belongs before the first move (5.1.3)",
        ));
    }
    if pos.setup != 0 && !pos.distributing(pos.side) {
        return Err(PositionError::new(
            PositionErrorKind::Phase,
            "setup=: the side to move must be one still distributing kings",
        ));
    }
    Ok(())
}

fn read_recharge(
    pos: &mut Position,
    text: &str,
    compiled: &super::profile::Compiled,
) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    for item in text.split(',') {
        let (name, turns) = item.split_once(':').ok_or_else(|| {
            PositionError::syntax(format!("recharge `{}`: expected SQUARE:TURNS", short(item)))
        })?;
        let index = square::parse(name)
            .map(|s| compiled.energy_index[square::dim(s)][square::local(s) as usize])
            .filter(|&i| i != 255)
            .ok_or_else(|| {
                PositionError::new(
                    PositionErrorKind::VariantRule,
                    format!("recharge: `{}` is not an energy square", short(name)),
                )
            })?;
        pos.wait[index as usize] = turns
            .parse()
            .ok()
            .filter(|n| (1..=super::position::RECHARGE).contains(n))
            .ok_or_else(|| {
                PositionError::new(
                    PositionErrorKind::Counters,
                    format!("recharge `{}`: turns are 1-3", short(item)),
                )
            })?;
    }
    Ok(())
}

fn read_ep(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let sq = square::parse(text).ok_or_else(|| {
        PositionError::syntax(format!(
            "en passant `{}` is not a square like d3e3",
            short(text)
        ))
    })?;
    let (skipped_rank, pawn) = match pos.side {
        Player::White => (5, sq.wrapping_sub(8)),
        Player::Black => (2, sq + 8),
    };
    let pawn_ok = pos
        .piece(pawn)
        .is_some_and(|p| p.kind() == Kind::Pawn && p.player() != pos.side);
    if square::rank(square::local(sq)) != skipped_rank || pos.piece(sq).is_some() || !pawn_ok {
        return Err(PositionError::new(
            PositionErrorKind::EnPassant,
            format!("en passant {text}: no pawn of the side not to move has just skipped it"),
        ));
    }
    pos.ep = Some(sq);
    Ok(())
}
