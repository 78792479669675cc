//! The referee: plays one game between two players. It owns the position
//! and the dice (a seeded ChaCha8 stream, opening roll included, R19),
//! asks the player on roll for its play, checks it against the rules core
//! and applies it; Express numbers passed on (R21) are given to the
//! opponent without a roll. Players never roll dice.
//!
//! A player's fault (crash, timeout, garbage, illegal play, `?` reply)
//! ends the game at once as a **forfeit**: the other player wins 2 points
//! (as a double), whatever the scoring. A game still running after the
//! turn cap ends **unfinished**: no winner, 0 points (like a draw, but
//! counted apart so it is visible).
//!
//! **Huge Express rolls.** Low Express doubles can have millions of plays
//! (docs/rules.md, size warning). The referee lists plays with a bounded
//! generator ([`REFEREE_LIMITS`]); built-in players (except `random`)
//! choose as the engine does
//! ([`plakoto_engine::search::SearchHandle::choose`]), which makes only
//! plays that are surely legal when a list is cut short (R10).
//! A play that is not in a truncated list, or that uses fewer numbers than
//! all, is checked by the rules core's line search before it is called
//! illegal ([`Game::play`], [`Game::play_written`]).

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::fault::{Fault, FaultKind};
use super::player::{Answer, Player, TurnRequest};
use super::turn::{Turn, TurnPlay};
use plakoto_records::record::Ending;
use plakoto_rules::{
    Game, GameError, GenLimits, MatchId, MatchScore, MoveGenerator, Phase, Position, Rules, Side,
};

/// Most plays the referee lists for one roll (only Express low doubles
/// reach it: the most plays of a standard roll found over 12,000 random
/// mid-game positions was 1,283).
pub const REFEREE_LIMITS: GenLimits = GenLimits {
    max_positions: 4_000,
};

/// The move generator a referee should be given.
pub fn referee_generator() -> MoveGenerator {
    MoveGenerator::new(REFEREE_LIMITS)
}

/// Points a forfeit gives the engine that did not fault.
pub const FORFEIT_POINTS: u8 = 2;

/// Everything a game depends on besides the players.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup {
    /// Rules in force.
    pub rules: Rules,
    /// Match length sent in Match IDs (0: single games).
    pub match_length: u8,
    /// Score of X and O before this game.
    pub score: [u8; 2],
    /// Who starts without an opening roll (the previous game's winner in a
    /// match); `None`: opening roll.
    pub starter: Option<Side>,
    /// Seed of the dice stream.
    pub dice_seed: u64,
    /// Seeds handed to X's and O's players ([`Player::begin_game`]).
    pub player_seeds: [u64; 2],
    /// Most turns before the game is stopped as unfinished.
    pub turn_cap: u32,
    /// The position the game starts from, X on roll and rolling first
    /// (no opening roll); `None`: the initial position.
    pub start: Option<Position>,
}

/// A finished game, in absolute terms (X and O).
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// How it ended (the records' [`Ending`]: the rules core's
    /// [`plakoto_rules::ResultKind`], a forfeit, or unfinished).
    pub kind: Ending,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Points the winner scores.
    pub points: u8,
    /// The fault that ended the game, with the side that made it.
    pub fault: Option<(Side, Fault)>,
    /// Opening roll dice (X's, O's), every pair rolled.
    pub opening: Vec<(u8, u8)>,
    /// Every turn, the last one a fault if the game ended with one.
    pub moves: Vec<Turn>,
    /// Time each side's player took deciding (X, O).
    pub think_time: [Duration; 2],
    /// Decisions each side's player was asked for (forced plays are
    /// applied by the referee without asking).
    pub decisions: [u32; 2],
}

/// Plays one game. `players[0]` plays X, `players[1]` plays O.
/// `generator` lists the plays offered to players (see
/// [`referee_generator`]).
pub fn play_game(
    setup: &GameSetup,
    players: [&mut dyn Player; 2],
    generator: &mut MoveGenerator,
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
    match start_faults.len() {
        0 => {}
        1 => {
            let (side, fault) = start_faults.remove(0);
            players[side.index()].reset_after_fault();
            forfeit(&mut out, side, fault);
            return out;
        }
        _ => {
            // Neither can play: no result, the first fault is kept.
            for side in [Side::X, Side::O] {
                players[side.index()].reset_after_fault();
            }
            out.fault = Some(start_faults.remove(0));
            return out;
        }
    }

    let mut dice_rng = ChaCha8Rng::seed_from_u64(setup.dice_seed);
    let mut game = match (setup.start, setup.starter) {
        (Some(position), _) => {
            match Game::from_parts(setup.rules, position, Side::X, None, None, Phase::Playing) {
                Ok(game) => game,
                Err(e) => {
                    // Checked when the positions were read: a setup error.
                    out.fault = Some((Side::X, fault_of(e)));
                    return out;
                }
            }
        }
        (None, Some(side)) => Game::started_by(setup.rules, side),
        (None, None) => {
            let mut g = Game::new(setup.rules);
            let (_, rolls) = g
                .roll_opening(&mut dice_rng)
                .expect("a new game is in its opening");
            out.opening = rolls.iter().map(|(x, o)| (x.pips(), o.pips())).collect();
            g
        }
    };

    for _turn in 0..setup.turn_cap {
        if game.passed().is_none() {
            game.roll(&mut dice_rng)
                .expect("the referee rolls only when a roll is due");
        }
        let side = game.on_roll();
        let numbers = game.turn_numbers().expect("numbers were just set");
        let legal = game
            .legal_plays(generator)
            .expect("a game in play has legal plays");
        let answer = if legal.len() == 1 {
            Ok(Answer::Play(legal.plays[0]))
        } else {
            let request = TurnRequest {
                game: &game,
                legal: &legal,
                match_id: MatchId::of(
                    &game,
                    &MatchScore {
                        length: setup.match_length,
                        score: setup.score.map(u32::from),
                    },
                ),
            };
            let started = Instant::now();
            let answer = players[side.index()].choose(&request);
            out.think_time[side.index()] += started.elapsed();
            out.decisions[side.index()] += 1;
            answer
        };
        let report = answer.and_then(|a| match a {
            Answer::Play(p) => game.play(&p, generator).map_err(fault_of),
            Answer::Notation(text) => game.play_written(&text, generator).map_err(|e| {
                let mut f = fault_of(e);
                f.message = format!("'{text}': {}", f.message);
                f
            }),
        });
        match report {
            Err(fault) => {
                players[side.index()].reset_after_fault();
                out.moves.push(Turn::new(side, &numbers, TurnPlay::Fault));
                forfeit(&mut out, side, fault);
                return out;
            }
            Ok(report) => {
                out.moves
                    .push(Turn::new(side, &numbers, TurnPlay::Played(report.notation)));
                if let Some(result) = report.result {
                    out.kind = Ending::Board(result.kind);
                    out.winner = result.winner;
                    out.points = result.points;
                    return out;
                }
            }
        }
    }
    out
}

fn forfeit(out: &mut GameOutcome, side: Side, fault: Fault) {
    out.kind = Ending::Forfeit;
    out.winner = Some(side.other());
    out.points = FORFEIT_POINTS;
    out.fault = Some((side, fault));
}

fn fault_of(e: GameError) -> Fault {
    match e {
        GameError::Notation(m) => Fault::new(FaultKind::Garbage, format!("not a play: {m}")),
        GameError::Illegal(i) => Fault::new(FaultKind::Illegal, i.to_string()),
        GameError::State(m) => Fault::new(FaultKind::Illegal, m.to_string()),
    }
}

/// Mixes several numbers into one well-spread seed (SplitMix64 steps), so
/// nearby inputs give unrelated dice streams.
pub fn mix_seed(parts: &[u64]) -> u64 {
    let mut h: u64 = 0x6A09_E667_F3BC_C909;
    for &p in parts {
        h = h.wrapping_add(p).wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h = z ^ (z >> 31);
    }
    h
}
