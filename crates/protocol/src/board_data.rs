//! The board as data for `show board` in JSON: every point with whose
//! checkers are on top, how many, and who is pinned under them; checkers
//! off, pip counts and the state of both mothers. A GUI draws from this
//! without reading the ASCII drawing or knowing the Position ID's bits.

use serde::Serialize;

use plakoto_rules::{Point, Position, Side};

/// Both sides' value of something, keyed `X` and `O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerSide<T> {
    /// X's value.
    #[serde(rename = "X")]
    pub x: T,
    /// O's value.
    #[serde(rename = "O")]
    pub o: T,
}

impl<T> PerSide<T> {
    /// From the values of the side on roll and of its opponent.
    fn from_roller(on_roll: Side, own: T, opp: T) -> PerSide<T> {
        match on_roll {
            Side::X => PerSide { x: own, o: opp },
            Side::O => PerSide { x: opp, o: own },
        }
    }
}

/// One point, in the numbering of the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PointData {
    /// 1..=24, the side on roll's numbering (R2).
    pub point: u8,
    /// Whose checkers are on top (they control the point); `None` if empty.
    pub side: Option<Side>,
    /// That side's checkers there (the pinned one under them not counted).
    pub count: u8,
    /// The side of a checker pinned under them (R4), if any.
    pub pinned: Option<Side>,
}

/// Where a side's mother (its last checker on its own 24-point, R15) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mother {
    /// Checkers still on the side's own 24-point, free.
    Home,
    /// The side's checker on its own 24-point is pinned (R15, R16).
    Pinned,
    /// No checker left on the side's own 24-point.
    Gone,
}

/// The board as data (see protocol.md, section 4, `board`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardData {
    /// The side the points are numbered for.
    pub on_roll: Side,
    /// Points 1 to 24 in the numbering of the side on roll.
    pub points: Vec<PointData>,
    /// Checkers borne off.
    pub off: PerSide<u8>,
    /// Pip counts, each side in its own numbering.
    pub pips: PerSide<u32>,
    /// The mothers.
    pub mothers: PerSide<Mother>,
}

impl BoardData {
    /// The board of `position`, seen from `on_roll`.
    pub fn new(position: &Position, on_roll: Side) -> BoardData {
        let opponent = on_roll.other();
        let points = Point::all()
            .map(|p| {
                let (own, opp) = (position.own_count(p), position.opp_count(p));
                let (side, count, pinned) = if position.opp_pinned_at(p) {
                    (Some(on_roll), own, Some(opponent))
                } else if position.own_pinned_at(p) {
                    (Some(opponent), opp, Some(on_roll))
                } else if own > 0 {
                    (Some(on_roll), own, None)
                } else if opp > 0 {
                    (Some(opponent), opp, None)
                } else {
                    (None, 0, None)
                };
                PointData {
                    point: p.number(),
                    side,
                    count,
                    pinned,
                }
            })
            .collect();
        let mother = |count: u8, pinned: bool| match (count, pinned) {
            (_, true) => Mother::Pinned,
            (0, false) => Mother::Gone,
            _ => Mother::Home,
        };
        BoardData {
            on_roll,
            points,
            off: PerSide::from_roller(on_roll, position.own_off(), position.opp_off()),
            pips: PerSide::from_roller(on_roll, position.own_pips(), position.opp_pips()),
            mothers: PerSide::from_roller(
                on_roll,
                mother(
                    position.own_count(Point::START),
                    position.own_pinned_at(Point::START),
                ),
                mother(
                    position.opp_count(Point::OPPONENT_START),
                    position.opp_pinned_at(Point::OPPONENT_START),
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::parse_board_text;

    #[test]
    fn r4_pins_are_data_under_the_pinning_side() {
        let p = parse_board_text("24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2").expect("board");
        let b = BoardData::new(&p, Side::O);
        let at = |n: u8| b.points[usize::from(n) - 1];
        assert_eq!(
            at(7),
            PointData {
                point: 7,
                side: Some(Side::O),
                count: 2,
                pinned: Some(Side::X)
            }
        );
        // The opponent's 5 is the roller's 20.
        assert_eq!((at(20).side, at(20).count), (Some(Side::X), 2));
        assert_eq!((at(24).side, at(24).count), (Some(Side::O), 10));
        assert_eq!((at(1).side, at(1).count), (Some(Side::X), 12));
        assert_eq!((at(2).side, at(2).count, at(2).pinned), (None, 0, None));
        assert_eq!(b.off, PerSide { x: 0, o: 0 });
        assert_eq!(b.pips.o, p.own_pips());
        assert_eq!(b.pips.x, p.opp_pips());
        assert_eq!(
            b.mothers,
            PerSide {
                x: Mother::Home,
                o: Mother::Home
            }
        );
    }

    #[test]
    fn r15_mothers_pinned_and_gone() {
        // The roller's last checker on its 24 is pinned by the opponent; the
        // opponent has left its own 24 (the roller's 1).
        let p = parse_board_text("24:1* 10:14 / 5:2 1:13").expect("board");
        let b = BoardData::new(&p, Side::X);
        assert_eq!(
            b.mothers,
            PerSide {
                x: Mother::Pinned,
                o: Mother::Gone
            }
        );
        assert_eq!(b.points[23].side, Some(Side::O));
        assert_eq!(b.points[23].pinned, Some(Side::X));
    }
}
