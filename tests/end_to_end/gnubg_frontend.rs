//! GNU Backgammon as our front-end (issue 61), against the real gnubg:
//! gnubg plays our engine through `plakoto external` to the end of a
//! 7-point cubeless match (at least 3 games) as referee, every play we sent
//! is the one its exported match holds; a Portes match we export as `.mat`
//! is imported and exported again by gnubg and reads back with the same
//! plays and dice; a match gnubg plays against itself, cube off, exported
//! as `.mat`, loads and is analysed by `plakoto analyse`. Skipped (with a
//! note) where gnubg is not installed (`apt-get install gnubg`; .ci/run
//! installs it).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use plakoto::game::Rules;
use plakoto::protocol::Session;
use plakoto::record::Record;
use plakoto::record::mat::read_mat;

const GNUBG: &str = "/usr/games/gnubg";
const PLAKOTO: &str = env!("CARGO_BIN_EXE_plakoto");

fn gnubg_missing() -> bool {
    if Path::new(GNUBG).exists() {
        return false;
    }
    eprintln!("note: {GNUBG} is not installed; the gnubg front-end tests are skipped");
    true
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plakoto-gnubg-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs gnubg in its terminal mode on `commands` (ending with `quit`);
/// returns its output.
fn gnubg(commands: &str) -> String {
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(commands.as_bytes()).unwrap();
    }
    let output = child.wait_with_output().expect("gnubg ends");
    String::from_utf8_lossy(&output.stdout).replace('\r', "\n")
}

/// Cubeless money-less play as Portes has it: the cube off.
const CUBELESS: &str = "set threads 1\nset cube use off\nset jacoby off\nset automatic game on\n";

/// Each turn of a record: side, dice (larger first) and play.
fn turns(record: &Record) -> Vec<(usize, String, String, String)> {
    record
        .games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| {
            game.turns.iter().map(move |t| {
                let dice = match &t.roll {
                    plakoto::record::Roll::Dice([a, b]) => format!("{}{}", a.max(b), a.min(b)),
                    other => other.to_string(),
                };
                (g, t.side.to_string(), dice, t.play.clone())
            })
        })
        .collect()
}

#[test]
fn gnubg_referees_a_match_against_plakoto_external() {
    if gnubg_missing() {
        return;
    }
    let dir = temp_dir("external");
    let log = dir.join("boards.log");
    let mut listener = Command::new(PLAKOTO)
        .args([
            "external",
            "--plies",
            "0",
            "--listen",
            "127.0.0.1:0",
            "--connections",
            "1",
        ])
        .arg("--log")
        .arg(&log)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("plakoto external starts");
    let mut first = String::new();
    BufReader::new(listener.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let address = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("'{first}'"))
        .to_string();
    let port = address.rsplit_once(':').unwrap().1;
    let exported = dir.join("refereed.mat");
    let output = gnubg(&format!(
        "{CUBELESS}set player 0 name plakoto\nset player 0 external localhost:{port}\n\
         set player 1 gnubg\nset player 1 chequerplay evaluation plies 0\n\
         new match 7\nexport match mat {}\nquit\ny\n",
        exported.display()
    ));
    let status = listener
        .wait()
        .expect("the listener ends with its connection");
    assert!(status.success(), "plakoto external: {status}");
    assert!(
        output.contains("has won the match"),
        "gnubg did not finish:\n{output}"
    );
    assert!(
        !output.contains("Error") && !output.contains("badly formed"),
        "gnubg reported an error:\n{output}"
    );
    let games = output.matches(" point.\n").count() + output.matches(" points.\n").count();
    assert!(games >= 3, "{games} games:\n{output}");
    // Every answer we sent is the play gnubg recorded for player 0 (X):
    // gnubg plays an illegal answer as no move, which would differ here.
    let record = read_mat(&std::fs::read_to_string(&exported).unwrap())
        .expect("gnubg's match replays under our rules");
    let recorded: Vec<String> = turns(&record)
        .into_iter()
        .filter(|t| t.1 == "X")
        .map(|t| t.3)
        .collect();
    let sent: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| l.split_once('\t').expect("board<TAB>answer").1.to_string())
        .filter(|a| a != "roll" && a != "take")
        .map(|a| if a.is_empty() { "pass".to_string() } else { a })
        .collect();
    assert!(!sent.iter().any(|a| a.starts_with("Error")), "{sent:?}");
    assert_eq!(
        sent, recorded,
        "the plays sent and the plays gnubg recorded"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A Portes match played by our engine (heuristic, 0 ply) to the end,
/// saved as `.mat` at `file`.
fn our_match(seed: u64, length: u8, file: &Path) {
    let mut s = Session::with_heuristic(Rules::default(), seed);
    let answer = |s: &mut Session, line: &str| s.handle_line(line).expect("a command").text;
    answer(&mut s, "set game portes");
    answer(&mut s, "set evaluation plies 0");
    // gnubg scores a backgammon 3: the Portes `triple` scoring (P11).
    answer(&mut s, "set scoring triple");
    answer(&mut s, &format!("new match {length}"));
    for _ in 0..5_000 {
        let dice = answer(&mut s, "show dice");
        if dice.contains("over") || dice.contains("winner") || dice.contains("opening") {
            if answer(&mut s, "new game").starts_with("? ") {
                break;
            }
            continue;
        }
        if dice.contains("to roll") {
            answer(&mut s, "roll");
            continue;
        }
        let played = answer(&mut s, "play");
        assert!(played.starts_with("= "), "{played}");
    }
    let saved = answer(&mut s, &format!("save match {}", file.display()));
    assert!(saved.starts_with("= "), "{saved}");
}

#[test]
fn our_mat_export_round_trips_through_gnubg() {
    if gnubg_missing() {
        return;
    }
    let dir = temp_dir("roundtrip");
    for seed in 1..=3 {
        let ours = dir.join(format!("ours{seed}.mat"));
        let theirs = dir.join(format!("theirs{seed}.mat"));
        our_match(seed, 5, &ours);
        let output = gnubg(&format!(
            "import mat {}\nexport match mat {}\nquit\ny\n",
            ours.display(),
            theirs.display()
        ));
        let read = |p: &Path| {
            read_mat(&std::fs::read_to_string(p).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}\n{output}", p.display()))
        };
        let (a, b) = (read(&ours), read(&theirs));
        assert_eq!(turns(&a), turns(&b), "seed {seed}: gnubg's export differs");
        assert_eq!(a.games.len(), b.games.len());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_gnubg_played_itself_loads_and_is_analysed() {
    if gnubg_missing() {
        return;
    }
    let dir = temp_dir("selfplay");
    let file = dir.join("gnubg.mat");
    gnubg(&format!(
        "{CUBELESS}set player 0 gnubg\nset player 1 gnubg\n\
         set player 0 chequerplay evaluation plies 0\nset player 1 chequerplay evaluation plies 0\n\
         new match 3\nexport match mat {}\nquit\ny\n",
        file.display()
    ));
    let record = read_mat(&std::fs::read_to_string(&file).unwrap()).expect("it loads");
    assert!(record.turn_count() > 0);
    let output = Command::new(PLAKOTO)
        .args(["analyse", "--plies", "0", "--quiet", "--threads", "1"])
        .arg(&file)
        .output()
        .expect("plakoto analyse runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = String::from_utf8_lossy(&output.stdout);
    // The report analyses every game of the match, each play on a line.
    assert!(report.starts_with("analysis at 0 plies"), "{report}");
    assert!(report.lines().any(|l| l == "game 1"), "{report}");
    let plays = report
        .lines()
        .filter(|l| {
            l.trim_start()
                .split(' ')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .count();
    assert!(plays > 0, "no play analysed: {report}");
    // The engine loads it as a match too.
    let mut s = Session::with_heuristic(Rules::default(), 1);
    s.handle_line("set game portes");
    let loaded = s
        .handle_line(&format!("load match {}", file.display()))
        .unwrap()
        .text;
    assert!(loaded.starts_with("= "), "{loaded}");
    std::fs::remove_dir_all(&dir).ok();
}
