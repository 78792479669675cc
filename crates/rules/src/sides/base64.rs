//! Standard base64 (the most significant bits of each byte first) without
//! padding characters, as GNU Backgammon writes its Position and Match
//! IDs (P7a).

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a text is not the base64 of so many bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base64Error {
    /// Not the right number of characters (the number found).
    Length(usize),
    /// A character outside the base64 alphabet.
    NotBase64(char),
    /// The bits past the last byte are not zero.
    PaddingSet,
}

/// Characters that write `bytes` bytes.
pub(crate) const fn encoded_len(bytes: usize) -> usize {
    (bytes * 8).div_ceil(6)
}

/// `bytes` as base64, without padding.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(encoded_len(bytes.len()));
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let group = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        // A chunk of n bytes is written in n + 1 characters.
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(group >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The `N` bytes `text` writes.
pub(crate) fn decode<const N: usize>(text: &str) -> Result<[u8; N], Base64Error> {
    let count = text.chars().count();
    if count != encoded_len(N) {
        return Err(Base64Error::Length(count));
    }
    let mut bits: u128 = 0;
    for c in text.chars() {
        let value = ALPHABET
            .iter()
            .position(|&a| char::from(a) == c)
            .ok_or(Base64Error::NotBase64(c))?;
        bits = bits << 6 | value as u128;
    }
    let padding = encoded_len(N) * 6 - N * 8;
    if bits & ((1 << padding) - 1) != 0 {
        return Err(Base64Error::PaddingSet);
    }
    let bits = bits >> padding;
    Ok(std::array::from_fn(|i| {
        (bits >> (8 * (N - 1 - i)) & 0xff) as u8
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_and_nine_bytes_round_trip() {
        let ten: [u8; 10] = [0, 1, 2, 254, 255, 128, 64, 3, 99, 7];
        let text = encode(&ten);
        assert_eq!(text.len(), 14);
        assert_eq!(decode::<10>(&text), Ok(ten));
        let nine: [u8; 9] = [255, 0, 17, 34, 51, 68, 85, 102, 119];
        let text = encode(&nine);
        assert_eq!(text.len(), 12);
        assert_eq!(decode::<9>(&text), Ok(nine));
        assert_eq!(decode::<9>("AAAA"), Err(Base64Error::Length(4)));
        assert_eq!(
            decode::<9>("AAAAAAAAAAA!"),
            Err(Base64Error::NotBase64('!'))
        );
        assert_eq!(decode::<10>("AAAAAAAAAAAAAB"), Err(Base64Error::PaddingSet));
    }
}
