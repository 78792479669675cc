//! The tests of `plakoto_tools::external::address`.

use plakoto_tools::external::address::*;

#[test]
fn addresses_read_as_gnubg_writes_them() {
    assert_eq!(
        "localhost:9191".parse(),
        Ok(ListenAddress::Tcp("localhost:9191".into()))
    );
    assert_eq!(
        "/tmp/plakoto.sock".parse(),
        Ok(ListenAddress::Unix("/tmp/plakoto.sock".into()))
    );
    assert!("localhost:99999".parse::<ListenAddress>().is_err());
    assert!("".parse::<ListenAddress>().is_err());
}
