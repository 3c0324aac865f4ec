#!/usr/bin/env python3
"""Classic move quality judged by Stockfish (figures in docs/ENGINE.md, "Strength").

A 100-game match against Stockfish measures a build to about +-65 Elo; a search change worth
20-30 Elo needs about 1 000 games to show there. This tool measures what those games are made
of, the moves, with far less noise: a fixed set of positions from Stockfish's own games at
skill 10 (the level of the issue's goal), each answered by the build at a fixed node budget,
each answer scored by a deep Stockfish search restricted to that move, against Stockfish's
best. The loss of a move is the expected score it gives away (Stockfish's centipawns turned
into an expected score, lichess's curve); two builds are compared position by position.

    quality.py positions OUT.fen [--games N] [--seed S]      a position set
    quality.py answer BINARY POSITIONS OUT.tsv [--nodes N | --time S] [--skill K]
                                                           a build's moves (Stockfish's with --skill)
    quality.py judge POSITIONS A.tsv [B.tsv] [--depth D] [--cache C.json] [--jobs J]

positions.fen beside this script is the set measured on 2026-11-28 (2 348 positions: seeds 1 and 2,
60 games each). Typical use, two builds against the same positions (answers about 4 minutes a
build at 0.1 s; judging about 4 minutes on 2 cores, less for moves already in the cache):

    quality.py answer target/release/omnichess tools/classic-move-quality/positions.fen new.tsv --time 0.1
    quality.py judge tools/classic-move-quality/positions.fen old.tsv new.tsv --cache judge.json

Needs python-chess (`pip install chess`) and Stockfish (Debian's `stockfish`,
/usr/games/stockfish, or --stockfish PATH). It fetches nothing and says so when either is
missing.
"""

import argparse
import json
import math
import os
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("error: python-chess is missing (pip install chess)")

DEFAULT_STOCKFISH = "/usr/games/stockfish"


def need_file(path, what, hint):
    if not os.path.exists(path):
        sys.exit(f"error: no {what} at {path} ({hint})")


def expected(cp):
    """Stockfish's centipawns (White's or the mover's) as an expected score, lichess's curve."""
    return 1.0 / (1.0 + math.exp(-0.00368208 * cp))


def cp_of(score):
    return score.score(mate_score=10000)


def make_positions(args):
    """Stockfish skill 10 against itself from random two-move openings; one position in
    four from ply 12 to ply 120, not in check, not yet decided (|eval| under 600)."""
    need_file(args.stockfish, "Stockfish", "apt-get install stockfish, or --stockfish PATH")
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Skill Level": 10, "Hash": 16})
    kept = []
    for game in range(args.games):
        board = chess.Board()
        for _ in range(4):
            board.push(rng.choice(list(board.legal_moves)))
        while not board.is_game_over(claim_draw=True) and board.ply() < 120:
            result = sf.play(board, chess.engine.Limit(time=0.02), info=chess.engine.INFO_SCORE)
            score = result.info.get("score")
            if (board.ply() >= 12 and board.ply() % 4 == game % 4 and not board.is_check()
                    and score is not None and abs(cp_of(score.white())) < 600):
                kept.append(board.fen())
            board.push(result.move)
        print(f"game {game + 1}/{args.games}: {len(kept)} positions", file=sys.stderr)
    sf.quit()
    with open(args.out, "w") as f:
        f.write("\n".join(kept) + "\n")


def read_positions(path):
    need_file(path, "position set", "make one: quality.py positions OUT.fen")
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def answer(args):
    """The build's move in every position, each searched from an empty table; or, with
    --skill, Stockfish's at that skill level (the reference a build is measured against)."""
    fens = read_positions(args.positions)
    if args.skill is None:
        need_file(args.binary, "omnichess build", "cargo build --release -p omnichess-cli")
        eng = chess.engine.SimpleEngine.popen_uci([args.binary, "uci", "classic"])
    else:
        need_file(args.binary, "Stockfish", "apt-get install stockfish")
        eng = chess.engine.SimpleEngine.popen_uci(args.binary)
        eng.configure({"Skill Level": args.skill, "Hash": 16})
    limit = chess.engine.Limit(time=args.time) if args.time else chess.engine.Limit(nodes=args.nodes)
    with open(args.out, "w") as f:
        for i, fen in enumerate(fens):
            board = chess.Board(fen)
            move = eng.play(board, limit, game=i).move
            f.write(f"{fen}\t{move.uci()}\n")
            if (i + 1) % 200 == 0:
                print(f"{i + 1}/{len(fens)}", file=sys.stderr)
    eng.quit()


def read_answers(path):
    need_file(path, "answers", "make them: quality.py answer BINARY POSITIONS OUT.tsv")
    with open(path) as f:
        return dict(line.rstrip("\n").split("\t") for line in f if line.strip())


JUDGES = threading.local()
STARTED = []


def judge_engine(stockfish):
    """One Stockfish per worker thread, kept for all its positions."""
    if not hasattr(JUDGES, "engine"):
        JUDGES.engine = chess.engine.SimpleEngine.popen_uci(stockfish)
        JUDGES.engine.configure({"Hash": 32})
        STARTED.append(JUDGES.engine)
    return JUDGES.engine


def judge_one(task):
    """Stockfish's value (for the mover, as an expected score) of the position's best move and
    of each move asked about, every one from a search of `depth` restricted to that move."""
    fen, moves, depth, stockfish = task
    sf = judge_engine(stockfish)
    board = chess.Board(fen)
    out = {}
    best = sf.analyse(board, chess.engine.Limit(depth=depth), game=fen)
    out["best"] = expected(cp_of(best["score"].relative))
    out[best["pv"][0].uci()] = out["best"]
    for m in moves:
        if m in out:
            continue
        info = sf.analyse(board, chess.engine.Limit(depth=depth), root_moves=[chess.Move.from_uci(m)],
                          game=fen)
        out[m] = expected(cp_of(info["score"].relative))
    return fen, out


def judge(args):
    need_file(args.stockfish, "Stockfish", "apt-get install stockfish, or --stockfish PATH")
    fens = read_positions(args.positions)
    builds = [read_answers(p) for p in args.answers]
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    key = f"depth{args.depth}"
    table = cache.setdefault(key, {})
    tasks = []
    for fen in fens:
        moves = [b[fen] for b in builds if fen in b]
        if fen not in table or any(m not in table[fen] for m in moves):
            tasks.append((fen, moves, args.depth, args.stockfish))
    with ThreadPoolExecutor(args.jobs) as pool:
        for n, (fen, values) in enumerate(pool.map(judge_one, tasks)):
            table.setdefault(fen, {}).update(values)
            if (n + 1) % 100 == 0:
                print(f"judged {n + 1}/{len(tasks)}", file=sys.stderr)
    for sf in STARTED:
        sf.quit()
    if args.cache:
        with open(args.cache, "w") as f:
            json.dump(cache, f)
    losses = []
    for b in builds:
        losses.append([max(0.0, table[fen]["best"] - table[fen][b[fen]]) for fen in fens if fen in b])
    for path, ls in zip(args.answers, losses):
        n = len(ls)
        mean = sum(ls) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in ls) / (n - 1))
        blunders = sum(x > 0.2 for x in ls)
        best = sum(x == 0.0 for x in ls)
        print(f"{path}: {n} positions, mean loss {100 * mean:.3f} +- {200 * sd / math.sqrt(n):.3f} "
              f"(points of expected score per move, 95 %), best move {100 * best / n:.1f} %, "
              f"losses over 0.2: {blunders}")
    if len(builds) == 2 and len(losses[0]) == len(losses[1]):
        d = [a - b for a, b in zip(*losses)]
        n = len(d)
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        print(f"first minus second: {100 * mean:+.3f} +- {200 * sd / math.sqrt(n):.3f} "
              f"(negative: the first loses less)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--stockfish", default=DEFAULT_STOCKFISH)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("positions", help="the position set, from Stockfish skill 10's games")
    a.add_argument("out")
    a.add_argument("--games", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    b = sub.add_parser("answer", help="a build's move in every position")
    b.add_argument("binary")
    b.add_argument("positions")
    b.add_argument("out")
    b.add_argument("--nodes", type=int, default=100000)
    b.add_argument("--time", type=float, help="seconds a move instead of --nodes")
    b.add_argument("--skill", type=int, help="BINARY is Stockfish, playing at this skill level")
    c = sub.add_parser("judge", help="Stockfish's judgement of one build's moves, or two builds' side by side")
    c.add_argument("positions")
    c.add_argument("answers", nargs="+")
    c.add_argument("--depth", type=int, default=14)
    c.add_argument("--cache")
    c.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    {"positions": make_positions, "answer": answer, "judge": judge}[args.cmd](args)


if __name__ == "__main__":
    main()
