#!/usr/bin/env bash
# Shows where a run submitted by submit.sh stands: each shard (done, failed,
# not finished) and the merge. Exit status: 0 merged, 1 stopped short (a task
# failed or was cancelled: resubmit with submit.sh --resume DIR), 3 still
# queued or running.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/slurm/lib.sh
source "$here/lib.sh"

case "${1:-}${2:-}" in *-h | *--help) echo "usage: status.sh DIR (exit 0 merged, 1 stopped short, 3 in progress)"; exit 0 ;; esac
[ $# -eq 1 ] || { echo "usage: status.sh DIR" >&2; exit 2; }
dir=$(cd "$1" && pwd)
load_run "$dir"

queued=""
if [ -f "$dir/jobs" ]; then
    ids=$(cut -d' ' -f2 "$dir/jobs" | paste -sd, -)
    queued=$(squeue -h -j "$ids" -o '%i %T' 2>/dev/null || true)
fi

echo "run $dir: $WORK, $TASKS shards, $CPUS cores a task"
failed=0
for ((k = 1; k <= TASKS; k++)); do
    if [ -f "$dir/state/task-$k.done" ]; then
        echo "  shard $k: done"
    elif [ -f "$dir/state/task-$k.failed" ]; then
        failed=1
        echo "  shard $k: FAILED (exit $(cat "$dir/state/task-$k.failed")); the end of $dir/logs/task-$k.log:"
        tail -n 3 "$dir/logs/task-$k.log" | sed 's/^/      /'
    else
        echo "  shard $k: not finished"
    fi
done

result=$(result_file "$dir")
if [ -f "$result" ]; then
    echo "  merged: $result (summary: $dir/summary.txt)"
    exit 0
fi
if [ -n "$queued" ]; then
    echo "  queued or running:"
    while read -r job state; do echo "    job $job: $state"; done <<<"$queued"
    exit 3
fi
if [ "$failed" -eq 1 ]; then
    echo "  not merged: a shard failed, so the merge job did not run (Slurm cancels it)."
else
    echo "  not merged: no job of this run is queued (cancelled, or killed?)."
fi
echo "  resubmit the rest with: $here/submit.sh --resume $dir"
exit 1
