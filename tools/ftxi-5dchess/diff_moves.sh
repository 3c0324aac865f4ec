#!/usr/bin/env bash
# Move-by-move differential of omnichess against ftxi/5dchess_engine: at
# every position of every game, the SET of moves of the pieces on the mover's playable boards
# (each piece's moves by its movement rules, before any check test), printed by both programs
# in 5DUCI's long form (`ftxi-harness --moves`, `count_5d_actions --moves`), compared.
#
#   tools/ftxi-5dchess/diff_moves.sh BUILD_DIR [GAME.5dpgn ...]
#
# The games: the GAME files given, else every public game of the test data
# (crates/variants/tests/data/multiverse: cwmtt/, ftxi/, the random 233-timeline game) and
# random-against-random games played here by the release CLI (`omnichess match multiverse
# --a random --b random --games $RANDOM_GAMES --max-turns $MAX_TURNS --seed $SEED --records
# DIR`; defaults 6, 30, 7: the random games compare.sh measures; RANDOM_GAMES=0 leaves them
# out). A game ftxi reads only in part
# is compared up to the move its reader refuses.
#
# Every difference is either one of the ruled ones (docs/rules/multiverse.md), counted by rule,
# or listed under DISAGREEMENT (exit status 1):
#   R5: a Black unmoved pawn's double step along the timeline axis, `(LTt)s(L+2Tt)s`, which
#       omnichess (and cwmtt) plays and ftxi does not generate;
#   R7: castling with the rook two files from the king (the king lands on the rook's square,
#       the rook beside it), which omnichess (and cwmtt) plays and ftxi does not generate.
# With RECORD=FILE, ftxi's figures are written to FILE, one line per position compared: the
# game, the position, the number of ftxi's moves, their FNV-1a 64-bit hash (of the sorted moves
# joined by commas, in hex) and the moves only omnichess generates, each with its rule
# (crates/variants/tests/data/multiverse/ftxi_moves.tsv, checked by the test
# multiverse_vs_ftxi.rs, was written so).
# Exit status 2: no harness in BUILD_DIR.
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 BUILD_DIR [GAME.5dpgn ...]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/common.sh"
need_harness "$1"
harness="$1/ftxi-harness"
shift
games=("$@")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
omni=$(build_counter)
if [ ${#games[@]} -eq 0 ]; then
    data=$repo/crates/variants/tests/data/multiverse
    for f in "$data"/cwmtt/*.5dpgn "$data"/*.5dpgn; do games+=("$f"); done
    for f in "$data"/ftxi/*.5dpgn; do
        cp "$f" "$out/ftxi-$(basename "$f")"
        games+=("$out/ftxi-$(basename "$f")")
    done
    if [ "${RANDOM_GAMES:-6}" != 0 ]; then
        mkdir "$out/random"
        played=$(random_games "$out/random" "${RANDOM_GAMES:-6}" "${MAX_TURNS:-30}" "${SEED:-7}")
        for f in $played; do games+=("$f"); done
    fi
fi
"$harness" --moves "${games[@]}" >"$out/ftxi" || true
"$omni" --moves "${games[@]}" >"$out/omni" || true

python3 - "$out/ftxi" "$out/omni" "${RECORD:-}" "${games[@]}" <<'PY'
import re, sys

def read(path):
    positions, errors = {}, {}
    for line in open(path):
        game = line.split(" ", 1)[0][len("game="):]
        if " error=" in line:
            errors[game] = line.split(" error=", 1)[1].strip()
            continue
        i = int(line.split(" ", 2)[1][len("position="):])
        moves = line.rstrip("\n").split(" moves=", 1)[1]
        positions[(game, i)] = set(moves.split(",")) if moves else set()
    return positions, errors

ftxi, ftxi_errors = read(sys.argv[1])
omni, omni_errors = read(sys.argv[2])
MOVE = re.compile(r"\((-?\d+)T(-?\d+)\)([a-h])(\d)\((-?\d+)T(-?\d+)\)([a-h])(\d)$")

def ruling(move, only_omni, black):
    """The rule that explains a move only one program generates, or None."""
    m = MOVE.match(move)
    if not m or not only_omni:
        return None
    l0, t0, f0, r0, l1, t1, f1, r1 = m.groups()
    if black and int(l1) == int(l0) + 2 and t0 == t1 and (f0, r0) == (f1, r1):
        return "R5"
    if (l0, t0, r0) == (l1, t1, r1) and abs(ord(f1) - ord(f0)) == 2:
        return "R7"
    return None

def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"

record = open(sys.argv[3], "w") if sys.argv[3] else None
names = [p.rsplit("/", 1)[-1] for p in sys.argv[4:]]
problems, ruled, compared, moves = [], {}, 0, 0
for game in names:
    if game in omni_errors:
        problems.append(f"{game}: omnichess cannot read it: {omni_errors[game]}")
    n = 0
    while (game, n) in ftxi and (game, n) in omni:
        f, o = ftxi[(game, n)], omni[(game, n)]
        compared += 1
        moves += len(o)
        # The mover: positions alternate from White's (every game here starts with White).
        black = n % 2 == 1
        extra = []
        for move, only_omni in [(x, False) for x in f - o] + [(x, True) for x in o - f]:
            rule = ruling(move, only_omni, black)
            if rule:
                ruled.setdefault(rule, []).append(f"{game}:{n}:{move}")
                extra.append(f"{rule}:{move}")
            else:
                side = "omnichess" if only_omni else "ftxi"
                problems.append(f"{game}: position {n}: only {side} generates {move}")
        if record:
            record.write(f"{game}\t{n}\t{len(f)}\t{fnv1a(','.join(sorted(f)))}\t{' '.join(sorted(extra))}\n")
        n += 1
    print(f"{game}: {n} positions compared" + (f" (ftxi: {ftxi_errors[game]})" if game in ftxi_errors else ""))
print(f"\n{compared} positions, {moves} moves (omnichess's count) compared in {len(names)} games")
for rule, cases in sorted(ruled.items()):
    print(f"ruled differences, {rule} (docs/rules/multiverse.md): {len(cases)}, e.g. {', '.join(cases[:3])}")
if problems:
    print("\n" + "!" * 72)
    print(f"DISAGREEMENT ({len(problems)}):")
    for p in problems[:200]:
        print("  " + p)
    print("!" * 72)
    sys.exit(1)
print("every other move agrees")
PY
