#!/usr/bin/env python3
"""Die Chess: did the engine's choices lose games its own deeper search would have saved?

For every decision of the named side that had a choice, in the given game records (PGN
written by `omnichess match --records`), two values from that side's view on the win scale
(-1 lost, +1 won):

* best: `omnichess analyze` at the decision with ROOT_NODES nodes;
* chosen: the decision the game made, valued as the expectation over the rolls that follow
  it (`omnichess moves` lists them with their probabilities), each outcome searched with
  FACE_NODES nodes (a forced single decision after a roll is followed once, then searched;
  `analyze` now searches it to the limits itself).

    tools/dice-decision-check/check.py BINARY RECORD.pgn:white|black ... [--root-nodes N]
        [--face-nodes N] [--jobs J]

One line per decision (record, side, token index, choices, chosen, deeper choice, best,
chosen value, loss); a summary on stderr. docs/EXPERIMENTS.md,
2026-11-28. Fetches nothing; needs only an `omnichess` build.
"""
import argparse
import math
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("records", nargs="+", help="RECORD.pgn:white or RECORD.pgn:black")
    ap.add_argument("--root-nodes", type=int, default=1_000_000)
    ap.add_argument("--face-nodes", type=int, default=200_000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        sys.exit(f"error: no omnichess build at {args.binary} "
                 "(build one: cargo build --release -p omnichess-cli)")
    checker = Checker(args.binary, args.root_nodes, args.face_nodes)
    jobs = []
    for spec in args.records:
        record, _, side = spec.rpartition(":")
        if side not in ("white", "black") or not os.path.isfile(record):
            sys.exit(f"error: {spec}: expected RECORD.pgn:white or RECORD.pgn:black")
        jobs += [(record, side, *d) for d in checker.decisions(record, side)]
    losses = []
    with ThreadPoolExecutor(args.jobs) as pool:
        for line, loss in pool.map(checker.judge, jobs):
            print(line, flush=True)
            losses.append(loss)
    if losses:
        big = sum(1 for x in losses if x > 0.05)
        print(f"decisions {len(losses)}, mean loss {sum(losses) / len(losses):.4f}, "
              f"over 0.05: {big}", file=sys.stderr)


class Checker:
    def __init__(self, binary, root_nodes, face_nodes):
        self.binary, self.root_nodes, self.face_nodes = binary, root_nodes, face_nodes

    def run(self, *args):
        done = subprocess.run([self.binary, *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"error: omnichess {' '.join(args[:2])} failed: {done.stderr.strip()}")
        return done.stdout.splitlines()

    def to_act(self, after):
        out = self.run("moves", "dice", "--after", after)
        return out[0].split(": ", 1)[1], out[1:]

    def analyze(self, after, nodes):
        out = self.run("analyze", "dice", "--after", after, "--nodes", str(nodes))
        info = [line for line in out if line.startswith("info")][-1]
        kind, n = re.search(r"score (cp|mate) (-?\d+)", info).groups()
        best = [line for line in out if line.startswith("bestmove")][0].split(" ", 1)[1]
        if kind == "mate":
            return (1.0 if int(n) > 0 else -1.0), best
        x = int(n) / 600.0  # the engine's win scale (eval/dice.rs, WIN_SCALE)
        return x / math.sqrt(1 + x * x), best

    def value(self, after, side, followed=False):
        who, rest = self.to_act(after)
        if who == "none":
            text = rest[0] if rest else ""
            if "1/2" in text:
                return 0.0
            return 1.0 if ("1-0" in text) == (side == "white") else -1.0
        if who == "chance":
            return sum(float(p) * self.value(f"{after} {face}", side, followed)
                       for face, p in (line.split() for line in rest))
        if len(rest) == 1 and not followed:
            return self.value(f"{after} {rest[0]}", side, True)
        v, _ = self.analyze(after, self.face_nodes)
        return v if who == side else -v

    def decisions(self, record, side):
        text = open(record).read().split("\n\n", 1)[-1]
        tokens = [t for t in text.split()
                  if not re.fullmatch(r"\d+\.", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        for i, token in enumerate(tokens):
            prefix = " ".join(tokens[:i])
            who, rest = self.to_act(prefix)
            if who == side and len(rest) >= 2:
                yield i, prefix, token, len(rest)

    def judge(self, job):
        record, side, i, prefix, chosen, choices = job
        best, deeper = self.analyze(prefix, self.root_nodes)
        got = self.value(f"{prefix} {chosen}".strip(), side)
        return (f"{record}\t{side}\t{i}\t{choices}\t{chosen}\t{deeper}\t"
                f"{best:+.3f}\t{got:+.3f}\t{best - got:+.3f}", best - got)


if __name__ == "__main__":
    main()
