//! What a run of one game (`--game portes|plakoto|fevga`) asks of the game
//! it plays: [`RunGame`], one impl a game. The arena's command line picks
//! the game's type once ([`with_game!`]) and is otherwise written once:
//! the options a game takes, its players checked before the run, the run
//! itself and the records' header all come from here. Portes and Fevga
//! are refereed through the game layer ([`super::tavli_runner`]); Plakoto
//! keeps its own referee ([`super::runner`]: matches, start positions and
//! the Express numbers passed on).

use plakoto_records::record::HeaderGame;
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};
use plakoto_rules::{GameKind, with_game};

use super::args::ArenaArgs;
use super::error::{ArenaError, PlayerError};
use super::game_options::{
    TableOptions, check_common, check_tavli, plakoto_options, table_options,
};
use super::match_players::TavliGames;
use super::player::{Player, PlayerOptions, ProcessPlayer};
use super::record::{Contestant, GameRecord};
use super::records_dir::{PlakotoRecords, RecordsGame};
use super::registry::{BUILTIN_PREFIX, make_player};
use super::runner::{RunSpec, run_units_with};
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
pub trait RunGame: BuiltinPlayers + HeaderGame {
    /// Whether the run takes `--fevga-switches` (F7–F9).
    const FEVGA_SWITCHES: bool = false;

    /// The game with the run's switches.
    fn of_run(games: &TavliGames) -> Self;

    /// Refuses options the game does not take; what a game of the game
    /// layer is played under (`None` for one with its own referee).
    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        table_options(args, Self::FEVGA_SWITCHES).map(Some)
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
            let table = TavliRunSpec {
                game,
                opening,
                a: spec.a.clone(),
                b: spec.b.clone(),
                seed: spec.seed,
                turn_cap: spec.turn_cap,
                options: spec.options.clone(),
            };
            run_tavli_units(&table, todo, jobs, Some(ready), on_record)
        });
        Ok((launch, Box::new(TableRecords { game, opening })))
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

    fn prepare(
        self,
        args: &ArenaArgs,
        options: &PlayerOptions,
        _opening: Opening,
    ) -> Result<(Launch, Box<dyn RecordsGame>), ArenaError> {
        let a = preflight(Contestant::A, &args.a, options)?;
        let b = preflight(Contestant::B, &args.b, options)?;
        let launch: Launch = Box::new(move |spec, todo, jobs, on_record| {
            run_units_with(spec, todo, jobs, Some((a, b)), on_record)
        });
        Ok((launch, Box::new(PlakotoRecords)))
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

/// Checks a player spec before the run: built-ins exist, and an engine
/// command starts and answers `isready`. The player made (its engine
/// running) plays the first games, so no engine is started only to be
/// checked.
fn preflight(
    contestant: Contestant,
    spec: &str,
    options: &PlayerOptions,
) -> Result<Box<dyn Player>, ArenaError> {
    let engine = |source| ArenaError::Engine { contestant, source };
    let player = make_player(spec, options).map_err(engine)?;
    if spec.trim().starts_with(BUILTIN_PREFIX) {
        return Ok(player);
    }
    ProcessPlayer::started(spec.trim(), options.clone())
        .map(|p| Box::new(p) as Box<dyn Player>)
        .map_err(|fault| engine(PlayerError::Start(fault)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game_options::tavli_rules;
    use clap::Parser;
    use plakoto_rules::fevga::FevgaRules;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        args: ArenaArgs,
    }

    fn options(extra: &[&str]) -> Result<Option<TableOptions>, String> {
        let mut line = vec!["arena", "--a", "builtin:random", "--b", "builtin:random"];
        line.extend_from_slice(extra);
        let args = Command::try_parse_from(line).expect("the line parses").args;
        check_game_options(&args).map_err(|e| e.to_string())
    }

    fn opening(opening: Opening) -> Option<TableOptions> {
        Some(TableOptions {
            opening,
            fevga: None,
        })
    }

    #[test]
    fn game_options_go_together() {
        assert_eq!(options(&[]), Ok(None));
        assert_eq!(options(&["--game", "portes"]), Ok(opening(Opening::Greek)));
        assert_eq!(
            options(&["--game", "Portes", "--opening", "western"]),
            Ok(opening(Opening::Western))
        );
        for game in ["portes", "fevga"] {
            for (extra, named) in [
                (&["--match-to", "3"][..], "--match-to"),
                (&["--rules", "express"][..], "--rules"),
                (&["--scoring", "tzannes"][..], "--scoring"),
            ] {
                let line = [&["--game", game][..], extra].concat();
                let error = options(&line).unwrap_err();
                assert!(error.contains(named) && error.contains(game), "{error}");
            }
        }
        assert!(
            options(&["--opening", "greek"])
                .unwrap_err()
                .contains("Plakoto")
        );
        assert!(
            Command::try_parse_from(["arena", "--a", "x", "--b", "y", "--game", "chess"]).is_err()
        );
    }

    #[test]
    fn fevga_takes_its_switches_defaults_otherwise() {
        assert_eq!(
            options(&["--game", "fevga", "--opening", "western"]),
            Ok(Some(TableOptions {
                opening: Opening::Western,
                fevga: Some(FevgaRules::default()),
            }))
        );
        let switched = options(&[
            "--game",
            "fevga",
            "--fevga-switches",
            "fevga.release=reach_quarter prime_rule=none",
        ])
        .unwrap()
        .unwrap()
        .fevga
        .unwrap();
        assert_eq!(
            switched.describe(),
            "fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none"
        );
        for game in ["plakoto", "portes"] {
            let error =
                options(&["--game", game, "--fevga-switches", "release=past_start"]).unwrap_err();
            assert!(
                error.contains("--fevga-switches") && error.contains(game),
                "{error}"
            );
        }
        // A word that is no switch, or no value of it, is refused by clap,
        // naming what it takes.
        for bad in ["fevga.release=later", "colour=red", "release"] {
            let line = [
                "arena",
                "--a",
                "x",
                "--b",
                "y",
                "--game",
                "fevga",
                "--fevga-switches",
                bad,
            ];
            let error = Command::try_parse_from(line).err().expect(bad).to_string();
            assert!(error.contains("--fevga-switches"), "{error}");
        }
    }

    #[test]
    fn tavli_takes_a_target_and_the_games_switches() {
        let line = |extra: &[&str]| {
            let mut line = vec!["arena", "--a", "x", "--b", "y", "--game", "tavli"];
            line.extend_from_slice(extra);
            Command::try_parse_from(line).expect("the line parses").args
        };
        let args = line(&[
            "--match-to",
            "7",
            "--scoring",
            "tzannes",
            "--fevga-switches",
            "prime_rule=none",
            "--tavli-sequence",
            "plakoto,fevga",
            "--tavli-after-draw",
            "same_starter",
        ]);
        let table = check_game_options(&args).unwrap().unwrap();
        assert!(table.fevga.unwrap().describe().contains("prime_rule=none"));
        let rules = tavli_rules(&args).unwrap();
        assert_eq!(rules.target, 7);
        assert_eq!(rules.sequence.to_string(), "plakoto,fevga");
        assert_eq!(rules.after_draw.as_str(), "same_starter");
        let defaults = tavli_rules(&line(&["--match-to", "5"])).unwrap();
        assert_eq!(defaults.sequence.to_string(), "portes,plakoto,fevga");
        for (extra, named) in [
            (&[][..], "--match-to"),
            (&["--match-to", "5", "--rules", "express"][..], "express"),
        ] {
            let error = check_game_options(&line(extra)).unwrap_err().to_string();
            assert!(
                error.contains("--game tavli") && error.contains(named),
                "{error}"
            );
        }
        let error = options(&["--tavli-sequence", "portes"]).unwrap_err();
        assert!(
            error.contains("--tavli-sequence") && error.contains("--game tavli"),
            "{error}"
        );
        let bad = ["arena", "--a", "x", "--b", "y", "--tavli-sequence", "chess"];
        let error = Command::try_parse_from(bad).err().unwrap().to_string();
        assert!(error.contains("chess"), "{error}");
    }
}
