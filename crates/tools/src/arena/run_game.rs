//! What a run of one game (`--game portes|plakoto|fevga`) asks of the game
//! it plays: [`RunGame`], one impl a game. The arena's command line picks
//! the game's type once ([`with_game!`]) and is otherwise written once:
//! the options a game takes, its players checked before the run, the run
//! itself and the records' header all come from here. Every game is
//! refereed through the game layer ([`super::tavli_runner`]).

use plakoto_records::record::GameOnRecord;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};
use plakoto_rules::{GameKind, with_game};

use super::args::ArenaArgs;
use super::error::ArenaError;
use super::game_options::{
    TableOptions, check_common, check_tavli, plakoto_options, table_options,
};
use super::match_players::TavliGames;
use super::player::PlayerOptions;
use super::record::{Contestant, GameRecord};
use super::records_dir::{PlakotoRecords, RecordsGame};
use super::runner::RunSpec;
use super::tavli_players::{BuiltinPlayers, preflight_tavli_player};
use super::tavli_records::TableRecords;
use super::tavli_referee::Opening;
use super::tavli_runner::{TavliRunSpec, run_tavli_units};

/// Where each finished game of a run goes.
pub type OnRecord<'a> = &'a mut dyn FnMut(GameRecord) -> Result<(), ArenaError>;

/// A run ready to play: its players checked (engines started), it plays
/// the units asked with as many jobs as asked.
pub type Launch = Box<dyn FnOnce(&RunSpec, &[u64], usize, OnRecord<'_>) -> Result<(), ArenaError>>;

/// A game an arena run plays on its own.
pub trait RunGame: BuiltinPlayers + GameOnRecord {
    /// Whether the run takes `--fevga-switches` (F7–F9).
    const FEVGA_SWITCHES: bool = false;

    /// The game with the run's switches.
    fn of_run(games: &TavliGames) -> Self;

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

    /// How the run's game records are headed.
    fn records(self, opening: Opening) -> Box<dyn RecordsGame> {
        Box::new(TableRecords {
            game: self,
            opening,
        })
    }

    /// Checks both players (built-ins exist; engines start and accept the
    /// game), and says how the run is played and its records headed.
    fn prepare(
        self,
        args: &ArenaArgs,
        options: &PlayerOptions,
        opening: Opening,
    ) -> Result<(Launch, Box<dyn RecordsGame>), ArenaError> {
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
        Ok((launch, game.records(opening)))
    }
}

impl RunGame for Portes {
    fn of_run(games: &TavliGames) -> Portes {
        games.portes
    }
}

impl RunGame for Fevga {
    const FEVGA_SWITCHES: bool = true;

    fn of_run(games: &TavliGames) -> Fevga {
        games.fevga
    }
}

impl RunGame for Plakoto {
    fn of_run(games: &TavliGames) -> Plakoto {
        games.plakoto
    }

    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        plakoto_options(args).map(|()| None)
    }

    fn start_positions(spec: &RunSpec) -> Vec<plakoto_rules::Position> {
        spec.start_positions.clone()
    }

    /// Plakoto's records: the header the run's own fields make.
    fn records(self, _opening: Opening) -> Box<dyn RecordsGame> {
        Box::new(PlakotoRecords)
    }
}

/// Refuses options that do not go with `--game`; what a game other than
/// Plakoto is played under (`None` for Plakoto).
pub fn check_game_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
    let takes_switches = match args.game.kind() {
        Some(kind) => with_game!(kind, G => G::FEVGA_SWITCHES),
        // A Tavli match plays every game.
        None => GameKind::ALL
            .into_iter()
            .any(|kind| with_game!(kind, G => G::FEVGA_SWITCHES)),
    };
    check_common(args, takes_switches)?;
    match args.game.kind() {
        Some(kind) => with_game!(kind, G => G::check_options(args)),
        None => check_tavli(args).map(Some),
    }
}
