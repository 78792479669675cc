//! A run of one game (`--game portes|plakoto|fevga`): what it asks of the
//! game is [`crate::ToolsGame`]'s (its options, its players checked
//! before the run, the run itself and the records' header); here, the
//! run's ready form and the options' checks. The arena's command line picks
//! the game once ([`ToolsGameFns::of`], the tools' one `with_game!`) and
//! is otherwise written once:
//! the options a game takes, its players checked before the run, the run
//! itself and the records' header all come from here. Every game is
//! refereed through the game layer ([`super::tavli_runner`]).

use plakoto_rules::GameKind;

use super::args::ArenaArgs;
use super::error::ArenaError;
use super::game_options::{TableOptions, check_common, check_tavli};
use super::record::GameRecord;
use super::runner::RunSpec;
use crate::ToolsGameFns;

/// Where each finished game of a run goes.
pub type OnRecord<'a> = &'a mut dyn FnMut(GameRecord) -> Result<(), ArenaError>;

/// A run ready to play: its players checked (engines started), it plays
/// the units asked with as many jobs as asked.
pub type Launch = Box<dyn FnOnce(&RunSpec, &[u64], usize, OnRecord<'_>) -> Result<(), ArenaError>>;

/// Refuses options that do not go with `--game`; what a game other than
/// Plakoto is played under (`None` for Plakoto).
pub fn check_game_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
    let takes_switches = match args.game.kind() {
        Some(kind) => ToolsGameFns::of(kind).takes_switches,
        // A Tavli match plays every game.
        None => GameKind::ALL
            .into_iter()
            .any(|kind| ToolsGameFns::of(kind).takes_switches),
    };
    check_common(args, takes_switches)?;
    match args.game.kind() {
        Some(kind) => (ToolsGameFns::of(kind).check_options)(args),
        None => check_tavli(args).map(Some),
    }
}
