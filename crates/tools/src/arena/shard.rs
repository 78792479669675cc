//! `--shard K/N`: one machine's part of a run. Duplicate pair `p` (units
//! `2p` and `2p+1`) belongs to shard `p mod N + 1`, so a pair is never
//! split, and every game's dice still depend only on the seed and the
//! game's place: the shards of a run, merged, are the unsharded run.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based, as written: `2/4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which shard, 1..=count.
    pub index: u32,
    /// How many shards the run is split into.
    pub count: u32,
}

impl Shard {
    /// Whether `unit` is played by this shard.
    pub fn contains(self, unit: u64) -> bool {
        (unit / 2) % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` that is not `K/N` with `1 <= K <= N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a shard K/N with 1 <= K <= N")]
pub struct ShardError(pub String);

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = k.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}
