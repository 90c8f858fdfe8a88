# title: split-group-by-subquery-key-twin
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r WHERE (SELECT MAX(c) FROM s WHERE s.a = r.a) IS NULL GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a) UNION ALL SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r WHERE (SELECT MAX(c) FROM s WHERE s.a = r.a) IS NOT NULL GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);

# title: split-group-by-subquery-key-other-correlation
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);
SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r WHERE (SELECT MAX(c) FROM s WHERE s.a = r.b) IS NULL GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a) UNION ALL SELECT (SELECT MAX(c) FROM s WHERE s.a = r.a) AS k, COUNT(*) FROM r WHERE (SELECT MAX(c) FROM s WHERE s.a = r.b) IS NOT NULL GROUP BY (SELECT MAX(c) FROM s WHERE s.a = r.a);

# title: split-group-by-key-twin
SELECT a, COUNT(*) FROM r GROUP BY a;
SELECT a, COUNT(*) FROM r WHERE a IS NULL GROUP BY a UNION ALL SELECT a, COUNT(*) FROM r WHERE a IS NOT NULL GROUP BY a;

# title: split-group-by-key-by-view-twin
SELECT v.a, COUNT(*) FROM (SELECT a, b FROM r WHERE b > 0) AS v GROUP BY v.a;
SELECT v.a, COUNT(*) FROM (SELECT a, b FROM r WHERE b > 0) AS v WHERE v.a IS NULL GROUP BY v.a UNION ALL SELECT w.a, COUNT(*) FROM (SELECT a, b FROM r WHERE b > 1) AS w WHERE w.a IS NOT NULL GROUP BY w.a;
