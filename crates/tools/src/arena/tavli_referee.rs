//! The referee: plays one game of any game of the game layer
//! ([`plakoto_rules::TavliGame`]) between two players — Portes, Plakoto (standard and
//! Express) and Fevga, alone or as the games of a Tavli match. It owns the
//! position and a seeded ChaCha8 dice stream (opening roll included,
//! R19), asks the player on roll for its play, checks it with the game's
//! own generator and notation, plays forced plays itself, and ends the
//! game on a fault as a forfeit (2 points to the other side) or after the
//! turn cap as unfinished. Players never roll dice.
//!
//! A game starts with an opening roll, or, when [`TavliSetup::starter`]
//! names one, with that side rolling both dice (the last winner starts a
//! match's next game: R19, T6), or from a given position with X to roll.
//! Numbers a turn carries to the next (Plakoto Express, R21) are played
//! by the opponent before it rolls, as a turn of their own.
//!
//! **Huge Express rolls.** Low Express doubles can have millions of plays
//! (docs/rules.md, size warning): the game's referee generator bounds the
//! list ([`ToolsGame::referee_generator`]), and a built-in's play that
//! a list cut short cannot vouch for is checked by the game
//! ([`ToolsGame::check_play`]: the rules core's line search) before it
//! is called illegal.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::fault::{Fault, FaultKind};
use super::referee::{FORFEIT_POINTS, GameOutcome};
use super::tavli_player::{TavliAnswer, TavliPlayer, TavliTurn};
use super::turn::{Turn, TurnPlay};
use crate::ToolsGame;
use plakoto_engine::match_equity::tavli::{
    TavliEquityTable, TavliMatchContext, TavliPlace, TavliSwitches,
};
use plakoto_records::record::{Ending, Roll};
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{Dice, Die, MatchScore, Seat, Side};

/// Who starts a game, and with which dice (P13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    /// Each side rolls one die, ties rolled again; the higher starts and
    /// rolls both dice for its first turn (the Greek rule, the default).
    #[default]
    Greek,
    /// As Greek, but the starter plays the two opening dice (its own die
    /// first, as the rules core's `TableGame` and game records have them),
    /// as in Western backgammon.
    Western,
}

impl std::str::FromStr for Opening {
    type Err = String;

    fn from_str(text: &str) -> Result<Opening, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "greek" => Ok(Opening::Greek),
            "western" => Ok(Opening::Western),
            other => Err(format!("unknown opening '{other}' (greek or western)")),
        }
    }
}

impl std::fmt::Display for Opening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Opening::Greek => "greek",
            Opening::Western => "western",
        })
    }
}

/// The opening as a record's header names it (`Opening "greek"`).
impl From<Opening> for plakoto_rules::tavli::Opening {
    fn from(opening: Opening) -> plakoto_rules::tavli::Opening {
        match opening {
            Opening::Greek => plakoto_rules::tavli::Opening::Greek,
            Opening::Western => plakoto_rules::tavli::Opening::Western,
        }
    }
}

/// A game's place in a Tavli match: what a built-in player needs to value
/// its plays by match-winning chances (the Tavli match equity table).
#[derive(Clone, Debug)]
pub struct MatchPlace {
    /// The match's switches (sequence, target, after a draw, scorings).
    pub switches: Arc<TavliSwitches>,
    /// Their match equity table, built once for the match.
    pub table: Arc<TavliEquityTable>,
    /// Games played before this one (draws included).
    pub game_index: usize,
}

/// Everything a game depends on besides the game and the players.
#[derive(Clone, Debug)]
pub struct TavliSetup {
    /// How the game opens.
    pub opening: Opening,
    /// Seed of the dice stream (opening roll included).
    pub dice_seed: u64,
    /// Seeds handed to X's and O's players ([`TavliPlayer::begin_game`]).
    pub player_seeds: [u64; 2],
    /// Most turns before the game is stopped as unfinished.
    pub turn_cap: u32,
    /// Who starts without an opening roll (a Tavli match's last winner,
    /// T6); `None`: an opening roll.
    pub starter: Option<Side>,
    /// The match's length and X's and O's points before the game, told
    /// in each turn's Match ID (`MatchScore::default()`: a single game).
    pub score: MatchScore,
    /// The game's place in a Tavli match (`None` outside one): each turn
    /// then hands the players the mover's [`TavliMatchContext`].
    pub tavli: Option<MatchPlace>,
}

fn die(rng: &mut ChaCha8Rng) -> Die {
    Die::new(rng.gen_range(1..=6)).expect("1-6")
}

/// Plays one game of `game` from its start. `players[0]` plays X,
/// `players[1]` plays O; `generator` lists the plays offered to players
/// (see [`ToolsGame::referee_generator`]).
pub fn play_tavli_game<G: ToolsGame>(
    game: &G,
    setup: &TavliSetup,
    players: [&mut dyn TavliPlayer<G>; 2],
    generator: &mut G::Generator,
) -> GameOutcome {
    play_game_from(game, setup, None, players, generator)
}

/// As [`play_tavli_game`], from `start` when given: that position with X
/// to roll first (no opening roll, whoever [`TavliSetup::starter`] names).
pub fn play_game_from<G: ToolsGame>(
    game: &G,
    setup: &TavliSetup,
    start: Option<G::Position>,
    players: [&mut dyn TavliPlayer<G>; 2],
    generator: &mut G::Generator,
) -> GameOutcome {
    let mut out = GameOutcome {
        kind: Ending::Unfinished,
        winner: None,
        points: 0,
        fault: None,
        opening: Vec::new(),
        moves: Vec::new(),
        think_time: [Duration::ZERO; 2],
        decisions: [0; 2],
    };
    let mut start_faults = Vec::new();
    for side in [Side::X, Side::O] {
        if let Err(f) = players[side.index()].begin_game(setup.player_seeds[side.index()]) {
            start_faults.push((side, f));
        }
    }
    if !start_faults.is_empty() {
        for (side, _) in &start_faults {
            players[side.index()].reset_after_fault();
        }
        if start_faults.len() == 1 {
            let (side, fault) = start_faults.remove(0);
            forfeit(&mut out, side, fault);
        } else {
            // Neither can play: no result, the first fault is kept.
            out.fault = Some(start_faults.remove(0));
        }
        return out;
    }

    let mut dice_rng = ChaCha8Rng::seed_from_u64(setup.dice_seed);
    let (mut side, mut opening_dice) = match (start, setup.starter) {
        (Some(_), _) => (Side::X, None),
        (None, Some(starter)) => (starter, None),
        (None, None) => opening_roll(setup.opening, &mut dice_rng, &mut out.opening),
    };
    let mut position = start.unwrap_or_else(|| game.start());
    let mut list = G::PlayList::default();
    // The side that plays the first turn started the game (T6, T7).
    let starter = side;
    // The score of a match of this game alone, for players that play for
    // it (a Tavli match's players have its own context instead).
    let game_match = match setup.tavli {
        None => setup.score,
        Some(_) => MatchScore::default(),
    };
    let mut carried: Option<G::Carried> = None;

    for _turn in 0..setup.turn_cap {
        let to_play = match carried.take() {
            Some(numbers) => ToPlay::Carried(numbers),
            None => ToPlay::Dice(
                opening_dice
                    .take()
                    .unwrap_or_else(|| Dice::roll(&mut dice_rng)),
            ),
        };
        match &to_play {
            ToPlay::Dice(dice) => game.generate(generator, &position, *dice, &mut list),
            ToPlay::Carried(numbers) => {
                game.generate_carried(generator, &position, numbers, &mut list)
            }
        }
        let plays = game.plays(&list);
        let answer = if plays.len() == 1 {
            Ok(TavliAnswer::Play(plays[0]))
        } else {
            let in_match = setup.tavli.as_ref().and_then(|place| {
                let at = TavliPlace {
                    game_index: place.game_index,
                    score: setup.score.score,
                    mover: side,
                    starter,
                };
                TavliMatchContext::with_table(&place.switches, Arc::clone(&place.table), &at)
            });
            let turn = TavliTurn {
                game,
                side,
                position: &position,
                to_play,
                legal: &list,
                match_id: game.turn_match_id(side, &to_play, setup.score),
                game_match,
                in_match: in_match.as_ref(),
            };
            let started = Instant::now();
            let answer = players[side.index()].choose(&turn);
            out.think_time[side.index()] += started.elapsed();
            out.decisions[side.index()] += 1;
            answer
        };
        let play = answer.and_then(|a| match a {
            TavliAnswer::Play(play) => game
                .check_play(&position, &to_play, &list, &play)
                .map_err(|e| Fault::new(FaultKind::Illegal, game.refusal(&e))),
            TavliAnswer::Notation(text) => {
                let resolved = match &to_play {
                    ToPlay::Dice(dice) => game.resolve_play(&position, *dice, &list, &text),
                    ToPlay::Carried(numbers) => {
                        game.resolve_carried(&position, numbers, &list, &text)
                    }
                };
                resolved.map_err(|e| {
                    let kind = if game.is_garbage(&e) {
                        FaultKind::Garbage
                    } else {
                        FaultKind::Illegal
                    };
                    Fault::new(kind, format!("'{text}': {}", game.refusal(&e)))
                })
            }
        });
        let roll = match &to_play {
            ToPlay::Dice(dice) => Roll::Dice([dice.0.pips(), dice.1.pips()]),
            ToPlay::Carried(numbers) => game.carried_roll(numbers),
        };
        let play = match play {
            Ok(play) => play,
            Err(fault) => {
                players[side.index()].reset_after_fault();
                out.moves.push(Turn {
                    side,
                    roll,
                    play: TurnPlay::Fault,
                });
                forfeit(&mut out, side, fault);
                return out;
            }
        };
        out.moves.push(Turn {
            side,
            roll,
            play: TurnPlay::Played(game.format_play(&position, &play)),
        });
        let after = game.after(&play);
        if let Some(result) = game.result(&after) {
            out.kind = Ending::Board(result.kind);
            out.winner = result.winner.map(|seat| match seat {
                Seat::OnRoll => side,
                Seat::Opponent => side.other(),
            });
            out.points = game.points(result.kind);
            return out;
        }
        match to_play {
            // The turn passes, with the numbers the play left (R21).
            ToPlay::Dice(dice) => {
                carried = game.carried_after(dice, &play);
                position = game.flip(&after);
                side = side.other();
            }
            // Numbers carried are played before the same side rolls.
            ToPlay::Carried(_) => position = after,
        }
    }
    out
}

/// The opening roll (P13, R19): one die each, ties rolled again, every
/// pair kept in `rolls`; the starter, with the dice it plays first under
/// the western opening.
fn opening_roll(
    opening: Opening,
    dice_rng: &mut ChaCha8Rng,
    rolls: &mut Vec<(u8, u8)>,
) -> (Side, Option<Dice>) {
    loop {
        let (x, o) = (die(dice_rng), die(dice_rng));
        rolls.push((x.pips(), o.pips()));
        if x != o {
            let (starter, dice) = if x > o {
                (Side::X, Dice(x, o))
            } else {
                (Side::O, Dice(o, x))
            };
            let dice = (opening == Opening::Western).then_some(dice);
            return (starter, dice);
        }
    }
}

fn forfeit(out: &mut GameOutcome, side: Side, fault: Fault) {
    out.kind = Ending::Forfeit;
    out.winner = Some(side.other());
    out.points = FORFEIT_POINTS;
    out.fault = Some((side, fault));
}
