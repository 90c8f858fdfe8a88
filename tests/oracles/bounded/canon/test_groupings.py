"""``canon.groupings.raw``: a canonical form read back as a lowered query canonicalizes to
itself (the joined groupings rule builds its one grouping so)."""

from __future__ import annotations

import pytest
from tests.helpers.pairs import FIXTURES

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.canon.groupings import raw
from sqlverdict.schema import from_ddl_file

QUERIES = [
    "SELECT e.name, d.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE e.age > 3",
    "SELECT dept_id, COUNT(DISTINCT age), MAX(salary) FROM emp WHERE city = 'a' GROUP BY dept_id",
    "SELECT name FROM emp WHERE id IN (SELECT emp_id FROM proj JOIN emp AS x ON x.id = proj.emp_id)",
    "SELECT e.city, SUM(p.hours) FROM emp AS e, proj AS p WHERE p.emp_id = e.id GROUP BY e.city",
]


@pytest.mark.parametrize("sql", QUERIES)
def test_raw_form_canonicalizes_to_itself(sql):
    schema = from_ddl_file(str(FIXTURES / "rules" / "schema.ddl"), "schema")
    form = canonical(ir.lower(sql, schema).query, schema)
    assert canonical(raw(form), schema) == form
