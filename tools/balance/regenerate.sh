#!/usr/bin/env bash
# Regenerates docs/BALANCE.md: every study of the balance lab behind it, played by workers on
# a SQLite database, then the document.
#
#   tools/balance/regenerate.sh [GAMES]
#
# 1. builds the CLI (`cargo build --release -p omnichess-cli`; skipped when OMNICHESS names a
#    binary);
# 2. stores every study in target/balance/lab.db (`lab ... --database URL --submit`) and
#    writes their ids to target/balance/studies.txt (`NAME study: ID`, a line a study);
# 3. starts $(nproc) workers (`omnichess worker --database URL --jobs 1 --exit-when-idle`)
#    and waits until they have played every batch;
# 4. writes each study's report (`lab show ID --json`) to target/balance/NAME.json and .report,
#    the exact Die Chess forfeit odds (`omnichess odds dice`) to target/balance/dice-odds.txt;
# 5. writes docs/BALANCE.md (tools/balance/assemble.py).
#
# DATABASE=URL uses a database whose studies are already stored (and played, or being
# played): steps 1 to 3 are skipped and the ids read from IDS (a file of `NAME study: ID`
# lines, target/balance/studies.txt by default). A study not finished there is reported from
# the games stored so far, and the document says so.
#
# A study kept from before a change of its variant's rules is named, with what changed, in
# target/balance/earlier.txt (lines `NAME: what changed since`): the document says so.
#
# Settings from the environment (the defaults are those docs/BALANCE.md states):
#   GAMES         games of a values study (1000; also the first argument). Classic chess plays
#                 2 × GAMES, 5D Chess 3/10 of GAMES, QEC's comparison GAMES/2 pairs, DMChess's
#                 profile comparison 21/100 of GAMES pairs and its band comparison 9/100.
#   PLAYER        the player setting of both sides (engine:nodes=2000, the lab's default)
#   SEED          the seed (1)       OPENING   random decisions opening every game (4)
#   FIVE_D_OPENING  5D Chess's random opening decisions (8: a turn there is a move and its
#                 submission, so four turns). A player limited by nodes plays the same game
#                 from the same opening: fewer random decisions give too few different games
#                 (two give at most 400 in classic chess, 20 in 5D), and the lab counts a
#                 repeated game once (docs/LAB.md, "Repeated games").
#   TURNS         the turn cap (600) FIVE_D_TURNS   5D Chess's turn cap (200)
#   RESIGN, DRAW  the adjudication rules of every study, as `lab` takes them (by default
#                 each variant engine's own: movecount=4,score=600,twosided and
#                 movenumber=40,movecount=8,score=20, or off where its scores do not
#                 foretell results; docs/LAB.md, "Adjudication")
#   BATCH         games a batch (20) WORKERS   workers started ($(nproc))
#   OMNICHESS     the binary (target/release/omnichess, built here)
set -euo pipefail
cd "$(dirname "$0")/../.."

# The command as called, with the settings given (for the document's header).
COMMAND="tools/balance/regenerate.sh${1:+ $1}"
for var in IDS DATABASE BATCH DRAW RESIGN FIVE_D_TURNS FIVE_D_OPENING TURNS OPENING SEED PLAYER GAMES; do
  if [ -n "${!var:-}" ]; then COMMAND="$var=${!var} $COMMAND"; fi
done

# The checkout's own path is written as `$PWD`: the document names no machine's folders.
COMMAND=${COMMAND//$PWD/\$PWD}

GAMES=${GAMES:-${1:-1000}}
PLAYER=${PLAYER:-engine:nodes=2000}
SEED=${SEED:-1}
OPENING=${OPENING:-4}
FIVE_D_OPENING=${FIVE_D_OPENING:-8}
TURNS=${TURNS:-600}
FIVE_D_TURNS=${FIVE_D_TURNS:-200}
BATCH=${BATCH:-20}
WORKERS=${WORKERS:-$(nproc)}
OUT=target/balance
DMCHESS=crates/variants/src/dmchess
QEC_START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
at_least_1() { if [ "$1" -lt 1 ]; then echo 1; else echo "$1"; fi; }

mkdir -p "$OUT"
if [ -z "${OMNICHESS:-}" ]; then
  echo "== cargo build --release -p omnichess-cli" >&2
  cargo build --release -p omnichess-cli >&2
fi
BIN=${OMNICHESS:-target/release/omnichess}

if [ -z "${DATABASE:-}" ]; then
  URL="sqlite://$PWD/$OUT/lab.db"
  IDS=$OUT/studies.txt
  rm -f "$OUT"/lab.db "$OUT"/lab.db-* "$OUT"/*.json "$OUT"/*.report "$OUT"/*.error "$OUT"/studies.txt "$OUT"/dice-odds.txt \
    "$OUT"/*.profile "$OUT"/worker-*.log
  { cat "$DMCHESS/default.profile"; echo "band=12"; } > "$OUT/band12.profile"
  COMMON=(--seed "$SEED" --player "$PLAYER" --database "$URL" --submit
          --batch "$BATCH" ${RESIGN:+--resign "$RESIGN"} ${DRAW:+--draw "$DRAW"})
  # Stores one study; prints and records `NAME study: ID`.
  submit() {
    local name=$1
    shift
    echo "== omnichess lab $*" >&2
    echo "$name $("$BIN" lab "$@" "${COMMON[@]}")" | tee -a "$IDS"
  }
  # The same, with the opening of every variant but 5D Chess.
  submit_opened() {
    submit "$@" --opening "$OPENING"
  }
  submit_opened classic-values values classic --games "$((2 * GAMES))" --every 1 --max-turns "$TURNS"
  submit_opened qec-values values qec --games "$GAMES" --every 1 --max-turns "$TURNS"
  submit_opened dice-values values dice --games "$GAMES" --every 1 --max-turns "$TURNS"
  submit_opened realms-values values realms --games "$GAMES" --every 1 --max-turns "$TURNS"
  submit multiverse-balance balance multiverse --games "$(at_least_1 $((GAMES * 3 / 10)))" \
    --max-turns "$FIVE_D_TURNS" --opening "$FIVE_D_OPENING"
  # QEC: the links (the file mapping) against no links at all (classical chess in QEC's engine).
  submit_opened qec-links compare qec --games "$(at_least_1 $((GAMES / 2)))" --max-turns "$TURNS" \
    --position "$QEC_START files" --b-position "$QEC_START -"
  submit_opened dmchess-values values dmchess --games "$GAMES" --every 1 --max-turns "$TURNS"
  # DMChess: the default profile against the sparse one, and the conservation band ±8 against ±12.
  submit_opened dmchess-profiles compare dmchess --games "$(at_least_1 $((GAMES * 21 / 100)))" \
    --max-turns "$TURNS" --profile "$DMCHESS/default.profile" --b-profile "$DMCHESS/sparse.profile"
  submit_opened dmchess-band compare dmchess --games "$(at_least_1 $((GAMES * 9 / 100)))" \
    --max-turns "$TURNS" --profile "$DMCHESS/default.profile" --b-profile "$OUT/band12.profile"

  echo "== $WORKERS workers: omnichess worker --database $URL --jobs 1 --exit-when-idle" >&2
  pids=()
  for i in $(seq 1 "$WORKERS"); do
    "$BIN" worker --database "$URL" --jobs 1 --exit-when-idle 2> "$OUT/worker-$i.log" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || { echo "a worker failed: see $OUT/worker-*.log" >&2; exit 1; }
  done
else
  URL=$DATABASE
  IDS=${IDS:-$OUT/studies.txt}
  rm -f "$OUT"/*.json "$OUT"/*.report "$OUT"/*.error "$OUT"/dice-odds.txt
fi

# The reports, from the stored games.
while read -r name _ id; do
  [ -n "$name" ] || continue
  echo "== omnichess lab show $id ($name)" >&2
  # A study with no figures yet (no game stored, or a values study whose games all ended at a
  # cap) has its error kept beside its report, and the document says so.
  if ! "$BIN" lab show "$id" --database "$URL" --json "$OUT/$name.json" > "$OUT/$name.report" \
      2> "$OUT/$name.error"; then
    echo "   no figures: $(cat "$OUT/$name.error")" >&2
  else
    cat "$OUT/$name.error" >&2   # the cost line
    rm -f "$OUT/$name.error"
  fi
done < "$IDS"
# The classic values in other material bands beside the default (docs/BALANCE.md, "Calibration").
classic=$(awk '$1 == "classic-values" {print $3}' "$IDS")
if [ -n "$classic" ]; then
  for band in 1 1.5 2 2.5 off; do
    # A band with no fit (too few positions in it) is said on stderr; the document leaves
    # its row out.
    if ! "$BIN" lab show "$classic" --database "$URL" --band "$band" \
        --json "$OUT/classic-values-band-$band.json" > /dev/null 2> "$OUT/band.error"; then
      echo "   band $band: no figures: $(cat "$OUT/band.error")" >&2
      rm -f "$OUT/classic-values-band-$band.json"
    fi
    rm -f "$OUT/band.error"
  done
fi
"$BIN" odds dice > "$OUT/dice-odds.txt"

python3 tools/balance/assemble.py "$OUT" "$COMMAND" > docs/BALANCE.md
echo "docs/BALANCE.md written" >&2
