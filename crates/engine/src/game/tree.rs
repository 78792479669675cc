//! The expectimax of the generic search, over any [`EngineGame`]: one
//! recursion for every game.
//!
//! Values are outcome probabilities, always for a stated side:
//! - [`Tree::after_value`]: a play's resulting position, for the mover,
//!   searched `depth` plies (0 = the static evaluation of the opponent's
//!   position before its roll, flipped);
//! - [`Tree::on_roll_value`]: a position before its side rolls, for that
//!   side: the average over the 21 rolls of its best play's value at
//!   `depth - 1`;
//! - [`Tree::best_play_value`]: the best play of a roll, for the mover.
//!   The plays are rated statically in one batch; those the reply filter
//!   keeps are searched deeper (GNU Backgammon keeps one). With an
//!   evaluator that rates cheaply too, only the plays that rating ranks
//!   best are rated in full ([`super::prune`]).
//!
//! Carried numbers (Plakoto Express, R21): a rolled play that leaves
//! numbers unused hands them to the opponent, who plays them (its best
//! play: a decision, not a chance event, so no ply is spent) before its
//! own roll; a play of carried numbers is followed by the same side's
//! roll ([`GameAfter`]). A game that carries nothing never takes these
//! branches: [`TavliGame::may_carry`](plakoto_rules::TavliGame::may_carry)
//! is false for it, known when the search is compiled for that game.
//!
//! A play that ends the game is scored exactly, and so is a position an
//! exact database of the evaluator covers: neither is searched deeper.
//! Chance nodes are cached by (position, depth) for one search, and so are
//! static evaluations (a [`LeafCache`]), as the Plakoto search does; nothing
//! is allocated per node once the per-depth buffers have grown.

use std::collections::HashMap;
use std::time::Instant;

use plakoto_rules::Dice;
use plakoto_rules::tavli::ToPlay;

use super::prune::{PruneScratch, prune_plays};
use super::settings::{DEFAULT_CACHE_MB, budget_bytes};
use super::{
    EngineGame, GameAfter, GameEvaluator, PlayBounds, SearchSettings, SearchStats, Stop,
    game_equity,
};
use crate::eval::exact::ExactDatabase;
use crate::eval::leaf_cache::{LeafCache, SlotIndex};
use crate::eval::mix_hash::MixBuildHasher;
use crate::eval::{Probabilities, terminal_probabilities};

/// Entries a chance-node cache of `bytes` holds before it is emptied: as
/// many as its table holds without growing past `bytes` (a hash table of
/// `2^k` buckets, a control byte each, holds 7/8 of them).
fn chance_entries<K, V>(bytes: usize) -> usize {
    let buckets = (bytes / (std::mem::size_of::<(K, V)>() + 1)).max(16);
    (1usize << buckets.ilog2()) / 8 * 7
}

/// What a search needs besides the tree's own state.
#[derive(Clone, Copy)]
pub(super) struct Cx<'a, G: EngineGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// What rates the positions at the leaves.
    pub evaluator: &'a dyn GameEvaluator<G>,
    /// The settings in force (filters, reply filter, threads).
    pub settings: &'a SearchSettings,
}

impl<G: EngineGame> Cx<'_, G> {
    /// Expected points of `p` under the game's scoring.
    pub fn equity(&self, p: &Probabilities) -> f32 {
        game_equity(self.game, p)
    }

    /// How far the tree may cut a turn's plays (its settings').
    pub fn bounds(&self) -> PlayBounds {
        PlayBounds {
            // Never 0: a roll always has at least one play.
            max_plays: self.settings.inner_max_plays.max(1),
            beam: self.settings.express_beam,
        }
    }
}

/// Who rolls after the plays being rated, which decides the side the
/// evaluator sees the resulting positions from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NextRoll {
    /// The opponent (the mover rolled these numbers).
    Opponent,
    /// The mover itself (it played Express numbers passed to it, R21).
    Mover,
}

impl NextRoll {
    /// Who rolls next after a play of numbers that were `passed` to the
    /// mover (R21) or rolled by it.
    pub(super) fn after(passed: bool) -> NextRoll {
        if passed {
            NextRoll::Mover
        } else {
            NextRoll::Opponent
        }
    }
}

/// One play's static rating, for the side making it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Rating {
    /// Outcome probabilities for the mover.
    pub probabilities: Probabilities,
    /// Exact: the play ends the game, or a database covers its position.
    pub exact: bool,
    /// The database, when one gave the value.
    pub database: Option<ExactDatabase>,
}

/// Buffers of [`rate_plays`], kept between calls.
pub(super) struct RateScratch<G: EngineGame> {
    /// Positions sent to the evaluator, opponent on roll.
    positions: Vec<G::Position>,
    /// Index in `ratings` of each of `positions`, with its cache slot.
    open: Vec<(usize, Option<SlotIndex>)>,
    /// The plays that do not end the game: index in `ratings`, position
    /// (opponent on roll), cache slot.
    seen: Vec<(usize, G::Position, Option<SlotIndex>)>,
    /// The evaluator's answers for `positions`.
    batch: Vec<Probabilities>,
    /// One rating a play, in the plays' order.
    pub ratings: Vec<Rating>,
}

impl<G: EngineGame> RateScratch<G> {
    /// The most plays these buffers hold without growing.
    pub fn capacity(&self) -> usize {
        self.ratings.capacity().max(self.seen.capacity())
    }
}

impl<G: EngineGame> Default for RateScratch<G> {
    fn default() -> Self {
        RateScratch {
            positions: Vec::new(),
            open: Vec::new(),
            batch: Vec::new(),
            ratings: Vec::new(),
            seen: Vec::new(),
        }
    }
}

/// Rates every play of `plays` for the side making it, into
/// `scratch.ratings`: exact when the play ends the game or the evaluator
/// has an exact value for the position it leads to, else the evaluator's
/// value of that position as the side rolling next (`next`) sees it,
/// turned back to the mover's view. The
/// open positions go to the evaluator in one batch, but those `leaves`
/// holds (evaluated earlier in this search), which are answered from it;
/// the new values are stored there. Returns how many the evaluator was
/// given.
pub(super) fn rate_plays<G: EngineGame>(
    cx: Cx<'_, G>,
    plays: &[G::Play],
    next: NextRoll,
    scratch: &mut RateScratch<G>,
    leaves: Option<&mut LeafCache<G::Position>>,
) -> usize {
    let RateScratch {
        positions,
        open,
        batch,
        ratings,
        seen,
    } = scratch;
    positions.clear();
    open.clear();
    ratings.clear();
    seen.clear();
    // Each play's position once, opponent on roll, with its cache slot
    // hashed once; the table is larger than the CPU caches, so the roll's
    // slots are fetched together first, overlapping the waits of the
    // lookups below.
    for play in plays {
        let after = cx.game.after(play);
        // The result is read from the mover's side: it has just played.
        if let Some(result) = cx.game.result(&after) {
            ratings.push(Rating {
                probabilities: terminal_probabilities(&result),
                exact: true,
                database: None,
            });
            continue;
        }
        let position = match next {
            NextRoll::Opponent => cx.game.flip(&after),
            NextRoll::Mover => after,
        };
        let slot = leaves.as_deref().map(|c| {
            let slot = c.slot_of(&position);
            c.prefetch_at(slot);
            slot
        });
        seen.push((ratings.len(), position, slot));
        ratings.push(Rating::default());
    }
    // The evaluator's view back to the mover's.
    let for_mover = |v: Probabilities| match next {
        NextRoll::Opponent => v.flipped(),
        NextRoll::Mover => v,
    };
    for &(i, position, slot) in seen.iter() {
        if let Some((p, database)) = cx.evaluator.exact_value(cx.game, &position) {
            ratings[i] = Rating {
                probabilities: for_mover(p),
                exact: true,
                database: Some(database),
            };
        } else if let Some(v) = leaves
            .as_deref()
            .zip(slot)
            .and_then(|(c, slot)| c.get_at(slot, &position))
        {
            ratings[i].probabilities = for_mover(v);
        } else {
            // Filled from the batch below.
            open.push((i, slot));
            positions.push(position);
        }
    }
    // Every one was looked up in the exact databases above.
    cx.evaluator.evaluate_open_batch(cx.game, positions, batch);
    for (&(i, _), v) in open.iter().zip(batch.iter()) {
        ratings[i].probabilities = for_mover(*v);
    }
    if let Some(c) = leaves {
        for ((p, v), &(_, slot)) in positions.iter().zip(batch.iter()).zip(open.iter()) {
            if let Some(slot) = slot {
                c.insert_at(slot, p, *v);
            }
        }
    }
    positions.len()
}

/// The buffers of one depth of the recursion.
struct Level<G: EngineGame> {
    generator: G::Generator,
    list: G::PlayList,
    rate: RateScratch<G>,
    /// The plays pruning keeps.
    prune: PruneScratch<G>,
    /// (static equity, index) of the plays, best first.
    order: Vec<(f32, u32)>,
}

/// The expectimax machinery with its reusable buffers and cache; one per
/// thread.
pub(super) struct Tree<G: EngineGame> {
    /// Per-depth buffers; `None` while lent out to the depth using them.
    levels: Vec<Option<Level<G>>>,
    /// Values of chance nodes of this search, by position and depth,
    /// hashed by [`MixBuildHasher`]: SipHash, the map's default, cost the
    /// searches time for nothing (no key is crafted).
    cache: HashMap<(G::Position, u8), Probabilities, MixBuildHasher>,
    /// Entries `cache` holds before it is emptied (the cache budget's).
    cache_limit: usize,
    /// Static evaluations of this search: a level's replies are rated
    /// again by the next level (the same plays of the same rolls), and
    /// positions recur through transpositions.
    leaves: LeafCache<G::Position>,
    deadline: Option<Instant>,
    stop: Stop,
    aborted: bool,
    /// Counters of this search.
    pub stats: SearchStats,
}

impl<G: EngineGame> Default for Tree<G> {
    fn default() -> Self {
        Tree {
            levels: Vec::new(),
            cache: HashMap::default(),
            cache_limit: chance_entries::<(G::Position, u8), Probabilities>(
                budget_bytes(DEFAULT_CACHE_MB) / 2,
            ),
            leaves: LeafCache::hashed_by(G::leaf_hash),
            deadline: None,
            stop: Stop::never(),
            aborted: false,
            stats: SearchStats::default(),
        }
    }
}

impl<G: EngineGame> Tree<G> {
    /// Starts a search: empties the caches and sizes them to a budget of
    /// `cache_bytes` (half each), and sets the deadline and the stop. The
    /// static evaluations are placed by the game's
    /// [`EngineGame::leaf_hash`].
    pub fn begin(&mut self, deadline: Option<Instant>, stop: &Stop, cache_bytes: usize) {
        let half = cache_bytes / 2;
        self.cache_limit = chance_entries::<(G::Position, u8), Probabilities>(half);
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

    /// Frees the per-depth buffers grown past `keep_plays` plays (an
    /// Express low double's), so a long session holds only what an
    /// ordinary command uses.
    pub fn trim(&mut self, keep_plays: usize) {
        // A level's ratings and order grow with its list of plays: their
        // capacity tells how long a list it held.
        if self.levels.iter().flatten().any(|l| {
            l.rate.capacity() > keep_plays
                || l.order.capacity() > keep_plays
                || l.prune.capacity() > keep_plays
        }) {
            self.levels = Vec::new();
        }
    }

    /// Frees the caches (each search empties them anyway).
    pub fn release_caches(&mut self) {
        self.cache = HashMap::default();
        self.leaves.release();
    }

    /// Bytes the caches hold now (the chance nodes' table counted by its
    /// buckets, a control byte each).
    pub fn cache_bytes_held(&self) -> usize {
        let buckets = match self.cache.capacity() {
            0 => 0,
            entries => (entries * 8 / 7).next_power_of_two(),
        };
        let entry = std::mem::size_of::<((G::Position, u8), Probabilities)>();
        buckets * (entry + 1) + self.leaves.held_bytes()
    }

    /// The most plays a per-depth buffer has room for now (what
    /// [`Self::trim`] compares with its `keep_plays`).
    pub fn widest_level(&self) -> usize {
        self.levels
            .iter()
            .flatten()
            .map(|l| {
                l.rate
                    .capacity()
                    .max(l.order.capacity())
                    .max(l.prune.capacity())
            })
            .max()
            .unwrap_or(0)
    }

    /// The deadline of the current search.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the clock or a stop cut the last evaluation short (its
    /// value is then meaningless).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Clears the abort flag, to go on with a shallower result.
    pub fn clear_abort(&mut self) {
        self.aborted = false;
    }

    /// Value for the mover of `after`, the position a play reached (seen
    /// by the mover), followed by `follows`, searched `depth` plies.
    pub fn after_value(
        &mut self,
        cx: Cx<'_, G>,
        after: &G::Position,
        follows: GameAfter<G::Carried>,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        if let Some(result) = cx.game.result(after) {
            return terminal_probabilities(&result);
        }
        match follows {
            GameAfter::Opponent { pending: None } => self
                .on_roll_value(cx, &cx.game.flip(after), depth, level)
                .flipped(),
            GameAfter::Opponent {
                pending: Some(carried),
            } => self
                .best_play_value(
                    cx,
                    &cx.game.flip(after),
                    ToPlay::Carried(carried),
                    depth,
                    level,
                )
                .flipped(),
            GameAfter::MoverRolls => self.on_roll_value(cx, after, depth, level),
        }
    }

    /// Value of `position` (game not over) before its side rolls, for that
    /// side, searched `depth` plies.
    pub fn on_roll_value(
        &mut self,
        cx: Cx<'_, G>,
        position: &G::Position,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        if depth == 0 {
            if let Some((p, _)) = cx.evaluator.exact_value(cx.game, position) {
                return p;
            }
            self.stats.evaluations += 1;
            return cx.evaluator.evaluate(cx.game, position);
        }
        let key = (*position, depth);
        if let Some(v) = self.cache.get(&key) {
            self.stats.cache_hits += 1;
            return *v;
        }
        // Checked between chance nodes, as the Plakoto search does.
        if self.aborted || self.deadline.is_some_and(|d| Instant::now() >= d) || self.stop.is_set()
        {
            self.aborted = true;
            return Probabilities::default();
        }
        self.stats.chance_nodes += 1;
        let mut sum = Probabilities::default();
        for (dice, weight) in Dice::all_rolls() {
            let v = self.best_play_value(cx, position, ToPlay::Dice(dice), depth - 1, level);
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

    /// Value for the mover of its best play of `to_play` (a roll, or
    /// numbers carried to it) in `position`, each kept play searched
    /// `depth` plies: the plays are rated statically, and at depth 0 the
    /// best rating is the answer, unless a play hands numbers on (then
    /// the kept plays are valued with the opponent's best play of them);
    /// deeper, those the reply filter keeps (best first) are searched and
    /// the best wins.
    pub fn best_play_value(
        &mut self,
        cx: Cx<'_, G>,
        position: &G::Position,
        to_play: ToPlay<G::Carried>,
        depth: u8,
        level: usize,
    ) -> Probabilities {
        if self.levels.len() <= level {
            self.levels.resize_with(level + 1, || None);
        }
        let mut s = self.levels[level].take().unwrap_or_else(|| Level {
            generator: cx.game.generator(),
            list: G::PlayList::default(),
            rate: RateScratch::default(),
            prune: PruneScratch::default(),
            order: Vec::new(),
        });
        cx.game.bounded_plays(
            cx.evaluator,
            &mut s.generator,
            position,
            &to_play,
            cx.bounds(),
            &mut s.list,
        );
        let passed = matches!(to_play, ToPlay::Carried(_));
        let next = NextRoll::after(passed);
        let generated = cx.game.plays(&s.list);
        // Those the cheap rating ranks best, when the evaluator has one.
        let pruned = prune_plays(
            cx.game,
            cx.evaluator,
            cx.settings.prune,
            generated,
            next == NextRoll::Opponent,
            &mut s.prune,
        );
        let plays = if pruned { &s.prune.kept[..] } else { generated };
        let evaluated = rate_plays(cx, plays, next, &mut s.rate, Some(&mut self.leaves));
        self.stats.evaluations += evaluated as u64;
        let ratings = &s.rate.ratings;
        // Numbers handed on after a play change its value; then even at
        // depth 0 the kept plays are valued in full, not just statically.
        let passes_on = !passed && cx.game.may_carry();
        let best = if depth == 0 && !passes_on {
            // The statically best play, the first of equals.
            let mut best: Option<(f32, Probabilities)> = None;
            for r in ratings {
                let e = cx.equity(&r.probabilities);
                if best.is_none_or(|(b, _)| e > b) {
                    best = Some((e, r.probabilities));
                }
            }
            best.map(|b| b.1).unwrap_or_default()
        } else {
            s.order.clear();
            s.order.extend(
                ratings
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (cx.equity(&r.probabilities), i as u32)),
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
                let rating = ratings[i];
                let follows = GameAfter::of(cx.game, &to_play, &plays[i]);
                // At depth 0 only a play that hands numbers on is worth
                // more than its static rating: the rest would evaluate
                // the same position again.
                let static_enough = depth == 0 && !follows.passes_on();
                let v = if rating.exact || static_enough {
                    rating.probabilities
                } else {
                    let after = cx.game.after(&plays[i]);
                    self.after_value(cx, &after, follows, depth, level + 1)
                };
                if self.aborted {
                    break;
                }
                let e = cx.equity(&v);
                if best.is_none_or(|(b, _)| e > b) {
                    best = Some((e, v));
                }
            }
            best.map(|b| b.1).unwrap_or_default()
        };
        self.levels[level] = Some(s);
        best
    }
}
