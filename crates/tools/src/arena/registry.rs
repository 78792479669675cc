//! The players the arena can create by name: the built-in players
//! (`builtin:NAME`, in-process) and engine commands. To add a built-in
//! player, add an entry to [`BUILTINS`].

use super::error::PlayerError;
use super::player::{Player, PlayerOptions, ProcessPlayer, RandomPlayer};
use super::search_player::{EvaluatorPlayer, SearchPlayer};
use plakoto_engine::eval::{Evaluator, HeuristicEvaluator, NetEvaluator, PipCountEvaluator};

/// Prefix of built-in player names on the command line.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// A built-in player the arena can create by name.
pub struct Builtin {
    /// Name after `builtin:`.
    pub name: &'static str,
    /// One line for `--help` and error messages.
    pub about: &'static str,
    /// Creates the player.
    pub make: fn() -> Box<dyn Player>,
}

/// Every built-in player. Extend here.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "random",
        about: "a uniformly random legal play",
        make: || Box::new(RandomPlayer::new("builtin:random")),
    },
    Builtin {
        name: "heuristic",
        about: "the best 0-ply equity of the heuristic evaluator",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:heuristic",
                Box::new(HeuristicEvaluator),
            ))
        },
    },
    Builtin {
        name: "ply1",
        about: "the heuristic searched 1 ply (normal move filter)",
        make: || Box::new(SearchPlayer::new("builtin:ply1", 1)),
    },
    Builtin {
        name: "ply2",
        about: "the heuristic searched 2 plies (normal move filter)",
        make: || Box::new(SearchPlayer::new("builtin:ply2", 2)),
    },
    Builtin {
        name: "ply3",
        about: "the heuristic searched 3 plies (normal move filter)",
        make: || Box::new(SearchPlayer::new("builtin:ply3", 3)),
    },
    Builtin {
        name: "net",
        about: "the best 0-ply equity of the neural net (embedded weights: the Express ones under --rules express; or $PLAKOTO_WEIGHTS)",
        make: || Box::new(EvaluatorPlayer::new("builtin:net", net_evaluator())),
    },
    Builtin {
        name: "net-f32",
        about: "builtin:net evaluated in f32 as trained, not as its integer copy (to measure the integer inference against)",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:net-f32",
                Box::new(default_net().with_f32()),
            ))
        },
    },
    Builtin {
        name: "net-standard",
        about: "builtin:net with the standard weights under every rule set (to measure the Express weights against)",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:net-standard",
                Box::new(standard_net()),
            ))
        },
    },
    Builtin {
        name: "net-ply1",
        about: "the neural net searched 1 ply (normal move filter)",
        make: || {
            Box::new(SearchPlayer::with_evaluator(
                "builtin:net-ply1",
                1,
                net_evaluator(),
            ))
        },
    },
    Builtin {
        name: "net-ply2",
        about: "the neural net searched 2 plies (normal move filter)",
        make: || {
            Box::new(SearchPlayer::with_evaluator(
                "builtin:net-ply2",
                2,
                net_evaluator(),
            ))
        },
    },
    Builtin {
        name: "net-nopin",
        about: "the best 0-ply equity of the neural net without the pin endgame database (to measure it)",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:net-nopin",
                Box::new(default_net().without_pin_database()),
            ))
        },
    },
    Builtin {
        name: "pipcount",
        about: "the best 0-ply equity of a pip-count and pin evaluator",
        make: || {
            Box::new(EvaluatorPlayer::new(
                "builtin:pipcount",
                Box::new(PipCountEvaluator),
            ))
        },
    },
];

/// The net of the built-in net players. [`make_builtin`] has checked the
/// weights load before any is made, so a failure here is a setup error the
/// run cannot recover from: it stops with the reason.
fn net_evaluator() -> Box<dyn Evaluator> {
    Box::new(default_net())
}

/// The process's default net (see [`net_evaluator`] on failures).
fn default_net() -> NetEvaluator {
    loaded(NetEvaluator::with_default_network())
}

/// The process's default net alone, under every rule set (see
/// [`net_evaluator`] on failures).
fn standard_net() -> NetEvaluator {
    NetEvaluator::new(loaded(plakoto_engine::eval::net::default_network()))
}

/// The weights loaded, or the process stopped with the reason.
fn loaded<T>(weights: Result<T, plakoto_engine::eval::net::weights::WeightsError>) -> T {
    match weights {
        Ok(w) => w,
        Err(e) => {
            eprintln!("plakoto: cannot load the net's weights: {e}");
            std::process::exit(2);
        }
    }
}

/// Built-in net players that also take a weight file (`builtin:NAME@FILE`),
/// with their search depth: to match two nets in one process.
const NET_PLAYERS_WITH_FILE: [(&str, u8); 3] = [("net", 0), ("net-ply1", 1), ("net-ply2", 2)];

/// `builtin:NAME@FILE`: the net player `NAME` with the weights in `FILE`
/// instead of the process's (the Express weights are not used: the file's
/// net plays under every rule set).
fn make_net_with_file(spec: &str, name: &str, file: &str) -> Result<Box<dyn Player>, PlayerError> {
    let Some(&(_, plies)) = NET_PLAYERS_WITH_FILE.iter().find(|(n, _)| *n == name) else {
        return Err(PlayerError::UnknownBuiltin {
            spec: spec.to_string(),
            known: NET_PLAYERS_WITH_FILE
                .iter()
                .map(|(n, _)| format!("{BUILTIN_PREFIX}{n}@FILE"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    let net =
        plakoto_engine::eval::net::weights::load(std::path::Path::new(file)).map_err(|source| {
            PlayerError::Weights {
                spec: spec.to_string(),
                source,
            }
        })?;
    plakoto_engine::eval::exact::prepare();
    let evaluator = Box::new(NetEvaluator::new(std::sync::Arc::new(net)));
    Ok(if plies == 0 {
        Box::new(EvaluatorPlayer::new(spec, evaluator))
    } else {
        Box::new(SearchPlayer::with_evaluator(spec, plies, evaluator))
    })
}

/// The built-in player `spec` names (`builtin:NAME`, or `builtin:NAME@FILE`
/// for a net player with other weights).
fn make_builtin(spec: &str) -> Result<Box<dyn Player>, PlayerError> {
    let name = spec.strip_prefix(BUILTIN_PREFIX).unwrap_or(spec);
    if let Some((name, file)) = name.split_once('@') {
        return make_net_with_file(spec, name, file);
    }
    if name.starts_with("net") {
        plakoto_engine::eval::net::express_network().map_err(|source| PlayerError::Weights {
            spec: spec.to_string(),
            source,
        })?;
        // A seeded run must not depend on when the databases were ready.
        plakoto_engine::eval::exact::prepare();
    }
    BUILTINS
        .iter()
        .find(|b| b.name == name)
        .map(|b| (b.make)())
        .ok_or_else(|| {
            let known: Vec<String> = BUILTINS
                .iter()
                .map(|b| format!("{BUILTIN_PREFIX}{}", b.name))
                .collect();
            PlayerError::UnknownBuiltin {
                spec: spec.to_string(),
                known: known.join(", "),
            }
        })
}

/// Creates a player from its command-line spec: `builtin:NAME` or a shell
/// command that starts an engine speaking the protocol.
pub fn make_player(spec: &str, options: &PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
    let spec = spec.trim();
    if spec.starts_with(BUILTIN_PREFIX) {
        return make_builtin(spec);
    }
    if spec.is_empty() {
        return Err(PlayerError::EmptyCommand);
    }
    Ok(Box::new(ProcessPlayer::new(spec, options.clone())))
}
