//! Die Chess position text: a FEN (whose side not to move may be in check: a forfeited turn
//! leaves it so, §4), then an optional die field (`die:fair`, `die:P,N,B,R,Q,K`; the default
//! die is not written) and, in mid-turn, a phase field: `roll` (a checked player chose to
//! roll), `king` (chose `[K!]`), `rolled:N` (the die showed a knight), `promote:e7e8` (a pawn
//! waits for its promotion roll), `taken` (a king has been captured: the game is over).

use cozy_chess::{Color, File, Move, Piece, Square};
use omnichess_core::{PositionError, PositionErrorKind};

use super::board::DiceBoard;
use super::die::Die;
use super::movegen::any_playable;
use super::state::{Core, Dice, Phase};
use crate::common::fen::{Setup, refuse};

impl Dice {
    /// Reads a Die Chess position text.
    pub fn from_text(text: &str) -> Result<Dice, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let fen_len = (4..=6.min(fields.len()))
            .rev()
            .find(|&n| n == 4 || fields[4..n].iter().all(|f| f.parse::<u32>().is_ok()))
            .ok_or_else(|| {
                PositionError::syntax(
                    "a Die Chess position is a FEN, then optional die and phase fields",
                )
            })?;
        let setup = Setup::parse(&fields[..fen_len].join(" "))?;
        // `taken` (the game ended by a king capture) is the one state with a king missing.
        let taken = fields[fen_len..].contains(&"taken");
        let problems = setup
            .problems()
            .into_iter()
            .filter(|p| !(taken && p.kind() == PositionErrorKind::MissingKing))
            .collect();
        refuse(problems)?;
        let board = DiceBoard::from_setup(&setup);
        if board.in_check(Color::White) && board.in_check(Color::Black) {
            return Err(PositionError::new(
                PositionErrorKind::ImpossibleCheck,
                "both kings are in check; at most one can be",
            ));
        }
        let mut rest = &fields[fen_len..];
        let mut die = Die::default();
        if let Some(field) = rest.first().filter(|f| f.starts_with("die:")) {
            die = Die::parse(field)?;
            rest = &rest[1..];
        }
        let mut core = Core {
            board,
            phase: Phase::Start,
            die,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            repeats: 1,
            occurrence: true,
            movable: any_playable(&board, die),
            key: board.hash(),
            turn: 0,
        };
        match rest {
            [] => {}
            [phase] => core.phase = parse_phase(&core, phase)?,
            [_, extra, ..] => {
                return Err(PositionError::syntax(format!(
                    "unexpected field `{extra}` at the end"
                )));
            }
        }
        Ok(Dice {
            now: core,
            earlier: Vec::new(),
            starts: Vec::new(),
        })
    }

    /// The position text of this position edited by the board editor: its FEN with `edits`
    /// made and `to_move` to move ([`Setup::edit`]), its die kept, at the start of a turn.
    pub(super) fn edited_text(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Result<String, PositionError> {
        let mut fields = vec![Setup::edit_text(&self.text(), edits, to_move)?];
        fields.extend(self.now.die.text());
        Ok(fields.join(" "))
    }

    /// Writes the position text.
    #[must_use]
    pub fn text(&self) -> String {
        let b = &self.now.board;
        let mut fields = vec![placement(b)];
        fields.push(if b.side() == Color::White { "w" } else { "b" }.to_owned());
        let rights: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(b.castling())
            .filter_map(|(&c, on)| on.then_some(c))
            .collect();
        fields.push(if rights.is_empty() {
            "-".to_owned()
        } else {
            rights
        });
        fields.push(b.en_passant().map_or("-".to_owned(), |s| s.to_string()));
        fields.push(self.now.halfmoves.to_string());
        fields.push(self.now.fullmoves.to_string());
        fields.extend(self.now.die.text());
        match self.now.phase {
            Phase::Start => {}
            Phase::KingTaken(_) => fields.push("taken".into()),
            Phase::Rolling => fields.push("roll".into()),
            Phase::KingOnly => fields.push("king".into()),
            Phase::Rolled(p) => {
                fields.push(format!("rolled:{}", char::from(p).to_ascii_uppercase()))
            }
            Phase::Promotion(mv) => fields.push(format!("promote:{}{}", mv.from, mv.to)),
        }
        fields.join(" ")
    }
}

fn placement(b: &DiceBoard) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::new(File::index(file), cozy_chess::Rank::index(rank));
            match (b.piece_on(sq), b.color_on(sq)) {
                (Some(p), Some(c)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let ch = char::from(p);
                    out.push(if c == Color::White {
                        ch.to_ascii_uppercase()
                    } else {
                        ch
                    });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn parse_phase(core: &Core, text: &str) -> Result<Phase, PositionError> {
    let b = &core.board;
    let checked = b.in_check(b.side());
    let phase = match text {
        "roll" | "king" if !checked => {
            return Err(PositionError::new(
                PositionErrorKind::Phase,
                format!("phase `{text}` needs the side to move in check"),
            ));
        }
        "roll" => Phase::Rolling,
        "taken" => match (b.king(Color::White), b.king(Color::Black)) {
            (None, Some(_)) => Phase::KingTaken(Color::White),
            (Some(_), None) => Phase::KingTaken(Color::Black),
            _ => {
                return Err(PositionError::new(
                    PositionErrorKind::Phase,
                    "phase `taken` needs exactly one king on the board",
                ));
            }
        },
        "king" => Phase::KingOnly,
        _ => {
            if let Some(letter) = text.strip_prefix("rolled:") {
                let piece = letter.to_ascii_lowercase().parse::<Piece>().map_err(|_| {
                    PositionError::syntax(format!(
                        "phase `{text}`: `{letter}` is not P, N, B, R, Q or K"
                    ))
                })?;
                if !core.die.can_roll(piece) {
                    return Err(PositionError::new(
                        PositionErrorKind::Phase,
                        format!(
                            "phase `{text}`: this die cannot roll {}",
                            letter.to_ascii_uppercase()
                        ),
                    ));
                }
                Phase::Rolled(piece)
            } else if let Some(squares) = text.strip_prefix("promote:") {
                let mv = squares
                    .get(..2)
                    .zip(squares.get(2..))
                    .and_then(|(f, t)| {
                        Some(Move {
                            from: f.parse().ok()?,
                            to: t.parse().ok()?,
                            promotion: None,
                        })
                    })
                    .ok_or_else(|| {
                        PositionError::syntax(format!("phase `{text}`: expected `promote:e7e8`"))
                    })?;
                let game = Dice {
                    now: Core {
                        phase: Phase::Rolled(Piece::Pawn),
                        ..*core
                    },
                    earlier: Vec::new(),
                    starts: Vec::new(),
                };
                let mut legal = false;
                game.moves_of(Piece::Pawn, |m| legal |= m == mv);
                if !legal || !game.reaches_last_rank(mv) {
                    return Err(PositionError::new(
                        PositionErrorKind::Phase,
                        format!("phase `{text}`: not a legal pawn move to the last rank"),
                    ));
                }
                Phase::Promotion(mv)
            } else {
                return Err(PositionError::syntax(format!(
                    "unknown field `{text}` (expected a die `die:…` or a phase: `roll`, `king`, \
                     `rolled:N`, `promote:e7e8`, `taken`)"
                )));
            }
        }
    };
    Ok(phase)
}
