//! n-dimensional board geometry (being written).
