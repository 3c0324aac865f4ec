#!/usr/bin/env bash
# A command's resident memory over time (to show that nothing grows without bound): runs
# COMMAND, samples its VmRSS every SECONDS (default 2) into OUT (one `seconds kB` line per
# sample), and at the end prints the peak, when it came, and the median of each quarter of
# the run, so that growth shows as rising quarters and a spike as a peak above them.
#
#   tools/memory/rss_over_time.sh OUT [SECONDS] -- COMMAND [ARGS...]
#
# Example (5D engine self-play, the run in docs/PERFORMANCE.md, "5D memory"):
#   tools/memory/rss_over_time.sh /tmp/selfplay.rss 2 -- target/release/omnichess match \
#       multiverse --a engine:time=0.1 --b engine:time=0.1 --games 150 --max-turns 40 \
#       --max-decisions 600 --seed 7 --jobs 1
set -euo pipefail

usage() { echo "usage: $0 OUT [SECONDS] -- COMMAND [ARGS...]" >&2; exit 2; }
[ $# -ge 3 ] || usage
out=$1; shift
every=2
if [ "$1" != "--" ]; then every=$1; shift; fi
[ "${1:-}" = "--" ] || usage
shift
[ $# -ge 1 ] || usage
case "$every" in ""|*[!0-9]*|0) echo "error: SECONDS must be a positive whole number" >&2; exit 2;; esac

: >"$out"
"$@" &
pid=$!
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && echo "$(( $(date +%s) - start )) $rss" >>"$out"
    sleep "$every"
done
status=0
wait "$pid" || status=$?
python3 - "$out" <<'PY'
import statistics, sys
rows = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
if not rows:
    sys.exit("no samples: the command ended at once")
t, peak = max(rows, key=lambda r: r[1])
n = len(rows)
quarters = [rows[i * n // 4:(i + 1) * n // 4] or rows for i in range(4)]
medians = ", ".join(f"{statistics.median(r[1] for r in q) / 1024:.0f}" for q in quarters)
print(f"rss: {n} samples over {rows[-1][0]} s; peak {peak / 1024:.0f} MB at {t} s; "
      f"median by quarter of the run: {medians} MB")
PY
exit "$status"
