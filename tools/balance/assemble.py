#!/usr/bin/env python3
"""Writes docs/BALANCE.md from the balance lab's JSON files (tools/balance/regenerate.sh)."""
import json
import sys
from pathlib import Path

OUT, GAMES, PLAYER = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
NAMES = {
    "classic": ("Classic chess (the baseline)", "white", "black"),
    "qec": ("Quantum Entanglement Chess", "white", "black"),
    "dice": ("Die Chess", "white", "black"),
    "realms": ("Three Realms Chess", "white", "black"),
    "dmchess": ("DMChess", "light", "dark"),
    "multiverse": ("5D Chess with Multiverse Time Travel", "white", "black"),
}
# Three Realms' own table ("Relative piece values"); a star: "sufficient mating material".
REALMS_CLAIMS = {
    "pawn": "1", "imp": "1", "honorable horse": "1⅓", "silver general": "2",
    "fallen angel": "2", "warmachine": "3", "elephant": "3½", "bishop": "4", "knight": "5",
    "scholar": "5", "angel": "6*", "pegasus": "6", "rook": "6*", "queen": "8*",
    "fiend": "12*", "grandmaster": "14*",
}


def load(name):
    path = OUT / name
    return json.loads(path.read_text()) if path.exists() else None


def pct(x):
    return f"{100 * x:.1f} %"


def interval(e, f=pct):
    return f"{f(e['mean'])} ({f(e['low'])} to {f(e['high'])})"


def balance_section(v, first, second):
    b = load(f"{v}-balance.json")
    if b is None:
        return [f"No balance study of {v} was run.", ""]
    f = b["figures"]
    r = f["results"]
    lines = [
        f"- **{first.capitalize()}'s score:** {interval(f['first_player_score'], lambda x: f'{x:.3f}')}"
        f" over {f['games']} games ({first} won {r['first']}, {second} won {r['second']}, drawn {r['drawn']}).",
        f"- **Decisive games:** {interval(f['decisive_rate'])}.",
        "- **Endings:** " + "; ".join(
            f"{cause} {c['first'] + c['second'] + c['drawn']} ({first} {c['first']}, {second} {c['second']}, drawn {c['drawn']})"
            for cause, c in sorted(f["causes"].items(), key=lambda kv: -sum(kv[1].values()))
        ) + ".",
        f"- **Length:** median {f['lengths']['median']} turns (90 % within {f['lengths']['p90']}, longest {f['lengths']['max']}).",
        f"- **Openings:** {len(f['first_decisions'])} different first decisions, entropy "
        f"{f['first_decision_entropy']:.2f} bits (after the {b['spec']['opening']} random opening decisions the study plays).",
        "",
    ]
    return lines


def values_section(v, claims=None):
    d = load(f"{v}-values.json")
    if d is None:
        return []
    f = d["figures"]
    lines = [
        f"Fitted values ({f['samples']} positions of {f['games']} games; weights in log-odds per piece"
        " with 95 % intervals clustered by game, and in pawns):",
        "",
        "| kind | fitted (pawns) | 95 % interval (pawns) | log-odds per piece | positions unequal |"
        + (" the text says |" if claims else ""),
        "|---|---|---|---|---|" + ("---|" if claims else ""),
    ]
    for x in f["values"]:
        p = "—" if x["pawns"] is None else f"{x['pawns']:.2f}"
        pi = "—" if x["pawns"] is None else f"{x['pawns_low']:.2f} to {x['pawns_high']:.2f}"
        row = f"| {x['kind']} | {p} | {pi} | {x['log_odds']:.3f} ({x['log_odds_low']:.3f} to {x['log_odds_high']:.3f}) | {x['unequal_samples']} |"
        if claims:
            row += f" {claims.get(x['kind'], '—')} |"
        lines.append(row)
    lines.append("")
    return lines


def compare_section(name, label_a, label_b, first):
    c = load(name)
    if c is None:
        return []
    f = c["figures"]
    d, r = f["first_player_score"], f["decisive_rate"]
    sig = lambda x: "a difference at 95 %" if x["low"] > 0 or x["high"] < 0 else "no difference shown at 95 %"
    return [
        f"| | {label_a} | {label_b} | {label_b} − {label_a} |",
        "|---|---|---|---|",
        f"| {first}'s score | {f['a']['first_player_score']['mean']:.3f} | {f['b']['first_player_score']['mean']:.3f} |"
        f" {d['delta']:+.3f} ({d['low']:+.3f} to {d['high']:+.3f}): {sig(d)} |",
        f"| decisive | {pct(f['a']['decisive_rate']['mean'])} | {pct(f['b']['decisive_rate']['mean'])} |"
        f" {100 * r['delta']:+.1f} points ({100 * r['low']:+.1f} to {100 * r['high']:+.1f}): {sig(r)} |",
        f"| mean length (turns) | {f['a']['lengths']['mean']:.1f} | {f['b']['lengths']['mean']:.1f} | {f['mean_length']:+.1f} |",
        "",
    ]


out = [
    "# Balance: the seeds' claims against self-play",
    "",
    "Regenerate with `tools/balance/regenerate.sh " + GAMES + "` (a release build, then every study",
    "below; the studies' JSON files, each with the settings that reproduce it, go to",
    "`target/balance/`). Every figure is from self-play of one engine setting against itself,",
    f"`{PLAYER}`, {GAMES} games a study (5D Chess: a quarter as many, at most 16 turns), seed 1,",
    "the first two decisions of every game random (varied games from a deterministic player),",
    "games over 150 turns adjudicated drawn. A stronger setting could change any of these",
    "figures: they measure the rules as this engine plays them. The statistics: docs/LAB.md.",
    "",
]
for v, (title, first, second) in NAMES.items():
    out += [f"## {title}", ""]
    out += balance_section(v, first, second)
    if v == "dice":
        odds = (OUT / "dice-odds.txt").read_text().strip() if (OUT / "dice-odds.txt").exists() else "?"
        b = load("dice-balance.json")
        if b:
            g = b["figures"]["games"]
            forfeits = b["figures"]["first_decisions"].get("--", 0)
            out += [
                "**The text's claim: \"a 45 % chance that the first player forfeits\" on move one.**",
                f"The exact odds at the start, by enumerating the die (`omnichess odds dice`): {odds}.",
                f"In play: {forfeits} of {g} games opened with a forfeited first turn"
                f" ({pct(forfeits / g)}; the first decisions of these games are random, which",
                "does not change the roll). The claim holds.",
                "",
            ]
    if v == "realms":
        out += ["**The text's value table beside the fitted values** (a star: \"sufficient mating material against a bare king on Earth\"):", ""]
        out += values_section(v, REALMS_CLAIMS)
        continue
    if v == "qec":
        out += values_section(v)
        out += ["**The links' effect on White's score** (the file mapping against no links, the same engine):", ""]
        out += compare_section("qec-links.json", "links (files)", "no links", first)
        continue
    if v == "dmchess":
        out += values_section(v)
        out += ["**The default profile against the sparse one** (half the portals; both in crates/variants/src/dmchess/):", ""]
        out += compare_section("dmchess-profiles.json", "default", "sparse", first)
        continue
    out += values_section(v)
print("\n".join(out).rstrip() + "\n")
