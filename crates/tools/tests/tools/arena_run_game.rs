//! The tests of `plakoto_tools::arena::run_game`.

use clap::Parser;
use plakoto_rules::tavli::TavliGames;
use plakoto_tools::arena::args::ArenaArgs;
use plakoto_tools::arena::game_options::TableOptions;
use plakoto_tools::arena::game_options::tavli_rules;
use plakoto_tools::arena::run_game::*;
use plakoto_tools::arena::tavli_referee::Opening;

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
        switched: None,
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
    assert!(Command::try_parse_from(["arena", "--a", "x", "--b", "y", "--game", "chess"]).is_err());
}

#[test]
fn fevga_takes_its_switches_defaults_otherwise() {
    assert_eq!(
        options(&["--game", "fevga", "--opening", "western"]),
        Ok(Some(TableOptions {
            opening: Opening::Western,
            switched: Some(TavliGames::default()),
        }))
    );
    // `--switches`, and its older name `--fevga-switches`, set Fevga's.
    for option in ["--switches", "--fevga-switches"] {
        let switched = options(&[
            "--game",
            "fevga",
            option,
            "fevga.release=reach_quarter prime_rule=none",
        ])
        .unwrap()
        .unwrap()
        .switched
        .unwrap();
        assert_eq!(
            switched.switch_words().unwrap(),
            "fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none"
        );
    }
    // Portes has no switches: its run plays none.
    let portes = options(&["--game", "portes"]).unwrap().unwrap();
    assert_eq!(portes.switched, None);
    for game in ["plakoto", "portes"] {
        let error = options(&["--game", game, "--switches", "release=past_start"]).unwrap_err();
        // It names the game refused and the one that has switches.
        assert!(
            error.contains("--switches")
                && error.contains(&format!("--game {game}"))
                && error.contains("of fevga"),
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
            "--switches",
            bad,
        ];
        let error = Command::try_parse_from(line).err().expect(bad).to_string();
        assert!(
            error.contains("--switches") && error.contains(bad),
            "{error}"
        );
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
        "--switches",
        "prime_rule=none",
        "--tavli-sequence",
        "plakoto,fevga",
        "--tavli-after-draw",
        "same_starter",
    ]);
    let table = check_game_options(&args).unwrap().unwrap();
    let words = table.switched.unwrap().switch_words().unwrap();
    assert!(words.contains("prime_rule=none"), "{words}");
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
