#!/usr/bin/env python3
"""Die Chess: where a match's points went. For the games player A did not win in the record
folders of `omnichess match dice --records DIR` (games.tsv and the PGNs), one line each:

    folder  game  A's colour  loss|draw  how it ended  move  material  forfeit run  final FEN

`material` is A's material less the opponent's at the end (pawn 1, minor 3, rook 5, queen 9);
`forfeit run` is how many turns in a row were forfeited (`--`) at the game's end: a fivefold
repetition after a run of 8 came from four rounds in which both sides forfeited, with no move
between (the engine could not act); a shorter run means a move brought the position back.
On stderr, the counts by ending, by material (A 3 or more ahead, within 2, 3 or more behind)
and the fivefold draws that ended on a run of 8.

    tools/dice-non-wins/summary.py BINARY DIR [DIR ...]

BINARY is an `omnichess` build (its `replay` gives the final position). docs/EXPERIMENTS.md,
2026-11-28. Fetches nothing.
"""
import os
import re
import subprocess
import sys
from collections import Counter

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}


def material(fen, colour):
    """A's material less the opponent's in `fen`, A playing `colour`."""
    total = 0
    for ch in fen.split()[0]:
        if ch.lower() in VALUES:
            value = VALUES[ch.lower()]
            total += value if ch.isupper() == (colour == "white") else -value
    return total


def forfeit_run(pgn_text):
    """Forfeited turns in a row at the end of the record's move text."""
    moves = " ".join(l for l in pgn_text.splitlines() if not re.match(r'^\[[A-Za-z]+ "', l))
    words = [w for w in moves.split()
             if not re.fullmatch(r"\d+\.(\.\.)?", w) and w not in ("1-0", "0-1", "1/2-1/2", "*")]
    # A turn is a roll `[X]` (or `roll`, `[K!]`) then a move or `--`; count the final `--`s.
    turns = [w for w in words if not w.startswith("[") and w != "roll"]
    run = 0
    for w in reversed(turns):
        if w != "--":
            break
        run += 1
    return run


def main():
    if len(sys.argv) < 3:
        print("usage: tools/dice-non-wins/summary.py BINARY DIR [DIR ...]", file=sys.stderr)
        return 2
    binary, folders = sys.argv[1], sys.argv[2:]
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print(f"error: no omnichess build at {binary}", file=sys.stderr)
        return 2
    endings, by_material, runs = Counter(), Counter(), Counter()
    games = 0
    for folder in folders:
        index = os.path.join(folder, "games.tsv")
        if not os.path.isfile(index):
            print(f"error: {index} is missing (a folder written by `match --records`?)",
                  file=sys.stderr)
            return 2
        rows = [l.rstrip("\n").split("\t") for l in open(index)][1:]
        for number, colour, ending, name in rows:
            games += 1
            won = ending.startswith("1-0" if colour == "white" else "0-1")
            if won:
                continue
            path = os.path.join(folder, name)
            out = subprocess.run([binary, "replay", "dice", path], capture_output=True, text=True)
            fen = out.stdout.split("final position: ")[-1].strip()
            if out.returncode != 0 or not fen:
                print(f"error: {path} does not replay: {out.stderr.strip()}", file=sys.stderr)
                return 2
            kind = "draw" if ending.startswith("1/2") else "loss"
            how = ending.split(" ", 1)[1]
            mat = material(fen, colour)
            run = forfeit_run(open(path).read())
            print(f"{folder}\t{number}\t{colour}\t{kind}\t{how}\tmove {fen.split()[-1]}"
                  f"\t{mat:+d}\t{run}\t{fen}")
            endings[f"{kind}: {how}"] += 1
            side = "ahead 3+" if mat >= 3 else ("behind 3+" if mat <= -3 else "within 2")
            by_material[f"{kind}, A {side}"] += 1
            if "fivefold" in how:
                runs["run of 8 forfeits" if run >= 8 else "a move between"] += 1
    print(f"{games} games", file=sys.stderr)
    for name, counter in (("ending", endings), ("material", by_material), ("fivefold", runs)):
        for key, n in sorted(counter.items(), key=lambda kv: -kv[1]):
            print(f"{name}\t{n}\t{key}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
