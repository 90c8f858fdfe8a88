# title: bots-orig
SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id AND r.state = 'approved') AND NOT EXISTS (SELECT 1 FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND u.bot = 0);
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0;

# title: bots-state-only-in-sibling
SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id AND r.state = 'approved') AND NOT EXISTS (SELECT 1 FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE r.pr_id = p.pr_id AND u.bot = 0);
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0;

# title: bots-sibling-correlation-to-author
SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id AND r.state = 'approved') AND NOT EXISTS (SELECT 1 FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND u.bot = 0 AND u.user_id <> p.author_id);
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0;

# title: bots-exists-reads-other-review
SELECT p.pr_id FROM pull_request AS p WHERE p.merged_day IS NOT NULL AND EXISTS (SELECT 1 FROM review AS r WHERE r.pr_id = p.pr_id AND r.state = 'approved') AND NOT EXISTS (SELECT 1 FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE r.pr_id = p.pr_id AND r.state = 'approved' AND u.bot = 0);
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 AND r.state = 'approved' THEN 1 ELSE 0 END) = 0;

# title: bots-two-views-left-join
SELECT p.pr_id FROM pull_request AS p JOIN (SELECT pr_id FROM review WHERE state = 'approved') AS a ON a.pr_id = p.pr_id LEFT JOIN (SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE r.state = 'approved' AND u.bot = 0) AS h ON h.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL AND h.pr_id IS NULL GROUP BY p.pr_id;
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0;

# title: bots-two-views-left-join-filter-in-other-view
SELECT p.pr_id FROM pull_request AS p JOIN (SELECT pr_id FROM review WHERE state = 'approved') AS a ON a.pr_id = p.pr_id LEFT JOIN (SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id WHERE u.bot = 0) AS h ON h.pr_id = p.pr_id WHERE p.merged_day IS NOT NULL AND h.pr_id IS NULL GROUP BY p.pr_id;
SELECT r.pr_id FROM review AS r JOIN users AS u ON u.user_id = r.reviewer_id JOIN pull_request AS p ON p.pr_id = r.pr_id WHERE r.state = 'approved' AND p.merged_day IS NOT NULL GROUP BY r.pr_id HAVING SUM(CASE WHEN u.bot = 0 THEN 1 ELSE 0 END) = 0;

# title: slowest-orig
SELECT p.repo_id, p.pr_id FROM pull_request AS p WHERE p.merged_day - p.opened_day = (SELECT MAX(q.merged_day - q.opened_day) FROM pull_request AS q WHERE q.repo_id = p.repo_id);
SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY merged_day - opened_day DESC) AS rk FROM pull_request WHERE merged_day IS NOT NULL) AS x WHERE rk = 1;

# title: slowest-correlation-to-author
SELECT p.repo_id, p.pr_id FROM pull_request AS p WHERE p.merged_day - p.opened_day = (SELECT MAX(q.merged_day - q.opened_day) FROM pull_request AS q WHERE q.repo_id = p.repo_id AND q.author_id = p.author_id);
SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY merged_day - opened_day DESC) AS rk FROM pull_request WHERE merged_day IS NOT NULL) AS x WHERE rk = 1;

# title: slowest-self-join-views
SELECT p.repo_id, p.pr_id FROM pull_request AS p JOIN (SELECT repo_id, MAX(merged_day - opened_day) AS m FROM pull_request GROUP BY repo_id) AS w ON w.repo_id = p.repo_id AND w.m = p.merged_day - p.opened_day;
SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY merged_day - opened_day DESC) AS rk FROM pull_request WHERE merged_day IS NOT NULL) AS x WHERE rk = 1;

# title: slowest-self-join-views-other-filter
SELECT p.repo_id, p.pr_id FROM pull_request AS p JOIN (SELECT repo_id, MAX(merged_day - opened_day) AS m FROM pull_request WHERE draft = 0 GROUP BY repo_id) AS w ON w.repo_id = p.repo_id AND w.m = p.merged_day - p.opened_day;
SELECT repo_id, pr_id FROM (SELECT repo_id, pr_id, RANK() OVER (PARTITION BY repo_id ORDER BY merged_day - opened_day DESC) AS rk FROM pull_request WHERE merged_day IS NOT NULL) AS x WHERE rk = 1;
