"""The pairs of the fourth held-out prover corpus (``benchmarks/corpus/prover4/``), as
written (``prover4_build.py`` checks them in SQLite and writes the corpus).

Two sources, each on a schema new here:

- ``textbook``: relational-algebra equivalence rules and SQL definitions as textbooks and
  the SQL standard state them (Silberschatz/Korth/Sudarshan's numbered equivalence rules,
  Garcia-Molina/Ullman/Widom's laws for sets and bags, Ramakrishnan/Gehrke, Elmasri/Navathe's
  heuristics; the standard's IN / ALL / EXISTS / UNIQUE / NULLIF / COALESCE / BETWEEN / row
  comparisons) on a university schema (``university.ddl``);
- ``engines``: transformations documented in database manuals (PostgreSQL's planner, MySQL's
  optimizer chapter, SQL Server / Oracle query transformations, SQLite's query planner
  notes, Neumann-Kemper unnesting) on a retail star schema (``retail.ddl``).

Each ``add`` call is one rewrite (``gold``, ``pred``) and one non-equivalent mutant: the error
the book or manual warns about. Written from the laws' and manuals' descriptions as the
author recalls them, paraphrased above each group; not taken from any prover benchmark or
test file; the verifier's source and fixtures were not read.
"""

from __future__ import annotations

from collections import Counter

PAIRS: list[dict] = []
_n: Counter = Counter()

SOURCES = {
    "textbook": ("university", "textbook equivalence laws and SQL-standard definitions"),
    "engines": ("retail", "query transformations documented in database engines' manuals"),
}


def add(source: str, rule: str, gold: str, pred: str, mutant, mutation: str, *,
        semantics: str = "bag", dialect: str = "postgres") -> None:
    """One equivalent pair and its mutant (``mutant``: the mutated pred, or ``(gold, pred)``)."""
    schema, desc = SOURCES[source]
    _n[(source, rule)] += 1
    pid = f"{source}/{rule}/{_n[(source, rule)]}"
    base = {"schema": f"benchmarks/corpus/prover4/{schema}.ddl", "schema_name": schema,
            "dialect": dialect, "semantics": semantics, "rule": rule, "source": desc,
            "source_key": source}
    mg, mp = mutant if isinstance(mutant, tuple) else (gold, mutant)
    PAIRS.append({"id": pid, "gold": gold, "pred": pred, "expect": "equivalent", **base})
    PAIRS.append({"id": pid + "/mutant", "gold": mg, "pred": mp, "expect": "different",
                  "pair_of": pid, "mutation": mutation, **base})


def B(rule, gold, pred, mutant, mutation, **kw):
    add("textbook", rule, gold, pred, mutant, mutation, **kw)


def M(rule, gold, pred, mutant, mutation, **kw):
    add("engines", rule, gold, pred, mutant, mutation, **kw)



# ================================================================= textbook (university)
# department(dept_name PK, building, budget NOT NULL); instructor(id PK, name NOT NULL,
# dept_name FK, salary); course(course_id PK, title NOT NULL, dept_name FK, credits NOT NULL);
# section(course_id FK, sec_id, semester, year, building; PK the four); teaches(id FK
# instructor, course_id FK, sec_id, semester, year; PK all five); student(id PK, name NOT
# NULL, dept_name FK, tot_cred); takes(id FK student, course_id FK, sec_id, semester, year,
# grade; PK the first five); advisor(s_id PK FK student, i_id FK instructor, NULL-able);
# prereq(course_id FK, prereq_id FK; PK both).

# Silberschatz et al., rule 1: "conjunctive selection operations can be deconstructed into a
# sequence of individual selections" (sigma_{t1 and t2}(E) = sigma_t1(sigma_t2(E))); rule 2:
# "selection operations are commutative".
for c1, c2, bad, what in [
    ("salary > 65.5", "dept_name = 'Physics'", "salary >= 65.5", "> as >="),
    ("name <> 'Ada'", "salary IS NOT NULL", "name = 'Ada'", "<> as ="),
]:
    B("R1-cascade-of-selections", f"SELECT id, name FROM instructor WHERE {c1} AND {c2}",
      f"SELECT id, name FROM (SELECT * FROM instructor WHERE {c2}) AS i WHERE {c1}",
      f"SELECT id, name FROM (SELECT * FROM instructor WHERE {c2}) AS i WHERE {bad}", what)
B("R2-selections-commute",
  "SELECT t.id FROM (SELECT * FROM (SELECT * FROM takes WHERE grade = 'A') AS a WHERE a.year = 2017) AS t",
  "SELECT t.id FROM (SELECT * FROM (SELECT * FROM takes WHERE year = 2017) AS a WHERE a.grade = 'A') AS t",
  "SELECT t.id FROM (SELECT * FROM (SELECT * FROM takes WHERE year = 2017) AS a WHERE a.grade <> 'A') AS t",
  "= as <>", dialect="sqlite")

# Rule 3: "only the final operation in a sequence of projection operations is needed".
B("R3-cascade-of-projections",
  "SELECT p.dept_name FROM (SELECT dept_name, salary FROM (SELECT id, dept_name, salary FROM instructor) AS q) AS p",
  "SELECT dept_name FROM instructor",
  "SELECT DISTINCT dept_name FROM instructor", "DISTINCT added (the projections are bag projections)")
B("R3-cascade-of-projections",
  "SELECT DISTINCT c.title FROM (SELECT title, credits FROM course) AS c",
  "SELECT DISTINCT title FROM (SELECT DISTINCT title, credits FROM course) AS c",
  "SELECT title FROM (SELECT DISTINCT title, credits FROM course) AS c", "outer DISTINCT dropped",
  dialect="sqlite")

# Rule 4: "selections can be combined with Cartesian products and theta joins":
# sigma_t(E1 x E2) = E1 join_t E2; sigma_t1(E1 join_t2 E2) = E1 join_{t1 and t2} E2.
B("R4-selection-into-product",
  "SELECT i.name, d.building FROM instructor AS i, department AS d WHERE i.dept_name = d.dept_name",
  "SELECT i.name, d.building FROM instructor AS i JOIN department AS d ON i.dept_name = d.dept_name",
  "SELECT i.name, d.building FROM instructor AS i LEFT JOIN department AS d ON i.dept_name = d.dept_name",
  "inner join made outer")
B("R4-selection-into-theta-join",
  "SELECT s.name, t.course_id FROM student AS s JOIN takes AS t ON s.id = t.id WHERE t.grade = 'A' AND s.tot_cred > 20",
  "SELECT s.name, t.course_id FROM student AS s JOIN takes AS t ON s.id = t.id AND t.grade = 'A' AND s.tot_cred > 20",
  "SELECT s.name, t.course_id FROM student AS s JOIN takes AS t ON s.id = t.id AND t.grade = 'A' AND s.tot_cred > 30",
  "constant changed")

# Rule 5: "theta-join operations are commutative" (up to the order of the attributes).
B("R5-join-commutes",
  "SELECT i.name, t.course_id, t.year FROM instructor AS i JOIN teaches AS t ON i.id = t.id AND t.year > 2017",
  "SELECT i.name, t.course_id, t.year FROM teaches AS t JOIN instructor AS i ON t.year > 2017 AND t.id = i.id",
  "SELECT i.name, t.course_id, t.year FROM teaches AS t JOIN instructor AS i ON t.year >= 2017 AND t.id = i.id",
  "> as >=")
B("R5-join-commutes",
  "SELECT a.s_id, i.name FROM advisor AS a, instructor AS i WHERE a.i_id = i.id",
  "SELECT a.s_id, i.name FROM instructor AS i, advisor AS a WHERE i.id = a.i_id",
  "SELECT a.s_id, i.name FROM instructor AS i LEFT JOIN advisor AS a ON i.id = a.i_id",
  "the commuted join made outer on the instructor side")

# Rule 6: "natural-join operations are associative"; theta joins are associative in the
# form (E1 join_t1 E2) join_{t2 and t3} E3 = E1 join_{t1 and t3} (E2 join_t2 E3), where t2
# involves attributes of E2 and E3 only.
B("R6-join-associative",
  "SELECT i.name, c.title FROM (instructor AS i JOIN teaches AS t ON i.id = t.id) JOIN course AS c "
  "ON t.course_id = c.course_id AND c.credits = 4",
  "SELECT i.name, c.title FROM instructor AS i JOIN (SELECT t.id, c.title FROM teaches AS t JOIN course AS c "
  "ON t.course_id = c.course_id AND c.credits = 4) AS c ON i.id = c.id",
  "SELECT i.name, c.title FROM instructor AS i JOIN (SELECT DISTINCT t.id, c.title FROM teaches AS t JOIN course AS c "
  "ON t.course_id = c.course_id AND c.credits = 4) AS c ON i.id = c.id",
  "DISTINCT in the regrouped join (loses sections of the same course)")
B("R6-join-associative",
  "SELECT s.name, t.grade, c.dept_name FROM student AS s, takes AS t, course AS c "
  "WHERE s.id = t.id AND t.course_id = c.course_id AND c.dept_name = s.dept_name",
  "SELECT s.name, x.grade, x.dept_name FROM (SELECT t.id, t.grade, c.dept_name FROM takes AS t JOIN course AS c "
  "ON t.course_id = c.course_id) AS x JOIN student AS s ON s.id = x.id AND x.dept_name = s.dept_name",
  "SELECT s.name, x.grade, x.dept_name FROM (SELECT t.id, t.grade, c.dept_name FROM takes AS t JOIN course AS c "
  "ON t.course_id = c.course_id) AS x JOIN student AS s ON s.id = x.id",
  "the condition spanning E1 and E3 dropped", dialect="sqlite")

# Rule 7: "selection distributes over theta join when all the attributes in t0 involve only
# the attributes of one of the expressions"; and t1 on E1, t2 on E2 both go down.
for cond, pushed_i, pushed_d, bad, what in [
    ("i.salary > 60 AND d.building = 'Watson'", "salary > 60", "building = 'Watson'", "salary > 30", "constant changed"),
    ("i.name <> 'Cy' AND d.budget < 80", "name <> 'Cy'", "budget < 80", "name = 'Cy'", "<> as ="),
    ("i.salary IS NULL AND d.building IS NOT NULL", "salary IS NULL", "building IS NOT NULL", "salary IS NOT NULL",
     "IS NULL negated"),
]:
    B("R7-selection-over-join",
      f"SELECT i.id, d.dept_name FROM instructor AS i JOIN department AS d ON i.dept_name = d.dept_name WHERE {cond}",
      f"SELECT i.id, d.dept_name FROM (SELECT * FROM instructor WHERE {pushed_i}) AS i "
      f"JOIN (SELECT * FROM department WHERE {pushed_d}) AS d ON i.dept_name = d.dept_name",
      f"SELECT i.id, d.dept_name FROM (SELECT * FROM instructor WHERE {bad}) AS i "
      f"JOIN (SELECT * FROM department WHERE {pushed_d}) AS d ON i.dept_name = d.dept_name", what)

# Rule 8: "the projection operation distributes over the theta-join" when the join condition
# uses only the kept attributes, or after adding the join attributes L3, L4 and projecting
# them away above the join.
B("R8-projection-over-join",
  "SELECT s.name, c.title FROM takes AS t JOIN course AS c ON t.course_id = c.course_id JOIN student AS s ON s.id = t.id",
  "SELECT s.name, c.title FROM (SELECT id, course_id FROM takes) AS t JOIN (SELECT course_id, title FROM course) AS c "
  "ON t.course_id = c.course_id JOIN (SELECT id, name FROM student) AS s ON s.id = t.id",
  "SELECT s.name, c.title FROM (SELECT DISTINCT id, course_id FROM takes) AS t JOIN (SELECT course_id, title FROM course) AS c "
  "ON t.course_id = c.course_id JOIN (SELECT id, name FROM student) AS s ON s.id = t.id",
  "DISTINCT in the projected input (a student takes a course in several sections)")
B("R8-projection-over-join",
  "SELECT DISTINCT i.name, s.building FROM teaches AS t JOIN instructor AS i ON i.id = t.id JOIN section AS s "
  "ON s.course_id = t.course_id AND s.sec_id = t.sec_id AND s.semester = t.semester AND s.year = t.year",
  "SELECT DISTINCT i.name, s.building FROM (SELECT DISTINCT id, course_id, sec_id, semester, year FROM teaches) AS t "
  "JOIN (SELECT id, name FROM instructor) AS i ON i.id = t.id JOIN (SELECT DISTINCT course_id, sec_id, semester, year, building "
  "FROM section) AS s ON s.course_id = t.course_id AND s.sec_id = t.sec_id AND s.semester = t.semester AND s.year = t.year",
  "SELECT DISTINCT i.name, s.building FROM (SELECT DISTINCT id, course_id, sec_id, semester, year FROM teaches) AS t "
  "JOIN (SELECT id, name FROM instructor) AS i ON i.id = t.id JOIN (SELECT DISTINCT course_id, sec_id, semester, year, building "
  "FROM section) AS s ON s.course_id = t.course_id AND s.sec_id = t.sec_id AND s.year = t.year",
  "a join attribute (semester) dropped with the projection")

# Rule 9: "set operations union and intersection are commutative"; rule 10: "set union and
# intersection are associative".
B("R9-union-commutes",
  "SELECT course_id FROM teaches WHERE year = 2017 UNION SELECT course_id FROM takes WHERE grade = 'A'",
  "SELECT course_id FROM takes WHERE grade = 'A' UNION SELECT course_id FROM teaches WHERE year = 2017",
  "SELECT course_id FROM takes WHERE grade = 'A' UNION ALL SELECT course_id FROM teaches WHERE year = 2017",
  "UNION as UNION ALL")
B("R9-intersect-commutes",
  "SELECT dept_name FROM instructor INTERSECT SELECT dept_name FROM student",
  "SELECT dept_name FROM student INTERSECT SELECT dept_name FROM instructor",
  "SELECT dept_name FROM student EXCEPT SELECT dept_name FROM instructor", "INTERSECT as EXCEPT")
B("R10-union-associative",
  "SELECT x.dept_name FROM (SELECT dept_name FROM instructor UNION SELECT dept_name FROM student) AS x "
  "UNION SELECT dept_name FROM course",
  "SELECT dept_name FROM instructor UNION SELECT y.dept_name FROM (SELECT dept_name FROM student UNION SELECT dept_name FROM course) AS y",
  "SELECT dept_name FROM instructor UNION SELECT y.dept_name FROM (SELECT dept_name FROM student INTERSECT SELECT dept_name FROM course) AS y",
  "inner UNION as INTERSECT")
B("R10-intersect-associative",
  "SELECT x.course_id FROM (SELECT course_id FROM teaches INTERSECT SELECT course_id FROM takes) AS x "
  "INTERSECT SELECT course_id FROM section WHERE semester = 'Fall'",
  "SELECT course_id FROM teaches INTERSECT SELECT y.course_id FROM (SELECT course_id FROM takes "
  "INTERSECT SELECT course_id FROM section WHERE semester = 'Fall') AS y",
  "SELECT course_id FROM teaches INTERSECT SELECT y.course_id FROM (SELECT course_id FROM takes "
  "UNION SELECT course_id FROM section WHERE semester = 'Fall') AS y",
  "inner INTERSECT as UNION")

# Rule 11: "the selection operation distributes over the union, intersection and set
# difference": sigma_P(E1 - E2) = sigma_P(E1) - E2 = sigma_P(E1) - sigma_P(E2).
B("R11-selection-over-union",
  "SELECT u.id FROM (SELECT id, dept_name FROM instructor UNION SELECT id, dept_name FROM student) AS u WHERE u.dept_name = 'Biology'",
  "SELECT id FROM instructor WHERE dept_name = 'Biology' UNION SELECT id FROM student WHERE dept_name = 'Biology'",
  "SELECT id FROM instructor WHERE dept_name = 'Biology' UNION ALL SELECT id FROM student WHERE dept_name = 'Biology'",
  "the projection taken after the union in the pushed form (UNION ALL keeps duplicates the set union removed)",
  dialect="sqlite")
B("R11-selection-over-except",
  "SELECT e.course_id FROM (SELECT course_id FROM course EXCEPT SELECT prereq_id FROM prereq) AS e WHERE e.course_id <> 'CS-101'",
  "SELECT course_id FROM course WHERE course_id <> 'CS-101' EXCEPT SELECT prereq_id FROM prereq",
  "SELECT course_id FROM course EXCEPT SELECT prereq_id FROM prereq WHERE prereq_id <> 'CS-101'",
  "selection applied to the subtrahend only")
B("R11-selection-over-except",
  "SELECT course_id FROM section WHERE course_id <> 'CS-101' EXCEPT SELECT course_id FROM teaches",
  "SELECT course_id FROM section WHERE course_id <> 'CS-101' EXCEPT SELECT course_id FROM teaches WHERE course_id <> 'CS-101'",
  "SELECT course_id FROM section WHERE course_id <> 'CS-101' EXCEPT SELECT course_id FROM teaches WHERE course_id = 'CS-101'",
  "the subtrahend filtered with the negated selection")
B("R11-selection-over-intersect",
  "SELECT x.dept_name FROM (SELECT dept_name FROM instructor INTERSECT SELECT dept_name FROM student) AS x "
  "WHERE x.dept_name <> 'Physics'",
  "SELECT dept_name FROM instructor WHERE dept_name <> 'Physics' INTERSECT SELECT dept_name FROM student",
  "SELECT dept_name FROM instructor WHERE dept_name <> 'Physics' OR dept_name IS NULL INTERSECT SELECT dept_name FROM student",
  "the NULL kept by the pushed selection (INTERSECT matches NULL with NULL)")

# Rule 12: "the projection operation distributes over the union operation"; it does NOT
# distribute over set difference (the textbooks' warning): the mutant does it.
B("R12-projection-over-union",
  "SELECT DISTINCT u.name FROM (SELECT id, name FROM instructor UNION SELECT id, name FROM student) AS u",
  "SELECT name FROM instructor UNION SELECT name FROM student",
  ("SELECT DISTINCT d.name FROM (SELECT id, name FROM instructor EXCEPT SELECT id, name FROM student) AS d",
   "SELECT name FROM instructor EXCEPT SELECT name FROM student"),
  "projection distributed over EXCEPT (not a law)")

# Silberschatz's outer-join rules: full outer join is commutative; left and right outer joins
# are not, but E1 left-join E2 = E2 right-join E1; sigma_t1(E1 left-join_t E2) =
# sigma_t1(E1) left-join_t E2 when t1 uses E1 only; a selection rejecting NULLs of E2 turns
# the left outer join into an inner join; (E1 left-join E2) left-join E3 = E1 left-join
# (E2 left-join E3) when the second condition uses E2 and E3 only.
B("outer-join-left-as-right",
  "SELECT d.dept_name, i.name FROM department AS d LEFT JOIN instructor AS i ON d.dept_name = i.dept_name",
  "SELECT d.dept_name, i.name FROM instructor AS i RIGHT JOIN department AS d ON d.dept_name = i.dept_name",
  "SELECT d.dept_name, i.name FROM department AS d RIGHT JOIN instructor AS i ON d.dept_name = i.dept_name",
  "left join commuted without becoming a right join", dialect="sqlite")
B("outer-join-full-commutes",
  "SELECT s.name, a.i_id FROM student AS s FULL JOIN advisor AS a ON s.id = a.s_id AND a.i_id > 1",
  "SELECT s.name, a.i_id FROM advisor AS a FULL JOIN student AS s ON a.i_id > 1 AND a.s_id = s.id",
  "SELECT s.name, a.i_id FROM advisor AS a LEFT JOIN student AS s ON a.i_id > 1 AND a.s_id = s.id",
  "FULL as LEFT after commuting")
for where, bad, what in [
    ("s.tot_cred >= 30", "a.i_id >= 2", "a predicate on the NULL-supplying side pushed below the join"),
    ("s.dept_name = 'Physics' AND s.name <> 'Bo'", "s.dept_name = 'Biology' AND s.name <> 'Bo'", "constant changed"),
]:
    push = where.replace("s.", "")
    mpush = bad.replace("s.", "") if bad.startswith("s.") else None
    B("outer-join-selection-on-preserved-side",
      f"SELECT s.id, a.i_id FROM student AS s LEFT JOIN advisor AS a ON s.id = a.s_id WHERE {where}",
      f"SELECT s.id, a.i_id FROM (SELECT * FROM student WHERE {push}) AS s LEFT JOIN advisor AS a ON s.id = a.s_id",
      f"SELECT s.id, a.i_id FROM (SELECT * FROM student WHERE {mpush}) AS s LEFT JOIN advisor AS a ON s.id = a.s_id"
      if mpush else
      f"SELECT s.id, a.i_id FROM (SELECT * FROM student WHERE {push}) AS s LEFT JOIN "
      f"(SELECT * FROM advisor WHERE i_id >= 2) AS a ON s.id = a.s_id", what)
for where, bad, what in [
    ("i.salary > 50", "COALESCE(i.salary, 60) > 50", "a predicate that is not strict (COALESCE) taken as null-rejecting"),
    ("i.name IN ('Ada', 'Bo')", "i.name IS NULL OR i.name IN ('Ada', 'Bo')", "IS NULL OR ... taken as null-rejecting"),
]:
    B("outer-join-to-inner-by-null-rejecting-selection",
      f"SELECT a.s_id, i.name FROM advisor AS a LEFT JOIN instructor AS i ON a.i_id = i.id WHERE {where}",
      f"SELECT a.s_id, i.name FROM advisor AS a JOIN instructor AS i ON a.i_id = i.id WHERE {where}",
      (f"SELECT a.s_id, i.name FROM advisor AS a LEFT JOIN instructor AS i ON a.i_id = i.id WHERE {bad}",
       f"SELECT a.s_id, i.name FROM advisor AS a JOIN instructor AS i ON a.i_id = i.id WHERE {bad}"), what)
B("outer-join-associative",
  "SELECT s.name, a.i_id, i.name FROM (student AS s LEFT JOIN advisor AS a ON s.id = a.s_id) "
  "LEFT JOIN instructor AS i ON a.i_id = i.id",
  "SELECT s.name, x.i_id, x.name FROM student AS s LEFT JOIN (SELECT a.s_id, a.i_id, i.name FROM advisor AS a "
  "LEFT JOIN instructor AS i ON a.i_id = i.id) AS x ON s.id = x.s_id",
  "SELECT s.name, x.i_id, x.name FROM student AS s JOIN (SELECT a.s_id, a.i_id, i.name FROM advisor AS a "
  "LEFT JOIN instructor AS i ON a.i_id = i.id) AS x ON s.id = x.s_id",
  "the outer left join made inner (students without an advisor lost)")
B("outer-join-associative",
  "SELECT d.dept_name, c.course_id, p.prereq_id FROM department AS d LEFT JOIN course AS c ON c.dept_name = d.dept_name "
  "LEFT JOIN prereq AS p ON p.course_id = c.course_id",
  "SELECT d.dept_name, x.course_id, x.prereq_id FROM department AS d LEFT JOIN (SELECT c.dept_name, c.course_id, p.prereq_id "
  "FROM course AS c LEFT JOIN prereq AS p ON p.course_id = c.course_id) AS x ON x.dept_name = d.dept_name",
  "SELECT d.dept_name, x.course_id, x.prereq_id FROM department AS d JOIN (SELECT c.dept_name, c.course_id, p.prereq_id "
  "FROM course AS c LEFT JOIN prereq AS p ON p.course_id = c.course_id) AS x ON x.dept_name = d.dept_name",
  "the outer left join made inner (departments without courses lost)")

# Silberschatz's aggregation rules: a selection on grouping attributes commutes with the
# aggregation; the aggregation can be evaluated before a join with a relation keyed on the
# grouping attribute (group-by pushdown).
B("selection-over-aggregation",
  "SELECT dept_name, AVG(salary) FROM instructor GROUP BY dept_name HAVING dept_name <> 'Physics'",
  "SELECT dept_name, AVG(salary) FROM instructor WHERE dept_name <> 'Physics' GROUP BY dept_name",
  "SELECT dept_name, AVG(salary) FROM instructor WHERE dept_name <> 'Physics' OR dept_name IS NULL GROUP BY dept_name",
  "the NULL group kept (HAVING drops it)")
B("selection-over-aggregation",
  "SELECT g.year, g.n FROM (SELECT year, COUNT(*) AS n FROM takes GROUP BY year) AS g WHERE g.year = 2018",
  "SELECT year, COUNT(*) FROM takes WHERE year = 2018 GROUP BY year",
  "SELECT year, COUNT(*) FROM takes WHERE year = 2018", "GROUP BY dropped (one row on the empty table)")
B("aggregation-below-join",
  "SELECT d.dept_name, d.budget, SUM(i.salary) FROM department AS d JOIN instructor AS i ON i.dept_name = d.dept_name "
  "GROUP BY d.dept_name, d.budget",
  "SELECT d.dept_name, d.budget, g.s FROM department AS d JOIN (SELECT dept_name, SUM(salary) AS s FROM instructor "
  "GROUP BY dept_name) AS g ON g.dept_name = d.dept_name",
  "SELECT d.dept_name, d.budget, g.s FROM department AS d LEFT JOIN (SELECT dept_name, SUM(salary) AS s FROM instructor "
  "GROUP BY dept_name) AS g ON g.dept_name = d.dept_name",
  "outer join above the pushed aggregate (departments without instructors added)")
B("aggregation-below-join",
  "SELECT s.id, s.name, COUNT(*) FROM student AS s JOIN takes AS t ON t.id = s.id GROUP BY s.id, s.name",
  "SELECT s.id, s.name, g.n FROM student AS s JOIN (SELECT id, COUNT(*) AS n FROM takes GROUP BY id) AS g ON g.id = s.id",
  "SELECT s.id, s.name, g.n FROM student AS s JOIN (SELECT id, COUNT(DISTINCT course_id) AS n FROM takes GROUP BY id) AS g "
  "ON g.id = s.id", "COUNT(*) as COUNT(DISTINCT course_id)")

# Garcia-Molina/Ullman/Widom: laws for sets that fail for bags. The idempotence of union,
# the distribution of intersection over union, and sigma_{C1 OR C2}(R) = sigma_C1(R) union
# sigma_C2(R) hold for sets; the bag versions (UNION ALL) do not. The pairs state the set
# law; each mutant takes the bag operator.
B("GMUW-union-idempotent-sets",
  "SELECT name FROM student WHERE tot_cred > 0 UNION SELECT name FROM student WHERE tot_cred > 0",
  "SELECT DISTINCT name FROM student WHERE tot_cred > 0",
  "SELECT name FROM student WHERE tot_cred > 0", "DISTINCT dropped (the bag union is not idempotent)")
B("GMUW-selection-of-disjunction-as-union",
  "SELECT DISTINCT course_id FROM takes WHERE grade = 'A' OR year = 2017",
  "SELECT course_id FROM takes WHERE grade = 'A' UNION SELECT course_id FROM takes WHERE year = 2017",
  ("SELECT course_id FROM takes WHERE grade = 'A' OR year = 2017",
   "SELECT course_id FROM takes WHERE grade = 'A' UNION ALL SELECT course_id FROM takes WHERE year = 2017"),
  "the bag version (UNION ALL counts a row satisfying both twice)")
B("GMUW-selection-of-disjunction-as-union",
  "SELECT id, course_id, sec_id, semester, year FROM takes WHERE grade = 'A' OR year = 2017",
  "SELECT id, course_id, sec_id, semester, year FROM takes WHERE grade = 'A' "
  "UNION ALL SELECT id, course_id, sec_id, semester, year FROM takes WHERE year = 2017 AND grade IS NOT 'A'",
  "SELECT id, course_id, sec_id, semester, year FROM takes WHERE grade = 'A' "
  "UNION ALL SELECT id, course_id, sec_id, semester, year FROM takes WHERE year = 2017 AND grade <> 'A'",
  "the disjointness guard not NULL-safe (grade NULL)", dialect="sqlite")
B("GMUW-intersection-distributes-over-union-sets",
  "SELECT dept_name FROM instructor INTERSECT SELECT u.dept_name FROM (SELECT dept_name FROM student UNION SELECT dept_name FROM course) AS u",
  "SELECT x.dept_name FROM (SELECT dept_name FROM instructor INTERSECT SELECT dept_name FROM student) AS x "
  "UNION SELECT y.dept_name FROM (SELECT dept_name FROM instructor INTERSECT SELECT dept_name FROM course) AS y",
  "SELECT x.dept_name FROM (SELECT dept_name FROM instructor INTERSECT SELECT dept_name FROM student) AS x "
  "UNION SELECT y.dept_name FROM (SELECT dept_name FROM student INTERSECT SELECT dept_name FROM course) AS y",
  "wrong operand distributed")
B("GMUW-bag-union-of-selections",
  "SELECT u.name FROM (SELECT name, dept_name FROM instructor UNION ALL SELECT name, dept_name FROM student) AS u "
  "WHERE u.dept_name = 'Physics'",
  "SELECT name FROM instructor WHERE dept_name = 'Physics' UNION ALL SELECT name FROM student WHERE dept_name = 'Physics'",
  "SELECT name FROM instructor WHERE dept_name = 'Physics' UNION SELECT name FROM student WHERE dept_name = 'Physics'",
  "bag union as set union")
B("GMUW-bag-difference-selection",
  "SELECT course_id FROM teaches WHERE course_id <> 'CS-190' EXCEPT ALL SELECT course_id FROM section",
  "SELECT course_id FROM teaches WHERE course_id <> 'CS-190' EXCEPT ALL SELECT course_id FROM section WHERE course_id <> 'CS-190'",
  "SELECT course_id FROM teaches WHERE course_id <> 'CS-190' EXCEPT SELECT course_id FROM section WHERE course_id <> 'CS-190'",
  "bag difference as set difference")

# GMUW, duplicate elimination: delta(R x S) = delta(R) x delta(S); delta(R join S) =
# delta(R) join delta(S); delta(sigma_C(R)) = sigma_C(delta(R)); delta(gamma_L(R)) =
# gamma_L(R); delta(R) = R when R has a key. Grouping: gamma_L(R) = gamma_L(delta(R)) when
# every aggregate in L is duplicate-insensitive (MIN, MAX).
B("GMUW-delta-over-product",
  "SELECT DISTINCT s.semester, i.name FROM section AS s, instructor AS i WHERE i.salary > 50",
  "SELECT a.semester, b.name FROM (SELECT DISTINCT semester FROM section) AS a, "
  "(SELECT DISTINCT name FROM instructor WHERE salary > 50) AS b",
  "SELECT a.semester, b.name FROM (SELECT semester FROM section) AS a, (SELECT DISTINCT name FROM instructor WHERE salary > 50) AS b",
  "one DISTINCT dropped")
B("GMUW-delta-over-join",
  "SELECT DISTINCT t.course_id, c.title FROM takes AS t JOIN course AS c ON c.course_id = t.course_id",
  "SELECT x.course_id, c.title FROM (SELECT DISTINCT course_id FROM takes) AS x JOIN course AS c ON c.course_id = x.course_id",
  "SELECT x.course_id, c.title FROM (SELECT course_id FROM takes) AS x JOIN course AS c ON c.course_id = x.course_id",
  "DISTINCT dropped")
B("GMUW-delta-over-selection",
  "SELECT DISTINCT t.grade FROM (SELECT grade, year FROM takes) AS t WHERE t.year = 2018",
  "SELECT t.grade FROM (SELECT DISTINCT grade, year FROM takes) AS t WHERE t.year = 2018",
  "SELECT DISTINCT t.grade FROM (SELECT grade, year FROM takes) AS t WHERE t.year <> 2018",
  "= as <>")
B("GMUW-delta-of-grouping",
  "SELECT DISTINCT g.course_id, g.n FROM (SELECT course_id, COUNT(*) AS n FROM takes GROUP BY course_id) AS g",
  "SELECT course_id, COUNT(*) FROM takes GROUP BY course_id",
  "SELECT course_id, COUNT(*) FROM takes GROUP BY course_id, year", "an extra grouping column")
B("GMUW-delta-of-keyed-relation",
  "SELECT DISTINCT id, name, dept_name FROM student",
  "SELECT id, name, dept_name FROM student",
  "SELECT name, dept_name FROM student", "the key projected away (duplicates appear)")
B("GMUW-delta-of-keyed-relation",
  "SELECT DISTINCT t.id, t.course_id, t.sec_id, t.semester, t.year FROM takes AS t WHERE t.grade IS NOT NULL",
  "SELECT id, course_id, sec_id, semester, year FROM takes WHERE grade IS NOT NULL",
  "SELECT id, course_id, sec_id, semester, year FROM takes", "selection dropped", dialect="sqlite")
B("GMUW-grouping-of-delta",
  "SELECT dept_name, MIN(salary) FROM instructor GROUP BY dept_name",
  "SELECT d.dept_name, MIN(d.salary) FROM (SELECT DISTINCT dept_name, salary FROM instructor) AS d GROUP BY d.dept_name",
  ("SELECT dept_name, SUM(salary) FROM instructor GROUP BY dept_name",
   "SELECT d.dept_name, SUM(d.salary) FROM (SELECT DISTINCT dept_name, salary FROM instructor) AS d GROUP BY d.dept_name"),
  "a duplicate-sensitive aggregate (SUM) over the de-duplicated input")
B("GMUW-grouping-of-delta",
  "SELECT t.course_id, MAX(t.grade) FROM takes AS t GROUP BY t.course_id",
  "SELECT d.course_id, MAX(d.grade) FROM (SELECT DISTINCT course_id, grade FROM takes) AS d GROUP BY d.course_id",
  ("SELECT t.course_id, COUNT(t.grade) FROM takes AS t GROUP BY t.course_id",
   "SELECT d.course_id, COUNT(d.grade) FROM (SELECT DISTINCT course_id, grade FROM takes) AS d GROUP BY d.course_id"),
  "a duplicate-sensitive aggregate (COUNT) over the de-duplicated input")

# Ramakrishnan/Gehrke: "a projection commutes with a selection that uses only the
# retained attributes"; Elmasri/Navathe heuristics: move selections down, replace a
# Cartesian product followed by a selection by a join, apply the most restrictive selection
# first, move projections down.
B("RG-projection-commutes-with-selection",
  "SELECT p.name FROM (SELECT name, tot_cred FROM student) AS p WHERE p.tot_cred < 60",
  "SELECT name FROM (SELECT * FROM student WHERE tot_cred < 60) AS s",
  "SELECT name FROM (SELECT * FROM student WHERE tot_cred <= 60) AS s", "< as <=")
B("EN-heuristic-product-to-join",
  "SELECT s.name, i.name FROM student AS s, advisor AS a, instructor AS i WHERE s.id = a.s_id AND a.i_id = i.id "
  "AND i.dept_name = 'Comp. Sci.'",
  "SELECT s.name, i.name FROM (SELECT id, name FROM instructor WHERE dept_name = 'Comp. Sci.') AS i "
  "JOIN advisor AS a ON a.i_id = i.id JOIN student AS s ON s.id = a.s_id",
  "SELECT s.name, i.name FROM (SELECT id, name FROM instructor WHERE dept_name = 'Comp. Sci.') AS i "
  "LEFT JOIN advisor AS a ON a.i_id = i.id LEFT JOIN student AS s ON s.id = a.s_id",
  "joins made outer")
B("EN-heuristic-product-to-join",
  "SELECT c.title, p.title FROM course AS c, prereq AS r, course AS p WHERE c.course_id = r.course_id "
  "AND r.prereq_id = p.course_id AND c.credits = 4",
  "SELECT c.title, p.title FROM (SELECT course_id, title FROM course WHERE credits = 4) AS c JOIN prereq AS r "
  "ON c.course_id = r.course_id JOIN course AS p ON r.prereq_id = p.course_id",
  "SELECT c.title, p.title FROM (SELECT course_id, title FROM course WHERE credits = 4) AS c JOIN prereq AS r "
  "ON c.course_id = r.prereq_id JOIN course AS p ON r.course_id = p.course_id",
  "the self-join's roles swapped (prerequisite for course)")

# The SQL standard's definitions. "x IN (Q)" is "x = ANY (Q)"; "x NOT IN (Q)" is
# "NOT (x IN (Q))": true only if Q is empty, or x and every row of Q are non-NULL and none
# equals x. In a WHERE clause an unknown is a false.
B("SQL-IN-as-EXISTS",
  "SELECT s.name FROM student AS s WHERE s.id IN (SELECT t.id FROM takes AS t WHERE t.grade = 'A')",
  "SELECT s.name FROM student AS s WHERE EXISTS (SELECT 1 FROM takes AS t WHERE t.grade = 'A' AND t.id = s.id)",
  "SELECT s.name FROM student AS s JOIN takes AS t ON t.id = s.id WHERE t.grade = 'A'",
  "IN as a join (duplicates per matching row)")
B("SQL-IN-as-EXISTS",
  "SELECT i.name FROM instructor AS i WHERE i.dept_name IN (SELECT c.dept_name FROM course AS c WHERE c.credits = 3)",
  "SELECT i.name FROM instructor AS i WHERE EXISTS (SELECT * FROM course AS c WHERE c.credits = 3 AND c.dept_name = i.dept_name)",
  "SELECT i.name FROM instructor AS i WHERE NOT EXISTS (SELECT * FROM course AS c WHERE c.credits = 3 AND c.dept_name <> i.dept_name)",
  "EXISTS = as NOT EXISTS <>")
B("SQL-NOT-IN-with-NULLs",
  "SELECT a.s_id FROM advisor AS a WHERE a.i_id NOT IN (SELECT t.id FROM teaches AS t WHERE t.year = 2017)",
  "SELECT a.s_id FROM advisor AS a WHERE NOT EXISTS (SELECT 1 FROM teaches AS t WHERE t.year = 2017 "
  "AND (t.id = a.i_id OR a.i_id IS NULL))",
  "SELECT a.s_id FROM advisor AS a WHERE NOT EXISTS (SELECT 1 FROM teaches AS t WHERE t.year = 2017 AND t.id = a.i_id)",
  "NOT IN as NOT EXISTS over a NULL-able outer column")
B("SQL-NOT-IN-with-NULLs",
  "SELECT d.dept_name FROM department AS d WHERE d.dept_name NOT IN (SELECT s.dept_name FROM student AS s)",
  "SELECT d.dept_name FROM department AS d WHERE NOT EXISTS (SELECT 1 FROM student AS s "
  "WHERE s.dept_name = d.dept_name OR s.dept_name IS NULL)",
  "SELECT d.dept_name FROM department AS d WHERE NOT EXISTS (SELECT 1 FROM student AS s WHERE s.dept_name = d.dept_name)",
  "NOT IN as NOT EXISTS over a NULL-able sub-query column")
B("SQL-NOT-IN-with-NULLs",
  "SELECT i.id FROM instructor AS i WHERE i.salary NOT IN (SELECT j.salary FROM instructor AS j WHERE j.dept_name = 'Physics')",
  "SELECT i.id FROM instructor AS i WHERE NOT EXISTS (SELECT 1 FROM instructor AS j WHERE j.dept_name = 'Physics' "
  "AND (j.salary = i.salary OR j.salary IS NULL OR i.salary IS NULL))",
  "SELECT i.id FROM instructor AS i WHERE i.salary IS NOT NULL AND NOT EXISTS (SELECT 1 FROM instructor AS j "
  "WHERE j.dept_name = 'Physics' AND (j.salary = i.salary OR j.salary IS NULL))",
  "x IS NOT NULL required even when the sub-query is empty")
B("SQL-IN-value-list-as-OR",
  "SELECT id FROM takes WHERE grade IN ('A', 'B', NULL)",
  "SELECT id FROM takes WHERE grade = 'A' OR grade = 'B'",
  ("SELECT id FROM takes WHERE grade NOT IN ('C', NULL)", "SELECT id FROM takes WHERE grade <> 'C'"),
  "NOT IN with a NULL in the list as <> (NOT IN with a NULL is never true)", dialect="sqlite")
# x > SOME (Q) holds iff some row of Q is below x; in a WHERE clause the same as x > MIN(Q).
# x > ALL (Q) is true on an empty Q and unknown if a row of Q is NULL; MAX(Q) is not it.
B("SQL-SOME-as-MIN",
  "SELECT i.name FROM instructor AS i WHERE EXISTS (SELECT 1 FROM instructor AS j WHERE j.dept_name = 'Biology' "
  "AND j.salary < i.salary)",
  "SELECT i.name FROM instructor AS i WHERE i.salary > (SELECT MIN(j.salary) FROM instructor AS j WHERE j.dept_name = 'Biology')",
  "SELECT i.name FROM instructor AS i WHERE i.salary > (SELECT MAX(j.salary) FROM instructor AS j WHERE j.dept_name = 'Biology')",
  "SOME as ALL (MIN as MAX)")
B("SQL-ALL-as-NOT-EXISTS",
  "SELECT i.name FROM instructor AS i WHERE NOT EXISTS (SELECT 1 FROM instructor AS j WHERE j.dept_name = 'Biology' "
  "AND (j.salary >= i.salary OR j.salary IS NULL OR i.salary IS NULL))",
  "SELECT i.name FROM instructor AS i WHERE (SELECT COUNT(*) FROM instructor AS j WHERE j.dept_name = 'Biology') = 0 "
  "OR (i.salary > (SELECT MAX(j.salary) FROM instructor AS j WHERE j.dept_name = 'Biology') "
  "AND (SELECT COUNT(*) FROM instructor AS j WHERE j.dept_name = 'Biology' AND j.salary IS NULL) = 0)",
  "SELECT i.name FROM instructor AS i WHERE i.salary > (SELECT MAX(j.salary) FROM instructor AS j WHERE j.dept_name = 'Biology')",
  "> ALL as > MAX (wrong on an empty sub-query and on NULLs)")
B("SQL-EXISTS-select-list-irrelevant",
  "SELECT c.title FROM course AS c WHERE EXISTS (SELECT p.prereq_id, p.course_id FROM prereq AS p WHERE p.course_id = c.course_id)",
  "SELECT c.title FROM course AS c WHERE EXISTS (SELECT NULL FROM prereq AS p WHERE p.course_id = c.course_id)",
  "SELECT c.title FROM course AS c WHERE EXISTS (SELECT MAX(p.prereq_id) FROM prereq AS p WHERE p.course_id = c.course_id)",
  "an aggregate in the EXISTS sub-query (always one row)")
# Silberschatz's UNIQUE: "courses offered at most once in 2017" written with UNIQUE, and
# equivalently with a count of at most one.
B("SQL-UNIQUE-as-count",
  "SELECT c.course_id FROM course AS c WHERE 1 >= (SELECT COUNT(r.course_id) FROM section AS r "
  "WHERE r.course_id = c.course_id AND r.year = 2017)",
  "SELECT c.course_id FROM course AS c WHERE NOT EXISTS (SELECT 1 FROM section AS r, section AS q "
  "WHERE r.course_id = c.course_id AND q.course_id = c.course_id AND r.year = 2017 AND q.year = 2017 "
  "AND (r.sec_id <> q.sec_id OR r.semester <> q.semester))",
  "SELECT c.course_id FROM course AS c WHERE NOT EXISTS (SELECT 1 FROM section AS r, section AS q "
  "WHERE r.course_id = c.course_id AND q.course_id = c.course_id AND r.year = 2017 AND q.year = 2017 "
  "AND r.sec_id <> q.sec_id)", "two sections differing in semester only not counted")
B("SQL-UNIQUE-as-count",
  "SELECT s.id FROM student AS s WHERE (SELECT COUNT(*) FROM takes AS t WHERE t.id = s.id AND t.course_id = 'CS-101') <= 1",
  "SELECT s.id FROM student AS s WHERE s.id NOT IN (SELECT t.id FROM takes AS t WHERE t.course_id = 'CS-101' "
  "GROUP BY t.id HAVING COUNT(*) > 1)",
  "SELECT s.id FROM student AS s WHERE s.id IN (SELECT t.id FROM takes AS t WHERE t.course_id = 'CS-101' "
  "GROUP BY t.id HAVING COUNT(*) <= 1)", "students with no CS-101 row lost")
# Division, as Silberschatz writes "students who took all Biology courses" with EXCEPT and
# as the double NOT EXISTS.
B("division-as-double-not-exists",
  "SELECT s.id FROM student AS s WHERE NOT EXISTS (SELECT course_id FROM course WHERE dept_name = 'Biology' "
  "EXCEPT SELECT t.course_id FROM takes AS t WHERE s.id = t.id)",
  "SELECT s.id FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM course AS c WHERE c.dept_name = 'Biology' "
  "AND NOT EXISTS (SELECT 1 FROM takes AS t WHERE t.id = s.id AND t.course_id = c.course_id))",
  "SELECT s.id FROM student AS s WHERE EXISTS (SELECT 1 FROM takes AS t JOIN course AS c ON c.course_id = t.course_id "
  "WHERE t.id = s.id AND c.dept_name = 'Biology')", "for all as there exists")
B("division-as-counting",
  "SELECT s.id FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM course AS c WHERE c.dept_name = 'Biology' "
  "AND c.course_id NOT IN (SELECT t.course_id FROM takes AS t WHERE t.id = s.id))",
  "SELECT s.id FROM student AS s WHERE (SELECT COUNT(DISTINCT t.course_id) FROM takes AS t JOIN course AS c "
  "ON c.course_id = t.course_id WHERE t.id = s.id AND c.dept_name = 'Biology') = "
  "(SELECT COUNT(*) FROM course WHERE dept_name = 'Biology')",
  "SELECT s.id FROM student AS s WHERE (SELECT COUNT(t.course_id) FROM takes AS t JOIN course AS c "
  "ON c.course_id = t.course_id WHERE t.id = s.id AND c.dept_name = 'Biology') = "
  "(SELECT COUNT(*) FROM course WHERE dept_name = 'Biology')", "COUNT(DISTINCT) as COUNT (sections counted twice)")

# NULLIF(a, b) is CASE WHEN a = b THEN NULL ELSE a END; COALESCE(a, b) is CASE WHEN a IS
# NOT NULL THEN a ELSE b END, and COALESCE(a, b, c) is COALESCE(a, COALESCE(b, c)).
B("SQL-NULLIF-as-CASE",
  "SELECT id, NULLIF(dept_name, 'Physics') FROM student",
  "SELECT id, CASE WHEN dept_name = 'Physics' THEN NULL ELSE dept_name END FROM student",
  "SELECT id, CASE WHEN dept_name = 'Physics' THEN dept_name END FROM student", "THEN and ELSE swapped")
B("SQL-NULLIF-as-CASE",
  "SELECT i.name FROM instructor AS i WHERE NULLIF(i.salary, 40) > 30",
  "SELECT i.name FROM instructor AS i WHERE CASE WHEN i.salary = 40 THEN NULL ELSE i.salary END > 30",
  "SELECT i.name FROM instructor AS i WHERE i.salary > 30", "NULLIF dropped")
B("SQL-COALESCE-as-CASE",
  "SELECT s.id, COALESCE(s.tot_cred, 0) FROM student AS s",
  "SELECT s.id, CASE WHEN s.tot_cred IS NOT NULL THEN s.tot_cred ELSE 0 END FROM student AS s",
  "SELECT s.id, CASE WHEN s.tot_cred IS NULL THEN s.tot_cred ELSE 0 END FROM student AS s", "IS NOT NULL as IS NULL")
B("SQL-COALESCE-nested",
  "SELECT c.course_id, COALESCE(s.building, d.building, 'none') FROM section AS s JOIN course AS c ON c.course_id = s.course_id "
  "LEFT JOIN department AS d ON d.dept_name = c.dept_name",
  "SELECT c.course_id, COALESCE(s.building, COALESCE(d.building, 'none')) FROM section AS s JOIN course AS c "
  "ON c.course_id = s.course_id LEFT JOIN department AS d ON d.dept_name = c.dept_name",
  "SELECT c.course_id, COALESCE(d.building, s.building, 'none') FROM section AS s JOIN course AS c "
  "ON c.course_id = s.course_id LEFT JOIN department AS d ON d.dept_name = c.dept_name", "arguments reordered")
B("SQL-COALESCE-in-predicate",
  "SELECT id FROM student WHERE COALESCE(tot_cred, 0) < 30",
  "SELECT id FROM student WHERE tot_cred < 30 OR tot_cred IS NULL",
  "SELECT id FROM student WHERE tot_cred < 30", "the NULL case dropped")
B("SQL-CASE-simple-as-searched",
  "SELECT id, CASE grade WHEN 'A' THEN 4 WHEN 'B' THEN 3 ELSE 0 END FROM takes",
  "SELECT id, CASE WHEN grade = 'A' THEN 4 WHEN grade = 'B' THEN 3 ELSE 0 END FROM takes",
  "SELECT id, CASE WHEN grade = 'A' THEN 4 WHEN grade = 'B' THEN 3 END FROM takes", "ELSE dropped")
# x BETWEEN a AND b is x >= a AND x <= b; NOT BETWEEN is x < a OR x > b (BETWEEN is not
# symmetric: BETWEEN 60 AND 30 is empty).
B("SQL-BETWEEN",
  "SELECT id FROM instructor WHERE salary BETWEEN 40 AND 65.5",
  "SELECT id FROM instructor WHERE salary >= 40 AND salary <= 65.5",
  "SELECT id FROM instructor WHERE salary BETWEEN 65.5 AND 40", "bounds swapped (not symmetric)")
B("SQL-NOT-BETWEEN",
  "SELECT id FROM student WHERE tot_cred NOT BETWEEN 10 AND 30",
  "SELECT id FROM student WHERE tot_cred < 10 OR tot_cred > 30",
  "SELECT id FROM student WHERE NOT (tot_cred >= 10 AND tot_cred < 30)", "<= as <")
B("SQL-BETWEEN",
  "SELECT course_id FROM section WHERE year BETWEEN 2017 AND 2017",
  "SELECT course_id FROM section WHERE year = 2017",
  "SELECT course_id FROM section WHERE year BETWEEN 2017 AND 2018", "upper bound changed", dialect="sqlite")
# Row value comparisons: (a, b) = (c, d) is a = c AND b = d; (a, b) < (c, d) is a < c OR
# (a = c AND b < d); (a, b) IN (Q) is EXISTS over Q with both equalities.
B("SQL-row-equality",
  "SELECT t.id FROM takes AS t, teaches AS u WHERE (t.course_id, t.sec_id, t.semester) = (u.course_id, u.sec_id, u.semester) "
  "AND u.id = 1",
  "SELECT t.id FROM takes AS t, teaches AS u WHERE t.course_id = u.course_id AND t.sec_id = u.sec_id "
  "AND t.semester = u.semester AND u.id = 1",
  "SELECT t.id FROM takes AS t, teaches AS u WHERE t.course_id = u.course_id AND t.sec_id = u.sec_id AND u.id = 1",
  "a component dropped", dialect="sqlite")
B("SQL-row-less-than",
  "SELECT course_id, sec_id FROM section WHERE (year, semester) < (2018, 'Fall')",
  "SELECT course_id, sec_id FROM section WHERE year < 2018 OR (year = 2018 AND semester < 'Fall')",
  "SELECT course_id, sec_id FROM section WHERE year <= 2018 AND semester < 'Fall'", "lexicographic as componentwise",
  dialect="sqlite")
B("SQL-row-in-subquery",
  "SELECT s.course_id FROM section AS s WHERE (s.course_id, s.year) IN (SELECT t.course_id, t.year FROM teaches AS t WHERE t.id = 2)",
  "SELECT s.course_id FROM section AS s WHERE EXISTS (SELECT 1 FROM teaches AS t WHERE t.id = 2 "
  "AND t.course_id = s.course_id AND t.year = s.year)",
  "SELECT s.course_id FROM section AS s WHERE s.course_id IN (SELECT t.course_id FROM teaches AS t WHERE t.id = 2) "
  "AND s.year IN (SELECT t.year FROM teaches AS t WHERE t.id = 2)", "row IN split into two independent INs",
  dialect="sqlite")
# De Morgan and double negation hold in three-valued logic; the law of excluded middle
# does not: p OR NOT p is not true when p is unknown.
B("3VL-de-morgan",
  "SELECT id FROM instructor WHERE NOT (salary > 50 AND dept_name = 'Biology')",
  "SELECT id FROM instructor WHERE salary <= 50 OR dept_name <> 'Biology'",
  "SELECT id FROM instructor WHERE salary <= 50 OR dept_name <> 'Biology' OR salary IS NULL",
  "an unknown taken as false inside NOT")
B("3VL-excluded-middle",
  "SELECT id FROM student WHERE tot_cred > 30 OR tot_cred <= 30",
  "SELECT id FROM student WHERE tot_cred IS NOT NULL",
  "SELECT id FROM student", "p OR NOT p taken as true")
B("3VL-CASE-negation",
  "SELECT id, CASE WHEN tot_cred > 30 THEN 'high' ELSE 'low' END FROM student",
  "SELECT id, CASE WHEN NOT (tot_cred > 30) OR tot_cred IS NULL THEN 'low' ELSE 'high' END FROM student",
  "SELECT id, CASE WHEN NOT (tot_cred > 30) THEN 'low' ELSE 'high' END FROM student",
  "negated condition without its NULL case")
# Aggregates: AVG(x) is SUM(x) / COUNT(x) over the non-NULL values; COUNT(DISTINCT x)
# counts the distinct non-NULL values; SELECT DISTINCT is a GROUP BY on every column.
B("SQL-AVG-as-SUM-over-COUNT",
  "SELECT dept_name, AVG(salary) FROM instructor GROUP BY dept_name",
  "SELECT dept_name, SUM(salary) / COUNT(salary) FROM instructor GROUP BY dept_name",
  "SELECT dept_name, SUM(salary) / COUNT(*) FROM instructor GROUP BY dept_name", "COUNT(*) for COUNT(salary)")
B("SQL-COUNT-DISTINCT",
  "SELECT COUNT(DISTINCT dept_name) FROM student",
  "SELECT COUNT(*) FROM (SELECT DISTINCT dept_name FROM student WHERE dept_name IS NOT NULL) AS d",
  "SELECT COUNT(*) FROM (SELECT DISTINCT dept_name FROM student) AS d", "the NULL counted as a value")
B("SQL-DISTINCT-as-GROUP-BY",
  "SELECT DISTINCT t.course_id, t.semester FROM teaches AS t WHERE t.year = 2018",
  "SELECT t.course_id, t.semester FROM teaches AS t WHERE t.year = 2018 GROUP BY t.course_id, t.semester",
  "SELECT t.course_id, t.semester FROM teaches AS t WHERE t.year = 2018 GROUP BY t.course_id, t.semester, t.sec_id",
  "an extra grouping column")
B("SQL-GROUP-BY-functional-dependency",
  "SELECT i.id, i.name, COUNT(*) FROM instructor AS i JOIN teaches AS t ON t.id = i.id GROUP BY i.id, i.name",
  "SELECT i.id, i.name, COUNT(*) FROM instructor AS i JOIN teaches AS t ON t.id = i.id GROUP BY i.id",
  "SELECT MIN(i.id), i.name, COUNT(*) FROM instructor AS i JOIN teaches AS t ON t.id = i.id GROUP BY i.name",
  "grouped by the non-key name")
B("SQL-scalar-aggregate-on-empty",
  "SELECT COUNT(*), MAX(salary) FROM instructor WHERE dept_name = 'Physics'",
  "SELECT (SELECT COUNT(*) FROM instructor WHERE dept_name = 'Physics'), "
  "(SELECT salary FROM instructor WHERE dept_name = 'Physics' AND salary IS NOT NULL ORDER BY salary DESC LIMIT 1)",
  "SELECT COUNT(*), MAX(salary) FROM instructor WHERE dept_name = 'Physics' GROUP BY dept_name",
  "GROUP BY added (no row on the empty input)", dialect="sqlite")
# Silberschatz: a WITH clause defines a temporary relation usable like a derived table;
# the "departments with the maximum budget" example.
B("SQL-WITH-as-derived-table",
  "WITH max_budget (value) AS (SELECT MAX(budget) FROM department) SELECT d.dept_name FROM department AS d, max_budget "
  "WHERE d.budget = max_budget.value",
  "SELECT dept_name FROM department WHERE budget = (SELECT MAX(budget) FROM department)",
  "SELECT dept_name FROM department WHERE budget < (SELECT MAX(budget) FROM department)", "= as <")
B("SQL-WITH-as-derived-table",
  "WITH dept_total (dept_name, value) AS (SELECT dept_name, SUM(salary) FROM instructor GROUP BY dept_name), "
  "dept_total_avg (value) AS (SELECT AVG(value) FROM dept_total) SELECT dept_name FROM dept_total, dept_total_avg "
  "WHERE dept_total.value > dept_total_avg.value",
  "SELECT t.dept_name FROM (SELECT dept_name, SUM(salary) AS v FROM instructor GROUP BY dept_name) AS t "
  "WHERE t.v > (SELECT AVG(u.v) FROM (SELECT SUM(salary) AS v FROM instructor GROUP BY dept_name) AS u)",
  "SELECT t.dept_name FROM (SELECT dept_name, SUM(salary) AS v FROM instructor GROUP BY dept_name) AS t "
  "WHERE t.v > (SELECT AVG(salary) FROM instructor)", "average over rows, not over department totals")
# The COUNT bug (Kim's unnesting corrected by Ganski and Wong): a correlated COUNT in the
# SELECT list becomes an outer join with COUNT of a non-NULL column of the inner side.
B("count-bug-outer-join",
  "SELECT d.dept_name, (SELECT COUNT(*) FROM instructor AS i WHERE i.dept_name = d.dept_name) FROM department AS d",
  "SELECT d.dept_name, COUNT(i.id) FROM department AS d LEFT JOIN instructor AS i ON i.dept_name = d.dept_name "
  "GROUP BY d.dept_name",
  "SELECT d.dept_name, COUNT(*) FROM department AS d LEFT JOIN instructor AS i ON i.dept_name = d.dept_name "
  "GROUP BY d.dept_name", "COUNT(*) for COUNT(i.id) (counts the NULL-padded row)")
B("count-bug-outer-join",
  "SELECT c.course_id FROM course AS c WHERE c.credits > (SELECT COUNT(*) FROM prereq AS p WHERE p.course_id = c.course_id)",
  "SELECT c.course_id FROM course AS c LEFT JOIN (SELECT course_id, COUNT(*) AS n FROM prereq GROUP BY course_id) AS g "
  "ON g.course_id = c.course_id WHERE c.credits > COALESCE(g.n, 0)",
  "SELECT c.course_id FROM course AS c JOIN (SELECT course_id, COUNT(*) AS n FROM prereq GROUP BY course_id) AS g "
  "ON g.course_id = c.course_id WHERE c.credits > g.n", "Kim's inner join (the COUNT bug)")


# ---- Textbook laws again, in the multi-table forms the books' examples take.
# Silberschatz's natural-join trap: "instructor NATURAL JOIN teaches NATURAL JOIN course"
# also equates instructor.dept_name with course.dept_name; the book's fixes are a comma
# product with an explicit condition or JOIN ... USING (course_id).
B("natural-join-explicit-condition",
  "SELECT name, title FROM instructor NATURAL JOIN teaches, course WHERE teaches.course_id = course.course_id",
  "SELECT i.name, c.title FROM instructor AS i JOIN teaches AS t ON t.id = i.id JOIN course AS c ON c.course_id = t.course_id",
  ("SELECT name, title FROM instructor NATURAL JOIN teaches, course WHERE teaches.course_id = course.course_id",
   "SELECT name, title FROM instructor NATURAL JOIN teaches NATURAL JOIN course"),
  "the three-way NATURAL JOIN (dept_name equated too)")
B("natural-join-using",
  "SELECT name, title FROM (instructor NATURAL JOIN teaches) JOIN course USING (course_id)",
  "SELECT i.name, c.title FROM instructor AS i, teaches AS t, course AS c WHERE t.id = i.id AND c.course_id = t.course_id",
  "SELECT i.name, c.title FROM instructor AS i, teaches AS t, course AS c WHERE t.id = i.id AND c.course_id = t.course_id "
  "AND c.dept_name = i.dept_name", "dept_name equated as by NATURAL JOIN")
B("natural-left-join-anti",
  "SELECT id FROM student NATURAL LEFT OUTER JOIN takes WHERE course_id IS NULL",
  "SELECT s.id FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM takes AS t WHERE t.id = s.id)",
  ("SELECT id FROM student NATURAL LEFT OUTER JOIN takes WHERE grade IS NULL",
   "SELECT s.id FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM takes AS t WHERE t.id = s.id)"),
  "IS NULL on the NULL-able grade taken as the anti-join test")
B("outer-join-on-true-vs-on-condition",
  "SELECT s.id, t.course_id FROM student AS s LEFT JOIN takes AS t ON 1 = 1 WHERE s.id = t.id",
  "SELECT s.id, t.course_id FROM student AS s JOIN takes AS t ON s.id = t.id",
  "SELECT s.id, t.course_id FROM student AS s LEFT JOIN takes AS t ON s.id = t.id",
  "the WHERE condition moved into the ON clause of the outer join")
B("full-join-as-left-by-foreign-key",
  "SELECT s.id, a.i_id FROM student AS s FULL JOIN advisor AS a ON s.id = a.s_id",
  "SELECT s.id, a.i_id FROM student AS s LEFT JOIN advisor AS a ON s.id = a.s_id",
  "SELECT s.id, a.i_id FROM student AS s RIGHT JOIN advisor AS a ON s.id = a.s_id", "the preserved side swapped")
B("full-join-as-left-union-anti",
  "SELECT d.dept_name, i.id FROM department AS d FULL JOIN instructor AS i ON i.dept_name = d.dept_name",
  "SELECT d.dept_name, i.id FROM department AS d LEFT JOIN instructor AS i ON i.dept_name = d.dept_name "
  "UNION ALL SELECT NULL, i.id FROM instructor AS i WHERE i.dept_name IS NULL",
  "SELECT d.dept_name, i.id FROM department AS d LEFT JOIN instructor AS i ON i.dept_name = d.dept_name",
  "the right side's unmatched rows not added")
B("selection-copied-across-join-key",
  "SELECT t.id, s.building FROM teaches AS t LEFT JOIN section AS s ON s.course_id = t.course_id AND s.sec_id = t.sec_id "
  "AND s.semester = t.semester AND s.year = t.year WHERE t.year = 2018",
  "SELECT t.id, s.building FROM teaches AS t LEFT JOIN (SELECT * FROM section WHERE year = 2018) AS s ON s.course_id = t.course_id "
  "AND s.sec_id = t.sec_id AND s.semester = t.semester AND s.year = t.year WHERE t.year = 2018",
  "SELECT t.id, s.building FROM teaches AS t LEFT JOIN section AS s ON s.course_id = t.course_id AND s.sec_id = t.sec_id "
  "AND s.semester = t.semester AND s.year = t.year WHERE s.year = 2018",
  "the selection copied to the NULL-supplying side's WHERE (teaching without a section row lost)")
B("SQL-SOME-as-self-join",
  "SELECT DISTINCT t.name FROM instructor AS t, instructor AS s WHERE t.salary > s.salary AND s.dept_name = 'Biology'",
  "SELECT DISTINCT name FROM instructor WHERE salary > (SELECT MIN(salary) FROM instructor WHERE dept_name = 'Biology')",
  "SELECT name FROM instructor WHERE salary > (SELECT MIN(salary) FROM instructor WHERE dept_name = 'Biology')",
  "DISTINCT dropped (one row per instructor, not per name)")
B("SQL-ALL-over-grouped-averages",
  "SELECT dept_name FROM instructor GROUP BY dept_name HAVING AVG(salary) >= (SELECT MAX(v.a) FROM "
  "(SELECT AVG(salary) AS a FROM instructor GROUP BY dept_name) AS v)",
  "SELECT v.dept_name FROM (SELECT dept_name, AVG(salary) AS a FROM instructor GROUP BY dept_name) AS v WHERE v.a IS NOT NULL "
  "AND NOT EXISTS (SELECT 1 FROM (SELECT AVG(salary) AS a FROM instructor GROUP BY dept_name) AS w WHERE w.a > v.a)",
  "SELECT v.dept_name FROM (SELECT dept_name, AVG(salary) AS a FROM instructor GROUP BY dept_name) AS v "
  "WHERE NOT EXISTS (SELECT 1 FROM (SELECT AVG(salary) AS a FROM instructor GROUP BY dept_name) AS w WHERE w.a > v.a)",
  "a department whose average is NULL kept")
B("SQL-IN-as-INTERSECT",
  "SELECT DISTINCT course_id FROM section WHERE semester = 'Fall' AND year = 2017 AND course_id IN "
  "(SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018)",
  "SELECT course_id FROM section WHERE semester = 'Fall' AND year = 2017 INTERSECT "
  "SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018",
  ("SELECT course_id FROM section WHERE semester = 'Fall' AND year = 2017 AND course_id IN "
   "(SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018)",
   "SELECT course_id FROM section WHERE semester = 'Fall' AND year = 2017 INTERSECT "
   "SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018"), "DISTINCT dropped on the IN side")
B("SQL-NOT-IN-as-EXCEPT",
  "SELECT DISTINCT course_id FROM section WHERE semester = 'Fall' AND year = 2017 AND course_id NOT IN "
  "(SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018)",
  "SELECT course_id FROM section WHERE semester = 'Fall' AND year = 2017 EXCEPT "
  "SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2018",
  "SELECT course_id FROM section WHERE semester = 'Fall' AND year = 2017 EXCEPT "
  "SELECT course_id FROM section WHERE semester = 'Spring' AND year = 2017", "constant changed")
B("SQL-row-IN-count-distinct",
  "SELECT COUNT(DISTINCT id) FROM takes WHERE (course_id, sec_id, semester, year) IN "
  "(SELECT course_id, sec_id, semester, year FROM teaches WHERE teaches.id = 1)",
  "SELECT COUNT(DISTINCT k.id) FROM takes AS k WHERE EXISTS (SELECT 1 FROM teaches AS t WHERE t.id = 1 "
  "AND t.course_id = k.course_id AND t.sec_id = k.sec_id AND t.semester = k.semester AND t.year = k.year)",
  "SELECT COUNT(k.id) FROM takes AS k WHERE EXISTS (SELECT 1 FROM teaches AS t WHERE t.id = 1 "
  "AND t.course_id = k.course_id AND t.sec_id = k.sec_id AND t.semester = k.semester AND t.year = k.year)",
  "COUNT for COUNT(DISTINCT)", dialect="sqlite")
B("SQL-BETWEEN-over-join",
  "SELECT i.name, d.dept_name FROM instructor AS i JOIN department AS d ON d.dept_name = i.dept_name "
  "WHERE i.salary BETWEEN d.budget - 30 AND d.budget",
  "SELECT i.name, d.dept_name FROM instructor AS i JOIN department AS d ON d.dept_name = i.dept_name "
  "WHERE i.salary >= d.budget - 30 AND i.salary <= d.budget",
  "SELECT i.name, d.dept_name FROM instructor AS i JOIN department AS d ON d.dept_name = i.dept_name "
  "WHERE i.salary BETWEEN d.budget AND d.budget - 30", "bounds swapped")
B("SQL-NULLIF-over-join",
  "SELECT s.name FROM student AS s JOIN advisor AS a ON a.s_id = s.id WHERE NULLIF(a.i_id, 1) IS NULL",
  "SELECT s.name FROM student AS s JOIN advisor AS a ON a.s_id = s.id WHERE a.i_id = 1 OR a.i_id IS NULL",
  "SELECT s.name FROM student AS s JOIN advisor AS a ON a.s_id = s.id WHERE a.i_id = 1", "the NULL case dropped")
B("COALESCE-over-outer-join-by-foreign-key",
  "SELECT s.id, COALESCE(i.name, 'none') FROM student AS s LEFT JOIN advisor AS a ON a.s_id = s.id "
  "LEFT JOIN instructor AS i ON i.id = a.i_id",
  "SELECT s.id, CASE WHEN a.i_id IS NULL THEN 'none' ELSE i.name END FROM student AS s LEFT JOIN advisor AS a ON a.s_id = s.id "
  "LEFT JOIN instructor AS i ON i.id = a.i_id",
  "SELECT s.id, CASE WHEN a.s_id IS NULL THEN 'none' ELSE i.name END FROM student AS s LEFT JOIN advisor AS a ON a.s_id = s.id "
  "LEFT JOIN instructor AS i ON i.id = a.i_id", "tested on the advisor's key, not on its NULL-able i_id")
# GMUW: bag union is commutative; joins distribute over bag union; delta of a bag union is
# the set union, but delta does not distribute over the bag union.
B("GMUW-bag-union-commutes",
  "SELECT name FROM instructor WHERE salary > 50 UNION ALL SELECT name FROM student",
  "SELECT name FROM student UNION ALL SELECT name FROM instructor WHERE salary > 50",
  "SELECT name FROM student UNION SELECT name FROM instructor WHERE salary > 50", "bag union as set union")
B("GMUW-join-distributes-over-bag-union",
  "SELECT u.name, d.building FROM (SELECT name, dept_name FROM instructor UNION ALL SELECT name, dept_name FROM student) AS u "
  "JOIN department AS d ON d.dept_name = u.dept_name",
  "SELECT i.name, d.building FROM instructor AS i JOIN department AS d ON d.dept_name = i.dept_name "
  "UNION ALL SELECT s.name, d.building FROM student AS s JOIN department AS d ON d.dept_name = s.dept_name",
  "SELECT i.name, d.building FROM instructor AS i JOIN department AS d ON d.dept_name = i.dept_name "
  "UNION SELECT s.name, d.building FROM student AS s JOIN department AS d ON d.dept_name = s.dept_name", "UNION ALL as UNION")
B("GMUW-delta-of-bag-union",
  "SELECT DISTINCT u.name FROM (SELECT name FROM instructor UNION ALL SELECT name FROM student) AS u",
  "SELECT name FROM instructor UNION SELECT name FROM student",
  "SELECT DISTINCT name FROM instructor UNION ALL SELECT DISTINCT name FROM student",
  "delta distributed over the bag union (not a law)")
B("EN-heuristic-join-order",
  "SELECT s.name, c.title, t.grade FROM takes AS t, student AS s, course AS c WHERE s.id = t.id AND c.course_id = t.course_id "
  "AND c.credits = 3 AND s.tot_cred >= 30",
  "SELECT s.name, c.title, t.grade FROM (SELECT * FROM course WHERE credits = 3) AS c JOIN takes AS t ON c.course_id = t.course_id "
  "JOIN (SELECT * FROM student WHERE tot_cred >= 30) AS s ON s.id = t.id",
  "SELECT s.name, c.title, t.grade FROM (SELECT * FROM course WHERE credits = 3) AS c JOIN takes AS t ON c.course_id = t.course_id "
  "JOIN (SELECT * FROM student WHERE tot_cred > 30) AS s ON s.id = t.id", ">= as >")


# ================================================================= engines (retail)
# date_dim(d_date_sk PK, d_year, d_moy, d_holiday); item(i_item_sk PK, i_category, i_brand,
# i_price); store(s_store_sk PK, s_state, s_manager); customer(c_customer_sk PK, c_name,
# c_state, c_birth_year); sales(ss_ticket, ss_line PK; ss_date_sk, ss_item_sk NOT NULL FKs;
# ss_store_sk, ss_customer_sk NULL-able FKs; ss_quantity NOT NULL; ss_price NULL-able);
# returns(sr_id PK, sr_ticket, sr_item_sk FK, sr_customer_sk NULL-able FK, sr_qty,
# sr_reason); promo(p_item_sk, p_discount) without keys, both NULL-able.
SS_KEY = "s.ss_ticket, s.ss_line"

# ---- PostgreSQL planner (the planner/optimizer chapter and the README of the planner):
# sub-queries in FROM are "pulled up" into the parent join tree when they are simple (no
# aggregates, LIMIT, DISTINCT, set operations); a LEFT JOIN whose inner side is unique on the
# join key and not referenced above is removed (join removal); an outer join whose nullable
# side is filtered by a strict qualifier above is reduced to an inner join; LEFT JOIN ...
# WHERE inner.key IS NULL becomes an anti join.
M("pg-subquery-pullup",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN (SELECT i_item_sk, i_brand FROM item WHERE i_category = 'Books') AS i "
  "ON s.ss_item_sk = i.i_item_sk",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON s.ss_item_sk = i.i_item_sk WHERE i.i_category = 'Books'",
  ("SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN (SELECT i_item_sk, i_brand FROM item WHERE i_category = 'Books' "
   "ORDER BY i_item_sk LIMIT 1) AS i ON s.ss_item_sk = i.i_item_sk",
   "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON s.ss_item_sk = i.i_item_sk WHERE i.i_category = 'Books'"),
  "a sub-query with LIMIT pulled up (not simple)")
M("pg-subquery-pullup",
  "SELECT c.c_name, x.q FROM customer AS c JOIN (SELECT s.ss_customer_sk, s.ss_quantity AS q FROM sales AS s "
  "JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE st.s_state = 'CA') AS x ON x.ss_customer_sk = c.c_customer_sk",
  "SELECT c.c_name, s.ss_quantity FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE st.s_state = 'CA'",
  "SELECT c.c_name, s.ss_quantity FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "LEFT JOIN store AS st ON st.s_store_sk = s.ss_store_sk AND st.s_state = 'CA'",
  "the pulled-up filter moved into an outer join's ON")
for cols, join, bad_join, what in [
    ("s.ss_ticket, s.ss_quantity", "LEFT JOIN store AS st ON st.s_store_sk = s.ss_store_sk",
     "LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket", "LEFT JOIN on a non-unique key (sr_ticket) removed"),
    ("s.ss_ticket, s.ss_price", "LEFT JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk AND c.c_state = 'CA'",
     "LEFT JOIN promo AS p ON p.p_item_sk = s.ss_item_sk", "LEFT JOIN to a keyless table removed"),
    ("s.ss_line, s.ss_item_sk", "LEFT JOIN (SELECT sr_ticket, COUNT(*) AS n FROM returns GROUP BY sr_ticket) AS r "
     "ON r.sr_ticket = s.ss_ticket", "LEFT JOIN (SELECT sr_ticket, sr_item_sk FROM returns GROUP BY sr_ticket, sr_item_sk) AS r "
     "ON r.sr_ticket = s.ss_ticket", "LEFT JOIN to a sub-query unique on (ticket, item) but joined on ticket only removed"),
]:
    M("pg-left-join-removal", f"SELECT {cols} FROM sales AS s {join}", f"SELECT {cols} FROM sales AS s",
      (f"SELECT {cols} FROM sales AS s {bad_join}", f"SELECT {cols} FROM sales AS s"), what)
for where, bad, what in [
    ("st.s_state = 'CA'", "COALESCE(st.s_state, 'CA') = 'CA'", "COALESCE is not strict"),
    ("st.s_manager <> 'm1' AND s.ss_quantity > 1", "st.s_manager IS NOT 'm1' AND s.ss_quantity > 1", "IS NOT is not strict"),
    ("st.s_state IN ('CA', 'TX') OR st.s_manager = 'm2'", "st.s_state IS NULL OR st.s_manager = 'm2'",
     "IS NULL is not strict"),
]:
    M("pg-outer-join-reduction",
      f"SELECT s.ss_ticket, st.s_state FROM sales AS s LEFT JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE {where}",
      f"SELECT s.ss_ticket, st.s_state FROM sales AS s JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE {where}",
      (f"SELECT s.ss_ticket, st.s_state FROM sales AS s LEFT JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE {bad}",
       f"SELECT s.ss_ticket, st.s_state FROM sales AS s JOIN store AS st ON st.s_store_sk = s.ss_store_sk WHERE {bad}"),
      what, dialect="sqlite")
M("pg-antijoin",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
  "AND r.sr_item_sk = s.ss_item_sk WHERE r.sr_id IS NULL",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM returns AS r "
  "WHERE r.sr_ticket = s.ss_ticket AND r.sr_item_sk = s.ss_item_sk)",
  ("SELECT s.ss_ticket, s.ss_line FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
   "AND r.sr_item_sk = s.ss_item_sk WHERE r.sr_reason IS NULL",
   "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM returns AS r "
   "WHERE r.sr_ticket = s.ss_ticket AND r.sr_item_sk = s.ss_item_sk)"),
  "IS NULL on a NULL-able column of the inner side taken as the anti-join test")
M("pg-antijoin",
  "SELECT c.c_customer_sk FROM customer AS c LEFT JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "WHERE s.ss_ticket IS NULL",
  "SELECT c.c_customer_sk FROM customer AS c WHERE c.c_customer_sk NOT IN (SELECT ss_customer_sk FROM sales "
  "WHERE ss_customer_sk IS NOT NULL)",
  "SELECT c.c_customer_sk FROM customer AS c WHERE c.c_customer_sk NOT IN (SELECT ss_customer_sk FROM sales)",
  "NOT IN over a NULL-able column (no row once a sale has no customer)")
# "Qualifiers of the outer query are pushed down into a sub-query in FROM" when they refer
# to its output columns; into a GROUP BY sub-query only when they refer to the grouping
# columns; into a sub-query with window functions only when they refer to columns of every
# PARTITION BY clause.
M("pg-predicate-pushdown-into-derived-table",
  "SELECT t.ss_item_sk, t.q FROM (SELECT ss_item_sk, SUM(ss_quantity) AS q FROM sales GROUP BY ss_item_sk) AS t "
  "WHERE t.ss_item_sk IN (2, 3)",
  "SELECT ss_item_sk, SUM(ss_quantity) FROM sales WHERE ss_item_sk IN (2, 3) GROUP BY ss_item_sk",
  ("SELECT t.ss_item_sk, t.q FROM (SELECT ss_item_sk, SUM(ss_quantity) AS q FROM sales GROUP BY ss_item_sk) AS t WHERE t.q > 2",
   "SELECT ss_item_sk, SUM(ss_quantity) FROM sales WHERE ss_quantity > 2 GROUP BY ss_item_sk"),
  "a qualifier on the aggregate pushed below it")
M("pg-predicate-pushdown-into-derived-table",
  "SELECT v.c_name, v.ss_price FROM (SELECT c.c_name, c.c_state, s.ss_price FROM customer AS c JOIN sales AS s "
  "ON s.ss_customer_sk = c.c_customer_sk) AS v WHERE v.c_state = 'TX' AND v.ss_price > 2",
  "SELECT c.c_name, s.ss_price FROM (SELECT * FROM customer WHERE c_state = 'TX') AS c JOIN "
  "(SELECT * FROM sales WHERE ss_price > 2) AS s ON s.ss_customer_sk = c.c_customer_sk",
  "SELECT c.c_name, s.ss_price FROM (SELECT * FROM customer WHERE c_state = 'TX') AS c JOIN "
  "(SELECT * FROM sales WHERE ss_price > 2.5) AS s ON s.ss_customer_sk = c.c_customer_sk", "> 2 as > 2.5")
for where, pushed, bad, what in [
    ("w.ss_store_sk = 2", "ss_store_sk = 2", "ss_quantity = 2", "a qualifier on a non-partition column pushed"),
    ("w.ss_store_sk IS NULL", "ss_store_sk IS NULL", "ss_store_sk IS NOT NULL", "IS NULL negated"),
]:
    w = ("SELECT w.ss_ticket, w.ss_line, w.rn FROM (SELECT ss_ticket, ss_line, ss_store_sk, ss_quantity, ROW_NUMBER() OVER "
         "(PARTITION BY ss_store_sk ORDER BY ss_ticket, ss_line) AS rn FROM sales{}) AS w{}")
    M("pg-predicate-pushdown-window-partition-key", w.format("", f" WHERE {where}"), w.format(f" WHERE {pushed}", ""),
      (w.format("", f" WHERE w.{bad}") if "quantity" in bad else w.format("", f" WHERE {where}"),
       w.format(f" WHERE {bad}", "")), what)
M("pg-predicate-not-pushed-past-window-running-condition",
  "SELECT w.ss_ticket, w.ss_line FROM (SELECT ss_ticket, ss_line, RANK() OVER (ORDER BY ss_quantity DESC) AS r FROM sales) AS w "
  "WHERE w.r <= 2",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE (SELECT COUNT(*) FROM sales AS t WHERE t.ss_quantity > s.ss_quantity) < 2",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE (SELECT COUNT(*) FROM sales AS t WHERE t.ss_quantity >= s.ss_quantity) <= 2",
  "RANK as a count including ties")
# "Constant expressions are folded"; "WHERE false" yields an empty result; HAVING clauses
# without aggregates are moved into WHERE.
M("pg-constant-folding",
  "SELECT ss_ticket FROM sales WHERE ss_quantity > 1 + 1 AND 2 * 3 = 6",
  "SELECT ss_ticket FROM sales WHERE ss_quantity > 2",
  "SELECT ss_ticket FROM sales WHERE ss_quantity >= 2", "> as >=")
M("pg-constant-folding",
  "SELECT i_item_sk FROM item WHERE i_price * 2 > 5 AND 1 = 0",
  "SELECT i_item_sk FROM item WHERE 1 = 0",
  "SELECT i_item_sk FROM item WHERE i_price * 2 > 5 OR 1 = 0", "AND as OR")
M("pg-having-to-where",
  "SELECT ss_store_sk, COUNT(*) FROM sales GROUP BY ss_store_sk HAVING ss_store_sk > 1",
  "SELECT ss_store_sk, COUNT(*) FROM sales WHERE ss_store_sk > 1 GROUP BY ss_store_sk",
  ("SELECT ss_store_sk, COUNT(*) FROM sales GROUP BY ss_store_sk HAVING COUNT(*) > 1",
   "SELECT ss_store_sk, COUNT(*) FROM sales WHERE ss_quantity > 1 GROUP BY ss_store_sk"),
  "a HAVING with an aggregate moved to WHERE")
# "x IN (sub-select)" and "EXISTS (sub-select)" become semi joins; the semi join is a join
# followed by unique-ification of the outer row (or of the inner side's join key).
M("pg-in-as-semijoin",
  "SELECT c.c_name FROM customer AS c WHERE c.c_customer_sk IN (SELECT s.ss_customer_sk FROM sales AS s WHERE s.ss_quantity = 5)",
  "SELECT c.c_name FROM customer AS c JOIN (SELECT DISTINCT ss_customer_sk FROM sales WHERE ss_quantity = 5) AS u "
  "ON u.ss_customer_sk = c.c_customer_sk",
  "SELECT c.c_name FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk WHERE s.ss_quantity = 5",
  "semi join as a plain join (a row per matching sale)")
M("pg-exists-as-semijoin",
  "SELECT i.i_item_sk, i.i_brand FROM item AS i WHERE EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_item_sk = i.i_item_sk "
  "AND r.sr_reason = 'damaged')",
  "SELECT DISTINCT i.i_item_sk, i.i_brand FROM item AS i JOIN returns AS r ON r.sr_item_sk = i.i_item_sk WHERE r.sr_reason = 'damaged'",
  "SELECT DISTINCT i.i_brand FROM item AS i JOIN returns AS r ON r.sr_item_sk = i.i_item_sk WHERE r.sr_reason = 'damaged'",
  "unique-ified on a non-key column")
# Equivalence classes: "a = b and b = c" puts a, b, c in one class; a restriction on one
# member applies to every member; join clauses can be generated between any two members.
M("pg-equivalence-classes",
  "SELECT s.ss_ticket, i.i_price FROM sales AS s JOIN item AS i ON s.ss_item_sk = i.i_item_sk WHERE s.ss_item_sk = 2",
  "SELECT s.ss_ticket, i.i_price FROM sales AS s JOIN item AS i ON s.ss_item_sk = i.i_item_sk WHERE i.i_item_sk = 2 AND s.ss_item_sk = 2",
  "SELECT s.ss_ticket, i.i_price FROM sales AS s, item AS i WHERE i.i_item_sk = 2 AND s.ss_item_sk = 2 AND s.ss_item_sk <> i.i_item_sk",
  "the equality negated")
M("pg-equivalence-classes",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket JOIN item AS i "
  "ON i.i_item_sk = r.sr_item_sk AND i.i_item_sk = s.ss_item_sk",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket AND r.sr_item_sk = s.ss_item_sk "
  "JOIN item AS i ON i.i_item_sk = s.ss_item_sk",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
  "JOIN item AS i ON i.i_item_sk = s.ss_item_sk", "the derived join clause between sales and returns dropped")
# "LIMIT can be pushed into the arms of an Append (UNION ALL) below a sort": ORDER BY k LIMIT
# n over a UNION ALL equals the same over the union of each arm's top n.
M("pg-limit-pushdown-union-all",
  "SELECT u.t, u.item FROM (SELECT ss_ticket AS t, ss_item_sk AS item FROM sales UNION ALL SELECT sr_ticket, sr_item_sk FROM returns) AS u "
  "ORDER BY u.t, u.item LIMIT 3",
  "SELECT u.t, u.item FROM (SELECT * FROM (SELECT ss_ticket AS t, ss_item_sk AS item FROM sales ORDER BY 1, 2 LIMIT 3) AS a "
  "UNION ALL SELECT * FROM (SELECT sr_ticket, sr_item_sk FROM returns ORDER BY 1, 2 LIMIT 3) AS b) AS u ORDER BY u.t, u.item LIMIT 3",
  "SELECT u.t, u.item FROM (SELECT * FROM (SELECT ss_ticket AS t, ss_item_sk AS item FROM sales ORDER BY 1, 2 LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT sr_ticket, sr_item_sk FROM returns ORDER BY 1, 2 LIMIT 2) AS b) AS u ORDER BY u.t, u.item LIMIT 3",
  "each arm cut to fewer rows than the outer LIMIT", semantics="list")
M("pg-limit-pushdown-union-all",
  "SELECT u.k FROM (SELECT ss_quantity AS k FROM sales UNION ALL SELECT sr_qty FROM returns) AS u ORDER BY u.k DESC LIMIT 2",
  "SELECT u.k FROM (SELECT * FROM (SELECT ss_quantity AS k FROM sales ORDER BY 1 DESC LIMIT 2) AS a UNION ALL "
  "SELECT * FROM (SELECT sr_qty FROM returns ORDER BY 1 DESC LIMIT 2) AS b) AS u ORDER BY u.k DESC LIMIT 2",
  "SELECT u.k FROM (SELECT * FROM (SELECT ss_quantity AS k FROM sales ORDER BY 1 LIMIT 2) AS a UNION ALL "
  "SELECT * FROM (SELECT sr_qty FROM returns ORDER BY 1 LIMIT 2) AS b) AS u ORDER BY u.k DESC LIMIT 2",
  "the arms sorted the other way", semantics="list")
# Self-join removal (PostgreSQL 18): a join of a table with itself on its primary key is
# the table; MIN/MAX (planagg.c) are rewritten as "ORDER BY x LIMIT 1" sub-selects over
# non-NULL x; DISTINCT / GROUP BY columns functionally dependent on a key need not be kept.
M("pg-self-join-removal",
  "SELECT a.ss_quantity, b.ss_price FROM sales AS a JOIN sales AS b ON a.ss_ticket = b.ss_ticket AND a.ss_line = b.ss_line "
  "WHERE b.ss_store_sk = 1",
  "SELECT ss_quantity, ss_price FROM sales WHERE ss_store_sk = 1",
  ("SELECT a.ss_quantity, b.ss_price FROM sales AS a JOIN sales AS b ON a.ss_ticket = b.ss_ticket WHERE b.ss_store_sk = 1",
   "SELECT ss_quantity, ss_price FROM sales WHERE ss_store_sk = 1"), "joined on part of the key")
M("pg-minmax-as-limit",
  "SELECT MAX(ss_price) FROM sales WHERE ss_store_sk = 2",
  "SELECT (SELECT ss_price FROM sales WHERE ss_store_sk = 2 AND ss_price IS NOT NULL ORDER BY ss_price DESC LIMIT 1)",
  "SELECT (SELECT ss_price FROM sales WHERE ss_store_sk = 2 ORDER BY ss_price DESC LIMIT 1) WHERE EXISTS (SELECT 1 FROM sales)",
  "the outer scalar kept only when sales is non-empty", dialect="sqlite")
M("pg-minmax-as-limit",
  "SELECT MIN(c_birth_year), MAX(c_birth_year) FROM customer",
  "SELECT (SELECT c_birth_year FROM customer WHERE c_birth_year IS NOT NULL ORDER BY c_birth_year LIMIT 1), "
  "(SELECT c_birth_year FROM customer WHERE c_birth_year IS NOT NULL ORDER BY c_birth_year DESC LIMIT 1)",
  "SELECT (SELECT c_birth_year FROM customer ORDER BY c_birth_year LIMIT 1), "
  "(SELECT c_birth_year FROM customer WHERE c_birth_year IS NOT NULL ORDER BY c_birth_year DESC LIMIT 1)",
  "IS NOT NULL dropped (NULL sorts first in SQLite)", dialect="sqlite")
M("pg-unique-distinct-removal",
  "SELECT DISTINCT c_customer_sk, c_name FROM customer WHERE c_state = 'CA'",
  "SELECT c_customer_sk, c_name FROM customer WHERE c_state = 'CA'",
  ("SELECT DISTINCT c_name FROM customer WHERE c_state = 'CA'", "SELECT c_name FROM customer WHERE c_state = 'CA'"),
  "DISTINCT removed without the key in the output")
M("pg-group-by-key-columns",
  "SELECT s.s_store_sk, s.s_state, s.s_manager, SUM(x.ss_quantity) FROM store AS s JOIN sales AS x ON x.ss_store_sk = s.s_store_sk "
  "GROUP BY s.s_store_sk, s.s_state, s.s_manager",
  "SELECT s.s_store_sk, s.s_state, s.s_manager, SUM(x.ss_quantity) FROM store AS s JOIN sales AS x ON x.ss_store_sk = s.s_store_sk "
  "GROUP BY s.s_store_sk",
  "SELECT MIN(s.s_store_sk), s.s_state, s.s_manager, SUM(x.ss_quantity) FROM store AS s JOIN sales AS x "
  "ON x.ss_store_sk = s.s_store_sk GROUP BY s.s_state, s.s_manager", "the key dropped from GROUP BY")
M("pg-not-null-qual-removal",
  "SELECT ss_ticket FROM sales WHERE ss_quantity IS NOT NULL AND ss_item_sk = 1",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk = 1",
  ("SELECT ss_ticket FROM sales WHERE ss_price IS NOT NULL AND ss_item_sk = 1", "SELECT ss_ticket FROM sales WHERE ss_item_sk = 1"),
  "IS NOT NULL removed on a NULL-able column")

# ---- MySQL optimizer chapter. Semijoin strategies: table pull-out (the sub-query's table
# joined directly when its column is a primary key), duplicate weedout (join, then remove
# duplicates by the outer rows' keys), first match, loose scan (one inner row per distinct
# key), materialization (a de-duplicated derived table joined).
M("mysql-semijoin-table-pullout",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_item_sk IN (SELECT i.i_item_sk FROM item AS i WHERE i.i_category = 'Books')",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk WHERE i.i_category = 'Books'",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN returns AS r ON r.sr_item_sk = s.ss_item_sk JOIN item AS i "
  "ON i.i_item_sk = r.sr_item_sk WHERE i.i_category = 'Books'", "pulled out through a non-unique column (returns)",
  dialect="sqlite")
M("mysql-semijoin-duplicate-weedout",
  "SELECT c.c_customer_sk, c.c_name FROM customer AS c WHERE c.c_customer_sk IN (SELECT r.sr_customer_sk FROM returns AS r)",
  "SELECT DISTINCT c.c_customer_sk, c.c_name FROM customer AS c JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk",
  "SELECT DISTINCT c.c_name FROM customer AS c JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk",
  "duplicates weeded out by a non-key column", dialect="sqlite")
M("mysql-semijoin-materialization",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_customer_sk IN (SELECT c.c_customer_sk FROM customer AS c "
  "JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk WHERE c.c_state = 'TX')",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT DISTINCT c.c_customer_sk FROM customer AS c "
  "JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk WHERE c.c_state = 'TX') AS m ON m.c_customer_sk = s.ss_customer_sk",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT c.c_customer_sk FROM customer AS c "
  "JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk WHERE c.c_state = 'TX') AS m ON m.c_customer_sk = s.ss_customer_sk",
  "the materialized table not de-duplicated", dialect="sqlite")
M("mysql-semijoin-loosescan",
  "SELECT i.i_item_sk FROM item AS i WHERE i.i_item_sk IN (SELECT p.p_item_sk FROM promo AS p)",
  "SELECT i.i_item_sk FROM (SELECT p_item_sk FROM promo GROUP BY p_item_sk) AS p JOIN item AS i ON i.i_item_sk = p.p_item_sk",
  "SELECT i.i_item_sk FROM (SELECT p_item_sk, p_discount FROM promo GROUP BY p_item_sk, p_discount) AS p JOIN item AS i "
  "ON i.i_item_sk = p.p_item_sk", "loose scan over a wider key (one row per discount too)", dialect="sqlite")
# Derived tables are merged into the outer query unless they contain aggregates, DISTINCT,
# GROUP BY, HAVING, LIMIT, UNION or window functions; otherwise outer conditions are pushed
# into them: a condition on grouping columns into WHERE, on aggregates into HAVING.
M("mysql-derived-table-merge",
  "SELECT dt.ss_ticket, dt.ss_price FROM (SELECT * FROM sales WHERE ss_quantity > 1) AS dt WHERE dt.ss_price < 3",
  "SELECT ss_ticket, ss_price FROM sales WHERE ss_quantity > 1 AND ss_price < 3",
  "SELECT ss_ticket, ss_price FROM sales WHERE ss_quantity > 1 OR ss_price < 3", "AND as OR", dialect="sqlite")
M("mysql-derived-table-merge",
  "SELECT dt.c_name, st.s_manager FROM (SELECT c.c_customer_sk, c.c_name, s.ss_store_sk FROM customer AS c "
  "JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk) AS dt JOIN store AS st ON st.s_store_sk = dt.ss_store_sk",
  "SELECT c.c_name, st.s_manager FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "JOIN store AS st ON st.s_store_sk = s.ss_store_sk",
  "SELECT c.c_name, st.s_manager FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "LEFT JOIN store AS st ON st.s_store_sk = s.ss_store_sk", "the merged join made outer", dialect="sqlite")
M("mysql-derived-condition-pushdown",
  "SELECT dt.ss_store_sk, dt.q FROM (SELECT ss_store_sk, SUM(ss_quantity) AS q FROM sales GROUP BY ss_store_sk) AS dt "
  "WHERE dt.q > 3 AND dt.ss_store_sk > 1",
  "SELECT ss_store_sk, SUM(ss_quantity) FROM sales WHERE ss_store_sk > 1 GROUP BY ss_store_sk HAVING SUM(ss_quantity) > 3",
  "SELECT ss_store_sk, SUM(ss_quantity) FROM sales WHERE ss_store_sk > 1 AND ss_quantity > 3 GROUP BY ss_store_sk",
  "the aggregate's condition pushed into WHERE", dialect="sqlite")
M("mysql-derived-condition-pushdown",
  "SELECT dt.i, dt.n FROM (SELECT ss_item_sk AS i, COUNT(DISTINCT ss_ticket) AS n FROM sales GROUP BY ss_item_sk) AS dt "
  "WHERE dt.i = 3 OR dt.n >= 2",
  "SELECT ss_item_sk, COUNT(DISTINCT ss_ticket) FROM sales GROUP BY ss_item_sk HAVING ss_item_sk = 3 OR COUNT(DISTINCT ss_ticket) >= 2",
  "SELECT ss_item_sk, COUNT(DISTINCT ss_ticket) FROM sales WHERE ss_item_sk = 3 GROUP BY ss_item_sk "
  "HAVING COUNT(DISTINCT ss_ticket) >= 2", "a disjunction split into WHERE and HAVING as a conjunction", dialect="sqlite")
# Outer join simplification: "a condition is null-rejected for an outer join if it
# evaluates to FALSE or UNKNOWN for any NULL-complemented row"; then the outer join is
# replaced by an inner join; with nested outer joins, a WHERE condition on the innermost
# table rejects the NULL-complemented rows of both.
M("mysql-outer-join-simplification",
  "SELECT s.ss_ticket, c.c_name FROM sales AS s LEFT JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
  "WHERE c.c_birth_year > 1985 OR c.c_state = 'TX'",
  "SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
  "WHERE c.c_birth_year > 1985 OR c.c_state = 'TX'",
  ("SELECT s.ss_ticket, c.c_name FROM sales AS s LEFT JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
   "WHERE c.c_birth_year > 1985 OR s.ss_quantity = 5",
   "SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
   "WHERE c.c_birth_year > 1985 OR s.ss_quantity = 5"), "a disjunction with a preserved-side term is not null-rejecting",
  dialect="sqlite")
M("mysql-outer-join-simplification-nested",
  "SELECT s.ss_ticket, r.sr_id, c.c_name FROM sales AS s LEFT JOIN (returns AS r LEFT JOIN customer AS c "
  "ON c.c_customer_sk = r.sr_customer_sk) ON r.sr_ticket = s.ss_ticket WHERE c.c_state = 'CA'",
  "SELECT s.ss_ticket, r.sr_id, c.c_name FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
  "JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE c.c_state = 'CA'",
  ("SELECT s.ss_ticket, r.sr_id, c.c_name FROM sales AS s LEFT JOIN (returns AS r LEFT JOIN customer AS c "
   "ON c.c_customer_sk = r.sr_customer_sk) ON r.sr_ticket = s.ss_ticket WHERE r.sr_qty = 2",
   "SELECT s.ss_ticket, r.sr_id, c.c_name FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
   "JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE r.sr_qty = 2"),
  "a condition on the middle table taken to reject the innermost table's NULL rows", dialect="sqlite")
# IS NULL optimization: "col IS NULL" on a NOT NULL column is always false (and the LEFT
# JOIN ... WHERE t2.not_null_col IS NULL "Not exists" shortcut); "col = c OR col IS NULL"
# is evaluated as one ref_or_null access.
M("mysql-is-null-on-not-null-column",
  "SELECT ss_ticket FROM sales WHERE ss_quantity IS NULL OR ss_item_sk = 4",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk = 4",
  ("SELECT ss_ticket FROM sales WHERE ss_store_sk IS NULL OR ss_item_sk = 4", "SELECT ss_ticket FROM sales WHERE ss_item_sk = 4"),
  "the IS NULL term dropped on a NULL-able column", dialect="sqlite")
M("mysql-not-exists-shortcut",
  "SELECT i.i_item_sk FROM item AS i LEFT JOIN returns AS r ON r.sr_item_sk = i.i_item_sk WHERE r.sr_qty IS NULL",
  "SELECT i.i_item_sk FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_item_sk = i.i_item_sk)",
  "SELECT i.i_item_sk FROM item AS i WHERE i.i_item_sk NOT IN (SELECT r.sr_customer_sk FROM returns AS r)",
  "the anti join on the wrong column (and over NULLs)", dialect="sqlite")
M("mysql-ref-or-null",
  "SELECT sr_id FROM returns WHERE sr_customer_sk = 2 OR sr_customer_sk IS NULL",
  "SELECT sr_id FROM returns WHERE COALESCE(sr_customer_sk, 2) = 2",
  "SELECT sr_id FROM returns WHERE NULLIF(sr_customer_sk, 2) IS NULL AND sr_customer_sk IS NOT NULL",
  "the NULL case dropped", dialect="sqlite")
# Constant propagation (equality propagation): "a = b AND b = 5" becomes "a = 5 AND b = 5";
# trivial conditions are removed.
M("mysql-constant-propagation",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk = ss_store_sk AND ss_store_sk = 3",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk = 3 AND ss_store_sk = 3",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk = 3 OR ss_store_sk = 3", "AND as OR", dialect="sqlite")
M("mysql-constant-propagation",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk "
  "JOIN returns AS r ON r.sr_item_sk = i.i_item_sk WHERE r.sr_item_sk = 1",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = 1 JOIN returns AS r ON r.sr_item_sk = 1 "
  "WHERE s.ss_item_sk = 1",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = 1 JOIN returns AS r ON r.sr_item_sk = 1",
  "the propagated constant not applied to the sales side", dialect="sqlite")
# ORDER BY optimization: a sort key fixed by an equality in WHERE is dropped; LIMIT with
# ORDER BY stops after n rows ("if multiple rows have identical values in the ORDER BY
# columns, the server is free to return those rows in any order": ties under LIMIT).
M("mysql-order-by-constant-key",
  "SELECT ss_ticket, ss_line, ss_quantity FROM sales WHERE ss_store_sk = 1 ORDER BY ss_store_sk, ss_ticket, ss_line",
  "SELECT ss_ticket, ss_line, ss_quantity FROM sales WHERE ss_store_sk = 1 ORDER BY ss_ticket, ss_line",
  "SELECT ss_ticket, ss_line, ss_quantity FROM sales WHERE ss_store_sk = 1 ORDER BY ss_ticket DESC, ss_line",
  "a key's direction reversed", semantics="list", dialect="sqlite")
M("mysql-limit-ties",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_quantity = (SELECT MAX(ss_quantity) FROM sales)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM sales AS t WHERE t.ss_quantity > s.ss_quantity)",
  "SELECT ss_ticket, ss_line FROM sales ORDER BY ss_quantity DESC LIMIT 1", "LIMIT 1 under ties (all maxima wanted)",
  dialect="sqlite")
M("mysql-limit-ties",
  "SELECT ss_ticket, ss_line, ss_quantity FROM sales ORDER BY ss_quantity, ss_ticket, ss_line LIMIT 2",
  "SELECT s.ss_ticket, s.ss_line, s.ss_quantity FROM sales AS s WHERE (SELECT COUNT(*) FROM sales AS t WHERE t.ss_quantity < s.ss_quantity "
  "OR (t.ss_quantity = s.ss_quantity AND (t.ss_ticket < s.ss_ticket OR (t.ss_ticket = s.ss_ticket AND t.ss_line < s.ss_line)))) < 2 "
  "ORDER BY s.ss_quantity, s.ss_ticket, s.ss_line",
  "SELECT s.ss_ticket, s.ss_line, s.ss_quantity FROM sales AS s WHERE (SELECT COUNT(*) FROM sales AS t "
  "WHERE t.ss_quantity < s.ss_quantity) < 2 ORDER BY s.ss_quantity, s.ss_ticket, s.ss_line",
  "the tie-breaking keys dropped from the rank", semantics="list", dialect="sqlite")
M("mysql-limit-zero",
  "SELECT c_name FROM customer LIMIT 0",
  "SELECT c_name FROM customer WHERE 1 = 0",
  "SELECT c_name FROM customer LIMIT 1", "LIMIT 0 as LIMIT 1", dialect="sqlite")
# Subquery transformations: "outer_expr IN (SELECT inner_expr ...)" becomes EXISTS with
# "outer_expr = inner_expr" pushed down; outside WHERE, NULL must be kept apart from FALSE
# ("if outer_expr is NULL, or the sub-query returns a NULL inner_expr and no match, the
# result is NULL"); NOT IN and NOT EXISTS become antijoins only with the NULL handling.
M("mysql-in-to-exists-null-aware",
  "SELECT s.ss_ticket, s.ss_line, s.ss_customer_sk IN (SELECT r.sr_customer_sk FROM returns AS r WHERE r.sr_qty = 2) FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, CASE WHEN EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_qty = 2 "
  "AND r.sr_customer_sk = s.ss_customer_sk) THEN 1 WHEN NOT EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_qty = 2) THEN 0 "
  "WHEN s.ss_customer_sk IS NULL OR EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_qty = 2 AND r.sr_customer_sk IS NULL) "
  "THEN NULL ELSE 0 END FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_qty = 2 AND r.sr_customer_sk = s.ss_customer_sk) "
  "FROM sales AS s", "IN as EXISTS in the SELECT list (NULL becomes 0)", dialect="sqlite")
M("mysql-in-to-exists",
  "SELECT c.c_customer_sk FROM customer AS c WHERE c.c_birth_year IN (SELECT d.d_year - 34 FROM date_dim AS d WHERE d.d_moy = 12)",
  "SELECT c.c_customer_sk FROM customer AS c WHERE EXISTS (SELECT 1 FROM date_dim AS d WHERE d.d_moy = 12 "
  "AND d.d_year - 34 = c.c_birth_year)",
  "SELECT c.c_customer_sk FROM customer AS c WHERE EXISTS (SELECT 1 FROM date_dim AS d WHERE d.d_moy = 12 "
  "AND d.d_year - 43 = c.c_birth_year)", "constant changed", dialect="sqlite")
M("mysql-antijoin-not-in",
  "SELECT i.i_item_sk FROM item AS i WHERE i.i_item_sk NOT IN (SELECT p.p_item_sk FROM promo AS p)",
  "SELECT i.i_item_sk FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM promo AS p WHERE p.p_item_sk = i.i_item_sk "
  "OR p.p_item_sk IS NULL)",
  "SELECT i.i_item_sk FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM promo AS p WHERE p.p_item_sk = i.i_item_sk)",
  "NOT IN as NOT EXISTS over the NULL-able promo column", dialect="sqlite")
M("mysql-antijoin-not-exists",
  "SELECT c.c_name FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk)",
  "SELECT c.c_name FROM customer AS c LEFT JOIN (SELECT DISTINCT ss_customer_sk FROM sales) AS s "
  "ON s.ss_customer_sk = c.c_customer_sk WHERE s.ss_customer_sk IS NULL",
  "SELECT c.c_name FROM customer AS c WHERE c.c_customer_sk NOT IN (SELECT ss_customer_sk FROM sales)",
  "NOT EXISTS as NOT IN over a NULL-able column", dialect="sqlite")
M("mysql-subquery-distinct-order-removed",
  "SELECT i.i_brand FROM item AS i WHERE i.i_item_sk IN (SELECT DISTINCT s.ss_item_sk FROM sales AS s ORDER BY s.ss_item_sk)",
  "SELECT i.i_brand FROM item AS i WHERE i.i_item_sk IN (SELECT s.ss_item_sk FROM sales AS s)",
  "SELECT i.i_brand FROM item AS i WHERE i.i_item_sk IN (SELECT s.ss_item_sk FROM sales AS s ORDER BY s.ss_item_sk LIMIT 1)",
  "a LIMIT kept with the ORDER BY (not removable)", dialect="sqlite")
M("mysql-row-constructor-in",
  "SELECT ss_ticket FROM sales WHERE (ss_item_sk, ss_store_sk) IN ((1, 2), (3, 1))",
  "SELECT ss_ticket FROM sales WHERE (ss_item_sk = 1 AND ss_store_sk = 2) OR (ss_item_sk = 3 AND ss_store_sk = 1)",
  "SELECT ss_ticket FROM sales WHERE ss_item_sk IN (1, 3) AND ss_store_sk IN (2, 1)", "row IN as two column INs",
  dialect="sqlite")
M("mysql-distinct-as-group-by",
  "SELECT DISTINCT ss_store_sk, ss_date_sk FROM sales WHERE ss_quantity > 1",
  "SELECT ss_store_sk, ss_date_sk FROM sales WHERE ss_quantity > 1 GROUP BY ss_store_sk, ss_date_sk",
  "SELECT ss_store_sk, ss_date_sk FROM sales WHERE ss_quantity > 1 GROUP BY ss_store_sk, ss_date_sk, ss_item_sk",
  "an extra grouping column", dialect="sqlite")

# ---- SQL Server / Oracle query transformations. Simple and complex view merging (a
# GROUP BY view merged into the outer block, grouping by the outer table's key); subquery
# unnesting into a join with an aggregated inline view; join elimination by a validated
# foreign key on a NOT NULL column (a NULL-able one keeps "fk IS NOT NULL"); outer join
# elimination on a unique key; OR expansion into UNION ALL branches with LNNVL guards
# ("LNNVL(c) is TRUE when c is FALSE or UNKNOWN"); group-by placement (eager aggregation)
# below a join; subquery coalescing; join factorization; set-to-join conversion.
M("oracle-complex-view-merging",
  "SELECT c.c_name, v.total FROM customer AS c JOIN (SELECT ss_customer_sk, SUM(ss_quantity) AS total FROM sales "
  "GROUP BY ss_customer_sk) AS v ON v.ss_customer_sk = c.c_customer_sk",
  "SELECT c.c_name, SUM(s.ss_quantity) FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "GROUP BY c.c_customer_sk, c.c_name",
  "SELECT c.c_name, SUM(s.ss_quantity) FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk GROUP BY c.c_name",
  "grouped by the non-unique name only")
M("oracle-subquery-unnesting",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_price > (SELECT AVG(t.ss_price) FROM sales AS t "
  "WHERE t.ss_item_sk = s.ss_item_sk)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT ss_item_sk, AVG(ss_price) AS a FROM sales GROUP BY ss_item_sk) AS v "
  "ON v.ss_item_sk = s.ss_item_sk WHERE s.ss_price > v.a",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_price > (SELECT AVG(t.ss_price) FROM sales AS t)",
  "the correlation dropped")
M("oracle-subquery-unnesting",
  "SELECT i.i_item_sk FROM item AS i WHERE i.i_price < (SELECT MAX(s.ss_price) FROM sales AS s WHERE s.ss_item_sk = i.i_item_sk)",
  "SELECT i.i_item_sk FROM item AS i JOIN (SELECT ss_item_sk, MAX(ss_price) AS m FROM sales GROUP BY ss_item_sk) AS v "
  "ON v.ss_item_sk = i.i_item_sk WHERE i.i_price < v.m",
  "SELECT i.i_item_sk FROM item AS i JOIN sales AS s ON s.ss_item_sk = i.i_item_sk WHERE i.i_price < s.ss_price",
  "unnested without the aggregate (one row per sale)")
M("oracle-join-elimination-fk",
  "SELECT s.ss_ticket, s.ss_quantity FROM sales AS s JOIN item AS i ON s.ss_item_sk = i.i_item_sk",
  "SELECT ss_ticket, ss_quantity FROM sales",
  ("SELECT s.ss_ticket, s.ss_quantity FROM sales AS s JOIN store AS st ON s.ss_store_sk = st.s_store_sk",
   "SELECT ss_ticket, ss_quantity FROM sales"), "eliminated on a NULL-able foreign key without IS NOT NULL")
M("oracle-join-elimination-fk",
  "SELECT s.ss_ticket, s.ss_quantity FROM sales AS s JOIN store AS st ON s.ss_store_sk = st.s_store_sk",
  "SELECT ss_ticket, ss_quantity FROM sales WHERE ss_store_sk IS NOT NULL",
  "SELECT s.ss_ticket, s.ss_quantity FROM sales AS s JOIN returns AS r ON r.sr_ticket = s.ss_ticket "
  "WHERE s.ss_store_sk IS NOT NULL", "a join on a column that is no foreign key kept instead")
M("oracle-join-elimination-fk",
  "SELECT r.sr_id, r.sr_qty FROM returns AS r JOIN item AS i ON i.i_item_sk = r.sr_item_sk "
  "JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk",
  "SELECT sr_id, sr_qty FROM returns WHERE sr_customer_sk IS NOT NULL",
  "SELECT sr_id, sr_qty FROM returns", "the NULL-able foreign key's IS NOT NULL dropped")
M("oracle-outer-join-elimination",
  "SELECT r.sr_id, r.sr_reason FROM returns AS r LEFT JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk",
  "SELECT sr_id, sr_reason FROM returns",
  "SELECT sr_id, sr_reason FROM returns WHERE sr_customer_sk IS NOT NULL", "the outer join eliminated as an inner one")
for cond1, cond2, bad, what in [
    ("ss_store_sk = 1", "ss_item_sk = 2", "ss_store_sk <> 1", "LNNVL as <> (a NULL store lost)"),
    ("ss_price > 2", "ss_quantity = 5", "NOT (ss_price > 2)", "LNNVL as NOT (a NULL price lost)"),
]:
    M("oracle-or-expansion-lnnvl",
      f"SELECT ss_ticket, ss_line FROM sales WHERE {cond1} OR {cond2}",
      f"SELECT ss_ticket, ss_line FROM sales WHERE {cond1} UNION ALL SELECT ss_ticket, ss_line FROM sales "
      f"WHERE {cond2} AND ({cond1}) IS NOT TRUE",
      f"SELECT ss_ticket, ss_line FROM sales WHERE {cond1} UNION ALL SELECT ss_ticket, ss_line FROM sales "
      f"WHERE {cond2} AND {bad}", what)
M("oracle-or-expansion-lnnvl",
  "SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
  "WHERE c.c_state = 'CA' OR s.ss_store_sk = 3",
  "SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk WHERE c.c_state = 'CA' "
  "UNION ALL SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
  "WHERE s.ss_store_sk = 3 AND (c.c_state = 'CA') IS NOT TRUE",
  "SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk WHERE c.c_state = 'CA' "
  "UNION ALL SELECT s.ss_ticket, c.c_name FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk "
  "WHERE s.ss_store_sk = 3", "no LNNVL guard (rows satisfying both counted twice)")
for agg, inner, outer, bad, what in [
    ("SUM(s.ss_quantity)", "SUM(ss_quantity) AS q", "SUM(v.q)", "SUM(v.q) / COUNT(*)", "divided by the partial groups"),
    ("COUNT(*)", "COUNT(*) AS q", "SUM(v.q)", "COUNT(*)", "COUNT(*) over the partial groups"),
    ("MIN(s.ss_price)", "MIN(ss_price) AS q", "MIN(v.q)", "MAX(v.q)", "MIN as MAX"),
]:
    tmpl = ("SELECT i.i_category, {} FROM (SELECT ss_item_sk, " + inner + " FROM sales GROUP BY ss_item_sk) AS v "
            "JOIN item AS i ON i.i_item_sk = v.ss_item_sk GROUP BY i.i_category")
    M("oracle-group-by-placement",
      f"SELECT i.i_category, {agg} FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk GROUP BY i.i_category",
      tmpl.format(outer), tmpl.format(bad), what)
M("oracle-subquery-coalescing",
  "SELECT c.c_name FROM customer AS c WHERE EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk "
  "AND s.ss_quantity = 5) OR EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk AND s.ss_price = 4)",
  "SELECT c.c_name FROM customer AS c WHERE EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk "
  "AND (s.ss_quantity = 5 OR s.ss_price = 4))",
  ("SELECT c.c_name FROM customer AS c WHERE EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk "
   "AND s.ss_quantity = 5) AND EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk AND s.ss_price = 4)",
   "SELECT c.c_name FROM customer AS c WHERE EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk "
   "AND s.ss_quantity = 5 AND s.ss_price = 4)"), "two EXISTS under AND coalesced (not a law)")
M("oracle-join-factorization",
  "SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk WHERE i.i_category = 'Books' "
  "UNION ALL SELECT s.ss_ticket, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk WHERE i.i_price > 3",
  "SELECT s.ss_ticket, v.i_brand FROM sales AS s JOIN (SELECT i_item_sk, i_brand FROM item WHERE i_category = 'Books' "
  "UNION ALL SELECT i_item_sk, i_brand FROM item WHERE i_price > 3) AS v ON v.i_item_sk = s.ss_item_sk",
  "SELECT s.ss_ticket, v.i_brand FROM sales AS s JOIN (SELECT i_item_sk, i_brand FROM item WHERE i_category = 'Books' "
  "UNION SELECT i_item_sk, i_brand FROM item WHERE i_price > 3) AS v ON v.i_item_sk = s.ss_item_sk",
  "UNION ALL factorized as UNION")
M("oracle-set-to-join-intersect",
  "SELECT ss_customer_sk FROM sales INTERSECT SELECT sr_customer_sk FROM returns",
  "SELECT DISTINCT s.ss_customer_sk FROM sales AS s WHERE EXISTS (SELECT 1 FROM returns AS r "
  "WHERE r.sr_customer_sk = s.ss_customer_sk OR (r.sr_customer_sk IS NULL AND s.ss_customer_sk IS NULL))",
  "SELECT DISTINCT s.ss_customer_sk FROM sales AS s WHERE EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_customer_sk = s.ss_customer_sk)",
  "INTERSECT as a semi join on = (INTERSECT matches NULL with NULL)")
M("oracle-set-to-join-minus",
  "SELECT ss_item_sk, ss_customer_sk FROM sales EXCEPT SELECT sr_item_sk, sr_customer_sk FROM returns",
  "SELECT DISTINCT s.ss_item_sk, s.ss_customer_sk FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM returns AS r "
  "WHERE r.sr_item_sk = s.ss_item_sk AND r.sr_customer_sk IS s.ss_customer_sk)",
  "SELECT DISTINCT s.ss_item_sk, s.ss_customer_sk FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM returns AS r "
  "WHERE r.sr_item_sk = s.ss_item_sk AND r.sr_customer_sk = s.ss_customer_sk)",
  "MINUS as an anti join on = (rows with a NULL customer kept)", dialect="sqlite")
M("sqlserver-aggregate-on-key-removed",
  "SELECT c_customer_sk, MAX(c_name), COUNT(*) FROM customer GROUP BY c_customer_sk",
  "SELECT c_customer_sk, c_name, 1 FROM customer",
  ("SELECT c_state, MAX(c_name), COUNT(*) FROM customer GROUP BY c_state", "SELECT c_state, c_name, 1 FROM customer"),
  "the aggregate removed over a non-key grouping column")
M("sqlserver-contradiction-detection",
  "SELECT ss_ticket FROM sales WHERE ss_quantity > 2 AND ss_quantity < 2",
  "SELECT ss_ticket FROM sales WHERE 1 = 0",
  "SELECT ss_ticket FROM sales WHERE ss_quantity >= 2 AND ss_quantity <= 2", "strict bounds relaxed (not a contradiction)")
M("sqlserver-top-n-under-union-all",
  "SELECT u.p FROM (SELECT ss_price AS p FROM sales WHERE ss_price IS NOT NULL UNION ALL SELECT i_price FROM item) AS u "
  "ORDER BY u.p LIMIT 2",
  "SELECT u.p FROM (SELECT * FROM (SELECT ss_price AS p FROM sales WHERE ss_price IS NOT NULL ORDER BY 1 LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT i_price FROM item ORDER BY 1 LIMIT 2) AS b) AS u ORDER BY u.p LIMIT 2",
  "SELECT u.p FROM (SELECT * FROM (SELECT ss_price AS p FROM sales WHERE ss_price IS NOT NULL ORDER BY 1 LIMIT 2) AS a "
  "UNION ALL SELECT * FROM (SELECT i_price FROM item ORDER BY 1 LIMIT 2) AS b) AS u ORDER BY u.p LIMIT 2 OFFSET 1",
  "an OFFSET added", semantics="list")
# Star transformation: a fact table joined to filtered dimensions is first restricted by
# "fk IN (SELECT key FROM dim WHERE filter)" per dimension; dimensions not needed in the
# output are not joined back.
M("oracle-star-transformation",
  "SELECT s.ss_quantity, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk JOIN store AS st "
  "ON st.s_store_sk = s.ss_store_sk JOIN date_dim AS d ON d.d_date_sk = s.ss_date_sk "
  "WHERE i.i_category = 'Books' AND st.s_state = 'CA' AND d.d_year = 2024",
  "SELECT s.ss_quantity, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk "
  "WHERE s.ss_item_sk IN (SELECT i_item_sk FROM item WHERE i_category = 'Books') "
  "AND s.ss_store_sk IN (SELECT s_store_sk FROM store WHERE s_state = 'CA') "
  "AND s.ss_date_sk IN (SELECT d_date_sk FROM date_dim WHERE d_year = 2024)",
  "SELECT s.ss_quantity, i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk "
  "WHERE s.ss_item_sk IN (SELECT i_item_sk FROM item WHERE i_category = 'Books') "
  "AND s.ss_date_sk IN (SELECT d_date_sk FROM date_dim WHERE d_year = 2024)", "a dimension's semi join dropped")

# ---- Neumann and Kemper, "Unnesting Arbitrary Queries" (and DuckDB's implementation): a
# dependent join is replaced by a join with the domain D of the outer correlated values
# (magic set: D = DISTINCT outer column); aggregates over an empty group need an outer join
# and the COUNT bug guard (COALESCE of the count to 0); disjunctive and non-equality
# correlations unnest the same way.
M("unnesting-count-bug-guard",
  "SELECT c.c_customer_sk, (SELECT COUNT(*) FROM returns AS r WHERE r.sr_customer_sk = c.c_customer_sk) FROM customer AS c",
  "SELECT c.c_customer_sk, COALESCE(g.n, 0) FROM customer AS c LEFT JOIN (SELECT sr_customer_sk, COUNT(*) AS n FROM returns "
  "GROUP BY sr_customer_sk) AS g ON g.sr_customer_sk = c.c_customer_sk",
  "SELECT c.c_customer_sk, g.n FROM customer AS c LEFT JOIN (SELECT sr_customer_sk, COUNT(*) AS n FROM returns "
  "GROUP BY sr_customer_sk) AS g ON g.sr_customer_sk = c.c_customer_sk", "COUNT bug (no COALESCE)")
M("unnesting-count-bug-guard",
  "SELECT i.i_item_sk FROM item AS i WHERE (SELECT COUNT(r.sr_id) FROM returns AS r WHERE r.sr_item_sk = i.i_item_sk) < 1",
  "SELECT i.i_item_sk FROM item AS i LEFT JOIN (SELECT sr_item_sk, COUNT(sr_id) AS n FROM returns GROUP BY sr_item_sk) AS g "
  "ON g.sr_item_sk = i.i_item_sk WHERE COALESCE(g.n, 0) < 1",
  "SELECT i.i_item_sk FROM item AS i JOIN (SELECT sr_item_sk, COUNT(sr_id) AS n FROM returns GROUP BY sr_item_sk) AS g "
  "ON g.sr_item_sk = i.i_item_sk WHERE g.n < 1", "COUNT bug (inner join)")
M("unnesting-magic-set",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_quantity > (SELECT SUM(r.sr_qty) FROM returns AS r "
  "WHERE r.sr_item_sk = s.ss_item_sk)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT d.ss_item_sk, SUM(r.sr_qty) AS a FROM (SELECT DISTINCT ss_item_sk "
  "FROM sales) AS d LEFT JOIN returns AS r ON r.sr_item_sk = d.ss_item_sk GROUP BY d.ss_item_sk) AS m "
  "ON m.ss_item_sk = s.ss_item_sk WHERE s.ss_quantity > m.a",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT d.ss_item_sk, SUM(r.sr_qty) AS a FROM sales AS d "
  "LEFT JOIN returns AS r ON r.sr_item_sk = d.ss_item_sk GROUP BY d.ss_item_sk) AS m ON m.ss_item_sk = s.ss_item_sk "
  "WHERE s.ss_quantity > m.a", "the domain not de-duplicated (each return summed once per sale of the item)")
M("unnesting-non-equality-correlation",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_quantity = (SELECT MAX(t.ss_quantity) FROM sales AS t "
  "WHERE t.ss_date_sk <= s.ss_date_sk)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT d.ss_date_sk, MAX(t.ss_quantity) AS m FROM "
  "(SELECT DISTINCT ss_date_sk FROM sales) AS d JOIN sales AS t ON t.ss_date_sk <= d.ss_date_sk GROUP BY d.ss_date_sk) AS g "
  "ON g.ss_date_sk = s.ss_date_sk WHERE s.ss_quantity = g.m",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN (SELECT d.ss_date_sk, MAX(t.ss_quantity) AS m FROM "
  "(SELECT DISTINCT ss_date_sk FROM sales) AS d JOIN sales AS t ON t.ss_date_sk < d.ss_date_sk GROUP BY d.ss_date_sk) AS g "
  "ON g.ss_date_sk = s.ss_date_sk WHERE s.ss_quantity = g.m", "<= as <")
M("unnesting-disjunctive-correlation",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE EXISTS (SELECT 1 FROM returns AS r WHERE r.sr_item_sk = s.ss_item_sk "
  "OR r.sr_customer_sk = s.ss_customer_sk)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_item_sk IN (SELECT sr_item_sk FROM returns) "
  "OR s.ss_customer_sk IN (SELECT sr_customer_sk FROM returns)",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE s.ss_item_sk IN (SELECT sr_item_sk FROM returns) "
  "AND s.ss_customer_sk IN (SELECT sr_customer_sk FROM returns)", "OR as AND")
M("unnesting-scalar-subquery-in-select",
  "SELECT s.ss_ticket, s.ss_line, (SELECT i.i_price FROM item AS i WHERE i.i_item_sk = s.ss_item_sk) FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, i.i_price FROM sales AS s LEFT JOIN item AS i ON i.i_item_sk = s.ss_item_sk",
  ("SELECT s.ss_ticket, s.ss_line, (SELECT c.c_birth_year FROM customer AS c WHERE c.c_customer_sk = s.ss_customer_sk) FROM sales AS s",
   "SELECT s.ss_ticket, s.ss_line, c.c_birth_year FROM sales AS s JOIN customer AS c ON c.c_customer_sk = s.ss_customer_sk"),
  "scalar sub-query as an inner join on a NULL-able foreign key")
M("unnesting-exists-with-aggregate-domain",
  "SELECT c.c_customer_sk FROM customer AS c WHERE EXISTS (SELECT 1 FROM sales AS s WHERE s.ss_customer_sk = c.c_customer_sk "
  "GROUP BY s.ss_store_sk HAVING SUM(s.ss_quantity) > 4)",
  "SELECT c.c_customer_sk FROM customer AS c WHERE c.c_customer_sk IN (SELECT ss_customer_sk FROM sales "
  "GROUP BY ss_customer_sk, ss_store_sk HAVING SUM(ss_quantity) > 4)",
  "SELECT c.c_customer_sk FROM customer AS c WHERE c.c_customer_sk IN (SELECT ss_customer_sk FROM sales "
  "GROUP BY ss_customer_sk HAVING SUM(ss_quantity) > 4)", "the inner grouping key dropped")

# ---- SQLite's query planner notes. Query flattening ("the FROM-clause subquery is merged
# into the outer query", with a list of restrictions, e.g. not when the subquery has a LIMIT
# and the outer query has a WHERE); the push-down optimization (a WHERE term moved into a
# subquery; not into the right operand of a LEFT JOIN, not past a window function unless on
# the PARTITION BY columns); the MIN/MAX optimization; the OR-by-union strategy (rowids of
# each OR term unioned); LEFT JOIN strength reduction (a WHERE term that requires a column
# of the right table to be non-NULL); the omit-LEFT-JOIN optimization (the right table
# unused and at most one match, or the query DISTINCT); EXISTS-to-IN.
M("sqlite-flattening",
  "SELECT t.ss_ticket FROM (SELECT ss_ticket, ss_quantity, ss_price FROM sales WHERE ss_store_sk = 2) AS t WHERE t.ss_quantity > 1",
  "SELECT ss_ticket FROM sales WHERE ss_store_sk = 2 AND ss_quantity > 1",
  ("SELECT t.ss_ticket FROM (SELECT ss_ticket, ss_quantity FROM sales WHERE ss_store_sk = 2 ORDER BY ss_ticket, ss_line LIMIT 1) AS t "
   "WHERE t.ss_quantity > 1",
   "SELECT ss_ticket FROM sales WHERE ss_store_sk = 2 AND ss_quantity > 1 ORDER BY ss_ticket, ss_line LIMIT 1"),
  "flattened although the subquery has a LIMIT and the outer query a WHERE", dialect="sqlite")
M("sqlite-flattening-compound",
  "SELECT u.k FROM (SELECT ss_item_sk AS k FROM sales UNION ALL SELECT sr_item_sk FROM returns) AS u WHERE u.k > 2",
  "SELECT ss_item_sk FROM sales WHERE ss_item_sk > 2 UNION ALL SELECT sr_item_sk FROM returns WHERE sr_item_sk > 2",
  "SELECT ss_item_sk FROM sales WHERE ss_item_sk > 2 UNION SELECT sr_item_sk FROM returns WHERE sr_item_sk > 2",
  "UNION ALL flattened as UNION", dialect="sqlite")
M("sqlite-flattening-aggregate",
  "SELECT t.n FROM (SELECT ss_store_sk, COUNT(*) AS n FROM sales GROUP BY ss_store_sk) AS t",
  "SELECT COUNT(*) FROM sales GROUP BY ss_store_sk",
  ("SELECT SUM(t.n) FROM (SELECT ss_store_sk, COUNT(*) AS n FROM sales GROUP BY ss_store_sk) AS t",
   "SELECT COUNT(*) FROM sales GROUP BY ss_store_sk"),
  "an aggregate over an aggregate flattened", dialect="sqlite")
M("sqlite-push-down",
  "SELECT t.ss_item_sk, t.q FROM (SELECT ss_item_sk, ss_store_sk, SUM(ss_quantity) AS q FROM sales GROUP BY ss_item_sk, ss_store_sk) AS t "
  "WHERE t.ss_store_sk IN (1, 2)",
  "SELECT t.ss_item_sk, t.q FROM (SELECT ss_item_sk, ss_store_sk, SUM(ss_quantity) AS q FROM sales WHERE ss_store_sk IN (1, 2) "
  "GROUP BY ss_item_sk, ss_store_sk) AS t",
  "SELECT t.ss_item_sk, t.q FROM (SELECT ss_item_sk, SUM(ss_quantity) AS q FROM sales WHERE ss_store_sk IN (1, 2) "
  "GROUP BY ss_item_sk) AS t", "pushed, then the grouping column dropped", dialect="sqlite")
M("sqlite-push-down-not-into-left-join-right",
  "SELECT s.ss_ticket, r.n FROM sales AS s LEFT JOIN (SELECT sr_ticket, COUNT(*) AS n FROM returns GROUP BY sr_ticket) AS r "
  "ON r.sr_ticket = s.ss_ticket WHERE r.n IS NULL OR r.n > 1",
  "SELECT s.ss_ticket, r.n FROM sales AS s LEFT JOIN (SELECT sr_ticket, COUNT(*) AS n FROM returns GROUP BY sr_ticket) AS r "
  "ON r.sr_ticket = s.ss_ticket WHERE COALESCE(r.n, 2) > 1",
  "SELECT s.ss_ticket, r.n FROM sales AS s LEFT JOIN (SELECT sr_ticket, COUNT(*) AS n FROM returns GROUP BY sr_ticket "
  "HAVING COUNT(*) > 1) AS r ON r.sr_ticket = s.ss_ticket",
  "the WHERE term pushed into the right operand of the LEFT JOIN", dialect="sqlite")
M("sqlite-minmax",
  "SELECT MIN(i_price) FROM item WHERE i_brand = 'b2'",
  "SELECT (SELECT i_price FROM item WHERE i_brand = 'b2' ORDER BY i_price LIMIT 1)",
  "SELECT i_price FROM item WHERE i_brand = 'b2' ORDER BY i_price LIMIT 1", "not wrapped (no row on an empty input)",
  dialect="sqlite")
M("sqlite-or-by-union",
  "SELECT ss_ticket, ss_line FROM sales WHERE ss_item_sk = 1 OR ss_customer_sk = 2",
  "SELECT ss_ticket, ss_line FROM sales WHERE ss_item_sk = 1 UNION SELECT ss_ticket, ss_line FROM sales WHERE ss_customer_sk = 2",
  "SELECT ss_ticket, ss_line FROM sales WHERE ss_item_sk = 1 UNION ALL SELECT ss_ticket, ss_line FROM sales WHERE ss_customer_sk = 2",
  "UNION ALL for UNION (rows matching both terms twice)", dialect="sqlite")
M("sqlite-or-by-union",
  "SELECT ss_date_sk FROM sales WHERE ss_item_sk = 1 OR ss_customer_sk = 2",
  "SELECT v.ss_date_sk FROM (SELECT ss_ticket, ss_line, ss_date_sk FROM sales WHERE ss_item_sk = 1 UNION SELECT ss_ticket, ss_line, "
  "ss_date_sk FROM sales WHERE ss_customer_sk = 2) AS v",
  "SELECT ss_date_sk FROM sales WHERE ss_item_sk = 1 UNION SELECT ss_date_sk FROM sales WHERE ss_customer_sk = 2",
  "unioned without the row key (duplicates merged)", dialect="sqlite")
for where, bad, what in [
    ("c.c_state = 'TX'", "c.c_state IS NOT 'TX'", "IS NOT does not need a non-NULL column"),
    ("c.c_birth_year + 0 > 1985", "IFNULL(c.c_birth_year, 1990) > 1985", "IFNULL does not need a non-NULL column"),
    ("c.c_name LIKE 'A%'", "c.c_name IS NULL OR c.c_name LIKE 'A%'", "IS NULL does not need a non-NULL column"),
]:
    M("sqlite-left-join-strength-reduction",
      f"SELECT r.sr_id, c.c_name FROM returns AS r LEFT JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE {where}",
      f"SELECT r.sr_id, c.c_name FROM returns AS r JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE {where}",
      (f"SELECT r.sr_id, c.c_name FROM returns AS r LEFT JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE {bad}",
       f"SELECT r.sr_id, c.c_name FROM returns AS r JOIN customer AS c ON c.c_customer_sk = r.sr_customer_sk WHERE {bad}"),
      what, dialect="sqlite")
M("sqlite-omit-left-join",
  "SELECT DISTINCT s.ss_ticket FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket",
  "SELECT DISTINCT ss_ticket FROM sales",
  ("SELECT s.ss_ticket FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket", "SELECT ss_ticket FROM sales"),
  "omitted without DISTINCT over a non-unique right side", dialect="sqlite")
M("sqlite-omit-left-join",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s LEFT JOIN date_dim AS d ON d.d_date_sk = s.ss_date_sk AND d.d_holiday = 'Y'",
  "SELECT ss_ticket, ss_line FROM sales",
  ("SELECT s.ss_ticket, s.ss_line FROM sales AS s JOIN date_dim AS d ON d.d_date_sk = s.ss_date_sk AND d.d_holiday = 'Y'",
   "SELECT ss_ticket, ss_line FROM sales"), "an inner join omitted like a LEFT JOIN", dialect="sqlite")
M("sqlite-exists-to-in",
  "SELECT i.i_item_sk FROM item AS i WHERE EXISTS (SELECT 1 FROM promo AS p WHERE p.p_item_sk = i.i_item_sk)",
  "SELECT i.i_item_sk FROM item AS i WHERE i.i_item_sk IN (SELECT p_item_sk FROM promo)",
  ("SELECT i.i_item_sk FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM promo AS p WHERE p.p_item_sk = i.i_item_sk)",
   "SELECT i.i_item_sk FROM item AS i WHERE i.i_item_sk NOT IN (SELECT p_item_sk FROM promo)"),
  "the negated form (NOT EXISTS as NOT IN over NULLs)", dialect="sqlite")
M("sqlite-between-optimization",
  "SELECT d_date_sk FROM date_dim WHERE d_moy BETWEEN 2 AND 11",
  "SELECT d_date_sk FROM date_dim WHERE d_moy >= 2 AND d_moy <= 11",
  "SELECT d_date_sk FROM date_dim WHERE d_moy > 2 AND d_moy <= 11", ">= as >", dialect="sqlite")

# ---- Window functions as engines evaluate them: an aggregate OVER (PARTITION BY k) is the
# aggregate of k's group joined back (NULL keys form a partition of their own); ROW_NUMBER()
# = 1 per partition with a total order is the row with no predecessor; COUNT(*) OVER () is
# the table's count.
M("window-partition-as-group-join",
  "SELECT ss_ticket, ss_line, SUM(ss_quantity) OVER (PARTITION BY ss_item_sk) FROM sales",
  "SELECT s.ss_ticket, s.ss_line, g.q FROM sales AS s JOIN (SELECT ss_item_sk, SUM(ss_quantity) AS q FROM sales "
  "GROUP BY ss_item_sk) AS g ON g.ss_item_sk = s.ss_item_sk",
  "SELECT s.ss_ticket, s.ss_line, g.q FROM sales AS s JOIN (SELECT ss_item_sk, SUM(ss_quantity) AS q FROM sales "
  "GROUP BY ss_item_sk, ss_store_sk) AS g ON g.ss_item_sk = s.ss_item_sk", "the grouped side keyed on more columns")
M("window-partition-as-group-join",
  "SELECT ss_ticket, ss_line, COUNT(*) OVER (PARTITION BY ss_store_sk) FROM sales",
  "SELECT s.ss_ticket, s.ss_line, g.n FROM sales AS s JOIN (SELECT ss_store_sk, COUNT(*) AS n FROM sales GROUP BY ss_store_sk) AS g "
  "ON g.ss_store_sk IS s.ss_store_sk",
  "SELECT s.ss_ticket, s.ss_line, g.n FROM sales AS s JOIN (SELECT ss_store_sk, COUNT(*) AS n FROM sales GROUP BY ss_store_sk) AS g "
  "ON g.ss_store_sk = s.ss_store_sk", "joined back on = (the NULL partition lost)", dialect="sqlite")
M("window-row-number-top-1",
  "SELECT w.ss_ticket, w.ss_line FROM (SELECT ss_ticket, ss_line, ROW_NUMBER() OVER (PARTITION BY ss_item_sk "
  "ORDER BY ss_quantity DESC, ss_ticket, ss_line) AS rn FROM sales) AS w WHERE w.rn = 1",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM sales AS t WHERE t.ss_item_sk = s.ss_item_sk "
  "AND (t.ss_quantity > s.ss_quantity OR (t.ss_quantity = s.ss_quantity AND (t.ss_ticket < s.ss_ticket "
  "OR (t.ss_ticket = s.ss_ticket AND t.ss_line < s.ss_line)))))",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s WHERE NOT EXISTS (SELECT 1 FROM sales AS t WHERE t.ss_item_sk = s.ss_item_sk "
  "AND t.ss_quantity > s.ss_quantity)", "RANK = 1 for ROW_NUMBER = 1 (ties kept)")
M("window-count-over-empty",
  "SELECT ss_ticket, ss_line, COUNT(*) OVER () FROM sales WHERE ss_quantity < 5",
  "SELECT ss_ticket, ss_line, (SELECT COUNT(*) FROM sales WHERE ss_quantity < 5) FROM sales WHERE ss_quantity < 5",
  "SELECT ss_ticket, ss_line, (SELECT COUNT(*) FROM sales) FROM sales WHERE ss_quantity < 5", "the filter not applied in the count")
M("window-running-sum",
  "SELECT ss_ticket, ss_line, SUM(ss_quantity) OVER (ORDER BY ss_ticket, ss_line ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
  "FROM sales",
  "SELECT s.ss_ticket, s.ss_line, (SELECT SUM(t.ss_quantity) FROM sales AS t WHERE t.ss_ticket < s.ss_ticket "
  "OR (t.ss_ticket = s.ss_ticket AND t.ss_line <= s.ss_line)) FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, (SELECT SUM(t.ss_quantity) FROM sales AS t WHERE t.ss_ticket <= s.ss_ticket) FROM sales AS s",
  "RANGE over the ticket for ROWS over the key")

# ---- Three-valued logic traps every manual warns about.
M("3VL-not-equal-is-not-negation-with-nulls",
  "SELECT c_customer_sk FROM customer WHERE NOT (c_state = 'CA')",
  "SELECT c_customer_sk FROM customer WHERE c_state <> 'CA'",
  "SELECT c_customer_sk FROM customer WHERE c_state IS NOT 'CA'", "IS NOT for <> (NULL states kept)", dialect="sqlite")
M("3VL-null-comparison",
  "SELECT sr_id FROM returns WHERE sr_reason = NULL OR sr_qty = 2",
  "SELECT sr_id FROM returns WHERE sr_qty = 2",
  "SELECT sr_id FROM returns WHERE sr_reason IS NULL OR sr_qty = 2", "= NULL read as IS NULL")
M("3VL-aggregate-of-empty-vs-null",
  "SELECT COALESCE(SUM(ss_price), 0) FROM sales WHERE ss_store_sk = 3",
  "SELECT TOTAL(ss_price) FROM sales WHERE ss_store_sk = 3",
  "SELECT SUM(ss_price) FROM sales WHERE ss_store_sk = 3", "SUM for TOTAL (NULL on no non-NULL price)", dialect="sqlite")
M("3VL-count-column-vs-star",
  "SELECT ss_store_sk, COUNT(ss_price) FROM sales GROUP BY ss_store_sk",
  "SELECT ss_store_sk, SUM(CASE WHEN ss_price IS NOT NULL THEN 1 ELSE 0 END) FROM sales GROUP BY ss_store_sk",
  "SELECT ss_store_sk, COUNT(*) FROM sales GROUP BY ss_store_sk", "COUNT(*) for COUNT(col)")


# ---- More of the manuals' transformations, over joins of the star schema.
M("pg-full-join-reduction",
  "SELECT c.c_name, s.ss_ticket FROM customer AS c FULL JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk WHERE c.c_state = 'CA'",
  "SELECT c.c_name, s.ss_ticket FROM customer AS c LEFT JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk WHERE c.c_state = 'CA'",
  "SELECT c.c_name, s.ss_ticket FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk WHERE c.c_state = 'CA'",
  "reduced to an inner join (the strict qualifier is on the preserved side only)")
M("pg-full-join-reduction",
  "SELECT c.c_name, s.ss_ticket FROM customer AS c FULL JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "WHERE c.c_state = 'CA' AND s.ss_quantity > 1",
  "SELECT c.c_name, s.ss_ticket FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "WHERE c.c_state = 'CA' AND s.ss_quantity > 1",
  ("SELECT c.c_name, s.ss_ticket FROM customer AS c FULL JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
   "WHERE c.c_state = 'CA' OR s.ss_quantity > 1",
   "SELECT c.c_name, s.ss_ticket FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
   "WHERE c.c_state = 'CA' OR s.ss_quantity > 1"), "reduced under OR (strict on neither side alone)")
M("pg-left-join-removal-distinct-subquery",
  "SELECT s.ss_ticket, s.ss_line FROM sales AS s LEFT JOIN (SELECT DISTINCT sr_ticket FROM returns) AS r ON r.sr_ticket = s.ss_ticket",
  "SELECT ss_ticket, ss_line FROM sales",
  ("SELECT s.ss_ticket, s.ss_line FROM sales AS s LEFT JOIN (SELECT sr_ticket FROM returns) AS r ON r.sr_ticket = s.ss_ticket",
   "SELECT ss_ticket, ss_line FROM sales"), "removed without the DISTINCT that made it unique")
M("mysql-semijoin-firstmatch",
  "SELECT st.s_store_sk, st.s_manager FROM store AS st WHERE EXISTS (SELECT 1 FROM sales AS x JOIN item AS i "
  "ON i.i_item_sk = x.ss_item_sk WHERE x.ss_store_sk = st.s_store_sk AND i.i_category = 'Music')",
  "SELECT DISTINCT st.s_store_sk, st.s_manager FROM store AS st JOIN sales AS x ON x.ss_store_sk = st.s_store_sk "
  "JOIN item AS i ON i.i_item_sk = x.ss_item_sk WHERE i.i_category = 'Music'",
  "SELECT st.s_store_sk, st.s_manager FROM store AS st JOIN sales AS x ON x.ss_store_sk = st.s_store_sk "
  "JOIN item AS i ON i.i_item_sk = x.ss_item_sk WHERE i.i_category = 'Music'", "no first-match (a row per match)",
  dialect="sqlite")
M("mysql-antijoin-over-join",
  "SELECT c.c_customer_sk FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM sales AS s JOIN date_dim AS d "
  "ON d.d_date_sk = s.ss_date_sk WHERE s.ss_customer_sk = c.c_customer_sk AND d.d_year = 2024)",
  "SELECT c.c_customer_sk FROM customer AS c LEFT JOIN (SELECT DISTINCT s.ss_customer_sk FROM sales AS s JOIN date_dim AS d "
  "ON d.d_date_sk = s.ss_date_sk WHERE d.d_year = 2024) AS x ON x.ss_customer_sk = c.c_customer_sk WHERE x.ss_customer_sk IS NULL",
  "SELECT c.c_customer_sk FROM customer AS c LEFT JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk LEFT JOIN date_dim AS d "
  "ON d.d_date_sk = s.ss_date_sk AND d.d_year = 2024 WHERE d.d_date_sk IS NULL",
  "the anti join's filter on the second table tested row by row", dialect="sqlite")
M("oracle-transitive-predicate",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket WHERE s.ss_ticket > 1",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s LEFT JOIN (SELECT * FROM returns WHERE sr_ticket > 1) AS r "
  "ON r.sr_ticket = s.ss_ticket WHERE s.ss_ticket > 1",
  "SELECT s.ss_ticket, r.sr_id FROM sales AS s LEFT JOIN returns AS r ON r.sr_ticket = s.ss_ticket WHERE r.sr_ticket > 1",
  "the transitive predicate put on the NULL-supplying side in WHERE")
M("oracle-distinct-placement",
  "SELECT DISTINCT i.i_brand FROM sales AS s JOIN item AS i ON i.i_item_sk = s.ss_item_sk WHERE s.ss_quantity > 1",
  "SELECT DISTINCT i.i_brand FROM (SELECT DISTINCT ss_item_sk FROM sales WHERE ss_quantity > 1) AS s "
  "JOIN item AS i ON i.i_item_sk = s.ss_item_sk",
  "SELECT i.i_brand FROM (SELECT DISTINCT ss_item_sk FROM sales WHERE ss_quantity > 1) AS s JOIN item AS i "
  "ON i.i_item_sk = s.ss_item_sk", "the outer DISTINCT dropped (brands repeat across items)")
M("oracle-join-predicate-pushdown-union-all-view",
  "SELECT c.c_name, v.q FROM customer AS c JOIN (SELECT ss_customer_sk AS k, ss_quantity AS q FROM sales "
  "UNION ALL SELECT sr_customer_sk, sr_qty FROM returns) AS v ON v.k = c.c_customer_sk",
  "SELECT c.c_name, s.ss_quantity FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "UNION ALL SELECT c.c_name, r.sr_qty FROM customer AS c JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk",
  "SELECT c.c_name, s.ss_quantity FROM customer AS c JOIN sales AS s ON s.ss_customer_sk = c.c_customer_sk "
  "UNION SELECT c.c_name, r.sr_qty FROM customer AS c JOIN returns AS r ON r.sr_customer_sk = c.c_customer_sk",
  "UNION ALL as UNION")
M("sqlserver-aggregate-below-union-all",
  "SELECT u.k, COUNT(*) FROM (SELECT ss_item_sk AS k FROM sales UNION ALL SELECT sr_item_sk FROM returns) AS u GROUP BY u.k",
  "SELECT p.k, SUM(p.n) FROM (SELECT ss_item_sk AS k, COUNT(*) AS n FROM sales GROUP BY ss_item_sk UNION ALL "
  "SELECT sr_item_sk, COUNT(*) FROM returns GROUP BY sr_item_sk) AS p GROUP BY p.k",
  "SELECT p.k, COUNT(*) FROM (SELECT ss_item_sk AS k, COUNT(*) AS n FROM sales GROUP BY ss_item_sk UNION ALL "
  "SELECT sr_item_sk, COUNT(*) FROM returns GROUP BY sr_item_sk) AS p GROUP BY p.k", "COUNT(*) of the partial counts")
M("unnesting-correlated-having",
  "SELECT i.i_item_sk, COUNT(*) FROM item AS i JOIN sales AS s ON s.ss_item_sk = i.i_item_sk GROUP BY i.i_item_sk "
  "HAVING COUNT(*) > (SELECT COUNT(*) FROM returns AS r WHERE r.sr_item_sk = i.i_item_sk)",
  "SELECT i.i_item_sk, COUNT(*) FROM item AS i JOIN sales AS s ON s.ss_item_sk = i.i_item_sk LEFT JOIN "
  "(SELECT sr_item_sk, COUNT(*) AS n FROM returns GROUP BY sr_item_sk) AS g ON g.sr_item_sk = i.i_item_sk "
  "GROUP BY i.i_item_sk, g.n HAVING COUNT(*) > COALESCE(g.n, 0)",
  "SELECT i.i_item_sk, COUNT(*) FROM item AS i JOIN sales AS s ON s.ss_item_sk = i.i_item_sk LEFT JOIN "
  "(SELECT sr_item_sk, COUNT(*) AS n FROM returns GROUP BY sr_item_sk) AS g ON g.sr_item_sk = i.i_item_sk "
  "GROUP BY i.i_item_sk, g.n HAVING COUNT(*) > g.n", "COUNT bug in HAVING (no COALESCE)")
M("window-lag-as-correlated-subquery",
  "SELECT ss_ticket, ss_line, LAG(ss_quantity) OVER (ORDER BY ss_ticket, ss_line) FROM sales",
  "SELECT s.ss_ticket, s.ss_line, (SELECT t.ss_quantity FROM sales AS t WHERE (t.ss_ticket, t.ss_line) < (s.ss_ticket, s.ss_line) "
  "ORDER BY t.ss_ticket DESC, t.ss_line DESC LIMIT 1) FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, (SELECT t.ss_quantity FROM sales AS t WHERE (t.ss_ticket, t.ss_line) < (s.ss_ticket, s.ss_line) "
  "ORDER BY t.ss_ticket, t.ss_line LIMIT 1) FROM sales AS s", "the first row, not the previous one", dialect="sqlite")
M("window-partition-over-join",
  "SELECT s.ss_ticket, s.ss_line, SUM(i.i_price) OVER (PARTITION BY s.ss_ticket) FROM sales AS s JOIN item AS i "
  "ON i.i_item_sk = s.ss_item_sk",
  "SELECT s.ss_ticket, s.ss_line, g.p FROM sales AS s JOIN (SELECT x.ss_ticket, SUM(j.i_price) AS p FROM sales AS x "
  "JOIN item AS j ON j.i_item_sk = x.ss_item_sk GROUP BY x.ss_ticket) AS g ON g.ss_ticket = s.ss_ticket",
  "SELECT s.ss_ticket, s.ss_line, g.p FROM sales AS s JOIN (SELECT x.ss_ticket, SUM(j.i_price) AS p FROM sales AS x "
  "JOIN item AS j ON j.i_item_sk = x.ss_item_sk GROUP BY x.ss_ticket, x.ss_line) AS g ON g.ss_ticket = s.ss_ticket",
  "the grouped side keyed on the line too")
M("window-dense-rank",
  "SELECT ss_ticket, ss_line, DENSE_RANK() OVER (ORDER BY ss_quantity DESC) FROM sales",
  "SELECT s.ss_ticket, s.ss_line, 1 + (SELECT COUNT(DISTINCT t.ss_quantity) FROM sales AS t WHERE t.ss_quantity > s.ss_quantity) "
  "FROM sales AS s",
  "SELECT s.ss_ticket, s.ss_line, 1 + (SELECT COUNT(t.ss_quantity) FROM sales AS t WHERE t.ss_quantity > s.ss_quantity) "
  "FROM sales AS s", "RANK for DENSE_RANK")
