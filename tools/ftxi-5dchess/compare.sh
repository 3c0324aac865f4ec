#!/usr/bin/env bash
# omnichess against ftxi/5dchess_engine on the public 5D games of the test data and on wide
# random games, in one run (issues 22 and 53): legal-action counting at every position (capped
# at 1000) and "is the final position over?", both timed in process. Each program runs every
# game REPS times, the two alternating; kept are each position's fastest counting (a game's
# time is their sum) and the fastest of the 10·REPS final tests.
#
#   tools/ftxi-5dchess/compare.sh BUILD_DIR [REPS [GAME.5dpgn ...]]
#
# The games: the 12 cwmtt conformance games, then (unless GAME.5dpgn files are given, which
# replace them) the other public games of the test data (the rest of $CWMTT and $FTXI_GAMES)
# and six random-against-random games (`omnichess match multiverse --a random --b random
# --games 6 --max-turns 30 --seed 7 --records DIR`, played here by the release CLI;
# RANDOM_GAMES=0 leaves them out). Counts are checked against action_counts.tsv and action_counts-more.tsv
# where they have the game, and the two programs against each other; a game ftxi cannot read
# is listed as such and measured on omnichess's side only.
#
# BUILD_DIR is a folder made by tools/ftxi-5dchess/build.sh (it holds BUILD_DIR/ftxi-harness);
# this script fetches and builds nothing of ftxi's. REPS defaults to 3. The games are read
# from $CWMTT (default: crates/variants/tests/data/multiverse/cwmtt). For each game both
# programs run in their own process (ftxi's harness, then omnichess's count_5d_actions
# example), so the peak memory is the game's. Every position's count is checked: the two
# programs against each other and against action_counts.tsv. Exit status: 0 when all agree,
# 1 on any disagreement or a game a program cannot read, 2 when BUILD_DIR has no harness.
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 BUILD_DIR [REPS [GAME.5dpgn ...]]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/common.sh"
harness="$1/ftxi-harness"
reps=${2:-3}
extra=("${@:3}")
given=${#extra[@]}
for f in ${extra[@]+"${extra[@]}"}; do
    [ -f "$f" ] || { echo "error: no game file $f" >&2; exit 2; }
done
case "$reps" in ""|*[!0-9]*|0) echo "error: REPS must be a positive number" >&2; exit 2;; esac
need_harness "$1"
cwmtt=${CWMTT:-$repo/crates/variants/tests/data/multiverse/cwmtt}
if [ ! -f "$cwmtt/action_counts.tsv" ]; then
    echo "error: TEST DATA MISSING: $cwmtt/action_counts.tsv (set CWMTT)" >&2
    exit 1
fi

# The omnichess side, built once (release profile).
omni=$(build_counter)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
games=$(cut -f1 "$cwmtt/action_counts.tsv" | grep -v '^#')
ftxi_games=${FTXI_GAMES:-$repo/crates/variants/tests/data/multiverse/ftxi}
if [ "$given" -eq 0 ]; then
    names=" $(echo $games) "
    for f in "$cwmtt"/*.5dpgn; do
        case "$names" in *" $(basename "$f") "*) continue;; esac
        names="$names$(basename "$f") "
        extra+=("$f")
    done
    # A name both folders hold (futures.5dpgn): ftxi's copy measured as ftxi-NAME.
    for f in "$ftxi_games"/*.5dpgn; do
        case "$names" in *" $(basename "$f") "*)
            cp "$f" "$out/ftxi-$(basename "$f")"; f="$out/ftxi-$(basename "$f")";;
        esac
        extra+=("$f")
    done
    if [ "${RANDOM_GAMES:-1}" != 0 ]; then
        mkdir "$out/random-games"
        played=$(random_games "$out/random-games" 6 30 7)
        for f in $played; do extra+=("$f"); done
    fi
fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); reps $reps"
echo "# ftxi: $harness ($(${CXX:-c++} --version | head -1)); omnichess: $omni ($(rustc --version))"
# The runs alternate, ftxi then omnichess, REPS times per game, so that a burst of other work
# on the machine slows both sides alike; each position's fastest counting is kept.
for path in $(for g in $games; do echo "$cwmtt/$g"; done) ${extra[@]+"${extra[@]}"}; do
    for _ in $(seq "$reps"); do
        "$harness" --cap 1000 "$path" >>"$out/ftxi" || true
        "$omni" --cap 1000 "$path" >>"$out/omni" || true
    done
done

python3 - "$out/ftxi" "$out/omni" "$cwmtt/action_counts.tsv" "$cwmtt/action_counts-more.tsv" \
    ${extra[@]+"${extra[@]}"} <<'PY'
import math, sys

def read(path):
    """Each game's runs merged: each position's fastest counting time (count_ms is their sum),
    the fastest final test, the largest peak memory; an error, or counts that change between
    runs, kept as an error."""
    rows = {}
    for line in open(path):
        fields = dict(f.split("=", 1) for f in line.split(" counts=")[0].split() if "=" in f)
        if " counts=" in line:
            fields["counts"] = line.split(" counts=", 1)[1].strip()
        if " error=" in line:
            fields["error"] = line.split(" error=", 1)[1].strip()
        game = fields["game"]
        if "error" not in fields:
            fields["times"] = [float(x) for x in fields["times"].split(",")]
            fields["final_ms"] = float(fields["final_ms"])
            fields["peak_kb"] = int(fields["peak_kb"])
        old = rows.get(game)
        if old is None or "error" in fields:
            rows[game] = fields
        elif "error" not in old:
            if old["counts"] != fields["counts"]:
                old["error"] = "counts differ between runs"
                continue
            old["times"] = [min(a, b) for a, b in zip(old["times"], fields["times"])]
            old["final_ms"] = min(old["final_ms"], fields["final_ms"])
            old["peak_kb"] = max(old["peak_kb"], fields["peak_kb"])
    for r in rows.values():
        if "error" not in r:
            r["count_ms"] = sum(r["times"])
            i = max(range(len(r["times"])), key=lambda k: r["times"][k])
            r["slowest"] = f"{i}:{r['times'][i]:.1f}"
    return rows

ftxi, omni = read(sys.argv[1]), read(sys.argv[2])
known = {}
for tsv in sys.argv[3:5]:
    for line in open(tsv):
        if line.startswith("#") or not line.strip():
            continue
        game, counts = line.rstrip("\n").split("\t")
        known[game] = [int(c) for c in counts.split()]
# The 12 games, then the extra ones: checked against the reference counts where they are
# known, else the two programs against each other.
reference = {}
for line in open(sys.argv[3]):
    if not line.startswith("#") and line.strip():
        game = line.split("\t")[0]
        reference[game] = known[game]
for path in sys.argv[5:]:
    name = path.rsplit("/", 1)[-1]
    reference[name] = known.get(name)
unread = []

problems = []
rows = []
for game, ref in reference.items():
    f, o = ftxi.get(game), omni.get(game)
    if o is None or "error" in o:
        problems.append(f"{game}: omnichess could not run it: {o.get('error') if o else 'no output'}")
        continue
    oc = [int(c) for c in o["counts"].split(",")]
    if f is None or "error" in f:
        # ftxi cannot read some public games (setups or notations it lacks): omnichess alone,
        # against the reference counts where they are known.
        unread.append(f"{game}: {f.get('error') if f else 'no output'}")
        f = {"counts": o["counts"], "count_ms": float("nan"), "final_ms": float("nan"),
             "final": o["final"], "peak_kb": 0, "slowest": "—"}
        if ref is None:
            ref = oc
    fc = [int(c) for c in f["counts"].split(",")]
    if ref is None:
        ref = oc
    if len(fc) != len(oc) or len(fc) != len(ref):
        problems.append(f"{game}: positions differ: ftxi {len(fc)}, omnichess {len(oc)}, reference {len(ref)}")
    for i, (a, b, c) in enumerate(zip(fc, oc, ref)):
        if not (a == b == c):
            problems.append(f"{game}: position {i}: ftxi {a}, omnichess {b}, reference {c}")
    if f["final"] != o["final"]:
        problems.append(f"{game}: final position: ftxi says {f['final']}, omnichess {o['final']}")
    rows.append((game, len(fc), f["count_ms"], o["count_ms"], f["final_ms"], o["final_ms"],
                 o["final"], f["peak_kb"], o["peak_kb"], f["slowest"], o["slowest"]))

def ratio(a, b):
    if math.isnan(b):
        return float("nan")
    return a / b if b > 0 else float("inf")

print()
print("| game | positions | ftxi count ms | omnichess count ms | ratio | final | ftxi final ms | omnichess final ms | ratio | peak MB ftxi / omnichess | slowest position ftxi / omnichess (index:ms) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for g, n, fc, oc, ff, of, verdict, fk, ok, fs, os_ in rows:
    if math.isnan(fc):  # ftxi cannot read it
        print(f"| {g} | {n} | — | {oc:.1f} | — | {verdict} | — | {of:.3f} | — | — / {ok/1024:.1f} | — / {os_} |")
        continue
    print(f"| {g} | {n} | {fc:.1f} | {oc:.1f} | {ratio(oc, fc):.2f}× | {verdict} | {ff:.3f} | {of:.3f} | "
          f"{ratio(of, ff):.2f}× | {fk/1024:.1f} / {ok/1024:.1f} | {fs} / {os_} |")
if rows:
    def geo(xs):
        return math.exp(sum(math.log(x) for x in xs) / len(xs))
    both = [r for r in rows if not math.isnan(r[2])]
    tf, to = sum(r[2] for r in both), sum(r[3] for r in both)
    ff, fo = sum(r[4] for r in both), sum(r[5] for r in both)
    print(f"| **total, games both read** | {sum(r[1] for r in both)} | {tf:.1f} | {to:.1f} | **{ratio(to, tf):.2f}×** | | "
          f"{ff:.3f} | {fo:.3f} | **{ratio(fo, ff):.2f}×** | | |")
    worst = max(both, key=lambda r: ratio(r[3], r[2]))
    print(f"| **slowest ratio, games both read** | | | | **{ratio(worst[3], worst[2]):.2f}×** ({worst[0]}) | | | | "
          f"**{max(ratio(r[5], r[4]) for r in both):.2f}×** | | |")
    rows = both
    gc = geo([ratio(r[3], r[2]) for r in rows])
    gf = geo([ratio(r[5], r[4]) for r in rows])
    print(f"| **geometric mean of ratios** | | | | **{gc:.2f}×** | | | | **{gf:.2f}×** | | |")
    mates = [r for r in rows if r[6] != "none"]
    if mates:
        print(f"\nfinal positions that are over ({len(mates)}): geometric mean "
              f"{geo([ratio(r[5], r[4]) for r in mates]):.2f}×; the others ({len(rows) - len(mates)}): "
              f"{geo([ratio(r[5], r[4]) for r in rows if r[6] == 'none']) if len(mates) < len(rows) else float('nan'):.2f}×")
print("\nratio = omnichess time ÷ ftxi time (below 1: omnichess faster). Counting: the sum over the "
      "game's positions of each one's fastest of the runs; final: \"is the final position over?\" "
      "(checkmate, stalemate or none), fastest of the runs.")
if problems:
    print("\n" + "!" * 72)
    print(f"DISAGREEMENT ({len(problems)}):")
    for p in problems:
        print("  " + p)
    print("!" * 72)
    sys.exit(1)
if unread:
    print(f"\nftxi cannot read {len(unread)} game(s), measured on omnichess's side only:")
    for u in unread:
        print("  " + u)
print(f"\ncounts agree (ftxi, omnichess, and action_counts.tsv / action_counts-more.tsv where they "
      f"hold the game) on all {sum(r[1] for r in rows)} positions of the {len(rows)} games both read.")
PY
