//! Lists the games' own page scripts, `src/assets/games/*.js`, for
//! `assets.rs` to embed and serve: a game's script (its IDs, its
//! switches, the steps of a play made by clicking) is served because its
//! file is there, so a new game adds a file and edits no list.

use std::path::Path;
use std::{env, fs};

const GAMES_DIR: &str = "src/assets/games";

fn main() {
    println!("cargo:rerun-if-changed={GAMES_DIR}");
    let mut names: Vec<String> = fs::read_dir(GAMES_DIR)
        .unwrap_or_else(|e| panic!("{GAMES_DIR}: {e}"))
        .map(|entry| entry.expect("a readable folder entry").file_name())
        .filter_map(|name| name.into_string().ok())
        .filter(|name| name.ends_with(".js"))
        .collect();
    // Name order, so the page's script is the same from build to build.
    names.sort();
    let mut list = String::from("&[\n");
    for name in &names {
        list += &format!(
            "    (\"games/{name}\", include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{GAMES_DIR}/{name}\"))),\n"
        );
    }
    list += "]\n";
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("game_scripts.rs");
    fs::write(&out, list).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
