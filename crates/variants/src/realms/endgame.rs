//! Retrograde analysis (placeholder replaced below).
