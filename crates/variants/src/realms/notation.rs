//! Move notation (rule R.6, the seed's letters): long algebraic `n2n4`, `e4w5`, castling as
//! the king's move `n1p1` (canonical, what `moves` prints), and for reading also castling as
//! the rook capturing its own king (`q1n1`, rule R.4), `O-O`/`O-O-O`, and SAN with the seed's
//! letters (`Nn4`, `Hm6`, `exw5`, `Wn4`, `Mt3`). SAN is written in game records.

use omnichess_core::{DecisionError, Game};

use super::piece::Kind;
use super::square;
use super::state::{Move, Realms, Special, king_home};

/// The text with check, mate and annotation marks removed.
fn bare(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

impl Realms {
    /// Long algebraic notation: origin then target (`n2n4`; castling `n1p1`).
    #[must_use]
    pub fn long_algebraic(&self, mv: Move) -> String {
        format!("{}{}", square::name(mv.from), square::name(mv.to))
    }

    /// Reads a move in long algebraic notation or SAN and checks that it is legal. A
    /// promotion suffix (`=G`) is read only on a move that changes its piece's kind, and must
    /// name the kind it becomes (ruling R.6.1: promotions are automatic).
    pub fn parse_move(&self, text: &str) -> Result<Move, DecisionError> {
        let s = bare(text);
        if s.is_empty() {
            return Err(DecisionError::unparsable(text, "empty move"));
        }
        let (body, suffix) = split_promotion(text, s)?;
        let mv = self.find_move(text, body)?;
        match (suffix, self.promoted_kind(mv)) {
            (None, _) => Ok(mv),
            (Some(written), Some(kind)) if written == kind => Ok(mv),
            (Some(written), Some(kind)) => Err(DecisionError::illegal(
                text,
                format!(
                    "{} makes a {} (automatically), not a {}: write `={}` or nothing",
                    self.long_algebraic(mv),
                    kind.name(),
                    written.name(),
                    kind.letter()
                ),
            )),
            (Some(written), None) => Err(DecisionError::illegal(
                text,
                format!(
                    "{} is not a promotion: write it without `={}`",
                    self.long_algebraic(mv),
                    written.letter()
                ),
            )),
        }
    }

    /// The legal move a text without its promotion suffix names: castling, long algebraic
    /// or SAN.
    fn find_move(&self, text: &str, s: &str) -> Result<Move, DecisionError> {
        let mut legal = Vec::new();
        self.decisions(&mut legal);
        if let Some(kingside) = match s {
            "O-O" | "0-0" => Some(true),
            "O-O-O" | "0-0-0" => Some(false),
            _ => None,
        } {
            return legal
                .iter()
                .copied()
                .find(|m| m.special == Special::Castle && (m.to > m.from) == kingside)
                .ok_or_else(|| DecisionError::illegal(text, "castling is not legal here"));
        }
        if let Some((from, to)) = long_form(s) {
            return self.find_long(text, &legal, from, to);
        }
        self.find_san(text, s, &legal)
    }

    fn find_long(
        &self,
        text: &str,
        legal: &[Move],
        from: u8,
        to: u8,
    ) -> Result<Move, DecisionError> {
        if let Some(&m) = legal.iter().find(|m| m.from == from && m.to == to) {
            return Ok(m);
        }
        // R.4: castling as the rook capturing its own king is a move of its own; when it is
        // not legal, it is refused by name (never played as the king's castling).
        let us = self.side;
        let home = king_home(us);
        let rook_here = self
            .board
            .piece(from)
            .is_some_and(|p| p.player == us && p.kind == Kind::Rook);
        if to == home && rook_here && (from == home + 3 || from == home - 4) {
            return Err(DecisionError::illegal(
                text,
                format!(
                    "{}{} (castling as the rook's move) is not legal here",
                    square::name(from),
                    square::name(to)
                ),
            ));
        }
        Err(DecisionError::illegal(text, self.why_not(from, to)))
    }

    /// Why no legal move goes from `from` to `to`, in a few words.
    fn why_not(&self, from: u8, to: u8) -> String {
        match self.board.piece(from) {
            None => format!("there is no piece on {}", square::name(from)),
            Some(p) if p.player != self.side => {
                format!("the piece on {} is not {}'s", square::name(from), self.side)
            }
            Some(p) => format!(
                "the {} on {} cannot move to {} here",
                p.kind.name(),
                square::name(from),
                square::name(to)
            ),
        }
    }

    fn find_san(&self, text: &str, s: &str, legal: &[Move]) -> Result<Move, DecisionError> {
        let readings = San::parse(s);
        let Some(san) = readings.first() else {
            return Err(DecisionError::unparsable(
                text,
                "expected a move such as `n2n4`, `Nn4`, `exw5` or `O-O` (see `help`)",
            ));
        };
        // `x` is both the capture sign and a file of the underworld (`Cxd3`: the scholar from
        // the x-file, or a scholar capturing): a move matching any reading counts.
        let mut matches: Vec<Move> = Vec::new();
        for reading in &readings {
            for &m in legal {
                if self.fits(reading, m) && !matches.contains(&m) {
                    matches.push(m);
                }
            }
        }
        match matches.as_slice() {
            [m] => Ok(*m),
            [] => Err(DecisionError::illegal(
                text,
                format!(
                    "no {} can move to {} here",
                    san.kind.name(),
                    square::name(san.to)
                ),
            )),
            _ => Err(DecisionError::illegal(
                text,
                format!(
                    "ambiguous: {} {}s can move to {}; add the origin's file or rank",
                    matches.len(),
                    san.kind.name(),
                    square::name(san.to)
                ),
            )),
        }
    }

    /// Whether the legal move `m` is the one `san` describes.
    fn fits(&self, san: &San, m: Move) -> bool {
        let capture = m.special == Special::EnPassant || self.board.piece(m.to).is_some();
        m.to == san.to
            && (!san.capture || capture)
            && self.board.piece(m.from).is_some_and(|p| p.kind == san.kind)
            && san
                .file
                .is_none_or(|f| square::file(m.from) == f.0 && square::realm(m.from) == f.1)
            && san.rank.is_none_or(|r| square::rank(m.from) == r)
    }

    /// The kind `mv` promotes to, if it promotes (or an angel falls: the fallen angel).
    #[must_use]
    pub fn promoted_kind(&self, mv: Move) -> Option<Kind> {
        let piece = self.board.piece(mv.from)?;
        let moves_as = if piece.kind == Kind::Fallen {
            self.last?
        } else {
            piece.kind
        };
        let after = Realms::kind_after(piece, moves_as, mv.to);
        (after != piece.kind).then_some(after)
    }

    /// Standard algebraic notation with the seed's letters: `Nn3`, `exw5`, `Hm6`,
    /// `n8=G`, `O-O`, with `+` for check and `#` for mate.
    #[must_use]
    pub fn san(&self, mv: Move) -> String {
        let Some(piece) = self.board.piece(mv.from) else {
            return self.long_algebraic(mv);
        };
        let mut out = String::new();
        if mv.special == Special::Castle {
            out.push_str(if mv.to > mv.from { "O-O" } else { "O-O-O" });
        } else {
            let capture = mv.special == Special::EnPassant || self.board.piece(mv.to).is_some();
            let origin = square::name(mv.from);
            if piece.kind == Kind::Pawn {
                if capture {
                    out.push_str(&origin[..1]);
                }
            } else {
                out.push(piece.kind.letter());
                let mut legal = Vec::new();
                self.decisions(&mut legal);
                let rivals: Vec<u8> = legal
                    .iter()
                    .filter(|m| {
                        m.to == mv.to
                            && m.from != mv.from
                            && self
                                .board
                                .piece(m.from)
                                .is_some_and(|p| p.kind == piece.kind)
                    })
                    .map(|m| m.from)
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|&r| square::name(r)[..1] == origin[..1]);
                    let same_rank = rivals
                        .iter()
                        .any(|&r| square::rank(r) == square::rank(mv.from));
                    if !same_file {
                        out.push_str(&origin[..1]);
                    } else if !same_rank {
                        out.push_str(&origin[1..]);
                    } else {
                        out.push_str(&origin);
                    }
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&square::name(mv.to));
            if let Some(kind) = self.promoted_kind(mv)
                && kind != Kind::Fallen
            {
                out.push('=');
                out.push(kind.letter());
            }
        }
        let mut after = self.clone();
        after.apply(mv);
        if after.in_check() {
            out.push(if after.has_legal_move() { '+' } else { '#' });
        }
        out
    }
}

/// A move text and its promotion suffix, if written: `=` and one of the seed's letters
/// (`n7n8=G` is `n7n8` and the grandmaster).
fn split_promotion<'a>(text: &str, s: &'a str) -> Result<(&'a str, Option<Kind>), DecisionError> {
    let Some((body, suffix)) = s.split_once('=') else {
        return Ok((s, None));
    };
    let mut letters = suffix.chars();
    match (letters.next(), letters.next()) {
        (Some(letter), None) => match Kind::from_letter(letter) {
            Some(kind) => Ok((body, Some(kind))),
            None => Err(DecisionError::unparsable(
                text,
                format!(
                    "`={letter}`: `{letter}` is not a piece letter (A B C D E F G H I K M N P Q R S W X)"
                ),
            )),
        },
        _ => Err(DecisionError::unparsable(
            text,
            format!("`={suffix}`: a promotion is written `=` and one piece letter, such as `=G`"),
        )),
    }
}

/// Two square names, optionally joined by `-` or `x`.
fn long_form(s: &str) -> Option<(u8, u8)> {
    let bytes = s.as_bytes();
    if bytes.len() < 4 || !bytes[0].is_ascii_lowercase() {
        return None;
    }
    let from = square::parse(s.get(..2)?)?;
    let rest = s.get(2..)?;
    // `x` separates as a capture sign, unless it is the target's file (`x2x3`).
    let to = square::parse(rest).or_else(|| square::parse(rest.strip_prefix(['-', 'x'])?))?;
    Some((from, to))
}

/// A SAN move read (its promotion suffix split off before): the kind, the origin's file
/// (with its realm) or rank if given, whether it is marked as a capture, the target.
struct San {
    kind: Kind,
    file: Option<(usize, square::Realm)>,
    rank: Option<usize>,
    capture: bool,
    to: u8,
}

impl San {
    /// The readings of a SAN text: none if it is not SAN, two when an `x` before the target
    /// may be the capture sign or the origin's file.
    fn parse(s: &str) -> Vec<San> {
        let Some((kind, middle, to)) = San::split(s) else {
            return Vec::new();
        };
        let mut readings = Vec::new();
        let mut reading = |origin: &[char], capture: bool| {
            if let Some((file, rank)) = San::origin(origin) {
                readings.push(San {
                    kind,
                    file,
                    rank,
                    capture,
                    to,
                });
            }
        };
        if let Some(rest) = middle.strip_suffix(&['x']) {
            reading(rest, true);
        }
        reading(&middle, false);
        readings
    }

    /// The kind letter, the characters between it and the target, the target.
    fn split(s: &str) -> Option<(Kind, Vec<char>, u8)> {
        let mut chars: Vec<char> = s.chars().collect();
        let kind = match chars.first() {
            Some(c) if c.is_ascii_uppercase() => {
                let k = Kind::from_letter(*c)?;
                chars.remove(0);
                k
            }
            _ => Kind::Pawn,
        };
        if chars.len() < 2 {
            return None;
        }
        let target: String = chars[chars.len() - 2..].iter().collect();
        let to = square::parse(&target)?;
        chars.truncate(chars.len() - 2);
        Some((kind, chars, to))
    }

    /// The origin's file (with its realm) and rank written before the target.
    #[allow(clippy::type_complexity)]
    fn origin(chars: &[char]) -> Option<(Option<(usize, square::Realm)>, Option<usize>)> {
        let (mut file, mut rank) = (None, None);
        for &c in chars {
            if let Some(f) = square::file_of_letter(c) {
                if file.is_some() || rank.is_some() {
                    return None;
                }
                file = Some(f);
            } else if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if rank.is_some() {
                    return None;
                }
                rank = Some(d as usize - 1);
            } else {
                return None;
            }
        }
        Some((file, rank))
    }
}
