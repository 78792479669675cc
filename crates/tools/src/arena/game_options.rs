//! The options of `plakoto arena` that depend on the game (`--game`):
//! those a game does not take are refused with the reason, and the
//! opening and switches of a game played through the game layer are
//! settled (the specification's defaults when not given), as are a
//! Tavli run's match switches.

use super::arena_game::ArenaGame;
use super::args::ArenaArgs;
use super::error::ArenaError;
use super::tavli_referee::Opening;
use plakoto_rules::tavli::{TavliGames, TavliRules};
use plakoto_rules::{Scoring, Variant};

/// What a run of a game other than Plakoto plays under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// How games open (P13, F14).
    pub opening: Opening,
    /// The games under `--switches` (the specification's defaults where
    /// a switch is not named), when the run plays a game that has
    /// switches; `None` in a run of games without any (Portes).
    pub switched: Option<TavliGames>,
}

/// The games under `--switches` (read and checked with the line), every
/// switch at its default when none is given.
fn switched_games(args: &ArenaArgs) -> TavliGames {
    args.switches
        .map_or_else(TavliGames::default, |w| w.games())
}

/// Refuses the options of one kind of run in another: switches where no
/// game that has them is played (`takes_switches` false), a Tavli match's
/// switches in a run of one game.
pub fn check_common(args: &ArenaArgs, takes_switches: bool) -> Result<(), ArenaError> {
    if !takes_switches && args.switches.is_some() {
        let games: Vec<String> = TavliGames::default()
            .kinds_with_switches()
            .iter()
            .map(|kind| kind.to_string())
            .collect();
        return Err(ArenaError::Options(format!(
            "--switches are the switches of {} (the games that have any): not for --game {}",
            games.join(", "),
            args.game
        )));
    }
    if args.game != ArenaGame::Tavli {
        for (given, option) in [
            (args.tavli_sequence.is_some(), "--tavli-sequence"),
            (args.tavli_after_draw.is_some(), "--tavli-after-draw"),
        ] {
            if given {
                return Err(ArenaError::Options(format!(
                    "{option} is a Tavli match's (T1, T7): only with --game tavli"
                )));
            }
        }
    }
    Ok(())
}

/// A Plakoto run's options: it opens by R19, so `--opening` is refused.
pub fn plakoto_options(args: &ArenaArgs) -> Result<(), ArenaError> {
    if args.opening.is_some() {
        return Err(ArenaError::Options(
            "--opening is Portes' and Fevga's (P13, F14): Plakoto opens by R19".into(),
        ));
    }
    Ok(())
}

/// The options of a run of a game of the game layer: Plakoto's own
/// (matches, start positions, rule sets, scorings) refused; the opening
/// and, where the game has them (`takes_switches`), its switches settled.
pub fn table_options(args: &ArenaArgs, takes_switches: bool) -> Result<TableOptions, ArenaError> {
    let refused = [
        (
            args.match_to.is_some(),
            "--match-to (its runs are single games)",
        ),
        (
            args.start_positions.is_some(),
            "--start-positions (a file of Plakoto positions)",
        ),
        (
            args.rules != Variant::Standard,
            "--rules (Plakoto's rule sets)",
        ),
        (
            args.scoring != Scoring::Standard,
            "--scoring (Plakoto's scorings; Portes scores P11, Fevga F13)",
        ),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => Err(ArenaError::Options(format!(
            "--game {} does not take {option}",
            args.game
        ))),
        None => Ok(TableOptions {
            opening: args.opening.unwrap_or_default(),
            switched: takes_switches.then(|| switched_games(args)),
        }),
    }
}

/// A Tavli run's options: a target (`--match-to`, which also rules out
/// `--start-positions`), Plakoto's standard rules (a Tavli match plays
/// Plakoto so); the
/// Portes and Fevga games' opening and the games' switches as in their
/// own runs.
pub fn check_tavli(args: &ArenaArgs) -> Result<TableOptions, ArenaError> {
    let refused = [
        (
            args.match_to.is_none(),
            "no --match-to: a Tavli run plays matches, give their target (e.g. --match-to 5)",
        ),
        (
            args.rules != Variant::Standard,
            "--rules express: Tavli matches play Plakoto's standard rules",
        ),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, why)) => Err(ArenaError::Options(format!("--game tavli: {why}"))),
        None => Ok(TableOptions {
            opening: args.opening.unwrap_or_default(),
            switched: Some(switched_games(args)),
        }),
    }
}

/// The match switches of a Tavli run (`None` for other runs): the target
/// of `--match-to`, `--tavli-sequence` and `--tavli-after-draw` (their
/// defaults when not given). Call after [`check_tavli`].
pub fn tavli_rules(args: &ArenaArgs) -> Option<TavliRules> {
    (args.game == ArenaGame::Tavli).then(|| TavliRules {
        target: args.match_to.unwrap_or(5),
        sequence: args.tavli_sequence.clone().unwrap_or_default(),
        after_draw: args.tavli_after_draw.unwrap_or_default(),
    })
}
