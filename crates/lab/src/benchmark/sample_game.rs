//! Sampling benchmark decisions of any game of the game layer
//! ([`plakoto_rules::TavliGame`]; Fevga first) from seeded games between players of
//! different strength: a strong evaluator, a weak one, and the strong one
//! with random plays mixed in, paired as the Plakoto sampler pairs the
//! net, the heuristic and the net with random plays ([`super::sample`]),
//! with a quota per phase. The same seed and count give the same list,
//! so every shard of a build samples it alone and takes its share by id.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::phase::GamePhase;
use super::sample::{PAIRINGS, Player, RANDOM_PLAY_CHANCE, TRIVIAL_SPREAD, sample_by_phase};
use plakoto_engine::game::EngineGame;
use plakoto_engine::game::{GameEvaluator, GreedyChooser, game_equity};
use plakoto_rules::Dice;
use plakoto_rules::tavli::ToPlay;

/// Turns after which a sampled game is cut (none runs this long).
const MAX_TURNS: usize = 1_000;

/// One sampled decision of the game `G`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDecision<G: EngineGame> {
    /// The position, seen by the side to play.
    pub position: G::Position,
    /// What the side plays: its roll, or numbers carried to it (Plakoto
    /// Express, R21).
    pub to_play: ToPlay<G::Carried>,
    /// The position the play made in the game reached, seen by its mover.
    pub played: G::Position,
    /// Its phase.
    pub phase: GamePhase,
    /// Who made the play (`heuristic`, `pipcount`, `heuristic+random`).
    pub source: String,
    /// Legal plays (distinct resulting positions) of the roll.
    pub legal_plays: usize,
}

/// What a sampled game is played with.
pub struct GameSampler<'a, G: EngineGame> {
    /// The game with its switches.
    pub game: &'a G,
    /// The strong player's evaluator, which also rates a decision's plays
    /// to leave out those in which no choice matters.
    pub strong: &'a dyn GameEvaluator<G>,
    /// The weak player's evaluator.
    pub weak: &'a dyn GameEvaluator<G>,
    /// Each phase's share of the decisions, in report order.
    pub shares: &'a [(GamePhase, f64)],
    /// The phase of a position (side on roll).
    pub phase_of: &'a dyn Fn(&G::Position) -> GamePhase,
}

impl<G: EngineGame> GameSampler<'_, G> {
    /// `count` decisions from games seeded by `seed` (both players at 0
    /// ply). Forced decisions and those whose plays the strong evaluator
    /// rates all within `TRIVIAL_SPREAD` are never taken; each game gives
    /// at most one decision a phase; the list is shuffled, so that any
    /// prefix of it (a partial build) is a fair sample.
    pub fn sample(&self, seed: u64, count: usize) -> Vec<GameDecision<G>> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut buffers = Buffers::new(self.game);
        sample_by_phase(count, self.shares, &mut rng, |number, rng, pools| {
            let pairing = PAIRINGS[number % PAIRINGS.len()];
            let mut by_phase: Vec<Vec<GameDecision<G>>> = vec![Vec::new(); self.shares.len()];
            self.play_game(pairing, &mut buffers, rng, |d| {
                let i = super::sample::phase_index(self.shares, d.phase);
                by_phase[i].push(d);
            });
            for (pool, found) in pools.iter_mut().zip(by_phase) {
                if let Some(d) = found.choose(rng) {
                    pool.push(d.clone());
                }
            }
        })
    }

    /// The name of `player`, as a decision's `source`.
    fn name(&self, player: Player) -> String {
        match player {
            Player::Strong => self.strong.name().to_string(),
            Player::Weak => self.weak.name().to_string(),
            Player::StrongRandom => format!("{}+random", self.strong.name()),
        }
    }

    /// Plays one game with `pairing` (the first side's player first) from
    /// the start, calling `visit` with every decision worth taking.
    fn play_game(
        &self,
        pairing: (Player, Player),
        buffers: &mut Buffers<G>,
        rng: &mut ChaCha8Rng,
        mut visit: impl FnMut(GameDecision<G>),
    ) {
        let game = self.game;
        let mut position = game.start();
        for turn in 0..MAX_TURNS {
            let dice = Dice::roll(rng);
            let player = if turn % 2 == 0 { pairing.0 } else { pairing.1 };
            game.generate(&mut buffers.generator, &position, dice, &mut buffers.list);
            let plays = game.plays(&buffers.list);
            let Some((strong_choice, _)) = buffers.strong.choose(game, self.strong, plays) else {
                return;
            };
            let (low, high) = buffers
                .strong
                .values()
                .map(|p| game_equity(game, p))
                .fold((f32::MAX, f32::MIN), |(l, h), e| (l.min(e), h.max(e)));
            let chosen = match player {
                Player::Strong => strong_choice,
                Player::Weak => buffers
                    .weak
                    .choose(game, self.weak, plays)
                    .map_or(strong_choice, |(i, _)| i),
                Player::StrongRandom => {
                    if rng.gen_bool(RANDOM_PLAY_CHANCE) {
                        rng.gen_range(0..plays.len())
                    } else {
                        strong_choice
                    }
                }
            };
            let after = game.after(&plays[chosen]);
            if plays.len() > 1 && high - low > TRIVIAL_SPREAD {
                visit(GameDecision {
                    position,
                    to_play: ToPlay::Dice(dice),
                    played: after,
                    phase: (self.phase_of)(&position),
                    source: self.name(player),
                    legal_plays: plays.len(),
                });
            }
            if game.result(&after).is_some() {
                return;
            }
            position = game.flip(&after);
        }
    }
}

/// The generator and choosers a sampler reuses from turn to turn.
struct Buffers<G: EngineGame> {
    generator: G::Generator,
    list: G::PlayList,
    strong: GreedyChooser<G>,
    weak: GreedyChooser<G>,
}

impl<G: EngineGame> Buffers<G> {
    fn new(game: &G) -> Buffers<G> {
        Buffers {
            generator: game.generator(),
            list: G::PlayList::default(),
            strong: GreedyChooser::new(),
            weak: GreedyChooser::new(),
        }
    }
}
