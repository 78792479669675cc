//! Fevga's written forms: the Position ID and the board text round-trip
//! on random positions (games and the reference's constructions) and
//! refuse what is wrong; the notation reads and writes paths, and every
//! play of every roll on those positions reads back as itself
//! (`format_fevga_play` then `resolve_fevga_play`).

use plakoto_rules::Dice;
use plakoto_rules::fevga::{
    FEVGA_ID_LEN, FevgaIdError, FevgaMoveGenerator, FevgaNotationError, FevgaPlayList,
    FevgaPosition, FevgaPositionError, FevgaRules, fevga_board_text, fevga_position_id,
    parse_fevga_board_text, parse_fevga_notation, parse_fevga_position_id,
};

use crate::fevga_common::{check_list, fevga, legal, named};
use crate::fevga_reference::random_boards;

#[test]
fn f2_position_ids_round_trip_on_random_positions() {
    for board in random_boards(11, 20_000) {
        let position = board.position();
        let id = fevga_position_id(&position);
        assert_eq!(id.len(), FEVGA_ID_LEN);
        assert_eq!(parse_fevga_position_id(&id), Ok(position), "{id}");
        // The side on roll is part of the ID.
        let flipped = position.flipped();
        if flipped != position {
            assert_ne!(fevga_position_id(&flipped), id);
        }
    }
}

#[test]
fn f2_position_ids_name_the_start_and_refuse_what_is_wrong() {
    let start = FevgaPosition::start();
    assert_eq!(fevga_position_id(&start), "AACA/z8AAMD/Hw");
    assert_eq!(parse_fevga_position_id(" AACA/z8AAMD/Hw "), Ok(start));
    // After 24/13 the opponent is on roll: its own numbering comes second.
    let list = legal(&start, 6, 5);
    let next = named(&start, &list, "24/13").position.flipped();
    let id = fevga_position_id(&next);
    assert_ne!(id, "AACA/z8AAMD/Hw");
    assert_eq!(parse_fevga_position_id(&id), Ok(next));
    assert_eq!(
        parse_fevga_position_id("AACA/z8AAMD/H"),
        Err(FevgaIdError::Length(13))
    );
    assert_eq!(
        parse_fevga_position_id("AACA/z8AAMD/H!"),
        Err(FevgaIdError::NotBase64('!'))
    );
    // Padding bits set; more than 15 checkers for either side.
    assert_eq!(
        parse_fevga_position_id("//////////////"),
        Err(FevgaIdError::PaddingSet)
    );
    assert_eq!(
        parse_fevga_position_id(&fevga_position_id_of(&[(24, 16)], &[(24, 14)])),
        Err(FevgaIdError::TooManyCheckers { on_roll: false })
    );
    assert_eq!(
        parse_fevga_position_id(&fevga_position_id_of(&[(24, 14)], &[(24, 16)])),
        Err(FevgaIdError::TooManyCheckers { on_roll: true })
    );
    // Both sides' checkers on one point: the start's lists with the side
    // not on roll moved to its own 12-point, the other side's 24.
    let clash = fevga_position_id_of(&[(12, 15)], &[(24, 15)]);
    assert_eq!(
        parse_fevga_position_id(&clash),
        Err(FevgaIdError::Position(FevgaPositionError::SharedPoint(24)))
    );
}

/// An ID written straight from two lists in each side's own numbering
/// (the side on roll's second), whether or not they form a position.
fn fevga_position_id_of(not_on_roll: &[(u8, u8)], on_roll: &[(u8, u8)]) -> String {
    let mut bits = Vec::new();
    for list in [not_on_roll, on_roll] {
        for p in 1..=24u8 {
            let n = list.iter().find(|&&(q, _)| q == p).map_or(0, |&(_, n)| n);
            bits.extend(std::iter::repeat_n(true, usize::from(n)));
            bits.push(false);
        }
    }
    let mut key = [0u8; 10];
    for (i, &bit) in bits.iter().enumerate() {
        if bit {
            key[i / 8] |= 1 << (i % 8);
        }
    }
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::new();
    let mut acc = 0u32;
    let mut held = 0;
    for byte in key {
        acc = acc << 8 | u32::from(byte);
        held += 8;
        while held >= 6 {
            held -= 6;
            text.push(ALPHABET[(acc >> held & 63) as usize] as char);
        }
    }
    if held > 0 {
        text.push(ALPHABET[(acc << (6 - held) & 63) as usize] as char);
    }
    text
}

#[test]
fn f2_the_hand_written_id_encoder_agrees_with_the_crates_on_the_start() {
    // Checks the helper above, so that the clash test means what it says.
    assert_eq!(
        fevga_position_id_of(&[(24, 15)], &[(24, 15)]),
        "AACA/z8AAMD/Hw"
    );
}

#[test]
fn f2_board_text_round_trips_and_refuses_what_is_wrong() {
    for board in random_boards(12, 20_000) {
        let position = board.position();
        let text = fevga_board_text(&position);
        assert_eq!(parse_fevga_board_text(&text), Ok(position), "{text}");
    }
    let p = fevga(&[(6, 3), (1, 2)], &[]);
    assert_eq!(fevga_board_text(&p), "6:3 1:2 / -");
    assert_eq!(parse_fevga_board_text("6:3 1:2 off:10 / -"), Ok(p));
    for bad in [
        "24:15",
        "24:16 / -",
        "25:1 / -",
        "0:1 / -",
        "6:1 6:1 / -",
        "6:1 off:3 / -",
        "24:15 / 12:15",
        "- / -",
        "x / -",
        " / -",
        "bar:1 24:14 / 24:15",
    ] {
        assert!(parse_fevga_board_text(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn fevga_notation_reads_paths_with_every_landing() {
    for text in [
        "24/18/13",
        "9/4",
        "6/off",
        "24/21(2)",
        "24/19/14/9 24/19",
        "3/1/off",
    ] {
        let moves = parse_fevga_notation(text).unwrap();
        let back: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(back.join(" "), text);
    }
    let runner = &parse_fevga_notation("24/18/13").unwrap()[0];
    assert_eq!(runner.from.number(), 24);
    let landings: Vec<Option<u8>> = runner
        .landings
        .iter()
        .map(|l| l.map(|p| p.number()))
        .collect();
    assert_eq!(landings, vec![Some(18), Some(13)]);
    assert!(parse_fevga_notation("pass").unwrap().is_empty());
    // No bar and no hits in Fevga (F1).
    for bad in ["bar/22", "13/7*", "25/20", "x", "", "13/", "24/21(5)"] {
        assert!(
            matches!(
                parse_fevga_notation(bad),
                Err(FevgaNotationError::Syntax(_))
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn fevga_notation_names_a_play_by_where_its_checkers_end() {
    let start = FevgaPosition::start();
    let list = legal(&start, 6, 5);
    // Either route, or none, names the one play of F15(a).
    for text in ["24/18/13", "24/19/13", "24/13"] {
        assert_eq!(named(&start, &list, text).position, list.plays[0].position);
    }
    // A play that is not legal is refused with a reason.
    let refused = crate::fevga_common::resolve_error(&start, &list, "24/18 24/19");
    assert!(matches!(refused, FevgaNotationError::NotLegal { .. }));
    assert!(!refused.to_string().is_empty());
}

#[test]
fn fevga_every_play_of_every_roll_reads_back_as_itself() {
    let rules = FevgaRules::default();
    let mut generator = FevgaMoveGenerator::default();
    let mut list = FevgaPlayList::default();
    let mut checked = 0;
    for board in random_boards(13, 1_000) {
        let position = board.position();
        for (dice, _) in Dice::all_rolls() {
            generator.generate(&rules, &position, dice, &mut list);
            check_list(&position, &list, &dice.to_string());
            checked += list.plays.len();
        }
    }
    assert!(checked > 100_000, "{checked} plays");
}
