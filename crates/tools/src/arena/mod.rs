//! The arena: engine-vs-engine matches with fair (duplicate) dice,
//! statistics and fault tolerance (`plakoto arena`). Every game goes
//! through the game layer ([`plakoto_rules::TavliGame`]):
//!
//! - [`RefereedGame`] (below) is everything the arena needs of a game
//!   beside its rules and records, one impl a game in the game's players
//!   file;
//! - [`tavli_referee`] plays one game of any game: it owns the position
//!   and the dice, asks players for plays and checks them against the
//!   game's rules ([`refereed_game`] the Match ID the games share;
//!   [`referee`] the outcome of a game and the seeds);
//! - [`tavli_player`] holds the players: the trait, random play, and any
//!   engine as a child process driven through the protocol
//!   ([`engine_process`]); [`player`] their settings; [`tavli_players`]
//!   makes a game's players by name (`builtin:NAME` or a command), each
//!   game's built-ins in one file ([`portes_players`], [`plakoto_players`],
//!   [`fevga_players`]; [`tavli_evaluator_player`] the 0-ply player of an
//!   evaluator);
//! - [`runner`] schedules units on threads (duplicate pairs, seeds,
//!   records), [`tavli_runner`] plays a run of one game (single games or
//!   matches, from start positions), [`run_game`] a run's ready form and
//!   its options' checks;
//! - [`record`], [`turn`], [`results_file`] and [`stats`] keep and
//!   summarise results ([`counts`]: by how games ended and by who
//!   started them); game records are [`records_dir`]'s, each game's
//!   header by [`tavli_records`];
//! - [`cli`] is the `plakoto arena` command, [`args`] and
//!   [`game_options`] its command line and its checks per game.
//!
//! Tavli matches (`--game tavli`, [`arena_game`]) play every game through
//! the same referee: [`tavli_match_runner`] runs the matches over the
//! rules core's `TavliMatch`, [`match_players`] holds a contestant's
//! player of each game (one engine process shared by them),
//! [`tavli_stats`] the match statistics and [`tavli_records`] the Tavli
//! match records' header.

pub mod arena_game;
pub mod args;
pub mod cli;
pub mod counts;
pub mod engine_process;
pub mod error;
pub mod fault;
pub mod fevga_players;
pub mod game_options;
pub mod interval;
pub mod match_players;
pub mod merge;
pub mod plakoto_players;
pub mod player;
pub mod plot;
pub mod portes_players;
pub mod record;
pub mod records_dir;
pub mod referee;
pub mod refereed_game;
pub mod results_file;
pub mod run_game;
pub mod runner;
pub mod shard;
pub mod start_positions;
pub mod stats;
pub mod tavli_evaluator_player;
pub mod tavli_match_runner;
pub mod tavli_player;
pub mod tavli_players;
pub mod tavli_records;
pub mod tavli_referee;
pub mod tavli_runner;
pub mod tavli_stats;
pub mod turn;

use plakoto_records::record::{GameOnRecord, Roll};
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{MatchScore, Side};

use self::args::ArenaArgs;
use self::error::ArenaError;
use self::error::PlayerError;
use self::game_options::{TableOptions, table_options};
use self::match_players::{MatchGenerators, MatchPlayers, TavliGames};
use self::player::PlayerOptions;
use self::record::Contestant;
use self::records_dir::RecordsHeader;
use self::refereed_game::gnubg_turn_match_id;
use self::run_game::Launch;
use self::runner::RunSpec;
use self::tavli_player::BoxedPlayer;
use self::tavli_players::preflight_tavli_player;
use self::tavli_records::TableRecords;
use self::tavli_referee::Opening;
use self::tavli_runner::{TavliRunSpec, run_tavli_units};

/// A game the arena plays, everything it needs of it beside its rules
/// ([`plakoto_rules::TavliGame`]) and its records ([`GameOnRecord`], whose `switches`
/// are told to reports and results files): how the referee checks a play
/// and writes a turn's Match ID, the game's built-in players, how a run of
/// the game alone is set up, and where a Tavli match keeps its player and
/// generator of it. One impl a game, in the game's file
/// ([`portes_players`], [`plakoto_players`], [`fevga_players`]).
pub trait RefereedGame: GameOnRecord {
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

    // A run of the game alone (`run_game`, `tavli_runner`).

    /// Whether the run takes `--fevga-switches` (F7–F9).
    const FEVGA_SWITCHES: bool = false;

    /// Refuses options the game does not take; what a game of the game
    /// layer is played under (`None` for one that takes no opening or
    /// switches: Plakoto).
    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        table_options(args, Self::FEVGA_SWITCHES).map(Some)
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

    /// The game with the run's switches.
    fn of(games: &TavliGames) -> Self;
    /// How the game opens when it opens with a roll.
    fn opening(games: &TavliGames) -> Opening;
    /// The contestant's player of this game.
    fn slot(players: &mut MatchPlayers) -> &mut Option<BoxedPlayer<Self>>;
    /// The worker's generator of this game.
    fn generator_of(generators: &mut MatchGenerators) -> &mut Self::Generator;
}
