//! The options of `plakoto arena` that depend on the game (`--game`):
//! those a game does not take are refused with the reason, and the
//! opening and switches of a game played through the game layer are
//! settled (the specification's defaults when not given), as are a
//! Tavli run's match switches.

use super::arena_game::ArenaGame;
use super::args::ArenaArgs;
use super::error::ArenaError;
use super::tavli_referee::Opening;
use plakoto_rules::fevga::FevgaRules;
use plakoto_rules::tavli::TavliRules;
use plakoto_rules::{Scoring, Variant};

/// What a run of a game other than Plakoto plays under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// How games open (P13, F14).
    pub opening: Opening,
    /// Fevga's switches; `None` in Portes.
    pub fevga: Option<FevgaRules>,
}

/// Refuses options that do not go with `--game`; what a game other than
/// Plakoto is played under (`None` for Plakoto).
pub fn check_game_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
    let fevga = matches!(args.game, ArenaGame::Fevga | ArenaGame::Tavli);
    if !fevga && args.fevga_switches.is_some() {
        return Err(ArenaError::Options(format!(
            "--fevga-switches are Fevga's (F7-F9): not for --game {}",
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
    if args.game == ArenaGame::Tavli {
        return check_tavli(args).map(Some);
    }
    if args.game == ArenaGame::Plakoto {
        if args.opening.is_some() {
            return Err(ArenaError::Options(
                "--opening is Portes' and Fevga's (P13, F14): Plakoto opens by R19".into(),
            ));
        }
        return Ok(None);
    }
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
        None => Ok(Some(TableOptions {
            opening: args.opening.unwrap_or_default(),
            fevga: (args.game == ArenaGame::Fevga).then(|| args.fevga_switches.unwrap_or_default()),
        })),
    }
}

/// A Tavli run's options: a target (`--match-to`, which also rules out
/// `--start-positions`), Plakoto's standard rules (its Express numbers
/// passed on are not in the game layer the match is played through); the
/// Portes and Fevga games' opening and Fevga's switches as in their own
/// runs.
fn check_tavli(args: &ArenaArgs) -> Result<TableOptions, ArenaError> {
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
            fevga: Some(args.fevga_switches.unwrap_or_default()),
        }),
    }
}

/// The match switches of a Tavli run (`None` for other runs): the target
/// of `--match-to`, `--tavli-sequence` and `--tavli-after-draw` (their
/// defaults when not given). Call after [`check_game_options`].
pub fn tavli_rules(args: &ArenaArgs) -> Option<TavliRules> {
    (args.game == ArenaGame::Tavli).then(|| TavliRules {
        target: args.match_to.unwrap_or(5),
        sequence: args.tavli_sequence.clone().unwrap_or_default(),
        after_draw: args.tavli_after_draw.unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

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
