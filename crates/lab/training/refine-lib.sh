# Helpers shared by the refine recipes (crates/lab/training/refine3, crates/lab/training/refine4):
# sourced by them, not run. Paths are from the repository root.
P=target/release/plakoto
R=runs/refine
mkdir -p "$R"
label_shards() { # label_shards SEED WEIGHTS NAME [TARGET OPTIONS...]  (2 ply, both shards at once)
  local seed=$1 weights=$2 name=$3 k
  shift 3
  for k in 1 2; do
    "$P" refine targets --candidates --seed "$seed" --plies 2 --shard "$k/2" --weights "$weights" \
      --out "$R/$name-$k-of-2.jsonl" "$@" &
  done
  wait
}
fit() { # [AVERAGE_FROM=N] fit INIT OUT LR EPOCHS FILES... [MORE FIT OPTIONS]  (also writes OUT's -avg twin,
        # the mean from epoch AVERAGE_FROM on, 4 unless given)
  local init=$1 out=$2 lr=$3 epochs=$4
  shift 4
  "$P" refine fit "$@" --init "$init" --out "$R/$out.net" --lr "$lr" --epochs "$epochs" --batch 128 \
    --equity-weight 10 --decision-weight 30 --average-out "$R/$out-avg.net" --average-from "${AVERAGE_FROM:-4}"
}
shards() { echo "$R/$1-1-of-2.jsonl $R/$1-2-of-2.jsonl"; }
