#!/usr/bin/env bash
# Die Chess conversions (docs/EXPERIMENTS.md): how
# often the engine wins a won ending against `greedy`. positions.tsv holds 166 positions from
# engine games against `greedy` (100 000 nodes a decision, seeds 21-23): in each game, the first
# turn start at which the engine was 6 or more pawns' worth ahead (pawn 1, minor 3, rook 5,
# queen 9) and its opponent had 5 or less, the engine's side turned to White (the board
# mirrored when the engine had Black). From each, one game per seed, the engine White:
#
#   tools/dice-conversions/run.sh BINARY OUT [SEEDS] [NODES] [JOBS]
#
# BINARY is an `omnichess` build (say target/release/omnichess); OUT gets one line per game
# (`position seed result: +W =D -L`); the summary goes to stdout. SEEDS defaults to "1 2",
# NODES to 100000 (a fixed node count: the games do not depend on the machine's load), JOBS
# (games at once) to 2. About 5 minutes for the 332 games on 2 cores.
set -euo pipefail

usage() { echo "usage: $0 BINARY OUT [SEEDS] [NODES] [JOBS]" >&2; exit 2; }
[ $# -ge 2 ] || usage
bin=$1; out=$2; seeds=${3:-1 2}; nodes=${4:-100000}; jobs=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$bin" ]; then
    echo "error: no omnichess build at $bin (build one: cargo build --release -p omnichess-cli)" >&2
    exit 2
fi
case "$nodes$jobs" in *[!0-9]*) echo "error: NODES and JOBS are whole numbers" >&2; exit 2;; esac

: >"$out"
cut -f1 "$here/positions.tsv" | nl -ba | while read -r i fen; do
    for s in $seeds; do printf '%s\t%s\t%s\n' "$i" "$s" "$fen"; done
done | xargs -P "$jobs" -L1 -d '\n' sh -c '
    i=$(printf "%s" "$1" | cut -f1); s=$(printf "%s" "$1" | cut -f2); fen=$(printf "%s" "$1" | cut -f3)
    r=$("$0" match dice --a engine:nodes='"$nodes"' --b greedy --games 1 --seed "$s" --position "$fen" 2>/dev/null | grep "^result") \
        || { echo "error: position $i seed $s: the match failed" >&2; exit 255; }
    echo "$i $s $r"' "$bin" >>"$out"
awk '{ w += ($4 == "+1"); d += ($5 == "=1"); l += ($6 == "-1") }
     END { printf "games %d: +%d =%d -%d, %.1f%%\n", NR, w, d, l, 100 * (w + d / 2) / NR }' "$out"
