//! The tests of `plakoto_tools::arena::turn`.

use plakoto_tools::arena::turn::*;

#[test]
fn turns_read_back_as_written() {
    for text in [
        "X 6-5: 24/18 24/19",
        "O passed 3 3: 24/21(2)",
        "X 2-1: fault",
        "O 1-1: pass",
    ] {
        let turn: Turn = text.parse().unwrap();
        assert_eq!(turn.to_string(), text);
        let json = serde_json::to_string(&turn).unwrap();
        assert_eq!(serde_json::from_str::<Turn>(&json).unwrap(), turn);
    }
    let fault: Turn = "X 2-1: fault".parse().unwrap();
    assert_eq!(fault.play, TurnPlay::Fault);
    assert!(fault.record_turn().is_none());
    assert!("X: 24/18".parse::<Turn>().is_err());
}
