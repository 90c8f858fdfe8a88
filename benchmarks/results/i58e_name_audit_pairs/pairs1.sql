# title: sibling-exists-merged
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 1) AND EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.id = 2);
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 1 AND s.id = 2);

# title: sibling-exists-swapped-twin
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 1) AND EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.id = 2);
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.id = 2 AND s.a = r.a) AND EXISTS (SELECT 1 FROM s WHERE s.c = 1 AND r.a = s.a);

# title: sibling-in-merged
SELECT id FROM r WHERE a IN (SELECT a FROM s WHERE c = 1) AND a IN (SELECT a FROM s WHERE id = 2);
SELECT id FROM r WHERE a IN (SELECT a FROM s WHERE c = 1 AND id = 2);

# title: exists-and-not-exists-siblings
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 1) AND NOT EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 2);
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 1 AND NOT s.c = 2);

# title: sibling-scalars-one-correlation-moved
SELECT id, (SELECT MAX(c) FROM s WHERE s.a = r.a) - (SELECT MIN(c) FROM s WHERE s.a = r.b) FROM r;
SELECT id, (SELECT MAX(c) - MIN(c) FROM s WHERE s.a = r.a) FROM r;

# title: sibling-scalars-combined-twin
SELECT id, (SELECT MAX(c) FROM s WHERE s.a = r.a) - (SELECT MIN(c) FROM s WHERE s.a = r.a) FROM r;
SELECT id, (SELECT MAX(c) - MIN(c) FROM s WHERE s.a = r.a) FROM r;

# title: sibling-scalar-counts-filter-moved
SELECT id FROM r WHERE (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.c = 1) > (SELECT COUNT(*) FROM s WHERE s.a = r.a);
SELECT id FROM r WHERE (SELECT COUNT(*) FROM s WHERE s.a = r.a) > (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.c = 1);

# title: self-join-views-filter-swapped
SELECT x.a FROM (SELECT a, b FROM r WHERE b = 1) AS x JOIN (SELECT a, b FROM r WHERE b = 2) AS y ON x.a = y.a;
SELECT x.a FROM (SELECT a, b FROM r WHERE b = 1) AS x JOIN (SELECT a, b FROM r WHERE b = 1) AS y ON x.a = y.a;

# title: self-join-views-read-other-column
SELECT x.id FROM (SELECT id, a FROM r WHERE b = 1) AS x JOIN (SELECT id, a FROM r WHERE b = 2) AS y ON x.a = y.a;
SELECT y.id FROM (SELECT id, a FROM r WHERE b = 1) AS x JOIN (SELECT id, a FROM r WHERE b = 2) AS y ON x.a = y.a;

# title: intersect-as-conjunction
SELECT a FROM r WHERE b = 1 INTERSECT SELECT a FROM r WHERE b = 2;
SELECT DISTINCT a FROM r WHERE b = 1 AND b = 2;

# title: intersect-as-semijoin-twin
SELECT a FROM r WHERE b = 1 INTERSECT SELECT a FROM r WHERE b = 2;
SELECT DISTINCT a FROM r WHERE b = 1 AND a IN (SELECT a FROM r WHERE b = 2);

# title: except-as-negation
SELECT a FROM r WHERE b = 1 EXCEPT SELECT a FROM r WHERE b = 2;
SELECT DISTINCT a FROM r WHERE b = 1 AND NOT b = 2;

# title: union-of-self-joins-other-side
SELECT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE y.id = 1 UNION SELECT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE x.id = 1;
SELECT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE y.id = 1 OR x.id = 1;

# title: union-of-self-joins-twin
SELECT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE y.id = 1 UNION SELECT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE x.id = 1;
SELECT DISTINCT x.a FROM r AS x JOIN r AS y ON x.a = y.b WHERE y.id = 1 OR x.id = 1;

# title: shadowed-alias-uncorrelated
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM r WHERE r.b = 1);
SELECT id FROM r WHERE r.b = 1;

# title: shadowed-alias-correlated-twin
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s AS r WHERE r.c = 1);
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.c = 1);

# title: shadowed-alias-inner-is-outer-name
SELECT id FROM r AS s WHERE EXISTS (SELECT 1 FROM s WHERE s.a = 1);
SELECT id FROM r AS s WHERE s.a = 1;

# title: cte-shadows-table
WITH r AS (SELECT id, a, c AS b FROM s) SELECT a FROM r WHERE b = 1;
SELECT a FROM r WHERE b = 1;

# title: cte-used-twice-other-side
WITH v AS (SELECT id, a, b FROM r WHERE b > 0) SELECT x.id FROM v AS x JOIN v AS y ON x.a = y.b WHERE y.b = 1;
WITH v AS (SELECT id, a, b FROM r WHERE b > 0) SELECT x.id FROM v AS x JOIN v AS y ON x.a = y.b WHERE x.b = 1;

# title: user-alias-t1_0
SELECT t1_0.a FROM r AS t1_0 WHERE EXISTS (SELECT 1 FROM s AS t0_0 WHERE t0_0.a = t1_0.b);
SELECT t0_0.a FROM r AS t0_0 WHERE EXISTS (SELECT 1 FROM s AS t1_0 WHERE t1_0.a = t0_0.a);

# title: user-alias-t1_0-twin
SELECT t1_0.a FROM r AS t1_0 WHERE EXISTS (SELECT 1 FROM s AS t0_0 WHERE t0_0.a = t1_0.b);
SELECT t0_0.a FROM r AS t0_0 WHERE EXISTS (SELECT 1 FROM s AS t1_0 WHERE t1_0.a = t0_0.b);

# title: case-of-alias
SELECT T.a FROM r AS t JOIN r AS u ON t.a = u.b WHERE U.id = 1;
SELECT t.a FROM r AS t JOIN r AS u ON t.a = u.b WHERE t.id = 1;

# title: grouped-views-twice-read-other
SELECT x.a, x.n FROM (SELECT a, COUNT(*) AS n FROM r GROUP BY a) AS x JOIN (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS y ON x.a = y.a;
SELECT x.a, y.n FROM (SELECT a, COUNT(*) AS n FROM r GROUP BY a) AS x JOIN (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS y ON x.a = y.a;

# title: opaque-views-differ-by-literal-with-alias-text
SELECT x.a, x.n FROM (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''p''' GROUP BY a) AS x;
SELECT x.a, x.n FROM (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''q''' GROUP BY a) AS x;

# title: scalar-subqueries-differ-by-literal-with-alias-text
SELECT id, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.t = 'alias=''p''') FROM r;
SELECT id, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.t = 'alias=''q''') FROM r;

# title: left-join-two-views-of-one-table
SELECT COUNT(y.a) FROM (SELECT a FROM r WHERE b < 1) AS x LEFT JOIN (SELECT a FROM r WHERE b >= 1) AS y ON y.a = x.a;
SELECT COUNT(DISTINCT y.a) FROM (SELECT a FROM r WHERE b < 1) AS x LEFT JOIN (SELECT a FROM r WHERE b >= 1) AS y ON y.a = x.a;
