"""Schemas of the prover development corpus (``benchmarks/corpus/prover/``): the DDL each
pair names, and the value domains the build script draws random databases from.

A column is ``(name, type, nullable, domain)``; the DDL written from it declares the keys,
NOT NULL and foreign keys below, and every random database respects them.
"""

from __future__ import annotations

INT, T, R = "INTEGER", "TEXT", "REAL"
SMALL = (0, 1, 2, 3)

# Calcite's customary EMP/DEPT schema, with NULL-able columns as real ones are.
EMP_DEPT = {
    "name": "emp_dept",
    "note": "Calcite-style EMP/DEPT schema (written for this corpus); NULL-able where real ones are",
    "tables": [
        ("dept", [("deptno", INT, False, (10, 20, 30)), ("dname", T, False, ("SALES", "HR", "IT")),
                  ("loc", T, True, ("NY", "LA"))],
         {"pk": ["deptno"]}),
        ("emp", [("empno", INT, False, (1, 2, 3, 4, 5)), ("ename", T, False, ("a", "b", "c")),
                 ("job", T, True, ("CLERK", "MANAGER")), ("mgr", INT, True, (1, 2, 3)),
                 ("hiredate", T, True, ("2020-01-01", "2021-06-01")), ("sal", INT, True, SMALL),
                 ("comm", INT, True, (0, 1, 2)), ("deptno", INT, True, (10, 20, 30)),
                 ("slacker", INT, True, (0, 1))],
         {"pk": ["empno"], "fk": [("deptno", "dept", "deptno")]}),
        ("bonus", [("ename", T, True, ("a", "b", "c")), ("job", T, True, ("CLERK", "MANAGER")),
                   ("sal", INT, True, SMALL), ("comm", INT, True, (0, 1, 2))], {}),
        ("account", [("acctno", INT, False, (1, 2, 3, 4)), ("empno", INT, False, (1, 2, 3, 4, 5)),
                     ("balance", INT, False, SMALL), ("kind", T, True, ("S", "C"))],
         {"pk": ["acctno"], "fk": [("empno", "emp", "empno")]}),
    ],
}

# Spark's optimizer tests use small relations of nullable integer columns; ours.
SPARK = {
    "name": "spark",
    "note": "Catalyst-test-style relations t1(a,b,c), t2(x,y,z) without keys, and keyed r, q",
    "tables": [
        ("t1", [("a", INT, True, SMALL), ("b", INT, True, SMALL), ("c", INT, True, SMALL)], {}),
        ("t2", [("x", INT, True, SMALL), ("y", INT, True, SMALL), ("z", INT, True, SMALL)], {}),
        ("r", [("k", INT, False, (1, 2, 3, 4)), ("v", INT, False, SMALL), ("w", INT, True, SMALL),
               ("s", T, True, ("ab", "Ab", "abc", "b", "xa", "xab"))],
         {"pk": ["k"]}),
        ("q", [("id", INT, False, (1, 2, 3, 4)), ("rk", INT, False, (1, 2, 3, 4)), ("n", INT, True, SMALL)],
         {"pk": ["id"], "fk": [("rk", "r", "k")]}),
    ],
}

D3 = ("1994-01-01", "1995-03-15", "1996-07-01")
# TPC-H (spec clause 1.4: primary keys, foreign keys, no NULLs); DECIMAL as REAL, DATE as
# ISO text. Random values are exact binary fractions so sums do not depend on order.
TPCH = {
    "name": "tpch",
    "note": "TPC-H schema with the specification's keys (DECIMAL as REAL, DATE as ISO text)",
    "tables": [
        ("region", [("r_regionkey", INT, False, (0, 1)), ("r_name", T, False, ("ASIA", "EUROPE")),
                    ("r_comment", T, False, ("x",))], {"pk": ["r_regionkey"]}),
        ("nation", [("n_nationkey", INT, False, (0, 1, 2)), ("n_name", T, False, ("FRANCE", "GERMANY", "CHINA")),
                    ("n_regionkey", INT, False, (0, 1)), ("n_comment", T, False, ("x",))],
         {"pk": ["n_nationkey"], "fk": [("n_regionkey", "region", "r_regionkey")]}),
        ("part", [("p_partkey", INT, False, (1, 2, 3)), ("p_name", T, False, ("green box", "red can", "dark green tin")),
                  ("p_mfgr", T, False, ("M1", "M2")), ("p_brand", T, False, ("Brand#12", "Brand#23")),
                  ("p_type", T, False, ("ECONOMY BRASS", "PROMO STEEL", "Promo tin", "STANDARD BRASS")),
                  ("p_size", INT, False, (1, 15, 49)), ("p_container", T, False, ("SM BOX", "LG CASE")),
                  ("p_retailprice", R, False, (1.0, 2.5)), ("p_comment", T, False, ("x",))],
         {"pk": ["p_partkey"]}),
        ("supplier", [("s_suppkey", INT, False, (1, 2, 3)), ("s_name", T, False, ("S1", "S2")),
                      ("s_address", T, False, ("addr",)), ("s_nationkey", INT, False, (0, 1, 2)),
                      ("s_phone", T, False, ("13-1", "31-2")), ("s_acctbal", R, False, (-1.0, 0.5, 2.0)),
                      ("s_comment", T, False, ("ok", "Customer Complaints"))],
         {"pk": ["s_suppkey"], "fk": [("s_nationkey", "nation", "n_nationkey")]}),
        ("partsupp", [("ps_partkey", INT, False, (1, 2, 3)), ("ps_suppkey", INT, False, (1, 2, 3)),
                      ("ps_availqty", INT, False, (1, 5, 10)), ("ps_supplycost", R, False, (0.5, 1.0, 2.0)),
                      ("ps_comment", T, False, ("x",))],
         {"pk": ["ps_partkey", "ps_suppkey"],
          "fk": [("ps_partkey", "part", "p_partkey"), ("ps_suppkey", "supplier", "s_suppkey")]}),
        ("customer", [("c_custkey", INT, False, (1, 2, 3)), ("c_name", T, False, ("C1", "C2")),
                      ("c_address", T, False, ("addr",)), ("c_nationkey", INT, False, (0, 1, 2)),
                      ("c_phone", T, False, ("13-1", "31-2", "17-3")), ("c_acctbal", R, False, (-1.0, 0.5, 2.0)),
                      ("c_mktsegment", T, False, ("BUILDING", "MACHINERY")), ("c_comment", T, False, ("x",))],
         {"pk": ["c_custkey"], "fk": [("c_nationkey", "nation", "n_nationkey")]}),
        ("orders", [("o_orderkey", INT, False, (1, 2, 3, 4)), ("o_custkey", INT, False, (1, 2, 3)),
                    ("o_orderstatus", T, False, ("F", "O")), ("o_totalprice", R, False, (1.0, 4.0)),
                    ("o_orderdate", T, False, D3), ("o_orderpriority", T, False, ("1-URGENT", "3-MEDIUM")),
                    ("o_clerk", T, False, ("c1",)), ("o_shippriority", INT, False, (0, 1)),
                    ("o_comment", T, False, ("x", "special requests"))],
         {"pk": ["o_orderkey"], "fk": [("o_custkey", "customer", "c_custkey")]}),
        ("lineitem", [("l_orderkey", INT, False, (1, 2, 3, 4)), ("l_partkey", INT, False, (1, 2, 3)),
                      ("l_suppkey", INT, False, (1, 2, 3)), ("l_linenumber", INT, False, (1, 2)),
                      ("l_quantity", R, False, (1.0, 24.0, 30.0)), ("l_extendedprice", R, False, (1.0, 2.0, 4.0)),
                      ("l_discount", R, False, (0.0, 0.0625, 0.5)), ("l_tax", R, False, (0.0, 0.25)),
                      ("l_returnflag", T, False, ("R", "N")), ("l_linestatus", T, False, ("F", "O")),
                      ("l_shipdate", T, False, D3), ("l_commitdate", T, False, D3),
                      ("l_receiptdate", T, False, D3), ("l_shipinstruct", T, False, ("NONE", "DELIVER IN PERSON")),
                      ("l_shipmode", T, False, ("MAIL", "AIR", "SHIP")), ("l_comment", T, False, ("x",))],
         {"pk": ["l_orderkey", "l_linenumber"],
          "fk": [("l_orderkey", "orders", "o_orderkey"), ("l_partkey", "part", "p_partkey"),
                 ("l_suppkey", "supplier", "s_suppkey")]}),
    ],
}

SCHEMAS = {s["name"]: s for s in (EMP_DEPT, SPARK, TPCH)}


def ddl(spec: dict) -> str:
    """The DDL text of a schema spec.

    >>> print(ddl(SPARK).splitlines()[1])
    CREATE TABLE t1 (a INTEGER, b INTEGER, c INTEGER);
    """
    out = [f"-- {spec['note']}"]
    for name, cols, keys in spec["tables"]:
        parts = [f"{c} {t}" + ("" if null else " NOT NULL") for c, t, null, _ in cols]
        if keys.get("pk"):
            parts.append(f"PRIMARY KEY ({', '.join(keys['pk'])})")
        for col, ref, refcol in keys.get("fk", []):
            parts.append(f"FOREIGN KEY ({col}) REFERENCES {ref}({refcol})")
        out.append(f"CREATE TABLE {name} ({', '.join(parts)});")
    return "\n".join(out) + "\n"
