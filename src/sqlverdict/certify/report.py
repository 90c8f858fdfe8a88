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


def markdown(cert: dict) -> str:
    lines = []
    for title, header, rows in tables(cert):
        lines += [f"### {title}", "", "| " + " | ".join(header) + " |",
                  "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        lines.append("")
    return "\n".join(lines)


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
