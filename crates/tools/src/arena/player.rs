//! The settings every player of a run shares ([`PlayerOptions`]). The
//! players themselves are [`super::tavli_player`]'s (the trait, random
//! play, engine processes) and each game's built-ins
//! ([`super::tavli_players`]).

use std::time::Duration;

/// Settings shared by all players of a run.
#[derive(Clone, Debug)]
pub struct PlayerOptions {
    /// Most time an engine process has for one move (all its commands).
    pub move_timeout: Duration,
    /// Most time an engine process has to start and answer `isready` on
    /// its first try (each new try allows twice the time of the last).
    pub start_timeout: Duration,
    /// Pass the engines' stderr through (else it is discarded).
    pub show_stderr: bool,
}

impl Default for PlayerOptions {
    fn default() -> Self {
        PlayerOptions {
            move_timeout: Duration::from_millis(5_000),
            start_timeout: Duration::from_millis(10_000),
            show_stderr: false,
        }
    }
}
