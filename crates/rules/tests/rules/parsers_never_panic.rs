//! Arbitrary text never makes the rules core's parsers panic, and any play
//! that parses is either resolved to a legal play or refused with a reason.

use plakoto_rules::{
    Dice, MatchId, MoveGenerator, ParsedPlay, PlayList, Position, Variant, parse_board_text,
    parse_position_id, resolve_play,
};
use proptest::prelude::*;

/// Text built from the characters these formats use, so that many inputs
/// get deep into the parsers rather than failing on the first character.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[0-9/ *()offOFbar,:\\-]{0,40}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn position_id_parser_never_panics(s in "\\PC{0,24}", b in "[A-Za-z0-9+/]{16}") {
        let _ = parse_position_id(&s);
        if let Ok(p) = parse_position_id(&b) {
            prop_assert_eq!(plakoto_rules::position_id(&p), b);
        }
    }

    #[test]
    fn match_id_parser_never_panics(s in "\\PC{0,12}", b in "[A-Za-z0-9+/]{8}") {
        let _ = s.parse::<MatchId>();
        if let Ok(m) = b.parse::<MatchId>() {
            prop_assert_eq!(m.to_string(), b);
        }
    }

    #[test]
    fn board_text_parser_never_panics(s in "[0-9: /*offOF,\\-]{0,60}") {
        if let Ok(p) = parse_board_text(&s) {
            prop_assert_eq!(parse_board_text(&plakoto_rules::to_board_text(&p)).unwrap(), p);
        }
    }

    #[test]
    fn written_plays_resolve_or_are_refused(s in notation_like(), a in 1u8..=6, b in 1u8..=6, express: bool) {
        let variant = if express { Variant::Express } else { Variant::Standard };
        let dice = Dice::new(a, b).unwrap();
        if a == b && a < 4 && express {
            return Ok(()); // huge lists; covered by the R20 tests
        }
        let start = Position::initial();
        let numbers = dice.numbers(variant);
        let mut list = PlayList::default();
        MoveGenerator::default().generate(&start, &numbers, &mut list);
        if let Ok(parsed) = s.parse::<ParsedPlay>() {
            match resolve_play(&start, &numbers, &list, &parsed) {
                Ok(play) => prop_assert!(list.find(&play.position).is_some()),
                Err(why) => prop_assert!(!why.to_string().is_empty()),
            }
        }
    }
}

fn midgame() -> &'static [Position] {
    static SUITE: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    SUITE.get_or_init(|| plakoto_rules::sampling::midgame_suite(99, 300, 4))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5000, ..ProptestConfig::default() })]

    /// Random movements on random mid-game positions: resolved plays are
    /// legal, refused ones say why, nothing panics.
    #[test]
    fn random_moves_on_midgame_positions(
        index in 0usize..300,
        a in 1u8..=6,
        b in 1u8..=6,
        moves in proptest::collection::vec((1u8..=24, 0u8..24), 0..5),
    ) {
        let start = midgame()[index];
        let numbers = Dice::new(a, b).unwrap().numbers(Variant::Standard);
        let mut list = PlayList::default();
        MoveGenerator::default().generate(&start, &numbers, &mut list);
        let parsed = ParsedPlay { moves: moves.into_iter().map(|(f, t)| (f, t % f)).collect() };
        match resolve_play(&start, &numbers, &list, &parsed) {
            Ok(play) => prop_assert!(list.find(&play.position).is_some()),
            Err(why) => prop_assert!(!why.to_string().is_empty()),
        }
    }
}

/// The Portes parsers, through the game layer where it has them.
mod portes {
    use plakoto_rules::Portes;
    use plakoto_rules::portes::{
        PortesMatchId, PortesPosition, parse_portes_board_text, parse_portes_position_id,
        portes_position_id,
    };
    use plakoto_rules::{Dice, TavliGame};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        #[test]
        fn portes_ids_never_panic(s in "\\PC{0,16}", p in "[A-Za-z0-9+/]{14}", m in "[A-Za-z0-9+/]{12}") {
            let _ = parse_portes_position_id(&s);
            let _ = s.parse::<PortesMatchId>();
            if let Ok(position) = parse_portes_position_id(&p) {
                prop_assert_eq!(portes_position_id(&position), p);
            }
            if let Ok(id) = m.parse::<PortesMatchId>() {
                prop_assert_eq!(id.to_string().parse::<PortesMatchId>(), Ok(id));
            }
        }

        #[test]
        fn portes_board_text_never_panics(s in "[0-9: /*offOFbar,\\-]{0,60}") {
            if let Ok(p) = parse_portes_board_text(&s) {
                let text = plakoto_rules::portes::portes_board_text(&p);
                prop_assert_eq!(parse_portes_board_text(&text), Ok(p));
            }
        }

        #[test]
        fn portes_written_plays_resolve_or_are_refused(
            s in super::notation_like(),
            a in 1u8..=6,
            b in 1u8..=6,
        ) {
            let game = Portes::default();
            let start = PortesPosition::start();
            let dice = Dice::new(a, b).unwrap();
            let mut list = Default::default();
            game.generate(&mut game.generator(), &start, dice, &mut list);
            match game.resolve_play(&start, dice, &list, &s) {
                Ok(play) => prop_assert!(game.plays(&list).iter().any(|p| p.position == play.position)),
                Err(why) => prop_assert!(!why.to_string().is_empty()),
            }
        }
    }
}

/// The Fevga parsers: Position IDs, board texts and written plays.
mod fevga {
    use plakoto_rules::Fevga;
    use plakoto_rules::fevga::{
        FevgaPosition, fevga_board_text, fevga_position_id, parse_fevga_board_text,
        parse_fevga_notation, parse_fevga_position_id,
    };
    use plakoto_rules::{Dice, TavliGame};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        #[test]
        fn fevga_position_ids_never_panic(s in "\\PC{0,16}", p in "[A-Za-z0-9+/]{14}") {
            let _ = parse_fevga_position_id(&s);
            if let Ok(position) = parse_fevga_position_id(&p) {
                prop_assert_eq!(fevga_position_id(&position), p);
            }
        }

        #[test]
        fn fevga_board_text_never_panics(s in "[0-9: /offOF\\-]{0,60}") {
            if let Ok(p) = parse_fevga_board_text(&s) {
                prop_assert_eq!(parse_fevga_board_text(&fevga_board_text(&p)), Ok(p));
            }
        }

        #[test]
        fn fevga_notation_never_panics(s in "\\PC{0,40}") {
            let _ = parse_fevga_notation(&s);
        }

        #[test]
        fn fevga_written_plays_resolve_or_are_refused(
            s in super::notation_like(),
            a in 1u8..=6,
            b in 1u8..=6,
        ) {
            let game = Fevga::default();
            let start = FevgaPosition::start();
            let dice = Dice::new(a, b).unwrap();
            let mut list = Default::default();
            game.generate(&mut game.generator(), &start, dice, &mut list);
            match game.resolve_play(&start, dice, &list, &s) {
                Ok(play) => prop_assert!(game.plays(&list).iter().any(|p| p.position == play.position)),
                Err(why) => prop_assert!(!why.to_string().is_empty()),
            }
        }
    }
}
