//! Portes records (records.md): a game played through the game layer
//! written as a record, read back in text and JSON and replayed to the
//! same game; a damaged record refused with its line; the analysis of a
//! Portes game (a row a turn, no loss for the search's own plays) and its
//! HTML report with the board and its bar.

use plakoto_engine::game::{GameSearch, PortesHeuristicEvaluator};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_records::analysis::table::analyse_game;
use plakoto_records::record::{GameEnd, Header, Record, RecordedGame, Roll, Start, Turn};
use plakoto_rules::Portes;
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{Opening, TableGame, TavliGames};
use plakoto_rules::{Dice, GameKind, Phase};
use rand::SeedableRng;

/// A Portes game of `turns` turns at most, each play the search's best at
/// `plies` (or, every `worst_every`-th turn, its worst), as a record.
fn played_record(
    seed: u64,
    turns: usize,
    plies: u8,
    worst_every: usize,
) -> (Record, TableGame<Portes>) {
    let portes = Portes::new(PortesScoring::Triple);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut table = TableGame::new(portes, Opening::Greek);
    let (_, rolls) = table.roll_opening(&mut rng).unwrap();
    let mut game = RecordedGame::new(
        [0, 0],
        Start::Opening(rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect()),
    );
    let mut search = GameSearch::<Portes>::new();
    let settings = SearchSettings::default();
    for n in 0..turns {
        if table.phase() == Phase::Over {
            break;
        }
        let dice: Dice = table.roll(&mut rng).unwrap();
        let ranking = search.rank(
            &portes,
            &PortesHeuristicEvaluator,
            table.position(),
            dice,
            &settings,
            SearchLimits::plies(plies),
        );
        let worst = worst_every > 0 && n % worst_every == worst_every - 1;
        let chosen = if worst {
            ranking.plays.last()
        } else {
            ranking.plays.first()
        };
        let play = chosen.expect("a play").play;
        let side = table.on_roll();
        let report = table.play(&play);
        game.turns.push(Turn {
            side,
            roll: Roll::Dice([dice.0.pips(), dice.1.pips()]),
            play: report.notation,
            line: 0,
        });
        if let Some(result) = report.result {
            game.end = Some(GameEnd::of(&result));
        }
    }
    let header = Header {
        game: GameKind::Portes,
        games: TavliGames::default().with(Portes::new(PortesScoring::Triple)),
        x: "search".into(),
        o: "search".into(),
        seed: Some(seed),
        ..Header::default()
    };
    let mut record = Record::new(header);
    record.games.push(game);
    (record, table)
}

#[test]
fn a_portes_record_reads_back_in_text_and_json_and_replays_to_the_same_game() {
    let (record, table) = played_record(5, 400, 0, 0);
    assert!(
        record.games[0].end.is_some(),
        "the game was played to its end"
    );
    let text = record.to_string();
    assert!(text.starts_with("; Portes game record, format 1\n; [Game \"portes\"]\n; [Scoring \"triple\"]\n; [Opening \"greek\"]\n"), "{text}");
    assert!(!text.contains("[Rules"), "{text}");
    let from_text: Record = text.parse().expect("the text reads");
    assert_eq!(from_text.to_string(), text);
    let json = record.to_json();
    assert!(json.contains("\"game\": \"portes\""), "{json}");
    assert!(!json.contains("\"rules\""), "{json}");
    let from_json = Record::read(&json).expect("the JSON reads");
    assert_eq!(from_json, record);
    for read in [&from_text, &from_json] {
        let replay = read.replay_portes().expect("it replays");
        assert_eq!(replay.game.position(), table.position());
        assert_eq!(replay.game.result(), table.result());
        let points = table.result().unwrap().points;
        assert_eq!(replay.score.score.iter().sum::<u32>(), u32::from(points));
        assert_eq!(replay.turns.len(), record.turn_count());
    }
    // A Portes record is no Plakoto record.
    let error = record.replay().unwrap_err();
    assert!(error.to_string().contains("a record of portes"), "{error}");
}

#[test]
fn a_damaged_portes_record_is_refused_with_its_line() {
    let (record, _) = played_record(6, 10, 0, 0);
    let text = record.to_string();
    let (index, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim_start().starts_with("4 "))
        .expect("a fourth turn");
    let (head, _) = line.split_once(':').unwrap();
    let damaged: Record = text
        .replace(line, &format!("{head}: 24/23 24/22 24/21 24/20"))
        .parse()
        .expect("still a record by its form");
    let error = damaged.replay_portes().unwrap_err();
    assert_eq!(error.line, Some(index + 1), "{error}");
    assert!(error.to_string().contains("the play is refused"), "{error}");
    // A Plakoto rules header in a Portes record is refused at its line.
    let with_rules = text.replace(
        "; [Opening \"greek\"]",
        "; [Opening \"greek\"]\n; [Rules \"standard\"]",
    );
    let error = with_rules.parse::<Record>().unwrap_err();
    assert_eq!(error.line, Some(5), "{error}");
}

#[test]
fn the_analysis_of_a_portes_game_has_a_row_a_turn_and_no_loss_for_the_best_plays() {
    let (record, _) = played_record(7, 16, 1, 0);
    let settings = SearchSettings::default();
    let analysis = analyse_game::<Portes>(&record, &PortesHeuristicEvaluator, &settings, 1, &|| {})
        .expect("it analyses");
    assert_eq!(analysis.turns.len(), record.turn_count());
    assert_eq!(analysis.game, GameKind::Portes);
    for t in &analysis.turns {
        assert_eq!(t.loss, 0.0, "{t:?}");
        assert_eq!(t.played, t.best, "{t:?}");
        assert!(t.luck.is_some());
    }
    assert!(analysis.players.iter().all(|p| p.total_loss == 0.0));
}

#[test]
fn the_html_report_of_a_portes_game_draws_its_marked_plays_with_the_bar() {
    let (record, _) = played_record(9, 24, 0, 3);
    let settings = SearchSettings::default();
    let analysis = analyse_game::<Portes>(&record, &PortesHeuristicEvaluator, &settings, 0, &|| {})
        .expect("it analyses");
    let marked = analysis.turns.iter().filter(|t| t.boards.is_some()).count();
    assert!(marked > 0, "the worst plays are marked");
    let html = plakoto_records::analysis::html::report(&analysis, "Portes");
    assert_eq!(html.matches("<rect class=\"bar\"").count(), 2 * marked);
    assert!(html.contains("<title>bar: "));
    // The Plakoto board script is not asked to draw a Portes board.
    assert!(!html.contains("data-position="));
    let text = plakoto_records::analysis::report::text_lines(&analysis);
    assert_eq!(text.len(), 1 + 1 + analysis.turns.len() + 2);
}

/// The arena writes a game an engine could not start (a forfeit before
/// the opening roll, or no result when neither could) with an `Opening`
/// line of no roll: it reads, writes back the same and replays, Portes'
/// and Plakoto's alike, and the next game of a match starts by the
/// winner; an opening line that is no roll is still refused.
#[test]
fn a_game_ended_before_its_opening_roll_reads_and_replays() {
    let portes = "; [Game \"portes\"]\n; [Scoring \"standard\"]\n; [Match \"3\"]\n; [X \"a\"]\n; [O \"b\"]\n\n\
                  Game 1\nScore X 0 O 0\nOpening\nResult O forfeit 2\n\n\
                  Game 2\nScore X 0 O 2\nStarts O\n  1 O 6-5: 24/13\nResult X forfeit 2\n";
    let record: Record = portes.parse().expect("an opening of no roll reads");
    assert_eq!(record.games[0].start, Start::Opening(Vec::new()));
    let text = record.to_string();
    assert!(text.contains("\nOpening\nResult O forfeit 2\n"), "{text}");
    assert_eq!(text.parse::<Record>().unwrap().to_string(), text);
    let replay = record.replay_portes().expect("it replays");
    assert_eq!(replay.score.score, [2, 2]);
    let plakoto = "; [Rules \"standard\"]\n; [Scoring \"standard\"]\n; [Match \"0\"]\n\
                   ; [X \"a\"]\n; [O \"b\"]\n\nGame 1\nScore X 0 O 0\nOpening\nResult unfinished 0\n";
    let record: Record = plakoto.parse().expect("an opening of no roll reads");
    let replay = record.replay().expect("it replays");
    assert_eq!(replay.ends.len(), 1);
    let bad = plakoto.replace("Opening\n", "Opening 3\n");
    let error = bad.parse::<Record>().unwrap_err();
    assert!(error.to_string().contains("an opening line is"), "{error}");
}
