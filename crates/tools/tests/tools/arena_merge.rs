//! The tests of `plakoto_tools::arena::merge`.

use plakoto_tools::arena::merge::missing_shards;
use plakoto_tools::arena::shard::Shard;

#[test]
fn missing_shards_are_named() {
    let s = |k| Some(Shard { index: k, count: 3 });
    assert_eq!(missing_shards(&[s(1), s(3)]), vec!["2/3".to_string()]);
    assert!(missing_shards(&[s(1), s(2), s(3)]).is_empty());
    assert!(missing_shards(&[None]).is_empty());
}
