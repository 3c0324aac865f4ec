//! The piece values a variant's rule text claims ([`omnichess_core::ClaimedValue`]) beside the
//! values fitted from self-play ([`super::values::Values`]): for each, whether the claim lies
//! inside the fitted 95 % interval in pawns (the delta method's), and, the claims being many
//! tests at once, which of them Holm's correction still finds contradicted
//! ([`crate::multiple`]).

use std::fmt::Write as _;

use omnichess_core::ClaimedValue;
use serde::Serialize;

use super::multiple::holm;
use super::normal::two_sided_p;
use super::values::Values;

/// One claim beside the fit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimCheck {
    /// The kind.
    pub kind: String,
    /// The claimed value in pawns; `None` for a claim of order only.
    pub claimed: Option<f64>,
    /// The text's words.
    pub words: String,
    /// Where the text says it.
    pub clause: String,
    /// The fitted value in pawns and its 95 % interval, where the kind was fitted and the
    /// pawn's own weight is shown above zero (a ratio to a weight that may be nothing means
    /// nothing).
    pub fitted: Option<[f64; 3]>,
    /// The kind's fitted weight in log-odds per piece and its interval, where it was fitted.
    pub log_odds: Option<[f64; 3]>,
    /// For a number claimed: `inside`, `above` (the claim is above the interval) or `below`.
    /// For an order claimed (no number), the fit set against the pawn: `more than a pawn`
    /// (the interval above 1), `less than a pawn` (below 1) or `a pawn within` (the interval
    /// holds 1: equal within [`ClaimCheck::margin`]), for the reader to hold against the
    /// text's words. `untested`: the kind not fitted, the pawn itself, or no pawn unit.
    pub verdict: &'static str,
    /// For `a pawn within`: the largest distance, in pawns, of the interval's ends from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// The two-sided p-value of "the value is the claimed one", where tested.
    pub p_value: Option<f64>,
    /// Whether the claim stays contradicted with Holm's correction over every claim tested.
    pub contradicted_by_holm: bool,
}

impl ClaimCheck {
    /// Each of `claims` beside `fit`.
    #[must_use]
    pub fn of(fit: &Values, claims: &[ClaimedValue]) -> Vec<ClaimCheck> {
        let pawn_shown = fit
            .values
            .iter()
            .any(|v| v.kind == "pawn" && v.log_odds_low > 0.0);
        let mut checks: Vec<ClaimCheck> = claims
            .iter()
            .map(|claim| {
                let value = fit.values.iter().find(|v| v.kind == claim.kind);
                let fitted = value
                    .filter(|_| pawn_shown)
                    .and_then(|v| Some([v.pawns?, v.pawns_low?, v.pawns_high?]));
                let p_value = match (claim.value, value.filter(|_| pawn_shown)) {
                    (Some(c), Some(v)) => match (v.pawns, v.pawns_se) {
                        // The pawn itself is the unit (1, no spread): nothing to test.
                        (Some(p), Some(se)) if se > 0.0 => Some(two_sided_p((p - c) / se)),
                        _ => None,
                    },
                    _ => None,
                };
                let order = claim.value.is_none() && claim.kind != "pawn";
                let verdict = match (claim.value, fitted) {
                    (Some(c), Some([_, low, _])) if c < low => "below",
                    (Some(c), Some([_, _, high])) if c > high => "above",
                    (Some(_), Some(_)) => "inside",
                    (None, Some([_, low, _])) if order && low > 1.0 => "more than a pawn",
                    (None, Some([_, _, high])) if order && high < 1.0 => "less than a pawn",
                    (None, Some(_)) if order => "a pawn within",
                    _ => "untested",
                };
                let margin = fitted
                    .filter(|_| verdict == "a pawn within")
                    .map(|[_, low, high]| (1.0 - low).max(high - 1.0));
                ClaimCheck {
                    kind: claim.kind.to_owned(),
                    claimed: claim.value,
                    words: claim.words.to_owned(),
                    clause: claim.clause.to_owned(),
                    fitted,
                    log_odds: value.map(|v| [v.log_odds, v.log_odds_low, v.log_odds_high]),
                    verdict,
                    margin,
                    p_value,
                    contradicted_by_holm: false,
                }
            })
            .collect();
        let tested: Vec<usize> = (0..checks.len())
            .filter(|&i| checks[i].p_value.is_some())
            .collect();
        let p_values: Vec<f64> = tested.iter().filter_map(|&i| checks[i].p_value).collect();
        for (&i, rejected) in tested.iter().zip(holm(&p_values, 0.05)) {
            checks[i].contradicted_by_holm = rejected;
        }
        checks
    }

    /// The lines of a report for people: the claims, grouped under their clause.
    #[must_use]
    pub fn report(checks: &[ClaimCheck]) -> String {
        let mut out = String::new();
        let mut clause = "";
        for c in checks {
            if c.clause != clause {
                clause = &c.clause;
                let _ = writeln!(out, "claimed by the rule text ({clause}):");
            }
            let fitted = match (c.fitted, c.log_odds) {
                (Some([p, lo, hi]), _) => format!("fitted {p:.2} pawns ({lo:.2} to {hi:.2})"),
                (None, Some([w, lo, hi])) => format!("fitted log-odds {w:.3} ({lo:.3} to {hi:.3})"),
                (None, None) => "not fitted (never unequal)".to_owned(),
            };
            let verdict = match (c.verdict, c.margin) {
                ("inside", _) => "inside the interval".to_owned(),
                ("above", _) => "above the interval".to_owned(),
                ("below", _) => "below the interval".to_owned(),
                ("a pawn within", Some(m)) => format!("worth a pawn within ±{m:.2}"),
                ("more than a pawn" | "less than a pawn", _) => {
                    format!("worth {} (the interval leaves out 1)", c.verdict)
                }
                _ => "untested".to_owned(),
            };
            let _ = writeln!(out, "  {}: {}  {fitted}: {verdict}", c.kind, c.words);
        }
        let tested = checks.iter().filter(|c| c.p_value.is_some()).count();
        if tested > 1 {
            let held: Vec<&str> = checks
                .iter()
                .filter(|c| c.contradicted_by_holm)
                .map(|c| c.kind.as_str())
                .collect();
            let _ = writeln!(
                out,
                "  {tested} claims tested at once: Holm's correction at the family-wise 5% level \
                 leaves {} contradicted{}",
                held.len(),
                if held.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", held.join(", "))
                }
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Value;

    fn value(kind: &str, log_odds: [f64; 3], pawns: Option<[f64; 3]>) -> Value {
        Value {
            kind: kind.to_owned(),
            log_odds: log_odds[0],
            log_odds_low: log_odds[1],
            log_odds_high: log_odds[2],
            p_value: 0.01,
            shown_by_holm: true,
            pawns: pawns.map(|p| p[0]),
            pawns_low: pawns.map(|p| p[1]),
            pawns_high: pawns.map(|p| p[2]),
            pawns_se: pawns.map(|p| (p[2] - p[1]) / 2.0 / crate::stats::Z95),
            unequal_samples: 10,
        }
    }

    /// A fit of ten games with these values.
    fn fit_of(values: Vec<Value>) -> Values {
        Values {
            games: 10,
            samples: 100,
            capped_left_out: 0,
            repeats_left_out: 0,
            unquiet_left_out: 0,
            band: None,
            band_rounds: 0,
            outside_band_left_out: 0,
            outside_band_kinds: Vec::new(),
            every: 1,
            quiet: 2,
            intercept: 0.0,
            kinds_shown: 3,
            values,
            claims: Vec::new(),
        }
    }

    const fn claim(kind: &'static str, value: Option<f64>, words: &'static str) -> ClaimedValue {
        ClaimedValue {
            kind,
            value,
            words,
            clause: "Notes",
        }
    }

    #[test]
    fn an_order_claimed_is_set_against_the_pawn_with_a_margin_where_level() {
        let fit = fit_of(vec![
            value("queen", [0.9, 0.6, 1.2], Some([9.0, 6.0, 12.0])),
            value("rook", [0.05, 0.02, 0.08], Some([0.5, 0.2, 0.8])),
            value("knight", [0.1, 0.05, 0.15], Some([1.1, 0.7, 1.6])),
            value("pawn", [0.1, 0.05, 0.15], Some([1.0, 1.0, 1.0])),
        ]);
        let claims = [
            claim("queen", None, "a major: below the pawn"),
            claim("rook", None, "a major: below the pawn"),
            claim("knight", None, "a minor"),
            claim("pawn", None, "pawns > majors"),
        ];
        let checks = ClaimCheck::of(&fit, &claims);
        let verdicts: Vec<&str> = checks.iter().map(|c| c.verdict).collect();
        assert_eq!(
            verdicts,
            [
                "more than a pawn",
                "less than a pawn",
                "a pawn within",
                "untested"
            ]
        );
        let margin = checks[2].margin.expect("a margin");
        assert!((margin - 0.6).abs() < 1e-12, "{margin}");
        let report = ClaimCheck::report(&checks);
        assert!(
            report.contains(
                "  queen: a major: below the pawn  fitted 9.00 pawns (6.00 to 12.00): worth more than a pawn (the interval leaves out 1)\n"
            ),
            "{report}"
        );
        assert!(report.contains(": worth a pawn within ±0.60\n"), "{report}");
    }

    #[test]
    fn a_claim_is_inside_above_or_below_the_fitted_interval_or_untested() {
        let fit = fit_of(vec![
            value("queen", [0.9, 0.6, 1.2], Some([9.0, 6.0, 12.0])),
            value("rook", [0.3, 0.2, 0.4], Some([3.0, 2.0, 4.0])),
            value("pawn", [0.1, 0.05, 0.15], Some([1.0, 0.5, 1.5])),
        ]);
        let claims = [
            claim("queen", Some(8.0), "8*"),
            claim("rook", Some(6.0), "6*"),
            claim("pawn", Some(0.25), "¼"),
            claim("fiend", Some(12.0), "12*"),
            claim("pawn", None, "pawns > majors"),
        ];
        let checks = ClaimCheck::of(&fit, &claims);
        let verdicts: Vec<&str> = checks.iter().map(|c| c.verdict).collect();
        assert_eq!(
            verdicts,
            ["inside", "above", "below", "untested", "untested"]
        );
        assert_eq!(checks[0].fitted, Some([9.0, 6.0, 12.0]));
        // Three claims tested: rook 6 against 3 ± 1 (z = 5.88, p 4e-9) and pawn ¼ against
        // 1 ± 0.5 (z = 2.94, p 0.003 283, SciPy's 2 norm.sf) stay below Holm's 0.05/3 and 0.05/2; queen 8 against
        // 9 ± 3 (p 0.51) does not.
        let held: Vec<bool> = checks.iter().map(|c| c.contradicted_by_holm).collect();
        assert_eq!(held, [false, true, true, false, false]);
        let p = checks[2].p_value.expect("tested");
        assert!((p - 0.003_282_695).abs() < 1e-8, "{p}");
        assert!(
            ClaimCheck::report(&checks).ends_with(
                "  3 claims tested at once: Holm's correction at the family-wise 5% level leaves 2 \
                 contradicted (rook, pawn)\n"
            ),
            "{}",
            ClaimCheck::report(&checks)
        );
        assert_eq!(checks[3].log_odds, None);
        assert_eq!(
            ClaimCheck::report(&checks[..2]),
            "claimed by the rule text (Notes):\n  queen: 8*  fitted 9.00 pawns (6.00 to 12.00): \
             inside the interval\n  rook: 6*  fitted 3.00 pawns (2.00 to 4.00): above the \
             interval\n  2 claims tested at once: Holm's correction at the family-wise 5% level \
             leaves 1 contradicted (rook)\n"
        );
        // With the pawn's weight not shown above zero, nothing is read in pawns.
        let mut weak = fit.clone();
        weak.values[2].log_odds_low = -0.01;
        let checks = ClaimCheck::of(&weak, &claims[..1]);
        assert_eq!((checks[0].verdict, checks[0].fitted), ("untested", None));
        assert!(
            ClaimCheck::report(&checks)
                .contains("fitted log-odds 0.900 (0.600 to 1.200): untested"),
            "{}",
            ClaimCheck::report(&checks)
        );
    }
}
