//! "Did you mean …?" for an unknown command: the nearest command word by
//! edit distance (insertions, deletions, substitutions and swaps of two
//! neighbouring letters each count one), so `moev` suggests `move` and
//! `hnit` suggests `hint`.

use super::command::{ALIASES, COMMANDS, command_words};

/// The command word nearest to `word`, when one is close enough to be a
/// likely typo: at most one edit for words of up to four letters, two for
/// longer ones. `None` for an exact command word (nothing to suggest) or
/// when nothing is close.
pub fn nearest_command(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.is_empty() || word.len() > 40 {
        return None;
    }
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &'static str)> = None;
    for candidate in candidates() {
        if candidate == word {
            return None;
        }
        let d = distance(&word, candidate);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// The first words of every command and alias, in `list_commands` order.
fn candidates() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .filter_map(|form| command_words(form).first().copied())
        .chain(ALIASES.iter().map(|(alias, _)| *alias))
        // A one-letter alias is a neighbour of every short typo.
        .filter(|w| w.len() > 1)
}

/// Optimal string alignment distance (Damerau–Levenshtein without
/// repeated edits of one substring), over characters.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_of_commands_suggest_them() {
        assert_eq!(nearest_command("moev"), Some("move"));
        assert_eq!(nearest_command("hnit"), Some("hint"));
        assert_eq!(nearest_command("rol"), Some("roll"));
        assert_eq!(nearest_command("rollotu"), Some("rollout"));
        assert_eq!(nearest_command("shwo"), Some("show"));
        assert_eq!(nearest_command("EVAL"), None, "a known word in capitals");
        assert_eq!(nearest_command("quti"), Some("quit"));
    }

    #[test]
    fn far_words_and_known_words_suggest_nothing() {
        assert_eq!(nearest_command("move"), None);
        assert_eq!(nearest_command("xyzzy"), None);
        assert_eq!(nearest_command("banana"), None);
        assert_eq!(nearest_command(""), None);
    }

    #[test]
    fn distance_counts_swaps_as_one_edit() {
        assert_eq!(distance("moev", "move"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }
}
