#!/usr/bin/env bash
# Runs every fuzz target for a short time (30 s each by default; SMOKE_SECONDS to change),
# SMOKE_JOBS at a time (default 2), from the seeded corpus. Fails when a target finds a crash,
# hang or out-of-memory; the failing input is left in fuzz/artifacts/<target>/. Needs the
# nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Usage: bash fuzz/smoke.sh [TARGET…]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${SMOKE_SECONDS:-30}
jobs=${SMOKE_JOBS:-2}
bash seed.sh > /dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
cargo +nightly fuzz build -O
mkdir -p logs

# One target: its run's log in logs/<target>.log, its status in logs/<target>.status.
run_one() {
    local t=$1 status=0
    # -timeout: one input over 10 s is a hang; -rss_limit_mb: over 2 GiB is out of memory.
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 > "logs/$t.log" 2>&1 || status=$?
    echo "$status" > "logs/$t.status"
}

for ((i = 0; i < ${#targets[@]}; i += jobs)); do
    batch=("${targets[@]:i:jobs}")
    echo "== ${batch[*]}: ${seconds} s"
    for t in "${batch[@]}"; do run_one "$t" & done
    wait
done

failed=0
for t in "${targets[@]}"; do
    runs=$(grep -E '^stat::number_of_executed_units' "logs/$t.log" | awk '{print $2}' || true)
    if [ "$(cat "logs/$t.status")" -ne 0 ]; then
        grep -E 'panicked|ERROR|SUMMARY|Test unit written' "logs/$t.log" >&2 || true
        echo "smoke: $t FAILED (fuzz/logs/$t.log, fuzz/artifacts/$t/)" >&2
        failed=1
    else
        echo "smoke: $t ran ${seconds} s, ${runs:-?} inputs, no crash, hang or out-of-memory"
    fi
done
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "smoke: every target ran ${seconds} s without a crash, hang or out-of-memory"
