//! The tests of `plakoto_tools::arena::run_game`.

use clap::Parser;
use plakoto_rules::fevga::FevgaRules;
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
    assert!(Command::try_parse_from(["arena", "--a", "x", "--b", "y", "--game", "chess"]).is_err());
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
