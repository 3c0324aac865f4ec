#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ for every target: the committed seeds (fuzz/seeds/<target>/), the
# test data (crates/variants/tests/data: classic perft FENs, the 5D games) and the repository's
# own examples (5D games and puzzles, DMChess profiles). Idempotent;
# corpus/ is not committed (.gitignore). Usage: bash fuzz/seed.sh
set -euo pipefail
cd "$(dirname "$0")"
root=..
testdata=$root/crates/variants/tests/data

targets=$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^omnichess-fuzz$')
for t in $targets; do
    mkdir -p "corpus/$t"
    if [ -d "seeds/$t" ]; then cp seeds/"$t"/* "corpus/$t/"; fi
done

# Classic FENs from perft.tsv: as positions (with a few indexed moves), inside UCI `position
# fen`, as QEC positions (the links field `files`) and Die Chess positions, and inside PGN
# SetUp/FEN records and the server's `position` bodies.
n=0
grep -v '^#' "$testdata/classic/perft.tsv" | cut -f2 | while IFS= read -r fen; do
    [ -n "$fen" ] || continue
    n=$((n + 1))
    printf '%s\n\n#0 #1 #2 #3 #4 #5' "$fen" > "corpus/position_classic/perft_$n"
    printf '%s files\n\n#0 #1 #2 #3' "$fen" > "corpus/position_qec/perft_$n"
    printf '%s\n\n[N] #0 #1 #2 #3' "$fen" > "corpus/position_dice/perft_$n"
    printf '\000position fen %s\ngo depth 1\n' "$fen" > "corpus/uci/perft_$n"
    printf '[Event "perft"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n' "$fen" > "corpus/record_classic/perft_$n"
    printf '{"variant":"classic","position":"%s"}\n' "$fen" > "corpus/server_http/perft_$n"
done

# 5D games: the cwmtt set, the 5d-chess-js games and the engine's puzzles. As records,
# as positions (the header's 5DFEN), and as the server's imported records.
copy_5d() {
    local file=$1 name
    name=$(basename "$(dirname "$file")")_$(basename "$file" .5dpgn)
    # Keep the committed corpus small: games over 16 KB are left out.
    [ "$(wc -c < "$file")" -le 16384 ] || return 0
    # Of the cwmtt games, only the twelve conformance games (action_counts.tsv): the others
    # (cwmtt/NOTICE.md) are many-timeline games whose replay, fast in a release build (under
    # 2 s), runs ten to thirty times slower in the fuzz build (address sanitizer, opt-level 1)
    # and passes the smoke run's 10 s hang limit. The release tests and the bounded-work tests
    # (crates/server/tests/bounded.rs, crates/cli/tests/work_limit.rs) cover them.
    if [ "$(basename "$(dirname "$file")")" = cwmtt ] &&
        ! grep -q "^$(basename "$file")[[:space:]]" "$testdata/multiverse/cwmtt/action_counts.tsv"; then
        return 0
    fi
    cp "$file" "corpus/record_multiverse/$name"
    sed -n '/^\[/p' "$file" > "corpus/position_multiverse/$name"
    python3 -c 'import json,sys; print(json.dumps({"variant": "multiverse", "record": open(sys.argv[1]).read()}))' \
        "$file" > "corpus/server_http/5d_$name" 2>/dev/null || true
}
for f in "$testdata"/multiverse/cwmtt/*.5dpgn \
         "$testdata"/5d-chess-js/*.5dpgn \
         "$root"/crates/engine/tests/data/5d-puzzles/*.5dpgn; do
    [ -e "$f" ] && copy_5d "$f"
done

# DMChess profiles: the position text `start` followed by a profile's tokens.
for p in "$root"/crates/variants/src/dmchess/*.profile; do
    printf 'start %s\n\n#0 #1 #2' "$(cat "$p")" > "corpus/position_dmchess/profile_$(basename "$p" .profile)"
done

for t in $targets; do
    printf '%-22s %5d files\n' "$t" "$(ls "corpus/$t" | wc -l)"
done
