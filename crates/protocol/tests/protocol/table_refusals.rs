//! A refused `move` in Portes and Fevga says why in the game's terms: the
//! P- or F-rule of the refused step, a distance the numbers cannot make
//! (never a block on a point the roll cannot reach), or the numbers a play
//! must still use. The examples a tavli player met (issue 62), then, over
//! positions from seeded random games, every roll and every written single
//! movement `from/to` the engine refuses: the explanation's claim checked
//! against the position by brute force, as Plakoto's are
//! (`crates/rules/tests/rules/refusals.rs`).

use super::support::{answer, set_up};
use plakoto_protocol::Session;
use plakoto_rules::Rules;

fn session(game: &str) -> Session {
    let mut s = Session::with_heuristic(Rules::default(), 4);
    answer(&mut s, &format!("set game {game}"));
    s
}

/// The refusal of `move <play>`, without its framing.
fn refusal(s: &mut Session, play: &str) -> String {
    let reply = answer(s, &format!("move {play}"));
    reply
        .strip_prefix("? illegal_move: ")
        .unwrap_or_else(|| panic!("move {play}: {reply}"))
        .trim_end()
        .to_string()
}

const PORTES_START: &str = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5";

#[test]
fn portes_refusals_name_the_p_rule_of_the_refused_step() {
    let mut s = session("portes");
    // P4: O holds X's 20 (its 5) with two checkers.
    set_up(&mut s, "24:2 13:5 8:3 6:5 / 24:2 13:5 8:1 6:5 5:2", "4 3");
    assert_eq!(
        refusal(&mut s, "24/20 24/21"),
        "24/20: the opponent holds the landing point with 2 or more checkers (P4)"
    );
    // P7 (R10): 13/7 plays the 6 and leaves the 1, which can be played.
    set_up(&mut s, PORTES_START, "6 1");
    assert_eq!(
        refusal(&mut s, "13/7"),
        "this play leaves 1 unplayed: legal plays use 2 numbers (P7: as many as possible)"
    );
    // P8: bearing off with checkers outside the home board.
    assert_eq!(
        refusal(&mut s, "6/off 6/5"),
        "6/off: bearing off needs every checker in the home board (P8)"
    );
    // P6: entering on a point O closes (X's 22 is O's 3).
    set_up(
        &mut s,
        "bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:3 3:2",
        "3 1",
    );
    assert_eq!(
        refusal(&mut s, "bar/22"),
        "bar/22: the opponent holds the landing point with 2 or more checkers (P6)"
    );
    // P6: the bar first (a play is read by where its checkers end, so
    // `13/10 bar/24` is `bar/24 13/10`, which is legal).
    assert_eq!(
        refusal(&mut s, "13/10 13/12"),
        "13/10: a checker on the bar must enter first (P6)"
    );
    // P9: the 6 bears off from 6 only when no checker stands higher.
    set_up(&mut s, "5:1 4:14 / 24:15", "6 2");
    assert_eq!(
        refusal(&mut s, "4/off 4/2"),
        "4/off: a checker on a higher point must be moved with that die first (P9)"
    );
    // P5: a hit written where there is no blot.
    set_up(&mut s, PORTES_START, "6 1");
    assert_eq!(
        refusal(&mut s, "13/7* 8/7"),
        "13/7*: there is no opposing checker alone on 7 to hit (P5)"
    );
    // No checker there.
    assert_eq!(refusal(&mut s, "12/6 8/7"), "no checker of yours on 12");
    // A refused move changes nothing: the right play is still taken.
    assert!(answer(&mut s, "move 13/7 8/7").starts_with("= "));
}

#[test]
fn fevga_a_number_not_rolled_is_said_so_not_a_held_point() {
    let mut s = session("fevga");
    // 4-3 cannot make 12 pips: O's start (X's 12) being held is beside the
    // point.
    set_up(&mut s, "24:15 / 24:15", "4 3");
    assert_eq!(
        refusal(&mut s, "24/12"),
        "24/12 is 12 pips: the numbers left (4 3) cannot make it"
    );
    // A written point is touched down on: 14/12/8 is refused though 14/10/8
    // is legal.
    set_up(&mut s, "24:14 14:1 / 24:15", "4 2");
    assert_eq!(
        refusal(&mut s, "14/12/8"),
        "14/12: the opponent holds that point: one checker closes a point (F5)"
    );
    // With 6-6 the runner does reach 12, and it is held there (F5).
    set_up(&mut s, "24:15 / 24:15", "6 6");
    assert_eq!(
        refusal(&mut s, "24/12"),
        "18/12: the opponent holds that point: one checker closes a point (F5)"
    );
}

/// The brute-force reading of refusals, game by game.
mod brute_force {
    use std::collections::HashMap;

    use plakoto_protocol::table::TableProtocol;
    use plakoto_rules::fevga::FevgaPosition;
    use plakoto_rules::portes::PortesPosition;
    use plakoto_rules::tavli::{Opening, TableGame};
    use plakoto_rules::{Dice, Point, Side, TavliGame};
    use plakoto_rules::{Fevga, Portes};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The source number of the bar.
    const BAR: u8 = 25;

    /// What the checks need of a position, read from its raw counts (the
    /// mover on roll, its numbering; point 25 the bar, 0 off).
    pub trait Counts {
        /// The mover's checkers on `p` (25: the bar).
        fn own(&self, p: u8) -> u8;
        /// The opponent's checkers on the mover's point `p`.
        fn opp(&self, p: u8) -> u8;
    }

    impl Counts for PortesPosition {
        fn own(&self, p: u8) -> u8 {
            match p {
                BAR => self.own_bar(),
                p => Point::new(p).map_or(0, |q| u8::try_from(self.at(q).max(0)).unwrap()),
            }
        }
        fn opp(&self, p: u8) -> u8 {
            Point::new(p).map_or(0, |q| self.at(q).min(0).unsigned_abs())
        }
    }

    impl Counts for FevgaPosition {
        fn own(&self, p: u8) -> u8 {
            if (1..=24).contains(&p) {
                self.own_at(p)
            } else {
                0
            }
        }
        fn opp(&self, p: u8) -> u8 {
            if (1..=24).contains(&p) {
                self.opp_at(p)
            } else {
                0
            }
        }
    }

    /// A source or landing as the notation writes it.
    fn word(n: u8) -> String {
        match n {
            BAR => "bar".to_string(),
            0 => "off".to_string(),
            n => n.to_string(),
        }
    }

    /// A source or landing read back from its word.
    fn number(text: &str) -> u8 {
        match text {
            "bar" => BAR,
            "off" => 0,
            n => n.parse().unwrap_or_else(|_| panic!("'{n}' is no point")),
        }
    }

    /// The roll's numbers: a double four times.
    fn numbers(dice: Dice) -> Vec<u8> {
        let (a, b) = (dice.0.pips(), dice.1.pips());
        if a == b { vec![a; 4] } else { vec![a, b] }
    }

    /// Every ordered choice of the numbers (each used once; a double's in
    /// its one order) that carries a checker from `from` exactly to `to`,
    /// or for `to` 0 bears it off with the last number.
    fn runs(dice: Dice, from: u8, to: u8) -> Vec<Vec<u8>> {
        let all = numbers(dice);
        let candidates: Vec<Vec<u8>> = if dice.is_double() {
            (1..=4).map(|k| all[..k].to_vec()).collect()
        } else {
            vec![
                vec![all[0]],
                vec![all[1]],
                all.clone(),
                vec![all[1], all[0]],
            ]
        };
        candidates
            .into_iter()
            .filter(|run| {
                let sum: u8 = run.iter().sum();
                let before_last = sum - run.last().unwrap();
                if to == 0 {
                    sum >= from && before_last < from
                } else {
                    sum + to == from
                }
            })
            .collect()
    }

    /// The single steps (source, die, landing) of a run from `from`.
    fn steps_of(run: &[u8], from: u8) -> Vec<(u8, u8, u8)> {
        let mut at = from;
        run.iter()
            .map(|&die| {
                let landing = at.saturating_sub(die);
                let step = (at, die, landing);
                at = landing;
                step
            })
            .collect()
    }

    /// The dice of the steps from `source` to `landing` on some run of the
    /// movement `from/to`.
    fn dice_of_step(dice: Dice, from: u8, to: u8, source: u8, landing: u8) -> Vec<u8> {
        runs(dice, from, to)
            .iter()
            .flat_map(|run| steps_of(run, from))
            .filter(|&(s, _, l)| (s, l) == (source, landing))
            .map(|(_, die, _)| die)
            .collect()
    }

    /// The mover's checkers on the points `points` (25 the bar), less the
    /// moving checker when it started there and has left: `from` its
    /// start, `at` where it stands now.
    fn others<P: Counts>(p: &P, points: impl Iterator<Item = u8>, from: u8, at: u8) -> u8 {
        let mut n = 0;
        for q in points {
            n += p.own(q);
            if q == from && q != at {
                n -= 1;
            }
        }
        n
    }

    /// A game's reading of its step refusals (`S/E: why (rule)`): whether
    /// the claim `why` is true of the step from `source` to `landing` (with
    /// one of `dice_used`) made by the checker that started on `from`.
    pub trait StepClaims: TavliGame + TableProtocol
    where
        Self::Position: Counts,
    {
        /// Whether `why` is true; `None`: not a claim this game makes.
        fn step_claim(
            position: &Self::Position,
            why: &str,
            from: u8,
            source: u8,
            landing: u8,
            dice_used: &[u8],
        ) -> Option<bool>;
        /// The game's rule of as many numbers as possible.
        const MOST: &'static str;
        /// Whether `why` is a true claim about a whole play (the game's
        /// own rules of whole plays); `None`: not one of them.
        fn play_claim(_position: &Self::Position, _why: &str) -> Option<bool> {
            None
        }
        /// The sources a movement may start from.
        const TOP: u8;
    }

    impl StepClaims for Portes {
        const MOST: &'static str = "P7";
        const TOP: u8 = BAR;

        fn step_claim(
            p: &PortesPosition,
            why: &str,
            from: u8,
            source: u8,
            landing: u8,
            dice_used: &[u8],
        ) -> Option<bool> {
            let outside = |at: u8| others(p, 7..=BAR, from, at);
            Some(match why {
                "the opponent holds the landing point with 2 or more checkers (P4)" => {
                    source != BAR && p.opp(landing) >= 2
                }
                "the opponent holds the landing point with 2 or more checkers (P6)" => {
                    source == BAR && p.opp(landing) >= 2
                }
                "a checker on the bar must enter first (P6)" => {
                    source != BAR && others(p, [BAR].into_iter(), from, source) > 0
                }
                "bearing off needs every checker in the home board (P8)" => {
                    landing == 0 && outside(source) > 0
                }
                "a checker on a higher point must be moved with that die first (P9)" => {
                    landing == 0
                        && dice_used.iter().any(|&d| d > source)
                        && others(p, source + 1..=BAR, from, source) > 0
                }
                _ => return None,
            })
        }
    }

    impl StepClaims for Fevga {
        const MOST: &'static str = "F6";
        const TOP: u8 = 24;

        fn step_claim(
            p: &FevgaPosition,
            why: &str,
            from: u8,
            source: u8,
            landing: u8,
            dice_used: &[u8],
        ) -> Option<bool> {
            Some(match why {
                "the opponent holds that point: one checker closes a point (F5)" => {
                    landing > 0 && p.opp(landing) > 0
                }
                // The default release: a checker on 1-11 or borne off.
                "only the runner may move until a checker has passed the opponent's starting point (F7)" => {
                    source == 24
                        && p.own(24) < 15
                        && p.own_off() == 0
                        && (1..=11).all(|q| p.own(q) == 0)
                }
                "bearing off needs all 15 checkers in the home board (F10)" => {
                    landing == 0 && others(p, 7..=24, from, source) > 0
                }
                "a checker on a higher point must be moved with that die first (F11)" => {
                    landing == 0
                        && dice_used.iter().any(|&d| d > source)
                        && others(p, source + 1..=24, from, source) > 0
                }
                // The default quarter rule, after every step: the step
                // would leave the mover on all of its 19-24.
                "a side may not hold all six points of its starting quarter (F8)" => {
                    (19..=24).all(|q| {
                        let moved =
                            i32::from(p.own(q)) - i32::from(q == from) + i32::from(q == landing);
                        moved > 0
                    })
                }
                _ => return None,
            })
        }

        fn play_claim(p: &FevgaPosition, why: &str) -> Option<bool> {
            // F9: all the opponent's checkers on the board on one point.
            why.starts_with("the play must open the wall in front of the opponent")
                .then(|| (1..=24).filter(|&q| p.opp(q) > 0).count() == 1)
        }
    }

    /// Checks the claim `why` makes about the refused movement `from/to`
    /// in `table`; `list_most` the numbers every legal play uses, `singles`
    /// the die of each one-number play.
    fn check<G: StepClaims>(
        table: &TableGame<G>,
        dice: Dice,
        most: usize,
        from: u8,
        to: u8,
        why: &str,
    ) -> Result<String, String>
    where
        G::Position: Counts,
    {
        let p = table.position();
        let all = numbers(dice);
        let same_numbers = |text: &str| {
            let mut listed: Vec<u8> = text.split(' ').map(|n| n.parse().unwrap()).collect();
            let mut rolled = all.clone();
            listed.sort_unstable();
            rolled.sort_unstable();
            listed == rolled
        };
        let fail = || {
            Err(format!(
                "{}/{} with {dice}: the claim \"{why}\" is not true",
                word(from),
                word(to)
            ))
        };
        if let Some(rest) = why.strip_prefix("no checker of yours on ") {
            return if number(rest) == from && p.own(from) == 0 {
                Ok("no checker".into())
            } else {
                fail()
            };
        }
        if let Some((what, left)) = why.split_once(": the numbers left (") {
            let left = left.strip_suffix(") cannot make it").unwrap_or("?");
            let ok = same_numbers(left)
                && if let Some(source) = what.strip_prefix("bearing off from ") {
                    number(source) == from && to == 0 && all.iter().sum::<u8>() < from
                } else {
                    let expected = format!(
                        "{}/{} is {} pip{}",
                        word(from),
                        word(to),
                        from - to,
                        if from - to == 1 { "" } else { "s" }
                    );
                    what == expected && to > 0 && runs(dice, from, to).is_empty()
                };
            return if ok { Ok("distance".into()) } else { fail() };
        }
        let most_words = format!("({}: as many as possible)", G::MOST);
        if let Some(rest) = why.strip_prefix("this play leaves ") {
            // Some run of fewer numbers than a legal play uses makes the
            // movement, and the numbers said to be left are the others.
            let (left, tail) = rest
                .split_once(" unplayed: legal plays use ")
                .unwrap_or(("?", ""));
            let ok = tail.starts_with(&format!("{most} number"))
                && tail.ends_with(&most_words)
                && runs(dice, from, to).iter().any(|run| {
                    let mut rest = all.clone();
                    for d in run {
                        let i = rest.iter().position(|x| x == d).unwrap();
                        rest.remove(i);
                    }
                    rest.sort_unstable_by(|a, b| b.cmp(a));
                    let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
                    run.len() < most && rest.join(" ") == left
                });
            return if ok { Ok("too few".into()) } else { fail() };
        }
        if why
            == format!(
                "these steps leave numbers unplayed: legal plays use {most} numbers {most_words}"
            )
        {
            // The movement is made with fewer numbers than a play uses.
            let ok = runs(dice, from, to).iter().any(|run| run.len() < most);
            return if ok { Ok("dead end".into()) } else { fail() };
        }
        if let Some(rest) =
            why.strip_prefix("only one number can be played, so it must be the higher, ")
        {
            let higher = dice.0.pips().max(dice.1.pips());
            let lower = dice.0.pips().min(dice.1.pips());
            let ok = rest == format!("{higher} ({})", G::MOST)
                && most == 1
                && !dice.is_double()
                && runs(dice, from, to).iter().all(|run| run == &[lower]);
            return if ok { Ok("higher die".into()) } else { fail() };
        }
        if let Some(ok) = G::play_claim(p, why) {
            return if ok { Ok("whole play".into()) } else { fail() };
        }
        // A refused step: `S/E: why`, a step of some run of the movement.
        let Some((step, reason)) = why.split_once(": ") else {
            return fail();
        };
        let Some((source, landing)) = step.split_once('/') else {
            return fail();
        };
        let (source, landing) = (number(source), number(landing));
        let used = dice_of_step(dice, from, to, source, landing);
        if used.is_empty() {
            return fail();
        }
        match G::step_claim(p, reason, from, source, landing, &used) {
            Some(true) => Ok(reason.split('(').next_back().unwrap_or("").to_string()),
            _ => fail(),
        }
    }

    /// Positions of the game (the mover on roll) from seeded random games,
    /// every third turn.
    fn sample<G: TavliGame>(game: G, seed: u64, count: usize) -> Vec<(G::Position, Side)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut generator = game.generator();
        let mut list = G::PlayList::default();
        let mut out = Vec::new();
        let mut turn = 0usize;
        while out.len() < count {
            let starter = if rng.r#gen::<bool>() {
                Side::X
            } else {
                Side::O
            };
            let mut table = TableGame::started_by(game, Opening::Greek, starter);
            while table.result().is_none() && out.len() < count {
                if turn.is_multiple_of(3) {
                    out.push((*table.position(), table.on_roll()));
                }
                turn += 1;
                table.roll(&mut rng).expect("a roll");
                table.legal_plays(&mut generator, &mut list).expect("dice");
                match game.plays(&list).choose(&mut rng) {
                    Some(play) => {
                        table.play(&play.clone());
                    }
                    None => break,
                }
            }
        }
        out
    }

    /// Every single movement the engine refuses, over `count` sampled
    /// positions and every roll, explained by a true claim; the kinds of
    /// claim met, counted.
    pub fn every_refusal_is_true<G: StepClaims>(
        game: G,
        seed: u64,
        count: usize,
    ) -> HashMap<String, usize>
    where
        G::Position: Counts,
        G::Play: Clone,
    {
        let mut kinds: HashMap<String, usize> = HashMap::new();
        let mut generator = game.generator();
        let mut list = G::PlayList::default();
        for (position, side) in sample(game, seed, count) {
            for (dice, _) in Dice::all_rolls() {
                let table =
                    TableGame::from_parts(game, Opening::Greek, position, side, Some(dice), false)
                        .expect("a position in play");
                table.legal_plays(&mut generator, &mut list).expect("dice");
                let most = game
                    .plays(&list)
                    .iter()
                    .map(|play| game.numbers_used(play))
                    .max()
                    .unwrap_or(0);
                for from in 1..=G::TOP {
                    for to in 0..from.min(25) {
                        let text = format!("{}/{}", word(from), word(to));
                        let Err(refused) = game.resolve_play(&position, dice, &list, &text) else {
                            continue;
                        };
                        // No reason of the game's own: the steps are a legal
                        // play, written so that several plays fit (Portes'
                        // hits), which the notation's refusal says.
                        let Some(why) = G::move_refusal(&table, &text) else {
                            let said = refused.to_string();
                            assert!(
                                said.starts_with("several legal plays move the checkers so"),
                                "{text} with {dice}: refused without a reason: {said}"
                            );
                            *kinds.entry("ambiguous".to_string()).or_default() += 1;
                            continue;
                        };
                        match check(&table, dice, most, from, to, &why) {
                            Ok(kind) => *kinds.entry(kind).or_default() += 1,
                            Err(e) => panic!("{e} at {}", game.board_text(&position)),
                        }
                    }
                }
            }
        }
        kinds
    }
}

#[test]
fn p4_p9_every_refused_portes_movement_is_explained_by_a_true_claim() {
    let kinds = brute_force::every_refusal_is_true(plakoto_rules::Portes::default(), 62, 60);
    for kind in [
        "no checker",
        "distance",
        "too few",
        "P4)",
        "P6)",
        "P8)",
        "P9)",
    ] {
        assert!(
            kinds.get(kind).is_some_and(|&n| n > 0),
            "no {kind} in {kinds:?}"
        );
    }
}

#[test]
fn f5_f11_every_refused_fevga_movement_is_explained_by_a_true_claim() {
    let kinds = brute_force::every_refusal_is_true(plakoto_rules::Fevga::default(), 62, 60);
    for kind in [
        "no checker",
        "distance",
        "too few",
        "F5)",
        "F7)",
        "F10)",
        "F11)",
    ] {
        assert!(
            kinds.get(kind).is_some_and(|&n| n > 0),
            "no {kind} in {kinds:?}"
        );
    }
}

#[test]
fn every_game_takes_its_evaluators_by_name_pipcount_included() {
    let mut s = plakoto_protocol::Session::with_heuristic(plakoto_rules::Rules::default(), 5);
    for game in ["plakoto", "portes", "fevga"] {
        crate::support::answer(&mut s, &format!("set game {game}"));
        for name in ["pipcount", "heuristic"] {
            let options = crate::support::answer(&mut s, &format!("set evaluator {name}"));
            assert!(
                options.starts_with("= ") && options.contains(&format!("\nevaluator {name}\n")),
                "{game}: {options}"
            );
        }
        crate::support::answer(&mut s, "new game");
        crate::support::answer(&mut s, "roll");
        crate::support::answer(&mut s, "set evaluator pipcount");
        let hint = crate::support::answer(&mut s, "hint 1");
        assert!(hint.contains("ply pipcount"), "{game}: {hint}");
    }
    let refused = crate::support::answer(&mut s, "set evaluator bogus");
    assert_eq!(
        refused.trim_end(),
        "? invalid_argument: 'bogus' is not an evaluator: heuristic, pipcount, net or net-f32"
    );
}
