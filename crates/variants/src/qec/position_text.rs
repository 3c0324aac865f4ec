//! QEC position text: a FEN followed by the links field, and a phase field in mid-turn.
//!
//! * links: `e2~b8,d7~g1` (pawn square `~` partner square), `-` for a game without
//!   entanglement (classical chess), `~` for an entangled game whose links are all broken,
//!   `files` for the file mapping, `random:SEED` for a seeded random mapping, `draft` (or
//!   `draft:e2~b8,…` part-way) for a draft still to be made.
//! * phase (only in mid-turn): `reply:SQUARE` when the piece there owes its forced reply,
//!   `react:w` / `react:b` when the side to move must step its king out of check in a turn
//!   White / Black began.

use cozy_chess::{Color, Piece, Square};
use omnichess_core::{PositionError, PositionErrorKind};

use super::draft::random_mapping;
use super::links::{Links, file_mapping};
use super::state::{Core, Phase, Qec};
use crate::classic::Classic;
use crate::common::fen::Setup;

const LINKS_HELP: &str = "a QEC position is a FEN followed by the links field \
     (`e2~b8,d7~g1`, `-` for none, `files`, `random:SEED` or `draft`)";

impl Qec {
    /// Reads a QEC position text.
    pub fn from_text(text: &str) -> Result<Qec, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        // The links field is the first field after the FEN's four that is not a counter.
        let at = (4..fields.len())
            .find(|&i| fields[i].parse::<u32>().is_err())
            .ok_or_else(|| PositionError::syntax(LINKS_HELP))?;
        if at > 6 {
            return Err(PositionError::syntax(format!(
                "the FEN part has {at} fields; a FEN has 4 to 6"
            )));
        }
        let classic = Classic::from_fen(&fields[..at].join(" "))?;
        let board = classic.board().clone();
        let fullmoves = board.fullmove_number();
        let mut core = Core {
            board,
            links: Links::default(),
            phase: Phase::Move,
            entangled: true,
            mover: board_side(&classic),
            clock_reset: false,
            reacted: false,
            halfmoves: classic.halfmoves(),
            fullmoves,
            turn: 0,
            seed: None,
        };
        let links_field = fields[at];
        match links_field {
            "-" => core.entangled = false,
            "~" => {}
            "files" => core.links = file_mapping(&core.board),
            "draft" => core.phase = Phase::Draft,
            _ => {
                if let Some(seed) = links_field.strip_prefix("random:") {
                    let seed = seed.parse::<u64>().map_err(|_| {
                        PositionError::syntax(format!(
                            "`random:{seed}`: the seed must be a whole number"
                        ))
                    })?;
                    core.links = random_mapping(&core.board, seed);
                    core.seed = Some(seed);
                } else if let Some(list) = links_field.strip_prefix("draft:") {
                    core.links = parse_pairs(&core, list)?;
                    core.phase = Phase::Draft;
                } else {
                    core.links = parse_pairs(&core, links_field)?;
                }
            }
        }
        match (fields.get(at + 1), fields.get(at + 2)) {
            (_, Some(extra)) => {
                return Err(PositionError::syntax(format!(
                    "unexpected field `{extra}` at the end"
                )));
            }
            (Some(phase), None) => parse_phase(&mut core, phase)?,
            (None, None) => {
                if core.entangled && core.phase == Phase::Move && !core.board.checkers().is_empty()
                {
                    // §4: a king in check at the start answers at once.
                    core.mover = !core.board.side_to_move();
                    core.phase = Phase::Reactive;
                }
            }
        }
        if core.phase == Phase::Draft && core.draft_picker().is_none() {
            core.phase = Phase::Move;
        }
        Ok(Qec {
            now: core,
            earlier: Vec::new(),
        })
    }

    /// The position text of this position edited by the board editor: its FEN with `edits`
    /// made and `to_move` to move ([`Setup::edit`]), every link of an edited square dropped
    /// (the others kept), at the start of a turn.
    pub(super) fn edited_text(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Result<String, PositionError> {
        let text = self.text();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let fen = Setup::edit_text(&text, edits, to_move)?;
        let edited: Vec<String> = edits
            .iter()
            .filter_map(|e| Square::try_index(usize::from(e.cell.square)))
            .map(|sq| sq.to_string())
            .collect();
        let links = fields.get(6).copied().unwrap_or("-");
        let (prefix, pairs) = match links.strip_prefix("draft") {
            Some(rest) => ("draft", rest.trim_start_matches(':')),
            None => ("", links),
        };
        let kept: Vec<&str> = pairs
            .split(',')
            .filter(|pair| pair.contains('~') && pair.len() > 1)
            .filter(|pair| !pair.split('~').any(|sq| edited.iter().any(|e| e == sq)))
            .collect();
        let links = match (prefix, links, kept.is_empty()) {
            (_, "-", _) => "-".to_owned(),
            ("draft", _, true) => "draft".to_owned(),
            ("draft", _, false) => format!("draft:{}", kept.join(",")),
            (_, _, true) => "~".to_owned(),
            (_, _, false) => kept.join(","),
        };
        Ok(format!("{fen} {links}"))
    }

    /// Writes the position text.
    #[must_use]
    pub fn text(&self) -> String {
        let c = &self.now;
        let cozy = c.board.to_string();
        let mut fields: Vec<String> = cozy.split(' ').map(str::to_owned).collect();
        if fields.len() == 6 {
            fields[4] = c.halfmoves.to_string();
            fields[5] = c.fullmoves.to_string();
        }
        let pairs: Vec<String> = c
            .links
            .pairs(&c.board)
            .into_iter()
            .map(|(a, b)| format!("{a}~{b}"))
            .collect();
        let links = match (c.entangled, c.phase, pairs.is_empty()) {
            (false, _, _) => "-".to_owned(),
            (true, Phase::Draft, true) => "draft".to_owned(),
            (true, Phase::Draft, false) => format!("draft:{}", pairs.join(",")),
            (true, _, true) => "~".to_owned(),
            (true, _, false) => pairs.join(","),
        };
        fields.push(links);
        match c.phase {
            Phase::Reply(square) => fields.push(format!("reply:{square}")),
            Phase::Reactive => fields.push(format!("react:{}", color_letter(c.mover))),
            Phase::Move | Phase::Draft => {}
        }
        fields.join(" ")
    }
}

fn board_side(classic: &Classic) -> Color {
    classic.board().side_to_move()
}

fn color_letter(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn parse_square(text: &str, whole: &str) -> Result<Square, PositionError> {
    text.parse().map_err(|_| {
        PositionError::syntax(format!("link `{whole}`: `{text}` is not a square like e2"))
    })
}

fn parse_pairs(core: &Core, list: &str) -> Result<Links, PositionError> {
    let mut links = Links::default();
    if list.is_empty() {
        return Ok(links);
    }
    for pair in list.split(',') {
        let (a, b) = pair.split_once('~').ok_or_else(|| {
            PositionError::syntax(format!("link `{pair}` must be PAWNSQUARE~PARTNERSQUARE"))
        })?;
        let (pawn, partner) = (parse_square(a, pair)?, parse_square(b, pair)?);
        let board = &core.board;
        let (Some(Piece::Pawn), Some(color)) = (board.piece_on(pawn), board.color_on(pawn)) else {
            return Err(PositionError::new(
                PositionErrorKind::VariantRule,
                format!("link `{pair}`: there is no pawn on {pawn}"),
            ));
        };
        match (board.piece_on(partner), board.color_on(partner)) {
            (Some(Piece::King), _) => {
                return Err(PositionError::new(
                    PositionErrorKind::VariantRule,
                    format!("link `{pair}`: kings are never linked (§3.1)"),
                ));
            }
            (Some(Piece::Pawn), _) => {
                return Err(PositionError::new(
                    PositionErrorKind::VariantRule,
                    format!(
                        "link `{pair}`: a pawn's partner is an enemy officer (queen, rook, bishop or knight), never a pawn (§3.1)"
                    ),
                ));
            }
            (Some(_), Some(c)) if c != color => {}
            _ => {
                return Err(PositionError::new(
                    PositionErrorKind::VariantRule,
                    format!(
                        "link `{pair}`: {partner} must hold an enemy officer of the pawn on {pawn}"
                    ),
                ));
            }
        }
        for s in [pawn, partner] {
            if links.partner(s).is_some() {
                return Err(PositionError::new(
                    PositionErrorKind::VariantRule,
                    format!("link `{pair}`: {s} is already linked"),
                ));
            }
        }
        links.link(pawn, partner);
    }
    Ok(links)
}

fn parse_phase(core: &mut Core, text: &str) -> Result<(), PositionError> {
    if !core.entangled || core.phase == Phase::Draft {
        return Err(PositionError::new(
            PositionErrorKind::Phase,
            format!("phase `{text}` needs an entangled game in play"),
        ));
    }
    let side = core.board.side_to_move();
    if let Some(sq) = text.strip_prefix("reply:") {
        let square: Square = sq.parse().map_err(|_| {
            PositionError::syntax(format!("phase `{text}`: `{sq}` is not a square"))
        })?;
        if core.board.color_on(square) != Some(side) || !core.reply_is_open(square) {
            return Err(PositionError::new(
                PositionErrorKind::Phase,
                format!(
                    "phase `{text}`: {square} must hold a piece of the side to move that can \
                     move, its king not in check (§4: a king in check is answered by its step)"
                ),
            ));
        }
        core.phase = Phase::Reply(square);
        core.mover = !side;
    } else if let Some(c) = text.strip_prefix("react:") {
        core.mover = match c {
            "w" => Color::White,
            "b" => Color::Black,
            _ => {
                return Err(PositionError::syntax(format!(
                    "phase `{text}`: the turn's mover is `w` or `b`"
                )));
            }
        };
        if core.board.checkers().is_empty() {
            return Err(PositionError::new(
                PositionErrorKind::Phase,
                format!("phase `{text}`: the side to move is not in check"),
            ));
        }
        core.phase = Phase::Reactive;
    } else {
        return Err(PositionError::syntax(format!(
            "unknown phase `{text}` (expected `reply:SQUARE` or `react:w|b`)"
        )));
    }
    Ok(())
}
