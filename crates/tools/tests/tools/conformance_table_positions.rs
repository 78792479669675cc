//! The tests of `plakoto_tools::conformance::table_positions`.

use plakoto_rules::portes::PortesMatchId;
use plakoto_rules::{Fevga, Portes};
use plakoto_tools::ToolsGame;
use plakoto_tools::conformance::table_positions::*;

/// The IDs of every sample read back into the same game state.
fn ids_read_back<G: ToolsGame>(samples: &[TableSample<G>]) {
    for s in samples {
        let game = s.table.game();
        let position = game.parse_position_id(&s.position_id).unwrap();
        assert_eq!(&position, s.table.position());
        let id: PortesMatchId = s.match_id.parse().unwrap();
        assert_eq!(id.dice, s.table.dice());
        assert_eq!(id.turn, s.table.on_roll());
    }
    assert!(samples.iter().any(|s| s.match_id != samples[0].match_id));
}

#[test]
fn portes_samples_have_dice_rolls_bars_and_matches() {
    let samples = table_samples::<Portes>(200, 1);
    assert_eq!(samples.len(), 200);
    assert!(samples.iter().any(TableSample::to_play));
    assert!(samples.iter().any(|s| !s.to_play()));
    assert!(samples.iter().any(|s| s.to_play() && s.notable()));
    ids_read_back(&samples);
}

#[test]
fn fevga_samples_have_runners_and_released_sides() {
    let samples = table_samples::<Fevga>(200, 1);
    assert!(samples.iter().any(|s| s.to_play() && s.notable()));
    assert!(samples.iter().any(|s| s.to_play() && !s.notable()));
    ids_read_back(&samples);
    // Every legal play written resolves to its own result.
    let s = samples.iter().find(|s| s.to_play()).unwrap();
    let game = s.table.game();
    assert!(!s.legal_results(&game).is_empty());
    assert!(s.resolve(&game, "nonsense").is_err());
}
