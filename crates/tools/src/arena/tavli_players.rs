//! The players of a run, made by name: `builtin:random` for every game,
//! the game's own built-ins ([`ToolsGame::builtin`], with the players
//! themselves in the game's file of [`crate::games`]), and
//! any other spec as an engine command told the game and its switches.

use super::error::PlayerError;
use super::fault::Fault;
use super::player::PlayerOptions;
use super::tavli_player::{
    BoxedPlayer, TavliAnswer, TavliPlayer, TavliProcessPlayer, TavliRandomPlayer, TavliTurn,
};
use crate::ToolsGame;
use plakoto_rules::TavliGame;

/// Prefix of built-in player names on the command line.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// What turns any built-in into one that plays for money equity even in
/// a Tavli match (`builtin:net-money`), the yardstick of score-aware play.
pub const MONEY_SUFFIX: &str = "-money";

/// A built-in that ignores the match score: its turns reach it without
/// the match context, so it values plays by equity.
struct MoneyPlayer<G: TavliGame> {
    name: String,
    inner: BoxedPlayer<G>,
}

impl<G: TavliGame> TavliPlayer<G> for MoneyPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn begin_game(&mut self, seed: u64) -> Result<(), Fault> {
        self.inner.begin_game(seed)
    }

    fn choose(&mut self, turn: &TavliTurn<'_, G>) -> Result<TavliAnswer<G>, Fault> {
        let money = TavliTurn {
            match_id: turn.match_id.clone(),
            in_match: None,
            ..*turn
        };
        self.inner.choose(&money)
    }

    fn reset_after_fault(&mut self) {
        self.inner.reset_after_fault();
    }
}

/// `builtin:random`, which every game has: what it plays.
const RANDOM: (&str, &str) = ("random", "a uniformly random legal play");

/// Every built-in of `G`, `builtin:random` first, as `builtin:NAME`
/// comma-separated.
pub fn builtin_names<G: ToolsGame>() -> String {
    std::iter::once(&RANDOM)
        .chain(G::BUILTINS)
        .map(|(name, _)| format!("{BUILTIN_PREFIX}{name}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The player of `game` a spec names: `builtin:random`, a built-in of the
/// game, or a shell command that starts an engine speaking the protocol
/// (started on first use).
pub fn make_tavli_player<G: ToolsGame>(
    game: &G,
    spec: &str,
    options: &PlayerOptions,
) -> Result<BoxedPlayer<G>, PlayerError> {
    let spec = spec.trim();
    if let Some(name) = spec.strip_prefix(BUILTIN_PREFIX) {
        if let Some(base) = name.strip_suffix(MONEY_SUFFIX) {
            let inner = make_tavli_player(game, &format!("{BUILTIN_PREFIX}{base}"), options)?;
            return Ok(Box::new(MoneyPlayer {
                name: spec.to_string(),
                inner,
            }));
        }
        let (name, file) = match name.split_once('@') {
            Some((name, file)) => (name, Some(file)),
            None => (name, None),
        };
        if name == RANDOM.0 && file.is_none() {
            return Ok(Box::new(TavliRandomPlayer::new(spec)));
        }
        return game.builtin(spec, name, file).unwrap_or_else(|| {
            Err(PlayerError::UnknownBuiltin {
                spec: format!("{spec} (in {})", G::KIND),
                known: builtin_names::<G>(),
            })
        });
    }
    if spec.is_empty() {
        return Err(PlayerError::EmptyCommand);
    }
    Ok(Box::new(TavliProcessPlayer::new(
        game,
        spec,
        options.clone(),
    )))
}

/// As [`make_tavli_player`], an engine started (and told the game and its
/// switches) now: the check before a run, whose player then plays.
pub fn preflight_tavli_player<G: ToolsGame>(
    game: &G,
    spec: &str,
    options: &PlayerOptions,
) -> Result<BoxedPlayer<G>, PlayerError> {
    let spec = spec.trim();
    if spec.starts_with(BUILTIN_PREFIX) {
        return make_tavli_player(game, spec, options);
    }
    if spec.is_empty() {
        return Err(PlayerError::EmptyCommand);
    }
    Ok(Box::new(TavliProcessPlayer::started(
        game,
        spec,
        options.clone(),
    )?))
}
