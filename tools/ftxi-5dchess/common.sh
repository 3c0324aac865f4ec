# Shared by compare.sh and diff_moves.sh (sourced; needs `repo`, the repository's root).

# Exits with status 2 and says how to build ftxi when BUILD_DIR ($1) has no harness.
need_harness() {
    if [ ! -x "$1/ftxi-harness" ]; then
        cat >&2 <<MSG
error: no ftxi build at $1: $1/ftxi-harness is absent.
Build it first (the source is not fetched by this script; see tools/ftxi-5dchess/README.md):
    tools/ftxi-5dchess/build.sh FTXI_SOURCE_DIR $1
MSG
        exit 2
    fi
}

# Builds the omnichess side (the count_5d_actions example, release profile) and prints its
# path, from cargo's own report.
build_counter() {
    local exe
    exe=$(cd "$repo" && cargo build --release -p omnichess-variants --features tools \
            --example count_5d_actions --message-format=json-render-diagnostics \
        | python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "count_5d_actions":
        print(m["executable"])')
    [ -x "$exe" ] || { echo "error: the count_5d_actions example did not build" >&2; exit 1; }
    echo "$exe"
}

# Plays random-against-random games with the release CLI into folder $1 (`omnichess match
# multiverse --a random --b random --games $2 --max-turns $3 --seed $4 --records $1`) and
# prints each record's path, copied beside the folder as random-game-NNN.5dpgn.
random_games() {
    (cd "$repo" && cargo build --release -p omnichess-cli >&2)
    "$repo/target/release/omnichess" match multiverse --a random --b random --games "$2" \
        --max-turns "$3" --seed "$4" --records "$1" >/dev/null 2>&1 \
        || { echo "error: the random games could not be played" >&2; exit 1; }
    local f
    for f in "$1"/game-*.5dpgn; do
        cp "$f" "$1/../random-$(basename "$f")"
        echo "$1/../random-$(basename "$f")"
    done
}
