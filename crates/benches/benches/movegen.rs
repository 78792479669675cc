//! Criterion benchmark of move generation: the same fixed suites as
//! `plakoto bench movegen` (Plakoto, `--game portes`, `--game fevga`), in
//! smaller slices per iteration, through the game layer (throughput is
//! plays generated, so the games read in the same unit).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plakoto_rules::TavliGame;
use plakoto_rules::{Fevga, Plakoto, Portes};
use plakoto_tools::bench::movegen::{expand_suite, suite};
use plakoto_tools::bench::portes_movegen::portes_suite;
use plakoto_tools::bench::table_suite::table_suite;
use plakoto_tools::games::fevga::FEVGA_SUITE_SEED;

fn bench_game<G: TavliGame>(c: &mut Criterion, game: G, positions: &[G::Position]) {
    let mut generator = game.generator();
    let mut out = G::PlayList::default();
    let (_, plays) = expand_suite(game, positions, &mut generator, &mut out);
    let mut group = c.benchmark_group(format!("{} movegen", G::KIND));
    group.throughput(Throughput::Elements(plays as u64));
    group.bench_function("500 positions x 21 rolls", |b| {
        b.iter(|| expand_suite(game, positions, &mut generator, &mut out))
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    bench_game(c, Plakoto::default(), &suite(500));
    bench_game(c, Portes::default(), &portes_suite(500));
    let fevga = Fevga::default();
    bench_game(c, fevga, &table_suite(fevga, FEVGA_SUITE_SEED, 500, 6));
}

criterion_group!(benches, movegen);
criterion_main!(benches);
