# title: opaque-derived-joined-literal-alias-text
SELECT r.id FROM r JOIN (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''p''' GROUP BY a) AS x ON x.n = r.b;
SELECT r.id FROM r JOIN (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''q''' GROUP BY a) AS x ON x.n = r.b;

# title: opaque-derived-limit-literal-alias-text
SELECT x.a FROM (SELECT DISTINCT a FROM s WHERE t = 'alias=''p''') AS x JOIN r ON r.a = x.a;
SELECT x.a FROM (SELECT DISTINCT a FROM s WHERE t = 'alias=''q''') AS x JOIN r ON r.a = x.a;

# title: count-literal-alias-text
SELECT COUNT(*) FROM s WHERE t = 'alias=''p''';
SELECT COUNT(*) FROM s WHERE t = 'alias=''q''';

# title: sum-over-grouped-literal-alias-text
SELECT a, SUM(c) FROM s WHERE t = 'alias=''p''' GROUP BY a;
SELECT a, SUM(c) FROM s WHERE t = 'alias=''q''' GROUP BY a;

# title: uncorrelated-scalar-literal-alias-text
SELECT id FROM r WHERE b > (SELECT COUNT(*) FROM s WHERE t = 'alias=''p''');
SELECT id FROM r WHERE b > (SELECT COUNT(*) FROM s WHERE t = 'alias=''q''');

# title: exists-literal-alias-text
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND t = 'alias=''p''');
SELECT id FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND t = 'alias=''q''');

# title: in-literal-alias-text
SELECT id FROM r WHERE a IN (SELECT a FROM s WHERE t = 'alias=''p''');
SELECT id FROM r WHERE a IN (SELECT a FROM s WHERE t = 'alias=''q''');

# title: scalar-literal-col-injection
SELECT id, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.t = 'Col(alias=''x'', name=''a''') FROM r;
SELECT id, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.t = 'Col(alias=''y'', name=''a''') FROM r;

# title: scalar-in-select-literal-alias-text-double-quote
SELECT id, (SELECT MAX(c) FROM s WHERE s.a = r.a AND s.t = 'alias="p"') FROM r;
SELECT id, (SELECT MAX(c) FROM s WHERE s.a = r.a AND s.t = 'alias="q"') FROM r;

# title: scalar-twin-literal-alias-text
SELECT id, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.t = 'alias=''p''') FROM r;
SELECT id, (SELECT COUNT(*) FROM s WHERE s.t = 'alias=''p''' AND r.a = s.a) FROM r;

# title: left-join-grouped-literal-alias-text
SELECT r.id, x.n FROM r LEFT JOIN (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''p''' GROUP BY a) AS x ON x.a = r.a;
SELECT r.id, x.n FROM r LEFT JOIN (SELECT a, COUNT(*) AS n FROM s WHERE t = 'alias=''q''' GROUP BY a) AS x ON x.a = r.a;
