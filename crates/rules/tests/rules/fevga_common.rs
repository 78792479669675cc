//! Helpers for the Fevga tests: positions from each side's own lists,
//! the legal plays of a roll under given switches — every list checked
//! on the way for R11 (each position once) and for the notation round
//! trip (`format_fevga_play` then `resolve_fevga_play` names the same
//! play) — and the plays written out.
#![allow(dead_code)]

use std::collections::HashSet;

use plakoto_rules::Dice;
use plakoto_rules::fevga::{
    FevgaMoveGenerator, FevgaNotationError, FevgaPlay, FevgaPlayList, FevgaPosition, FevgaRules,
    format_fevga_play, resolve_fevga_play,
};

/// A position from (point, count) lists, each side in its **own**
/// numbering (F2); checkers not listed are borne off.
pub fn fevga(own: &[(u8, u8)], opponent: &[(u8, u8)]) -> FevgaPosition {
    let side = |list: &[(u8, u8)]| {
        let mut s = [0u8; 24];
        for &(p, c) in list {
            s[usize::from(p) - 1] += c;
        }
        s
    };
    FevgaPosition::from_sides(side(own), side(opponent)).expect("a valid Fevga position")
}

/// The legal plays of `a`-`b` under `rules`, after checking that every
/// play's position is listed once and that every play's notation resolves
/// back to it.
pub fn legal_with(rules: &FevgaRules, position: &FevgaPosition, a: u8, b: u8) -> FevgaPlayList {
    let mut out = FevgaPlayList::default();
    FevgaMoveGenerator::default().generate(rules, position, Dice::new(a, b).unwrap(), &mut out);
    check_list(position, &out, &format!("{a}-{b}"));
    out
}

/// [`legal_with`] under the default switches.
pub fn legal(position: &FevgaPosition, a: u8, b: u8) -> FevgaPlayList {
    legal_with(&FevgaRules::default(), position, a, b)
}

/// R11 and the notation round trip on one list (see the module doc).
pub fn check_list(before: &FevgaPosition, list: &FevgaPlayList, roll: &str) {
    assert!(
        !list.plays.is_empty(),
        "no play listed for {roll} at {before:?}"
    );
    let distinct: HashSet<FevgaPosition> = list.plays.iter().map(|p| p.position).collect();
    assert_eq!(
        distinct.len(),
        list.plays.len(),
        "R11: a position listed twice for {roll} at {before:?}"
    );
    for play in &list.plays {
        let text = format_fevga_play(play);
        let back = resolve_fevga_play(before, &list.plays, &text)
            .unwrap_or_else(|e| panic!("'{text}' ({roll}) at {before:?}: {e}"));
        assert_eq!(
            back.position, play.position,
            "'{text}' ({roll}) at {before:?}"
        );
    }
}

/// The plays of `a`-`b` under `rules`, written, sorted.
pub fn notations_with(rules: &FevgaRules, position: &FevgaPosition, a: u8, b: u8) -> Vec<String> {
    let mut v: Vec<String> = legal_with(rules, position, a, b)
        .plays
        .iter()
        .map(format_fevga_play)
        .collect();
    v.sort();
    v
}

/// [`notations_with`] under the default switches.
pub fn notations(position: &FevgaPosition, a: u8, b: u8) -> Vec<String> {
    notations_with(&FevgaRules::default(), position, a, b)
}

/// The play of the list that `text` names (panics when none).
pub fn named<'a>(before: &FevgaPosition, list: &'a FevgaPlayList, text: &str) -> &'a FevgaPlay {
    resolve_fevga_play(before, &list.plays, text)
        .unwrap_or_else(|e| panic!("'{text}' at {before:?}: {e}"))
}

/// Why `text` names none of the list's plays (panics when it names one).
pub fn resolve_error(
    before: &FevgaPosition,
    list: &FevgaPlayList,
    text: &str,
) -> FevgaNotationError {
    match resolve_fevga_play(before, &list.plays, text) {
        Ok(play) => panic!("'{text}' names {:?}", play.steps),
        Err(e) => e,
    }
}

/// Whether `text` names one of the list's plays.
pub fn lists(before: &FevgaPosition, list: &FevgaPlayList, text: &str) -> bool {
    resolve_fevga_play(before, &list.plays, text).is_ok()
}

/// The switches with one changed by its specification name and word.
pub fn rules_with(name: &str, value: &str) -> FevgaRules {
    let mut rules = FevgaRules::default();
    rules.set(name, value).unwrap();
    rules
}
