//! Invariants over positions from seeded random games (standard and
//! Express): checkers conserved, pinned checkers never move, at most one
//! pinned checker a point, ID and board-text round trips, flip twice is the
//! identity, the canonical notation of every generated play parses back to
//! the same play, and every game ends.

use crate::scale;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use plakoto_rules::{
    Dice, GenLimits, MoveGenerator, ParsedPlay, PlayList, Point, Position, Scoring, Variant,
    format_play, game_result, parse_board_text, parse_position_id, position_id, resolve_play,
    to_board_text,
};

/// Every game must end well before this many turns.
const TURN_CAP: usize = 5_000;

fn check_position(p: &Position) {
    let own: u32 =
        Point::all().map(|q| u32::from(p.own_count(q))).sum::<u32>() + u32::from(p.own_off());
    let opp: u32 =
        Point::all().map(|q| u32::from(p.opp_count(q))).sum::<u32>() + u32::from(p.opp_off());
    assert_eq!((own, opp), (15, 15), "checkers not conserved: {p:?}");
    assert_eq!(
        p.own_pinned_mask() & p.opp_pinned_mask(),
        0,
        "two pinned on a point: {p:?}"
    );
    for q in Point::all() {
        if p.own_pinned_at(q) {
            assert!(
                p.own_count(q) == 1 && p.opp_count(q) >= 1,
                "bad pin at {q}: {p:?}"
            );
        }
        if p.opp_pinned_at(q) {
            assert!(
                p.opp_count(q) == 1 && p.own_count(q) >= 1,
                "bad pin at {q}: {p:?}"
            );
        }
    }
    assert_eq!(
        parse_position_id(&position_id(p)).as_ref(),
        Ok(p),
        "ID round trip"
    );
    assert_eq!(
        parse_board_text(&to_board_text(p)).as_ref(),
        Ok(p),
        "board text round trip"
    );
    assert_eq!(p.flip().flip(), *p);
}

fn check_plays(p: &Position, dice: Dice, variant: Variant, list: &PlayList) {
    let numbers = dice.numbers(variant);
    assert!(!list.is_empty());
    // R11: each resulting position once.
    let distinct: std::collections::HashSet<&Position> =
        list.plays.iter().map(|p| &p.position).collect();
    assert_eq!(
        distinct.len(),
        list.len(),
        "a position listed twice: {dice} at {p:?}"
    );
    // The round trip searches the list linearly: on huge Express lists check
    // an evenly spaced sample of about 64 plays (every play is still checked
    // for conservation and pins).
    let stride = list.len().div_ceil(64);
    for (i, play) in list.plays.iter().enumerate() {
        let q = &play.position;
        // Pinned own checkers stay where they are, still pinned.
        assert_eq!(
            p.own_pinned_mask() & !q.own_pinned_mask(),
            0,
            "a pinned checker moved"
        );
        let own: u32 =
            Point::all().map(|x| u32::from(q.own_count(x))).sum::<u32>() + u32::from(q.own_off());
        assert_eq!(own, 15);
        if i % stride != 0 {
            continue;
        }
        let text = format_play(p, play);
        let parsed: ParsedPlay = text
            .parse()
            .unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
        let back = resolve_play(p, &numbers, list, &parsed);
        // A list cut short by the cap may hold plays that use fewer numbers
        // than R10 asks (the longer lines were among those cut): only a
        // play using every number or ending the game is surely legal, and
        // the resolver checks the others against the true maximum (the
        // engine plays only surely legal plays of a cut list).
        if list.truncated && !play.is_surely_legal(&numbers) {
            if let Ok(back) = back {
                assert_eq!(back.position, play.position, "'{text}' resolves elsewhere");
            }
            continue;
        }
        let back = back.unwrap_or_else(|e| panic!("'{text}' {dice} at {p:?}: {e}"));
        assert_eq!(back.position, play.position, "'{text}' resolves elsewhere");
    }
}

/// Plays seeded random games until `positions` positions have been
/// checked; returns (positions checked, games finished).
fn run(seed: u64, variant: Variant, positions: usize) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Express low doubles can have millions of plays; a bounded generator
    // marks the list it cuts short (see check_plays).
    let mut generator = MoveGenerator::new(GenLimits {
        max_positions: 20_000,
    });
    let mut list = PlayList::default();
    let (mut checked, mut games) = (0, 0);
    while checked < positions {
        let mut p = Position::initial();
        let mut ended = false;
        for _ in 0..TURN_CAP {
            check_position(&p);
            let dice = Dice::roll(&mut rng);
            generator.generate(&p, &dice.numbers(variant), &mut list);
            check_plays(&p, dice, variant, &list);
            checked += 1;
            let play = list.plays.choose(&mut rng).unwrap();
            if game_result(&play.position, Scoring::Standard).is_some() {
                check_position(&play.position);
                ended = true;
                break;
            }
            p = play.position.flip();
        }
        assert!(ended, "a game did not end in {TURN_CAP} turns");
        games += 1;
    }
    (checked, games)
}

/// 100,000 positions in a full run (`scale`).
#[test]
fn invariants_hold_over_random_standard_positions() {
    let positions = scale::sample(100_000);
    let (checked, games) = run(2026, Variant::Standard, positions);
    assert!(
        checked >= positions && games > positions / 1_000,
        "{checked} positions, {games} games"
    );
}

/// 20,000 positions in a full run (`scale`).
#[test]
fn invariants_hold_over_random_express_positions() {
    let positions = scale::sample(20_000);
    let (checked, games) = run(2027, Variant::Express, positions);
    assert!(
        checked >= positions && games > positions / 1_000,
        "{checked} positions, {games} games"
    );
}
