#!/usr/bin/env python3
"""Writes docs/BALANCE.md from the balance lab's reports (tools/balance/regenerate.sh).

    assemble.py DIR [COMMAND]

DIR holds, for each study, NAME.json (`lab show ID --json`) and NAME.report (its report for
people, whose first line says how far the study is), and dice-odds.txt (`omnichess odds dice`).
COMMAND is the command that made them, for the header.
"""
import json
import math
import re
import sys
from pathlib import Path

OUT = Path(sys.argv[1])
COMMAND = sys.argv[2] if len(sys.argv) > 2 else "tools/balance/regenerate.sh"
Z = 1.959963984540054
MARGIN = 0.02
CAPS = ("turn cap", "decision cap")
CAP_LIMIT = 0.10

# The studies, in the document's order: file name, what it is, how it is asked for.
STUDIES = {
    "classic-values": ("values", "Classic chess", "lab values classic --every 1"),
    "qec-values": ("values", "QEC", "lab values qec --every 1"),
    "qec-links": ("compare", "QEC: links against none",
                  "lab compare qec --position \"START files\" --b-position \"START -\""),
    "dice-values": ("values", "Die Chess", "lab values dice --every 1"),
    "realms-values": ("values", "Three Realms", "lab values realms --every 1"),
    "dmchess-values": ("values", "DMChess", "lab values dmchess --every 1"),
    "dmchess-profiles": ("compare", "DMChess: default profile against sparse",
                         "lab compare dmchess --profile default.profile --b-profile sparse.profile"),
    "dmchess-band": ("compare", "DMChess: band ±8 against ±12",
                     "lab compare dmchess --profile default.profile --b-profile band12.profile"),
    "multiverse-balance": ("balance", "5D Chess", "lab balance multiverse"),
}
# The variants: section title, the players' names, the study of their balance figures.
VARIANTS = [
    ("classic", "Classic chess", ("white", "black"), "classic-values"),
    ("qec", "Quantum Entanglement Chess", ("white", "black"), "qec-values"),
    ("dice", "Die Chess", ("white", "black"), "dice-values"),
    ("realms", "Three Realms Chess", ("white", "black"), "realms-values"),
    ("dmchess", "DMChess", ("light", "dark"), "dmchess-values"),
    ("multiverse", "5D Chess with Multiverse Time Travel", ("white", "black"), "multiverse-balance"),
]
TEXTBOOK = [("knight", 3.0), ("bishop", 3.25), ("rook", 5.0), ("queen", 9.0)]
CALIBRATION_TOLERANCE = 0.15
# One line a claim or comparison, gathered while the sections are written, for "At a glance".
GLANCE = []


def load(name):
    path = OUT / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def progress(name):
    """How far a stored study is, from its report's first line: stored, total, batches by state."""
    path = OUT / f"{name}.report"
    if not path.exists():
        return None
    line = path.read_text().splitlines()[0]
    m = re.search(r"(\d+) of (\d+) games stored", line)
    states = {s: int(n) for n, s in re.findall(r"(\d+) (done|open|claimed|skipped)", line)}
    return {"stored": int(m.group(1)), "total": int(m.group(2)), **{s: states.get(s, 0) for s in
            ("done", "open", "claimed", "skipped")}} if m else None


def partial(name):
    p = progress(name)
    return p is not None and p["open"] + p["claimed"] > 0


def score(x):
    return f"{x:.3f}"


def pct(x):
    return f"{100 * x:.1f} %"


def iv(e, f=score):
    return f"{f(e['mean'])} ({f(e['low'])} to {f(e['high'])})"


def wilson(k, n):
    """Wilson's 95 % interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def needed(variance):
    """Samples for a 95 % interval of ±MARGIN (the lab's planner: ⌈(z σ / M)²⌉)."""
    return max(1, math.ceil(Z * Z * max(variance, 0.0) / (MARGIN * MARGIN)))


def p_text(p):
    if p is None:
        return "no p-value: the fit gives the kind no spread"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def p_two_sided(z):
    return math.erfc(abs(z) / math.sqrt(2))


def holm(ps, alpha=0.05):
    """Holm's step-down: which of the p-values are rejected at the family-wise level alpha."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    rejected = [False] * len(ps)
    for rank, i in enumerate(order):
        if ps[i] > alpha / (len(ps) - rank):
            break
        rejected[i] = True
    return rejected


def verdict(v, names):
    """A first player's score's three-way verdict, from its JSON."""
    if v["side"] == "above":
        return f"favours {names[0]}"
    if v["side"] == "below":
        return f"favours {names[1]}"
    return f"balanced within ±{v['margin']:.3f}"


def difference_verdict(v, points=False):
    """A difference's three-way verdict; `points`: its margin in percentage points."""
    if v["side"] == "above":
        return "raises"
    if v["side"] == "below":
        return "lowers"
    return f"the same within ±{100 * v['margin']:.1f} points" if points else f"the same within ±{v['margin']:.3f}"


def capped(f):
    return sum(sum(f["causes"].get(c, {}).values()) for c in CAPS)


def balance_of(name):
    d = load(name)
    if d is None:
        return None, None
    return (d["balance"] if d["study"] == "values" else d["figures"]), d["spec"]


def table(header, rows):
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + [
        "| " + " | ".join(str(c) for c in r) + " |" for r in rows] + [""]


def missing(name):
    """What to say of a study with no figures: not stored, or stored with no game played yet."""
    p = progress(name)
    error = OUT / f"{name}.error"
    why = error.read_text().strip().removeprefix("error: ") if error.exists() else ""
    if p and p["stored"] == 0:
        return f"no game played yet: 0 of {p['total']} games stored (**partial**)"
    if p:
        return f"{p['stored']} of {p['total']} games stored, no figures" + (f" ({why})" if why else "")
    return "not run"


def partial_note(name):
    p = progress(name)
    if p and p["skipped"] and not partial(name) and STUDIES[name][0] != "compare":
        return [f"**Games played:** {p['stored']} of the {p['total']} stored (the other {p['skipped']}"
                f" batches were skipped, not played); the figures are those {p['stored']} games'."
                f" `tools/balance/regenerate.sh` plays all {p['total']}.", ""]
    if p and partial(name):
        return [f"**Partial:** {p['stored']} of {p['total']} games were stored when this was made"
                f" ({p['open']} batches open, {p['claimed']} being played); the figures are those"
                " games'.", ""]
    return []


# ---------------------------------------------------------------------------- the header


def header():
    specs = [d["spec"] for n in STUDIES if (d := load(n)) and "spec" in d]
    settings = [d["settings"] for n in STUDIES if (d := load(n)) and "settings" in d]
    players = sorted({s["player"] for s in specs + settings})
    seeds = sorted({s["seed"] for s in specs + settings})
    openings = sorted({s["opening"] for s in specs + settings})
    # The adjudication of most variants' studies, and the variants that differ (an engine
    # whose scores do not foretell results plays without: docs/LAB.md, "Adjudication").
    adj_by = {}
    for v, title, _, name in VARIANTS:
        _, spec = balance_of(name)
        if spec:
            adj_by[title] = spec.get("adjudication") or {}
    adj_keys = [json.dumps(a, sort_keys=True) for a in adj_by.values()]
    common_adj = max(set(adj_keys), key=adj_keys.count) if adj_keys else None
    adj = json.loads(common_adj) if common_adj else None
    adj_other = {t: a for t, a in adj_by.items() if json.dumps(a, sort_keys=True) != common_adj}
    caps = {}
    for v, title, _, name in VARIANTS:
        _, spec = balance_of(name)
        if spec:
            caps[title] = spec["max_turns"]
    cap_values = sorted(set(caps.values()))
    if len(cap_values) == 1:
        cap_text = f"{cap_values[0]} turns"
    else:
        common = max(cap_values, key=lambda c: sum(1 for x in caps.values() if x == c))
        cap_text = f"{common} turns (" + ", ".join(
            f"{t}: {c}" for t, c in caps.items() if c != common) + ")"

    def rule(r, keys):
        if r is None:
            return "off"
        return ",".join(f"{k}={r[k]}" for k in keys if k in r and k != "twosided") + (
            ",twosided" if r.get("twosided") else "")

    out = [
        "# Balance: the seeds' claims against self-play",
        "",
        "Every figure below is from self-play of one engine setting against itself, played by",
        "`omnichess worker` processes (one a core, `--jobs 1`) from studies stored in a SQLite",
        "database, and read back with `lab show ID --json`. The statistics are those of",
        "docs/LAB.md. A stronger player could change any figure: they measure the rules as this",
        "engine plays them.",
        "",
        "Made by:",
        "",
        "```sh",
        COMMAND,
        "```",
        "",
        "`tools/balance/regenerate.sh` alone builds the CLI, stores every study below in",
        "`target/balance/lab.db`, plays them with `$(nproc)` workers (`omnichess worker --jobs 1",
        "--exit-when-idle`), writes each study's JSON to `target/balance/` and then this file;",
        "with `DATABASE=URL IDS=FILE` it reads studies already stored there instead (FILE: lines",
        "`NAME study: ID`). Its settings (`GAMES`, `PLAYER`, `SEED`, `OPENING`, `TURNS`,",
        "`FIVE_D_TURNS`, `RESIGN`, `DRAW`) default to those below (`RESIGN` and `DRAW` to each",
        "variant engine's own).",
        "",
        "| setting | value |",
        "|---|---|",
        f"| player (both sides) | `{'`, `'.join(players)}` |",
        f"| seed | {', '.join(map(str, seeds))} (game n of a study is seeded by n alone) |",
        (f"| opening | {openings[0]} random player decisions opening every game"
         if len(openings) == 1 else
         "| opening | each study's `--opening N` (its command below): N random player decisions"
         " opening every game")
        + " (Die Chess: after the first roll, chance rolled between them; 5D Chess: a turn is a"
        " move and its submission). A player limited by nodes plays the same game again from"
        " the same opening: a game repeating an earlier one move for move is counted once"
        " (docs/LAB.md, \"Repeated games\") |",
        f"| turn cap | {cap_text}; a game still running there is drawn, cause `turn cap` |",
    ]
    def others(key, keys):
        said = [f"{t}: `{rule(a.get(key), keys)}`" for t, a in adj_other.items()]
        if not said:
            return ""
        return ("; " + ", ".join(said) + ", its engine's default (its scores do not foretell"
                " results: docs/LAB.md, \"Adjudication\")")
    if adj is not None:
        out += [
            f"| resign adjudication | `--resign {rule(adj.get('resign'), ('movecount', 'score'))}`"
            " (cutechess-cli's rule: a player whose own score was at least 600 cp behind on its"
            f" last 4 turns, its opponent agreeing, loses), cause `resign adjudication`"
            f"{others('resign', ('movecount', 'score'))} |",
            f"| draw adjudication | `--draw {rule(adj.get('draw'), ('movenumber', 'movecount', 'score'))}`"
            " (after 40 full moves, both players' last 8 scores within 20 cp of 0: drawn),"
            f" cause `draw adjudication`{others('draw', ('movenumber', 'movecount', 'score'))} |",
        ]
    out += ["", "**The studies** (cost from each game's thread time):", ""]
    rows = []
    total_games = total_cpu = 0.0
    for name, (kind, what, command) in STUDIES.items():
        d = load(name)
        if d is None:
            rows.append([what, f"`{command}`", missing(name), "—", "—"])
            continue
        spec = d.get("spec") or d.get("settings")
        games = spec["games"]
        p = progress(name)
        trimmed = kind == "compare" and p and p["skipped"] and not partial(name)
        unit = f"--games {pairs_of(d) if trimmed else games}" + (" (pairs)" if kind == "compare" else "")
        cost = d.get("cost", {})
        stored = f"{cost.get('games', '?')}"
        if p and partial(name):
            stored += f" of {p['total']} (**partial**)"
        elif trimmed:
            stored += (f": {pairs_of(d)} pairs (stored as {games} pairs, {p['skipped']} batches"
                       " skipped)")
        elif p and p["skipped"]:
            stored += f" of {p['total']} ({p['skipped']} batches skipped)"
        opened = f" --opening {spec['opening']}" if len(openings) > 1 else ""
        rows.append([what, f"`{command} {unit} --max-turns {spec['max_turns']}{opened}`", stored,
                     f"{cost.get('cpu_seconds', 0):,.0f}", f"{cost.get('games_per_cpu_second', 0):.3f}"])
        total_games += cost.get("games", 0)
        total_cpu += cost.get("cpu_seconds", 0)
    if total_cpu:
        rows.append(["**all**", "", f"{total_games:.0f}", f"{total_cpu:,.0f}", f"{total_games / total_cpu:.3f}"])
    out += table(["study", "command (with the settings above)", "games played", "CPU-seconds",
                  "games per CPU-second"], rows)
    out += ["`START` is the standard start, `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`;"
            " the profiles are crates/variants/src/dmchess/'s `default.profile` and `sparse.profile`,"
            " and `band12.profile` is `default.profile` with a line `band=12`. A comparison's `--games`"
            " counts pairs, one game from each start.", ""]
    # Studies kept from before a change of their variant's rules or engine: OUT/earlier.txt,
    # lines `NAME: what changed since` (written by hand when a study is kept).
    earlier = OUT / "earlier.txt"
    if earlier.exists():
        kept = [line.split(":", 1) for line in earlier.read_text().splitlines() if ":" in line]
        if kept:
            out += ["**Played under earlier rules** (to be played again): "
                    + "; ".join(f"{STUDIES[n.strip()][1] if n.strip() in STUDIES else n.strip()}:"
                                f" {why.strip()}" for n, why in kept) + ".", ""]
    return out


def pairs_of(d):
    return d["figures"]["first_player_score"]["pairs"]


def summary():
    rows = []
    for v, title, names, name in VARIANTS:
        f, spec = balance_of(name)
        if f is None:
            rows.append([title, "—", missing(name), "—", "—"])
            continue
        c = capped(f)
        share = c / f["games"] if f["games"] else 0.0
        played = f.get("played", f["games"])
        counted = f"{f['games']}" + (f" of {played} played" if played != f["games"] else "")
        rows.append([title + (" (partial)" if partial(name) else ""), counted,
                     f"{iv(f['first_player_score'])}",
                     verdict(f["first_player_verdict"], names),
                     f"{c} ({pct(share)}): " + ("holds" if share <= CAP_LIMIT else "**does not hold**")])
    return ["## At a glance", "",
            "The first player's score (points a game, 95 % interval counting draws) and its verdict;",
            "the games that reached a cap, against the requirement of at most 10 % in every variant.",
            "The games are the different games: one repeating an earlier game move for move is",
            "counted once.", ""] + \
        table(["variant", "games", "first player's score", "verdict", "games at a cap (≤ 10 %?)"], rows)


# ------------------------------------------------------------------------- a variant


def balance_lines(name, names):
    f, spec = balance_of(name)
    first, second = names
    r = f["results"]
    s = f["first_player_score"]
    c = capped(f)
    share = c / f["games"] if f["games"] else 0.0
    l = f["lengths"]
    half = (s["high"] - s["low"]) / 2
    rows = [
        [f"{first}'s score", f"{iv(s)}: **{verdict(f['first_player_verdict'], names)}**"],
        ["results", f"{first} won {r['first']}, {second} won {r['second']}, drawn {r['drawn']}"
         + (f" (both lose: {f['both_lose']})" if f.get("both_lose") else "")],
        ["decisive", iv(f["decisive_rate"], pct)],
        ["games at a cap", f"{c} of {f['games']} ({pct(share)}): the limit of 10 % "
         + ("holds" if share <= CAP_LIMIT else "**does not hold**")],
        ["length in turns", f"min {l['min']}, median {l['median']}, 90 % within {l['p90']},"
         f" max {l['max']}, mean {l['mean']:.1f} (cap {spec['max_turns']})"],
        ["openings", f"{len(f['first_decisions'])} different first decisions, entropy"
         f" {abs(f['first_decision_entropy']):.2f} bits (first two: {abs(f['first_two_entropy']):.2f} bits)"],
        ["planner", f"{first}'s score varies {s['variance']:.4f} a game: ±{MARGIN} needs"
         f" {needed(s['variance']):,} games (these {f['games']} give ±{half:.3f})"],
    ]
    out = ["**Balance**", ""] + table(["figure", "value"], rows)
    causes = sorted(f["causes"].items(), key=lambda kv: -sum(kv[1].values()))
    out += ["**Endings**", ""] + table(
        ["cause", "games", "share", f"{first} won", f"{second} won", "drawn"],
        [[cause + (" (cap)" if cause in CAPS else ""), sum(x.values()), pct(sum(x.values()) / f["games"]),
          x["first"], x["second"], x["drawn"]] for cause, x in causes])
    return out + events_lines(f)


def events_lines(f):
    events = f.get("events") or []
    if not events:
        return []
    out = ["**Events of the rules** (counted by the variant in every decision of every game)", ""]
    out += table(["event", "in all", "a game", "games with one", "what it is"],
                 [[e["name"], f"{e['total']:,}", f"{e['per_game']:.2f}", e["games_with"],
                   (e.get("description") or "").rstrip(".")] for e in events])
    for e in events:
        if e.get("by_turn"):
            shown = e["by_turn"][:10]
            out += [f"`{e['name']}` by turn (the first ten turns):", ""]
            out += table(["turn"] + [str(t["turn"]) for t in shown],
                         [["events a game that played it"] + [f"{t['rate']:.3f}" for t in shown],
                          ["games that played it"] + [str(t["games"]) for t in shown]])
    return out


def values_lines(name):
    d = load(name)
    if d is None or d["study"] != "values":
        return []
    f = d["figures"]
    shown = sum(1 for x in f["values"] if x.get("shown_by_holm"))
    pawn = next((x for x in f["values"] if x["kind"] == "pawn"), None)
    in_pawns = pawn is not None and pawn["log_odds_low"] > 0
    out = [
        "**Fitted values**", "",
        f"{f['samples']:,} positions of {f['games'] - f['capped_left_out']} games (a position every"
        f" {f['every']} turn{'s' if f['every'] != 1 else ''}; {f['unquiet_left_out']:,} left out as not quiet,"
        f" their balance changed over the {f['quiet']} turns before; {f['capped_left_out']} games left out"
        f" as ended at a cap). The first player's log-odds with material even: {f['intercept']:+.3f}."
        f" {len(f['values'])} weights tested against 0 at once: Holm's correction at the family-wise 5 %"
        f" level shows {shown} apart from 0.",
        "",
    ]
    rows = []
    for x in f["values"]:
        p = (f"{x['pawns']:.2f} ({x['pawns_low']:.2f} to {x['pawns_high']:.2f})"
             if in_pawns and x.get("pawns") is not None else "—")
        rows.append([x["kind"], p, f"{x['log_odds']:.3f} ({x['log_odds_low']:.3f} to {x['log_odds_high']:.3f})",
                     "yes" if x.get("shown_by_holm") else "no", f"{x['unequal_samples']:,}"])
    out += table(["kind", "value in pawns (95 %, delta method)", "log-odds per piece (95 %)",
                  "apart from 0 (Holm)", "positions unequal"], rows)
    if not in_pawns:
        out += ["The pawn's own weight is not shown above zero: no value is given in pawns.", ""]
    return out


def claim_verdict(c):
    if c["verdict"] == "untested":
        return "untested (not fitted, or no pawn unit)"
    claimed, (_, low, high) = c["claimed"], c["fitted"]
    if c["verdict"] == "inside":
        if c["p_value"] is None:
            return "the unit (not tested)"
        return f"holds: inside the interval; the value is the claim within ±{max(claimed - low, high - claimed):.2f} pawns"
    side = "above" if c["verdict"] == "above" else "below"
    holm_text = "Holm: contradicted" if c["contradicted_by_holm"] else "not after Holm's correction"
    return f"**contradicted**: the claim is {side} the interval ({p_text(c['p_value'])}; {holm_text})"


def numeric_claims_lines(name):
    d = load(name)
    if d is None:
        return []
    claims = [c for c in d["figures"].get("claims", []) if c["claimed"] is not None]
    if not claims:
        return []
    rows = []
    for c in claims:
        fit = f"{c['fitted'][0]:.2f} ({c['fitted'][1]:.2f} to {c['fitted'][2]:.2f})" if c["fitted"] else "—"
        rows.append([c["kind"], c["words"], fit, claim_verdict(c)])
    tested = [c for c in claims if c["p_value"] is not None]
    held = [c["kind"] for c in tested if c["contradicted_by_holm"]]
    outside = [c["kind"] for c in tested if c["verdict"] in ("above", "below")]
    out = [f"**The text's values** ({claims[0]['clause']}) beside the fit. A claim inside the interval"
           " holds within ±M, M the largest distance of the interval's ends from the claim;"
           " one outside is contradicted at 95 % on its own.", ""]
    out += table(["kind", "the text says", "fitted (pawns)", "verdict"], rows)
    out += [f"{len(tested)} claims tested at once: {len(tested) - len(outside)} inside their intervals,"
            f" {len(outside)} outside ({', '.join(outside) or 'none'}); Holm's correction at the"
            f" family-wise 5 % level leaves {len(held)} contradicted"
            + (f" ({', '.join(held)})" if held else "") + ".", ""]
    GLANCE.append(f"Three Realms' value table: {len(tested) - len(outside)} of {len(tested)} claims inside"
                  f" the fitted intervals; outside at 95 % on its own: {', '.join(outside) or 'none'};"
                  f" contradicted after Holm's correction: {', '.join(held) or 'none'}.")
    return out


def order_claim_lines(name):
    """QEC's "pawns > majors": each major's value against one pawn."""
    d = load(name)
    if d is None:
        return []
    f = d["figures"]
    claims = [c for c in f.get("claims", []) if c["claimed"] is None]
    if not claims:
        return []
    w = {x["kind"]: x for x in f["values"]}
    pawn = w.get("pawn")
    majors = [w[c["kind"]] for c in claims if c["kind"] != "pawn" and c["kind"] in w]
    clause = claims[0]["clause"]
    out = [f"**The text's claim: pawns > majors** ({clause}): a rook and a queen each worth less"
           " than a pawn.", ""]
    if pawn is None or not majors:
        return out + ["Untested: the pawn or the majors were never unequal in these games.", ""]
    rows = []
    GLANCE_QEC = []
    if pawn["log_odds_low"] > 0:
        ps = [p_two_sided((m["pawns"] - 1) / m["pawns_se"]) for m in majors]
        rejected = holm(ps)
        lab = {c["kind"]: c["verdict"] for c in claims}
        for m, p, rej in zip(majors, ps, rejected):
            low, high = m["pawns_low"], m["pawns_high"]
            # The lab's own word where its build sets orders against the pawn, else the same
            # rule here: the interval above 1, below 1, or holding it.
            side = {"more than a pawn": "more", "less than a pawn": "less", "a pawn within": "level"}.get(
                lab.get(m["kind"]), "more" if low > 1 else "less" if high < 1 else "level")
            if side == "more":
                v = (f"**contradicted**: worth more than a pawn ({p_text(p)}; "
                     + ("still after" if rej else "not after") + f" Holm's correction over the {len(majors)})")
            elif side == "less":
                v = f"holds: worth less than a pawn ({p_text(p)})"
            else:
                v = f"neither: a {m['kind']} equals a pawn within ±{max(1 - low, high - 1):.2f} pawns"
            rows.append([m["kind"], f"{m['pawns']:.2f} ({low:.2f} to {high:.2f})", v])
            GLANCE_QEC.append(f"{m['kind']} {m['pawns']:.2f} pawns: {v}")
        out += table(["major", "value in pawns (95 %)", "verdict on \"below the pawn\""], rows)
    else:
        for m in majors:
            if m["log_odds_low"] > pawn["log_odds_high"]:
                v = "**contradicted**: its weight's interval lies above the pawn's"
            elif m["log_odds_high"] < pawn["log_odds_low"]:
                v = "holds: its weight's interval lies below the pawn's"
            else:
                v = "neither: the intervals overlap"
            rows.append([m["kind"], f"{m['log_odds']:.3f} ({m['log_odds_low']:.3f} to {m['log_odds_high']:.3f})", v])
            GLANCE_QEC.append(f"{m['kind']}: {v}")
        out += [f"The pawn's weight is not shown above 0 ({pawn['log_odds']:.3f},"
                f" {pawn['log_odds_low']:.3f} to {pawn['log_odds_high']:.3f}): the majors' weights"
                " against it, in log-odds per piece:", ""]
        out += table(["major", "log-odds per piece (95 %)", "verdict on \"below the pawn\""], rows)
    GLANCE.append("QEC's \"pawns > majors\": " + "; ".join(GLANCE_QEC).replace("**", "") + ".")
    return out


# The bands the classic values are shown in beside the default (regenerate.sh writes each).
BANDS = ["1", "1.5", "2", "2.5", "off"]
DEFAULT_BAND = 1.5


def calibration_lines():
    d = load("classic-values")
    if d is None:
        return []
    f = d["figures"]
    w = {x["kind"]: x for x in f["values"]}
    out = ["### Calibration: the textbook values", "",
           "The default player's fitted values against the textbook's N 3, B 3.25, R 5, Q 9 pawns:"
           " the ratio fitted / textbook, whether it is within 15 % of 1, and whether the 95 % interval"
           " (delta method) contains the textbook value.", ""]
    rows, good, fails = [], [], []
    for kind, book in TEXTBOOK:
        x = w.get(kind)
        if x is None or x.get("pawns") is None:
            rows.append([kind, f"{book:g}", "—", "—", "**no**", "**no**"])
            fails.append(f"the {kind}: no value in pawns")
            continue
        ratio = x["pawns"] / book
        ok = abs(ratio - 1) <= CALIBRATION_TOLERANCE
        holds = x["pawns_low"] <= book <= x["pawns_high"]
        if ok and holds:
            good.append(kind)
        else:
            why = []
            if not ok:
                why.append(f"{abs(ratio - 1) * 100:.0f} % {'above' if ratio > 1 else 'below'} {book:g}")
            why.append(f"its interval {x['pawns_low']:.2f} to {x['pawns_high']:.2f} "
                       + ("contains" if holds else "leaves out") + f" {book:g}")
            fails.append(f"the {kind}: {x['pawns']:.2f} pawns, " + ", ".join(why))
        rows.append([kind, f"{book:g}", f"{x['pawns']:.2f} ({x['pawns_low']:.2f} to {x['pawns_high']:.2f})",
                     f"{ratio:.2f}", "yes" if ok else "**no**", "yes" if holds else "**no**"])
    out += table(["piece", "textbook", "fitted (pawns, 95 %)", "ratio", "within 15 %", "interval holds it"], rows)
    settings = (f"`{STUDIES['classic-values'][2]} --games {d['spec']['games']} --max-turns"
                f" {d['spec']['max_turns']}`, player `{d['spec']['player']}`")
    if not fails:
        out += [f"**Holds** for all four: within 15 % of the textbook, every interval containing it ({settings}).", ""]
        GLANCE.append("Calibration on classic chess (N, B, R, Q against 3, 3.25, 5, 9): holds for all four.")
    else:
        out += [("**Holds** for " + ", ".join(f"the {k}" for k in good) + " (within 15 %, the interval"
                 " containing the textbook value). " if good else "")
                + "**Does not hold** for " + "; ".join(fails) + f". So with {settings} the requirement"
                " (all four within 15 %, every interval containing the textbook value) is not met.", ""]
        GLANCE.append("Calibration on classic chess (N, B, R, Q against 3, 3.25, 5, 9): holds for "
                      + (", ".join(good) or "none") + "; **does not hold** for " + "; ".join(fails) + ".")
    out += band_lines(d)
    return out


def band_lines(d):
    """The classic values in other material bands: what the band's choice does."""
    rows = []
    for band in BANDS:
        other = load(f"classic-values-band-{band}")
        if other is None:
            continue
        f = other["figures"]
        w = {x["kind"]: x for x in f["values"]}
        cells = []
        for kind, book in TEXTBOOK:
            x = w.get(kind)
            if x is None or x.get("pawns") is None:
                cells.append("—")
                continue
            ok = abs(x["pawns"] / book - 1) <= CALIBRATION_TOLERANCE
            holds = x["pawns_low"] <= book <= x["pawns_high"]
            cell = f"{x['pawns']:.2f} ({x['pawns_low']:.2f} to {x['pawns_high']:.2f})"
            cells.append(cell if ok and holds else f"**{cell}**")
        rows.append([f"`--band {band}`" + (" (the default)" if f.get("band") == DEFAULT_BAND else ""),
                     f"{f['samples']:,}"] + cells)
    if not rows:
        return []
    return (["The same games fitted in other material bands (docs/LAB.md, \"The material band\"):"
             " `lab show ID --band L`; a value in bold misses the textbook by more than 15 % or its"
             " interval leaves the textbook value out.", ""]
            + table(["band", "positions"] + [k for k, _ in TEXTBOOK], rows))


def compare_lines(name, label_a, label_b, names, glance):
    d = load(name)
    if d is None:
        return [f"`{STUDIES[name][2]}`: {missing(name)}.", ""]
    f = d["figures"]
    a, b = f["a"], f["b"]
    s, r = f["first_player_score"], f["decisive_rate"]
    first = names[0]
    pairs = s["pairs"]
    p = progress(name)
    games = d["settings"]["games"]
    out = partial_note(name)
    played = f"Pairs played: {pairs}"
    if p and p["skipped"]:
        played += f" of the {games} submitted (the other batches skipped)"
    played += (f"; game k from {label_a} and game {games} + k from {label_b} share their seed"
               + (f", k = 0 to {pairs - 1}" if pairs else "") + ".")
    out += [f"{played} {label_a}: {a['games']} games, {label_b}: {b['games']}. B − A is the mean of"
            " the pairs' differences.", ""]
    rows = [
        [f"{first}'s score", iv(a["first_player_score"]), iv(b["first_player_score"]),
         f"{s['delta']:+.3f} ({s['low']:+.3f} to {s['high']:+.3f})", f"**{difference_verdict(s['verdict'])}**"],
        ["decisive", pct(a["decisive_rate"]["mean"]), pct(b["decisive_rate"]["mean"]),
         f"{100 * r['delta']:+.1f} points ({100 * r['low']:+.1f} to {100 * r['high']:+.1f})",
         f"**{difference_verdict(r['verdict'], points=True)}**"],
        [f"games at a cap", pct(capped(a) / a["games"]) if a["games"] else "—",
         pct(capped(b) / b["games"]) if b["games"] else "—", "", ""],
        ["mean length (turns)", f"{a['lengths']['mean']:.1f}", f"{b['lengths']['mean']:.1f}",
         f"{f['mean_length']:+.1f}", ""],
    ]
    for e in a.get("events") or []:
        eb = next((x for x in b.get("events") or [] if x["name"] == e["name"]), None)
        if eb:
            rows.append([f"{e['name']} a game", f"{e['per_game']:.2f}", f"{eb['per_game']:.2f}",
                         f"{eb['per_game'] - e['per_game']:+.2f}", ""])
    out += table(["", label_a, label_b, f"B − A (95 %, paired)", "B's verdict"], rows)
    GLANCE.append(f"{glance}: {first}'s score B − A {s['delta']:+.3f} ({s['low']:+.3f} to {s['high']:+.3f}):"
                  f" {difference_verdict(s['verdict'])}; decisive rate {100 * r['delta']:+.1f} points:"
                  f" {difference_verdict(r['verdict'], points=True)}"
                  f" ({pairs} pairs{', partial' if partial(name) else ''}).")
    half = (s["high"] - s["low"]) / 2
    out += [f"Planner: the difference in {first}'s score varies {s['variance']:.4f} a pair: ±{MARGIN}"
            f" needs {needed(s['variance']):,} pairs (these {pairs} give ±{half:.3f}).", ""]
    return out


def dice_forfeit_lines():
    odds_path = OUT / "dice-odds.txt"
    odds = odds_path.read_text().strip() if odds_path.exists() else None
    f, _ = balance_of("dice-values")
    forfeit = next((e for e in (f or {}).get("events") or [] if e["name"] == "forfeit"), None)
    out = ["**The text's claim: a 45 % chance that the first player forfeits on move one (§1).**", ""]
    out.append(f"The exact odds at the start, enumerating the die's faces (`omnichess odds dice`): {odds or '?'}.")
    if forfeit and forfeit.get("by_turn"):
        t = forfeit["by_turn"]
        t1 = t[0]
        k, n = t1["events"], t1["games"]
        low, high = wilson(k, n)
        exact = float(odds) if odds else 0.45
        inside = low <= exact <= high
        out.append(
            f"In play, the event `forfeit` on turn 1: {k} of {n} games, {pct(k / n)} (Wilson's 95 %"
            f" interval {pct(low)} to {pct(high)}); the roll decides it, not the players"
            + (f" (turn 2, the second player's first: {t[1]['events']} of {t[1]['games']},"
               f" {pct(t[1]['rate'])})" if len(t) > 1 else "") + ".")
        GLANCE.append(f"Die Chess's 45 % first-turn forfeit: exact odds {exact:g}; in play {k} of {n}"
                      f" ({pct(k / n)}, {pct(low)} to {pct(high)}): "
                      + ("holds." if inside and abs(exact - 0.45) < 1e-9 else "**does not hold**."))
        out.append(
            f"**Verdict: the claim holds**: the exact odds are {exact:g}, and play agrees within"
            f" ±{max(exact - low, high - exact) * 100:.1f} points." if inside and abs(exact - 0.45) < 1e-9 else
            f"**Verdict:** the exact odds are {exact:g}; play {'agrees' if inside else '**disagrees**'} with them.")
    out.append("")
    return out


def realms_stars_lines():
    return [
        "**The text's stars** (\"sufficient mating material against a bare king on Earth\"), by the",
        "endgame tables, exact (docs/rules/realms.md, \"Forced: the seed's stars (N.3)\",",
        "`cargo run --release -p omnichess-variants --features tools --example realms_endgame`): a",
        "king and one piece against a bare king on Earth, every position. The stars hold for the five",
        "starred kinds and for the pegasus (insufficient alone) and are **contradicted for seven**: a",
        "silver general, a fallen angel, a bishop, a warmachine, an elephant, a scholar or a knight",
        "forces the bare king off Earth (or mates it) from about 88 % of the positions, as a rook",
        "does, only more slowly.",
        "",
    ]


GLANCE_STARS = ("Three Realms' stars (exact, by the endgame tables): hold for the five starred kinds"
                " and the pegasus, contradicted for seven kinds.")


def variant_section(v, title, names, name):
    kind = STUDIES[name][0]
    d = load(name)
    out = [f"## {title}", ""]
    if d is None:
        return out + [f"`{STUDIES[name][2]}`: {missing(name)}.", ""]
    spec = d["spec"]
    out += [f"`{STUDIES[name][2]} --games {spec['games']} --max-turns {spec['max_turns']}`"
            + (": the balance figures are those of the values study's games." if kind == "values" else "."), ""]
    out += partial_note(name)
    if v == "dice":
        out += ["`--opening N` in Die Chess opens after the first roll: N random player decisions,"
                " chance rolled between them as in play; the first decisions counted below are the"
                " players' (a forfeited turn is the decision `--`).", ""]
    out += balance_lines(name, names)
    if v == "dice":
        out += dice_forfeit_lines()
    out += values_lines(name)
    if v == "classic":
        out += calibration_lines()
    if v == "realms":
        out += numeric_claims_lines(name)
        out += realms_stars_lines()
    if v == "qec":
        out += order_claim_lines(name)
        out += ["### Links against none", "",
                "The standard start with the file mapping (`files`, QEC's start) against no links"
                " (`-`: classical chess in QEC's engine).", ""]
        out += compare_lines("qec-links", "links (A)", "no links (B)", names,
                             "QEC, no links (B) against links (A)")
    if v == "dmchess":
        out += ["### The default profile against the sparse one", "",
                "Both in crates/variants/src/dmchess/; the sparse one has half the portals.", ""]
        out += compare_lines("dmchess-profiles", "default (A)", "sparse (B)", names,
                             "DMChess, the sparse profile (B) against the default (A)")
        out += ["### The conservation band: ±8 against ±12", "",
                "The default profile (its band ±8, 6.2.1) against the same with `band=12`.", ""]
        out += compare_lines("dmchess-band", "±8 (A)", "±12 (B)", names,
                             "DMChess, the band ±12 (B) against ±8 (A)")
    if v == "multiverse":
        out += ["No values study: `lab values` refuses 5D Chess (its boards repeat pieces through time).", ""]
    if v in ("classic", "dice", "dmchess", "multiverse"):
        out += ["The rule text claims no piece values." if v != "dice" else
                "The rule text claims no piece values; its forfeit odds are above.", ""]
    return out


sections = []
for v, title, names, name in VARIANTS:
    sections += variant_section(v, title, names, name)
    if v == "realms" and load(name) is not None:
        GLANCE.append(GLANCE_STARS)
out = header() + summary()
if GLANCE:
    out += ["The claims of the rule texts and the comparisons, each with its verdict (details below):", ""]
    out += [f"- {line}" for line in GLANCE] + [""]
out += sections
print("\n".join(out).rstrip() + "\n")
