//! Plays step by step (`Play::step_details`, `next_steps`): what each
//! step did, and which single steps may follow some steps already made,
//! named after the rules they follow.

use plakoto_rules::{
    Dice, IllegalPlay, MoveGenerator, NextSteps, Numbers, ParsedPlay, PlayList, Point, Position,
    Variant, format_play, next_steps, parse_board_text,
};

fn pos(text: &str) -> Position {
    parse_board_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn numbers(a: u8, b: u8, variant: Variant) -> Numbers {
    Dice::new(a, b).unwrap().numbers(variant)
}

fn after(p: &Position, n: &Numbers, made: &str) -> Result<NextSteps, IllegalPlay> {
    let written: ParsedPlay = made.parse().expect("notation parses");
    next_steps(p, n, &written)
}

/// The next steps as `from/to (die)`, `*` for a pin.
fn listed(s: &NextSteps) -> Vec<String> {
    let mut v: Vec<String> = s
        .next
        .iter()
        .map(|d| {
            let to = d.to.map_or("off".to_string(), |t| t.to_string());
            format!(
                "{}/{to}{} ({})",
                d.from,
                if d.pins { "*" } else { "" },
                d.die
            )
        })
        .collect();
    v.sort();
    v
}

fn point(n: u8) -> Point {
    Point::new(n).unwrap()
}

#[test]
fn r8_steps_of_a_hop_show_the_temporary_pin_and_its_release() {
    // Its blot on our 18: 24/18*/13 pins it on the way and frees it.
    let p = pos("24:15 / 24:14 7:1");
    let n = numbers(6, 5, Variant::Standard);
    let mut list = PlayList::default();
    MoveGenerator::default().generate(&p, &n, &mut list);
    let written: ParsedPlay = "24/18*/13".parse().unwrap();
    let target = written.resulting_position(&p).unwrap();
    let play = list.find(&target).expect("legal");
    let steps = play.step_details(&p);
    assert_eq!(steps.len(), 2);
    assert_eq!(format_play(&p, play), "24/13");
    let via_18 = steps[0].to == Some(point(18));
    if via_18 {
        assert!(steps[0].pins && !steps[0].frees);
        assert!(!steps[1].pins && steps[1].frees);
    } else {
        assert!(steps.iter().all(|d| !d.pins && !d.frees));
    }
}

#[test]
fn r8_r6_next_steps_after_a_pinning_step() {
    let p = pos("24:15 / 24:14 7:1");
    let n = numbers(6, 5, Variant::Standard);
    let s = after(&p, &n, "24/18*").unwrap();
    assert_eq!(s.made.len(), 1);
    assert!(s.made[0].pins);
    assert_eq!(s.numbers_left, vec![5]);
    assert!(!s.can_end);
    assert_eq!(listed(&s), vec!["18/13 (5)", "24/19 (5)"]);
    let step = s.next.iter().find(|d| d.from == point(18)).unwrap();
    assert!(step.frees);
    // Both numbers used: the turn may end and nothing follows.
    let done = after(&p, &n, "24/18* 18/13").unwrap();
    assert!(done.can_end && done.next.is_empty());
}

#[test]
fn r10_no_steps_made_lists_both_dice_of_a_pair() {
    let p = Position::initial();
    let n = numbers(6, 5, Variant::Standard);
    let s = after(&p, &n, "").unwrap();
    assert_eq!(s.numbers_left, vec![6, 5]);
    assert_eq!(listed(&s), vec!["24/18 (6)", "24/19 (5)"]);
    assert!(!s.can_end);
}

#[test]
fn r10_decision_next_steps_follow_the_ending_play_ruling() {
    // docs/rules.md R10 example: only 5/1* is legal, so the only next step is
    // it, and the pass (no step) may not end the turn.
    let p = pos("24:1* 5:1 4:2 2:11 / 24:1 14:1 7:1 3:1 2:4 1:7");
    let n = numbers(5, 4, Variant::Standard);
    let s = after(&p, &n, "").unwrap();
    assert_eq!(listed(&s), vec!["5/1* (4)"]);
    assert!(!s.can_end);
    let ended = after(&p, &n, "5/1*").unwrap();
    assert!(ended.can_end && ended.next.is_empty());
}

#[test]
fn r10_a_step_that_leads_to_no_legal_play_is_refused() {
    // Its block on our 12 and 13 leave 6/2 alone with the 4 (one number)
    // beside the two-number mother win 11/7/1*: 6/2 is part of no legal play.
    let p = pos("11:1 6:1 / 24:1 21:1 20:2 17:1 13:1 12:4 10:1 4:3 3:1");
    let n = numbers(6, 4, Variant::Standard);
    assert_eq!(after(&p, &n, "6/2"), Err(IllegalPlay::NotAPrefix));
    let s = after(&p, &n, "11/7").unwrap();
    assert_eq!(listed(&s), vec!["7/1* (6)"]);
}

#[test]
fn r10_higher_die_rule_in_next_steps() {
    // R10: only one die can be played, so it must be the higher: 10/9
    // alone is part of no legal play (see the R10 test in rules.rs).
    let p = pos("24:14 10:1 / 24:9 22:2 7:2 2:2");
    let n = numbers(6, 1, Variant::Standard);
    let s = after(&p, &n, "").unwrap();
    assert_eq!(listed(&s), vec!["10/4 (6)"]);
    assert_eq!(after(&p, &n, "10/9"), Err(IllegalPlay::NotAPrefix));
    assert!(after(&p, &n, "10/4").unwrap().can_end);
}

#[test]
fn r12_r13_bearing_off_steps() {
    // All home (R12): the 6 bears off from 6, the 5 from 5 (R13); 6/1 is
    // blocked by its 15 checkers on our 1.
    let p = pos("6:1 5:1 / 24:15");
    let n = numbers(6, 5, Variant::Standard);
    let s = after(&p, &n, "").unwrap();
    assert_eq!(listed(&s), vec!["5/off (5)", "6/off (6)"]);
    let s = after(&p, &n, "6/off").unwrap();
    assert_eq!(listed(&s), vec!["5/off (5)"]);
    // With the 5 borne off first, the 6 still bears off from 6.
    let s = after(&p, &n, "5/off").unwrap();
    assert_eq!(listed(&s), vec!["6/off (6)"]);
}

#[test]
fn r20_express_steps_follow_the_order_of_the_numbers() {
    // Express 5-5: four 5s, then four 6s, in that order.
    let p = Position::initial();
    let n = numbers(5, 5, Variant::Express);
    let s = after(&p, &n, "24/19").unwrap();
    assert_eq!(s.numbers_left, vec![5, 5, 5, 6, 6, 6, 6]);
    assert!(s.next.iter().all(|d| d.die.pips() == 5));
    assert!(after(&p, &n, "24/18").is_err());
}
