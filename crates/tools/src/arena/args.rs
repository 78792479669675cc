//! The options of `plakoto arena` (clap), apart from the run that reads
//! them ([`super::cli`]) and their checks per game
//! ([`super::game_options`]).

use std::path::PathBuf;
use std::str::FromStr;

use clap::Args;

use super::arena_game::ArenaGame;
use super::runner::DEFAULT_TURN_CAP;
use super::tavli_referee::Opening;
use plakoto_rules::tavli::{AfterDraw, Sequence, TavliGames};
use plakoto_rules::{Scoring, Variant};

/// Options of `plakoto arena`.
#[derive(Args, Clone, Debug)]
#[command(
    about = "Play two engines against each other with duplicate dice",
    after_help = "Players: builtin:random, builtin:heuristic, builtin:ply1, builtin:ply2, builtin:ply3, builtin:pipcount, \
builtin:net, builtin:net-ply1, builtin:net-ply2, builtin:net-nopin (the net players use the Express weights under --rules express, and $PLAKOTO_WEIGHTS if set), builtin:net-standard (the standard weights under any rules), builtin:net-f32 (the net in f32, not its integer copy), builtin:net@FILE, builtin:net-ply1@FILE, builtin:net-ply2@FILE (those players with the weights in FILE, under any rules: two nets in one run), or any shell \
command that starts an engine speaking the plakoto protocol (e.g. \"plakoto\").

With --game portes: builtin:random, builtin:heuristic (0-ply: the exact race database, else the Portes heuristic), builtin:pipcount, builtin:net (0-ply: the race database, else the Portes net; builtin:net@FILE for Portes weights), or an engine command; \
the engine is sent `set game portes` once it starts (an engine that refuses it does not play Portes), then `set position <gnubg Position ID>:<gnubg Match ID>` and `play` \
(scripts/gnubg_player.py plays GNU Backgammon so).

With --game fevga: builtin:random, builtin:heuristic (0-ply: the exact bear-off race, else the Fevga heuristic), builtin:pipcount, builtin:net (0-ply: the race, else the Fevga net: the weights $PLAKOTO_FEVGA_WEIGHTS names, else the embedded ones; builtin:net@FILE for Fevga weights), or an engine command, \
sent `set game fevga` and then `set fevga.<switch> <value>` for each of --switches that is not its default; each turn `set position <Fevga Position ID>:<gnubg Match ID>` and `play`.

With --game tavli --match-to N: each unit is a Tavli match to N points, Portes, Plakoto and Fevga in turn (--tavli-sequence), the winner of a game starting the next (after a Plakoto draw: --tavli-after-draw); players are builtin:random, builtin:heuristic, builtin:pipcount, builtin:net (each game's own 0-ply player; builtin:net@FILE only where the sequence has one game) or an engine command, sent `set game <kind>` (and the game's switches) before each game and the match's target and score in each Match ID. An engine that refuses `set game` faults `unsupported_game` and forfeits the match.

`plakoto arena merge FILES… [--json] [--plot FILE.svg]` combines the --out files of a run split with --shard."
)]
pub struct ArenaArgs {
    /// Engine A (its points are reported): `builtin:NAME` or a command.
    #[arg(long = "a", value_name = "ENGINE")]
    pub a: String,
    /// Engine B: `builtin:NAME` or a command.
    #[arg(long = "b", value_name = "ENGINE")]
    pub b: String,
    /// Games to play (matches with --match-to). Consecutive games form
    /// duplicate pairs: use an even number.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Play matches to N points instead of single games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=127))]
    pub match_to: Option<u8>,
    /// Rules: standard or express.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
    /// Scoring: standard or tzannes.
    #[arg(long, default_value = "standard")]
    pub scoring: Scoring,
    /// The game: plakoto, portes, fevga or tavli. Portes and Fevga runs
    /// are single games (no --match-to or --start-positions),
    /// scored 1 or 2 (P11, F13); tavli runs are Tavli matches (with
    /// --match-to N) of the three games in turn.
    #[arg(long, default_value = "plakoto")]
    pub game: ArenaGame,
    /// The games of a Tavli match in turn (T1), comma-separated; default
    /// portes,plakoto,fevga. Only with --game tavli.
    #[arg(long, value_name = "GAMES")]
    pub tavli_sequence: Option<Sequence>,
    /// Who starts the game after a Plakoto draw in a Tavli match (T7):
    /// opening_roll (the default) or same_starter. Only with --game tavli.
    #[arg(long, value_name = "WHO")]
    pub tavli_after_draw: Option<AfterDraw>,
    /// How a Portes or Fevga game opens (P13, F14): greek (one die each,
    /// the winner rolls both dice for its first turn) or western (the
    /// winner plays the two opening dice). Default greek. In a Tavli match
    /// it applies to the Portes and Fevga games that open with a roll.
    #[arg(long)]
    pub opening: Option<Opening>,
    /// The switches of the games that have them (docs/rules.md, variant
    /// switches: Fevga's), `name=value` words in one argument:
    /// "fevga.release=reach_quarter fevga.prime_rule=none" (the `fevga.`
    /// may be left out); the rest keep the specification's defaults. The
    /// referee plays under them and engines are told them.
    #[arg(long, visible_alias = "fevga-switches", value_name = "SWITCHES")]
    pub switches: Option<SwitchWords>,
    /// Seed of the whole run (dice and built-in players).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played in parallel (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Append one JSON line per finished game to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Continue the run recorded in --out: finished games are kept.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Print the final summary as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress bar or notes on stderr.
    #[arg(long, short)]
    pub quiet: bool,
    /// Time an engine has for one move, in milliseconds.
    #[arg(long, default_value_t = 5_000)]
    pub move_timeout_ms: u64,
    /// Time an engine has to start and answer `isready`, in milliseconds.
    /// An engine that misses it (or crashes at start) is tried again, up to
    /// 3 tries, each allowed twice the time of the last, before its game is
    /// forfeited.
    #[arg(long, default_value_t = 10_000)]
    pub start_timeout_ms: u64,
    /// Turns after which a game is stopped without result.
    #[arg(long, default_value_t = DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Show the engines' stderr (discarded by default).
    #[arg(long)]
    pub engine_stderr: bool,
    /// Write each finished game (each match with --match-to) as a game
    /// record (records.md) into DIR, one file each.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Play only shard K of N (duplicate pairs dealt round-robin); combine
    /// the shards' --out files with `plakoto arena merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<super::shard::Shard>,
    /// Draw the running points per game with its 95% band as SVG.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Start the games from these positions instead of the initial one:
    /// FILE holds one Position ID a line (the side to roll first; `#`
    /// starts a comment), duplicate pair p starts from line p (cycling).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["match_to", "records"])]
    pub start_positions: Option<PathBuf>,
}

/// `--switches` as read: every game under the switches named (the
/// specification's defaults for the others). A word that is no game's
/// switch is refused with the reason when the line is parsed, before
/// anything runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchWords(TavliGames);

impl SwitchWords {
    /// The games under these switches.
    pub fn games(self) -> TavliGames {
        self.0
    }
}

impl FromStr for SwitchWords {
    type Err = String;

    fn from_str(words: &str) -> Result<SwitchWords, String> {
        TavliGames::default()
            .with_switch_words(words)
            .map(SwitchWords)
    }
}
