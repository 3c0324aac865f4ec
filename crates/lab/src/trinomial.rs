//! The 95 % interval of a mean score that counts draws. A game scores 1, ½ or 0, so the score
//! is the mean of a trinomial variable, whose variance p(1 − p) − d/4 (p the mean, d the draw
//! rate) is smaller than a win-or-loss game's p(1 − p). The interval is the score (Rao)
//! interval of that mean: every p with n (m − p)² ≤ z² V(p), m the observed mean and V(p) the
//! variance of the trinomial of mean p that is likeliest for the games (its draw rate at its
//! maximum likelihood under that mean). Without draws this is Wilson's interval; it always
//! lies within 0 to 1, and a run of equal results still has a width (ten draws: 0.361 to
//! 0.639, where the Wald interval m ± z √(v/n) would be 0.5 to 0.5).

/// Bisection steps: each halves the bracket, so 200 reach a double's precision from any start.
const STEPS: usize = 200;

/// Wins, draws and losses (a both-lose game or an adjudicated draw is a draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games scoring 1.
    pub wins: u32,
    /// Games scoring ½.
    pub draws: u32,
    /// Games scoring 0.
    pub losses: u32,
}

impl Trinomial {
    /// Counts one more game that scored `points` (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The games.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score (½ without games).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The observed per-game variance of the score: Σ (x − m)² / n.
    #[must_use]
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let m = self.mean();
        (f64::from(self.wins) * (1.0 - m).powi(2)
            + f64::from(self.draws) * (0.5 - m).powi(2)
            + f64::from(self.losses) * m * m)
            / n
    }

    /// The score interval at the normal quantile `z` (0 to 1 without games).
    #[must_use]
    pub fn interval(&self, z: f64) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let m = self.mean();
        // Outside the interval where h > 0; h(m) ≤ 0, h(0) ≥ 0 and h(1) ≥ 0 (V is 0 there).
        let h = |p: f64| n * (m - p).powi(2) - z * z * self.likeliest_variance(p);
        let low = if m <= 0.0 { 0.0 } else { boundary(&h, 0.0, m) };
        let high = if m >= 1.0 { 1.0 } else { boundary(&h, 1.0, m) };
        (low.clamp(0.0, 1.0), high.clamp(0.0, 1.0))
    }

    /// The variance of the trinomial of mean `p` likeliest for these games:
    /// p(1 − p) − d/4, d the draw rate that maximises W ln w + D ln d + L ln l under
    /// w = p − d/2, l = 1 − p − d/2.
    fn likeliest_variance(&self, p: f64) -> f64 {
        (p * (1.0 - p) - self.likeliest_draw_rate(p) / 4.0).max(0.0)
    }

    fn likeliest_draw_rate(&self, p: f64) -> f64 {
        if self.draws == 0 || p <= 0.0 || p >= 1.0 {
            return 0.0;
        }
        let (w, d, l) = (
            f64::from(self.wins),
            f64::from(self.draws),
            f64::from(self.losses),
        );
        let top = 2.0 * p.min(1.0 - p);
        // The log-likelihood's slope in d: it falls from +∞ at 0; a term whose count is 0
        // adds nothing (and no division by a share that is 0 at the top).
        let slope = |x: f64| {
            let mut s = d / x;
            if w > 0.0 {
                s -= w / (2.0 * (p - x / 2.0));
            }
            if l > 0.0 {
                s -= l / (2.0 * (1.0 - p - x / 2.0));
            }
            s
        };
        let top_share = |count: f64, share: f64| count > 0.0 && share <= 0.0;
        if !(top_share(w, p - top / 2.0) || top_share(l, 1.0 - p - top / 2.0)) && slope(top) >= 0.0
        {
            return top;
        }
        let (mut lo, mut hi) = (0.0, top);
        for _ in 0..STEPS {
            let mid = (lo + hi) / 2.0;
            if mid <= lo || mid >= hi {
                break;
            }
            if slope(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (lo + hi) / 2.0
    }
}

/// The point between `outside` (h ≥ 0) and `inside` (h ≤ 0) where `h` changes sign.
fn boundary(h: &dyn Fn(f64) -> f64, outside: f64, inside: f64) -> f64 {
    let (mut out, mut inn) = (outside, inside);
    for _ in 0..STEPS {
        let mid = (out + inn) / 2.0;
        if mid == out || mid == inn {
            break;
        }
        if h(mid) > 0.0 {
            out = mid;
        } else {
            inn = mid;
        }
    }
    (out + inn) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Z95;

    fn t(wins: u32, draws: u32, losses: u32) -> Trinomial {
        Trinomial {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn without_draws_it_is_wilsons_interval() {
        // Wilson, 60 of 100: (p + z²/2n ± z √(p(1−p)/n + z²/4n²)) / (1 + z²/n)
        // = 0.502 002 587 to 0.690 598 714.
        let (low, high) = t(60, 0, 40).interval(Z95);
        assert!((low - 0.502_002_587).abs() < 1e-9, "{low}");
        assert!((high - 0.690_598_714).abs() < 1e-9, "{high}");
        // Ten wins of ten: n / (n + z²) = 10 / 13.841 459 = 0.722 467 to 1.
        let (low, high) = t(10, 0, 0).interval(Z95);
        assert!((low - 10.0 / (10.0 + Z95 * Z95)).abs() < 1e-12, "{low}");
        assert_eq!(high, 1.0);
    }

    #[test]
    fn all_draws_still_have_a_width() {
        // n draws: above ½ the likeliest trinomial of mean p has d = 2(1 − p), w = 2p − 1, so
        // V(p) = (1 − p)(p − ½) and n (p − ½)² = z² V(p) gives p = (n/2 + z²) / (n + z²):
        // for 10 draws 8.841 459 / 13.841 459 = 0.638 764, and 1 − that below.
        let (low, high) = t(0, 10, 0).interval(Z95);
        let by_hand = (5.0 + Z95 * Z95) / (10.0 + Z95 * Z95);
        assert!((high - by_hand).abs() < 1e-9, "{high} {by_hand}");
        assert!((low - (1.0 - by_hand)).abs() < 1e-9, "{low}");
        assert!((t(0, 10, 0).mean() - 0.5).abs() < 1e-15);
        assert_eq!(t(0, 10, 0).variance(), 0.0);
    }

    #[test]
    fn draws_narrow_the_interval_as_their_variance_says() {
        // 30 wins, 40 draws, 30 losses: mean ½, variance 0.6 · ¼ = 0.15 (a win-or-loss game's
        // ¼). At the ends the defining equation holds with the likeliest draw rate.
        let games = t(30, 40, 30);
        assert!((games.variance() - 0.15).abs() < 1e-15);
        let (low, high) = games.interval(Z95);
        assert!(
            (0.5 - low - (high - 0.5)).abs() < 1e-9,
            "symmetric: {low} {high}"
        );
        let h = high;
        assert!((100.0 * (0.5 - h).powi(2) - Z95 * Z95 * games.likeliest_variance(h)).abs() < 1e-9);
        // The draw rate at p: the slope 40/d − 30/(2(p − d/2)) − 30/(2(1 − p − d/2)) is 0.
        let d = games.likeliest_draw_rate(h);
        let slope = 40.0 / d - 15.0 / (h - d / 2.0) - 15.0 / (1.0 - h - d / 2.0);
        assert!(slope.abs() < 1e-6, "{slope}");
        // Close to the Wald interval ½ ± z √(0.15/100) = ½ ± 0.075 910 at this size, and
        // narrower than Wilson's on the points (½ ± 0.096 …).
        assert!((high - 0.5 - 0.075_910).abs() < 0.002, "{high}");
        let (wilson_low, _) = t(50, 0, 50).interval(Z95);
        assert!(wilson_low < low);
    }

    #[test]
    fn the_interval_is_that_of_an_independent_computation() {
        // The same definition computed apart, in Python with SciPy 1.17: the draw rate by
        // `minimize_scalar(method="bounded")` on the negative log-likelihood, each end by
        // `brentq` on n (m − p)² − z² V(p).
        for (games, ends) in [
            (t(30, 40, 30), (0.424_595_248, 0.575_404_752)),
            (t(12, 30, 8), (0.450_751_559, 0.627_186_811)),
            (t(45, 10, 5), (0.737_238_921, 0.896_758_474)),
        ] {
            let (low, high) = games.interval(Z95);
            assert!((low - ends.0).abs() < 1e-7, "{games:?}: {low}");
            assert!((high - ends.1).abs() < 1e-7, "{games:?}: {high}");
        }
    }

    #[test]
    fn no_games_say_nothing() {
        assert_eq!(Trinomial::default().interval(Z95), (0.0, 1.0));
        assert_eq!(t(0, 0, 5).interval(Z95).0, 0.0);
    }
}
