# title: join-of-groupings-other-filter
SELECT x.a, x.n, y.m FROM (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS x JOIN (SELECT a, SUM(b) AS m FROM r WHERE b = 2 GROUP BY a) AS y ON x.a = y.a;
SELECT a, COUNT(*), SUM(b) FROM r WHERE b = 1 GROUP BY a;

# title: join-of-groupings-same-filter-twin
SELECT x.a, x.n, y.m FROM (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS x JOIN (SELECT a, SUM(b) AS m FROM r WHERE b = 1 GROUP BY a) AS y ON x.a = y.a;
SELECT a, COUNT(*), SUM(b) FROM r WHERE b = 1 GROUP BY a;

# title: join-of-groupings-correlated-exists-differs
SELECT x.a, x.n, y.m FROM (SELECT a, COUNT(*) AS n FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a) GROUP BY a) AS x JOIN (SELECT a, SUM(b) AS m FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.b) GROUP BY a) AS y ON x.a = y.a;
SELECT a, COUNT(*), SUM(b) FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a) GROUP BY a;

# title: scalar-counts-two-filters-as-one-select
SELECT (SELECT COUNT(*) FROM r WHERE b = 1), (SELECT COUNT(*) FROM r WHERE b = 2);
SELECT SUM(CASE WHEN b = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN b = 1 THEN 1 ELSE 0 END) FROM r;

# title: scalar-counts-as-one-select-twin
SELECT (SELECT COUNT(*) FROM r WHERE b = 1), (SELECT COUNT(*) FROM r WHERE b = 2);
SELECT COUNT(CASE WHEN b = 1 THEN 1 END), COUNT(CASE WHEN b = 2 THEN 1 END) FROM r;

# title: scalar-ratio-sibling-filters-swapped
SELECT CAST((SELECT COUNT(*) FROM r WHERE b = 1) AS REAL) / (SELECT COUNT(*) FROM r WHERE a = 1);
SELECT CAST((SELECT COUNT(*) FROM r WHERE a = 1) AS REAL) / (SELECT COUNT(*) FROM r WHERE b = 1);

# title: cross-join-of-one-row-views-swapped
SELECT x.n - y.n FROM (SELECT COUNT(*) AS n FROM r WHERE b = 1) AS x, (SELECT COUNT(*) AS n FROM r WHERE b = 2) AS y;
SELECT y.n - x.n FROM (SELECT COUNT(*) AS n FROM r WHERE b = 1) AS x, (SELECT COUNT(*) AS n FROM r WHERE b = 2) AS y;

# title: self-join-count-distinct-other-side
SELECT COUNT(DISTINCT x.id) FROM r AS x JOIN r AS y ON x.a = y.a WHERE y.b = 1;
SELECT COUNT(DISTINCT y.id) FROM r AS x JOIN r AS y ON x.a = y.a WHERE y.b = 1;

# title: self-join-exists-twin
SELECT COUNT(DISTINCT x.id) FROM r AS x JOIN r AS y ON x.a = y.a WHERE y.b = 1;
SELECT COUNT(*) FROM r AS x WHERE EXISTS (SELECT 1 FROM r AS y WHERE x.a = y.a AND y.b = 1);

# title: self-join-exists-wrong-side
SELECT COUNT(DISTINCT x.id) FROM r AS x JOIN r AS y ON x.a = y.a WHERE y.b = 1;
SELECT COUNT(*) FROM r AS x WHERE x.b = 1 AND EXISTS (SELECT 1 FROM r AS y WHERE x.a = y.a);

# title: nested-exists-correlation-level-moved
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND EXISTS (SELECT 1 FROM s AS s2 WHERE s2.c = s.c AND s2.id <> s.id));
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND EXISTS (SELECT 1 FROM s AS s2 WHERE s2.c = s.c AND s2.id <> r.id));

# title: nested-exists-twin
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND EXISTS (SELECT 1 FROM s AS s2 WHERE s2.c = s.c AND s2.id <> s.id));
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s JOIN s AS s2 ON s2.c = s.c WHERE s.a = r.a AND s2.id <> s.id);

# title: views-union-all-twice-other-branch
SELECT a FROM (SELECT a, b FROM r WHERE b = 1 UNION ALL SELECT a, c FROM s WHERE c = 2) AS v WHERE v.b > 0;
SELECT a FROM (SELECT a, b FROM r WHERE b = 1 UNION ALL SELECT a, c FROM s WHERE c = 1) AS v WHERE v.b > 0;

# title: in-subquery-correlated-inner-alias-outer-name
SELECT id FROM r WHERE a IN (SELECT a FROM r AS x WHERE x.b = r.b AND x.id <> r.id);
SELECT id FROM r WHERE a IN (SELECT a FROM r AS x WHERE x.b = r.b);

# title: grouped-view-twice-left-join-counts
SELECT x.a, y.n FROM (SELECT a, COUNT(*) AS n FROM r GROUP BY a) AS x LEFT JOIN (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS y ON y.a = x.a;
SELECT x.a, x.n FROM (SELECT a, COUNT(*) AS n FROM r GROUP BY a) AS x LEFT JOIN (SELECT a, COUNT(*) AS n FROM r WHERE b = 1 GROUP BY a) AS y ON y.a = x.a;

# title: except-of-self-join
SELECT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE y.c = 1 EXCEPT SELECT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE x.b = 1;
SELECT DISTINCT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE y.c = 1 AND NOT EXISTS (SELECT 1 FROM r AS x2 JOIN s AS y2 ON x2.a = y2.a WHERE y2.c = 1 AND x2.b = 1 AND x2.a = x.a);

# title: except-of-self-join-twin
SELECT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE y.c = 1 EXCEPT SELECT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE x.b = 1;
SELECT DISTINCT x.a FROM r AS x JOIN s AS y ON x.a = y.a WHERE y.c = 1 AND NOT EXISTS (SELECT 1 FROM r AS x2 JOIN s AS y2 ON x2.a = y2.a WHERE x2.b = 1 AND x2.a = x.a);

# title: cte-twice-count-other-cte
WITH p AS (SELECT a FROM r WHERE b = 1), q AS (SELECT a FROM r WHERE b = 2) SELECT (SELECT COUNT(*) FROM p), (SELECT COUNT(*) FROM q);
WITH p AS (SELECT a FROM r WHERE b = 1), q AS (SELECT a FROM r WHERE b = 2) SELECT (SELECT COUNT(*) FROM p), (SELECT COUNT(*) FROM p);

# title: max-of-view-vs-other-view
SELECT (SELECT MAX(a) FROM (SELECT a FROM r WHERE b = 1) AS v), (SELECT MIN(a) FROM (SELECT a FROM r WHERE b = 2) AS v);
SELECT (SELECT MAX(a) FROM (SELECT a FROM r WHERE b = 2) AS v), (SELECT MIN(a) FROM (SELECT a FROM r WHERE b = 1) AS v);

# title: left-join-on-sibling-subquery-filters
SELECT r.id, s.c FROM r LEFT JOIN s ON s.a = r.a AND s.c = (SELECT MAX(c) FROM s WHERE s.a = r.a);
SELECT r.id, s.c FROM r LEFT JOIN s ON s.a = r.a AND s.c = (SELECT MAX(c) FROM s AS s2 WHERE s2.a = s.a);

# title: group-by-key-subquery-differs
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a), COUNT(*) FROM r GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.b), COUNT(*) FROM r GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);
