#!/bin/bash
# Die Chess: a bound on what knowing `greedy` would give (docs/EXPERIMENTS.md, 2026-11-29).
#
# Builds the engine of commit ee7674e with greedy-model.patch applied, in a worktree of its
# own (nothing in the project changes), and plays it against `greedy`: 200 games per seed,
# `--jobs 2`, NODES nodes per decision (default 100000). With GREEDY_MODEL set, the patched
# search takes the opponent's decisions as `greedy` makes them — the expectation over the
# decisions after which its material is best (its ties, which it breaks at random) — instead
# of the opponent's best. An experiment, not a player: it is never built into the project.
#
#   tools/dice-greedy-bound/run.sh OUT_DIR [SEED ...]     (seeds default to 21..30)
#
# Prints each seed's result and the total; the records are in OUT_DIR/gm-SEED. Fetches
# nothing; needs git, cargo, and about 15 minutes per 2 000 games at 100 000 nodes.
set -euo pipefail
out=${1:?usage: run.sh OUT_DIR [SEED ...]}
shift
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(21 22 23 24 25 26 27 28 29 30)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tree="$out/worktree"
if [ ! -d "$tree" ]; then
  git -C "$repo" worktree add --detach "$tree" ee7674e >/dev/null
  git -C "$tree" apply "$here/greedy-model.patch"
fi
CARGO_TARGET_DIR="$out/target" cargo build --release --quiet -p omnichess-cli --manifest-path "$tree/Cargo.toml"
bin="$out/target/release/omnichess"
for s in "${seeds[@]}"; do
  GREEDY_MODEL=1 "$bin" match dice --a "engine:nodes=${NODES:-100000}" --b greedy --games 200 \
    --seed "$s" --jobs 2 --records "$out/gm-$s" 2>/dev/null | grep '^result' | sed "s/^/seed $s: /"
done | tee "$out/results.txt"
awk '{ for (i = 1; i <= NF; i++) { if ($i ~ /^\+/) w += substr($i, 2); if ($i ~ /^=/) d += substr($i, 2); if ($i ~ /^-[0-9]/) l += substr($i, 2) } }
  END { printf "total: +%d =%d -%d, %.2f %%\n", w, d, l, 100 * (w + d / 2) / (w + d + l) }' "$out/results.txt"
echo "remove the worktree when done: git -C $repo worktree remove --force $tree"
