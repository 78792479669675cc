//! Plakoto in the tools: its [`ToolsGame`] impl (the arena, the benches,
//! the conformance checks) and its built-in players for the arena, here;
//! the suites and samples it names stay with the tool that uses them.
//!
//! Plakoto in the arena ([`crate::ToolsGame`]): what the referee needs of it
//! beyond the game layer (its Match ID, its lists bounded on Express low
//! doubles, a built-in's play checked where a list was cut short), its
//! built-in players, its options and start positions, in its own runs (standard and
//! Express, single games and matches) and in a Tavli match's Plakoto games.
//!
//! Every built-in is an evaluator behind the generic search
//! ([`GameSearch::choose_legal`]), at 0 plies (`builtin:heuristic`,
//! `builtin:net`, …) or more (`builtin:ply2`, `builtin:net-ply2`): it
//! chooses as the engine's `play` does, by match-winning chances in a
//! match of Plakoto, and on Express low doubles, where the referee's list
//! is cut short, only a play that is surely legal (R10). In a Tavli match
//! it chooses by the Tavli match's winning chances instead.

use std::path::Path;
use std::sync::Arc;

use crate::ToolsGame;
use crate::arena::args::ArenaArgs;
use crate::arena::error::{ArenaError, PlayerError};
use crate::arena::fault::{Fault, FaultKind};
use crate::arena::game_options::{TableOptions, plakoto_options};
use crate::arena::runner::RunSpec;
use crate::arena::tavli_player::{BoxedPlayer, TavliAnswer, TavliPlayer, TavliTurn};
use crate::arena::tavli_players::BUILTIN_PREFIX;
use crate::arena::tavli_referee::Opening;
use crate::bench::SUITE_SEED;
use crate::bench::hint::HintBenchReport;
use crate::conformance::positions::{Sample, samples};
use crate::conformance::{ConformanceArgs, Step};
use plakoto_engine::eval::net::weights::{self, WeightsError};
use plakoto_engine::eval::{HeuristicEvaluator, NetEvaluator, PipCountEvaluator, Probabilities};
use plakoto_engine::game::express::CHOICE_LIMIT;
use plakoto_engine::game::{
    GameEvaluator, GameSearch, GreedyChooser, Root, SearchSettings, Valuation,
};
use plakoto_engine::match_equity::MatchContext;
use plakoto_rules::Plakoto;
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{
    GenLimits, IllegalPlay, MatchId, MatchScore, MoveGenerator, Numbers, Phase, Play, PlayList,
    Position, Side, check_chosen,
};

impl ToolsGame for Plakoto {
    // The arena.
    const ENGINE_DEFAULT: bool = true;

    fn turn_match_id(&self, side: Side, to_play: &ToPlay<Numbers>, score: MatchScore) -> String {
        let clamp = |points: u32| points.min(127) as u8;
        let (dice, pending) = match to_play {
            ToPlay::Dice(dice) => (Some(*dice), None),
            ToPlay::Carried(numbers) => (None, Some(*numbers)),
        };
        MatchId {
            rules: self.rules,
            match_length: score.length,
            score: score.score.map(clamp),
            on_roll: side,
            dice,
            phase: Phase::Playing,
            pending,
        }
        .to_string()
    }

    fn is_garbage(&self, error: &IllegalPlay) -> bool {
        matches!(error, IllegalPlay::Notation(_))
    }

    fn refusal(&self, error: &IllegalPlay) -> String {
        match error {
            IllegalPlay::Notation(e) => format!("not a play: {e}"),
            other => other.to_string(),
        }
    }

    fn referee_generator(&self) -> MoveGenerator {
        MoveGenerator::new(REFEREE_LIMITS)
    }

    /// As the rules core's game checks a play chosen from its list
    /// ([`check_chosen`]): the line search where the list was cut short.
    fn check_play(
        &self,
        before: &Position,
        to_play: &ToPlay<Numbers>,
        list: &PlayList,
        play: &Play,
    ) -> Result<Play, IllegalPlay> {
        check_chosen(before, &self.numbers_of(to_play), list, play)
    }

    fn carried_roll(&self, carried: &Numbers) -> plakoto_records::record::Roll {
        plakoto_records::record::Roll::Passed(carried.to_vec())
    }

    const BUILTINS: &'static [(&'static str, &'static str)] = &[
        ("heuristic", PLAYERS[0].1),
        ("ply1", PLAYERS[1].1),
        ("ply2", PLAYERS[2].1),
        ("ply3", PLAYERS[3].1),
        ("net", PLAYERS[4].1),
        ("net-f32", PLAYERS[5].1),
        ("net-standard", PLAYERS[6].1),
        ("net-ply1", PLAYERS[7].1),
        ("net-ply2", PLAYERS[8].1),
        ("net-nopin", PLAYERS[9].1),
        ("pipcount", PLAYERS[10].1),
    ];

    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Plakoto>, PlayerError>> {
        if let Some(file) = file {
            return Some(net_with_file(spec, name, file));
        }
        let &(_, _, plies, make) = PLAYERS.iter().find(|p| p.0 == name)?;
        if name.starts_with("net") {
            if let Err(source) = plakoto_engine::eval::net::express_network() {
                return Some(Err(PlayerError::Weights {
                    spec: spec.to_string(),
                    source,
                }));
            }
            // A seeded run must not depend on when the databases were ready.
            plakoto_engine::eval::exact::prepare();
        }
        Some(Ok(Box::new(PlakotoPlayer::new(spec, plies, make()))))
    }

    /// Plakoto's 0-ply search, which values a play that passes numbers
    /// on (Express, R21) by the opponent's best play of them.
    fn evaluator_player(
        name: &str,
        evaluator: Box<dyn GameEvaluator<Plakoto>>,
    ) -> BoxedPlayer<Plakoto> {
        Box::new(PlakotoPlayer::new(name, 0, evaluator))
    }

    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        plakoto_options(args).map(|()| None)
    }

    fn start_positions(spec: &RunSpec) -> Vec<plakoto_rules::Position> {
        spec.start_positions.clone()
    }

    /// R19: Plakoto's opening roll is always the Greek one.
    fn opening(_: Opening) -> Opening {
        Opening::Greek
    }

    // The benches.
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        midgame_suite(SUITE_SEED, positions, 6)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        midgame_suite(seed, positions, skip)
    }

    /// Plakoto's movement rules (`--rules`), which it is searched under.
    fn rules_shown(report: &HintBenchReport) -> String {
        format!("{} rules", report.variant)
    }

    // The conformance checks.
    type Sample = Sample;

    fn sample_game() -> Plakoto {
        Plakoto::default()
    }

    const NOTABLE: &'static str = "with a checker pinned";

    fn notable(&self, position: &Position) -> bool {
        position.own_pinned_mask() != 0 || position.opp_pinned_mask() != 0
    }

    fn samples(args: &ConformanceArgs) -> Vec<Sample> {
        samples(args.positions, args.seed)
    }

    /// Plakoto is the engine's game at start: nothing is sent first, so
    /// an engine of Plakoto alone (no `set game`) is checked too.
    fn setup() -> Vec<String> {
        Vec::new()
    }

    fn steps() -> Vec<(&'static str, bool, Step<Sample>)> {
        vec![
            ("framing", true, |c, _| c.check_framing()),
            ("commands", false, |c, _| c.check_commands()),
            ("ids", true, |c, _| c.check_ids()),
            ("errors", true, |c, s| c.check_errors(s)),
            ("positions", true, |c, s| c.check_positions(s)),
            ("legal", false, |c, s| c.check_legal(s)),
            ("play", true, |c, s| c.check_play(s)),
            ("discovery", false, |c, _| c.check_discovery()),
            ("quit", true, |c, _| c.check_quit()),
        ]
    }
}

/// Most plays the referee lists for one roll (only Express low doubles
/// reach it: the most plays of a standard roll found over 12,000 random
/// mid-game positions was 1,283).
pub const REFEREE_LIMITS: GenLimits = GenLimits {
    max_positions: 4_000,
};

/// How a built-in makes its evaluator.
pub(crate) type MakeEvaluator = fn() -> Box<dyn GameEvaluator<Plakoto>>;

/// Plakoto's built-ins: name, what it plays, plies searched, evaluator.
pub(crate) const PLAYERS: &[(&str, &str, u8, MakeEvaluator)] = &[
    (
        "heuristic",
        "the best 0-ply equity of the heuristic evaluator",
        0,
        || Box::new(HeuristicEvaluator),
    ),
    (
        "ply1",
        "the heuristic searched 1 ply (normal move filter)",
        1,
        || Box::new(HeuristicEvaluator),
    ),
    (
        "ply2",
        "the heuristic searched 2 plies (normal move filter)",
        2,
        || Box::new(HeuristicEvaluator),
    ),
    (
        "ply3",
        "the heuristic searched 3 plies (normal move filter)",
        3,
        || Box::new(HeuristicEvaluator),
    ),
    (
        "net",
        "the best 0-ply equity of the neural net (embedded weights: the Express ones under --rules express; or $PLAKOTO_WEIGHTS)",
        0,
        || Box::new(default_net()),
    ),
    (
        "net-f32",
        "builtin:net evaluated in f32 as trained, not as its integer copy (to measure the integer inference against)",
        0,
        || Box::new(default_net().with_f32()),
    ),
    (
        "net-standard",
        "builtin:net with the standard weights under every rule set (to measure the Express weights against)",
        0,
        || Box::new(NetEvaluator::new(loaded(weights_default()))),
    ),
    (
        "net-ply1",
        "the neural net searched 1 ply (normal move filter)",
        1,
        || Box::new(default_net()),
    ),
    (
        "net-ply2",
        "the neural net searched 2 plies (normal move filter)",
        2,
        || Box::new(default_net()),
    ),
    (
        "net-nopin",
        "the best 0-ply equity of the neural net without the pin endgame database (to measure it)",
        0,
        || Box::new(default_net().without_pin_database()),
    ),
    (
        "pipcount",
        "the best 0-ply equity of a pip-count and pin evaluator",
        0,
        || Box::new(PipCountEvaluator),
    ),
];

/// The built-ins that also take a weight file (`builtin:NAME@FILE`): to
/// match two nets in one process.
const WITH_FILE: [&str; 3] = ["net", "net-ply1", "net-ply2"];

/// The process's default net. [`Plakoto::builtin`] has checked the
/// weights load before any net player is made, so a failure here is a
/// setup error the run cannot recover from: it stops with the reason.
fn default_net() -> NetEvaluator {
    loaded(NetEvaluator::with_default_network())
}

/// The process's standard weights.
fn weights_default() -> Result<Arc<plakoto_engine::eval::net::Network>, WeightsError> {
    plakoto_engine::eval::net::default_network()
}

/// The weights loaded, or the process stopped with the reason.
fn loaded<T>(weights: Result<T, WeightsError>) -> T {
    match weights {
        Ok(w) => w,
        Err(e) => {
            eprintln!("plakoto: cannot load the net's weights: {e}");
            std::process::exit(2);
        }
    }
}

/// `builtin:NAME@FILE`: the net player `NAME` with the weights in `FILE`
/// instead of the process's (the Express weights are not used: the file's
/// net plays under every rule set).
pub(crate) fn net_with_file(
    spec: &str,
    name: &str,
    file: &str,
) -> Result<BoxedPlayer<Plakoto>, PlayerError> {
    let Some(&(_, _, plies, _)) = PLAYERS
        .iter()
        .find(|p| p.0 == name && WITH_FILE.contains(&name))
    else {
        return Err(PlayerError::UnknownBuiltin {
            spec: spec.to_string(),
            known: WITH_FILE
                .iter()
                .map(|n| format!("{BUILTIN_PREFIX}{n}@FILE"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    let net = weights::load(Path::new(file)).map_err(|source| PlayerError::Weights {
        spec: spec.to_string(),
        source,
    })?;
    plakoto_engine::eval::exact::prepare();
    let evaluator = Box::new(NetEvaluator::new(Arc::new(net)));
    Ok(Box::new(PlakotoPlayer::new(spec, plies, evaluator)))
}

/// Plays the best play of an n-ply search of an evaluator with the
/// default move filters (0 plies: the best 0-ply equity).
pub struct PlakotoPlayer {
    name: String,
    settings: SearchSettings,
    evaluator: Box<dyn GameEvaluator<Plakoto>>,
    search: GameSearch<Plakoto>,
    /// The root's plays, bounded as the engine's own choice is.
    generator: MoveGenerator,
    greedy: GreedyChooser<Plakoto>,
}

impl PlakotoPlayer {
    /// A player called `name` searching `plies` plies over `evaluator`.
    pub fn new(name: &str, plies: u8, evaluator: Box<dyn GameEvaluator<Plakoto>>) -> PlakotoPlayer {
        let settings = SearchSettings::with_plies(plies);
        settings
            .validate()
            .expect("the default settings at any plies (clamped) are in range");
        PlakotoPlayer {
            name: name.to_string(),
            settings,
            evaluator,
            search: GameSearch::new(),
            generator: MoveGenerator::new(GenLimits {
                max_positions: CHOICE_LIMIT,
            }),
            greedy: GreedyChooser::new(),
        }
    }
}

impl TavliPlayer<Plakoto> for PlakotoPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, turn: &TavliTurn<'_, Plakoto>) -> Result<TavliAnswer<Plakoto>, Fault> {
        let no_play = || Fault::new(FaultKind::Illegal, "no legal play to choose from");
        let plakoto = turn.game;
        if let (Some(context), 0) = (turn.in_match, self.settings.plies) {
            // A Tavli match's game: the best match-winning chance.
            let plays = &turn.legal.plays;
            let (index, _) = self
                .greedy
                .choose_by(plakoto, &*self.evaluator, plays, |p| context.mwc(p))
                .ok_or_else(no_play)?;
            return Ok(TavliAnswer::Play(plays[index]));
        }
        // By match-winning chances in a match: the Tavli match's, or in a
        // match of Plakoto its own.
        let own_match = MatchContext::of(&turn.game_match, turn.side, plakoto.rules);
        let mwc = |p: &Probabilities| match turn.in_match {
            Some(context) => context.mwc(p),
            None => own_match.as_ref().map_or(0.0, |c| c.mwc(p)),
        };
        let in_a_match = turn.in_match.is_some() || own_match.is_some();
        let root = Root::new(plakoto, &*self.evaluator, turn.position, &turn.to_play);
        let play = self
            .search
            .choose_legal(
                root,
                &mut self.generator,
                &self.settings,
                self.settings.limits(),
                in_a_match.then_some(&mwc as &Valuation),
            )
            .ok_or_else(no_play)?;
        self.search.trim();
        // The referee checks the play: against its list or, when the list
        // was cut short (Express low doubles), by the line search.
        Ok(TavliAnswer::Play(play))
    }
}
