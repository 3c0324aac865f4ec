#!/usr/bin/env bash
# Build the public C++ 5D Chess engine ftxi/5dchess_engine beside omnichess, with our
# measurement harness, for tools/ftxi-5dchess/compare.sh. Nothing of ftxi's is kept in
# this repository: SRC_DIR is an export of its repository, BUILD_DIR any folder outside ours.
#
#   tools/ftxi-5dchess/build.sh SRC_DIR BUILD_DIR
#
# SRC_DIR is left untouched: it is copied to BUILD_DIR/src and the copy is patched there (the
# edits below), then built in Release with -DTOOLS=on -DENGINE=on (BUILD_DIR/ftxi/5dtools and
# its 5DUCI engine BUILD_DIR/ftxi/5dchess), and our harness.cpp is linked against its core
# library (BUILD_DIR/ftxi-harness). BUILD_DIR/ftxi-5duci-NAME launch each of ftxi's engines
# for `omnichess match multiverse --b uci:BUILD_DIR/ftxi-5duci-linear,protocol=5duci`.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 SRC_DIR BUILD_DIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$1" && pwd)
mkdir -p "$2"
build=$(cd "$2" && pwd)
case "$build/" in "$(cd "$here/../.." && pwd)/"*)
    echo "error: BUILD_DIR must be outside the omnichess repository" >&2; exit 2;;
esac
if [ ! -f "$src/src/core/variants.cpp" ] || [ ! -f "$src/CMakeLists.txt" ]; then
    echo "error: $src is not an export of ftxi/5dchess_engine (no src/core/variants.cpp)" >&2
    exit 2
fi
command -v cmake >/dev/null || { echo "error: cmake missing (apt-get install -y cmake)" >&2; exit 2; }

# 1. A patched copy (mtimes kept, so a rebuild recompiles only what the patch touches).
rm -rf "$build/src"
mkdir -p "$build/src"
cp -a "$src/." "$build/src/"

# 2. The patch, as a script of edits, each at an anchor that must be found exactly once (else the
#    build stops: ftxi's source moved on and the edit must be looked at again). It makes ftxi
#    read all 12 cwmtt conformance games (penteract/cwmtt); nothing else changes: no rule, no
#    move generation, no search.
#    a. src/core/variants.cpp: ftxi's default_variants lacks the [Board] setups three of the
#       games name (JustKings, smallTest, ctp2); add them, with the positions of the official
#       game (the same 5DFEN as omnichess's crates/variants/src/multiverse/variants.rs). Each
#       entry is {width, height, {(5DFEN, line sign, line, time, black?)...}, even-timelines}.
#    b. src/core/pgnparser.cpp: a jump written as a capture (`>>x`) matches only a jump that
#       captures; futures.5dpgn writes `(L1T5)Qf4>>x(L0T5)e4~` onto an empty square (ftxi's
#       own copy of that game drops the `x`). The mark is ignored when a written jump is
#       matched against the generated ones, as omnichess's reader ignores it; the move is still
#       named by its boards and squares, and ftxi's parse_move still refuses an ambiguous one.
python3 - "$build/src" <<'PY'
import sys
root = sys.argv[1]

def edit(rel, anchor, change):
    path = f"{root}/{rel}"
    text = open(path).read()
    if text.count(anchor) != 1:
        sys.exit(f"error: patch anchor {anchor!r} found {text.count(anchor)} times in {path}, not once")
    new = change(text, text.index(anchor))
    if new == text:
        sys.exit(f"error: patch at {anchor!r} in {path} changed nothing")
    open(path, "w").write(new)

# a. three [Board] setups, inserted at the head of default_variants.
setups = r'''    // omnichess tools/ftxi-5dchess/build.sh: setups used by the cwmtt conformance games (penteract/cwmtt)
    {"Focused - Just Kings", {3, 3, {std::make_tuple("2k*/3/K*2", pgnparser_ast::NIL, 0, 1, false)}, false}},
    {"Focused - Just Pawns", {5, 5, {std::make_tuple("p*p*p*p*k*/5/5/5/K*P*P*P*P*", pgnparser_ast::NIL, 0, 1, false)}, false}},
    {"Misc - Timeline Battleground", {5, 5, {
        std::make_tuple("r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*", pgnparser_ast::NEGATIVE, 1, 1, false),
        std::make_tuple("nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN", pgnparser_ast::NIL, 0, 1, false),
        std::make_tuple("p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*", pgnparser_ast::NIL, 1, 1, false)}, false}},
'''
def add_setups(text, at):
    i = text.index("\n", at) + 1
    return text[:i] + setups + text[i:]
edit("src/core/variants.cpp", "default_variants = {", add_setups)

# b. the capture mark of a written jump, within match_superphysical_move's return statement.
def ignore_jump_capture_mark(text, at):
    ret = text.index("return (a.from_board", at)
    end = text.index(";", ret)
    mark = "&& (!a.capture || b.capture)"
    body = text[ret:end]
    if body.count(mark) != 1:
        sys.exit(f"error: patch b: {mark!r} not found once in match_superphysical_move's return")
    body = body.replace(mark, "&& true /* omnichess build.sh: a capture mark on a jump is not matched */")
    return text[:ret] + body + text[end:]
edit("src/core/pgnparser.cpp", "bool pgnparser::match_superphysical_move(", ignore_jump_capture_mark)
PY

# 3. ftxi in Release, with its 5dtools and its 5DUCI engine (its own CMake, unchanged).
jobs=${JOBS:-2}
cmake -S "$build/src" -B "$build/ftxi" -DTOOLS=on -DENGINE=on -DCMAKE_BUILD_TYPE=Release >"$build/cmake.log" \
    || { cat "$build/cmake.log" >&2; exit 1; }
cmake --build "$build/ftxi" -j "$jobs"

# 4. Our harness, compiled with the flags ftxi's Release build uses (its core library holds
#    LTO objects only, so the link is an LTO link too).
s="$build/src/src"
${CXX:-c++} -std=c++23 -O3 -DNDEBUG -flto=auto -fno-fat-lto-objects \
    -I"$s" -I"$s/core" -I"$s/misc" \
    "$here/harness.cpp" "$build/ftxi/lib5dchess_core.a" -o "$build/ftxi-harness"
# 5. One launcher per ftxi engine, for omnichess's `uci:` agent (which runs a program without
#    arguments): BUILD_DIR/ftxi-5duci-NAME runs `5dchess NAME`, arguments passed on (--seed N).
for name in linear linear-trained mcts zero flat-uct monkey; do
    printf '#!/bin/sh\nexec "%s/ftxi/5dchess" %s "$@"\n' "$build" "$name" >"$build/ftxi-5duci-$name"
    chmod +x "$build/ftxi-5duci-$name"
done
echo "built: $build/ftxi/5dtools $build/ftxi/5dchess $build/ftxi-5duci-* $build/ftxi-harness"
