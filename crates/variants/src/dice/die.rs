//! The die (§1): six faces, one per piece type, with weights. The text's "suggested
//! probabilities" are lost; it fixes only that Bishop, Rook, Queen and King together come up
//! 45 % of the time. Weights are whole numbers, so every probability is an exact ratio.

use cozy_chess::Piece;
use omnichess_core::{PositionError, PositionErrorKind};

/// The faces in table order.
pub const FACES: [Piece; 6] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
    Piece::King,
];

/// The faces a promotion roll keeps (§3: King and Pawn are rolled again).
pub const PROMOTION_FACES: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// A die: a weight per face (Pawn, Knight, Bishop, Rook, Queen, King).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    weights: [u32; 6],
}

impl Default for Die {
    /// The default die (docs/rules/dice.md): Pawn 30, Knight 25, Bishop 15, Rook 12, Queen 8,
    /// King 10 (per cent). Pawn + Knight = 55, the others 45, as the text requires.
    fn default() -> Die {
        Die {
            weights: [30, 25, 15, 12, 8, 10],
        }
    }
}

impl Die {
    /// A fair die: every face 1/6.
    pub const FAIR: Die = Die { weights: [1; 6] };

    /// The most the six weights may sum to: every total and share of the weights is then a
    /// `u32`, and exact as an `f64`.
    pub const MAX_TOTAL: u32 = u32::MAX;

    /// A die with these weights (Pawn, Knight, Bishop, Rook, Queen, King). Refused when no face
    /// has a weight, when no promotion piece has one, and when they sum to more than
    /// [`Die::MAX_TOTAL`].
    pub fn new(weights: [u32; 6]) -> Result<Die, PositionError> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total > u64::from(Die::MAX_TOTAL) {
            return Err(PositionError::new(
                PositionErrorKind::VariantRule,
                format!(
                    "a die's weights may sum to at most {} (these sum to {total})",
                    Die::MAX_TOTAL
                ),
            ));
        }
        if total == 0 {
            return Err(PositionError::new(
                PositionErrorKind::VariantRule,
                "a die needs at least one face with a weight",
            ));
        }
        if weights[1..5].iter().all(|&w| w == 0) {
            return Err(PositionError::new(
                PositionErrorKind::VariantRule,
                "a die must be able to roll a promotion piece (N, B, R or Q)",
            ));
        }
        Ok(Die { weights })
    }

    /// The probability of rolling `face`.
    #[must_use]
    pub fn probability(&self, face: Piece) -> f64 {
        f64::from(self.weights[face as usize]) / f64::from(self.total())
    }

    /// The sum of the weights: at most [`Die::MAX_TOTAL`] ([`Die::new`] refuses more), so it
    /// and every partial sum fit a `u32`.
    fn total(&self) -> u32 {
        self.weights.iter().sum()
    }

    /// The probability of `face` on a promotion roll: re-rolling King and Pawn until another
    /// face comes up is the same as rolling with only the other four faces, re-normalised.
    #[must_use]
    pub fn promotion_probability(&self, face: Piece) -> f64 {
        let total: u32 = PROMOTION_FACES
            .iter()
            .map(|&p| self.weights[p as usize])
            .sum();
        f64::from(self.weights[face as usize]) / f64::from(total)
    }

    /// The probability that the face is one of `faces`, as an exact ratio printed as a
    /// decimal (`45/100` → `0.45`).
    #[must_use]
    pub fn probability_of(&self, faces: impl Fn(Piece) -> bool) -> f64 {
        let (hit, total) = self.ratio_of(faces);
        f64::from(hit) / f64::from(total)
    }

    /// The probability that the face is one of `faces` as the exact ratio of weights
    /// (hit, total), not reduced (`(45, 100)` for B, R, Q, K on the default die).
    #[must_use]
    pub fn ratio_of(&self, faces: impl Fn(Piece) -> bool) -> (u32, u32) {
        let hit: u32 = FACES
            .iter()
            .filter(|&&f| faces(f))
            .map(|&f| self.weights[f as usize])
            .sum();
        (hit, self.total())
    }

    /// Whether `face` can come up.
    #[must_use]
    pub fn can_roll(&self, face: Piece) -> bool {
        self.weights[face as usize] > 0
    }

    /// The die's field in position text: empty for the default die, `die:fair`, or
    /// `die:P,N,B,R,Q,K` weights.
    #[must_use]
    pub fn text(&self) -> Option<String> {
        if *self == Die::default() {
            None
        } else if *self == Die::FAIR {
            Some("die:fair".into())
        } else {
            let w: Vec<String> = self.weights.iter().map(u32::to_string).collect();
            Some(format!("die:{}", w.join(",")))
        }
    }

    /// Reads a die field: `die:default`, `die:fair` or `die:P,N,B,R,Q,K` (six whole weights).
    pub fn parse(text: &str) -> Result<Die, PositionError> {
        let body = text.strip_prefix("die:").ok_or_else(|| {
            PositionError::syntax(format!("`{text}`: a die field starts with `die:`"))
        })?;
        match body {
            "default" => return Ok(Die::default()),
            "fair" => return Ok(Die::FAIR),
            _ => {}
        }
        let weights: Vec<u32> = body
            .split(',')
            .map(|w| w.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                PositionError::syntax(format!(
                    "`{text}`: expected `die:default`, `die:fair` or six whole weights \
                     `die:P,N,B,R,Q,K`"
                ))
            })?;
        let weights: [u32; 6] = weights.try_into().map_err(|_| {
            PositionError::syntax(format!("`{text}`: a die has six faces (P,N,B,R,Q,K)"))
        })?;
        Die::new(weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_die_rolls_bishop_rook_queen_or_king_45_per_cent_of_the_time() {
        let die = Die::default();
        let brqk = die.probability_of(|f| !matches!(f, Piece::Pawn | Piece::Knight));
        assert_eq!(brqk, 0.45);
        let total: f64 = FACES.iter().map(|&f| die.probability(f)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let promo: f64 = PROMOTION_FACES
            .iter()
            .map(|&f| die.promotion_probability(f))
            .sum();
        assert!((promo - 1.0).abs() < 1e-12);
        assert_eq!(die.promotion_probability(Piece::Queen), 8.0 / 60.0);
    }

    #[test]
    fn die_fields_round_trip_and_bad_ones_are_refused() {
        assert_eq!(Die::parse("die:fair"), Ok(Die::FAIR));
        assert_eq!(Die::parse("die:default"), Ok(Die::default()));
        let custom = Die::parse("die:1,2,3,4,5,6").expect("weights");
        assert_eq!(Die::parse(&custom.text().expect("not default")), Ok(custom));
        for bad in [
            "die:1,2,3",
            "die:a,b,c,d,e,f",
            "die:0,0,0,0,0,0",
            "die:5,0,0,0,0,5",
            "fair",
        ] {
            assert!(Die::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn s1_weights_that_sum_past_the_limit_are_refused_and_the_limit_itself_reads() {
        // The die (docs/rules/dice.md): the weights' sum is a u32, so one past it is refused
        // with the limit named, not wrapped round into nonsense odds.
        let err = Die::parse("die:1,2,3,4,5,4294967295").expect_err("overflows");
        assert_eq!(
            err.message(),
            "a die's weights may sum to at most 4294967295 (these sum to 4294967310)"
        );
        let most = Die::parse("die:0,1,0,0,0,4294967294").expect("sums to the limit");
        assert_eq!(
            most.probability(Piece::King),
            4_294_967_294.0 / 4_294_967_295.0
        );
        assert_eq!(
            most.ratio_of(|f| f == Piece::King),
            (4_294_967_294, 4_294_967_295)
        );
        assert_eq!(most.promotion_probability(Piece::Knight), 1.0);
    }
}
