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


def load(name):
    path = OUT / name
    return json.loads(path.read_text()) if path.exists() else None


def wilson(k, n, z=1.959964):
    """Wilson's 95 % interval of k successes in n, as text."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return f"{pct(max(0, centre - half))} to {pct(min(1, centre + half))}"


def pct(x):
    return f"{100 * x:.1f} %"


def interval(e, f=pct):
    return f"{f(e['mean'])} ({f(e['low'])} to {f(e['high'])})"


def balance_figures(v):
    """A variant's balance figures: its balance study's, or those of its values study's games."""
    b = load(f"{v}-balance.json")
    if b is not None:
        return b["figures"], b["spec"]
    d = load(f"{v}-values.json")
    return (d["balance"], d["spec"]) if d is not None and "balance" in d else (None, None)


def events_lines(f, first):
    """The events of the variant's rules: totals, rates, and the first turns of those by turn."""
    lines = []
    for e in f.get("events", []):
        lines.append(f"- **{e['name']}**: {e['total']} in all, {e['per_game']:.2f} a game,"
                     f" in {e['games_with']} of {f['games']} games. *{e['description'][0].upper() + e['description'][1:]}.*")
        if e.get("by_turn"):
            shown = e["by_turn"][:10]
            lines += ["", "  | turn | " + " | ".join(str(t["turn"]) for t in shown) + " |",
                      "  |---|" + "---|" * len(shown),
                      "  | events a game that played it | " + " | ".join(f"{t['rate']:.2f}" for t in shown) + " |",
                      "  | games that played it | " + " | ".join(str(t["games"]) for t in shown) + " |", ""]
    if lines:
        lines = ["**Events of the rules** (counted by the variant, every decision of every game):", ""] + lines + [""]
    return lines


def balance_section(v, first, second):
    f, spec = balance_figures(v)
    if f is None:
        return [f"No balance study of {v} was run.", ""]
    r = f["results"]
    s = f["first_player_score"]
    if s["low"] > 0.5:
        verdict = f"{first.capitalize()} is favoured: the interval lies above 0.5."
    elif s["high"] < 0.5:
        verdict = f"{second.capitalize()} is favoured: the interval lies below 0.5."
    else:
        verdict = "No advantage of either side is shown at 95 %."
    capped = f["causes"].get("turn cap", {})
    capped = sum(capped.values()) if capped else 0
    if capped * 2 > f["games"]:
        verdict += (f" Most games ({capped} of {f['games']}) reached the turn cap, so at this"
                    " strength and length the study says little of who the rules favour.")
    lines = [
        f"- **{first.capitalize()}'s score:** {interval(f['first_player_score'], lambda x: f'{x:.3f}')}"
        f" over {f['games']} games ({first} won {r['first']}, {second} won {r['second']}, drawn {r['drawn']}).",
        f"- **Decisive games:** {interval(f['decisive_rate'])}.",
        "- **Endings:** " + "; ".join(
            f"{cause} {c['first'] + c['second'] + c['drawn']} ({first} {c['first']}, {second} {c['second']}, drawn {c['drawn']})"
            for cause, c in sorted(f["causes"].items(), key=lambda kv: -sum(kv[1].values()))
        ) + ".",
        f"- **Length:** median {f['lengths']['median']} turns of at most {spec['max_turns']} (90 % within {f['lengths']['p90']}, longest {f['lengths']['max']}).",
        f"- **Openings:** {len(f['first_decisions'])} different first decisions, entropy "
        f"{f['first_decision_entropy']:.2f} bits (the first decisions are the random opening's:"
        " this shows the sample's spread, not the engine's preferences).",
        f"- **Verdict:** {verdict}",
        "",
    ]
    return lines + events_lines(f, first)


def values_section(v):
    d = load(f"{v}-values.json")
    if d is None:
        return []
    f = d["figures"]
    claims = {}
    for c in f.get("claims", []):
        claims.setdefault(c["kind"], c)
    lines = [
        f"Fitted values ({f['samples']} positions of {f['games']} games; weights in log-odds per piece"
        " with 95 % intervals clustered by game, and in pawns):",
        "",
        "| kind | fitted (pawns) | 95 % interval (pawns) | log-odds per piece | positions unequal |"
        + (" the text says | the claim against the fit |" if claims else ""),
        "|---|---|---|---|---|" + ("---|---|" if claims else ""),
    ]
    pawn = next((x for x in f["values"] if x["kind"] == "pawn"), None)
    # Pawn units only where the pawn's own weight is shown above zero: a ratio to a weight
    # that may be nothing means nothing.
    in_pawns = pawn is not None and pawn["log_odds_low"] > 0
    verdicts = {"inside": "inside the interval", "above": "**above the interval**",
                "below": "**below the interval**", "untested": "untested"}
    for x in f["values"]:
        p = f"{x['pawns']:.2f}" if in_pawns and x["pawns"] is not None else "—"
        pi = f"{x['pawns_low']:.2f} to {x['pawns_high']:.2f}" if in_pawns and x["pawns"] is not None else "—"
        row = f"| {x['kind']} | {p} | {pi} | {x['log_odds']:.3f} ({x['log_odds_low']:.3f} to {x['log_odds_high']:.3f}) | {x['unequal_samples']} |"
        if claims:
            c = claims.get(x["kind"])
            row += f" {c['words'] if c else '—'} | {verdicts[c['verdict']] if c else '—'} |"
        lines.append(row)
    lines.append("")
    if claims:
        clause = next(iter(claims.values()))["clause"]
        unfitted = [k for k in claims if not any(x["kind"] == k for x in f["values"])]
        lines += [f"The claims are the rule text's, {clause}, as the variant declares them (`lab values`'s JSON)."
                  + (f" Never unequal in these games, so not fitted: {', '.join(unfitted)}." if unfitted else ""), ""]
    shown = [x["kind"] for x in f["values"] if x["log_odds_low"] > 0 or x["log_odds_high"] < 0]
    if not shown:
        lines += ["No fitted weight differs from zero at 95 %: these games are too few or too"
                  " drawn to test any value" + (" the text claims." if claims else "."), ""]
    elif not in_pawns:
        lines += ["Weights shown to differ from zero at 95 %: " + ", ".join(shown) + ". The pawn's"
                  " own weight is not, so no value is given in pawns.", ""]
    contradicted = [k for k, c in claims.items() if c["verdict"] in ("above", "below")]
    if contradicted:
        lines += ["**The fit contradicts the text** for " + ", ".join(
            f"{k} (claimed {claims[k]['words']}, fitted {claims[k]['fitted'][0]:.2f},"
            f" {claims[k]['fitted'][1]:.2f} to {claims[k]['fitted'][2]:.2f})" for k in contradicted) + ".", ""]
    return lines


def order_claim(v):
    """QEC's "pawns > majors": the pawn's weight against the rook's and the queen's."""
    d = load(f"{v}-values.json")
    if d is None:
        return []
    w = {x["kind"]: x for x in d["figures"]["values"]}
    pawn = w.get("pawn")
    majors = [w[k] for k in ("rook", "queen") if k in w]
    if pawn is None or not majors:
        return ["**The text's claim \"pawns > majors\" (§16.3)** is untested: the pawn or the majors were never unequal.", ""]
    beaten = [m["kind"] for m in majors if m["log_odds_low"] > pawn["log_odds_high"]]
    above = [m["kind"] for m in majors if pawn["log_odds_low"] > m["log_odds_high"]]
    text = "; ".join(f"{m['kind']} {m['log_odds']:.3f} ({m['log_odds_low']:.3f} to {m['log_odds_high']:.3f})" for m in majors)
    if beaten:
        verdict = ("**Contradicted:** the fitted weight of the " + " and of the ".join(beaten) +
                   " lies above the pawn's, the intervals apart: in this engine's games the majors are worth more"
                   " than a pawn, as in chess, not less.")
    elif len(above) == len(majors):
        verdict = "Confirmed: the pawn's weight lies above every major's, the intervals apart."
    else:
        verdict = "Neither confirmed nor contradicted at 95 %: the intervals overlap."
    return [f"**The text's claim \"Invert value hierarchy (pawns > majors)\" (§16.3)**, from the variant's claims:"
            f" the pawn's weight in log-odds per piece is {pawn['log_odds']:.3f} ({pawn['log_odds_low']:.3f} to"
            f" {pawn['log_odds_high']:.3f}); {text}. {verdict}", ""]


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
    ] + [
        f"| {e['name']} a game | {e['per_game']:.2f} | {eb['per_game']:.2f} | {eb['per_game'] - e['per_game']:+.2f} |"
        for e in f["a"].get("events", [])
        for eb in f["b"].get("events", []) if eb["name"] == e["name"]
    ] + [""]


def caps():
    """The turn cap of each variant's studies, from their JSON."""
    found = {}
    for v in NAMES:
        _, spec = balance_figures(v)
        if spec:
            found[v] = spec["max_turns"]
    return found


CAPS = caps()
multiverse_games = (balance_figures("multiverse")[0] or {}).get("games", "?")
cap_text = ", ".join(f"{NAMES[v][0].split(' (')[0]} {c}" for v, c in CAPS.items())
out = [
    "# Balance: the seeds' claims against self-play",
    "",
    "Regenerate with `tools/balance/regenerate.sh " + GAMES + "` (a release build, then every study",
    "below; the studies' JSON files, each with the settings that reproduce it, go to",
    "`target/balance/`). Every figure is from self-play of one engine setting against itself,",
    f"`{PLAYER}`, {GAMES} games a study (5D Chess: {multiverse_games}), seed 1,",
    "the first two decisions of every game random (varied games from a deterministic player),",
    f"games still running at the turn cap adjudicated drawn (caps in turns: {cap_text}).",
    "A stronger setting could change any of these figures: they measure the rules as this",
    "engine plays them. The statistics: docs/LAB.md. The balance figures of the variants whose",
    "values are fitted come from the same games as the values (`lab values` writes both).",
    "",
] + ([
    "These are fewer games than the script's default of 200: every interval is about",
    f"{(200 / int(GAMES)) ** 0.5:.1f} times as wide as 200 games would make it.",
    "",
] if GAMES.isdigit() and int(GAMES) < 200 else []) + [
    "Each section ends with a verdict. Where a study is inconclusive (most games at the turn",
    "cap, no weight shown to differ from zero) the text is neither confirmed nor contradicted:",
    "more games, longer games or a stronger player would be needed (the script takes the number",
    "of games, the player as `PLAYER=SPEC` and the longer caps as `LONG_TURNS` and `FIVE_D_TURNS`).",
    "",
]
for v, (title, first, second) in NAMES.items():
    out += [f"## {title}", ""]
    out += balance_section(v, first, second)
    if v == "dice":
        odds = (OUT / "dice-odds.txt").read_text().strip() if (OUT / "dice-odds.txt").exists() else "?"
        f, _ = balance_figures(v)
        forfeit = next((e for e in (f or {}).get("events", []) if e["name"] == "forfeit"), None)
        if forfeit and forfeit.get("by_turn"):
            t1 = forfeit["by_turn"][0]
            k, g = t1["events"], t1["games"]
            t2 = forfeit["by_turn"][1] if len(forfeit["by_turn"]) > 1 else None
            lo_hi = wilson(k, g)
            inside = float(lo_hi.split(" %")[0]) <= 45 <= float(lo_hi.split(" to ")[1].split(" %")[0])
            out += [
                "**The text's claim: \"a 45 % chance that the first player forfeits\" on move one.**",
                f"The exact odds at the start, by enumerating the die (`omnichess odds dice`): {odds}.",
                f"In play (the event `forfeit` on turn 1): {k} of {g} games ({pct(k / g)}, 95 % interval {lo_hi};"
                " the roll decides it, not the players"
                + (f"; Black's first turn, turn 2: {t2['events']} of {t2['games']}, {pct(t2['rate'])}" if t2 else "")
                + "). "
                + ("The claim holds: the exact odds are 45 % and play agrees within its interval."
                   if odds.startswith("0.45") and inside else
                   "**Play contradicts the text's 45 %**: it lies outside the interval." if odds.startswith("0.45")
                   else "The exact odds differ from the text's 45 %."),
                "",
            ]
    if v == "realms":
        out += ["**The text's value table beside the fitted values** (a star: \"sufficient mating material against a bare king on Earth\"):", ""]
        out += values_section(v)
        out += [
            "**The stars, by the endgame tables** (exact, not self-play: docs/rules/realms.md,",
            "\"Forced: the seed's stars (N.3)\", `cargo run --release -p omnichess-variants",
            "--features tools --example realms_endgame`): a king and one piece against a bare king on",
            "Earth, every position. The stars agree for the five starred kinds and for the pegasus",
            "(insufficient alone), and **contradict the text for seven kinds**: a silver general, a",
            "fallen angel, a bishop, a warmachine, an elephant, a scholar or a knight forces the bare",
            "king off Earth (or mates it) from about 88 % of the positions, as a rook does, only more",
            "slowly, because a king with no Earth move while a move off Earth is open has lost.",
            "",
        ]
        continue
    if v == "qec":
        out += values_section(v)
        out += order_claim(v)
        out += ["**The links' effect on White's score** (the file mapping against no links, the same engine):", ""]
        out += compare_section("qec-links.json", "links (files)", "no links", first)
        continue
    if v == "dmchess":
        out += values_section(v)
        out += ["**The default profile against the sparse one** (half the portals; both in crates/variants/src/dmchess/):", ""]
        out += compare_section("dmchess-profiles.json", "default", "sparse", first)
        out += ["**The conservation band: ±8 (6.2.1, the default profile) against ±12** (the default profile"
                " with `band=12`):", ""]
        out += compare_section("dmchess-band.json", "±8", "±12", first)
        band = load("dmchess-band.json")
        if band:
            fa, fb = band["figures"]["a"], band["figures"]["b"]
            refused = [next((e["per_game"] for e in x["events"] if e["name"] == "conservation refusal"), 0) for x in (fa, fb)]
            d = band["figures"]["first_player_score"]
            shown = d["low"] > 0 or d["high"] < 0
            out += [("The wider band changes light's score at 95 %" if shown else
                     "The wider band shows no effect on the result at 95 %") +
                    (f": it refuses {100 * (1 - refused[1] / refused[0]):.0f} % fewer moves (counted at every move)"
                     if refused[0] else "") +
                    ("" if shown or sum(fa["causes"].get("turn cap", {}).values()) * 2 <= fa["games"] else
                     ", and with most games at the turn cap these games cannot tell whether the"
                     " rulebook's ±8 is the better band") + ".", ""]
        continue
    out += values_section(v)
print("\n".join(out).rstrip() + "\n")
