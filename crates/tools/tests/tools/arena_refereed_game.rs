//! The tests of `plakoto_tools::arena::refereed_game`.

use plakoto_rules::TavliGame;
use plakoto_rules::fevga::FevgaRules;
use plakoto_rules::{Fevga, Portes};
use plakoto_tools::games::fevga::fevga_switch_commands;

#[test]
fn only_switches_off_their_defaults_are_sent() {
    assert!(fevga_switch_commands(&FevgaRules::default()).is_empty());
    let rules: FevgaRules = "fevga.release=reach_quarter prime_rule=none"
        .parse()
        .unwrap();
    assert_eq!(
        fevga_switch_commands(&rules),
        [
            "set fevga.release reach_quarter",
            "set fevga.prime_rule none"
        ]
    );
    assert_eq!(
        Fevga::new(rules).switch_words().as_deref(),
        Some(
            "fevga.release=reach_quarter fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=none"
        )
    );
    assert_eq!(Portes::default().switch_words(), None);
}
