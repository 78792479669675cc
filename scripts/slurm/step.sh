#!/usr/bin/env bash
# One job of a run submitted by submit.sh, as Slurm runs it:
#   step.sh task DIR    plays shard $SLURM_ARRAY_TASK_ID (resuming its work file)
#   step.sh merge DIR   merges the shards into the run's result and summary
# Also usable by hand, without Slurm: `SLURM_ARRAY_TASK_ID=3 step.sh task DIR`.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/slurm/lib.sh
source "$here/lib.sh"

[ $# -eq 2 ] || { echo "usage: step.sh task|merge DIR" >&2; exit 2; }
step=$1
dir=$2
load_run "$dir"

run_task() {
    local k=${SLURM_ARRAY_TASK_ID:?step.sh task runs as a task of a Slurm array (or set SLURM_ARRAY_TASK_ID)}
    local rc=0
    rm -f "$dir/state/task-$k.failed" "$dir/state/task-$k.done"
    shard_command "$dir" "$k"
    echo "== $(date -u +%FT%TZ) shard $k/$TASKS on $(hostname) (job ${SLURM_JOB_ID:-none}):"
    printf '%q ' "${SHARD_COMMAND[@]}"
    echo
    "${SHARD_COMMAND[@]}" || rc=$?
    if [ "$rc" -eq 0 ]; then
        touch "$dir/state/task-$k.done"
        echo "== $(date -u +%FT%TZ) shard $k/$TASKS done"
    else
        echo "$rc" >"$dir/state/task-$k.failed"
        echo "== $(date -u +%FT%TZ) shard $k/$TASKS failed (exit $rc)"
    fi
    return "$rc"
}

# The header of a merged summary: how the run was made.
summary_header() {
    echo "# plakoto $(plakoto_subcommand "$WORK"), $TASKS shards (scripts/slurm/submit.sh), merged $(date -u +%FT%TZ)"
    echo "# command of shard K: $(cat "$dir/command.txt")"
    local seed
    seed=$(run_seed)
    [ -n "$seed" ] || seed="none of its own (the header names the seed of the benchmark and the rollout seed)"
    echo "# seed: $seed"
}

run_merge() {
    local shards=() k missing
    missing=$(missing_shards "$dir")
    if [ -n "$missing" ]; then
        echo "error: shards not finished: $missing (resubmit with submit.sh --resume $dir)" >&2
        return 1
    fi
    for ((k = 1; k <= TASKS; k++)); do shards+=("$(shard_file "$dir" "$k")"); done
    echo "== $(date -u +%FT%TZ) merging $TASKS shards of $dir"
    case "$WORK" in
        arena)
            local json
            json=$("$PLAKOTO" arena merge --quiet --json "${shards[@]}")
            { summary_header; "$PLAKOTO" arena merge --quiet "${shards[@]}"; } \
                | write_atomically "$dir/summary.txt"
            # summary.json last: its presence marks the run finished.
            write_atomically "$dir/summary.json" <<<"$json"
            cat "$dir/summary.txt"
            ;;
        benchmark | reroll)
            local note merged=$dir/benchmark.jsonl.gz
            local part=$merged.part
            if ! note=$("$PLAKOTO" benchmark merge --out "$part" "${shards[@]}" 2>&1); then
                echo "$note" >&2
                return 1
            fi
            { summary_header; echo "# header: $(zcat "$part" | head -n1)"; echo "${note//"$part"/"$merged"}"; } \
                | write_atomically "$dir/summary.txt"
            mv -f "$part" "$merged"
            cat "$dir/summary.txt"
            ;;
        targets)
            # Each index belongs to one shard and a shard writes its lines in
            # index order, so a stable sort on the index (the first key of
            # every line) gives the unsharded run's order.
            local lines
            cat "${shards[@]}" | sort -s -n -t: -k2,2 | write_atomically "$dir/targets.jsonl.part"
            lines=$(wc -l <"$dir/targets.jsonl.part")
            { summary_header; echo "# $lines target lines in $dir/targets.jsonl"; } | write_atomically "$dir/summary.txt"
            mv -f "$dir/targets.jsonl.part" "$dir/targets.jsonl"
            cat "$dir/summary.txt"
            ;;
        labels)
            # merge-labels checks that the shards share one header and label
            # every position once, and writes the unsharded run's file.
            local note labels=$dir/labels.txt
            local part=$labels.part
            if ! note=$("$PLAKOTO" refine merge-labels --out "$part" "${shards[@]}" 2>&1); then
                echo "$note" >&2
                return 1
            fi
            { summary_header; head -n1 "$part"; echo "${note//"$part"/"$labels"}"; } \
                | write_atomically "$dir/summary.txt"
            mv -f "$part" "$labels"
            cat "$dir/summary.txt"
            ;;
    esac
}

case "$step" in
    task) run_task ;;
    merge) run_merge ;;
    *) echo "usage: step.sh task|merge DIR" >&2; exit 2 ;;
esac
