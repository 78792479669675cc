//! The board as data for `show board` in JSON in a game of the table
//! (Portes), filled from the board picture the drawing uses: the type,
//! which the replies hold, is `crate::table_board_data`.

use plakoto_rules::{Seat, Side};

use crate::board_data::{PerSide, PointData};
use crate::board_picture::BoardPicture;
use crate::table_board_data::TableBoardData;

impl TableBoardData {
    /// The board `picture` shows, the side on roll being `on_roll`.
    pub fn new(picture: &BoardPicture, on_roll: Side) -> TableBoardData {
        let side_of = |seat: Seat| match seat {
            Seat::OnRoll => on_roll,
            Seat::Opponent => on_roll.other(),
        };
        // The picture keeps the side on roll's value first.
        let per_side = |[own, opp]: [u8; 2]| match on_roll {
            Side::X => PerSide { x: own, o: opp },
            Side::O => PerSide { x: opp, o: own },
        };
        let [own_pips, opp_pips] = picture.pips;
        let points = picture
            .points
            .iter()
            .zip(1u8..)
            .map(|(&(seat, count), point)| PointData {
                point,
                side: seat.map(side_of),
                count,
                pinned: None,
            })
            .collect();
        TableBoardData {
            on_roll,
            points,
            bar: per_side(picture.bar),
            off: per_side(picture.off),
            pips: match on_roll {
                Side::X => PerSide {
                    x: own_pips,
                    o: opp_pips,
                },
                Side::O => PerSide {
                    x: opp_pips,
                    o: own_pips,
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TableProtocol;
    use plakoto_rules::Portes;
    use plakoto_rules::TavliGame;
    use plakoto_rules::portes::PortesScoring;

    #[test]
    fn p_bar_and_points_seen_from_the_side_on_roll() {
        let game = Portes::new(PortesScoring::Standard);
        // O on roll: one of its checkers on the bar, one of X's borne off.
        let position = game
            .parse_board_text("bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:4 off:1")
            .expect("a Portes board");
        let data = TableBoardData::new(&game.picture(&position), Side::O);
        assert_eq!(data.on_roll, Side::O);
        assert_eq!(data.bar, PerSide { x: 0, o: 1 });
        assert_eq!(data.off, PerSide { x: 1, o: 0 });
        let at = |n: usize| data.points[n - 1];
        assert_eq!((at(24).side, at(24).count), (Some(Side::O), 1));
        assert_eq!((at(6).side, at(6).count), (Some(Side::O), 5));
        // X's 6-point is O's 19.
        assert_eq!((at(19).side, at(19).count), (Some(Side::X), 4));
        assert_eq!((at(1).side, at(1).count), (Some(Side::X), 2));
        assert!(data.points.iter().all(|p| p.pinned.is_none()));
        assert_eq!(data.pips.o, 25 + 24 + 65 + 24 + 30);
        let json = serde_json::to_value(&data).unwrap();
        assert_eq!(json["bar"], serde_json::json!({"X": 0, "O": 1}));
    }
}
