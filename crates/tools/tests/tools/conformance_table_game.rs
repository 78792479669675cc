//! The tests of `plakoto_tools::conformance::table_game`: Portes' and
//! Fevga's `ToolsGame` impls.

use plakoto_rules::fevga::Release;
use plakoto_rules::{Fevga, Portes};
use plakoto_tools::ToolsGame;

#[test]
fn every_fevga_switch_value_off_its_default_is_a_variant() {
    let variants = Fevga::default().switch_variants();
    // 1 release, 3 quarter rules, 1 timing, 3 prime rules.
    assert_eq!(variants.len(), 8);
    let first = &variants[0];
    assert_eq!(first.name, "fevga.release=reach_quarter");
    assert_eq!(first.set, "set fevga.release reach_quarter");
    assert_eq!(first.reset, "set fevga.release past_start");
    assert_eq!(first.game.rules.release, Release::ReachQuarter);
    assert!(Portes::default().switch_variants().is_empty());
}

#[test]
fn the_witnesses_tell_their_switches_apart() {
    use plakoto_rules::{Dice, TavliGame};
    let default = Fevga::default();
    let results = |game: &Fevga, text: &str, dice: [u8; 2]| {
        let position = game.parse_board_text(text).expect(text);
        let mut list = Default::default();
        let dice = Dice::new(dice[0], dice[1]).unwrap();
        game.generate(&mut game.generator(), &position, dice, &mut list);
        let mut after: Vec<String> = game
            .plays(&list)
            .iter()
            .map(|p| game.position_id(&game.after(p)))
            .collect();
        after.sort();
        after
    };
    let told_apart: Vec<String> = default
        .switch_variants()
        .iter()
        .filter(|v| {
            default
                .switch_witnesses()
                .iter()
                .any(|&(text, dice)| results(&v.game, text, dice) != results(&default, text, dice))
        })
        .map(|v| v.name.clone())
        .collect();
    for name in [
        "fevga.release=reach_quarter",
        "fevga.quarter_check=end_of_play",
        "fevga.prime_rule=none",
        "fevga.prime_rule=unblock_if_frozen",
    ] {
        assert!(
            told_apart.iter().any(|n| n == name),
            "{name}: {told_apart:?}"
        );
    }
}
