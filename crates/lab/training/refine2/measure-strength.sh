#!/usr/bin/env bash
# Benchmark figures for issue 18's closing (run from the repository root).
set -u
P=target/release/plakoto; M=runs/measure
j() { local name=$1; shift; echo "== $name: $*"; "$P" bench strength --threads 2 --json "$@" > $M/$name.json 2> $M/$name.err; python3 -c "import json,sys; r=json.load(open('$M/$name.json')); print('$name', round(r['mean_loss_milli'],2), round(r['standard_error_milli'],2), round(100*r['blunder_rate'],2), {k: round(v['mean_loss_milli'],1) for k,v in r['by_phase'].items()} if isinstance(r['by_phase'],dict) else r['by_phase'])"; }
N=crates/lab/benchmarks/standard.jsonl.gz; O=crates/lab/benchmarks/standard-v1.jsonl.gz; T=crates/lab/benchmarks/standard-r3.jsonl.gz
j N-new0 --roll-unlisted --choices $M/N-new0.tsv
j N-old0 --weights crates/lab/weights/82fe2015.net --roll-unlisted --choices $M/N-old0.tsv
j N-new1 --plies 1 --roll-unlisted --choices $M/N-new1.tsv
j N-new2 --plies 2 --roll-unlisted --choices $M/N-new2.tsv
j O-new0 --benchmark $O --roll-unlisted --rollout-weights crates/lab/weights/82fe2015.net --choices $M/O-new0.tsv
j T-new0 --benchmark $T --roll-unlisted --rollout-weights crates/lab/weights/c4a306d5.net --choices $M/T-new0.tsv
j N-heur --evaluator heuristic
j N-pip --evaluator pipcount
j N-rand --evaluator random
j N-new3 --plies 3 --roll-unlisted --choices $M/N-new3.tsv
j N-old2 --weights crates/lab/weights/82fe2015.net --plies 2 --roll-unlisted --choices $M/N-old2.tsv
