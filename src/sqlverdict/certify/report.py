"""Terminal and Markdown tables of a certificate."""

from __future__ import annotations


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.2f}"


def _pts(x) -> str:
    return "-" if x is None else f"{x:+.2f}"


def _auc(x) -> str:
    return "-" if x is None else f"{x:.3f}"


def tables(cert: dict) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) for each table of a certificate."""
    out = []
    for scheme, r in cert.items():
        rows = []
        for c, v in r["cells"].items():
            rows.append([c, _pct(v["risk"].get("weak")), _pct(v["risk"].get("suite")),
                         _pct(v["answer_rate"]), _pct(v["selective_risk"].get("weak")),
                         _pct(v["selective_risk"].get("suite")), str(v["selective_undefined"])])
        out.append((f"{scheme} splits: cells ({r['primary_score']}, alpha {r['alpha']:g}, "
                    f"{r['n_splits']} splits, {r['n_questions']} questions) - percent",
                    ["cell", "risk weak", "risk suite", "answer rate", "sel. risk weak",
                     "sel. risk suite", "no answer (splits)"], rows))
        rows = []
        for s, v in r["scores"].items():
            if not v.get("available"):
                rows.append([s, "n/a", "n/a", "-", "-", "-", "-", "-"])
                continue
            au = v["auroc"]["all"]
            wk, su = au.get("weak", {}), au.get("suite", {})
            same = v["auroc"].get("same_sql", {}).get("weak", {})
            rows.append([s, _pts(v["gap"]), _pts(v["d_minus_a"]), _auc(wk.get("weak")),
                         _auc(wk.get("suite")), _pts(None if wk.get("change") is None
                                                     else 100 * wk["change"]),
                         _pts(None if su.get("change") is None else 100 * su["change"]),
                         _pts(None if same.get("change") is None else 100 * same["change"])])
        out.append((f"{scheme} splits: scores (contrasts in points; AUROC change weak-suite x100)",
                    ["score", "gap", "d_minus_a", "AUROC weak (A)", "AUROC suite (A)",
                     "change (weak part.)", "change (suite part.)", "change (same SQL)"], rows))
        if "decomposition" in r:
            d = r["decomposition"]
            out.append((f"{scheme} splits: d_minus_a decomposition (points)",
                        ["changed SQL", "only A answers", "only D answers", "same SQL", "total"],
                        [[_pts(d["changed_sql"]), _pts(d["only_a"]), _pts(d["only_d"]),
                          _pts(d["same_sql"]), _pts(d["total"])]]))
    return out


def _iv(v: dict | None, scale: float = 100) -> str:
    """``estimate [low, high] (split_low-split_high)`` scaled to percent or points."""
    if not v or v.get("estimate") is None:
        return "-"

    def f(x):
        return "-" if x is None else f"{scale * x:.1f}"

    out = f"{f(v['estimate'])} [{f(v['low'])}, {f(v['high'])}]"
    if "split_low" in v:
        out += f" ({f(v['split_low'])} to {f(v['split_high'])})"
    return out


def interval_tables(iv: dict) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) of ``certify.intervals.certificate_intervals``: per scheme,
    the cells per alpha and the contrasts per alpha."""
    out = []
    lvl = f"{100 * iv['level']:g}%"
    for scheme in ("question", "database"):
        if scheme not in iv:
            continue
        unit = "questions" if scheme == "question" else "databases (cluster bootstrap)"
        head = (f"{scheme} splits: {iv['score']}, estimate [{lvl} bootstrap interval over "
                f"{unit}, {iv['n_boot']} replicates x {iv['boot_splits']} splits] (split "
                f"range: 2.5-97.5 percentiles over the {iv['n_splits']} splits)")
        rows, crows = [], []
        for a, r in iv[scheme].items():
            for c in "ABCD":
                if f"{c}/answer_rate" in r:
                    rows.append([a, c, _iv(r.get(f"{c}/risk_weak")),
                                 _iv(r.get(f"{c}/risk_suite")), _iv(r.get(f"{c}/answer_rate"))])
            crows.append([a, _iv(r.get("gap")), _iv(r.get("d_minus_a"))])
        out.append((head + " - percent", ["alpha", "cell", "risk weak", "risk suite",
                                          "answer rate"], rows))
        out.append((f"{scheme} splits: contrasts ({iv['score']}), points, same intervals",
                    ["alpha", "gap (A: suite - weak risk)", "d_minus_a (D - A suite risk)"],
                    crows))
    return out


def intervals_markdown(iv: dict) -> str:
    return _md(interval_tables(iv))


def _md(tabs) -> str:
    lines = []
    for title, header, rows in tabs:
        lines += [f"### {title}", "", "| " + " | ".join(header) + " |",
                  "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        lines.append("")
    return "\n".join(lines)


def markdown(cert: dict) -> str:
    return _md(tables(cert))


def rich_tables(cert: dict):
    from rich.table import Table
    from rich.text import Text

    for title, header, rows in tables(cert):
        t = Table(title=title, title_justify="left")
        for h in header:
            t.add_column(h, justify="right" if h != "score" else "left")
        for r in rows:
            t.add_row(*(Text(str(x)) for x in r))  # data, never markup
        yield t
