//! n-ply expectimax (GNU Backgammon's plies) over the rules core.
//!
//! Values are outcome probabilities, always for a stated side:
//! - [`Tree::after_value`]: a play's resulting position, for the mover,
//!   searched `depth` plies (0 = the static evaluation of the opponent's
//!   position before its roll, flipped);
//! - [`Tree::on_roll_value`]: a position before its side rolls, for that
//!   side: the average over the 21 rolls of its best play's value at
//!   `depth - 1`;
//! - [`Tree::best_play_value`]: the best play of given numbers, for the
//!   mover. The plays are ranked by the evaluator in one batch; those the
//!   reply filter keeps are searched deeper (GNU Backgammon keeps one).
//!
//! Express (R20, R21): a rolled play that leaves numbers unused hands them
//! to the opponent, who plays them (its best play, another decision, no
//! new chance event, so no ply is spent) before its own roll; numbers it
//! cannot use are void. A play of passed numbers is followed by the same
//! side's roll. Game-ending positions are scored exactly everywhere.
//!
//! Nothing is allocated per node once the per-depth buffers exist; chance
//! nodes are cached by (position, depth) for the duration of one search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::Instant;

use super::express::{BeamScratch, inner_plays};
use super::position_hash::PassHasher;
use super::settings::SearchSettings;
use crate::eval::{
    Evaluator, LeafCache, NextRoll, Probabilities, RateBuffers, rate_plays_cached,
    terminal_probabilities,
};
use plakoto_rules::{
    Dice, GenLimits, MoveGenerator, Numbers, Play, PlayList, Position, Rules, Variant, game_result,
};

/// What follows a play, which decides how its position is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum After {
    /// The opponent is on roll; first it plays the numbers the mover left
    /// unused, if any (Express, R21).
    Opponent {
        /// Numbers passed on to the opponent.
        #[serde(serialize_with = "serialize_numbers")]
        pending: Option<Numbers>,
    },
    /// The mover played numbers passed to it and now rolls itself (R21).
    MoverRolls,
}

fn serialize_numbers<S: serde::Serializer>(n: &Option<Numbers>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => s.serialize_some(&n.to_vec()),
        None => s.serialize_none(),
    }
}

/// The numbers left to the opponent by `play` of `numbers` (R21), without
/// allocating.
pub fn pending_after(numbers: &Numbers, play: &Play) -> Option<Numbers> {
    let mut used = [0u8; 24];
    let mut n = 0;
    for step in play.steps.iter() {
        used[n] = step.die.pips();
        n += 1;
    }
    numbers.remainder(&used[..n])
}

/// How a play is followed, given how its numbers came.
pub fn after_play(rules: Rules, numbers: &Numbers, passed: bool, play: &Play) -> After {
    if passed {
        After::MoverRolls
    } else if rules.variant == Variant::Express {
        After::Opponent {
            pending: pending_after(numbers, play),
        }
    } else {
        After::Opponent { pending: None }
    }
}

/// A cache key: a position and the depth it was searched to.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key(Position, u8);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.fast_hash() ^ u64::from(self.1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }
}

/// Entries a chance-node cache of `bytes` holds before it is emptied: as
/// many as its table holds without growing past `bytes` (a hash table of
/// `2^k` buckets, a control byte each, holds 7/8 of them).
pub(crate) fn chance_entries<K, V>(bytes: usize) -> usize {
    let buckets = (bytes / (std::mem::size_of::<(K, V)>() + 1)).max(16);
    (1usize << buckets.ilog2()) / 8 * 7
}

/// Buffers for one depth of the recursion.
#[derive(Default)]
struct Scratch {
    generator: MoveGenerator,
    plays: PlayList,
    beam: BeamScratch,
    rate: RateBuffers,
    order: Vec<(f32, u32)>,
}

/// Counters of one search, for hints and benches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Chance nodes expanded (21 rolls each).
    pub chance_nodes: u64,
    /// Chance nodes answered from the cache.
    pub cache_hits: u64,
    /// Positions given to the evaluator.
    pub evaluations: u64,
}

impl SearchStats {
    /// Adds another search's counters.
    pub fn add(&mut self, other: &SearchStats) {
        self.chance_nodes += other.chance_nodes;
        self.cache_hits += other.cache_hits;
        self.evaluations += other.evaluations;
    }
}

/// What a search needs besides the tree's own state.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub evaluator: &'a dyn Evaluator,
    pub rules: Rules,
    pub settings: &'a SearchSettings,
}

/// The expectimax machinery with its reusable buffers and cache.
pub(crate) struct Tree {
    levels: Vec<Scratch>,
    cache: HashMap<Key, Probabilities, BuildHasherDefault<PassHasher>>,
    /// Entries `cache` holds before it is emptied (the cache budget's).
    cache_limit: usize,
    /// Static evaluations made in this search: a deep tree's leaves recur.
    leaves: LeafCache,
    deadline: Option<Instant>,
    stop: super::Stop,
    aborted: bool,
    pub stats: SearchStats,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            levels: Vec::new(),
            cache: HashMap::default(),
            cache_limit: chance_entries::<Key, Probabilities>(
                super::settings::budget_bytes(super::settings::DEFAULT_CACHE_MB) / 2,
            ),
            leaves: LeafCache::default(),
            deadline: None,
            stop: super::Stop::never(),
            aborted: false,
            stats: SearchStats::default(),
        }
    }
}

impl Tree {
    /// Starts a new search: empties the caches and sizes them to a budget
    /// of `cache_bytes` (half each), and sets the deadline and what else
    /// may stop it.
    pub fn begin(&mut self, deadline: Option<Instant>, stop: &super::Stop, cache_bytes: usize) {
        let half = cache_bytes / 2;
        self.cache_limit = chance_entries::<Key, Probabilities>(half);
        if self.cache.capacity() > self.cache_limit {
            self.cache = HashMap::default();
        }
        self.cache.clear();
        self.leaves.fit(half);
        self.leaves.clear();
        self.deadline = deadline;
        self.stop = stop.clone();
        self.aborted = false;
        self.stats = SearchStats::default();
    }

    /// Frees the caches (each search fills its own anyway) and the
    /// buffers grown past what ordinary rolls need (after an Express low
    /// double), so a long session holds only what a command uses while it
    /// runs.
    pub fn trim(&mut self, keep_plays: usize) {
        self.cache = HashMap::default();
        self.leaves.release();
        if self.levels.iter().any(|l| {
            l.plays.plays.capacity() > keep_plays || l.rate.ratings.capacity() > keep_plays
        }) {
            self.levels = Vec::new();
        }
    }

    /// Bytes the caches hold now (the chance nodes' table counted by its
    /// buckets, a control byte each).
    pub fn cache_bytes_held(&self) -> usize {
        let buckets = match self.cache.capacity() {
            0 => 0,
            entries => (entries * 8 / 7).next_power_of_two(),
        };
        buckets * (std::mem::size_of::<(Key, Probabilities)>() + 1) + self.leaves.held_bytes()
    }

    /// The deadline of the current search.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline or a stop cut the last evaluation short (its value is
    /// then meaningless).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Clears the abort flag, to go on with a shallower result.
    pub fn clear_abort(&mut self) {
        self.aborted = false;
    }

    /// Static evaluation of a position before its side rolls.
    fn static_on_roll(&mut self, cx: Ctx, position: &Position) -> Probabilities {
        self.stats.evaluations += 1;
        cx.evaluator.evaluate(position, cx.rules)
    }

    /// Value for the mover of the position a play reached, `depth` plies.
    pub fn after_value(
        &mut self,
        cx: Ctx,
        position: &Position,
        after: After,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        if let Some(r) = game_result(position, cx.rules.scoring) {
            return terminal_probabilities(&r);
        }
        match after {
            After::MoverRolls => self.on_roll_value(cx, position, depth, level),
            After::Opponent { pending: None } => self
                .on_roll_value(cx, &position.flip(), depth, level)
                .flipped(),
            After::Opponent { pending: Some(n) } => self
                .best_play_value(cx, &position.flip(), &n, true, depth, level)
                .flipped(),
        }
    }

    /// Value of a position (not finished) before its side rolls, for that
    /// side, `depth` plies.
    pub fn on_roll_value(
        &mut self,
        cx: Ctx,
        position: &Position,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        if depth == 0 {
            return self.static_on_roll(cx, position);
        }
        let key = Key(*position, depth);
        if let Some(v) = self.cache.get(&key) {
            self.stats.cache_hits += 1;
            return *v;
        }
        if self.aborted || self.deadline.is_some_and(|d| Instant::now() >= d) || self.stop.is_set()
        {
            self.aborted = true;
            return Probabilities::default();
        }
        self.stats.chance_nodes += 1;
        let mut sum = Probabilities::default();
        for (dice, weight) in Dice::all_rolls() {
            let numbers = dice.numbers(cx.rules.variant);
            let v = self.best_play_value(cx, position, &numbers, false, depth - 1, level);
            if self.aborted {
                return Probabilities::default();
            }
            sum.add_weighted(&v, f32::from(weight) / 36.0);
        }
        if self.cache.len() >= self.cache_limit {
            self.cache.clear();
        }
        self.cache.insert(key, sum);
        sum
    }

    /// Value for the mover of its best play of `numbers` (`passed`: numbers
    /// handed over by the opponent), each play searched `depth` plies.
    pub fn best_play_value(
        &mut self,
        cx: Ctx,
        position: &Position,
        numbers: &Numbers,
        passed: bool,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        let limits = GenLimits {
            // Never 0: a roll always has at least one play.
            max_positions: cx.settings.inner_max_plays.max(1),
        };
        if self.levels.len() <= level {
            self.levels.resize_with(level + 1, Scratch::default);
        }
        let mut s = std::mem::take(&mut self.levels[level]);
        // The settings come with each search: a buffer kept from a search
        // with other settings follows this one's.
        if s.generator.limits() != limits {
            s.generator = MoveGenerator::new(limits);
        }
        inner_plays(
            &mut s.generator,
            &mut s.beam,
            position,
            numbers,
            cx.settings.express_beam,
            cx.evaluator,
            cx.rules,
            &mut s.plays,
        );
        self.stats.evaluations += rate_plays_cached(
            cx.evaluator,
            cx.rules,
            &s.plays.plays,
            NextRoll::after(passed),
            &mut s.rate,
            &mut self.leaves,
        ) as u64;
        let ratings = &s.rate.ratings;
        let equity = |p: &Probabilities| p.equity(cx.rules.scoring);
        // Numbers passed on after a play change its value; then even at
        // depth 0 the kept plays are valued in full, not just statically.
        let passes_on = !passed && cx.rules.variant == Variant::Express;
        let best = if ratings.is_empty() {
            // Only a finished game has no play; callers never ask then.
            Probabilities::default()
        } else if depth == 0 && !passes_on {
            // The statically best play (the first of equals).
            s.rate
                .best(cx.rules)
                .map_or_else(Probabilities::default, |i| ratings[i].probabilities)
        } else {
            s.order.clear();
            s.order.extend(
                ratings
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (equity(&r.probabilities), i as u32)),
            );
            s.order
                .sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let keep = cx
                .settings
                .reply_filter
                .survivors_of(s.order.len(), |k| s.order[k].0);
            let mut best: Option<(f32, Probabilities)> = None;
            for k in 0..keep {
                let i = s.order[k].1 as usize;
                let play = s.plays.plays[i];
                let rating = s.rate.ratings[i];
                let after = after_play(cx.rules, numbers, passed, &play);
                // At depth 0 only a play that passes numbers on is worth
                // more than its static rating: the rest would evaluate the
                // same position again.
                let static_enough =
                    depth == 0 && !matches!(after, After::Opponent { pending: Some(_) });
                let v = if rating.exact || static_enough {
                    rating.probabilities
                } else {
                    self.after_value(cx, &play.position, after, depth, level + 1)
                };
                if self.aborted {
                    break;
                }
                let e = equity(&v);
                if best.is_none_or(|(b, _)| e > b) {
                    best = Some((e, v));
                }
            }
            best.map(|b| b.1).unwrap_or_default()
        };
        self.levels[level] = s;
        best
    }
}
