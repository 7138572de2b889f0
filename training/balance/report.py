"""Writing a balance study: a Markdown report, a self-contained HTML page (figures embedded
as base64 PNG), the raw data as CSV and the statistics as JSON.

The report is built once as a list of blocks (headings, paragraphs, tables, figures) and
rendered to both formats, so the two always say the same. Files under ``out_dir``
(default ``runs/balance/<game>-<stamp>/``): ``report.md`` (+ ``fig_*.png``), ``report.html``,
``games.csv`` (one row per game), ``acquisitions.csv`` (one row per player and component
acquired; these two only with ``raw=True``), ``components.csv`` (attribution, every main
cell), ``summary.json``.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import shlex
import time
from pathlib import Path

import numpy as np

from florentine_envs.training.extras import installed, skipped_note

from . import figures
from .attribution import DEAD_RATE, DOMINANT_EXCESS, NEGLIGIBLE, Q_LEVEL, most_and_least_effective
from .metrics import DERIVED, SCALARS
from .stats import RESAMPLES

METHODS = (
    "Every interval is a 95 % interval. Win rates by position: Wilson score interval when each deal is played "
    "once (independent games), else a percentile cluster bootstrap over deals "
    f"({RESAMPLES} resamples). Means and differences: cluster bootstrap over deals; variants: paired cluster "
    "bootstrap on the same deals. Component lifts: cluster-robust delta-method (Wald) intervals, "
    "Benjamini-Hochberg q-values. Positions count from the first player (position 1); a shared first place "
    "is a win for each joint winner."
)


def fmt(entry: dict, percent: bool = False, signed: bool = False) -> str:
    """``estimate [low, high]`` of a statistic entry. ``percent``: a rate in %, or with ``signed``
    a difference of rates in percentage points (pp). One decimal throughout, so that the
    figures of a table line up (the intervals say how many of the digits mean something)."""
    if entry is None or entry["estimate"] != entry["estimate"]:
        return "-"
    scale, unit = (100.0, " pp" if signed else " %") if percent else (1.0, "")
    sign = "+" if signed else ""
    e, lo, hi = (entry[k] * scale for k in ("estimate", "low", "high"))
    if math.isnan(lo):
        return f"{e:{sign}.1f}{unit}"
    return f"{e:{sign}.1f}{unit} [{lo:{sign}.1f}, {hi:{sign}.1f}]"


def pct(x: float) -> str:
    """A share as ``61.5 %`` (the report's one way of writing a rate)."""
    return "-" if x != x else f"{100 * x:.1f} %"


def _entry(estimate: float, low: float, high: float) -> dict:
    return {"estimate": estimate, "low": low, "high": high}


SEAT_TOLERANCE = 0.05  # a first-player advantage inside +-5 pp (with its whole interval) is "balanced"

TERMS = (
    "Terms. A **win** is a first place (a shared first place is a win for each joint winner). The **fair share** "
    "of a position is the mean win rate over the positions (1/P, a little more when first places are shared). The "
    "**first-player advantage** is the first player's win rate minus the fair share, in percentage points (pp). "
    "A player count is **balanced** when the whole 95 % interval of that advantage lies within "
    f"±{100 * SEAT_TOLERANCE:.0f} pp; **not balanced** when the interval excludes 0 and the estimate lies beyond "
    "that tolerance (**slightly unbalanced** when it excludes 0 but the estimate lies within it); "
    "**inconclusive** when the interval holds 0 but reaches beyond the tolerance (more deals would tell). "
    "A component's **win lift** is the win rate of the player-games that acquired it minus that of the "
    "player-games that did not. **Dominant**: a win lift significant at a false discovery rate of "
    f"{100 * Q_LEVEL:.0f} % (Benjamini-Hochberg q < {Q_LEVEL}) and at least {100 * DOMINANT_EXCESS:.0f} pp above "
    "the median lift of the components of its kind; **weak**: a significant negative win lift; **dead**: acquired "
    f"in under {100 * DEAD_RATE:.0f} % of player-games, or a win lift whose whole interval lies within "
    f"±{100 * NEGLIGIBLE:.0f} pp. Lifts are associations, not effects: strong players acquire more. A variant "
    "**helps** the seat balance when the paired difference moves the first-player advantage significantly "
    "towards 0 (to a smaller size), and **hurts** it when it moves it significantly away from 0."
)
ATTRIBUTION_NOTE = (
    "Win lift: win rate of the player-games that acquired the component minus those that did not, in pp. An "
    "association, not an effect (strong positions acquire more); compare components of one kind. Flags (defined "
    "in the summary's terms): dominant, weak, dead; the full table is components.csv."
)
PERCENT_KEYS = {"first_player_advantage", "first_minus_last", "seat_spread", "ties", "truncated",
                "lead_for_good", "winner_behind"}  # fmt: skip
LABELS = dict(DERIVED + SCALARS)


def command_line(spec) -> str:
    """The ``florentine balance`` command that reproduces the study."""
    d = spec.to_dict()
    players = d["players"]
    consecutive = players == list(range(players[0], players[-1] + 1))
    count = f"{players[0]}-{players[-1]}" if len(players) > 1 and consecutive else ",".join(map(str, players))
    words = [
        "florentine",
        "balance",
        d["game"],
        "--players",
        count,
        "--games",
        str(d["games"]),
        "--seed",
        str(d["seed"]),
    ]
    if d["agents"] != "heuristic":
        words += ["--agents", d["agents"]]
    for variant in spec.variants:
        words += ["--set", f"{variant.label}: {variant.text()}" if variant.label != variant.text() else variant.text()]
    if d["compare"]:
        words.append("--compare")
    if d["ladder"]:
        words += ["--ladder", ",".join(d["ladder"])]
        if d["ladder_games"]:
            words += ["--ladder-games", str(d["ladder_games"])]
    if d["chunk_games"] != 512:
        words += ["--chunk-games", str(d["chunk_games"])]
    return " ".join(shlex.quote(w) for w in words)


# ------------------------------------------------------------------------------ the summary


def seat_verdict(P: int, st: dict) -> str:
    """One sentence: is the game balanced between the seats at ``P`` players (see ``TERMS``)."""
    adv = st["first_player_advantage"]
    e, lo, hi = adv["estimate"], adv["low"], adv["high"]
    fair = f"the fair share of {fmt(st['win_any'], True)}"
    if lo > 0 or hi < 0:
        size = "**Not balanced**" if abs(e) >= SEAT_TOLERANCE else "**Slightly unbalanced**"
        text = (f"{size} at {P} players: the first player wins {fmt(st['win_pos0'], True)} of games, "
                f"{fmt(adv, True, True)} {'above' if e > 0 else 'below'} {fair}.")  # fmt: skip
    elif -SEAT_TOLERANCE <= lo and hi <= SEAT_TOLERANCE:
        text = (f"**Balanced** at {P} players: first-player advantage {fmt(adv, True, True)}, within "
                f"±{100 * SEAT_TOLERANCE:.0f} pp of {fair}.")  # fmt: skip
    else:
        text = (f"**Inconclusive** at {P} players: first-player advantage {fmt(adv, True, True)}; no advantage "
                f"is shown, but the interval reaches beyond ±{100 * SEAT_TOLERANCE:.0f} pp (more deals would tell).")
    fair_share = st["win_any"]["estimate"]
    off = [f"position {q + 1} wins {fmt(st[f'win_pos{q}'], True)}" for q in range(1, P)
           if st[f"win_pos{q}"]["high"] < fair_share or st[f"win_pos{q}"]["low"] > fair_share]  # fmt: skip
    if off and P > 2:  # at 2 players the second position mirrors the first
        text += f" Other positions away from the fair share: {'; '.join(off)}."
    return text


def _lift(row: dict) -> str:
    return fmt(_entry(row["win_lift"], row["win_lift_low"], row["win_lift_high"]), True, True)


def _named(rows: list[dict], describe, most: int = 5) -> str:
    shown = [f"{figures.component_label(r['component'])}, {describe(r)}" for r in rows[:most]]
    more = f"; and {len(rows) - most} more (components.csv)" if len(rows) > most else ""
    return "; ".join(shown) + more


def component_verdicts(P: int, rows: list[dict]) -> list[str]:
    """Sentences: the components flagged dominant, weak or dead at ``P`` players, each with its interval."""
    dominant = sorted((r for r in rows if "dominant" in r["flags"]), key=lambda r: -r["win_lift"])
    weak = sorted((r for r in rows if "weak" in r["flags"]), key=lambda r: r["win_lift"])
    dead = sorted((r for r in rows if "dead" in r["flags"]), key=lambda r: r["acquisition_rate"])
    if not (dominant or weak or dead):
        return [f"No component is dominant, weak or dead at {P} players (of {len(rows)})."]

    def why_dead(r):
        if r["acquisition_rate"] < DEAD_RATE:
            return f"acquired in {fmt(_entry(r['acquisition_rate'], r['rate_low'], r['rate_high']), True)}"
        return f"win lift {_lift(r)}"

    lines = []
    for name, flagged, describe in (("Too strong (dominant)", dominant, lambda r: f"win lift {_lift(r)}"),
                                    ("Weak", weak, lambda r: f"win lift {_lift(r)}"), ("Dead", dead, why_dead)):
        if flagged:
            lines.append(f"{name} at {P} players, {len(flagged)} of {len(rows)} components: "
                         f"{_named(flagged, describe)}.")  # fmt: skip
    return lines


def variant_verdict(row: dict, base: dict, variant: dict) -> str:
    """One sentence: does the variant help the seat balance (paired on the same deals), and what else moves."""
    d = row["stats"]["first_player_advantage"]
    b, v = base["first_player_advantage"]["estimate"], variant["first_player_advantage"]["estimate"]
    significant = d["low"] > 0 or d["high"] < 0
    if significant and abs(v) < abs(b) and (d["estimate"] > 0) != (b > 0):
        word = "**helps** the seat balance"
    elif significant and abs(v) > abs(b):
        word = "**hurts** the seat balance"
    else:
        word = "makes **no measurable difference** to the seat balance"
    return (f"Variant **{row['variant']}** at {row['players']} players {word}: first-player advantage "
            f"{fmt(base['first_player_advantage'], True, True)} on the baseline, "
            f"{fmt(variant['first_player_advantage'], True, True)} with the variant, paired difference "
            f"{fmt(d, True, True)}; game length {fmt(row['stats']['length'], signed=True)} decisions.")  # fmt: skip


def ladder_verdict(row: dict) -> str:
    """One sentence: does the stronger agent beat copies of the weaker one by more than its fair share."""
    edge = row["edge"]
    verdict = ("skill pays" if edge["low"] > 0 else "skill loses here" if edge["high"] < 0
               else "no edge from skill is shown")  # fmt: skip
    return (f"Skill at {row['players']} players: {row['stronger']} wins {fmt(row['win_rate'], True)} against "
            f"{row['weaker']} (fair share {fmt(row['fair_share'], True)}), an edge of {fmt(edge, True, True)}: "
            f"{verdict}.")  # fmt: skip


def summary_lines(result) -> list[str]:
    """The verdict, in plain language, each claim with its 95 % interval (the ``TERMS`` define the words)."""
    s = result.summary
    lines = [seat_verdict(cell["players"], cell["stats"]) for cell in figures.baseline_cells(s)]
    by_cell = {c["cell"]: c for c in s["components"]}
    for cell in figures.baseline_cells(s):
        comp = by_cell.get(cell["cell"])
        if comp and comp["rows"]:
            lines += component_verdicts(cell["players"], comp["rows"])
    cells = {c["cell"]: c for c in s["cells"]}
    lines += [variant_verdict(row, cells[row["baseline_cell"]]["stats"], cells[row["cell"]]["stats"])
              for row in s["comparisons"]]  # fmt: skip
    lines += [ladder_verdict(row) for row in s["ladder"]]
    return lines


# ------------------------------------------------------------------------------ the document


def build(result) -> list[tuple]:
    """The report as blocks: ``("h", level, text)``, ``("p", text)``, ``("list", items)``,
    ``("table", header, rows)``, ``("figure", name, figure, caption)``."""
    s, spec = result.summary, result.spec
    rate = result.num_games / result.wall_s if result.wall_s else float("nan")
    players = ", ".join(map(str, spec.players))
    blocks: list[tuple] = [("h", 1, f"Balance study: {spec.game}, {players} players")]
    blocks.append(("list", [
        f"command: `{command_line(spec)}`",
        f"agents: {spec.agents} (every seat)" if "," not in spec.agents else f"agents: {spec.agents}, seats rotated",
        f"deals per cell: {spec.games:,} (seed {spec.seed}, chunks of {spec.chunk_games} games)",
        f"games played: {result.num_games:,} in {result.wall_s:.1f} s on the {result.backend} backend "
        f"({rate:,.1f} games/s)",
    ]))  # fmt: skip
    blocks.append(("h", 2, "Summary"))
    blocks.append(("list", summary_lines(result)))
    blocks.append(("p", TERMS))
    blocks.append(("p", METHODS))
    draw = installed("matplotlib")  # the core install has no matplotlib: the report without its figures
    if not draw:
        blocks.append(("p", skipped_note("Figures", "matplotlib")))

    def figure(name: str, caption: str, draw_it, *args) -> None:
        blocks.append(("figure", name, draw_it(*args) if draw else None, caption))

    base = figures.baseline_cells(s)

    blocks.append(("h", 2, "Seat and first-player advantage"))
    for cell in base:
        P, st = cell["players"], cell["stats"]
        rows = [[str(q + 1), fmt(st[f"win_pos{q}"], True), fmt(st[f"margin_pos{q}"], signed=True)] for q in range(P)]
        blocks.append(("p", f"**{P} players** ({cell['variant']}; {st['games']:,} games, {st['deals']:,} deals). "
                            f"Fair share of a position: {fmt(st['win_any'], True)}."))  # fmt: skip
        blocks.append(("table", ["position", "win rate", "margin (score minus the others' mean)"], rows))
        blocks.append(("list", [f"{LABELS[k]}: {fmt(st[k], True, True)}" for k, _ in DERIVED]))
    figure("positions", "Win rate by position in turn order.", figures.positions, s)

    blocks.append(("h", 2, "Player count, length, scores, decisiveness and drama"))
    header = ["statistic"] + [f"{c['players']} players" for c in base]
    rows = [[label] + [fmt(c["stats"][key], key in PERCENT_KEYS, key in dict(DERIVED)) for c in base]
            for key, label in DERIVED + SCALARS]  # fmt: skip
    blocks.append(("table", header, rows))
    blocks.append(("p", "Lead changes count new sole leaders by the running score (ties change nothing); "
                        "'winner leads for good from' is the share of the game's decisions after which the eventual "
                        "winner led alone to the end (late = close game); 'winner behind' is the share of decisions "
                        "after which the eventual winner trailed the leader."))  # fmt: skip
    figure("player_counts", "Statistics against the player count.", figures.player_counts, s)
    figure("distributions", "Distributions per player count.", figures.distributions, result)

    if s["ladder"]:
        blocks.append(("h", 2, "Skill depth"))
        rows = [[f"{r['stronger']} vs {r['weaker']}*{r['players'] - 1}", str(r["players"]), f"{r['games']:,}",
                 fmt(r["win_rate"], True), fmt(r["fair_share"], True), fmt(r["edge"], True, True),
                 fmt(r["margin"], signed=True)] for r in s["ladder"]]  # fmt: skip
        blocks.append(("table", ["table", "players", "games", "stronger wins", "fair share", "edge", "margin"], rows))
        figure("ladder", "Stronger agent against copies of the weaker one.", figures.ladder, s)

    if s["comparisons"]:
        blocks.append(("h", 2, "Variants side by side"))
        cells = {c["cell"]: c for c in s["cells"]}
        for row in s["comparisons"]:
            b, v = cells[row["baseline_cell"]]["stats"], cells[row["cell"]]["stats"]
            blocks.append(("p", f"**{row['variant']}** at {row['players']} players (`{row['changes']}`), "
                                f"{row['stats']['deals']:,} paired deals."))  # fmt: skip
            keys = [f"win_pos{q}" for q in range(row["players"])] + [k for k, _ in DERIVED + SCALARS]
            rows = []
            for key in keys:
                is_rate = key in PERCENT_KEYS or key.startswith("win_pos")
                name = f"win rate, position {int(key[7:]) + 1}" if key.startswith("win_pos") else LABELS[key]
                derived = key in dict(DERIVED)  # differences of rates: pp, signed, in every column
                rows.append([name, fmt(b[key], is_rate, derived), fmt(v[key], is_rate, derived),
                             fmt(row["stats"][key], is_rate, True)])
            blocks.append(("table", ["statistic", "baseline", "variant", "difference (paired)"], rows))
        figure("comparisons", "Variant minus baseline.", figures.comparisons, s)

    blocks.append(("h", 2, "Component attribution"))
    blocks.append(("p", ATTRIBUTION_NOTE))
    by_cell = {c["cell"]: c for c in s["components"]}
    for cell in base:
        comp = by_cell.get(cell["cell"])
        if not comp or not comp["rows"]:
            blocks.append(("p", f"{cell['players']} players: the game reports no components."))
            continue
        most, least = most_and_least_effective(comp["rows"])
        blocks.append(("p", f"**{cell['players']} players**: most and least effective components"))
        rows = [[figures.component_label(r["component"]), pct(r["acquisition_rate"]), pct(r["win_rate_acquirers"]),
                 _lift(r), f"{r['win_q']:.2g}",
                 fmt(_entry(r["margin_lift"], r["margin_lift_low"], r["margin_lift_high"]), signed=True),
                 ", ".join(r["flags"])]
                for r in most + least]  # fmt: skip
        rows.insert(len(most), ["...", "", "", "", "", "", ""])
        blocks.append(("table", ["component", "acquired", "acquirers win", "win lift", "q", "margin lift", "flags"],
                       rows))  # fmt: skip
        for flag in ("dominant", "weak", "dead"):
            named = [r["component"] for r in comp["rows"] if flag in r["flags"]]
            if named:
                blocks.append(("p", f"{flag} ({len(named)}): {', '.join(map(figures.component_label, named))}"))
        if comp.get("offices"):
            blocks.append(("p", f"Offices at {cell['players']} players (taken: the office passed to a player who "
                                "did not hold it, from another player or a vacancy)"))
            blocks.append(("table", ["office", "taken per game", "holders per game", "games held"],
                           [[o["office"], f"{o['changes_per_game']:.2f}", f"{o['holders_per_game']:.2f}",
                             pct(o["games_held"])] for o in comp["offices"]]))  # fmt: skip
        title = f"{spec.game}, {cell['players']} players: win lift"
        figure(f"components_{cell['players']}p", "Components by win lift.", figures.components, comp["rows"], title)
    return blocks


# ------------------------------------------------------------------------------ rendering


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return buffer.getvalue()


def render(blocks, out: Path) -> tuple[str, str]:
    """``(markdown, html)``; figure PNGs are written beside the Markdown as ``fig_<name>.png``."""
    md, body = [], []
    for block in blocks:
        kind = block[0]
        if kind == "h":
            md.append(f"{'#' * block[1]} {block[2]}\n")
            body.append(f"<h{block[1]}>{_inline(block[2])}</h{block[1]}>")
        elif kind == "p":
            md.append(block[1] + "\n")
            body.append(f"<p>{_inline(block[1])}</p>")
        elif kind == "list":
            md.append("\n".join(f"- {item}" for item in block[1]) + "\n")
            body.append("<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in block[1]) + "</ul>")
        elif kind == "table":
            header, rows = block[1], block[2]
            md.append("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
            md.extend("| " + " | ".join(row) + " |" for row in rows)
            md.append("")
            cells = "".join(f"<th>{html.escape(h)}</th>" for h in header)
            lines = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
            body.append(f"<table><thead><tr>{cells}</tr></thead><tbody>{lines}</tbody></table>")
        elif kind == "figure":
            _, name, fig, caption = block
            if fig is None:
                continue
            png = _png(fig)
            (out / f"fig_{name}.png").write_bytes(png)
            md.append(f"![{caption}](fig_{name}.png)\n")
            data = base64.b64encode(png).decode()
            body.append(f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}">'
                        f"<figcaption>{html.escape(caption)}</figcaption></figure>")  # fmt: skip
    title = html.escape(blocks[0][2])
    page = (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{title}</title><style>{_CSS}</style>"
            f"</head><body>\n" + "\n".join(body) + "\n</body></html>\n")  # fmt: skip
    return "\n".join(md), page


_CSS = (
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;line-height:1.4}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
    "td:first-child,th:first-child{text-align:left}img{max-width:100%}code{background:#f4f4f4}"
)


def _inline(text: str) -> str:
    """Markdown's ``**bold**`` and ```code``` as HTML (everything else escaped)."""
    out = html.escape(text)
    parts = out.split("`")
    out = "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))
    parts = out.split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))


# ------------------------------------------------------------------------------ files


def default_out_dir(result, root: str | Path = "runs/balance") -> Path:
    return Path(root) / f"{result.spec.game}-{time.strftime('%Y%m%d-%H%M%S')}"


def write_report(result, out_dir: str | Path | None = None, raw: bool = True) -> dict[str, Path]:
    """Write every file of the study (see the module docstring); returns their paths by kind.
    ``raw=False`` leaves out the per-game files (``games.csv``, ``acquisitions.csv``): a study
    of millions of games would write gigabytes of them."""
    out = Path(out_dir) if out_dir is not None else default_out_dir(result)
    out.mkdir(parents=True, exist_ok=True)
    markdown, page = render(build(result), out)
    paths = {kind: out / name for kind, name in (
        ("markdown", "report.md"), ("html", "report.html"), ("games", "games.csv"),
        ("acquisitions", "acquisitions.csv"), ("components", "components.csv"), ("json", "summary.json"))}  # fmt: skip
    paths["markdown"].write_text(markdown)
    paths["html"].write_text(page)
    if raw:
        write_games_csv(result, paths["games"])
        write_acquisitions_csv(result, paths["acquisitions"])
    else:
        del paths["games"], paths["acquisitions"]
    write_components_csv(result, paths["components"])
    run = {"backend": result.backend, "wall_s": round(result.wall_s, 3), "command": command_line(result.spec)}
    paths["json"].write_text(json.dumps(_json_safe({**result.summary, "run": run}), indent=1) + "\n")
    return paths


def write_games_csv(result, path: Path) -> None:
    P = max(result.spec.players)
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["cell", "kind", "players", "variant", "deal", "arrangement", "first_player", "length",
                         "truncated", "lead_changes", "lead_for_good", "winner_behind"]
                        + [f"{what}_seat{s}" for what in ("agent", "score", "rank") for s in range(P)])  # fmt: skip
        for i, (cell, data) in enumerate(zip(result.cells, result.data)):
            if data is None:
                continue
            pad = [""] * (P - cell.players)
            names = np.array(cell.labels, dtype=object)[data["seats"]]
            for g in range(data["deal"].size):
                writer.writerow([i, cell.kind, cell.players, cell.variant.label, int(data["deal"][g]),
                                 int(data["arrangement"][g]), int(data["first_player"][g]), int(data["length"][g]),
                                 int(data["truncated"][g]), int(data["lead_changes"][g]),
                                 _num(data["lead_for_good"][g]), _num(data["winner_behind"][g])]
                                + list(names[g]) + pad + data["scores"][g].tolist() + pad
                                + data["ranks"][g].tolist() + pad)  # fmt: skip


def write_acquisitions_csv(result, path: Path) -> None:
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["cell", "game", "seat", "component", "count"])
        for i, (data, names) in enumerate(zip(result.data, result.component_names)):
            if data is None or not len(names):
                continue
            for g, seat, c in zip(*np.nonzero(data["acquired"])):
                writer.writerow([i, int(g), int(seat), names[c], int(data["acquired"][g, seat, c])])


def write_components_csv(result, path: Path) -> None:
    rows = [(c["cell"], c["players"], c["variant"], r) for c in result.summary["components"] for r in c["rows"]]
    keys = list(rows[0][3]) if rows else []
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["cell", "players", "variant"] + keys)
        for cell, players, variant, row in rows:
            writer.writerow([cell, players, variant] + [";".join(row[k]) if k == "flags" else row[k] for k in keys])


def _num(x) -> str:
    return "" if x != x else f"{x:.6g}"


def _json_safe(value):
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if isinstance(value, (float, np.floating)):
        return None if not math.isfinite(value) else float(value)
    if isinstance(value, np.integer):
        return int(value)
    return value
