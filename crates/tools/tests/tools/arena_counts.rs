//! The tests of `plakoto_tools::arena::counts`.

use plakoto_records::record::Ending;
use plakoto_records::record::Roll;
use plakoto_rules::ResultKind;
use plakoto_rules::Side;
use plakoto_tools::arena::counts::*;
use plakoto_tools::arena::record::Contestant;
use plakoto_tools::arena::record::GameRecord;
use plakoto_tools::arena::turn::{Turn, TurnPlay};

fn game(a_side: Side, first: Side, winner: Option<Contestant>, kind: Ending) -> GameRecord {
    GameRecord {
        unit: 0,
        game: 0,
        a_side,
        kind,
        winner,
        points: 1,
        a_points: 0,
        fault: None,
        score: [0, 0],
        unit_over: true,
        turns: 1,
        opening: vec![(6, 5)],
        moves: vec![Turn {
            side: first,
            roll: Roll::Dice([6, 5]),
            play: TurnPlay::Played("24/18 24/19".into()),
        }],
        think_ms: [0.0; 2],
        decisions: [0; 2],
        game_kind: None,
    }
}

#[test]
fn wins_are_counted_by_the_side_that_moved_first() {
    let single = Ending::Board(ResultKind::Single);
    let double = Ending::Board(ResultKind::Double);
    let mut counts = StarterCounts::default();
    // A plays X and starts, A wins: a starter's win.
    counts.add(&game(Side::X, Side::X, Some(Contestant::A), single));
    // A plays O, X starts, B (X) wins: a starter's win too.
    counts.add(&game(Side::O, Side::X, Some(Contestant::B), double));
    // A plays O, X starts, A (O) wins: the other side's.
    counts.add(&game(Side::O, Side::X, Some(Contestant::A), double));
    counts.add(&game(
        Side::X,
        Side::O,
        None,
        Ending::Board(ResultKind::Draw),
    ));
    let mut no_turn = game(Side::X, Side::X, Some(Contestant::A), Ending::Forfeit);
    no_turn.moves.clear();
    counts.add(&no_turn);
    assert_eq!(
        (counts.starter_wins.single, counts.starter_wins.double),
        (1, 1)
    );
    assert_eq!(
        (counts.other_wins.double, counts.other_wins.total()),
        (1, 1)
    );
    assert_eq!(counts.draws, 1);
    assert!(
        counts
            .to_text()
            .starts_with("starter wins 2 (single 1 double 1")
    );
}
