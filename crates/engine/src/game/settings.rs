//! Search settings as plain, serialisable data: plies, move filters (with
//! GNU Backgammon's named presets), the reply filter used inside the tree,
//! the time budget, threads, the Express bounds, and rollout settings.
//!
//! The protocol shows these in `show options` and changes them with
//! `set evaluation …`, `set search …`, `set threads N`; nothing here reads
//! or writes text beyond parsing one value.

use std::fmt;
use std::str::FromStr;

use plakoto_rules::tavli::GameKind;
use serde::{Deserialize, Serialize};

use super::engine_game::EngineGameFns;

/// Deepest search supported (the filter table has one row per ply count).
pub const MAX_PLIES: u8 = 4;
/// The longest time budget of a search, in milliseconds (one day).
pub const MAX_TIME_MS: u64 = 86_400_000;
/// The most rollout trials per candidate.
pub const MAX_ROLLOUT_TRIALS: u32 = 1_000_000;
/// The most worker threads.
pub const MAX_THREADS: usize = 256;

/// A whole-number setting's range and the words its errors use: the one
/// place each range is checked. The protocol's `set` (through the setters
/// of [`SearchSettings`] and [`MoveFilter::set_level`]) and its command
/// arguments (`hint time N`, `rollout N`), the command line and
/// [`SearchSettings::validate`] all check through these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// What the value is, as errors name it (`plies`, `threads`).
    pub what: &'static str,
    /// The least value.
    pub min: u64,
    /// The greatest value.
    pub max: u64,
    /// The message for a value below `min`.
    pub below: &'static str,
}

/// Search plies, and rollout plies.
pub const PLIES: Range = Range::new("plies", 0, MAX_PLIES as u64, "");
/// The plies of a move filter's row.
pub const FILTER_PLIES: Range = Range::new(
    "the filter's plies",
    1,
    MAX_PLIES as u64,
    "the filter's plies are 1-4",
);
/// A level of a move filter's row (below its plies, too).
pub const FILTER_LEVEL: Range = Range::new("the filter level", 0, MAX_PLIES as u64, "");
/// The most megabytes [`SearchSettings::cache_mb`] may give.
pub const MAX_CACHE_MB: u64 = 4096;
// The budget's default and its size in bytes live with the cache they
// size (eval/leaf_cache.rs), below the search.
pub use crate::eval::leaf_cache::{DEFAULT_CACHE_MB, budget_bytes};
/// The cache budget, in MB.
pub const CACHE_MB: Range = Range::new(
    "the cache budget in MB",
    1,
    MAX_CACHE_MB,
    "the cache budget is at least 1 MB",
);

/// Worker threads.
pub const THREADS: Range = Range::new(
    "threads",
    1,
    MAX_THREADS as u64,
    "threads must be at least 1",
);
/// A time budget, in milliseconds.
pub const TIME_MS: Range = Range::new(
    "the time in milliseconds",
    1,
    MAX_TIME_MS,
    "the time budget is at least 1 ms",
);
/// Plays a roll keeps after pruning ([`SearchSettings::prune`]; 0, no
/// pruning, is set as `off`).
pub const PRUNE: Range = Range::new(
    "plays kept after pruning",
    1,
    MAX_PRUNE as u64,
    "pruning keeps at least 1 play (or is off)",
);
/// Most plays pruning may keep: more is no pruning at all (a roll has
/// fewer plays nearly always).
pub const MAX_PRUNE: usize = 64;
/// Rollout trials per candidate.
pub const ROLLOUT_TRIALS: Range = Range::new(
    "rollout trials",
    1,
    MAX_ROLLOUT_TRIALS as u64,
    "a rollout has at least 1 trial",
);

impl Range {
    /// The range `min..=max` of `what`; `below` is the message for a value
    /// below `min`.
    pub const fn new(what: &'static str, min: u64, max: u64, below: &'static str) -> Range {
        Range {
            what,
            min,
            max,
            below,
        }
    }

    /// `value`, if within the range.
    pub fn check(&self, value: u64) -> Result<u64, SettingsError> {
        self.check_max(value)?;
        if value < self.min {
            return Err(SettingsError::BelowMin(self.below));
        }
        Ok(value)
    }

    /// `value`, if not above the range.
    fn check_max(&self, value: u64) -> Result<u64, SettingsError> {
        if value > self.max {
            return Err(self.above(&value.to_string()));
        }
        Ok(value)
    }

    /// The number `digits` write, for a setter to check: digits too many
    /// for any number are above the range (named as written).
    pub fn read(&self, digits: &str) -> Result<u64, SettingsError> {
        digits.parse().map_err(|_| self.above(digits))
    }

    /// The number `digits` write, checked.
    pub fn read_checked(&self, digits: &str) -> Result<u64, SettingsError> {
        self.check(self.read(digits)?)
    }

    fn above(&self, written: &str) -> SettingsError {
        SettingsError::AboveMax {
            what: self.what,
            max: self.max,
            written: written.to_string(),
        }
    }
}

/// Why a search setting was refused. `Display` gives the message the
/// protocol shows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// No move filter preset has this name.
    #[error("unknown move filter '{0}' (tiny, narrow, normal, large, huge, off)")]
    UnknownFilter(String),
    /// A value above its [`Range`].
    #[error("{what} must be at most {max}, not {written}")]
    AboveMax {
        /// What the value is.
        what: &'static str,
        /// The greatest value.
        max: u64,
        /// The value, as written.
        written: String,
    },
    /// A value below its [`Range`] (the message says what the least is).
    #[error("{0}")]
    BelowMin(&'static str),
    /// A filter level outside `0..plies` of its row.
    #[error("level must be 0-{} for a {plies}-ply filter, not {level}", plies - 1)]
    FilterLevel {
        /// The row (plies of the search).
        plies: u8,
        /// The level asked for.
        level: u8,
    },
    /// A filter threshold that is negative or not a number.
    #[error("threshold must be a number >= 0")]
    Threshold,
    /// An Express beam or the inner play limit of 0.
    #[error("express beam and inner play limit must be at least 1")]
    ExpressBounds,
    /// A filter table or reply filter holding a bad threshold.
    #[error("filter thresholds must be numbers >= 0")]
    Thresholds,
    /// A filter level's ACCEPT that is not a number -1..127.
    #[error("accept '{0}' is not a number -1..127")]
    Accept(String),
    /// A filter level's EXTRA that is not a number 0..255.
    #[error("extra '{0}' is not a number 0..255")]
    Extra(String),
    /// A filter level's THRESHOLD that is not a number >= 0.
    #[error("threshold '{0}' is not a number >= 0")]
    ThresholdText(String),
    /// A filter level that is neither three numbers nor `skip`.
    #[error("a filter level is ACCEPT EXTRA THRESHOLD or skip")]
    LevelForm,
}

/// One level of a move filter, as GNU Backgammon has it: keep the best
/// `accept` candidates, plus up to `extra` more whose equity is within
/// `threshold` of the best. The best candidate is always kept.
///
/// At the root, `accept < 0` means "do not filter at this level" (the
/// candidates go on unfiltered, and without being searched at this depth).
/// In the [`SearchSettings::reply_filter`], `accept < 0` means "keep every
/// reply": exact expectimax.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FilterLevel {
    /// Candidates kept unconditionally (the best first); negative: skip.
    pub accept: i8,
    /// Further candidates kept if within `threshold` of the best.
    pub extra: u8,
    /// Equity distance from the best (in points) for the extra ones.
    pub threshold: f32,
}

impl FilterLevel {
    /// A level that does not filter.
    pub const SKIP: FilterLevel = FilterLevel {
        accept: -1,
        extra: 0,
        threshold: 0.0,
    };

    /// Whether this level filters nothing.
    pub fn is_skip(&self) -> bool {
        self.accept < 0
    }

    /// How many of `equities` (sorted best first) survive this filter.
    pub fn survivors(&self, equities_best_first: &[f32]) -> usize {
        self.survivors_of(equities_best_first.len(), |k| equities_best_first[k])
    }

    /// [`Self::survivors`] of `n` candidates whose `k`-th best equity is
    /// `equity(k)`.
    pub fn survivors_of(&self, n: usize, equity: impl Fn(usize) -> f32) -> usize {
        if self.is_skip() || n == 0 {
            return n;
        }
        let best = equity(0);
        let accept = usize::try_from(self.accept).unwrap_or(0).min(n);
        let mut keep = accept.max(1);
        let limit = (usize::try_from(self.accept).unwrap_or(0) + usize::from(self.extra)).min(n);
        while keep < limit && best - equity(keep) <= self.threshold {
            keep += 1;
        }
        keep
    }
}

/// A named set of move filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FilterPreset {
    /// GNU Backgammon's "tiny".
    Tiny,
    /// GNU Backgammon's "narrow".
    Narrow,
    /// GNU Backgammon's "normal" (the default).
    Normal,
    /// GNU Backgammon's "large".
    Large,
    /// GNU Backgammon's "huge".
    Huge,
    /// No filtering at all: every candidate searched at full depth.
    Off,
    /// Levels set one by one.
    Custom,
}

impl FilterPreset {
    /// The presets a user can name (not `Custom`).
    pub const NAMED: [FilterPreset; 6] = [
        FilterPreset::Tiny,
        FilterPreset::Narrow,
        FilterPreset::Normal,
        FilterPreset::Large,
        FilterPreset::Huge,
        FilterPreset::Off,
    ];
}

impl fmt::Display for FilterPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilterPreset::Tiny => "tiny",
            FilterPreset::Narrow => "narrow",
            FilterPreset::Normal => "normal",
            FilterPreset::Large => "large",
            FilterPreset::Huge => "huge",
            FilterPreset::Off => "off",
            FilterPreset::Custom => "custom",
        })
    }
}

impl FromStr for FilterPreset {
    type Err = SettingsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FilterPreset::NAMED
            .into_iter()
            .find(|p| p.to_string().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SettingsError::UnknownFilter(s.trim().to_string()))
    }
}

/// Move filters for each search depth: `levels[plies - 1][level]` is
/// applied at the root after the candidates have been evaluated at
/// `level` plies, in a search of `plies` plies (GNU Backgammon's table).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveFilter {
    /// Which preset this is (`Custom` once a level is changed).
    pub preset: FilterPreset,
    /// The table; entries with `level >= plies` are unused.
    pub levels: [[FilterLevel; MAX_PLIES as usize]; MAX_PLIES as usize],
}

impl MoveFilter {
    /// A named preset. The figures are GNU Backgammon's: the first level
    /// keeps up to `extra` candidates within `threshold` of the best, the
    /// odd levels are skipped, the third keeps a couple within a tighter
    /// threshold.
    pub fn preset(preset: FilterPreset) -> MoveFilter {
        let l = |accept: i8, extra: u8, threshold: f32| FilterLevel {
            accept,
            extra,
            threshold,
        };
        let s = FilterLevel::SKIP;
        let (first, third) = match preset {
            FilterPreset::Tiny => (l(0, 5, 0.08), l(0, 2, 0.02)),
            FilterPreset::Narrow => (l(0, 8, 0.12), l(0, 2, 0.03)),
            FilterPreset::Normal | FilterPreset::Custom => (l(0, 8, 0.16), l(0, 2, 0.04)),
            FilterPreset::Large => (l(0, 16, 0.32), l(0, 4, 0.08)),
            FilterPreset::Huge => (l(0, 20, 0.44), l(0, 10, 0.11)),
            FilterPreset::Off => (s, s),
        };
        MoveFilter {
            preset: if preset == FilterPreset::Custom {
                FilterPreset::Normal
            } else {
                preset
            },
            levels: [
                [first, s, s, s],
                [first, s, s, s],
                [first, s, third, s],
                [first, s, third, s],
            ],
        }
    }

    /// Sets one level explicitly (`plies` 1–4, `level` 0..plies), as
    /// `set evaluation movefilter PLIES LEVEL ACCEPT EXTRA THRESHOLD`.
    pub fn set_level(
        &mut self,
        plies: u64,
        level: u64,
        value: FilterLevel,
    ) -> Result<(), SettingsError> {
        // Values too large first, in the order written.
        FILTER_PLIES.check_max(plies)?;
        FILTER_LEVEL.check(level)?;
        let plies = FILTER_PLIES.check(plies)? as u8;
        let level = level as u8;
        if level >= plies {
            return Err(SettingsError::FilterLevel { plies, level });
        }
        if !(value.threshold.is_finite() && value.threshold >= 0.0) {
            return Err(SettingsError::Threshold);
        }
        self.levels[usize::from(plies - 1)][usize::from(level)] = value;
        self.preset = FilterPreset::Custom;
        Ok(())
    }

    /// The filter a search of `game` applies: the table as set, but for a
    /// named preset in a game whose plays lie close together in equity
    /// (`EngineGame::CLOSE_PLAYS`: Fevga), whose 2-ply search also filters at 1 ply.
    ///
    /// **Why Fevga differs.** GNU Backgammon's thresholds are in equity,
    /// and Fevga's plays lie closer together in equity than Plakoto's or
    /// backgammon's (no hits: the median 0-ply gap between the best two
    /// plays is 0.040, against Plakoto's 0.075), so the same first level
    /// keeps more candidates (4.9 against Plakoto's 3.1 within `large`'s
    /// sixteen) and a 2-ply hint searched twice Plakoto's positions. A
    /// 1-ply level in between (cheap: its replies are rated again, from
    /// the leaf cache, by the 2-ply search of the survivors) keeps the
    /// first level's count within the preset's own later threshold
    /// (GNU Backgammon's third level: 0.04 in `normal`). Measured against
    /// a search of every candidate `large` keeps (`scripts/filter_study.py`
    /// on 1,652 decisions of a suite of seed 77): `normal` so gives up
    /// 1.34 milli-points a decision in Fevga, where Plakoto's `normal`
    /// gives up 1.59; Fevga's 2-ply search goes on 1.9 candidates instead
    /// of 4.9. A custom table (`set evaluation movefilter P L …`) is
    /// searched as set, in every game.
    pub fn in_game(&self, game: GameKind) -> MoveFilter {
        if !EngineGameFns::of(game).close_plays
            || matches!(self.preset, FilterPreset::Custom | FilterPreset::Off)
        {
            return *self;
        }
        let mut filter = *self;
        let [first, _, third, _] = self.levels[MAX_PLIES as usize - 1];
        filter.levels[1][1] = FilterLevel {
            accept: 0,
            extra: first.extra,
            threshold: third.threshold,
        };
        filter
    }

    /// The filter levels used by a search of `plies` plies.
    pub fn row(&self, plies: u8) -> &[FilterLevel] {
        let p = usize::from(plies.clamp(1, MAX_PLIES));
        &self.levels[p - 1][..p]
    }
}

impl Default for MoveFilter {
    fn default() -> Self {
        MoveFilter::preset(FilterPreset::Normal)
    }
}

/// How candidates are played out by `rollout`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RolloutSettings {
    /// Games per candidate (a multiple of 36 makes the stratified first
    /// roll exact).
    pub trials: u32,
    /// Seed of the dice; the same seed gives the same results.
    pub seed: u64,
    /// Plies of the player making the choices in the played-out games.
    pub plies: u8,
    /// Turns after which a game still going is scored by the evaluator.
    pub max_turns: u32,
    /// Luck adjustment: subtract from each game's result the luck of
    /// every roll, measured at 0 plies (the best play's value for the roll
    /// minus the average over all 21 rolls). Unbiased, much lower
    /// variance, about 20 times the work a turn.
    pub luck_adjust: bool,
    /// Stop a game as soon as it is a bear-off race the exact race
    /// database covers (standard movement), scoring it by the database:
    /// exact instead of played out, and no dice noise from there on. Off
    /// by default (the protocol's `rollout` plays every game out); the
    /// benchmark builder turns it on. Not a protocol option: left out of
    /// `show options` and its JSON.
    #[serde(skip)]
    pub race_exact: bool,
    /// The rollout player's beam for an Express chain of several groups
    /// (see [`SearchSettings::express_beam`]): its plays are the games'
    /// plays, so it keeps the wider beam the benchmarks were rolled out
    /// with (their `--roll-unlisted` replays the builder's games). Not a
    /// protocol option.
    #[serde(skip, default = "default_rollout_express_beam")]
    pub express_beam: usize,
}

/// [`RolloutSettings::express_beam`]'s default.
fn default_rollout_express_beam() -> usize {
    4
}

impl Default for RolloutSettings {
    fn default() -> Self {
        RolloutSettings {
            trials: 1296,
            seed: 1,
            plies: 0,
            max_turns: 500,
            luck_adjust: false,
            race_exact: false,
            express_beam: default_rollout_express_beam(),
        }
    }
}

/// Everything that configures a search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchSettings {
    /// Plies (GNU Backgammon's meaning): 0 is the static evaluation; `n`
    /// averages over the 21 rolls the opponent's best reply at `n-1` plies.
    /// A default for the searches' limits: a search reads its depth from
    /// the [`super::SearchLimits`] it is given ([`Self::limits`]).
    pub plies: u8,
    /// Root move filters.
    pub filter: MoveFilter,
    /// How the side to play chooses at chance nodes inside the tree: its
    /// plays are ranked statically and those kept by this filter are
    /// searched deeper. The default (`accept 1`) is GNU Backgammon's: the
    /// statically best reply only. `accept < 0` keeps all (exact).
    pub reply_filter: FilterLevel,
    /// Time budget per search in milliseconds; `None` is unlimited. The
    /// search deepens towards `plies` while time remains and answers with
    /// the deepest complete result. Like `plies`, a default for the limits
    /// each search is given.
    pub time_ms: Option<u64>,
    /// Worker threads for rollouts and for searching the root candidates
    /// of one level in parallel (one cache per thread).
    pub threads: usize,
    /// Express escalating doubles (and long passed sequences) inside the
    /// tree are played one group of equal numbers at a time, keeping only
    /// this many best positions after each group (a beam). 1, a greedy
    /// line, chose as well as 4 on the Express benchmark at 2 ply (27.6
    /// against 27.9 ± 0.9 milli-points a decision) at 0.36 of the time:
    /// the escalating doubles' groups are nearly all of an Express chance
    /// node's evaluations.
    pub express_beam: usize,
    /// The same beam at the root of a search, for an Express sequence of
    /// several groups: if a kept line uses every number (so R10 holds for
    /// it), the root candidates are the beam's lines; otherwise the
    /// caller's generator makes every legal play.
    pub express_root_beam: usize,
    /// Most plays generated for one roll inside the tree.
    pub inner_max_plays: usize,
    /// Plays of a roll inside the tree that the evaluator's cheap rating
    /// keeps for the full one, when it has a cheap rating (Portes' pruning
    /// net; GNU Backgammon prunes so); 0 rates every play in full. The
    /// root's candidates are never pruned.
    #[serde(default = "default_prune")]
    pub prune: usize,
    /// Rollout settings.
    pub rollout: RolloutSettings,
    /// Memory for the caches of each searching thread, in MB: half for the
    /// values of chance nodes, half for static evaluations. Only speed
    /// depends on it, never a result (a cache holds exact values under
    /// their full position, and a full one is emptied or overwritten).
    pub cache_mb: u32,
}

/// [`SearchSettings::prune`]'s default.
fn default_prune() -> usize {
    5
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            plies: 2,
            filter: MoveFilter::default(),
            reply_filter: FilterLevel {
                accept: 1,
                extra: 0,
                threshold: 0.0,
            },
            time_ms: None,
            threads: 1,
            express_beam: 1,
            express_root_beam: 64,
            inner_max_plays: 20_000,
            prune: default_prune(),
            rollout: RolloutSettings::default(),
            cache_mb: DEFAULT_CACHE_MB,
        }
    }
}

impl SearchSettings {
    /// Default settings searching `plies` plies.
    pub fn with_plies(plies: u8) -> SearchSettings {
        SearchSettings {
            plies: plies.min(MAX_PLIES),
            ..SearchSettings::default()
        }
    }

    /// Settings for an exact (unfiltered) expectimax of `plies` plies: no
    /// root filter, every reply searched. Slow; for tests and analysis.
    pub fn exact(plies: u8) -> SearchSettings {
        SearchSettings {
            plies: plies.min(MAX_PLIES),
            filter: MoveFilter::preset(FilterPreset::Off),
            reply_filter: FilterLevel::SKIP,
            prune: 0,
            ..SearchSettings::default()
        }
    }

    /// Checks every value is in range (settings made whole, as from the
    /// command line); the protocol's setters check each value as it is set.
    pub fn validate(&self) -> Result<(), SettingsError> {
        PLIES.check(self.plies.into())?;
        PLIES.check(self.rollout.plies.into())?;
        THREADS.check(self.threads as u64)?;
        CACHE_MB.check(self.cache_mb.into())?;
        if let Some(time_ms) = self.time_ms {
            TIME_MS.check(time_ms)?;
        }
        if self.express_beam == 0 || self.express_root_beam == 0 || self.inner_max_plays == 0 {
            return Err(SettingsError::ExpressBounds);
        }
        ROLLOUT_TRIALS.check(self.rollout.trials.into())?;
        let finite = |f: &FilterLevel| f.threshold.is_finite() && f.threshold >= 0.0;
        if !self.filter.levels.iter().flatten().all(finite) || !finite(&self.reply_filter) {
            return Err(SettingsError::Thresholds);
        }
        Ok(())
    }

    /// Sets the search plies (0–[`MAX_PLIES`]).
    pub fn set_plies(&mut self, plies: u64) -> Result<(), SettingsError> {
        self.plies = PLIES.check(plies)? as u8;
        Ok(())
    }

    /// Sets the rollout player's plies (0–[`MAX_PLIES`]).
    pub fn set_rollout_plies(&mut self, plies: u64) -> Result<(), SettingsError> {
        self.rollout.plies = PLIES.check(plies)? as u8;
        Ok(())
    }

    /// Sets the worker threads (1–[`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: u64) -> Result<(), SettingsError> {
        self.threads = THREADS.check(threads)? as usize;
        Ok(())
    }

    /// Sets how many plays pruning keeps (1–[`MAX_PRUNE`]), or turns
    /// pruning off (`None`).
    pub fn set_prune(&mut self, keep: Option<u64>) -> Result<(), SettingsError> {
        self.prune = match keep {
            Some(k) => PRUNE.check(k)? as usize,
            None => 0,
        };
        Ok(())
    }

    /// Sets the cache budget (1–[`MAX_CACHE_MB`] MB).
    pub fn set_cache_mb(&mut self, mb: u64) -> Result<(), SettingsError> {
        self.cache_mb = CACHE_MB.check(mb)? as u32;
        Ok(())
    }

    /// Sets the time budget (1–[`MAX_TIME_MS`] ms), or none.
    pub fn set_time_ms(&mut self, time_ms: Option<u64>) -> Result<(), SettingsError> {
        self.time_ms = time_ms.map(|t| TIME_MS.check(t)).transpose()?;
        Ok(())
    }

    /// Sets the rollout trials (1–[`MAX_ROLLOUT_TRIALS`]).
    pub fn set_rollout_trials(&mut self, trials: u64) -> Result<(), SettingsError> {
        self.rollout.trials = ROLLOUT_TRIALS.check(trials)? as u32;
        Ok(())
    }
}

impl FromStr for FilterLevel {
    type Err = SettingsError;
    /// `ACCEPT EXTRA THRESHOLD` (e.g. `0 8 0.16`) or `skip`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            [w] if w.eq_ignore_ascii_case("skip") => Ok(FilterLevel::SKIP),
            [a, e, t] => {
                let accept: i8 = a
                    .parse()
                    .map_err(|_| SettingsError::Accept(a.to_string()))?;
                let extra: u8 = e.parse().map_err(|_| SettingsError::Extra(e.to_string()))?;
                let threshold: f32 = t
                    .parse()
                    .ok()
                    .filter(|t: &f32| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| SettingsError::ThresholdText(t.to_string()))?;
                Ok(FilterLevel {
                    accept: accept.max(-1),
                    extra,
                    threshold,
                })
            }
            _ => Err(SettingsError::LevelForm),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_keeps_best_and_those_within_threshold() {
        let f = FilterLevel {
            accept: 0,
            extra: 3,
            threshold: 0.1,
        };
        assert_eq!(f.survivors(&[0.5, 0.45, 0.41, 0.2, 0.1]), 3);
        assert_eq!(f.survivors(&[0.5, 0.1]), 1);
        assert_eq!(f.survivors(&[0.5, 0.5, 0.5, 0.5, 0.5]), 3);
        let g = FilterLevel {
            accept: 2,
            extra: 0,
            threshold: 0.0,
        };
        assert_eq!(g.survivors(&[1.0, -1.0, -2.0]), 2);
        assert_eq!(FilterLevel::SKIP.survivors(&[1.0, 0.0]), 2);
        assert_eq!(f.survivors(&[]), 0);
    }

    #[test]
    fn presets_parse_and_serialise() {
        for p in FilterPreset::NAMED {
            assert_eq!(p.to_string().parse::<FilterPreset>().unwrap(), p);
        }
        assert_eq!(
            "wide".parse::<FilterPreset>(),
            Err(SettingsError::UnknownFilter("wide".into()))
        );
        let s = SearchSettings::default();
        let json = serde_json::to_string(&s).unwrap();
        let back: SearchSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        assert!(s.validate().is_ok());
    }

    #[test]
    fn explicit_levels_make_a_custom_filter() {
        let mut f = MoveFilter::default();
        let level: FilterLevel = "0 4 0.05".parse().unwrap();
        f.set_level(3, 2, level).unwrap();
        assert_eq!(f.preset, FilterPreset::Custom);
        assert_eq!(f.row(3)[2], level);
        assert_eq!(
            f.set_level(2, 2, level),
            Err(SettingsError::FilterLevel { plies: 2, level: 2 })
        );
        // Values too large are named first, in the order written.
        for (plies, row_level, message) in [
            (2, 2, "level must be 0-1 for a 2-ply filter, not 2"),
            (5, 0, "the filter's plies must be at most 4, not 5"),
            (0, 5, "the filter level must be at most 4, not 5"),
            (0, 0, "the filter's plies are 1-4"),
        ] {
            let refused = f.set_level(plies, row_level, level).unwrap_err();
            assert_eq!(refused.to_string(), message);
        }
        assert_eq!(
            FILTER_PLIES.below,
            format!("the filter's plies are 1-{MAX_PLIES}")
        );
        assert_eq!(
            "0 4 -1".parse::<FilterLevel>(),
            Err(SettingsError::ThresholdText("-1".into()))
        );
        assert_eq!("x".parse::<FilterLevel>(), Err(SettingsError::LevelForm));
        assert!("skip".parse::<FilterLevel>().unwrap().is_skip());
    }

    #[test]
    fn fevga_presets_filter_again_at_one_ply() {
        let level = |accept, extra, threshold| FilterLevel {
            accept,
            extra,
            threshold,
        };
        let normal = MoveFilter::default();
        let fevga = normal.in_game(GameKind::Fevga);
        // Normal: up to 8 within 0.16 at 0 plies, then up to 8 within
        // 0.04 at 1 ply; the other depths as set.
        assert_eq!(fevga.row(2), [level(0, 8, 0.16), level(0, 8, 0.04)]);
        for plies in [1, 3, 4] {
            assert_eq!(fevga.row(plies), normal.row(plies));
        }
        assert_eq!(fevga.preset, FilterPreset::Normal);
        // Each preset's own later threshold, with its first level's count.
        let large = MoveFilter::preset(FilterPreset::Large).in_game(GameKind::Fevga);
        assert_eq!(large.row(2)[1], level(0, 16, 0.08));
        let tiny = MoveFilter::preset(FilterPreset::Tiny).in_game(GameKind::Fevga);
        assert_eq!(tiny.row(2)[1], level(0, 5, 0.02));
        // The other games, `off` and a custom table: as set.
        for game in [GameKind::Plakoto, GameKind::Portes] {
            assert_eq!(normal.in_game(game), normal);
        }
        let off = MoveFilter::preset(FilterPreset::Off);
        assert_eq!(off.in_game(GameKind::Fevga), off);
        let mut custom = MoveFilter::default();
        custom.set_level(2, 0, level(0, 3, 0.1)).unwrap();
        assert_eq!(custom.in_game(GameKind::Fevga), custom);
    }
}
