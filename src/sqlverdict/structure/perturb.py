"""Input perturbations that keep the intended query: reordered schemas and checked
paraphrases of the question.

Schema reordering is deterministic: the order depends only on (seed, database name, variant
number), through ``random.Random`` seeded with a string (stable across processes and
platforms, unlike ``hash()``).

Paraphrases come from an LLM (a JSON chat request, or for small local models a few-shot
completion prompt, ``fewshot_paraphrases``) and then pass two checks: a deterministic one (non-empty,
not a copy of the question, every number and quoted value of the question still present, none
added) and
a checking pass in which the model judges each candidate against the original (same
requested attributes, filters, aggregation, ordering, limits). Rejections keep their reason.

>>> from sqlverdict.types import Schema, Table, Column
>>> s = Schema("db", (Table("a", (Column("x"), Column("y"))), Table("b", (Column("z"),))))
>>> r = reorder_schema(s, seed=0, variant=1)
>>> r == reorder_schema(s, seed=0, variant=1), sorted(t.name for t in r.tables)
(True, ['a', 'b'])
>>> literal_check("How many singers are older than 30?", "Count singers above age 30.")
''
>>> literal_check("Singers from 'France'?", "Singers from Germany?")
"drops 'France'"
>>> literal_check("How many singers?", "We have 2 singers.")
'adds the number 2'

"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

from ..types import Schema, Table


def reorder_schema(schema: Schema, seed: int = 0, variant: int = 1,
                   columns: bool = True) -> Schema:
    """The same schema with tables (and, by default, columns inside each table) shuffled."""
    rng = random.Random(f"sqlverdict-schema:{seed}:{schema.name}:{variant}")
    tables = list(schema.tables)
    rng.shuffle(tables)
    out: list[Table] = []
    for t in tables:
        cols = list(t.columns)
        if columns:
            rng.shuffle(cols)
        out.append(replace(t, columns=tuple(cols)))
    return replace(schema, tables=tuple(out))


def schema_text(schema: Schema) -> str:
    """The schema as CREATE TABLE statements in its current order (for prompts)."""
    parts = []
    for t in schema.tables:
        cols = [f"  {c.name} {c.type}".rstrip() for c in t.columns]
        if t.primary_key:
            cols.append(f"  PRIMARY KEY ({', '.join(t.primary_key)})")
        for fk in t.foreign_keys:
            cols.append(f"  FOREIGN KEY ({', '.join(fk.columns)}) REFERENCES "
                        f"{fk.ref_table} ({', '.join(fk.ref_columns)})")
        parts.append(f"CREATE TABLE {t.name} (\n" + ",\n".join(cols) + "\n);")
    return "\n".join(parts)


_QUOTED = re.compile(r"""['"]([^'"]+)['"]""")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)")


def literal_check(question: str, paraphrase: str) -> str:
    """Deterministic check: '' when fine, else the reason for rejection."""
    p = (paraphrase or "").strip()
    if not p:
        return "empty"
    if _norm(p) == _norm(question):
        return "same as the question"
    # every quoted value and number kept, none added
    for src, dst, verb in ((question, p, "drops"), (p, question, "adds")):
        for v in _QUOTED.findall(src):
            if v.lower() not in dst.lower():
                return f"{verb} {v!r}"
        for n in _NUMBER.findall(src):
            if not re.search(rf"(?<![\w.]){re.escape(n)}(?!\w|\.\d)", dst):
                return f"{verb} the number {n}"
    return ""


def _norm(s: str) -> str:
    return re.sub(r"[\W_]+", " ", s.lower()).strip()


@dataclass(frozen=True)
class Paraphrase:
    text: str
    accepted: bool
    reason: str = ""


PARAPHRASE_SYSTEM = (
    "You rewrite database questions. Keep exactly the same meaning: the same requested "
    "attributes, filters and values, aggregation, grouping, ordering and limits. Answer with "
    'a JSON object {"paraphrases": ["...", ...]}.')
CHECK_SYSTEM = (
    "You check whether a rewritten database question asks for exactly the same result as the "
    "original (same requested attributes, filters and values, aggregation, ordering, limits). "
    'Answer with a JSON object {"same_meaning": true|false, "reason": "..."}.')


def generate_paraphrases(client: Any, question: str, k: int, *, schema: str = "",
                         temperature: float = 0.7, check: bool = True) -> list[Paraphrase]:
    """Ask for ``k`` paraphrases, then check each one; returns accepted and rejected ones."""

    def validate(v: Any) -> None:
        if not isinstance(v, dict) or not isinstance(v.get("paraphrases"), list) or not all(
                isinstance(x, str) for x in v["paraphrases"]):
            raise ValueError('expected {"paraphrases": [strings]}')

    user = (f"Database schema:\n{schema}\n\n" if schema else "") + (
        f"Question: {question}\nWrite {k} different paraphrases.")
    value, _ = client.chat_json([{"role": "system", "content": PARAPHRASE_SYSTEM},
                                 {"role": "user", "content": user}],
                                validate=validate, temperature=temperature)
    return checked(client, question, value["paraphrases"][:k], check=check)


def checked(client: Any, question: str, texts: list[str], *, check: bool) -> list[Paraphrase]:
    """Each text through the deterministic check, the duplicate check and (``check``) the
    model's checking pass."""
    out: list[Paraphrase] = []
    seen: set[str] = set()
    for text in texts:
        text = text.strip()
        reason = literal_check(question, text)
        if not reason and _norm(text) in seen:
            reason = "duplicate"
        seen.add(_norm(text))
        if not reason and check:
            reason = _check_pass(client, question, text)
        out.append(Paraphrase(text, not reason, reason))
    return out


def _check_pass(client: Any, question: str, paraphrase: str) -> str:
    def validate(v: Any) -> None:
        if not isinstance(v, dict) or not isinstance(v.get("same_meaning"), bool):
            raise ValueError('expected {"same_meaning": true|false, "reason": "..."}')

    value, _ = client.chat_json(
        [{"role": "system", "content": CHECK_SYSTEM},
         {"role": "user", "content": f"Original: {question}\nRewritten: {paraphrase}"}],
        validate=validate, temperature=0.0)
    if value["same_meaning"]:
        return ""
    return "checker: " + str(value.get("reason") or "meaning differs")[:200]


# Generic rewrites (no benchmark question) that show a small completion model the task.
PARAPHRASE_SHOTS = (
    ("How many employees are there?", "What is the total number of employees?"),
    ("List the names of cities with more than 5000 people, ordered by name.",
     "Give the names of the cities whose population exceeds 5000, sorted by name."),
    ("What is the average price of products made by 'Acme'?",
     "Find the mean price of the products that 'Acme' makes."),
)


def fewshot_paraphrases(client: Any, question: str, k: int, *, seed: int = 0,
                        temperature: float = 0.8, check: bool = False) -> list[Paraphrase]:
    """``k`` paraphrases from a completion prompt of solved rewrites (one request each, fixed
    seeds), then the deterministic check, duplicates, and (``check=True``) the model's
    checking pass."""
    prompt = "Rewrite each question so that it asks for exactly the same thing.\n\n" + "".join(
        f"Question: {q}\nRewritten: {r}\n\n" for q, r in PARAPHRASE_SHOTS)
    prompt += f"Question: {' '.join(question.split())}\nRewritten:"
    texts = [client.complete(prompt, n=1, temperature=temperature, max_tokens=80,
                             stop=["\n"], seed=seed * 100_003 + 50_000 + i).text or ""
             for i in range(k)]
    return checked(client, question, texts, check=check)
