//! The tests of `plakoto_tools::arena::shard`.

use plakoto_tools::arena::shard::*;

#[test]
fn shards_split_pairs_never_games_of_a_pair() {
    let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
    for unit in 0..40u64 {
        let owners: Vec<&Shard> = shards.iter().filter(|s| s.contains(unit)).collect();
        assert_eq!(owners.len(), 1, "unit {unit}");
        let partner = unit ^ 1;
        assert!(owners[0].contains(partner), "pair of unit {unit} split");
    }
    assert_eq!("2/3".parse::<Shard>().unwrap().to_string(), "2/3");
    for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}
