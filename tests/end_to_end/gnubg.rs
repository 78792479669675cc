//! Portes against GNU Backgammon itself (issue 41, P7, P7a): over 1,000
//! seeded random Portes positions and rolls (from random games: contact,
//! the bar, bear-offs), the plays our move generator lists, written in our
//! notation, are exactly the moves gnubg's `hint` lists for the same
//! Position ID and dice — the same plays, the same text — so gnubg reads
//! our Position IDs as our boards and our notation is its own. Skipped
//! (with a note) where gnubg is not installed (`apt-get install gnubg`;
//! CI does not install it: the brute-force reference of the rules tests
//! checks the plays there).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use plakoto::game::Dice;
use plakoto::game::portes::{
    PortesMoveGenerator, PortesPlayList, PortesPosition, PortesScoring, format_portes_play,
    portes_position_id, portes_result,
};

const GNUBG: &str = "/usr/games/gnubg";

/// One case: a position (side on roll), a roll, and our plays' notations.
struct Case {
    id: String,
    dice: Dice,
    ours: BTreeSet<String>,
}

/// Seeded random Portes positions from random games, each with a random
/// roll.
fn cases(count: usize, seed: u64) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = PortesMoveGenerator::default();
    let mut list = PortesPlayList::default();
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = PortesPosition::start();
        loop {
            let dice = Dice::roll(&mut rng);
            generator.generate(&position, dice, &mut list);
            let ours: BTreeSet<String> = list
                .plays
                .iter()
                .map(|play| format_portes_play(&position, play))
                .collect();
            out.push(Case {
                id: portes_position_id(&position),
                dice,
                ours,
            });
            let play = list.plays.choose(&mut rng).expect("never empty");
            if portes_result(&play.position, PortesScoring::Standard).is_some()
                || out.len() == count
            {
                break;
            }
            position = play.position.flipped();
        }
    }
    out
}

/// gnubg's moves for each case, from one run of gnubg over a command file.
fn gnubg_moves(cases: &[Case], dir: &Path) -> Vec<BTreeSet<String>> {
    let mut commands = String::from(
        "set threads 1\nset player 0 human\nset player 1 human\nnew game\n\
         set evaluation chequerplay evaluation plies 0\n",
    );
    for case in cases {
        let (a, b) = (case.dice.0.pips(), case.dice.1.pips());
        commands += &format!("set board {}\nset dice {a} {b}\nhint 1000\n", case.id);
    }
    commands += "quit\ny\n";
    let file = dir.join("commands.txt");
    std::fs::write(&file, commands).unwrap();
    let output = Command::new(GNUBG)
        .args(["-t", "-q", "-c"])
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .expect("gnubg runs");
    let text = String::from_utf8_lossy(&output.stdout).replace('\r', "\n");
    // Each case's listing follows gnubg's answer to `set dice`.
    let blocks: Vec<&str> = text.split("The dice have been set to").skip(1).collect();
    assert_eq!(
        blocks.len(),
        cases.len(),
        "gnubg answered every case:\n{text}"
    );
    blocks.iter().map(|block| moves_of(block)).collect()
}

/// The moves of one `hint` listing: lines like
/// `    1. Cubeful 0-ply    24/20 13/8                   Eq.: +0.037`.
fn moves_of(block: &str) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    for line in block.lines() {
        let Some((_, rest)) = line.split_once("-ply") else {
            continue;
        };
        let Some((play, _)) = rest.split_once("Eq.:") else {
            continue;
        };
        if line
            .trim_start()
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
        {
            moves.insert(play.trim().to_string());
        }
    }
    if moves.is_empty() {
        // No legal move: gnubg says so instead of listing one.
        moves.insert("pass".to_string());
    }
    moves
}

#[test]
fn p7_portes_plays_and_notation_are_gnubgs() {
    if !Path::new(GNUBG).exists() {
        eprintln!("note: {GNUBG} is not installed; the gnubg cross-check is skipped");
        return;
    }
    let dir = tempfile_dir();
    let cases = cases(1_000, 41);
    let theirs = gnubg_moves(&cases, &dir);
    let mut differences = Vec::new();
    for (case, gnubg) in cases.iter().zip(&theirs) {
        if case.ours != *gnubg {
            differences.push(format!(
                "{} {}: ours {:?}, gnubg {:?}",
                case.id, case.dice, case.ours, gnubg
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} cases differ, e.g.:\n{}",
        differences.len(),
        cases.len(),
        differences[..differences.len().min(10)].join("\n")
    );
    std::fs::remove_dir_all(&dir).ok();
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-gnubg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
