//! Runs the units of a Tavli run (`--game tavli --match-to N`): each unit
//! is one Tavli match (docs/rules.md, the Tavli match), on the worker threads of
//! [`super::runner`], with the same seeds, duplicate pairs and records.
//!
//! The match state is the rules core's [`TavliMatch`]: it names each
//! game (T1: the sequence cycles), who starts it (T5: an opening roll for
//! game 1; T6: the last winner; T7: after a Plakoto draw, an opening roll
//! or the same starter) and when the match is won (T4: a total of N or
//! more, wherever in the cycle; no Crawford game, T8). Each game is played
//! by [`play_tavli_game`] with its own kind, and every turn's Match ID
//! carries the target and the score.
//!
//! **Faults.** A fault loses the game as a forfeit worth 2 points, as in
//! other runs, and the match goes on. An engine that does not play a game
//! of the sequence ([`FaultKind::UnsupportedGame`]: it refused
//! `set game <kind>` or a switch) **forfeits the match**: that game is
//! scored as the points the other side still needs, so the match ends at
//! the target, won by the other side (if both refuse, the match ends
//! there without a winner). A game stopped by the turn cap scores nothing
//! and counts as a draw for who starts next.
//!
//! **Duplicate dice.** Units `2k` and `2k+1` form pair `k`, A playing X
//! in `2k` and O in `2k+1`. Game `g` of a match rolls from its own dice
//! stream, seeded by the run's seed, the pair and `g` (opening roll
//! included): both matches of a pair see the same dice in their game `g`
//! however long their earlier games lasted, so as long as the two
//! matches stay in step (their games' winners mirrored, hence the same
//! starter seen from the dice) each engine gets the dice the other got.
//! Once the matches part (a different winner of game `g`), game `g+1`
//! still draws the same numbers, but the other side rolls first.

use std::sync::Arc;

use plakoto_engine::match_equity::tavli::TavliSwitches;
use plakoto_rules::tavli::{TavliGames, TavliMatch, TavliRules};
use plakoto_rules::{FinalResult, GameKind, MatchScore, Side};

use super::error::ArenaError;
use super::fault::FaultKind;
use super::match_players::{MatchGenerators, MatchPlayers, make_match_players};
use super::player::PlayerOptions;
use super::record::GameRecord;
use super::referee::GameOutcome;
use super::runner::{MAX_MATCH_GAMES, a_side, game_record, game_seeds, schedule};
use super::tavli_player::TavliPlayer;
use super::tavli_referee::{MatchPlace, Opening, TavliSetup, play_tavli_game};
use crate::{ToolsGame, ToolsGameFns};
use plakoto_records::record::GameEnd;

/// What the matches of a Tavli run depend on.
#[derive(Clone, Debug)]
pub struct TavliMatchSpec {
    /// The games with their switches.
    pub games: TavliGames,
    /// How the games that open with a roll open (`--opening`).
    pub opening: Opening,
    /// The match's target, sequence and starter after a draw.
    pub rules: TavliRules,
    /// Engine A's spec (`builtin:NAME` or a command).
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// The run's seed.
    pub seed: u64,
    /// Turn cap per game.
    pub turn_cap: u32,
    /// Player settings (timeouts).
    pub options: PlayerOptions,
}

/// The games a match's sequence plays, each once, in order.
pub fn sequence_kinds(rules: &TavliRules) -> Vec<GameKind> {
    let mut kinds: Vec<GameKind> = Vec::new();
    for kind in rules.sequence.games() {
        if !kinds.contains(kind) {
            kinds.push(*kind);
        }
    }
    kinds
}

/// Plays one game of `G` of a match.
pub(crate) fn play_one<G: ToolsGame>(
    games: &TavliGames,
    setup: &TavliSetup,
    a_side: Side,
    a: &mut MatchPlayers,
    b: &mut MatchPlayers,
    generators: &mut MatchGenerators,
) -> GameOutcome {
    let game = games.get::<G>();
    let setup = TavliSetup {
        opening: G::opening(setup.opening),
        ..setup.clone()
    };
    let (pa, pb) = (a.player::<G>(), b.player::<G>());
    let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X {
        [pa, pb]
    } else {
        [pb, pa]
    };
    play_tavli_game(&game, &setup, players, generators.of::<G>())
}

/// The result the match scores for a game's outcome, as its record's
/// replay scores it ([`GameEnd::scored`]): a forfeit as a win of its
/// points, a game without result as a draw.
fn match_result(outcome: &GameOutcome) -> FinalResult {
    GameEnd {
        ending: outcome.kind,
        winner: outcome.winner,
        points: outcome.points,
    }
    .scored()
}

/// Who started a game: the side that played its first turn, else the
/// starter named, else the opening roll's higher die.
fn starter_of(outcome: &GameOutcome, named: Option<Side>) -> Option<Side> {
    outcome.moves.first().map(|t| t.side).or(named).or_else(|| {
        outcome
            .opening
            .last()
            .filter(|(x, o)| x != o)
            .map(|(x, o)| if x > o { Side::X } else { Side::O })
    })
}

/// The switches the Tavli match equity table of `spec`'s matches is
/// built from: the match's, and the scorings its games are played under.
fn match_switches(spec: &TavliMatchSpec) -> TavliSwitches {
    TavliSwitches {
        sequence: spec.rules.sequence.games().to_vec(),
        target: u32::from(spec.rules.target),
        after_draw: spec.rules.after_draw,
        games: spec.games,
    }
}

/// Plays the Tavli match of `unit`, giving each finished game to `emit`
/// (with the match score of A and B after it); stops early when `emit`
/// returns `false`.
pub fn play_tavli_match(
    spec: &TavliMatchSpec,
    unit: u64,
    a: &mut MatchPlayers,
    b: &mut MatchPlayers,
    generators: &mut MatchGenerators,
    emit: &mut dyn FnMut(GameRecord) -> bool,
) {
    let a_side = a_side(unit);
    let target = spec.rules.target;
    let mut tavli = TavliMatch::new(spec.rules.clone());
    let switches = Arc::new(match_switches(spec));
    let table = Arc::new(switches.table());
    for game in 0..MAX_MATCH_GAMES {
        let kind = tavli.next_kind();
        let starter = tavli.next_starter();
        let (dice_seed, player_seeds) = game_seeds(spec.seed, unit, game, a_side);
        let setup = TavliSetup {
            opening: spec.opening,
            dice_seed,
            player_seeds,
            turn_cap: spec.turn_cap,
            starter,
            score: MatchScore {
                length: target,
                score: tavli.score(),
            },
            tavli: Some(MatchPlace {
                switches: Arc::clone(&switches),
                table: Arc::clone(&table),
                game_index: game as usize,
            }),
        };
        let (games, generators) = (&spec.games, &mut *generators);
        let mut outcome =
            (ToolsGameFns::of(kind).play_match_game)(games, &setup, a_side, a, b, generators);
        let unsupported = outcome
            .fault
            .as_ref()
            .is_some_and(|(_, f)| f.kind == FaultKind::UnsupportedGame);
        if let (true, Some(winner)) = (unsupported, outcome.winner) {
            // The match is forfeited: the other side gets what it needs.
            let needed = u32::from(target).saturating_sub(tavli.score()[winner.index()]);
            outcome.points = needed.clamp(1, u32::from(target)) as u8;
        }
        tavli
            .record(kind, match_result(&outcome), starter_of(&outcome, starter))
            .expect("the runner plays the sequence's next game while the match is on");
        let over = tavli.winner().is_some() || unsupported || game + 1 >= MAX_MATCH_GAMES;
        let xo = tavli.score().map(|s| s.min(127) as u8);
        let score = if a_side == Side::X {
            xo
        } else {
            [xo[1], xo[0]]
        };
        let mut record = game_record(unit, game, a_side, outcome, score, over);
        record.game_kind = Some(kind);
        if !emit(record) || over {
            return;
        }
    }
}

/// Plays the matches `units` on `jobs` threads, making players by their
/// specs (the first worker plays with `ready` when given), handing each
/// finished game to `on_record` on the calling thread as games end.
pub fn run_tavli_matches(
    spec: &TavliMatchSpec,
    units: &[u64],
    jobs: usize,
    ready: Option<(MatchPlayers, MatchPlayers)>,
    on_record: impl FnMut(GameRecord) -> Result<(), ArenaError>,
) -> Result<(), ArenaError> {
    let kinds = sequence_kinds(&spec.rules);
    schedule(
        units,
        jobs,
        ready,
        || {
            let make = |s: &str| make_match_players(&spec.games, &kinds, s, &spec.options, None);
            Ok((make(&spec.a)?, make(&spec.b)?))
        },
        |(a, b), generators, unit, emit| play_tavli_match(spec, unit, a, b, generators, emit),
        || MatchGenerators::new(&spec.games),
        on_record,
    )
}
