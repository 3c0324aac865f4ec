#!/usr/bin/env bash
# The lab's throughput: one stored balance study played by WORKERS `omnichess worker`
# processes (each --jobs 1) at once, timed. Prints the games, the wall time, the processor
# time of all workers, games per second and games per processor-second (per core busy).
#
#   tools/lab/throughput.sh DATABASE_URL WORKERS [GAMES] [VARIANT] [PLAYER]
#
# DATABASE_URL: sqlite://PATH (a new file) or postgres://… (`bash .ci/postgres.sh` prints one).
# Example (the figures in docs/PERFORMANCE.md, "The balance lab's throughput"):
#   tools/lab/throughput.sh sqlite:///tmp/tp1.db 1 40 classic engine:nodes=600
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 DATABASE_URL WORKERS [GAMES] [VARIANT] [PLAYER]" >&2; exit 2; }
URL=$1 WORKERS=$2 GAMES=${3:-40} VARIANT=${4:-classic} PLAYER=${5:-engine:nodes=600}
BIN=${OMNICHESS:-target/release/omnichess}
TIMES=$(mktemp -d)
id=$("$BIN" lab balance "$VARIANT" --player "$PLAYER" --games "$GAMES" --max-turns 150 \
  --opening 2 --seed 1 --batch 4 --database "$URL" --submit | sed 's/^study: //')
start=$(date +%s.%N)
for w in $(seq 1 "$WORKERS"); do
  /usr/bin/time -f "%U %S" -o "$TIMES/$w" "$BIN" worker --database "$URL" --name "w$w" \
    --jobs 1 --exit-when-idle >/dev/null 2>&1 &
done
wait
end=$(date +%s.%N)
"$BIN" lab show "$id" --database "$URL" | head -1 >&2
cat "$TIMES"/* | awk -v games="$GAMES" -v wall="$(echo "$end - $start" | bc)" -v workers="$WORKERS" '
  { cpu += $1 + $2 }
  END { printf "workers %d  games %d  wall %.1f s  processor %.1f s  %.3f games/s  %.3f games per processor-second\n",
        workers, games, wall, cpu, games / wall, games / cpu }'
rm -r "$TIMES"
