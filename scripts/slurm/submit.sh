#!/usr/bin/env bash
# Submits sharded plakoto work to Slurm: a job array of one task per shard
# (task K runs `--shard K/N`) and a merge job that runs only after every task
# succeeded (--dependency=afterok). `--resume DIR` submits again only the
# shards that have not finished, and the merge. See scripts/README.md.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/slurm/lib.sh
source "$here/lib.sh"

usage() {
    cat <<'USAGE'
Usage: submit.sh [--tasks N] [--cpus-per-task C] [--plakoto PATH] [--sbatch OPT]... WORK DIR -- OPTIONS...
       submit.sh [--sbatch OPT]... --resume DIR

WORK is what each task runs with --shard K/N (N = --tasks, default 2):
  arena      plakoto arena OPTIONS            merged by `plakoto arena merge` into DIR/summary.{txt,json}
  benchmark  plakoto benchmark build OPTIONS  merged by `plakoto benchmark merge` into DIR/benchmark.jsonl.gz
  reroll     plakoto benchmark reroll OPTIONS merged the same way
  targets    plakoto refine targets OPTIONS   joined in index order into DIR/targets.jsonl
  labels     plakoto refine labels OPTIONS    merged by `plakoto refine merge-labels` into DIR/labels.txt
DIR is the run directory; it and PATH must be reachable from every node.
--cpus-per-task C (default 1) is passed on as --jobs C (arena) or --threads C
(benchmark, reroll, labels). The scripts set --shard, --out, --jobs/--threads, --resume
and --quiet themselves. --sbatch adds an sbatch option to every job
(e.g. --sbatch=--partition=long).
--resume DIR submits the shards not finished yet and the merge again.
USAGE
}

tasks=2
cpus=1
plakoto=""
resume=""
sbatch_extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --tasks) tasks=$2; shift 2 ;;
        --tasks=*) tasks=${1#*=}; shift ;;
        --cpus-per-task) cpus=$2; shift 2 ;;
        --cpus-per-task=*) cpus=${1#*=}; shift ;;
        --plakoto) plakoto=$2; shift 2 ;;
        --plakoto=*) plakoto=${1#*=}; shift ;;
        --sbatch) sbatch_extra+=("$2"); shift 2 ;;
        --sbatch=*) sbatch_extra+=("${1#*=}"); shift ;;
        --resume) resume=$2; shift 2 ;;
        --resume=*) resume=${1#*=}; shift ;;
        -h | --help) usage; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) break ;;
    esac
done

if [ -n "$resume" ]; then
    [ $# -eq 0 ] || { echo "error: --resume DIR takes no WORK or options (they are in DIR/run.env)" >&2; exit 2; }
    dir=$(cd "$resume" && pwd)
    load_run "$dir"
else
    [ $# -ge 2 ] || { usage >&2; exit 2; }
    WORK=$1
    dir=$2
    shift 2
    plakoto_subcommand "$WORK" >/dev/null || { echo "error: unknown work '$WORK' (arena, benchmark, reroll, targets or labels)" >&2; exit 2; }
    [ "${1:-}" = "--" ] && shift
    [[ "$tasks" =~ ^[1-9][0-9]*$ ]] || { echo "error: --tasks takes a positive number, not '$tasks'" >&2; exit 2; }
    [[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "error: --cpus-per-task takes a positive number, not '$cpus'" >&2; exit 2; }
    for option in "$@"; do
        case "$option" in
            --shard | --shard=* | --out | --out=* | --jobs | --jobs=* | --threads | --threads=* | --resume)
                echo "error: $option is set by the scripts (one shard per task): leave it out" >&2
                exit 2 ;;
            --minutes | --minutes=* | --limit | --limit=*)
                if [ "$WORK" = labels ]; then
                    echo "error: $option would end a task with its shard unfinished, and the merge would refuse it: bound a task with --sbatch --time=... instead (a killed task keeps its last save; submit.sh --resume goes on)" >&2
                    exit 2
                fi ;;
        esac
    done
    if [ -z "$plakoto" ]; then
        plakoto=$(command -v plakoto) || { echo "error: no plakoto on PATH: name the binary with --plakoto PATH" >&2; exit 2; }
    fi
    [ -x "$plakoto" ] || { echo "error: --plakoto $plakoto is not an executable file" >&2; exit 2; }
    read -r -a subcommand <<<"$(plakoto_subcommand "$WORK")"
    for option in "$@"; do
        if [ "$option" = --help ] || [ "$option" = -h ]; then
            # The options asked for help: plakoto's, nothing submitted.
            exec "$plakoto" "${subcommand[@]}" "$@"
        fi
    done
    # Let plakoto read the options now (--help stops it before any work), so
    # that a mistyped option fails here, not in every task of the array.
    if ! "$plakoto" "${subcommand[@]}" "$@" --help >/dev/null; then
        echo "error: plakoto ${subcommand[*]} does not accept these options (see above)" >&2
        exit 2
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -e "$dir/run.env" ]; then
        echo "error: $dir holds a run already: resume it with submit.sh --resume $dir, or choose another DIR" >&2
        exit 2
    fi
    TASKS=$tasks
    CPUS=$cpus
    PLAKOTO=$(cd "$(dirname "$plakoto")" && pwd)/$(basename "$plakoto")
    OPTIONS=("$@")
    mkdir -p "$dir/shards" "$dir/state" "$dir/logs"
    {
        printf 'WORK=%q\nTASKS=%q\nCPUS=%q\nPLAKOTO=%q\n' "$WORK" "$TASKS" "$CPUS" "$PLAKOTO"
        printf 'OPTIONS=('
        printf ' %q' "${OPTIONS[@]}"
        printf ' )\n'
    } | write_atomically "$dir/run.env"
    shard_command "$dir" K
    printf '%q ' "${SHARD_COMMAND[@]}" | sed 's/ $/\n/' | write_atomically "$dir/command.txt"
fi

# A resubmission while the last submission still runs would play shards twice.
if [ -f "$dir/jobs" ]; then
    ids=$(cut -d' ' -f2 "$dir/jobs" | paste -sd, -)
    if [ -n "$(squeue -h -j "$ids" -o %i 2>/dev/null)" ]; then
        echo "error: jobs of this run are still queued or running ($ids): wait for them (status.sh $dir) or scancel them first" >&2
        exit 1
    fi
fi

if [ -f "$(result_file "$dir")" ]; then
    echo "$dir: finished already ($(result_file "$dir"))"
    exit 0
fi

read -r -a missing <<<"$(missing_shards "$dir")"
dependency=()
if [ ${#missing[@]} -gt 0 ]; then
    list=$(IFS=,; echo "${missing[*]}")
    array=$(sbatch --parsable --job-name="plakoto-$WORK" --array="$list" \
        --cpus-per-task="$CPUS" --open-mode=append --output="$dir/logs/task-%a.log" \
        "${sbatch_extra[@]}" --wrap="$(printf '%q ' bash "$here/step.sh" task "$dir")")
    array=${array%%;*}
    echo "array $array" >>"$dir/jobs"
    echo "submitted array job $array: shards $list of $TASKS"
    dependency=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
fi
merge=$(sbatch --parsable --job-name="plakoto-$WORK-merge" "${dependency[@]}" \
    --cpus-per-task=1 --open-mode=append --output="$dir/logs/merge.log" \
    "${sbatch_extra[@]}" --wrap="$(printf '%q ' bash "$here/step.sh" merge "$dir")")
merge=${merge%%;*}
echo "merge $merge" >>"$dir/jobs"
echo "submitted merge job $merge${dependency:+ (after array job $array succeeds)}"
echo "watch it with: $here/status.sh $dir"
