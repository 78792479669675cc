use plakoto::game::*;
fn main() {
    let suite = plakoto::sampling::midgame_suite(1, 10_000, 6);
    let mut g = MoveGenerator::default();
    let mut out = PlayList::default();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let mut plays = 0usize;
        let mut exp = 0usize;
        for p in &suite {
            for (d, _) in Dice::all_rolls() {
                g.generate(p, &d.numbers(Variant::Standard), &mut out);
                plays += out.len();
                exp += 1;
            }
        }
        let el = t.elapsed();
        println!(
            "{exp} expansions {plays} plays {:?}: {:.1} ns/play {:.0} exp/s",
            el,
            el.as_nanos() as f64 / plays as f64,
            exp as f64 / el.as_secs_f64()
        );
    }
}
