//! The circles of a directed graph: its strongly connected components of
//! more than one node (or one node with an edge to itself), by Tarjan's
//! algorithm.

use std::collections::{BTreeMap, BTreeSet};

/// The circles of the graph given as node to its successors, each circle's
/// nodes sorted, circles in the order of their first node.
pub fn circles<E>(graph: &BTreeMap<String, BTreeMap<String, E>>) -> Vec<Vec<String>> {
    let mut nodes: BTreeSet<&str> = BTreeSet::new();
    for (from, to) in graph {
        nodes.insert(from);
        nodes.extend(to.keys().map(String::as_str));
    }
    let mut search = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in nodes {
        if !search.index.contains_key(node) {
            search.visit(node);
        }
    }
    let mut found = search.found;
    for circle in &mut found {
        circle.sort();
    }
    found.sort();
    found
}

struct Tarjan<'g, E> {
    graph: &'g BTreeMap<String, BTreeMap<String, E>>,
    index: BTreeMap<&'g str, usize>,
    low: BTreeMap<&'g str, usize>,
    stack: Vec<&'g str>,
    on_stack: BTreeSet<&'g str>,
    next: usize,
    found: Vec<Vec<String>>,
}

impl<'g, E> Tarjan<'g, E> {
    fn visit(&mut self, node: &'g str) {
        self.index.insert(node, self.next);
        self.low.insert(node, self.next);
        self.next += 1;
        self.stack.push(node);
        self.on_stack.insert(node);
        let successors = self.graph.get(node).into_iter().flat_map(|to| to.keys());
        let mut self_loop = false;
        for next in successors {
            let next = next.as_str();
            self_loop |= next == node;
            if !self.index.contains_key(next) {
                self.visit(next);
                let low = self.low[node].min(self.low[next]);
                self.low.insert(node, low);
            } else if self.on_stack.contains(next) {
                let low = self.low[node].min(self.index[next]);
                self.low.insert(node, low);
            }
        }
        if self.low[node] == self.index[node] {
            let mut component = Vec::new();
            while let Some(top) = self.stack.pop() {
                self.on_stack.remove(top);
                component.push(top.to_string());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 || self_loop {
                self.found.push(component);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> BTreeMap<String, BTreeMap<String, ()>> {
        let mut graph: BTreeMap<String, BTreeMap<String, ()>> = BTreeMap::new();
        for (from, to) in edges {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string(), ());
        }
        graph
    }

    #[test]
    fn a_graph_without_circles_has_none() {
        let g = graph(&[("a", "b"), ("b", "c"), ("a", "c"), ("d", "c")]);
        assert!(circles(&g).is_empty());
    }

    #[test]
    fn every_circle_is_found_once() {
        let g = graph(&[
            ("a", "b"),
            ("b", "c"),
            ("c", "a"),
            ("c", "d"),
            ("d", "e"),
            ("e", "d"),
            ("f", "f"),
            ("g", "a"),
        ]);
        assert_eq!(
            circles(&g),
            [vec!["a", "b", "c"], vec!["d", "e"], vec!["f"]]
        );
    }
}
