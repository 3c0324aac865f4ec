//! How many games a precision needs. A mean of n samples of variance σ² has the 95 % interval
//! ± z σ / √n, so a half-width M needs n = (z σ / M)² samples, σ² read from a pilot's games or
//! a finished study's (draws included: a draw's half point has a smaller variance than a win
//! or a loss). The SPRT's expected length is in [`crate::sprt_plan`].

use crate::stats::Z95;

/// The half-width a study is planned for when none is asked: ±0.02 on a score.
pub const MARGIN: f64 = 0.02;

/// Samples of per-sample `variance` whose mean's 95 % interval has half-width `margin`:
/// ⌈(z σ / M)²⌉, at least 1.
#[must_use]
pub fn samples_for(variance: f64, margin: f64) -> u64 {
    let n = (Z95 * Z95 * variance.max(0.0) / (margin * margin)).ceil();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = n.min(1e18) as u64;
    n.max(1)
}

/// A report's closing line: what `variance` (of one `unit`) needs for ±[`MARGIN`] on `what`,
/// beside what the study's `samples` gave (`half`, its interval's half-width).
#[must_use]
pub fn line(what: &str, unit: &str, variance: f64, samples: u32, half: f64) -> String {
    format!(
        "planner: {what} varies {variance:.4} a {unit}: ±{MARGIN} needs {} {unit}s \
         (these {samples} give ±{half:.3})",
        samples_for(variance, MARGIN)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_needed_are_z_sigma_over_m_squared() {
        // A win-or-loss game at ½ varies ¼: (1.959 964 · ½ / 0.02)² = 2 400.85 → 2 401.
        assert_eq!(samples_for(0.25, 0.02), 2401);
        // Half the games drawn: ¼ − ½/4 = 0.125, half as many.
        assert_eq!(samples_for(0.125, 0.02), 1201);
        assert_eq!(
            samples_for(0.0, 0.02),
            1,
            "no variance: one game says it all"
        );
        assert_eq!(
            line("white's score", "game", 0.25, 100, 0.098),
            "planner: white's score varies 0.2500 a game: ±0.02 needs 2401 games \
             (these 100 give ±0.098)"
        );
    }
}
