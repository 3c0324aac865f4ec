//! The last snapshots of each game, in parts ([`SnapshotParts`]): a reader of an unchanged game
//! is answered without building it again, and the next change is patched from them. Two
//! versions are kept a game ([`VERSIONS_KEPT`]): a reader that builds the new version between
//! a change's store and its broadcast leaves the version the players hold, which the change is
//! patched from. Bounded by the bytes the parts hold ([`SNAPSHOT_CACHE_BYTES`]): past it the
//! games read longest ago go.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::snapshot_parts::SnapshotParts;

/// The bytes of snapshot texts kept at most, over all games: 64 MiB, six of the longest 5D
/// games measured (two versions of about 5 MB each) or a thousand ordinary ones.
pub const SNAPSHOT_CACHE_BYTES: usize = 64 << 20;

/// The versions kept of each game, the newest last.
pub const VERSIONS_KEPT: usize = 2;

/// A game's kept versions, oldest first, and when it was last read.
type Versions = (Vec<Arc<SnapshotParts>>, u64);

fn weight(versions: &[Arc<SnapshotParts>]) -> usize {
    versions.iter().map(|p| p.bytes).sum()
}

#[derive(Default)]
struct Kept {
    games: HashMap<String, Versions>,
    bytes: usize,
    clock: u64,
}

/// The games' last snapshots.
#[derive(Clone, Default)]
pub struct SnapshotCache {
    kept: Arc<Mutex<Kept>>,
}

impl std::fmt::Debug for SnapshotCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        write!(
            f,
            "SnapshotCache({} games, {} bytes)",
            kept.games.len(),
            kept.bytes
        )
    }
}

impl SnapshotCache {
    /// Game `id`'s newest snapshot kept, if any.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<Arc<SnapshotParts>> {
        self.find(id, |_| true)
    }

    /// Game `id`'s newest snapshot kept of a version before `version`, if any: what a change
    /// to `version` is patched from.
    #[must_use]
    pub fn before(&self, id: &str, version: i64) -> Option<Arc<SnapshotParts>> {
        self.find(id, |p| p.version < version)
    }

    fn find(
        &self,
        id: &str,
        wanted: impl Fn(&SnapshotParts) -> bool,
    ) -> Option<Arc<SnapshotParts>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let now = kept.clock;
        let (versions, used) = kept.games.get_mut(id)?;
        *used = now;
        versions.iter().rev().find(|p| wanted(p)).cloned()
    }

    /// Keeps `parts` as game `id`'s newest snapshot (one no newer than the newest kept is not
    /// kept), with the version before it, then lets the games read longest ago go while the
    /// bytes are past the bound.
    pub fn put(&self, id: &str, parts: Arc<SnapshotParts>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let now = kept.clock;
        let (versions, used) = kept.games.entry(id.to_owned()).or_default();
        if versions
            .last()
            .is_some_and(|newest| newest.version >= parts.version)
        {
            return;
        }
        *used = now;
        let before = weight(versions);
        versions.push(parts);
        if versions.len() > VERSIONS_KEPT {
            versions.remove(0);
        }
        let after = weight(versions);
        kept.bytes = kept.bytes + after - before;
        while kept.bytes > SNAPSHOT_CACHE_BYTES && kept.games.len() > 1 {
            let Some(oldest) = kept
                .games
                .iter()
                .filter(|(key, _)| key.as_str() != id)
                .min_by_key(|(_, (_, used))| *used)
                .map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some((gone, _)) = kept.games.remove(&oldest) {
                kept.bytes -= weight(&gone);
            }
        }
    }

    /// The games kept and the bytes their snapshots hold.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        (kept.games.len(), kept.bytes)
    }
}
