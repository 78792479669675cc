//! [`CheckedGame`]: which checks `plakoto conformance --game` runs for a
//! game, so that `run` picks the game once (`with_game!`) and never
//! matches on it. A game with [`ConformanceGame`] hooks runs the generic
//! checks of `table.rs`; Plakoto keeps the checks written for it before
//! the game layer.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::Plakoto;

use super::table::run_table;
use super::table_game::ConformanceGame;
use super::{ConformanceArgs, Report};

/// A game `plakoto conformance` checks an engine in.
pub(super) trait CheckedGame: TavliGame {
    /// Runs every check of this game on `args.engine`.
    fn run_checks(args: &ConformanceArgs) -> Report;
}

impl<G: ConformanceGame> CheckedGame for G {
    fn run_checks(args: &ConformanceArgs) -> Report {
        run_table::<G>(args)
    }
}

impl CheckedGame for Plakoto {
    fn run_checks(args: &ConformanceArgs) -> Report {
        super::run_plakoto(args)
    }
}
