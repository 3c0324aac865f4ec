#!/usr/bin/env bash
# Runs every fuzz target for a short time (30 s each by default; SMOKE_SECONDS to change), one
# at a time, from the seeded corpus. Fails on the first crash, hang or out-of-memory; the
# failing input is left in fuzz/artifacts/<target>/. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`). Usage: bash fuzz/smoke.sh [TARGET…]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${SMOKE_SECONDS:-30}
bash seed.sh > /dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
cargo +nightly fuzz build -O
mkdir -p logs
for t in "${targets[@]}"; do
    echo "== $t: ${seconds} s"
    # -timeout: one input over 10 s is a hang; -rss_limit_mb: over 2 GiB is out of memory.
    status=0
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 > "logs/$t.log" 2>&1 || status=$?
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "logs/$t.log" || true
    if [ "$status" -ne 0 ]; then
        grep -E 'panicked|ERROR|SUMMARY|Test unit written' "logs/$t.log" >&2 || true
        echo "smoke: $t FAILED (fuzz/logs/$t.log, fuzz/artifacts/$t/)" >&2
        exit 1
    fi
done
echo "smoke: every target ran ${seconds} s without a crash, hang or out-of-memory"
