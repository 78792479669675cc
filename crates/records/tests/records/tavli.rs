//! Tavli match records (records.md, "Tavli match records"): random Tavli
//! matches, each game played with random legal plays, written as one
//! record at every game boundary, read back in text and JSON and replayed
//! to the same match (score, games played, next game and starter) and
//! the same game in play; damaged records refused.

use plakoto_records::record::{
    GameEnd, Header, Record, RecordedGame, Roll, Start, TavliGameState, TavliHeader, Turn,
};
use plakoto_rules::tavli::{
    AfterDraw, Opening, Sequence, TableGame, TavliGame, TavliMatch, TavliRules,
};
use plakoto_rules::{FinalResult, GameKind, Portes, Side, with_game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays the game `table` to its end with random legal plays.
fn play_table<G: TavliGame>(
    table: &mut TableGame<G>,
    turns: &mut Vec<Turn>,
    rng: &mut ChaCha8Rng,
) -> FinalResult {
    let game = table.game();
    let mut generator = game.generator();
    loop {
        if let Some(result) = table.result() {
            return result;
        }
        if table.dice().is_none() {
            table.roll(rng).expect("a turn to roll");
        }
        let mut list = G::PlayList::default();
        let dice = table.legal_plays(&mut generator, &mut list).expect("dice");
        let plays = game.plays(&list);
        let play = plays[rng.gen_range(0..plays.len())];
        let side = table.on_roll();
        let report = table.play(&play);
        turns.push(Turn {
            side,
            roll: Roll::Dice([dice.0.pips(), dice.1.pips()]),
            play: report.notation,
            line: 0,
        });
    }
}

/// A game of `game` started as the protocol starts a match's next game:
/// by `starter`, the starter due, or after an opening roll.
fn start_next<G: TavliGame>(
    game: G,
    starter: Option<Side>,
    rng: &mut ChaCha8Rng,
) -> (TableGame<G>, Start) {
    match starter {
        Some(side) => (
            TableGame::started_by(game, Opening::Greek, side),
            Start::Starter(side),
        ),
        None => {
            let mut table = TableGame::new(game, Opening::Greek);
            let (_, rolls) = table.roll_opening(rng).expect("an opening");
            let rolls = rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect();
            (table, Start::Opening(rolls))
        }
    }
}

/// Random switches: a target of 1–3, a sequence of 1–4 games, either
/// rule after a draw.
fn random_rules(rng: &mut ChaCha8Rng) -> TavliRules {
    let games = (0..rng.gen_range(1..=4))
        .map(|_| GameKind::ALL[rng.gen_range(0..3)])
        .collect();
    TavliRules {
        target: rng.gen_range(1..=3),
        sequence: Sequence::new(games).expect("not empty"),
        after_draw: if rng.gen_bool(0.5) {
            AfterDraw::OpeningRoll
        } else {
            AfterDraw::SameStarter
        },
    }
}

/// The record read back from its text and its JSON, replayed, gives the
/// match and the game in play.
fn assert_round_trip(record: &Record, tavli: &TavliMatch, game: &TavliGameState, seed: u64) {
    let text = record.to_string();
    for read in [text.parse::<Record>(), Record::from_json(&record.to_json())] {
        let read = read.unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        // Equal but for the lines read from (`line` fields).
        assert_eq!(read.to_string(), text, "seed {seed}: the record reads back");
        let replay = read
            .replay_tavli()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(&replay.tavli, tavli, "seed {seed}: the match\n{text}");
        assert_eq!(&replay.game, game, "seed {seed}: the game in play\n{text}");
    }
}

/// One random match: saved, read and replayed at every game boundary.
fn random_match(seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = random_rules(&mut rng);
    let header = Header {
        match_length: rules.target,
        x: "random".into(),
        o: "random".into(),
        seed: Some(seed),
        tavli: Some(TavliHeader {
            sequence: rules.sequence.clone(),
            after_draw: rules.after_draw,
            first_game: 1,
        }),
        ..Header::default()
    };
    let mut tavli = TavliMatch::new(rules);
    let mut record = Record::new(header.clone());
    loop {
        let kind = tavli.next_kind();
        let (start, game, turns, result) = with_game!(kind, G => {
            let game = header.games.get::<G>();
            let (mut table, start) = start_next(game, tavli.next_starter(), &mut rng);
            let mut recorded = RecordedGame::new(tavli.score(), start.clone());
            recorded.kind = Some(kind);
            record.games.push(recorded);
            // The boundary: the next game started, no turn played yet.
            let started = TavliGameState::new(table.clone());
            assert_round_trip(&record, &tavli, &started, seed);
            let mut turns = Vec::new();
            let result = play_table(&mut table, &mut turns, &mut rng);
            (start, TavliGameState::new(table), turns, result)
        });
        let last = record.games.last_mut().expect("pushed");
        last.turns = turns;
        last.end = Some(GameEnd::of(&result));
        let starter = plakoto_records::record::recorded_starter(&start);
        tavli
            .record(kind, result, starter)
            .expect("the sequence's game");
        if tavli.winner().is_some() {
            assert_round_trip(&record, &tavli, &game, seed);
            return record.games.len();
        }
    }
}

#[test]
fn random_tavli_matches_save_and_load_to_the_same_state_at_every_game_boundary() {
    let mut games = 0;
    for seed in 0..2_000 {
        games += random_match(seed);
    }
    assert!(games > 3_000, "{games} games played");
}

fn a_recorded_match() -> Record {
    let header = Header {
        match_length: 1,
        x: "X".into(),
        o: "O".into(),
        tavli: Some(TavliHeader::default()),
        ..Header::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let tavli = TavliMatch::new(TavliRules {
        target: 1,
        ..TavliRules::default()
    });
    assert_eq!(tavli.next_kind(), GameKind::Portes, "Portes first");
    let portes = header.games.get::<Portes>();
    let (mut table, start) = start_next(portes, tavli.next_starter(), &mut rng);
    let mut recorded = RecordedGame::new([0, 0], start);
    recorded.kind = Some(GameKind::Portes);
    let result = play_table(&mut table, &mut recorded.turns, &mut rng);
    recorded.end = Some(GameEnd::of(&result));
    let mut record = Record::new(header);
    record.games.push(recorded);
    record
}

#[test]
fn a_tavli_record_is_written_with_its_header_and_each_games_kind() {
    let record = a_recorded_match();
    let text = record.to_string();
    assert!(text.starts_with(
        "; Tavli match record, format 1\n; [Game \"tavli\"]\n; [Sequence \"portes,plakoto,fevga\"]\n; [AfterDraw \"opening_roll\"]\n; [Rules \"standard\"]\n; [Scoring \"standard\"]\n; [PortesScoring \"standard\"]\n"
    ), "{text}");
    assert!(text.contains("\nGame 1 portes\nScore X 0 O 0\n"), "{text}");
    let json = record.to_json();
    assert!(json.contains("\"game\": \"portes\""), "{json}");
    assert!(
        json.contains("\"sequence\": \"portes,plakoto,fevga\""),
        "{json}"
    );
}

#[test]
fn a_game_out_of_the_sequence_or_after_the_match_is_refused_with_its_line() {
    let record = a_recorded_match();
    let text = record.to_string();
    let wrong = text.replace("Game 1 portes", "Game 1 fevga");
    let error = wrong.parse::<Record>().unwrap().replay_tavli().unwrap_err();
    assert!(
        error
            .to_string()
            .contains("game 1 of the Tavli match is portes, not fevga"),
        "{error}"
    );
    let winner = record.games[0].end.unwrap().winner.unwrap();
    let points = record.games[0].end.unwrap().points;
    let (x, o) = if winner == Side::X {
        (points, 0)
    } else {
        (0, points)
    };
    let after = format!("{text}\nGame 2 plakoto\nScore X {x} O {o}\nStarts {winner}\n");
    let error = after.parse::<Record>().unwrap().replay_tavli().unwrap_err();
    assert!(
        error.to_string().contains("a game after the match was won"),
        "{error}"
    );
    let no_kind = text.replace("Game 1 portes", "Game 1");
    let error = no_kind.parse::<Record>().unwrap_err();
    assert!(error.to_string().contains("names its game"), "{error}");
}

#[test]
fn other_records_neither_name_a_games_kind_nor_replay_as_tavli() {
    let plakoto = "; [Rules \"standard\"]\n; [Scoring \"standard\"]\n; [Match \"0\"]\n; [X \"a\"]\n; [O \"b\"]\nGame 1 plakoto\nScore X 0 O 0\nOpening 3-5\n";
    let error = plakoto.parse::<Record>().unwrap_err();
    assert!(
        error.to_string().contains("only a Tavli match record"),
        "{error}"
    );
    let record: Record = plakoto.replace("Game 1 plakoto", "Game 1").parse().unwrap();
    assert!(record.replay_tavli().is_err());
    assert!(a_recorded_match().replay_portes().is_err());
}

/// A Tavli match record whose first game (Portes, one real turn) ended as
/// `end` says; the match to 3.
fn a_match_whose_first_game_ended(end: &str) -> String {
    format!(
        "; [Game \"tavli\"]\n; [Rules \"standard\"]\n; [Scoring \"standard\"]\n; [Match \"3\"]\n; [X \"a\"]\n; [O \"b\"]\n\nGame 1 portes\nScore X 0 O 0\nOpening 4-3\n  1 X 4-3: 13/9 13/10\n{end}\n"
    )
}

#[test]
fn an_arena_forfeit_scores_its_points_and_an_unfinished_game_is_followed_as_a_draw() {
    // A fault (2 points): the match goes on, the winner starting game 2.
    let fault = a_match_whose_first_game_ended("Result O forfeit 2");
    let next = format!("{fault}\nGame 2 plakoto\nScore X 0 O 2\nStarts O\n");
    let replay = next.parse::<Record>().unwrap().replay_tavli().unwrap();
    assert_eq!(replay.tavli.score(), [0, 2]);
    assert_eq!(replay.tavli.winner(), None);
    // A forfeited match: the points the winner needed end it (T4).
    let forfeited = a_match_whose_first_game_ended("Result O forfeit 3");
    let replay = forfeited.parse::<Record>().unwrap().replay_tavli().unwrap();
    assert_eq!(replay.tavli.winner(), Some(Side::O));
    // The turn cap: no points, and the next game opens with a roll (T7).
    let capped = a_match_whose_first_game_ended("Result unfinished 0");
    let after_roll = format!("{capped}\nGame 2 plakoto\nScore X 0 O 0\nOpening 6-2\n");
    let replay = after_roll
        .parse::<Record>()
        .unwrap()
        .replay_tavli()
        .unwrap();
    assert_eq!(replay.tavli.score(), [0, 0]);
    let starter = format!("{capped}\nGame 2 plakoto\nScore X 0 O 0\nStarts X\n");
    assert!(starter.parse::<Record>().unwrap().replay_tavli().is_err());
    // A forfeit still names its winner.
    let no_winner = a_match_whose_first_game_ended("Result forfeit 2");
    assert!(
        no_winner
            .parse::<Record>()
            .ok()
            .is_none_or(|r| r.replay_tavli().is_err())
    );
}
