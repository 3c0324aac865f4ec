//! Many tests at once: Holm's step-down correction. Of m two-sided tests at level α, sort the
//! p-values; the i-th smallest (from 1) rejects while p ≤ α / (m − i + 1), and the first that
//! does not stops the rest. It holds the chance of any false rejection among the m at α
//! (like Bonferroni's α / m for each, which it never rejects less than).

/// Which of the tests with `p_values` Holm's correction rejects at family-wise level `alpha`,
/// in the tests' order.
#[must_use]
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    let mut order: Vec<usize> = (0..p_values.len()).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut rejected = vec![false; p_values.len()];
    let m = p_values.len();
    for (rank, &i) in order.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let level = alpha / (m - rank) as f64;
        if p_values[i] > level {
            break;
        }
        rejected[i] = true;
    }
    rejected
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_steps_down_from_the_smallest_p_value() {
        // m = 4 at 5 %: levels 0.0125, 0.016 7, 0.025, 0.05. 0.01 and 0.015 pass, 0.03 > 0.025
        // stops, so 0.04 is not rejected though below 0.05 (Bonferroni: 0.01 only).
        assert_eq!(
            holm(&[0.04, 0.01, 0.03, 0.015], 0.05),
            [false, true, false, true]
        );
        assert_eq!(holm(&[0.2, 0.001], 0.05), [false, true]);
        assert!(holm(&[], 0.05).is_empty());
    }
}
