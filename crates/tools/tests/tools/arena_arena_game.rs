//! The tests of `plakoto_tools::arena::arena_game`.

use plakoto_rules::GameKind;
use plakoto_tools::arena::arena_game::*;

#[test]
fn names_read_in_any_case_and_serialize_as_the_games() {
    for game in [
        ArenaGame::Game(GameKind::Portes),
        ArenaGame::Game(GameKind::Plakoto),
        ArenaGame::Game(GameKind::Fevga),
        ArenaGame::Tavli,
    ] {
        assert_eq!(game.to_string().to_uppercase().parse(), Ok(game));
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(json, format!("\"{game}\""));
        assert_eq!(serde_json::from_str::<ArenaGame>(&json).unwrap(), game);
    }
    assert_eq!(
        serde_json::to_string(&ArenaGame::default()).unwrap(),
        "\"plakoto\""
    );
    assert!(serde_json::from_str::<ArenaGame>("\"chess\"").is_err());
    assert_eq!(ArenaGame::Tavli.kind(), None);
    assert_eq!(
        "chess".parse::<ArenaGame>().unwrap_err().to_string(),
        "unknown game 'chess' (portes, plakoto, fevga or tavli)"
    );
}
