//! The game layer ([`TavliGame`]) checked once, generically, for every
//! game: seeded random games through nothing but the trait, with the
//! invariants each game must keep — the start is not an end, flipping
//! twice is the identity, Position IDs and board texts round-trip, every
//! play's position is listed once (R11, P7), every play uses the same count
//! of numbers (R10), the notation of every play resolves back to it, and
//! every game ends. A new game is added to the tests at the bottom.

use std::collections::HashSet;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::scale;

use plakoto_rules::portes::PortesScoring;
use plakoto_rules::{Dice, GameKind, Rules, Scoring, TavliGame, Variant};
use plakoto_rules::{Fevga, Plakoto, Portes};

/// Every game must end well before this many turns.
const TURN_CAP: usize = 5_000;

/// Checks one position the game can be in.
fn check_position<G: TavliGame>(game: G, position: &G::Position) {
    assert_eq!(game.flip(&game.flip(position)), *position, "flip twice");
    let id = game.position_id(position);
    assert_eq!(
        game.parse_position_id(&id).ok().as_ref(),
        Some(position),
        "Position ID {id} does not read back"
    );
    let text = game.board_text(position);
    assert_eq!(
        game.parse_board_text(&text).ok().as_ref(),
        Some(position),
        "board text '{text}' does not read back"
    );
}

/// Checks the plays of one roll.
fn check_plays<G: TavliGame>(game: G, before: &G::Position, dice: Dice, list: &G::PlayList) {
    let plays = game.plays(list);
    assert!(!plays.is_empty(), "no play listed for {dice} at {before:?}");
    let distinct: HashSet<G::Position> = plays.iter().map(|p| game.after(p)).collect();
    assert_eq!(distinct.len(), plays.len(), "a position listed twice");
    // R10 / P7: every play uses the most numbers any play uses, except
    // (Plakoto's R10 decision) a play on which the game ends.
    let most = plays
        .iter()
        .map(|p| game.numbers_used(p))
        .max()
        .unwrap_or(0);
    for play in plays {
        assert!(
            game.numbers_used(play) == most || game.result(&game.after(play)).is_some(),
            "R10: a play uses fewer numbers than another at {before:?} ({dice})"
        );
        let text = game.format_play(before, play);
        let back = game
            .resolve_play(before, dice, list, &text)
            .unwrap_or_else(|e| panic!("'{text}' ({dice}) at {before:?}: {e}"));
        assert_eq!(
            game.after(&back),
            game.after(play),
            "'{text}' resolves elsewhere"
        );
    }
}

/// Plays seeded random games through the trait until `positions`
/// positions were checked; returns the games finished.
fn random_games<G: TavliGame>(game: G, seed: u64, positions: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = game.generator();
    let mut list = G::PlayList::default();
    let (mut checked, mut games) = (0, 0);
    while checked < positions {
        let mut position = game.start();
        assert_eq!(game.result(&position), None, "the start is not an end");
        let mut ended = false;
        for _ in 0..TURN_CAP {
            check_position(game, &position);
            let dice = Dice::roll(&mut rng);
            game.generate(&mut generator, &position, dice, &mut list);
            check_plays(game, &position, dice, &list);
            checked += 1;
            let play = game.plays(&list).choose(&mut rng).expect("never empty");
            let after = game.after(play);
            if let Some(result) = game.result(&after) {
                check_position(game, &after);
                assert!(game.points(result.kind) <= 3);
                ended = true;
                break;
            }
            position = game.flip(&after);
        }
        assert!(ended, "a {} game did not end in {TURN_CAP} turns", G::KIND);
        games += 1;
    }
    games
}

#[test]
fn the_game_layer_holds_for_plakoto() {
    let game = Plakoto::new(Rules::new(Variant::Standard, Scoring::Standard).expect("valid"));
    assert_eq!(<Plakoto as TavliGame>::KIND, GameKind::Plakoto);
    assert!(random_games(game, 41, scale::sample(20_000)) > 5);
}

#[test]
fn the_game_layer_holds_for_portes() {
    assert_eq!(<Portes as TavliGame>::KIND, GameKind::Portes);
    assert!(
        random_games(
            Portes::new(PortesScoring::Standard),
            42,
            scale::sample(20_000)
        ) > 5
    );
    assert!(random_games(Portes::new(PortesScoring::Triple), 43, 2_000) > 2);
}

#[test]
fn the_game_layer_holds_for_fevga() {
    assert_eq!(<Fevga as TavliGame>::KIND, GameKind::Fevga);
    assert!(random_games(Fevga::default(), 44, scale::sample(20_000)) > 5);
}

#[test]
fn each_game_kind_names_its_game() {
    assert_eq!("portes".parse::<GameKind>(), Ok(GameKind::Portes));
    assert_eq!("Plakoto".parse::<GameKind>(), Ok(GameKind::Plakoto));
    assert_eq!("FEVGA".parse::<GameKind>(), Ok(GameKind::Fevga));
    assert!("moultezim".parse::<GameKind>().is_err());
}
