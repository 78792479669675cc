# shellcheck shell=bash
# What the Slurm scripts share: the layout of a run directory and the
# plakoto command of each kind of work. Sourced by submit.sh, step.sh and
# status.sh, never run.
#
# A run directory (on a file system every node mounts) holds
#   run.env            the run: work, tasks, cores per task, binary, options
#   command.txt        the command of shard K, as submitted (K/N spelled out)
#   jobs               the Slurm job ids submitted, one "array ID" or "merge ID" a line
#   shards/shard-K.jsonl   shard K's work file (resumed by plakoto itself;
#                          shard-K.labels for labels)
#   state/task-K.done, state/task-K.failed   how shard K's last task ended
#   logs/task-K.log, logs/merge.log          the jobs' output, appended to
#   summary.txt, summary.json, benchmark.jsonl.gz, targets.jsonl, labels.txt
#                          the merged result

# The kinds of work and the plakoto subcommand each runs.
plakoto_subcommand() {
    case "$1" in
        arena) echo "arena" ;;
        benchmark) echo "benchmark build" ;;
        reroll) echo "benchmark reroll" ;;
        targets) echo "refine targets" ;;
        labels) echo "refine labels" ;;
        *) return 1 ;;
    esac
}

# Loads DIR/run.env into WORK, TASKS, CPUS, PLAKOTO and the array OPTIONS.
load_run() {
    local dir=$1
    if [ ! -f "$dir/run.env" ]; then
        echo "error: $dir is not a run directory (no run.env): start one with submit.sh" >&2
        return 1
    fi
    # shellcheck source=/dev/null
    source "$dir/run.env"
}

# Shard K's work file (a label file for labels, JSON lines for the rest).
shard_file() {
    case "$WORK" in
        labels) echo "$1/shards/shard-$2.labels" ;;
        *) echo "$1/shards/shard-$2.jsonl" ;;
    esac
}

# Sets the array SHARD_COMMAND to the command that plays shard K of the run
# loaded by load_run in DIR: the user's options, then the shard, its file and
# its cores (the options the scripts own).
shard_command() {
    local dir=$1 k=$2 out sub
    out=$(shard_file "$dir" "$k")
    read -r -a sub <<<"$(plakoto_subcommand "$WORK")"
    SHARD_COMMAND=("$PLAKOTO" "${sub[@]}" "${OPTIONS[@]}" --shard "$k/$TASKS" --out "$out")
    case "$WORK" in
        arena) SHARD_COMMAND+=(--jobs "$CPUS" --quiet --resume) ;;
        benchmark | reroll | labels) SHARD_COMMAND+=(--threads "$CPUS") ;;
        targets) ;;
    esac
}

# The run's --seed: the value in OPTIONS, else plakoto's default for the
# work (read from its --help); empty where the work has no --seed (reroll).
run_seed() {
    local i sub
    for ((i = 0; i < ${#OPTIONS[@]}; i++)); do
        case "${OPTIONS[i]}" in
            --seed) echo "${OPTIONS[i + 1]:-}"; return ;;
            --seed=*) echo "${OPTIONS[i]#--seed=}"; return ;;
        esac
    done
    read -r -a sub <<<"$(plakoto_subcommand "$WORK")"
    "$PLAKOTO" "${sub[@]}" --help | tr -s ' \n' ' ' \
        | grep -o -e '--seed <SEED> [^[]*\[default: [0-9]*\]' | grep -o '[0-9]*\]$' | tr -d ']' || true
}

# The shards (1..TASKS) that have not finished, space-separated.
missing_shards() {
    local dir=$1 k missing=()
    for ((k = 1; k <= TASKS; k++)); do
        [ -f "$dir/state/task-$k.done" ] || missing+=("$k")
    done
    echo "${missing[*]}"
}

# The merged result whose presence means the run is finished.
result_file() {
    case "$WORK" in
        arena) echo "$1/summary.json" ;;
        benchmark | reroll) echo "$1/benchmark.jsonl.gz" ;;
        targets) echo "$1/targets.jsonl" ;;
        labels) echo "$1/labels.txt" ;;
    esac
}

# Writes stdin to FILE through a temporary file and a rename, so that FILE is
# never seen half-written.
write_atomically() {
    local file=$1
    cat >"$file.tmp.$$"
    mv -f "$file.tmp.$$" "$file"
}
