//! The tests of `plakoto_tools::bench::table_suite`.

use plakoto_rules::TavliGame;
use plakoto_rules::{Fevga, Portes};
use plakoto_tools::bench::table_suite::*;
use plakoto_tools::games::fevga::FEVGA_SUITE_SEED;

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("plakoto-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

#[test]
fn a_positions_file_gives_its_first_ids_skipping_blanks_and_comments() {
    let game = Portes::default();
    let start = game.start();
    let id = game.position_id(&start);
    let path = temp_file(
        "ids",
        &format!("# gnubg IDs\n\n{id}\n{id}  # again\n{id}\n"),
    );
    let suite = read_positions(&game, &path, 2).expect("reads");
    assert_eq!(suite, vec![start, start]);
    std::fs::remove_file(path).ok();
}

#[test]
fn a_bad_line_is_named() {
    let path = temp_file("bad", "4HPwATDgc/ABMA\nnot-an-id\n");
    let error = read_positions(&Portes::default(), &path, 5)
        .unwrap_err()
        .to_string();
    assert!(error.contains("line 2: 'not-an-id'"), "{error}");
    // A Portes ID is no Fevga position (15 checkers on one point each).
    let error = read_positions(&Fevga::default(), &path, 5)
        .unwrap_err()
        .to_string();
    assert!(error.contains("line 1: '4HPwATDgc/ABMA'"), "{error}");
    std::fs::remove_file(path).ok();
}

#[test]
fn the_suite_is_seeded_and_holds_games_in_progress() {
    let game = Fevga::default();
    let suite = table_suite(game, FEVGA_SUITE_SEED, 20, 6);
    assert_eq!(suite.len(), 20);
    assert_eq!(suite, table_suite(game, FEVGA_SUITE_SEED, 20, 6));
    assert!(suite.iter().all(|p| game.result(p).is_none()));
    assert!(suite.iter().any(|p| *p != game.start()));
}
