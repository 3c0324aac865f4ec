#!/usr/bin/env bash
# Regenerates docs/BALANCE.md: every study of the balance lab behind it, then the document.
#   tools/balance/regenerate.sh [GAMES]        (GAMES per study, 200 by default)
# Needs a release build (`cargo build --release -p omnichess-cli`) and python3. The studies'
# JSON files go to target/balance/; each holds the settings that reproduce it. Settings from
# the environment: PLAYER (the engine setting, engine:nodes=600), TURNS (the turn cap, 150),
# LONG_TURNS (Three Realms' and DMChess's, whose games run long: 200), FIVE_D_TURNS (5D
# Chess's, 30: longer games can branch into many timelines and take many minutes; half as
# many games there).
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-200}
BIN=${OMNICHESS:-target/release/omnichess}
OUT=target/balance
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.profile
PLAYER=${PLAYER:-engine:nodes=600}
TURNS=${TURNS:-150}
LONG_TURNS=${LONG_TURNS:-200}
FIVE_D_TURNS=${FIVE_D_TURNS:-30}
COMMON=(--games "$GAMES" --seed 1 --opening 2 --player "$PLAYER")
QEC_START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
DMCHESS=crates/variants/src/dmchess
run() { echo "== omnichess $*" >&2; "$BIN" "$@" >/dev/null; }

# A values study's JSON holds the balance figures of its games too: one study a variant.
for v in classic qec dice; do
  run lab values "$v" "${COMMON[@]}" --max-turns "$TURNS" --every 4 --json "$OUT/$v-values.json"
done
for v in realms dmchess; do
  run lab values "$v" "${COMMON[@]}" --max-turns "$LONG_TURNS" --every 4 --json "$OUT/$v-values.json"
done
run lab balance multiverse --games "$((GAMES / 2))" --seed 1 --opening 2 --player "$PLAYER" \
  --max-turns "$FIVE_D_TURNS" --json "$OUT/multiverse-balance.json"
# QEC: the links (the file mapping) against no links at all (classical chess in QEC's engine).
run lab compare qec "${COMMON[@]}" --max-turns "$TURNS" --position "$QEC_START files" \
  --b-position "$QEC_START -" --json "$OUT/qec-links.json"
# DMChess: the default profile against the sparse one, and the conservation band ±8 against ±12.
run lab compare dmchess "${COMMON[@]}" --max-turns "$LONG_TURNS" --profile "$DMCHESS/default.profile" \
  --b-profile "$DMCHESS/sparse.profile" --json "$OUT/dmchess-profiles.json"
{ cat "$DMCHESS/default.profile"; echo "band=12"; } > "$OUT/band12.profile"
run lab compare dmchess "${COMMON[@]}" --max-turns "$LONG_TURNS" --profile "$DMCHESS/default.profile" \
  --b-profile "$OUT/band12.profile" --json "$OUT/dmchess-band.json"
"$BIN" odds dice > "$OUT/dice-odds.txt"

python3 tools/balance/assemble.py "$OUT" "$GAMES" "$PLAYER" > docs/BALANCE.md
echo "docs/BALANCE.md written" >&2
