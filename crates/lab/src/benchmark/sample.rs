//! Sampling the benchmark's decisions from seeded games between varied
//! players: the net, the heuristic, and the net with random plays mixed
//! in (so that unusual positions appear too), with a quota per phase so
//! that every phase of the game is covered.
//!
//! The same seed, rules and count give the same list on any machine, so
//! every shard of a build samples it alone and takes its share by id.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::phase::GamePhase;
use plakoto_engine::eval::GameEvaluator;
use plakoto_engine::game::plakoto_turn::{Choice, PlayLists, TurnError, choose_turn};
use plakoto_engine::game::{GameSearch, SearchSettings};
use plakoto_engine::game::{GreedyChooser, SearchLimits};
use plakoto_rules::Plakoto;
use plakoto_rules::{Game, Phase, Play, Position, Rules, TurnNumbers};

/// Share of the benchmark's decisions each phase gets (when the games
/// give enough of them; a short phase's rest goes to the others).
pub const PHASE_SHARES: [(GamePhase, f64); 6] = [
    (GamePhase::Opening, 0.20),
    (GamePhase::Contact, 0.15),
    (GamePhase::Pinning, 0.20),
    (GamePhase::Prime, 0.10),
    (GamePhase::BearoffPin, 0.20),
    (GamePhase::Race, 0.15),
];

/// A decision whose legal plays the net at 0 ply rates all within this
/// many points of each other is left out: no choice matters there (a race
/// in which every play wins, a bear-off whose plays all lose a double).
pub(crate) const TRIVIAL_SPREAD: f32 = 0.002;

/// Chance that the `net+random` player makes a uniformly random play.
pub(crate) const RANDOM_PLAY_CHANCE: f64 = 0.25;

/// Most games played to find the decisions: a phase that is still short
/// after this many games takes what it has.
fn max_games(decisions: usize) -> usize {
    decisions * 4 + 500
}

/// One sampled decision: the position (side to play first), its numbers,
/// the play made in the game and by whom.
#[derive(Clone, Debug, PartialEq)]
pub struct SampledDecision {
    /// The position, seen by the side to play.
    pub position: Position,
    /// The numbers to play.
    pub turn: TurnNumbers,
    /// The play made in the game.
    pub played: Play,
    /// Its phase.
    pub phase: GamePhase,
    /// The player who made it.
    pub source: &'static str,
    /// Legal plays listed for it.
    pub legal_plays: usize,
}

/// The players of a sampled game, in every game's sampler: its strong
/// evaluator (Plakoto's net), its weak one (Plakoto's heuristic), and the
/// strong one with random plays mixed in ([`RANDOM_PLAY_CHANCE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    Strong,
    Weak,
    StrongRandom,
}

impl Player {
    /// The player's name in a Plakoto decision's `source`.
    fn plakoto_name(self) -> &'static str {
        match self {
            Player::Strong => "net",
            Player::Weak => "heuristic",
            Player::StrongRandom => "net+random",
        }
    }
}

/// The pairings (the first side's player first), cycled through game by
/// game in every game's sampler.
pub(crate) const PAIRINGS: [(Player, Player); 8] = [
    (Player::Strong, Player::Strong),
    (Player::Strong, Player::Weak),
    (Player::Weak, Player::Strong),
    (Player::StrongRandom, Player::Strong),
    (Player::Strong, Player::StrongRandom),
    (Player::StrongRandom, Player::StrongRandom),
    (Player::Weak, Player::StrongRandom),
    (Player::StrongRandom, Player::Weak),
];

/// What plays the sampled games: the net and the heuristic at 0 ply
/// through one search, the lists of plays that lists a turn's plays and
/// checks those made, and the net's 0-ply ratings of a turn's plays.
struct Players<'a> {
    /// The net, which also rates the plays for the spread of a decision.
    net: &'a dyn GameEvaluator<Plakoto>,
    heuristic: &'a dyn GameEvaluator<Plakoto>,
    search: GameSearch<Plakoto>,
    lists: PlayLists,
    /// The net's 0-ply ratings of a turn's plays.
    rate: GreedyChooser<Plakoto>,
}

impl<'a> Players<'a> {
    fn new(
        net: &'a dyn GameEvaluator<Plakoto>,
        heuristic: &'a dyn GameEvaluator<Plakoto>,
    ) -> Players<'a> {
        Players {
            net,
            heuristic,
            search: GameSearch::new(),
            lists: PlayLists::bounded(),
            rate: GreedyChooser::new(),
        }
    }

    /// `player`'s choice in `game` (a game in progress with its numbers).
    fn choose(
        &mut self,
        player: Player,
        game: &Game,
        rng: &mut ChaCha8Rng,
    ) -> Result<Choice, TurnError> {
        let evaluator = match player {
            Player::Weak => self.heuristic,
            Player::Strong => self.net,
            Player::StrongRandom => {
                if rng.gen_bool(RANDOM_PLAY_CHANCE) {
                    let list = self.lists.choice.legal(game)?;
                    let play = *list.plays.choose(rng).ok_or(TurnError::NoLegalPlay)?;
                    return Ok(Choice::Listed(play, true));
                }
                self.net
            }
        };
        let settings = SearchSettings::default();
        let limits = SearchLimits::plies(0);
        choose_turn(
            &mut self.search,
            evaluator,
            game,
            &settings,
            limits,
            &mut self.lists,
            None,
        )
    }
}

/// Samples `count` decisions under `rules` from games seeded by `seed`,
/// played by `net` and `heuristic` (both at 0 plies). Forced decisions
/// (a single legal play) and decisions in which no choice matters (see
/// `TRIVIAL_SPREAD`) are never taken; each game gives at most one
/// decision a phase, so that decisions of one game do not crowd a phase.
/// The list is shuffled, so that any prefix of it (a partial build) is a
/// fair sample.
pub fn sample_decisions(
    rules: Rules,
    seed: u64,
    count: usize,
    net: &dyn GameEvaluator<Plakoto>,
    heuristic: &dyn GameEvaluator<Plakoto>,
) -> Vec<SampledDecision> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut players = Players::new(net, heuristic);
    sample_by_phase(count, &PHASE_SHARES, &mut rng, |game_number, rng, pools| {
        let pairing = PAIRINGS[game_number % PAIRINGS.len()];
        let mut by_phase: Vec<Vec<SampledDecision>> = vec![Vec::new(); PHASE_SHARES.len()];
        play_game(rules, pairing, &mut players, rng, |d| {
            by_phase[phase_index(&PHASE_SHARES, d.phase)].push(d)
        });
        for (pool, found) in pools.iter_mut().zip(by_phase) {
            if let Some(d) = found.choose(rng) {
                pool.push(d.clone());
            }
        }
    })
}

/// Plays games (`play_into` plays game number N and puts the decisions
/// it keeps into the phases' pools, one a phase of `shares` in its order)
/// until every phase holds its quota of `count` by `shares` or the games
/// run out, then fills the quotas and shuffles the list, so that any
/// prefix of it is a fair sample. Any game's decisions (`T`).
pub(crate) fn sample_by_phase<T: Clone>(
    count: usize,
    shares: &[(GamePhase, f64)],
    rng: &mut ChaCha8Rng,
    mut play_into: impl FnMut(usize, &mut ChaCha8Rng, &mut [Vec<T>]),
) -> Vec<T> {
    let quota = phase_quotas(count, shares);
    let mut pools: Vec<Vec<T>> = vec![Vec::new(); shares.len()];
    for game_number in 0..max_games(count) {
        if pools.iter().zip(&quota).all(|(p, q)| p.len() >= *q) {
            break;
        }
        play_into(game_number, rng, &mut pools);
    }
    let mut chosen = fill_quotas(pools, &quota, count);
    chosen.shuffle(rng);
    chosen
}

/// Who plays the games that training positions are sampled from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PlayerMix {
    /// The benchmark's pairings of the net, the heuristic and the net with
    /// random plays mixed in: unusual positions appear too.
    #[default]
    Varied,
    /// The net against itself: the positions its own play reaches, which
    /// are the ones its games against strong players are decided in.
    #[value(name = "self")]
    SelfPlay,
}

impl PlayerMix {
    fn pairings(self) -> &'static [(Player, Player)] {
        match self {
            PlayerMix::Varied => &PAIRINGS,
            PlayerMix::SelfPlay => &[(Player::Strong, Player::Strong)],
        }
    }
}

/// Which phases the training positions are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PhaseMix {
    /// As they come in play. In the shipped net's own games that is
    /// mostly pins (36%) and openings (23%), with few plain contact
    /// positions (8%) and races (4%).
    #[default]
    Natural,
    /// The benchmark's shares (`PHASE_SHARES`), so that phases that are
    /// rare in play are taught as often as the benchmark judges them.
    Benchmark,
}

/// `count` decisions (not forced, not trivial) of seeded games between
/// `players`, for training targets. With `PhaseMix::Natural` they are the
/// first `count` as they come in play; with `PhaseMix::Benchmark` each
/// phase fills its benchmark share from the games in order (every decision
/// of a game may count) and the list is shuffled, so that any prefix of it
/// is a fair sample. The same arguments give the same list.
pub fn sample_positions(
    rules: Rules,
    seed: u64,
    count: usize,
    (players, phases): (PlayerMix, PhaseMix),
    net: &dyn GameEvaluator<Plakoto>,
    heuristic: &dyn GameEvaluator<Plakoto>,
) -> Vec<SampledDecision> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut playing = Players::new(net, heuristic);
    let pairings = players.pairings();
    match phases {
        PhaseMix::Natural => {
            let mut found = Vec::with_capacity(count);
            let mut game_number = 0;
            while found.len() < count {
                let pairing = pairings[game_number % pairings.len()];
                play_game(rules, pairing, &mut playing, &mut rng, |d| {
                    if found.len() < count {
                        found.push(d)
                    }
                });
                game_number += 1;
            }
            found
        }
        // A pool holds at most `count`: enough to fill any shortfall of
        // another phase, without keeping every race of a long search for
        // primes.
        PhaseMix::Benchmark => {
            sample_by_phase(count, &PHASE_SHARES, &mut rng, |game_number, rng, pools| {
                let pairing = pairings[game_number % pairings.len()];
                play_game(rules, pairing, &mut playing, rng, |d| {
                    let pool = &mut pools[phase_index(&PHASE_SHARES, d.phase)];
                    if pool.len() < count {
                        pool.push(d)
                    }
                });
            })
        }
    }
}

/// Each phase's number of decisions out of `count` by `shares` (rounded
/// up, so they may add up to a few more than `count`).
fn phase_quotas(count: usize, shares: &[(GamePhase, f64)]) -> Vec<usize> {
    shares
        .iter()
        .map(|(_, share)| (share * count as f64).ceil() as usize)
        .collect()
}

/// The place of `phase` in `shares` (every phase of the game has one).
pub(crate) fn phase_index(shares: &[(GamePhase, f64)], phase: GamePhase) -> usize {
    shares
        .iter()
        .position(|(p, _)| *p == phase)
        .expect("every phase has a share")
}

/// Each phase's quota from its pool, then what is missing from the pools'
/// leftovers, phase by phase, until `count` are chosen.
fn fill_quotas<T>(pools: Vec<Vec<T>>, quota: &[usize], count: usize) -> Vec<T> {
    let mut chosen = Vec::with_capacity(count);
    let mut leftovers = Vec::new();
    for (mut pool, q) in pools.into_iter().zip(quota) {
        let rest = pool.split_off((*q).min(pool.len()));
        chosen.extend(pool);
        leftovers.push(rest.into_iter());
    }
    chosen.truncate(count);
    while chosen.len() < count {
        let before = chosen.len();
        for rest in leftovers.iter_mut() {
            if chosen.len() < count
                && let Some(d) = rest.next()
            {
                chosen.push(d);
            }
        }
        if chosen.len() == before {
            break;
        }
    }
    chosen
}

/// Plays one game with `pairing` (X's player first), calling `visit` with
/// every decision that is not forced.
fn play_game(
    rules: Rules,
    pairing: (Player, Player),
    players: &mut Players<'_>,
    rng: &mut ChaCha8Rng,
    mut visit: impl FnMut(SampledDecision),
) {
    let mut game = Game::new(rules);
    if game.roll_opening(rng).is_err() {
        return;
    }
    // A game that runs this long is cut (none does in practice).
    for _ in 0..1_000 {
        if game.phase() == Phase::Over {
            return;
        }
        if game.turn_numbers().is_none() && game.roll(rng).is_err() {
            return;
        }
        let Some(turn) = game.turn_numbers() else {
            return;
        };
        let player = match game.on_roll() {
            plakoto_rules::Side::X => pairing.0,
            plakoto_rules::Side::O => pairing.1,
        };
        let (legal_plays, spread) = match players.lists.choice.legal(&game) {
            Ok(list) => {
                // Each play rated as the side rolling next sees its
                // position: the mover itself after numbers passed to it.
                let (rater, plakoto) = (&mut players.rate, Plakoto::new(rules));
                match turn {
                    TurnNumbers::Passed(_) => {
                        rater.choose_carried(&plakoto, players.net, &list.plays)
                    }
                    _ => rater.choose(&plakoto, players.net, &list.plays),
                };
                let equities = rater.values().map(|p| p.equity(rules.scoring));
                let (low, high) =
                    equities.fold((f32::MAX, f32::MIN), |(l, h), e| (l.min(e), h.max(e)));
                (list.plays.len(), high - low)
            }
            Err(_) => return,
        };
        let Ok(choice) = players.choose(player, &game, rng) else {
            return;
        };
        if legal_plays > 1 && spread > TRIVIAL_SPREAD {
            visit(SampledDecision {
                position: *game.position(),
                turn,
                played: choice.play(),
                phase: GamePhase::of(game.position()),
                source: player.plakoto_name(),
                legal_plays,
            });
        }
        if choice.commit(&mut game, &mut players.lists).is_err() {
            return;
        }
        players.search.trim();
        players.lists.trim();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::HeuristicEvaluator;
    use plakoto_engine::eval::PipCountEvaluator;

    #[test]
    fn sampling_is_reproducible_and_covers_phases() {
        let (a, b) = (HeuristicEvaluator, PipCountEvaluator);
        let first = sample_decisions(Rules::default(), 7, 60, &a, &b);
        let again = sample_decisions(Rules::default(), 7, 60, &a, &b);
        assert_eq!(first, again);
        assert_eq!(first.len(), 60);
        for phase in [GamePhase::Opening, GamePhase::Pinning, GamePhase::Race] {
            assert!(first.iter().any(|d| d.phase == phase), "no {phase}");
        }
        assert!(first.iter().all(|d| d.legal_plays > 1));
    }

    #[test]
    fn self_play_positions_come_from_the_net_alone_and_varied_from_all() {
        let (net, heuristic) = (HeuristicEvaluator, PipCountEvaluator);
        let rules = Rules::default();
        let natural = PhaseMix::Natural;
        let own = sample_positions(
            rules,
            3,
            300,
            (PlayerMix::SelfPlay, natural),
            &net,
            &heuristic,
        );
        assert_eq!(own.len(), 300);
        assert!(own.iter().all(|d| d.source == "net"));
        let varied = sample_positions(
            rules,
            3,
            300,
            (PlayerMix::Varied, natural),
            &net,
            &heuristic,
        );
        for source in ["net", "heuristic", "net+random"] {
            assert!(varied.iter().any(|d| d.source == source), "no {source}");
        }
        assert_ne!(own, varied);
    }

    /// The phases' counts in `sampled`, in `PHASE_SHARES` order.
    fn phase_counts(sampled: &[SampledDecision]) -> Vec<usize> {
        let mut counts = vec![0; PHASE_SHARES.len()];
        sampled
            .iter()
            .for_each(|d| counts[phase_index(&PHASE_SHARES, d.phase)] += 1);
        counts
    }

    #[test]
    fn benchmark_phase_mix_fills_the_benchmarks_shares() {
        let (net, heuristic) = (HeuristicEvaluator, PipCountEvaluator);
        let rules = Rules::default();
        let mix = (PlayerMix::SelfPlay, PhaseMix::Benchmark);
        let balanced = sample_positions(rules, 5, 400, mix, &net, &heuristic);
        assert_eq!(
            balanced,
            sample_positions(rules, 5, 400, mix, &net, &heuristic)
        );
        assert_eq!(balanced.len(), 400);
        assert!(balanced.iter().all(|d| d.legal_plays > 1));
        // 400 is a whole number of every share: each phase gets exactly its own.
        assert_eq!(phase_counts(&balanced), phase_quotas(400, &PHASE_SHARES));
        // Play as it comes has other shares, from the same games.
        let natural = (PlayerMix::SelfPlay, PhaseMix::Natural);
        let as_played = sample_positions(rules, 5, 400, natural, &net, &heuristic);
        assert_ne!(phase_counts(&as_played), phase_quotas(400, &PHASE_SHARES));
    }
}
