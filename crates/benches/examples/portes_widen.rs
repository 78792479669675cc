//! Widens a Portes weight file to the current input layout by appending
//! zero weights for the inputs it lacks: the start of a run that teaches
//! a trained net new inputs (`plakoto train --game portes --init OUT`)
//! without losing what it knows. The old file's inputs must be a prefix of
//! today's (as `portes-tdg-v1`'s are of `portes-tdg-v2`'s: the contact
//! features were appended).
//!
//! ```sh
//! cargo run --release -p plakoto-benches --example portes_widen -- OLD.net OUT.net
//! ```

use std::path::Path;

use plakoto_engine::game::portes::net::PORTES_MAGIC as MAGIC;
use plakoto_engine::game::portes::net::PortesNetwork;
use plakoto_engine::game::portes::net::inputs::INPUTS;
use plakoto_engine::game::portes::net::outcomes::OUTCOMES;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [old, out] = args.as_slice() else {
        return Err("usage: portes_widen OLD.net OUT.net".into());
    };
    let bytes = std::fs::read(old).map_err(|e| format!("{old}: {e}"))?;
    if bytes.len() < 28 || &bytes[..8] != MAGIC {
        return Err(format!("{old}: not a Portes weight file"));
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let (inputs, hidden, outputs) = (
        u32_at(12) as usize,
        u32_at(16) as usize,
        u32_at(20) as usize,
    );
    if outputs != OUTCOMES || inputs > INPUTS {
        return Err(format!(
            "{old}: {inputs} inputs and {outputs} outputs cannot widen to {INPUTS} and {OUTCOMES}"
        ));
    }
    let name_end = 28 + u32_at(24) as usize;
    let floats: Vec<f32> = bytes[name_end..bytes.len() - 8]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    let (w1, rest) = floats.split_at(inputs * hidden);
    let (b1, rest) = rest.split_at(hidden);
    let (w2, b2) = rest.split_at(OUTCOMES * hidden);
    if b2.len() != OUTCOMES {
        return Err(format!("{old}: the weights do not match the header"));
    }
    let mut wide = w1.to_vec();
    wide.resize(INPUTS * hidden, 0.0);
    let net = PortesNetwork::from_parts(hidden, wide, b1.to_vec(), w2.to_vec(), b2.to_vec());
    net.save(Path::new(out)).map_err(|e| e.to_string())?;
    println!(
        "{out}: {inputs} -> {INPUTS} inputs, {hidden} hidden, {}",
        net.short_hash()
    );
    Ok(())
}
