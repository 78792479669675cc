#!/usr/bin/env bash
# Benchmark one net at 0 ply on the default Standard set (rolled out by the
# shipped net 4ccbb6b8), keeping its choices for scripts/choices_ratio.py
# against 82fe2015's (crates/lab/training/refine2/benchmark/std2-old0.tsv, same set).
#   crates/lab/training/refine3/measure.sh NAME NET [more bench strength options]
# Run from the repository root after `cargo build --release`.
set -euo pipefail
name=$1 net=$2; shift 2
B=crates/lab/training/refine3/benchmark
target/release/plakoto bench strength --threads 2 --json --roll-unlisted --weights "$net" \
  --choices "$B/std-$name.tsv" "$@" > "$B/json/$name.json"
python3 - "$B/json/$name.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
phases = " ".join(f"{k} {v['mean_loss_milli']:.1f}/{round(v['blunder_rate'] * v['decisions'])}"
                  for k, v in r["by_phase"].items())
print(f"{sys.argv[2]}: {r['mean_loss_milli']:.2f} +- {r['standard_error_milli']:.2f}, "
      f"blunders {100 * r['blunder_rate']:.2f}% ({round(r['blunder_rate'] * r['decisions'])}); {phases}")
PY
python3 scripts/choices_ratio.py "$B/std-$name.tsv" crates/lab/training/refine2/benchmark/std2-old0.tsv | tail -n 1
