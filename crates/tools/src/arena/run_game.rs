//! A run of one game (`--game portes|plakoto|fevga`): what it asks of the
//! game is [`crate::ToolsGame`]'s (its options, its players checked
//! before the run, the run itself and the records' header); here, the
//! run's ready form and the options' checks. The arena's command line picks
//! the game once ([`ArenaGameFns::of`], the one [`with_game!`] here) and is
//! otherwise written once:
//! the options a game takes, its players checked before the run, the run
//! itself and the records' header all come from here. Every game is
//! refereed through the game layer ([`super::tavli_runner`]).

use plakoto_rules::tavli::TavliGames;
use plakoto_rules::{GameKind, with_game};

use super::args::ArenaArgs;
use super::error::ArenaError;
use super::game_options::{TableOptions, check_common, check_tavli};
use super::player::PlayerOptions;
use super::record::GameRecord;
use super::records_dir::RecordsHeader;
use super::runner::RunSpec;
use super::tavli_referee::Opening;
use crate::ToolsGame;

/// Where each finished game of a run goes.
pub type OnRecord<'a> = &'a mut dyn FnMut(GameRecord) -> Result<(), ArenaError>;

/// A run ready to play: its players checked (engines started), it plays
/// the units asked with as many jobs as asked.
pub type Launch = Box<dyn FnOnce(&RunSpec, &[u64], usize, OnRecord<'_>) -> Result<(), ArenaError>>;

/// What a run asks of its game, as plain functions: the arena's command
/// line calls a game through these, chosen once by its kind
/// ([`ArenaGameFns::of`]), never naming its type. Each is the
/// [`ToolsGame`] item of the same name.
#[derive(Clone, Copy)]
pub struct ArenaGameFns {
    /// [`ToolsGame::TAKES_SWITCHES`].
    pub takes_switches: bool,
    /// [`ToolsGame::check_options`].
    pub check_options: fn(&ArenaArgs) -> Result<Option<TableOptions>, ArenaError>,
    /// [`ToolsGame::prepare`], for the game under its switches in `games`.
    pub prepare: fn(&TavliGames, &ArenaArgs, &PlayerOptions, Opening) -> Prepared,
}

/// A run ready to launch and how its records are headed, or why not.
pub type Prepared = Result<(Launch, Box<dyn RecordsHeader>), ArenaError>;

impl ArenaGameFns {
    /// The functions of the game `kind`.
    pub fn of(kind: GameKind) -> ArenaGameFns {
        with_game!(kind, G => ArenaGameFns {
            takes_switches: G::TAKES_SWITCHES,
            check_options: G::check_options,
            prepare: |games, args, options, opening| games.get::<G>().prepare(args, options, opening),
        })
    }
}

/// Refuses options that do not go with `--game`; what a game other than
/// Plakoto is played under (`None` for Plakoto).
pub fn check_game_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
    let takes_switches = match args.game.kind() {
        Some(kind) => ArenaGameFns::of(kind).takes_switches,
        // A Tavli match plays every game.
        None => GameKind::ALL
            .into_iter()
            .any(|kind| ArenaGameFns::of(kind).takes_switches),
    };
    check_common(args, takes_switches)?;
    match args.game.kind() {
        Some(kind) => (ArenaGameFns::of(kind).check_options)(args),
        None => check_tavli(args).map(Some),
    }
}
