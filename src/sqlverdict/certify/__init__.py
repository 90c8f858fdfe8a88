"""Oracle-aware conformal abstention certificates for sampled SQL.

``pool`` (candidate pools) -> ``classes`` (execution-equivalence classes under the shipped
database and a test suite; writes ``CLASSES.jsonl``) -> ``scores``, ``conformal``,
``intervention`` (the certificate, reading only the class file) -> ``census`` (the
rejections, labels, re-scoring) and ``lint`` (reference-defect lints on gold queries).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from .classfile import ClassTable, read_classes, write_classes
from .intervention import SCHEMES, certificate, sweep

__all__ = ["ClassTable", "certificate", "read_classes", "run_certify", "sweep", "write_classes"]


def strict_json(obj):
    """``obj`` with every non-finite float (an infinite threshold: abstain on all; a mean
    over no split) as None, which JSON can hold; ``Infinity`` and ``NaN`` are not JSON.

    >>> strict_json({"a": [1.0, float("inf")], "b": float("nan")})
    {'a': [1.0, None], 'b': None}
    """
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: strict_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [strict_json(v) for v in obj]
    return obj


def run_certify(classes: str | Path, out: str | Path, *, alpha: float = 0.1,
                n_splits: int = 200, split_by: str | None = None, seed: int = 0) -> dict:
    """Read ``CLASSES.jsonl``, write ``OUT/certificate.json``, ``sweep.json`` and
    ``certificate.md``; return the certificate."""
    from . import report

    table = ClassTable.from_records(read_classes(classes))
    schemes = SCHEMES if split_by is None else (split_by,)
    cert = certificate(table, alpha=alpha, n_splits=n_splits, seed=seed, schemes=schemes)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "certificate.json").write_text(json.dumps(strict_json(cert), indent=2,
                                                     allow_nan=False) + "\n")
    sw = sweep(table, n_splits=n_splits, seed=seed, schemes=schemes)
    (out / "sweep.json").write_text(json.dumps(strict_json(sw), indent=2, allow_nan=False) + "\n")
    (out / "certificate.md").write_text(report.markdown(cert))
    return cert
