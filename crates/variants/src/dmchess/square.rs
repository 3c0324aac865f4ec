//! Squares of the eight boards: `dimension · 64 + rank · 8 + file` in one `u16`, named in
//! EDAN as the dimension then the square (`d2e4`: e4 on D2).

/// Boards (dimensions D1–D8).
pub const DIMENSIONS: usize = 8;
/// Squares on all boards.
pub const SQUARES: usize = DIMENSIONS * 64;

/// The dimension of `sq`, 0 for D1.
#[inline]
#[must_use]
pub const fn dim(sq: u16) -> usize {
    (sq >> 6) as usize
}

/// The square within its board, 0 (a1) to 63 (h8).
#[inline]
#[must_use]
pub const fn local(sq: u16) -> u8 {
    (sq & 63) as u8
}

/// The square `local` of dimension `dim`.
#[inline]
#[must_use]
pub const fn at(dim: usize, local: u8) -> u16 {
    (dim as u16) << 6 | local as u16
}

/// The rank, 0 for rank 1.
#[inline]
#[must_use]
pub const fn rank(local: u8) -> u8 {
    local >> 3
}

/// The file, 0 for file a.
#[inline]
#[must_use]
pub const fn file(local: u8) -> u8 {
    local & 7
}

/// The name of a square within a board (`e4`).
#[must_use]
pub fn local_name(local: u8) -> String {
    format!("{}{}", (b'a' + file(local)) as char, rank(local) + 1)
}

/// The EDAN name of a square: `d2e4`.
#[must_use]
pub fn name(sq: u16) -> String {
    format!("d{}{}", dim(sq) + 1, local_name(local(sq)))
}

/// Reads a square within a board (`e4`).
#[must_use]
pub fn parse_local(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// Reads a dimension number `1`–`8` as an index.
#[must_use]
pub fn parse_dim(text: &str) -> Option<usize> {
    match text.as_bytes() {
        [d @ b'1'..=b'8'] => Some((d - b'1') as usize),
        _ => None,
    }
}

/// Reads an EDAN square: `d2e4` (`D2e4` too).
#[must_use]
pub fn parse(text: &str) -> Option<u16> {
    let rest = text.strip_prefix(['d', 'D'])?;
    let dim = parse_dim(rest.get(..1)?)?;
    Some(at(dim, parse_local(rest.get(1..)?)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..SQUARES as u16 {
            assert_eq!(parse(&name(sq)), Some(sq));
        }
        assert_eq!(name(at(1, 28)), "d2e4");
        assert_eq!(parse("d9e4"), None);
        assert_eq!(parse("d0e4"), None);
        assert_eq!(parse("d1i4"), None);
        assert_eq!(parse("d1e"), None);
    }
}
