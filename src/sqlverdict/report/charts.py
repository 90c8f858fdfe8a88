"""Small inline SVG charts for the HTML report: no plotting library, no network, tiny files.

Every chart is readable without colour: each series has its own fill pattern (bars) or
marker shape (lines), values are printed on the bars, and the SVG carries a ``<title>`` and a
``<desc>`` that state the data in words for screen readers.

>>> svg = grouped_bars(["execution", "bounded"], {"a": [0.9, 0.5], "b": [0.8, 0.7]},
...                    title="Accuracy", value_format="{:.0%}")
>>> svg.startswith("<svg") and "90%" in svg and "<title" in svg
True
>>> "<polyline" in line_chart({"A": [(0.1, 0.2), (0.2, 0.1)]}, title="risk")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from html import escape

# Okabe-Ito palette (safe for colour-blind readers); patterns carry the distinction anyway.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
PATTERNS = ("solid", "hatch", "dots", "cross", "hlines", "vlines", "rhatch", "grid")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star")

_ids = itertools.count()


def _e(s) -> str:
    return escape(str(s), quote=True)


def _pattern_defs(prefix: str, n: int) -> str:
    out = []
    for i in range(n):
        color = PALETTE[i % len(PALETTE)]
        kind = PATTERNS[i % len(PATTERNS)]
        pid = f"{prefix}-p{i}"
        if kind == "solid":
            out.append(f'<pattern id="{pid}" width="6" height="6" patternUnits="userSpaceOnUse">'
                       f'<rect width="6" height="6" fill="{color}"/></pattern>')
            continue
        body = {
            "hatch": '<path d="M0,6 L6,0 M-1,1 L1,-1 M5,7 L7,5" stroke-width="1.6"/>',
            "rhatch": '<path d="M0,0 L6,6 M-1,5 L1,7 M5,-1 L7,1" stroke-width="1.6"/>',
            "dots": '<circle cx="3" cy="3" r="1.4" stroke="none" fill="#fff"/>',
            "cross": '<path d="M0,6 L6,0 M0,0 L6,6" stroke-width="1.1"/>',
            "hlines": '<path d="M0,3 L6,3" stroke-width="1.6"/>',
            "vlines": '<path d="M3,0 L3,6" stroke-width="1.6"/>',
            "grid": '<path d="M0,3 L6,3 M3,0 L3,6" stroke-width="1"/>',
        }[kind]
        bg = color if kind == "dots" else "#fff"
        stroke = "#fff" if kind == "dots" else color
        out.append(f'<pattern id="{pid}" width="6" height="6" patternUnits="userSpaceOnUse">'
                   f'<rect width="6" height="6" fill="{bg}"/>'
                   f'<g stroke="{stroke}" fill="none">{body}</g></pattern>')
    return "<defs>" + "".join(out) + "</defs>"


def _open(width: int, height: int, title: str, desc: str) -> tuple[str, str]:
    cid = f"chart{next(_ids)}"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'aria-labelledby="{cid}-t {cid}-d">'
            f'<title id="{cid}-t">{_e(title)}</title><desc id="{cid}-d">{_e(desc)}</desc>')
    return cid, head


def _legend_layout(names: Sequence[str], x: float, max_width: float) -> list[tuple[float, int]]:
    """(x offset, row) of each legend entry, wrapping at ``max_width``."""
    out, cx, row = [], x, 0
    for name in names:
        w = 26 + 6.6 * len(str(name))
        if cx > x and cx + w > max_width:
            cx, row = x, row + 1
        out.append((cx, row))
        cx += w
    return out


def _legend(cid: str, names: Sequence[str], x: float, y: float, kind: str = "pattern",
            max_width: float = 1e9) -> str:
    out = []
    for i, (name, (cx, row)) in enumerate(zip(names, _legend_layout(names, x, max_width),
                                             strict=True)):
        yy = y + 16 * row
        if kind == "pattern":
            sw = (f'<rect x="{cx:.1f}" y="{yy - 10:.1f}" width="14" height="12" '
                  f'fill="url(#{cid}-p{i})" stroke="#333" stroke-width="0.8"/>')
        else:
            sw = _marker(MARKERS[i % len(MARKERS)], cx + 7, yy - 4, PALETTE[i % len(PALETTE)])
        out.append(sw + f'<text x="{cx + 18:.1f}" y="{yy:.1f}" class="lg">{_e(name)}</text>')
    return "".join(out)


def _legend_rows(names: Sequence[str], x: float, max_width: float) -> int:
    lay = _legend_layout(names, x, max_width)
    return 1 + max((r for _, r in lay), default=0)


def grouped_bars(categories: Sequence[str], series: Mapping[str, Sequence[float | None]], *,
                 title: str, ymax: float | None = 1.0, value_format: str = "{:.1%}",
                 ylabel: str = "", width: int | None = None, height: int = 300) -> str:
    """Vertical bars: one group per category, one bar per series (patterned, labelled)."""
    names = list(series)
    n_c, n_s = len(categories), max(len(names), 1)
    width = width or max(360, min(1100, 90 + n_c * (n_s * 42 + 28)))
    extra = 16 * (_legend_rows(names, 56, width - 8) - 1)
    height += extra
    cid, head = _open(width, height, title,
                      "; ".join(f"{c}: " + ", ".join(
                          f"{s} {value_format.format(v) if v is not None else 'n/a'}"
                          for s, v in ((s, series[s][i]) for s in names))
                          for i, c in enumerate(categories)))
    vals = [v for s in names for v in series[s] if v is not None]
    top = ymax if ymax is not None else (max(vals) * 1.1 if vals and max(vals) > 0 else 1.0)
    left, right, top_pad, bottom = 56, 12, 34, 46 + extra
    pw, ph = width - left - right, height - top_pad - bottom
    parts = [head, _pattern_defs(cid, len(names)),
             f'<text x="{left}" y="16" class="ct">{_e(title)}</text>']
    for k in range(6):  # y grid
        v = top * k / 5
        y = top_pad + ph - ph * k / 5
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'class="grid"/><text x="{left - 6}" y="{y + 4:.1f}" class="ax" '
                     f'text-anchor="end">{_e(value_format.format(v))}</text>')
    if ylabel:
        parts.append(f'<text transform="translate(12,{top_pad + ph / 2:.0f}) rotate(-90)" '
                     f'class="ax" text-anchor="middle">{_e(ylabel)}</text>')
    gw = pw / max(n_c, 1)
    bw = min(40.0, (gw - 16) / n_s)
    for i, c in enumerate(categories):
        gx = left + gw * i + (gw - bw * n_s) / 2
        for j, s in enumerate(names):
            v = series[s][i]
            x = gx + j * bw
            if v is None:
                parts.append(f'<text x="{x + bw / 2:.1f}" y="{top_pad + ph - 4:.1f}" class="vl" '
                             f'text-anchor="middle">n/a</text>')
                continue
            h = ph * min(max(v / top, 0.0), 1.0) if top else 0
            y = top_pad + ph - h
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bw - 3:.1f}" height="{h:.1f}" '
                         f'fill="url(#{cid}-p{j})" stroke="#333" stroke-width="0.8">'
                         f'<title>{_e(s)} / {_e(c)}: {_e(value_format.format(v))}</title></rect>'
                         f'<text x="{x + (bw - 3) / 2:.1f}" y="{y - 3:.1f}" class="vl" '
                         f'text-anchor="middle">{_e(value_format.format(v))}</text>')
        parts.append(f'<text x="{left + gw * i + gw / 2:.1f}" y="{top_pad + ph + 16}" '
                     f'class="ax" text-anchor="middle">{_e(c)}</text>')
    parts.append(_legend(cid, names, left, height - 8 - extra, max_width=width - 8))
    parts.append("</svg>")
    return "".join(parts)


def hbars(labels: Sequence[str], series: Mapping[str, Sequence[float]], *, title: str,
          value_format: str = "{:g}", width: int = 640) -> str:
    """Horizontal grouped bars (for counts such as difference signatures)."""
    names = list(series)
    n_s = max(len(names), 1)
    bar_h = 13
    row_h = n_s * bar_h + 10
    label_w = 8 + 7 * max((len(str(x)) for x in labels), default=4)
    extra = 16 * (_legend_rows(names, 4, width - 8) - 1)
    top_pad, bottom = 28, 30 + extra
    height = top_pad + row_h * max(len(labels), 1) + bottom
    cid, head = _open(width, height, title, "; ".join(
        f"{lab}: " + ", ".join(f"{s} {value_format.format(series[s][i])}" for s in names)
        for i, lab in enumerate(labels)))
    vmax = max((v for s in names for v in series[s]), default=0) or 1
    pw = width - label_w - 60
    parts = [head, _pattern_defs(cid, len(names)),
             f'<text x="4" y="16" class="ct">{_e(title)}</text>']
    for i, lab in enumerate(labels):
        y0 = top_pad + i * row_h
        parts.append(f'<text x="{label_w - 6}" y="{y0 + row_h / 2 + 3:.1f}" class="ax" '
                     f'text-anchor="end">{_e(lab)}</text>')
        for j, s in enumerate(names):
            v = series[s][i]
            w = pw * v / vmax
            y = y0 + 4 + j * bar_h
            parts.append(f'<rect x="{label_w}" y="{y:.1f}" width="{w:.1f}" height="{bar_h - 2}" '
                         f'fill="url(#{cid}-p{j})" stroke="#333" stroke-width="0.7">'
                         f'<title>{_e(s)} / {_e(lab)}: {_e(value_format.format(v))}</title></rect>'
                         f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 3:.1f}" class="vl">'
                         f'{_e(value_format.format(v))}</text>')
    parts.append(_legend(cid, names, 4, height - 8 - extra, max_width=width - 8))
    parts.append("</svg>")
    return "".join(parts)


def _marker(kind: str, x: float, y: float, color: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.6" fill="{color}"/>'
    if kind == "square":
        return f'<rect x="{x - 3.4:.1f}" y="{y - 3.4:.1f}" width="6.8" height="6.8" fill="{color}"/>'
    if kind == "triangle":
        return (f'<polygon points="{x:.1f},{y - 4.2:.1f} {x - 4:.1f},{y + 3:.1f} '
                f'{x + 4:.1f},{y + 3:.1f}" fill="{color}"/>')
    if kind == "diamond":
        return (f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 4.5:.1f} '
                f'{x - 4:.1f},{y:.1f}" fill="{color}"/>')
    if kind == "cross":
        return (f'<path d="M{x - 4:.1f},{y - 4:.1f} L{x + 4:.1f},{y + 4:.1f} M{x - 4:.1f},'
                f'{y + 4:.1f} L{x + 4:.1f},{y - 4:.1f}" stroke="{color}" stroke-width="2"/>')
    return (f'<path d="M{x:.1f},{y - 5:.1f} L{x + 1.5:.1f},{y - 1:.1f} L{x + 5:.1f},{y - 1:.1f} '
            f'L{x + 2:.1f},{y + 1.5:.1f} L{x + 3:.1f},{y + 5:.1f} L{x:.1f},{y + 3:.1f} '
            f'L{x - 3:.1f},{y + 5:.1f} L{x - 2:.1f},{y + 1.5:.1f} L{x - 5:.1f},{y - 1:.1f} '
            f'L{x - 1.5:.1f},{y - 1:.1f} Z" fill="{color}"/>')


def line_chart(series: Mapping[str, Sequence[tuple[float, float | None]]], *, title: str,
               xlabel: str = "", ylabel: str = "", width: int = 460, height: int = 280,
               diagonal: bool = False, value_format: str = "{:.2f}") -> str:
    """Lines with distinct marker shapes (e.g. held-out risk against alpha per cell)."""
    names = list(series)
    pts = [(x, y) for s in names for x, y in series[s] if y is not None]
    desc = "; ".join(f"{s}: " + ", ".join(f"({x:g}, {value_format.format(y)})"
                                         for x, y in series[s] if y is not None) for s in names)
    extra = 16 * (_legend_rows(names, 4, width - 8) - 1)
    height += extra
    cid, head = _open(width, height, title, desc)
    left, right, top_pad, bottom = 50, 12, 28, 58 + extra
    pw, ph = width - left - right, height - top_pad - bottom
    xs = [p[0] for p in pts] or [0, 1]
    ys = [p[1] for p in pts] or [0, 1]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(0.0, min(ys)), max(ys) * 1.1 or 1.0
    if diagonal:
        y1 = max(y1, x1)
    if x1 == x0:
        x1 = x0 + 1

    def sx(x):
        return left + pw * (x - x0) / (x1 - x0)

    def sy(y):
        return top_pad + ph - ph * (y - y0) / (y1 - y0)

    parts = [head, f'<text x="{left}" y="16" class="ct">{_e(title)}</text>']
    for k in range(5):
        yv = y0 + (y1 - y0) * k / 4
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{sy(yv):.1f}" y2="{sy(yv):.1f}" '
                     f'class="grid"/><text x="{left - 5}" y="{sy(yv) + 4:.1f}" class="ax" '
                     f'text-anchor="end">{_e(value_format.format(yv))}</text>')
    distinct = sorted(set(xs))
    ticks = distinct if len(distinct) <= 8 else [x0 + (x1 - x0) * k / 4 for k in range(5)]
    for xv in ticks:
        parts.append(f'<text x="{sx(xv):.1f}" y="{top_pad + ph + 14}" class="ax" '
                     f'text-anchor="middle">{xv:.3g}</text>')
    if diagonal:
        parts.append(f'<line x1="{sx(x0):.1f}" y1="{sy(x0):.1f}" x2="{sx(x1):.1f}" '
                     f'y2="{sy(x1):.1f}" stroke="#777" stroke-dasharray="4 3"/>')
    if xlabel:
        parts.append(f'<text x="{left + pw / 2:.0f}" y="{top_pad + ph + 28}" class="ax" '
                     f'text-anchor="middle">{_e(xlabel)}</text>')
    if ylabel:
        parts.append(f'<text transform="translate(12,{top_pad + ph / 2:.0f}) rotate(-90)" '
                     f'class="ax" text-anchor="middle">{_e(ylabel)}</text>')
    dashes = ("", "6 3", "2 2", "8 3 2 3", "1 3", "10 2")
    for j, s in enumerate(names):
        color = PALETTE[j % len(PALETTE)]
        p = [(sx(x), sy(y)) for x, y in series[s] if y is not None]
        if not p:
            continue
        parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.8" '
                     f'stroke-dasharray="{dashes[j % len(dashes)]}" points="'
                     + " ".join(f"{x:.1f},{y:.1f}" for x, y in p) + '"/>')
        parts.extend(_marker(MARKERS[j % len(MARKERS)], x, y, color) for x, y in p)
    parts.append(_legend(cid, names, 4, height - 8 - extra, kind="marker",
                         max_width=width - 8))
    parts.append("</svg>")
    return "".join(parts)
