//! FIBS board strings (`board:…`, FIBS's "boardstyle 3", which GNU
//! Backgammon sends to an external player and reads back): reading one into
//! a Portes position seen from the side on roll, and writing one.
//!
//! A board string is `board:` and 52 fields separated by `:`: the player's
//! and the opponent's names, the match length (9999 or 0: unlimited), the
//! player's and the opponent's scores, 26 board cells, whose turn it is
//! (a colour: -1 X, 1 O, 0 the game is over), the player's two dice and the
//! opponent's two, the cube, may-double for the player and the opponent,
//! was-doubled, the player's colour, the player's direction (-1: from 24
//! towards 0, 1: from 1 towards 25), its home (0 or 25) and bar (25 or 0),
//! the checkers borne off by the player and the opponent, the checkers on
//! the bar of the player and the opponent, can-move, forced-move,
//! did-Crawford and redoubles.
//!
//! The board cells are indexed from the player's point of view as FIBS
//! draws it: a positive count is O's checkers, a negative one X's; cell 1–24
//! is the player's point 1–24 when its direction is -1 (point 25 − i when
//! it is 1), and the two end cells hold the bars (the player's at its bar
//! field, the opponent's at the other end; their signs are ignored, as
//! GNU Backgammon ignores them). Portes is cubeless: the cube fields are
//! kept as read and written as 1 / not doubled by [`FibsBoard::of_position`].

use std::fmt;
use std::str::FromStr;

use super::position::{CHECKERS, PortesPosition, PortesPositionError};
use crate::dice::Dice;

/// Fields after `board:` in a FIBS board string.
pub const FIBS_BOARD_FIELDS: usize = 52;

/// A FIBS board string's fields, as read or to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibsBoard {
    /// The player's name (the side the board is drawn for).
    pub player: String,
    /// The opponent's name.
    pub opponent: String,
    /// Points to win the match; 0 for unlimited (FIBS writes 9999).
    pub match_length: u32,
    /// The player's score.
    pub player_score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// The 26 cells: O's checkers positive, X's negative (module doc).
    pub cells: [i8; 26],
    /// The colour on roll: -1 X, 1 O, 0 when the game is over.
    pub turn: i8,
    /// The player's dice (0 0: not rolled).
    pub player_dice: [u8; 2],
    /// The opponent's dice (0 0: not rolled).
    pub opponent_dice: [u8; 2],
    /// The cube's value (1 in Portes).
    pub cube: u32,
    /// Whether the player may double.
    pub player_may_double: bool,
    /// Whether the opponent may double.
    pub opponent_may_double: bool,
    /// Was-doubled (non-zero: a double is waiting for an answer).
    pub was_doubled: i8,
    /// The player's colour: -1 X, 1 O.
    pub color: i8,
    /// The player's direction: -1 towards cell 0, 1 towards cell 25.
    pub direction: i8,
    /// Checkers the player has borne off.
    pub player_off: u8,
    /// Checkers the opponent has borne off.
    pub opponent_off: u8,
    /// The last four fields (can-move, forced-move, did-Crawford,
    /// redoubles), kept as read.
    pub trailer: [u32; 4],
}

/// Why a text is not a FIBS board of a Portes position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FibsBoardError {
    /// It does not begin with `board:`.
    Prefix,
    /// It has the wrong number of fields (the count after `board:`).
    FieldCount(usize),
    /// A field is not a number in its range (the field's name, the text).
    Field(&'static str, String),
    /// The home or bar field does not fit the direction.
    HomeBar {
        /// The direction read.
        direction: i8,
        /// The home field read.
        home: u8,
        /// The bar field read.
        bar: u8,
    },
    /// The game is over (turn 0): no side is on roll.
    Over,
    /// A checkers-off field disagrees with the checkers on the board
    /// (whose: "player" or "opponent"; stated; implied).
    Off(&'static str, u8, u8),
    /// The cells describe no Portes position.
    Position(PortesPositionError),
}

impl fmt::Display for FibsBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FibsBoardError::Prefix => f.write_str("a FIBS board begins with 'board:'"),
            FibsBoardError::FieldCount(n) => write!(
                f,
                "a FIBS board has {FIBS_BOARD_FIELDS} fields after 'board:', not {n}"
            ),
            FibsBoardError::Field(name, text) => {
                write!(f, "the FIBS board's {name} field '{text}' is out of range")
            }
            FibsBoardError::HomeBar {
                direction,
                home,
                bar,
            } => write!(
                f,
                "home {home} and bar {bar} do not fit direction {direction} (-1: home 0, bar 25; 1: home 25, bar 0)"
            ),
            FibsBoardError::Over => f.write_str("the FIBS board's turn is 0: the game is over"),
            FibsBoardError::Off(side, stated, implied) => write!(
                f,
                "the {side} has {stated} checkers off by the FIBS board's field, {implied} by its cells"
            ),
            FibsBoardError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FibsBoardError {}

/// A FIBS board read for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FibsView {
    /// The position seen from the side on roll.
    pub position: PortesPosition,
    /// The colour on roll: -1 X, 1 O.
    pub on_roll: i8,
    /// Whether the side on roll is the board's player.
    pub player_on_roll: bool,
    /// The dice of the side on roll; `None` before it rolled.
    pub dice: Option<Dice>,
    /// Points to win the match; 0 unlimited.
    pub match_length: u32,
    /// (side on roll, opponent) scores.
    pub scores: (u32, u32),
    /// Whether a double waits for an answer.
    pub doubled: bool,
}

impl FibsBoard {
    /// The board GNU Backgammon writes for `position` (seen from the side
    /// on roll, with its `dice` if rolled): the side on roll is the player,
    /// O, moving towards cell 0; cubeless (cube 1, nobody may double).
    pub fn of_position(
        position: &PortesPosition,
        dice: Option<Dice>,
        names: (&str, &str),
        match_length: u32,
        scores: (u32, u32),
    ) -> FibsBoard {
        let (own, opp) = position.sides();
        let mut cells = [0i8; 26];
        for i in 0..24 {
            // Cell i+1 is the player's point i+1; the opponent's checker on
            // its own point q sits on the player's point 25 − q.
            cells[i + 1] = own[i] as i8 - opp[23 - i] as i8;
        }
        cells[25] = own[24] as i8;
        cells[0] = -(opp[24] as i8);
        let pips = dice.map_or([0, 0], |d| [d.0.pips(), d.1.pips()]);
        FibsBoard {
            player: field_name(names.0),
            opponent: field_name(names.1),
            match_length,
            player_score: scores.0,
            opponent_score: scores.1,
            cells,
            turn: 1,
            player_dice: pips,
            opponent_dice: [0, 0],
            cube: 1,
            player_may_double: false,
            opponent_may_double: false,
            was_doubled: 0,
            color: 1,
            direction: -1,
            player_off: position.own_off(),
            opponent_off: position.opp_off(),
            trailer: [0; 4],
        }
    }

    /// The position seen from the side on roll, its dice and the score.
    pub fn view(&self) -> Result<FibsView, FibsBoardError> {
        if self.turn == 0 {
            return Err(FibsBoardError::Over);
        }
        let player_on_roll = self.turn == self.color;
        // The player's point p is cell p when it moves towards 0, cell
        // 25 − p otherwise; the opponent numbers the same cell 25 − p.
        let player_cell = |p: usize| {
            if self.direction < 0 { p } else { 25 - p }
        };
        let mut player = [0u8; 25];
        let mut opponent = [0u8; 25];
        for p in 1..=24 {
            let n = self.cells[player_cell(p)];
            if n != 0 && n.signum() == self.color {
                player[p - 1] = n.unsigned_abs();
            } else if n != 0 {
                opponent[24 - p] = n.unsigned_abs();
            }
        }
        let (player_bar, opponent_bar) = if self.direction < 0 {
            (self.cells[25], self.cells[0])
        } else {
            (self.cells[0], self.cells[25])
        };
        player[24] = player_bar.unsigned_abs();
        opponent[24] = opponent_bar.unsigned_abs();
        for (side, checkers, stated) in [
            ("player", &player, self.player_off),
            ("opponent", &opponent, self.opponent_off),
        ] {
            let on_board: u32 = checkers.iter().map(|&c| u32::from(c)).sum();
            let implied = u32::from(CHECKERS).saturating_sub(on_board) as u8;
            if on_board <= u32::from(CHECKERS) && stated != implied {
                return Err(FibsBoardError::Off(side, stated, implied));
            }
        }
        let (own, opp) = if player_on_roll {
            (player, opponent)
        } else {
            (opponent, player)
        };
        let position = PortesPosition::from_sides(own, opp).map_err(FibsBoardError::Position)?;
        let (mine, theirs) = if player_on_roll {
            (self.player_dice, self.opponent_dice)
        } else {
            (self.opponent_dice, self.player_dice)
        };
        // GNU Backgammon reads the other pair when the mover's is empty.
        let pips = if mine[0] == 0 { theirs } else { mine };
        let dice = Dice::new(pips[0], pips[1]);
        let scores = if player_on_roll {
            (self.player_score, self.opponent_score)
        } else {
            (self.opponent_score, self.player_score)
        };
        Ok(FibsView {
            position,
            on_roll: self.turn,
            player_on_roll,
            dice,
            match_length: if self.match_length == 9999 {
                0
            } else {
                self.match_length
            },
            scores,
            doubled: self.was_doubled != 0,
        })
    }
}

/// A name as a field: `:` cannot appear in one (GNU Backgammon writes `_`).
fn field_name(name: &str) -> String {
    name.replace([':', '\n', '\r', '\0'], "_")
}

impl fmt::Display for FibsBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board:{}:{}:{}:{}:{}",
            self.player, self.opponent, self.match_length, self.player_score, self.opponent_score
        )?;
        for c in self.cells {
            write!(f, ":{c}")?;
        }
        let (home, bar) = if self.direction < 0 { (0, 25) } else { (25, 0) };
        let (player_bar, opponent_bar) = if self.direction < 0 {
            (self.cells[25], self.cells[0])
        } else {
            (self.cells[0], self.cells[25])
        };
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{home}:{bar}:{}:{}:{}:{}",
            self.turn,
            self.player_dice[0],
            self.player_dice[1],
            self.opponent_dice[0],
            self.opponent_dice[1],
            self.cube,
            u8::from(self.player_may_double),
            u8::from(self.opponent_may_double),
            self.was_doubled,
            self.color,
            self.direction,
            self.player_off,
            self.opponent_off,
            player_bar.unsigned_abs(),
            opponent_bar.unsigned_abs(),
        )?;
        for t in self.trailer {
            write!(f, ":{t}")?;
        }
        Ok(())
    }
}

impl FromStr for FibsBoard {
    type Err = FibsBoardError;

    /// Reads a board string; surrounding blanks and a trailing NUL (as
    /// GNU Backgammon ends one) are ignored.
    fn from_str(text: &str) -> Result<FibsBoard, FibsBoardError> {
        let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        let rest = text.strip_prefix("board:").ok_or(FibsBoardError::Prefix)?;
        let fields: Vec<&str> = rest.split(':').collect();
        if fields.len() != FIBS_BOARD_FIELDS {
            return Err(FibsBoardError::FieldCount(fields.len()));
        }
        let mut at = 2;
        let mut next = |name: &'static str, low: i64, high: i64| {
            let text = fields[at];
            at += 1;
            text.trim()
                .parse::<i64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| FibsBoardError::Field(name, text.to_string()))
        };
        let match_length = next("match length", 0, 9999)? as u32;
        let player_score = next("player's score", 0, 9999)? as u32;
        let opponent_score = next("opponent's score", 0, 9999)? as u32;
        let mut cells = [0i8; 26];
        for cell in &mut cells {
            *cell = next("board cell", -15, 15)? as i8;
        }
        let turn = next("turn", -1, 1)? as i8;
        let mut die = |name| next(name, 0, 6).map(|n| n as u8);
        let player_dice = [die("player's die")?, die("player's die")?];
        let opponent_dice = [die("opponent's die")?, die("opponent's die")?];
        let cube = next("cube", 1, 1 << 16)? as u32;
        let player_may_double = next("may-double", 0, 1)? == 1;
        let opponent_may_double = next("may-double", 0, 1)? == 1;
        let was_doubled = next("was-doubled", -1, 1)? as i8;
        let color = next("colour", -1, 1)? as i8;
        if color == 0 {
            return Err(FibsBoardError::Field("colour", "0".into()));
        }
        let direction = next("direction", -1, 1)? as i8;
        if direction == 0 {
            return Err(FibsBoardError::Field("direction", "0".into()));
        }
        let home = next("home", 0, 25)? as u8;
        let bar = next("bar", 0, 25)? as u8;
        if (home, bar) != if direction < 0 { (0, 25) } else { (25, 0) } {
            return Err(FibsBoardError::HomeBar {
                direction,
                home,
                bar,
            });
        }
        let player_off = next("player's checkers off", 0, 15)? as u8;
        let opponent_off = next("opponent's checkers off", 0, 15)? as u8;
        // The bar counts repeat the end cells; the cells are what is read.
        next("player's bar", 0, 15)?;
        next("opponent's bar", 0, 15)?;
        let mut trailer = [0u32; 4];
        for t in &mut trailer {
            *t = next("last", 0, 9999)? as u32;
        }
        Ok(FibsBoard {
            player: fields[0].to_string(),
            opponent: fields[1].to_string(),
            match_length,
            player_score,
            opponent_score,
            cells,
            turn,
            player_dice,
            opponent_dice,
            cube,
            player_may_double,
            opponent_may_double,
            was_doubled,
            color,
            direction,
            player_off,
            opponent_off,
            trailer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portes::{parse_portes_board_text, portes_position_id};

    /// What GNU Backgammon 1.07 sent its external player 0 (X, on roll
    /// with 4-3) after O (player 1) opened 24/21 13/11.
    const FROM_GNUBG: &str = "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:1:-5:4:0:0:0:-3:0:-5:0:1:0:0:1:0:-1:4:3:4:3:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1\n\0";

    fn board(text: &str) -> PortesPosition {
        parse_portes_board_text(text).unwrap()
    }

    #[test]
    fn gnubg_board_reads_for_x_on_roll() {
        let b: FibsBoard = FROM_GNUBG.parse().unwrap();
        let v = b.view().unwrap();
        assert_eq!(v.on_roll, -1);
        assert!(!v.player_on_roll);
        assert_eq!(v.dice, Dice::new(4, 3));
        assert_eq!(
            v.position,
            board("24:2 13:5 8:3 6:5 / 24:1 21:1 13:4 11:1 8:3 6:5")
        );
        assert_eq!((v.match_length, v.scores, v.doubled), (0, (0, 0), false));
    }

    #[test]
    fn written_board_reads_back_identically() {
        let b: FibsBoard = FROM_GNUBG.parse().unwrap();
        let text = b.to_string();
        assert_eq!(format!("{text}\n\0"), FROM_GNUBG);
        assert_eq!(text.parse::<FibsBoard>().unwrap(), b);
    }

    #[test]
    fn of_position_round_trips_bar_off_dice_and_score() {
        let p = board("bar:1 20:2 6:3 1:4 / bar:2 23:1 3:5 2:3");
        let dice = Dice::new(6, 2);
        let b = FibsBoard::of_position(&p, dice, ("us", "them:x"), 7, (3, 5));
        let text = b.to_string();
        assert!(text.starts_with("board:us:them_x:7:3:5:-2:"), "{text}");
        let v: FibsView = text.parse::<FibsBoard>().unwrap().view().unwrap();
        assert_eq!(v.position, p);
        assert_eq!(v.dice, dice);
        assert!(v.player_on_roll);
        assert_eq!((v.match_length, v.scores), (7, (3, 5)));
        // 5 and 3 off: the fields say so.
        assert_eq!((b.player_off, b.opponent_off), (5, 4));
    }

    /// The same position drawn for each colour and direction, the side on
    /// roll being either the player or the opponent, reads the same.
    #[test]
    fn either_colour_and_direction_read_the_same_position() {
        let p = board("bar:1 22:2 13:4 6:5 / 24:2 18:1 13:5 8:3 6:3");
        let base = FibsBoard::of_position(&p, Dice::new(5, 1), ("a", "b"), 0, (0, 0));
        for color in [1i8, -1] {
            for direction in [-1i8, 1] {
                for player_on_roll in [true, false] {
                    let mut b = base.clone();
                    // Redraw: recolour, mirror the cells for direction 1,
                    // and make the opponent the side on roll by swapping
                    // the roles of the two sides.
                    let mut cells = base.cells;
                    if !player_on_roll {
                        // The player becomes the side not on roll: its
                        // points are numbered from the other end.
                        let mut swapped = [0i8; 26];
                        for i in 1..=24 {
                            swapped[i] = -cells[25 - i];
                        }
                        swapped[25] = -cells[0];
                        swapped[0] = -cells[25];
                        cells = swapped;
                        b.player_off = base.opponent_off;
                        b.opponent_off = base.player_off;
                        b.opponent_dice = base.player_dice;
                        b.player_dice = [0, 0];
                    }
                    if direction == 1 {
                        cells.reverse();
                    }
                    if color == -1 {
                        cells.iter_mut().for_each(|c| *c = -*c);
                    }
                    b.cells = cells;
                    b.color = color;
                    b.direction = direction;
                    b.turn = if player_on_roll { color } else { -color };
                    let text = b.to_string();
                    let read: FibsBoard = text.parse().unwrap();
                    assert_eq!(read, b);
                    let v = read.view().unwrap();
                    assert_eq!(v.position, p, "{text}");
                    assert_eq!(v.player_on_roll, player_on_roll);
                    assert_eq!(v.dice, Dice::new(5, 1));
                }
            }
        }
    }

    #[test]
    fn start_position_is_gnubgs_start() {
        let b = FibsBoard::of_position(&PortesPosition::start(), None, ("a", "b"), 0, (0, 0));
        let v = b.to_string().parse::<FibsBoard>().unwrap().view().unwrap();
        assert_eq!(portes_position_id(&v.position), "4HPwATDgc/ABMA");
        assert_eq!(v.dice, None);
    }

    #[test]
    fn malformed_boards_are_refused_with_reasons() {
        let good = FROM_GNUBG.trim_end_matches(['\n', '\0']);
        let cases: Vec<(String, &str)> = vec![
            ("bored:x".into(), "begins with 'board:'"),
            (format!("{good}:0"), "not 53"),
            (good.replacen(":-2:", ":-20:", 1), "board cell field '-20'"),
            (good.replacen(":-1:4:3:", ":-1:7:3:", 1), "die field '7'"),
            (
                good.replacen(":1:-1:0:25:", ":1:-1:25:0:", 1),
                "home 25 and bar 0",
            ),
            (good.replacen(":-1:4:3:", ":0:4:3:", 1), "game is over"),
            (
                good.replacen(":0:25:0:0:", ":0:25:2:0:", 1),
                "2 checkers off",
            ),
            (
                good.replacen(":0:1:0:0:1:0:", ":-3:1:0:0:1:0:", 1),
                "not 15",
            ),
        ];
        for (text, reason) in cases {
            let error = text
                .parse::<FibsBoard>()
                .and_then(|b| b.view())
                .expect_err(&text);
            assert!(
                error.to_string().contains(reason),
                "{text}: '{error}' lacks '{reason}'"
            );
        }
    }
}
