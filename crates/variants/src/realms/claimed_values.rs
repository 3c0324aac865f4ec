//! The seed's table of relative piece values (its Notes, "Relative piece values"; ruling N.3)
//! as the values the rule text claims, for the balance lab to set beside the fitted ones.

use omnichess_core::ClaimedValue;

use super::piece::Kind;

/// Where the seed gives the table.
const CLAUSE: &str = "Notes, \"Relative piece values\" (a star: sufficient mating material \
                      against a bare king on Earth)";

/// The claim of `kind`: its value (the seed's, [`Kind::seed_value_sixths`]) and the words.
const fn claim(kind: Kind, words: &'static str) -> ClaimedValue {
    ClaimedValue {
        kind: kind.name(),
        value: Some(kind.seed_value_sixths() as f64 / 6.0),
        words,
        clause: CLAUSE,
    }
}

/// The table, in the seed's order.
pub(super) const CLAIMED: &[ClaimedValue] = &[
    claim(Kind::Pawn, "1"),
    claim(Kind::Imp, "1"),
    claim(Kind::Horse, "1⅓"),
    claim(Kind::Silver, "2"),
    claim(Kind::Fallen, "2"),
    claim(Kind::Warmachine, "3"),
    claim(Kind::Elephant, "3½"),
    claim(Kind::Bishop, "4"),
    claim(Kind::Knight, "5"),
    claim(Kind::Scholar, "5"),
    claim(Kind::Angel, "6*"),
    claim(Kind::Pegasus, "6"),
    claim(Kind::Rook, "6*"),
    claim(Kind::Queen, "8*"),
    claim(Kind::Fiend, "12*"),
    claim(Kind::Grandmaster, "14*"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_but_the_king_has_its_claim_and_the_words_say_the_value() {
        for kind in Kind::ALL {
            let claims: Vec<_> = CLAIMED.iter().filter(|c| c.kind == kind.name()).collect();
            assert_eq!(
                claims.len(),
                usize::from(kind != Kind::King),
                "{}",
                kind.name()
            );
        }
        for c in CLAIMED {
            let number = c.words.trim_end_matches('*');
            let read = match number {
                "1⅓" => 4.0 / 3.0,
                "3½" => 3.5,
                n => n.parse::<f64>().expect("a number"),
            };
            assert!((c.value.expect("a value") - read).abs() < 1e-12, "{c:?}");
        }
        let starred: Vec<&str> = CLAIMED
            .iter()
            .filter(|c| c.words.ends_with('*'))
            .map(|c| c.kind)
            .collect();
        assert_eq!(starred, ["angel", "rook", "queen", "fiend", "grandmaster"]);
        // The draw rule's stars (ruling R.5.1) are the table's.
        let mates: Vec<&str> = CLAIMED
            .iter()
            .filter_map(|c| Kind::ALL.into_iter().find(|k| k.name() == c.kind))
            .filter(|k| k.mates_alone())
            .map(Kind::name)
            .collect();
        assert_eq!(mates, starred);
    }
}
