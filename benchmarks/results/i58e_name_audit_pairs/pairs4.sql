# title: running-sum-captured-correlation
SELECT id, SUM(b) OVER (ORDER BY id) FROM r;
SELECT id, (SELECT SUM(b) FROM r AS r2 WHERE r2.id <= r2.id) FROM r;

# title: running-sum-twin
SELECT id, SUM(b) OVER (ORDER BY id) FROM r;
SELECT id, (SELECT SUM(r2.b) FROM r AS r2 WHERE r2.id <= r.id) FROM r;

# title: running-sum-over-view-captured
SELECT v.id, SUM(v.b) OVER (ORDER BY v.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;
SELECT v.id, (SELECT SUM(w.b) FROM (SELECT id, b FROM r WHERE a = 1) AS w WHERE w.id <= w.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;

# title: running-sum-over-view-twin
SELECT v.id, SUM(v.b) OVER (ORDER BY v.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;
SELECT v.id, (SELECT SUM(w.b) FROM (SELECT id, b FROM r WHERE a = 1) AS w WHERE w.id <= v.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;

# title: running-sum-over-view-other-filter
SELECT v.id, SUM(v.b) OVER (ORDER BY v.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;
SELECT v.id, (SELECT SUM(w.b) FROM (SELECT id, b FROM r WHERE a = 2) AS w WHERE w.id <= v.id) FROM (SELECT id, b FROM r WHERE a = 1) AS v;

# title: partition-count-as-correlated-other-partition
SELECT id, COUNT(*) OVER (PARTITION BY a) FROM r;
SELECT id, (SELECT COUNT(*) FROM r AS r2 WHERE r2.a = r.b) FROM r;

# title: rank-as-count-copy-correlation-swapped
SELECT id FROM (SELECT id, RANK() OVER (PARTITION BY a ORDER BY b DESC) AS rk FROM r) AS x WHERE rk = 1;
SELECT id FROM r WHERE NOT EXISTS (SELECT 1 FROM r AS r2 WHERE r2.a = r.a AND r2.b > r2.b);

# title: rank-as-not-exists-twin
SELECT id FROM (SELECT id, RANK() OVER (PARTITION BY a ORDER BY b DESC) AS rk FROM r WHERE b IS NOT NULL) AS x WHERE rk = 1;
SELECT id FROM r WHERE b IS NOT NULL AND NOT EXISTS (SELECT 1 FROM r AS r2 WHERE r2.a IS r.a AND r2.b > r.b);

# title: full-join-halves-wrong-side
SELECT r.id, s.id FROM r FULL JOIN s ON s.a = r.a;
SELECT r.id, s.id FROM r LEFT JOIN s ON s.a = r.a UNION ALL SELECT NULL, s.id FROM s WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.a = s.c);

# title: full-join-halves-twin
SELECT r.id, s.id FROM r FULL JOIN s ON s.a = r.a;
SELECT r.id, s.id FROM r LEFT JOIN s ON s.a = r.a UNION ALL SELECT NULL, s.id FROM s WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.a = s.a);

# title: max-row-self-join-other-alias
SELECT id FROM r WHERE b = (SELECT MAX(b) FROM r);
SELECT r.id FROM r JOIN (SELECT MAX(b) AS m FROM r AS r2 WHERE r2.a = 1) AS x ON r.b = x.m;

# title: max-row-self-join-twin
SELECT id FROM r WHERE b = (SELECT MAX(b) FROM r);
SELECT r.id FROM r JOIN (SELECT MAX(b) AS m FROM r) AS x ON r.b = x.m;

# title: group-max-row-correlated-other-column
SELECT id FROM r AS o WHERE b = (SELECT MAX(i.b) FROM r AS i WHERE i.a = o.a);
SELECT o.id FROM r AS o JOIN (SELECT a, MAX(b) AS m FROM r GROUP BY a) AS x ON x.a = o.b AND o.b = x.m;

# title: group-max-row-twin
SELECT id FROM r AS o WHERE b = (SELECT MAX(i.b) FROM r AS i WHERE i.a = o.a);
SELECT o.id FROM r AS o JOIN (SELECT a, MAX(b) AS m FROM r GROUP BY a) AS x ON x.a = o.a AND o.b = x.m;
