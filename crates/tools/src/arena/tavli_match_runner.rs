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
use plakoto_rules::tavli::{TavliMatch, TavliRules};
use plakoto_rules::{FinalResult, GameKind, MatchScore, Side, with_game};

use super::error::ArenaError;
use super::fault::FaultKind;
use super::match_players::{
    MatchGame, MatchGenerators, MatchPlayers, TavliGames, make_match_players,
};
use super::player::PlayerOptions;
use super::record::GameRecord;
use super::referee::GameOutcome;
use super::runner::{MAX_MATCH_GAMES, a_side, game_record, game_seeds, schedule};
use super::tavli_player::TavliPlayer;
use super::tavli_referee::{MatchPlace, TavliSetup, play_tavli_game};
use plakoto_records::record::GameEnd;

/// What the matches of a Tavli run depend on.
#[derive(Clone, Debug)]
pub struct TavliMatchSpec {
    /// The games with their switches.
    pub games: TavliGames,
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
fn play_one<G: MatchGame>(
    games: &TavliGames,
    setup: &TavliSetup,
    a_side: Side,
    a: &mut MatchPlayers,
    b: &mut MatchPlayers,
    generators: &mut MatchGenerators,
) -> GameOutcome {
    let game = G::of(games);
    let setup = TavliSetup {
        opening: G::opening(games),
        ..setup.clone()
    };
    let (pa, pb) = (a.player::<G>(), b.player::<G>());
    let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X {
        [pa, pb]
    } else {
        [pb, pa]
    };
    play_tavli_game(&game, &setup, players, G::generator_of(generators))
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
        portes_scoring: spec.games.portes.scoring,
        plakoto_rules: spec.games.plakoto.rules,
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
            opening: spec.games.opening,
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
            with_game!(kind, G => play_one::<G>(games, &setup, a_side, a, b, generators));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::fault::FaultKind;
    use crate::arena::record::Contestant;
    use crate::arena::stats::summarize;
    use crate::arena::tavli_runner::tests::repo_file;
    use plakoto_records::record::Ending;
    use plakoto_rules::tavli::{AfterDraw, Sequence};

    /// A Tavli run of `a` against `b` to `target` under `sequence`.
    fn spec(a: &str, b: &str, target: u8, sequence: &str) -> TavliMatchSpec {
        TavliMatchSpec {
            games: TavliGames::default(),
            rules: TavliRules {
                target,
                sequence: sequence.parse::<Sequence>().unwrap(),
                after_draw: AfterDraw::OpeningRoll,
            },
            a: a.to_string(),
            b: b.to_string(),
            seed: 17,
            turn_cap: 2_000,
            options: PlayerOptions::default(),
        }
    }

    /// The games of `matches` matches of `spec` on `jobs` threads, by
    /// match and game.
    fn run(spec: &TavliMatchSpec, matches: u64, jobs: usize) -> Vec<GameRecord> {
        let units: Vec<u64> = (0..matches).collect();
        let mut records = Vec::new();
        run_tavli_matches(spec, &units, jobs, None, |r| {
            records.push(r.without_timing());
            Ok(())
        })
        .expect("the run completes");
        records.sort_by_key(|r| (r.unit, r.game));
        records
    }

    /// The score of X and O after a record (its score is A's and B's).
    fn xo(r: &GameRecord) -> [u8; 2] {
        if r.a_side == Side::X {
            r.score
        } else {
            [r.score[1], r.score[0]]
        }
    }

    #[test]
    fn t1_t6_whole_matches_cycle_the_games_and_the_winner_starts_the_next() {
        let s = spec(
            "builtin:heuristic",
            "builtin:heuristic",
            5,
            "portes,plakoto,fevga",
        );
        let records = run(&s, 6, 2);
        let mut matches = 0;
        let mut start = 0;
        while start < records.len() {
            let unit = records[start].unit;
            let games: Vec<&GameRecord> = records[start..]
                .iter()
                .take_while(|r| r.unit == unit)
                .collect();
            start += games.len();
            matches += 1;
            let mut before = [0u8; 2];
            let mut last_winner: Option<Side> = None;
            for (i, g) in games.iter().enumerate() {
                assert_eq!(g.game, i as u32);
                assert!(g.fault.is_none(), "{g:?}");
                // T1: Portes, Plakoto, Fevga, Portes, …
                assert_eq!(
                    g.game_kind,
                    Some(GameKind::ALL[i % 3]),
                    "unit {unit} game {i}"
                );
                // T5/T6: an opening roll for game 1, then the last winner
                // starts without one (T7: an opening roll after a draw).
                match (i, last_winner) {
                    (0, _) | (_, None) => assert!(!g.opening.is_empty()),
                    (_, Some(w)) => {
                        assert!(g.opening.is_empty(), "game {i} after a win opens");
                        assert_eq!(g.moves[0].side, w, "the winner starts game {i}");
                    }
                }
                let after = xo(g);
                let winner = g.winner.map(|w| w.side(g.a_side));
                if let Some(w) = winner {
                    assert_eq!(after[w.index()], before[w.index()] + g.points);
                    assert_eq!(after[w.other().index()], before[w.other().index()]);
                }
                // T4: over as soon as a total reaches the target.
                assert_eq!(g.unit_over, after.iter().any(|&p| p >= 5));
                before = after;
                last_winner = winner;
            }
            assert!(games.last().unwrap().unit_over, "the match finished");
        }
        assert_eq!(matches, 6);
        // Duplicate dice: game 1 of both matches of a pair opens alike.
        for pair in 0..3 {
            let first = |unit| {
                records
                    .iter()
                    .find(|r| r.unit == unit && r.game == 0)
                    .unwrap()
            };
            assert_eq!(first(2 * pair).opening, first(2 * pair + 1).opening);
        }
        let summary = summarize(&records, true);
        let tavli = summary.tavli.expect("Tavli statistics");
        assert_eq!(tavli.matches, 6);
        assert_eq!(tavli.a_won + tavli.b_won, 6);
        // The same seed plays the same matches with any number of threads.
        assert_eq!(records, run(&s, 6, 1));
    }

    /// Score-aware play (issue 43 item 2): a built-in values its plays by
    /// match-winning chances in a Tavli match, so it plays some turns
    /// otherwise than its `-money` twin on the same dice; two money twins
    /// play exactly as two plain players would outside a match.
    #[test]
    fn a_built_in_plays_for_the_match_score_unless_told_money() {
        let moves = |a: &str, b: &str| -> Vec<String> {
            let s = spec(a, b, 5, "portes,plakoto,fevga");
            run(&s, 4, 1)
                .iter()
                .flat_map(|r| r.moves.iter().map(|t| format!("{:?}", t.play)))
                .collect()
        };
        let money = moves("builtin:heuristic-money", "builtin:heuristic-money");
        let aware = moves("builtin:heuristic", "builtin:heuristic-money");
        assert_ne!(aware, money, "the match score changed no play");
        let prefix = aware.iter().zip(&money).take_while(|(x, y)| x == y).count();
        assert!(
            prefix > 0,
            "the first turns agree (an opening rarely differs)"
        );
        assert_eq!(
            money,
            moves("builtin:heuristic-money", "builtin:heuristic-money"),
            "reproducible"
        );
    }

    #[test]
    fn a_stronger_player_wins_most_matches() {
        let s = spec(
            "builtin:heuristic",
            "builtin:random",
            3,
            "portes,plakoto,fevga",
        );
        let records = run(&s, 8, 2);
        let tavli = summarize(&records, true).tavli.unwrap();
        assert!(tavli.win_rate > 0.7, "{}", tavli.to_text());
        assert_eq!(tavli.per_game[0].game, GameKind::Portes);
    }

    #[test]
    fn an_engine_without_the_game_forfeits_the_match() {
        let engine = format!(
            "python3 {} no-fevga python3 {}",
            repo_file("tests/fake_engines/conformance_proxy.py"),
            repo_file("tests/fake_engines/fake_engine.py garbage")
        );
        let s = spec("builtin:random", &engine, 3, "fevga,portes");
        let records = run(&s, 2, 1);
        assert_eq!(records.len(), 2, "one game a match: {records:?}");
        for r in &records {
            let fault = r.fault.as_ref().expect("a fault");
            assert_eq!(
                (fault.engine, fault.kind),
                (Contestant::B, FaultKind::UnsupportedGame)
            );
            assert!(
                fault.message.contains("does not play Fevga"),
                "{}",
                fault.message
            );
            assert!(
                fault.message.contains("'set game fevga'"),
                "{}",
                fault.message
            );
            // Scored as what A still needed: the match ends at the target.
            assert_eq!(
                (r.kind, r.winner, r.points),
                (Ending::Forfeit, Some(Contestant::A), 3)
            );
            assert_eq!((r.score, r.unit_over), ([3, 0], true));
        }
        let tavli = summarize(&records, true).tavli.unwrap();
        assert_eq!((tavli.a_won, tavli.forfeited_matches), (2, [0, 2]));
    }
}
