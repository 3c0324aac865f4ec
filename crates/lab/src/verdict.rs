//! Three-way verdicts on a 95 % interval: it lies above the neutral value, below it, or holds
//! it, and then the figure is the neutral value within ±M, M the largest distance from the
//! neutral value of the interval's ends. So a verdict always answers: a small study answers
//! with a wide margin, never with "not shown".

use serde::Serialize;

/// Where an interval lies against the neutral value (½ for a score, 0 for a difference).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Wholly above it.
    Above,
    /// Wholly below it.
    Below,
    /// It holds the neutral value: within ±margin of it.
    Within,
}

/// A verdict: the side, and the margin the interval allows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ThreeWay {
    /// Where the interval lies.
    pub side: Side,
    /// The largest distance of the interval's ends from the neutral value.
    pub margin: f64,
}

impl ThreeWay {
    /// The verdict on the interval `low` to `high` against `neutral`.
    #[must_use]
    pub fn of(low: f64, high: f64, neutral: f64) -> ThreeWay {
        let side = if low > neutral {
            Side::Above
        } else if high < neutral {
            Side::Below
        } else {
            Side::Within
        };
        ThreeWay {
            side,
            margin: (low - neutral).abs().max((high - neutral).abs()),
        }
    }

    /// The verdict on a first player's score, the players named `names` (first mover first):
    /// "favours the first player (white)", "favours the second player (black)" or "balanced
    /// within ±0.041".
    #[must_use]
    pub fn on_score(&self, names: [&str; 2]) -> String {
        match self.side {
            Side::Above => format!("favours the first player ({})", names[0]),
            Side::Below => format!("favours the second player ({})", names[1]),
            Side::Within => format!("balanced within ±{:.3}", self.margin),
        }
    }

    /// The verdict on a difference B − A: "raises", "lowers" or "the same within ±0.030".
    #[must_use]
    pub fn on_difference(&self) -> String {
        match self.side {
            Side::Above => "raises".to_owned(),
            Side::Below => "lowers".to_owned(),
            Side::Within => format!("the same within ±{:.3}", self.margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_is_above_below_or_within_a_margin() {
        let names = ["white", "black"];
        let above = ThreeWay::of(0.52, 0.58, 0.5);
        assert_eq!(above.side, Side::Above);
        assert_eq!(above.on_score(names), "favours the first player (white)");
        assert_eq!(
            ThreeWay::of(0.40, 0.49, 0.5).on_score(names),
            "favours the second player (black)"
        );
        let within = ThreeWay::of(0.47, 0.541, 0.5);
        assert!((within.margin - 0.041).abs() < 1e-12);
        assert_eq!(within.on_score(names), "balanced within ±0.041");
        assert_eq!(ThreeWay::of(0.01, 0.04, 0.0).on_difference(), "raises");
        assert_eq!(ThreeWay::of(-0.04, -0.01, 0.0).on_difference(), "lowers");
        assert_eq!(
            ThreeWay::of(-0.03, 0.01, 0.0).on_difference(),
            "the same within ±0.030"
        );
        assert_eq!(
            ThreeWay::of(0.5, 0.6, 0.5).side,
            Side::Within,
            "an end at ½ does not leave ½ out"
        );
    }
}
