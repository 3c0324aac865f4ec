//! The profile: what the rulebook leaves to its missing appendices, as data — the portals
//! (2.3, 3.3), the energy squares (5.3) and the Dimensional Shift Table (6.1, Appendix A).
//!
//! A profile is up to four `key=value` tokens (`portals=`, `energy=`, `shifts=`, and `band=N`,
//! the conservation law's band: 6.2.1's ±8, never written); a key left out keeps the
//! default profile's value;
//! the file `default.profile` is the default, and the same tokens end a position text, so a position
//! carries its profile. [`Compiled`] holds, for every phase of the shift table, the portal
//! squares of each board and the dimension each leads to.

use std::fmt::Write as _;
use std::sync::LazyLock;

use super::position::CONSERVATION_BAND;
use super::profile_error::ProfileError;
use super::square::{self, DIMENSIONS};

/// The default profile's text.
pub const DEFAULT_TEXT: &str = include_str!("default.profile");

/// A transform of portal squares: one entry of the shift table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shift {
    /// The squares as listed.
    Id,
    /// Files mirrored (a↔h).
    Files,
    /// Ranks mirrored within ranks 3–6 (3↔6, 4↔5).
    Ranks,
    /// Both mirrors.
    Both,
}

impl Shift {
    const ALL: [(Shift, &'static str); 4] = [
        (Shift::Id, "id"),
        (Shift::Files, "files"),
        (Shift::Ranks, "ranks"),
        (Shift::Both, "both"),
    ];

    fn name(self) -> &'static str {
        Shift::ALL
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("id", |(_, n)| n)
    }

    /// The square `local` moved by the transform.
    #[must_use]
    pub fn apply(self, local: u8) -> u8 {
        let (f, r) = (square::file(local), square::rank(local));
        let mf = matches!(self, Shift::Files | Shift::Both);
        let mr = matches!(self, Shift::Ranks | Shift::Both);
        let f = if mf { 7 - f } else { f };
        let r = if mr { 7 - r } else { r };
        r * 8 + f
    }
}

/// A profile as written: portals by pair, energy squares by board, the shift table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    /// `(a, b, square)`: the square on boards `a` and `b` (indices, `a < b`) is a portal.
    pub portals: Vec<(u8, u8, u8)>,
    /// The energy squares of each board.
    pub energy: [u64; DIMENSIONS],
    /// The shift table, applied cyclically every 8 full turns.
    pub shifts: Vec<Shift>,
    /// The conservation law's band: a board's flow stays within ±`band` (6.2.1: 8).
    pub band: i16,
}

/// The portal layout of one phase of the shift table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The portal squares of each board.
    pub portals: [u64; DIMENSIONS],
    /// `[board][square]`: the board a portal leads to (meaningless off portals).
    pub link: [[u8; 64]; DIMENSIONS],
}

/// A profile compiled for move generation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The profile itself.
    pub profile: Profile,
    /// One layout per entry of the shift table.
    pub phases: Vec<Phase>,
    /// `[board][square]`: the energy square's index (board · 8 + its rank among the board's
    /// energy squares), or 255.
    pub energy_index: [[u8; 64]; DIMENSIONS],
}

/// Ranks that never hold a portal: the starting ranks 1, 2, 7 and 8.
const STARTING_RANKS: u64 = 0xFFFF_0000_0000_FFFF;

/// The default profile, read once.
static DEFAULT: LazyLock<Profile> = LazyLock::new(|| {
    Profile::parse(DEFAULT_TEXT).unwrap_or_else(|e| unreachable!("default profile: {e}"))
});

impl Profile {
    /// The default profile (`default.profile`).
    #[must_use]
    pub fn default_profile() -> Profile {
        DEFAULT.clone()
    }

    /// Whether this is the default profile.
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == *DEFAULT
    }

    /// Reads a profile: `portals=`, `energy=`, `shifts=` and `band=N` tokens (the
    /// conservation band, 1 to 99) separated by white space, `#` comments to the end of a
    /// line, each at most once. A profile states what it changes: a key left out keeps the
    /// default profile's value (the band: 6.2.1's 8).
    pub fn parse(text: &str) -> Result<Profile, ProfileError> {
        let mut portals = None;
        let mut energy = None;
        let mut shifts = None;
        let mut band = None;
        for token in text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
        {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| ProfileError::NotKeyValue(short(token)))?;
            let slot_taken = match key {
                "portals" => portals.replace(parse_portals(value)?).is_some(),
                "energy" => energy.replace(parse_energy(value)?).is_some(),
                "shifts" => shifts.replace(parse_shifts(value)?).is_some(),
                "band" => band.replace(parse_band(value)?).is_some(),
                _ => return Err(ProfileError::UnknownKey(short(key))),
            };
            if slot_taken {
                return Err(ProfileError::RepeatedKey(key.to_owned()));
            }
        }
        let profile = Profile {
            portals: portals.unwrap_or_else(|| DEFAULT.portals.clone()),
            energy: energy.unwrap_or_else(|| DEFAULT.energy),
            shifts: shifts.unwrap_or_else(|| DEFAULT.shifts.clone()),
            band: band.unwrap_or(CONSERVATION_BAND),
        };
        profile.check()?;
        Ok(profile)
    }

    /// The profile's tokens, as [`Profile::parse`] reads them.
    #[must_use]
    pub fn text(&self) -> String {
        let mut pairs: Vec<(u8, u8)> = Vec::new();
        for &(a, b, _) in &self.portals {
            if !pairs.contains(&(a, b)) {
                pairs.push((a, b));
            }
        }
        let portals: Vec<String> = pairs
            .iter()
            .map(|&(a, b)| {
                let squares: Vec<String> = self
                    .portals
                    .iter()
                    .filter(|p| (p.0, p.1) == (a, b))
                    .map(|p| square::local_name(p.2))
                    .collect();
                format!("{}-{}:{}", a + 1, b + 1, squares.join(","))
            })
            .collect();
        let mut energy = String::new();
        for (d, bits) in self.energy.iter().enumerate() {
            if d > 0 {
                energy.push(';');
            }
            let _ = write!(energy, "{}:", d + 1);
            let squares: Vec<String> = squares_of(*bits).map(square::local_name).collect();
            energy.push_str(&squares.join(","));
        }
        let shifts: Vec<&str> = self.shifts.iter().map(|s| s.name()).collect();
        let band = if self.band == CONSERVATION_BAND {
            String::new()
        } else {
            format!(" band={}", self.band)
        };
        format!(
            "portals={} energy={energy} shifts={}{band}",
            portals.join(";"),
            shifts.join(",")
        )
    }

    /// Every square of every phase is checked: no portal on a starting rank, no two portals
    /// on one square of a board, eight energy squares a board, no portal on an energy square.
    fn check(&self) -> Result<(), ProfileError> {
        if self.shifts.is_empty() {
            return Err(ProfileError::NoShifts);
        }
        for (d, bits) in self.energy.iter().enumerate() {
            if bits.count_ones() != 8 {
                return Err(ProfileError::EnergyCount {
                    board: d + 1,
                    count: bits.count_ones(),
                });
            }
        }
        for &shift in &self.shifts {
            let mut used = [0u64; DIMENSIONS];
            for &(a, b, sq) in &self.portals {
                let s = shift.apply(sq);
                let bit = 1u64 << s;
                let name = square::local_name(s);
                if bit & STARTING_RANKS != 0 {
                    return Err(ProfileError::PortalOnStartingRank {
                        a: a + 1,
                        b: b + 1,
                        square: name,
                    });
                }
                for d in [a, b] {
                    if used[d as usize] & bit != 0 {
                        return Err(ProfileError::TwoPortals {
                            board: d + 1,
                            square: name,
                        });
                    }
                    if self.energy[d as usize] & bit != 0 {
                        return Err(ProfileError::PortalOnEnergy {
                            board: d + 1,
                            square: name,
                        });
                    }
                    used[d as usize] |= bit;
                }
            }
        }
        Ok(())
    }

    /// The tables move generation reads.
    #[must_use]
    pub fn compile(self) -> Compiled {
        let phases = self
            .shifts
            .iter()
            .map(|&shift| {
                let mut phase = Phase {
                    portals: [0; DIMENSIONS],
                    link: [[0; 64]; DIMENSIONS],
                };
                for &(a, b, sq) in &self.portals {
                    let s = shift.apply(sq);
                    phase.portals[a as usize] |= 1 << s;
                    phase.portals[b as usize] |= 1 << s;
                    phase.link[a as usize][s as usize] = b;
                    phase.link[b as usize][s as usize] = a;
                }
                phase
            })
            .collect();
        let mut energy_index = [[255u8; 64]; DIMENSIONS];
        for (d, bits) in self.energy.iter().enumerate() {
            for (i, sq) in squares_of(*bits).enumerate() {
                energy_index[d][sq as usize] = (d * 8 + i) as u8;
            }
        }
        Compiled {
            profile: self,
            phases,
            energy_index,
        }
    }
}

impl Compiled {
    /// The board and square of energy square `index`.
    #[must_use]
    pub fn energy_square(&self, index: u8) -> Option<u16> {
        let d = index as usize / 8;
        let bits = *self.profile.energy.get(d)?;
        squares_of(bits)
            .nth(index as usize % 8)
            .map(|l| square::at(d, l))
    }

    /// The first phase of the shift table whose portals (squares and the boards they lead
    /// to) are those of `phase`: phases that differ only in name allow the same moves.
    #[must_use]
    pub fn layout_of(&self, phase: u8) -> u8 {
        let same = |a: &Phase, b: &Phase| {
            a.portals == b.portals
                && (0..DIMENSIONS).all(|d| {
                    squares_of(a.portals[d]).all(|l| a.link[d][l as usize] == b.link[d][l as usize])
                })
        };
        let Some(this) = self.phases.get(phase as usize) else {
            return phase;
        };
        self.phases
            .iter()
            .position(|p| same(p, this))
            .map_or(phase, |i| i as u8)
    }
}

/// The squares of a board's bit set, in increasing order.
pub fn squares_of(mut bits: u64) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            sq
        })
    })
}

/// At most 24 characters of `text` (errors never echo huge input).
pub(super) fn short(text: &str) -> String {
    match text.char_indices().nth(24) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

fn parse_squares(list: &str) -> Result<Vec<u8>, ProfileError> {
    list.split(',')
        .map(|s| square::parse_local(s).ok_or_else(|| ProfileError::NotASquare(short(s))))
        .collect()
}

fn parse_portals(value: &str) -> Result<Vec<(u8, u8, u8)>, ProfileError> {
    let mut out = Vec::new();
    for group in value.split(';').filter(|g| !g.is_empty()) {
        let (pair, squares) = group
            .split_once(':')
            .ok_or_else(|| ProfileError::PortalGroup(short(group)))?;
        let (a, b) = pair
            .split_once('-')
            .and_then(|(a, b)| Some((square::parse_dim(a)?, square::parse_dim(b)?)))
            .ok_or_else(|| ProfileError::NotAPair(short(pair)))?;
        if a == b {
            return Err(ProfileError::SelfPortal(a + 1));
        }
        let (a, b) = (a.min(b) as u8, a.max(b) as u8);
        for sq in parse_squares(squares)? {
            out.push((a, b, sq));
        }
    }
    Ok(out)
}

fn parse_energy(value: &str) -> Result<[u64; DIMENSIONS], ProfileError> {
    let mut energy = [0u64; DIMENSIONS];
    let mut seen = [false; DIMENSIONS];
    for group in value.split(';').filter(|g| !g.is_empty()) {
        let (d, squares) = group
            .split_once(':')
            .and_then(|(d, s)| Some((square::parse_dim(d)?, s)))
            .ok_or_else(|| ProfileError::EnergyGroup(short(group)))?;
        if std::mem::replace(&mut seen[d], true) {
            return Err(ProfileError::RepeatedEnergy(d + 1));
        }
        for sq in parse_squares(squares)? {
            energy[d] |= 1 << sq;
        }
    }
    Ok(energy)
}

fn parse_band(value: &str) -> Result<i16, ProfileError> {
    value
        .parse::<i16>()
        .ok()
        .filter(|band| (1..=99).contains(band))
        .ok_or_else(|| ProfileError::Band(short(value)))
}

fn parse_shifts(value: &str) -> Result<Vec<Shift>, ProfileError> {
    value
        .split(',')
        .map(|s| {
            Shift::ALL
                .iter()
                .find(|(_, n)| *n == s)
                .map(|(shift, _)| *shift)
                .ok_or_else(|| ProfileError::UnknownShift(short(s)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_profile_round_trips_and_keeps_3_3_1_proportions() {
        let p = Profile::default_profile();
        assert_eq!(Profile::parse(&p.text()), Ok(p.clone()));
        // 3.3.3 at 1/8 scale: 8/(Dist+1) portals per pair, rounded half up.
        for a in 0..8u8 {
            for b in a + 1..8 {
                let n = p.portals.iter().filter(|x| (x.0, x.1) == (a, b)).count();
                assert_eq!(
                    n,
                    [4, 3, 2, 2, 1, 1, 1][usize::from(b - a - 1)],
                    "D{}-D{}",
                    a + 1,
                    b + 1
                );
            }
        }
        let c = p.compile();
        assert_eq!(c.phases.len(), 4);
        for phase in &c.phases {
            let per_board: Vec<u32> = phase.portals.iter().map(|b| b.count_ones()).collect();
            assert_eq!(per_board, [14, 17, 19, 20, 20, 19, 17, 14]);
            for board in phase.portals {
                assert_eq!(board & STARTING_RANKS, 0, "2.3: never a starting rank");
            }
        }
    }

    #[test]
    fn the_band_is_written_only_when_not_the_rulebook_s() {
        let default = Profile::default_profile();
        assert_eq!(default.band, 8);
        assert!(!default.text().contains("band"));
        let wide = Profile::parse(&format!("{} band=12", default.text())).expect("band=12");
        assert_eq!(wide.band, 12);
        assert!(!wide.is_default());
        assert!(wide.text().ends_with(" band=12"), "{}", wide.text());
        assert_eq!(Profile::parse(&wide.text()), Ok(wide));
        let eight = Profile::parse(&format!("{} band=8", default.text())).expect("band=8");
        assert!(eight.is_default(), "band=8 is the default profile");
    }

    #[test]
    fn bad_profiles_are_refused_with_a_reason() {
        let good = Profile::default_profile().text();
        let cases = [
            (good.replace("1-2:d3", "1-2:d2"), "starting rank"),
            (good.replace("1-2:d3", "1-1:d3"), "to itself"),
            (
                good.replace("shifts=id,files,both,ranks", "shifts=spin"),
                "shift `spin`",
            ),
            (good.replace("1:a3,h3,", "1:"), "6 energy squares"),
            (good.replace("2-3:e4", "2-3:g6"), "two portals on D2 g6"),
            (format!("{good} colour=red"), "unknown key"),
            (format!("{good} band=0"), "band `0` is not a number 1-99"),
            (format!("{good} band=12 band=12"), "`band` given twice"),
            (good.replace("energy=", "energy=1:a3;"), "given twice"),
        ];
        for (text, expected) in cases {
            let err = Profile::parse(&text).unwrap_err().to_string();
            assert!(err.contains(expected), "{err}");
        }
    }
}
