//! plakoto-tools: programs built on the protocol and the engine.
//!
//! - [`analyse`]: the command line of `plakoto analyse` (the analysis is
//!   the records').
//! - [`arena`]: engine-vs-engine matches (`plakoto arena`): engines as
//!   child processes or built-in players, duplicate dice, shards, records.
//! - [`conformance`]: `plakoto conformance`, checks an engine against
//!   protocol.md.
//! - [`external`]: `plakoto external`, the engine as GNU Backgammon's
//!   external player (FIBS boards over a socket).
//! - [`bench`](mod@bench): `plakoto bench`: speed of move generation, evaluation,
//!   hints and the pin-endgame database.
//! - [`games`]: each game's [`ToolsGame`] impl, one file a game.
//! - [`progress_bar`]: the bars the binaries draw on stderr, and the
//!   drawing of the library crates' progress reports.

pub mod analyse;
pub mod arena;
pub mod bench;
pub mod conformance;
pub mod external;
pub mod games;
pub mod progress_bar;

use crate::arena::args::ArenaArgs;
use crate::arena::error::{ArenaError, PlayerError};
use crate::arena::game_options::{TableOptions, table_options};
use crate::arena::match_players::{MatchGenerators, MatchPlayers};
use crate::arena::player::PlayerOptions;
use crate::arena::record::Contestant;
use crate::arena::records_dir::RecordsHeader;
use crate::arena::referee::GameOutcome;
use crate::arena::refereed_game::gnubg_turn_match_id;
use crate::arena::run_game::Launch;
use crate::arena::runner::RunSpec;
use crate::arena::tavli_evaluator_player::TavliEvaluatorPlayer;
use crate::arena::tavli_player::BoxedPlayer;
use crate::arena::tavli_player::SharedEngine;
use crate::arena::tavli_players::preflight_tavli_player;
use crate::arena::tavli_records::TableRecords;
use crate::arena::tavli_referee::Opening;
use crate::arena::tavli_referee::TavliSetup;
use crate::arena::tavli_runner::{TavliRunSpec, run_tavli_units};
use crate::bench::BenchError;
use crate::bench::eval::{self, EvalBenchOptions, EvalTiming};
use crate::bench::hint::{self, HintBenchOptions, HintBenchReport};
use crate::bench::movegen::{MovegenBenchOptions, MovegenBenchReport};
use crate::conformance::Report as ConformanceReport;
use crate::conformance::{ConformanceArgs, Step, SwitchVariant};
use plakoto_engine::game::{EngineGame, GameEvaluator};
use plakoto_records::record::{GameOnRecord, Roll};
use plakoto_rules::tavli::TavliGames;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{GameKind, TavliGame, with_game};
use plakoto_rules::{MatchScore, Side};

/// What the tools ask of a game, as plain functions: the arena, the
/// benches and the conformance checks call a game through these, chosen
/// once by its kind ([`ToolsGameFns::of`], the tools' one `with_game!`),
/// never naming its type. Each is the [`ToolsGame`] item of the same name,
/// or the generic code run for the game.
#[derive(Clone, Copy)]
pub struct ToolsGameFns {
    /// Whether the run takes `--switches`: the game has switches
    /// ([`takes_switches`]).
    pub takes_switches: bool,
    /// [`ToolsGame::check_options`].
    pub check_options: fn(&ArenaArgs) -> Result<Option<TableOptions>, ArenaError>,
    /// [`ToolsGame::prepare`], for the game under its switches in `games`.
    pub prepare: fn(&TavliGames, &ArenaArgs, &PlayerOptions, Opening) -> Prepared,
    /// Makes a Tavli match contestant's player of this game
    /// ([`arena::match_players`]).
    pub add_match_player: fn(
        &mut MatchPlayers,
        &TavliGames,
        &str,
        &PlayerOptions,
        &SharedEngine,
    ) -> Result<(), PlayerError>,
    /// Plays one game of this kind of a Tavli match
    /// ([`arena::tavli_match_runner`]).
    pub play_match_game: fn(
        &TavliGames,
        &TavliSetup,
        Side,
        &mut MatchPlayers,
        &mut MatchPlayers,
        &mut MatchGenerators,
    ) -> GameOutcome,
    /// `bench eval`'s timed rounds of the game's evaluator
    /// ([`eval::measure_game`]).
    pub eval_timing: fn(&EvalBenchOptions) -> Result<EvalTiming, BenchError>,
    /// `bench hint`'s timings of the game's suite
    /// ([`hint::measure_game`]).
    pub hint_report: fn(&HintBenchOptions) -> Result<HintBenchReport, BenchError>,
    /// [`ToolsGame::rules_shown`].
    pub rules_shown: fn(&HintBenchReport) -> String,
    /// `bench movegen` on the game's fixed suite.
    pub movegen: fn(MovegenBenchOptions) -> MovegenBenchReport,
    /// The conformance checks of the game.
    pub conformance: fn(&ConformanceArgs) -> ConformanceReport,
}

/// A run ready to launch and how its records are headed, or why not.
pub type Prepared = Result<(Launch, Box<dyn RecordsHeader>), ArenaError>;

/// Whether a run of `G` takes `--switches`: the game has switches
/// ([`TavliGame::switch_words`]; Fevga's F7–F9).
pub fn takes_switches<G: TavliGame>() -> bool {
    G::of_games(&TavliGames::default()).switch_words().is_some()
}

impl ToolsGameFns {
    /// The functions of the game `kind`.
    pub fn of(kind: GameKind) -> ToolsGameFns {
        with_game!(kind, G => ToolsGameFns {
            takes_switches: takes_switches::<G>(),
            check_options: G::check_options,
            prepare: |games, args, options, opening| games.get::<G>().prepare(args, options, opening),
            add_match_player: arena::match_players::add::<G>,
            play_match_game: arena::tavli_match_runner::play_one::<G>,
            eval_timing: eval::measure_game::<G>,
            hint_report: hint::measure_game::<G>,
            rules_shown: G::rules_shown,
            movegen: |options| {
                bench::movegen::measure(G::default(), &G::fixed_suite(options.positions), options)
            },
            conformance: conformance::run_checks::<G>,
        })
    }
}

/// A game the tools play, measure and check: everything the arena, the
/// benches and the conformance checks need of a game beside its rules
/// ([`plakoto_rules::TavliGame`]) and its records ([`GameOnRecord`]). One
/// impl a game, in one file ([`games`]); each tool picks the game once, at
/// its command line (`with_game!`), and is otherwise written once. (Here,
/// at the crate's root, as each tool calls it and its defaults call into
/// the tools.)
pub trait ToolsGame: GameOnRecord + EngineGame + Default {
    // The referee (what `tavli_referee` asks).

    /// Whether engines play this game without being told (`set game` is
    /// not sent in a run of it alone), so that engines from before
    /// `set game`, and from before `set position`, still play it: the
    /// protocol's default game, Plakoto.
    const ENGINE_DEFAULT: bool = false;

    /// The Match ID of a turn: `side` on roll with the numbers `to_play`,
    /// at `score` (X's and O's points and the match's length; length 0 in
    /// a single game, the Tavli target in a Tavli match). The default is
    /// GNU Backgammon's, which Portes and Fevga use; its layout has no
    /// place for numbers carried, so a game that carries them has its own.
    fn turn_match_id(
        &self,
        side: Side,
        to_play: &ToPlay<Self::Carried>,
        score: MatchScore,
    ) -> String {
        let dice = match to_play {
            ToPlay::Dice(dice) => Some(*dice),
            ToPlay::Carried(_) => None,
        };
        gnubg_turn_match_id(side, dice, score)
    }

    /// Whether `error` means the text is no play at all (garbage), rather
    /// than a readable play that is not legal.
    fn is_garbage(&self, error: &Self::PlayError) -> bool;

    /// Why a play was refused, as a fault says it.
    fn refusal(&self, error: &Self::PlayError) -> String {
        error.to_string()
    }

    /// The move generator the referee lists plays with (a game whose
    /// lists can be huge bounds them here).
    fn referee_generator(&self) -> Self::Generator {
        self.generator()
    }

    /// Checks a play a built-in player chose from `list` (the plays of
    /// `to_play` in `before`), where the list alone cannot tell whether it
    /// is legal (a list cut short); the play to make, or why it is not
    /// legal. The default takes the play: a complete list holds only
    /// legal plays.
    fn check_play(
        &self,
        before: &Self::Position,
        to_play: &ToPlay<Self::Carried>,
        list: &Self::PlayList,
        play: &Self::Play,
    ) -> Result<Self::Play, Self::PlayError> {
        let _ = (before, to_play, list);
        Ok(*play)
    }

    /// The numbers `carried` to a turn as the turn's record writes them:
    /// the words of their text (`3 3`), as numbers.
    fn carried_roll(&self, carried: &Self::Carried) -> Roll {
        Roll::Passed(
            carried
                .to_string()
                .split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect(),
        )
    }

    /// The commands that set an engine, fresh after `set game`, to play
    /// this game's switches (`set fevga.release reach_quarter`). Only the
    /// switches that differ from the specification's defaults are sent:
    /// `set game` starts an engine at the defaults, so an engine that
    /// plays only the default game can still play a default run.
    fn engine_setup(&self) -> Vec<String> {
        Vec::new()
    }

    // Built-in players (`tavli_players`), beside `builtin:random`.

    /// Each built-in's name after `builtin:` (without `@FILE`) and what it
    /// plays, for help and error messages.
    const BUILTINS: &'static [(&'static str, &'static str)];

    /// The built-in `name` (`heuristic`, `net`) of this game, called `spec`;
    /// `file` is what followed `@` (`builtin:net@FILE`). `None`: the game
    /// has no such built-in.
    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Self>, PlayerError>>;

    /// The player that plays `evaluator`'s 0-ply choice, called `name`
    /// (the lab trainer's strength checks): the best play by the
    /// evaluator, exact values first ([`TavliEvaluatorPlayer`]), unless the
    /// game's own search knows more at 0 ply (Plakoto Express's plays that
    /// pass numbers on, R21).
    fn evaluator_player(name: &str, evaluator: Box<dyn GameEvaluator<Self>>) -> BoxedPlayer<Self> {
        Box::new(TavliEvaluatorPlayer::new(name, evaluator))
    }

    // A run of the game alone (`run_game`, `tavli_runner`).

    /// Refuses options the game does not take; what a game of the game
    /// layer is played under (`None` for one that takes no opening or
    /// switches: Plakoto).
    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        table_options(args, takes_switches::<Self>()).map(Some)
    }

    /// The positions the run's games start from (`--start-positions`,
    /// which only Plakoto takes): none, each game from its start.
    fn start_positions(spec: &RunSpec) -> Vec<Self::Position> {
        let _ = spec;
        Vec::new()
    }

    /// Checks both players (built-ins exist; engines start and accept the
    /// game), and says how the run is played and its records headed.
    fn prepare(
        self,
        args: &ArenaArgs,
        options: &PlayerOptions,
        opening: Opening,
    ) -> Result<(Launch, Box<dyn RecordsHeader>), ArenaError> {
        let one = |contestant, spec: &str| {
            preflight_tavli_player(&self, spec, options)
                .map_err(|source| ArenaError::Engine { contestant, source })
        };
        let ready = (one(Contestant::A, &args.a)?, one(Contestant::B, &args.b)?);
        let game = self;
        let launch: Launch = Box::new(move |spec, todo, jobs, on_record| {
            let table = TavliRunSpec::of_run(game, opening, spec, Self::start_positions(spec));
            run_tavli_units(&table, todo, jobs, Some(ready), on_record)
        });
        Ok((launch, Box::new(TableRecords { game, opening })))
    }

    // A Tavli match (`match_players`, `tavli_match_runner`).

    /// How the game opens in a run whose games that open with a roll
    /// open as `run` says.
    fn opening(run: Opening) -> Opening;

    // The benches (`bench`): the game's suites, its evaluators by name,
    // and how `bench hint`'s report names what was searched.

    /// `positions` positions from turn 6 on of seeded games, of the
    /// game's own seed, so a game's figures stay comparable with its
    /// earlier runs.
    fn fixed_suite(positions: usize) -> Vec<Self::Position>;

    /// The suite of `bench hint`: `positions` positions of seeded games,
    /// each taken at a random turn from `skip` on.
    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position>;

    /// The rules `bench hint`'s text report says were searched: the
    /// game's name, as its default switches are.
    fn rules_shown(_report: &HintBenchReport) -> String {
        Self::KIND.to_string()
    }

    // The conformance checks (`conformance`): the samples the game sets,
    // the checks run on them, and its switches.

    /// A position set on the engine, with what the checks need of it.
    type Sample;

    /// The positions set, drawn from `args.seed`.
    fn samples(args: &ConformanceArgs) -> Vec<Self::Sample>;

    /// Commands sent to every engine started, after `isready`: a fresh
    /// engine after a lost one plays the same game.
    fn setup() -> Vec<String> {
        vec![format!("set game {}", Self::KIND)]
    }

    /// The checks after `start`, in order: each named, and whether
    /// protocol.md requires what it checks of every engine.
    fn steps() -> Vec<(&'static str, bool, Step<Self::Sample>)>;

    /// The game the samples are played under (the defaults).
    fn sample_game() -> Self;

    /// What [`ToolsGame::notable`] counts, for the report ("with
    /// the side on roll on the bar").
    const NOTABLE: &'static str;

    /// Whether a position is of the kind worth counting in the report.
    fn notable(&self, position: &Self::Position) -> bool;

    /// The game under each switch value that is not the default, one at
    /// a time (none for a game without switches).
    fn switch_variants(&self) -> Vec<SwitchVariant<Self>> {
        Vec::new()
    }

    /// Commands naming no switch, or no value of one, that an engine with
    /// switches refuses with `invalid_argument`.
    fn bad_switch_commands(&self) -> Vec<String> {
        Vec::new()
    }

    /// Positions (board text, the side on roll's dice) where switch values
    /// change the plays and random games seldom go: searched before the
    /// random positions.
    fn switch_witnesses(&self) -> Vec<(&'static str, [u8; 2])> {
        Vec::new()
    }
}
