//! Analysis of a Tavli match record (records.md, "Tavli match records"):
//! the match is replayed and checked as a whole, then each game is
//! analysed alone by its own game's analysis (the caller's, with the
//! game's evaluator), its
//! plays valued by the mover's match-winning chances from the Tavli match
//! equity table at the game's score, place in the sequence and starter
//! (records.md, "Tavli match equity"). The report holds each game (its
//! number in the match, kind, score before it, result, turns and players'
//! totals) and the players' totals over the match.

use serde::{Serialize, Serializer};

use super::{Analysis, PlayerTotals, TurnAnalysis, totals};
use std::sync::Arc;

use crate::record::{GameEnd, Record, RecordError, RecordedGame, recorded_starter};
use plakoto_engine::match_equity::tavli::{TavliGameInMatch, TavliSwitches};
use plakoto_rules::{GameKind, Side};

/// One game of a Tavli match, analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct TavliGameAnalysis {
    /// Its number in the match (1-based; later than the record's index
    /// when the record starts from a game set by hand).
    pub number: u32,
    /// Which game it is.
    pub kind: GameKind,
    /// The score of X and O before it.
    pub score: [u32; 2],
    /// Its analysis alone: its turns numbered as game `index + 1` of the
    /// record, valued by the Tavli match equity table.
    pub analysis: Analysis,
}

impl TavliGameAnalysis {
    /// How it ended (`None`: in progress).
    pub fn end(&self) -> Option<&GameEnd> {
        self.analysis.game_ends.first().and_then(Option::as_ref)
    }
}

/// The JSON form of one game.
#[derive(Serialize)]
struct GameJson<'a> {
    number: u32,
    kind: GameKind,
    score: [u32; 2],
    result: String,
    evaluator: &'a str,
    turns: &'a [TurnAnalysis],
    players: &'a [PlayerTotals; 2],
}

impl Serialize for TavliGameAnalysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameJson {
            number: self.number,
            kind: self.kind,
            score: self.score,
            result: super::chart::result_words(self.end()),
            evaluator: &self.analysis.evaluator,
            turns: &self.analysis.turns,
            players: &self.analysis.players,
        }
        .serialize(serializer)
    }
}

/// The analysis of a Tavli match record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TavliAnalysis {
    /// Always `tavli`.
    pub game: &'static str,
    /// The search depth asked for.
    pub plies: u8,
    /// The match's target.
    pub match_length: u8,
    /// Every game of the record, in order.
    pub games: Vec<TavliGameAnalysis>,
    /// X's totals over the match, then O's.
    pub players: [PlayerTotals; 2],
}

/// The record of game `index` of a Tavli match record alone: a record of
/// its kind under the header's switches, its Match IDs with the match's
/// target and score.
pub fn game_record(record: &Record, index: usize, kind: GameKind) -> Record {
    let header = record.header.of_game(kind);
    Record {
        header,
        games: vec![RecordedGame {
            kind: None,
            ..record.games[index].clone()
        }],
    }
}

/// The switches of a Tavli match record's match, for its table.
pub fn record_switches(record: &Record) -> TavliSwitches {
    let header = &record.header;
    let rules = header
        .tavli
        .as_ref()
        .map(|t| t.rules(header.match_length))
        .unwrap_or_default();
    TavliSwitches {
        sequence: rules.sequence.games().to_vec(),
        target: u32::from(rules.target),
        after_draw: rules.after_draw,
        games: header.tavli_games(),
    }
}

/// Analyses a Tavli match record: checks it as a match
/// ([`Record::replay_tavli`]), then analyses each game with
/// `analyse_game(kind, record of that game alone, its place in the
/// match)` and totals the players over the match. A record that is no
/// valid Tavli match gives `invalid(why)`.
pub fn analyse_tavli<E>(
    record: &Record,
    plies: u8,
    invalid: impl Fn(RecordError) -> E,
    mut analyse_game: impl FnMut(GameKind, &Record, &TavliGameInMatch) -> Result<Analysis, E>,
) -> Result<TavliAnalysis, E> {
    record.replay_tavli().map_err(invalid)?;
    let first = record.header.tavli.as_ref().map_or(1, |t| t.first_game);
    let switches = Arc::new(record_switches(record));
    let table = Arc::new(switches.table());
    let mut games = Vec::with_capacity(record.games.len());
    for (index, g) in record.games.iter().enumerate() {
        let kind = g.kind.expect("replayed: every game names its kind");
        let in_match = TavliGameInMatch {
            switches: Arc::clone(&switches),
            table: Arc::clone(&table),
            game_index: (first - 1) as usize + index,
            score: g.score,
            // A game set by hand names no starter; it matters only for a
            // draw under `same_starter`.
            starter: recorded_starter(&g.start).unwrap_or(Side::X),
        };
        let mut analysis = analyse_game(kind, &game_record(record, index, kind), &in_match)?;
        for t in &mut analysis.turns {
            t.game = index + 1;
        }
        games.push(TavliGameAnalysis {
            number: first + index as u32,
            kind,
            score: g.score,
            analysis,
        });
    }
    let all: Vec<TurnAnalysis> = games
        .iter()
        .flat_map(|g| g.analysis.turns.iter().cloned())
        .collect();
    // The match's totals: valued by the Tavli table (the record's header
    // says a Tavli match), under the names of its players.
    let players = [Side::X, Side::O].map(|side| totals(record, &all, side));
    Ok(TavliAnalysis {
        game: "tavli",
        plies,
        match_length: record.header.match_length,
        games,
        players,
    })
}

impl TavliAnalysis {
    /// The evaluators used, each once, in the games' order (`heuristic`,
    /// `net`, …).
    pub fn evaluators(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for g in &self.games {
            if !names.contains(&g.analysis.evaluator.as_str()) {
                names.push(&g.analysis.evaluator);
            }
        }
        names
    }

    /// The whole match as one analysis (every game's turns, numbered by
    /// their index in the record, and each game's kind), for the HTML
    /// report.
    pub fn combined(&self) -> Analysis {
        Analysis {
            // No game of its own (each turn's is in `tavli_kinds`): the
            // game a record without one names, left out of the JSON form.
            game: GameKind::default(),
            plies: self.plies,
            evaluator: self.evaluators().join(", "),
            match_length: self.match_length,
            games: self.games.len(),
            turns: self
                .games
                .iter()
                .flat_map(|g| g.analysis.turns.iter().cloned())
                .collect(),
            players: self.players.clone(),
            game_ends: self.games.iter().map(|g| g.end().copied()).collect(),
            tavli_kinds: self.games.iter().map(|g| g.kind).collect(),
        }
    }
}
