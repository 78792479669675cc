#!/usr/bin/env bash
# Rolls out training decisions (benchmark format) in 16 shards at once for a
# fixed time, then merges what was done: the batch job behind
# crates/lab/training/refine5/rollouts/, run on a lent 16-core machine (one call each).
#   crates/lab/training/refine5/roll.sh BINARY SEED SECONDS OUT.jsonl.gz [BUILD OPTIONS...]
# A stopped build keeps every finished decision: run it again with
# `--done-in OUT.jsonl.gz` (and another OUT) to go on where it stopped.
set -euo pipefail
bin=$1 seed=$2 secs=$3 out=$4
shift 4
work=$(mktemp -d)
for k in $(seq 1 16); do
  timeout -s INT "$secs" "$bin" benchmark build --out "$work/s$k.jsonl" --decisions 20000 \
    --seed "$seed" --shard "$k/16" "$@" > "$work/log$k" 2>&1 &
done
wait || true
# A build stopped mid-write may leave its last line cut short: keep only
# whole lines that parse.
python3 - "$work" <<'PY'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/s*.jsonl"):
    whole = []
    for line in open(path):
        try:
            json.loads(line)
        except ValueError:
            continue
        whole.append(line if line.endswith("\n") else line + "\n")
    open(path, "w").writelines(whole)
PY
"$bin" benchmark merge --out "$out" "$work"/s*.jsonl
