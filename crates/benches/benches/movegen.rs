//! Criterion benchmark of move generation: the same fixed suite as
//! `plakoto bench movegen`, in smaller slices per iteration, and a Portes
//! suite of the same size beside it (throughput is plays generated, so the
//! two read in the same unit).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plakoto_rules::portes::{PortesMoveGenerator, PortesPlayList};
use plakoto_rules::{MoveGenerator, PlayList};
use plakoto_tools::bench::movegen::{expand_all, suite};
use plakoto_tools::bench::portes_movegen::{expand_all_portes, portes_suite};

fn movegen(c: &mut Criterion) {
    let suite = suite(500);
    let mut generator = MoveGenerator::default();
    let mut out = PlayList::default();
    let (_, plays) = expand_all(&suite, &mut generator, &mut out);
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(plays as u64));
    group.bench_function("500 positions x 21 rolls", |b| {
        b.iter(|| expand_all(&suite, &mut generator, &mut out))
    });
    group.finish();
}

fn portes_movegen(c: &mut Criterion) {
    let suite = portes_suite(500);
    let mut generator = PortesMoveGenerator::default();
    let mut out = PortesPlayList::default();
    let (_, plays) = expand_all_portes(&suite, &mut generator, &mut out);
    let mut group = c.benchmark_group("portes movegen");
    group.throughput(Throughput::Elements(plays as u64));
    group.bench_function("500 positions x 21 rolls", |b| {
        b.iter(|| expand_all_portes(&suite, &mut generator, &mut out))
    });
    group.finish();
}

criterion_group!(benches, movegen, portes_movegen);
criterion_main!(benches);
