#!/usr/bin/env bash
# Regenerates docs/BALANCE.md: every study of the balance lab behind it, then the document.
#   tools/balance/regenerate.sh [GAMES]        (GAMES per study, 200 by default)
# Needs a release build (`cargo build --release -p omnichess-cli`) and python3. The studies'
# JSON files go to target/balance/; each holds the settings that reproduce it.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-200}
BIN=${OMNICHESS:-target/release/omnichess}
OUT=target/balance
mkdir -p "$OUT"
PLAYER=${PLAYER:-engine:nodes=600}
COMMON=(--games "$GAMES" --seed 1 --opening 2 --player "$PLAYER" --max-turns 150)
QEC_START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
run() { echo "== omnichess $*" >&2; "$BIN" "$@" >/dev/null; }

for v in classic qec dice realms dmchess; do
  run lab balance "$v" "${COMMON[@]}" --json "$OUT/$v-balance.json"
  run lab values "$v" "${COMMON[@]}" --every 4 --json "$OUT/$v-values.json"
done
run lab balance multiverse --games "$((GAMES / 4))" --seed 1 --opening 2 --player "$PLAYER" \
  --max-turns 16 --json "$OUT/multiverse-balance.json"
# QEC: the links (the file mapping) against no links at all (classical chess in QEC's engine).
run lab compare qec "${COMMON[@]}" --position "$QEC_START files" --b-position "$QEC_START -" \
  --json "$OUT/qec-links.json"
# DMChess: the default profile against the sparse one.
run lab compare dmchess "${COMMON[@]}" --profile crates/variants/src/dmchess/default.profile \
  --b-profile crates/variants/src/dmchess/sparse.profile --json "$OUT/dmchess-profiles.json"
"$BIN" odds dice > "$OUT/dice-odds.txt"

python3 tools/balance/assemble.py "$OUT" "$GAMES" "$PLAYER" > docs/BALANCE.md
echo "docs/BALANCE.md written" >&2
