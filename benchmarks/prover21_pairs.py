"""The pairs of the twenty-first held-out prover corpus (``benchmarks/corpus/prover21/``), as
written (``prover21_build.py`` checks them in SQLite and writes the corpus).

Three sources: online advertising report SQL (Google Ads, Meta Ads Manager and DV360
report exports loaded into a warehouse: delivery, CTR and CPC, spend against budget and
pacing, conversions, ROAS and attribution windows, keywords and bids, ad approval, reach
and frequency, a pixel log) against the hand-written query for the same report, on a new
adrep schema; CI/CD pipeline analytics (GitHub Actions, GitLab CI and Buildkite dashboards:
success rates, queue and run times, failing and flaky tests, reruns, deploy frequency,
change failure rate and time to restore, runner usage) against an equivalent formulation,
on a new cicd schema; and event ticketing report SQL (Ticketmaster and Eventbrite reports:
sales per event and tier, sell-through against capacity, holds, promo codes, refunds,
fees, door scans and no-shows, repeat buyers) against the hand-written query, on a new
boxoffice schema. Each ``add`` call is one equivalent pair and one realistic
non-equivalent mutant. Written from the author's own SQL for these reports; not taken from
any prover benchmark, rule test, tool's test suite or published pair set; the verifier
was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "ad_reporting": ("adrep", "online advertising report SQL (Google Ads, Meta Ads Manager, DV360 exports: "
                              "delivery, CTR and CPC, spend against budget, conversions, ROAS and attribution "
                              "windows, keywords and bids, ad approval, reach and frequency, pixel log) against "
                              "the hand-written query for the same report"),
    "ci_pipelines": ("cicd", "CI/CD pipeline analytics SQL (GitHub Actions, GitLab CI, Buildkite dashboards: "
                             "success rates, queue and run times, failing and flaky tests, reruns, deploy "
                             "frequency, change failure rate, time to restore, runner usage) against an "
                             "equivalent formulation"),
    "event_ticketing": ("boxoffice", "event ticketing report SQL (Ticketmaster, Eventbrite: sales per event and "
                                     "tier, sell-through against capacity, holds, promo codes, refunds, fees, "
                                     "door scans and no-shows, repeat buyers) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover21", SOURCES, FILE)


def A(rule, gold, pred, mutant, mutation, **kw):
    """An advertising report's SQL (gold) against the hand-written query (pred), adrep."""
    add("ad_reporting", rule, gold, pred, mutant, mutation, **kw)


def C(rule, gold, pred, mutant, mutation, **kw):
    """A CI/CD analytics query (gold) against an equivalent formulation (pred), cicd."""
    add("ci_pipelines", rule, gold, pred, mutant, mutation, **kw)


def E(rule, gold, pred, mutant, mutation, **kw):
    """An event ticketing report's SQL (gold) against the hand-written query (pred), boxoffice."""
    add("event_ticketing", rule, gold, pred, mutant, mutation, **kw)


# shared fragments: the ad -> ad group -> campaign chain
AD_CAMP = "JOIN ad AS a ON a.ad_id = s.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id"

# ================================================================ ad reporting (adrep)
# --- delivery
A("delivery:impressions and clicks per campaign",
  "SELECT g.campaign_id, SUM(s.impressions), SUM(s.clicks) FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id",
  "SELECT g.campaign_id, SUM(x.imp), SUM(x.clk) FROM ad_group AS g JOIN (SELECT a.adgroup_id, SUM(s.impressions) AS imp, "
  "SUM(s.clicks) AS clk FROM ad AS a JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY a.adgroup_id) AS x "
  "ON x.adgroup_id = g.adgroup_id GROUP BY g.campaign_id",
  "SELECT c.campaign_id, SUM(s.impressions), SUM(s.clicks) FROM campaign AS c LEFT JOIN ad_group AS g "
  "ON g.campaign_id = c.campaign_id LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id LEFT JOIN daily_stat AS s "
  "ON s.ad_id = a.ad_id GROUP BY c.campaign_id",
  "campaigns without delivery listed with NULL totals")
A("delivery:CTR per ad",
  "SELECT ad_id, SUM(clicks) * 1.0 / SUM(impressions) FROM daily_stat GROUP BY ad_id HAVING SUM(impressions) > 0",
  "SELECT ad_id, clk * 1.0 / imp FROM (SELECT ad_id, SUM(clicks) AS clk, SUM(impressions) AS imp FROM daily_stat "
  "GROUP BY ad_id) AS t WHERE imp > 0",
  "SELECT ad_id, AVG(clicks * 1.0 / impressions) FROM daily_stat WHERE impressions > 0 GROUP BY ad_id",
  "the average of daily CTRs taken for the CTR")
A("delivery:CPC per campaign",
  "SELECT g.campaign_id, SUM(s.cost) / NULLIF(SUM(s.clicks), 0) FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id",
  "SELECT g.campaign_id, CASE WHEN SUM(s.clicks) = 0 THEN NULL ELSE SUM(s.cost) / SUM(s.clicks) END "
  "FROM ad_group AS g JOIN ad AS a ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id "
  "GROUP BY g.campaign_id",
  "SELECT g.campaign_id, SUM(s.cost) / NULLIF(COUNT(*), 0) FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id",
  "cost per statistics row taken for cost per click")
A("delivery:CPC per campaign, SQLite division",
  "SELECT g.campaign_id, TOTAL(s.cost) / SUM(s.clicks) FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id",
  "SELECT g.campaign_id, IIF(SUM(s.clicks) = 0, NULL, SUM(s.cost) / SUM(s.clicks)) FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id",
  "SELECT g.campaign_id, TOTAL(s.cost) / SUM(s.clicks + 0.0) FROM daily_stat AS s " + AD_CAMP
  + " WHERE s.clicks > 0 GROUP BY g.campaign_id",
  "campaigns without clicks dropped instead of answering NULL", dialect="sqlite")
A("delivery:ads with no delivery on a day",
  "SELECT a.ad_id FROM ad AS a WHERE NOT EXISTS (SELECT 1 FROM daily_stat AS s WHERE s.ad_id = a.ad_id AND s.day = 2 "
  "AND s.impressions > 0)",
  "SELECT ad_id FROM ad EXCEPT SELECT ad_id FROM daily_stat WHERE day = 2 AND impressions > 0",
  "SELECT a.ad_id FROM ad AS a JOIN daily_stat AS s ON s.ad_id = a.ad_id WHERE s.day = 2 AND s.impressions = 0",
  "ads without any row that day left out")
A("delivery:top ad per ad group by clicks with ties",
  "WITH t AS (SELECT a.adgroup_id, a.ad_id, SUM(s.clicks) AS clk FROM ad AS a JOIN daily_stat AS s ON s.ad_id = a.ad_id "
  "GROUP BY a.adgroup_id, a.ad_id) SELECT adgroup_id, ad_id, clk FROM t WHERE clk = (SELECT MAX(u.clk) FROM t AS u "
  "WHERE u.adgroup_id = t.adgroup_id)",
  "SELECT adgroup_id, ad_id, clk FROM (SELECT a.adgroup_id, a.ad_id, SUM(s.clicks) AS clk, RANK() OVER (PARTITION BY "
  "a.adgroup_id ORDER BY SUM(s.clicks) DESC) AS rk FROM ad AS a JOIN daily_stat AS s ON s.ad_id = a.ad_id "
  "GROUP BY a.adgroup_id, a.ad_id) AS r WHERE rk = 1",
  "SELECT adgroup_id, ad_id, clk FROM (SELECT a.adgroup_id, a.ad_id, SUM(s.clicks) AS clk, ROW_NUMBER() OVER (PARTITION "
  "BY a.adgroup_id ORDER BY SUM(s.clicks) DESC, a.ad_id) AS rk FROM ad AS a JOIN daily_stat AS s ON s.ad_id = a.ad_id "
  "GROUP BY a.adgroup_id, a.ad_id) AS r WHERE rk = 1",
  "tied top ads cut to the lowest id")
A("delivery:impressions per account and day",
  "SELECT c.account_id, s.day, SUM(s.impressions) FROM daily_stat AS s " + AD_CAMP
  + " JOIN campaign AS c ON c.campaign_id = g.campaign_id GROUP BY c.account_id, s.day",
  "SELECT c.account_id, s.day, SUM(s.impressions) FROM campaign AS c, ad_group AS g, ad AS a, daily_stat AS s "
  "WHERE g.campaign_id = c.campaign_id AND a.adgroup_id = g.adgroup_id AND s.ad_id = a.ad_id GROUP BY s.day, c.account_id",
  "SELECT c.account_id, s.day, SUM(DISTINCT s.impressions) FROM daily_stat AS s " + AD_CAMP
  + " JOIN campaign AS c ON c.campaign_id = g.campaign_id GROUP BY c.account_id, s.day",
  "SUM(DISTINCT) drops ads with equal impression counts")
A("delivery:recorded clicks against the daily statistics",
  "SELECT s.ad_id, s.day FROM daily_stat AS s WHERE s.clicks <> (SELECT COUNT(*) FROM click AS k WHERE k.ad_id = s.ad_id "
  "AND k.day = s.day)",
  "SELECT s.ad_id, s.day FROM daily_stat AS s LEFT JOIN (SELECT ad_id, day, COUNT(*) AS n FROM click GROUP BY ad_id, day) "
  "AS k ON k.ad_id = s.ad_id AND k.day = s.day WHERE s.clicks <> COALESCE(k.n, 0)",
  "SELECT s.ad_id, s.day FROM daily_stat AS s JOIN (SELECT ad_id, day, COUNT(*) AS n FROM click GROUP BY ad_id, day) "
  "AS k ON k.ad_id = s.ad_id AND k.day = s.day WHERE s.clicks <> k.n",
  "days with statistics but no click rows left out")
A("delivery:top three ads by clicks",
  "SELECT ad_id, SUM(clicks) FROM daily_stat GROUP BY ad_id ORDER BY SUM(clicks) DESC, ad_id LIMIT 3",
  "SELECT ad_id, clk FROM (SELECT ad_id, SUM(clicks) AS clk, ROW_NUMBER() OVER (ORDER BY SUM(clicks) DESC, ad_id) AS rn "
  "FROM daily_stat GROUP BY ad_id) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT ad_id, SUM(clicks) FROM daily_stat GROUP BY ad_id ORDER BY SUM(clicks) DESC, ad_id DESC LIMIT 3",
  "ties broken by the highest id", semantics="list")
A("delivery:click share per device within an ad",
  "SELECT ad_id, device, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER (PARTITION BY ad_id) FROM click GROUP BY ad_id, device",
  "SELECT d.ad_id, d.device, d.n * 1.0 / t.n FROM (SELECT ad_id, device, COUNT(*) AS n FROM click GROUP BY ad_id, device) "
  "AS d JOIN (SELECT ad_id, COUNT(*) AS n FROM click GROUP BY ad_id) AS t ON t.ad_id = d.ad_id",
  "SELECT ad_id, device, COUNT(*) * 1.0 / SUM(COUNT(*)) OVER () FROM click GROUP BY ad_id, device",
  "share of all clicks instead of the ad's")
A("delivery:day-over-day clicks per ad",
  "SELECT ad_id, day, clicks - LAG(clicks) OVER (PARTITION BY ad_id ORDER BY day) FROM daily_stat",
  "SELECT s.ad_id, s.day, s.clicks - p.clicks FROM daily_stat AS s LEFT JOIN daily_stat AS p ON p.ad_id = s.ad_id "
  "AND p.day = (SELECT MAX(q.day) FROM daily_stat AS q WHERE q.ad_id = s.ad_id AND q.day < s.day)",
  "SELECT s.ad_id, s.day, s.clicks - p.clicks FROM daily_stat AS s LEFT JOIN daily_stat AS p ON p.ad_id = s.ad_id "
  "AND p.day = s.day - 1",
  "the previous calendar day taken for the previous reported day (gaps)")

# --- spend and budget
A("spend:campaign days over budget",
  "SELECT c.campaign_id, s.day FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.campaign_id, s.day, c.budget "
  "HAVING SUM(s.cost) > c.budget",
  "SELECT d.campaign_id, d.day FROM (SELECT g.campaign_id, s.day, SUM(s.cost) AS spend FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id, s.day) AS d JOIN campaign AS c ON c.campaign_id = d.campaign_id WHERE d.spend > c.budget",
  "SELECT c.campaign_id, s.day FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.campaign_id, s.day, c.budget "
  "HAVING SUM(s.cost) >= c.budget",
  "days spending exactly the budget counted as over")
A("spend:current daily budget per campaign",
  "SELECT c.campaign_id, COALESCE((SELECT b.new_budget FROM budget_change AS b WHERE b.campaign_id = c.campaign_id "
  "ORDER BY b.change_day DESC LIMIT 1), c.budget) FROM campaign AS c",
  "SELECT c.campaign_id, COALESCE(b.new_budget, c.budget) FROM campaign AS c LEFT JOIN budget_change AS b "
  "ON b.campaign_id = c.campaign_id AND b.change_day = (SELECT MAX(x.change_day) FROM budget_change AS x "
  "WHERE x.campaign_id = c.campaign_id)",
  "SELECT c.campaign_id, COALESCE((SELECT b.new_budget FROM budget_change AS b WHERE b.campaign_id = c.campaign_id "
  "ORDER BY b.change_day LIMIT 1), c.budget) FROM campaign AS c",
  "the first budget change taken for the latest")
A("spend:budget in force on a day",
  "SELECT c.campaign_id, COALESCE((SELECT b.new_budget FROM budget_change AS b WHERE b.campaign_id = c.campaign_id "
  "AND b.change_day = (SELECT MAX(x.change_day) FROM budget_change AS x WHERE x.campaign_id = c.campaign_id "
  "AND x.change_day <= 4)), c.budget) FROM campaign AS c",
  "SELECT c.campaign_id, COALESCE(r.new_budget, c.budget) FROM campaign AS c LEFT JOIN (SELECT campaign_id, new_budget, "
  "ROW_NUMBER() OVER (PARTITION BY campaign_id ORDER BY change_day DESC) AS rn FROM budget_change WHERE change_day <= 4) "
  "AS r ON r.campaign_id = c.campaign_id AND r.rn = 1",
  "SELECT c.campaign_id, COALESCE((SELECT b.new_budget FROM budget_change AS b WHERE b.campaign_id = c.campaign_id "
  "AND b.change_day = (SELECT MAX(x.change_day) FROM budget_change AS x WHERE x.campaign_id = c.campaign_id "
  "AND x.change_day < 4)), c.budget) FROM campaign AS c",
  "a change made on the day itself not yet in force")
A("spend:spend per account including none",
  "SELECT ac.account_id, COALESCE(SUM(s.cost), 0) FROM account AS ac LEFT JOIN campaign AS c ON c.account_id = "
  "ac.account_id LEFT JOIN ad_group AS g ON g.campaign_id = c.campaign_id LEFT JOIN ad AS a ON a.adgroup_id = "
  "g.adgroup_id LEFT JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY ac.account_id",
  "SELECT ac.account_id, COALESCE((SELECT SUM(s.cost) FROM daily_stat AS s " + AD_CAMP + " JOIN campaign AS c "
  "ON c.campaign_id = g.campaign_id WHERE c.account_id = ac.account_id), 0) FROM account AS ac",
  "SELECT ac.account_id, SUM(s.cost) FROM account AS ac LEFT JOIN campaign AS c ON c.account_id = ac.account_id "
  "LEFT JOIN ad_group AS g ON g.campaign_id = c.campaign_id LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id "
  "LEFT JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY ac.account_id",
  "accounts without spend answer NULL instead of 0")
A("spend:active and inactive spend per channel",
  "SELECT c.channel, SUM(CASE WHEN c.status = 'active' THEN s.cost ELSE 0 END), SUM(CASE WHEN c.status <> 'active' "
  "THEN s.cost ELSE 0 END) FROM daily_stat AS s " + AD_CAMP + " JOIN campaign AS c ON c.campaign_id = g.campaign_id "
  "GROUP BY c.channel",
  "SELECT c.channel, COALESCE(SUM(s.cost) FILTER (WHERE c.status = 'active'), 0), COALESCE(SUM(s.cost) FILTER "
  "(WHERE c.status <> 'active'), 0) FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.channel",
  "SELECT c.channel, SUM(s.cost) FILTER (WHERE c.status = 'active'), SUM(s.cost) FILTER (WHERE c.status <> 'active') "
  "FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a ON a.adgroup_id = g.adgroup_id "
  "JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.channel",
  "a channel without spend on one side answers NULL instead of 0")
A("spend:campaigns spending outside their flight dates",
  "SELECT DISTINCT c.campaign_id FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id WHERE s.cost > 0 AND (s.day < c.start_day "
  "OR (c.end_day IS NOT NULL AND s.day > c.end_day))",
  "SELECT c.campaign_id FROM campaign AS c WHERE EXISTS (SELECT 1 FROM daily_stat AS s " + AD_CAMP
  + " WHERE g.campaign_id = c.campaign_id AND s.cost > 0 AND NOT (s.day BETWEEN c.start_day AND COALESCE(c.end_day, s.day)))",
  "SELECT DISTINCT c.campaign_id FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id WHERE s.cost > 0 AND (s.day < c.start_day "
  "OR s.day > COALESCE(c.end_day, 0))",
  "open-ended campaigns flagged on every day")
A("spend:campaigns that never spent",
  "SELECT campaign_id FROM campaign WHERE campaign_id NOT IN (SELECT g.campaign_id FROM ad_group AS g JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id WHERE s.cost > 0)",
  "SELECT c.campaign_id FROM campaign AS c WHERE NOT EXISTS (SELECT 1 FROM daily_stat AS s " + AD_CAMP
  + " WHERE g.campaign_id = c.campaign_id AND s.cost > 0)",
  "SELECT campaign_id FROM campaign WHERE campaign_id NOT IN (SELECT g.campaign_id FROM ad_group AS g JOIN ad AS a "
  "ON a.adgroup_id = g.adgroup_id JOIN daily_stat AS s ON s.ad_id = a.ad_id)",
  "campaigns with only zero-cost days counted as spending")
A("spend:cumulative spend per campaign by day",
  "WITH d AS (SELECT g.campaign_id, s.day, SUM(s.cost) AS cost FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id, s.day) SELECT campaign_id, day, SUM(cost) OVER (PARTITION BY campaign_id ORDER BY day) FROM d",
  "WITH d AS (SELECT g.campaign_id, s.day, SUM(s.cost) AS cost FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id, s.day) SELECT a.campaign_id, a.day, (SELECT SUM(b.cost) FROM d AS b WHERE b.campaign_id = "
  "a.campaign_id AND b.day <= a.day) FROM d AS a",
  "WITH d AS (SELECT g.campaign_id, s.day, SUM(s.cost) AS cost FROM daily_stat AS s " + AD_CAMP
  + " GROUP BY g.campaign_id, s.day) SELECT a.campaign_id, a.day, (SELECT SUM(b.cost) FROM d AS b WHERE b.campaign_id = "
  "a.campaign_id AND b.day < a.day) FROM d AS a",
  "the running total leaves out the day itself")
A("spend:spend buckets per campaign",
  "WITH sp AS (SELECT g.campaign_id, SUM(s.cost) AS spend FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id) "
  "SELECT c.campaign_id, CASE WHEN COALESCE(sp.spend, 0) = 0 THEN 'none' WHEN sp.spend < 20 THEN 'low' ELSE 'high' END "
  "FROM campaign AS c LEFT JOIN sp ON sp.campaign_id = c.campaign_id",
  "WITH sp AS (SELECT g.campaign_id, SUM(s.cost) AS spend FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id) "
  "SELECT c.campaign_id, 'none' FROM campaign AS c WHERE NOT EXISTS (SELECT 1 FROM sp WHERE sp.campaign_id = "
  "c.campaign_id AND sp.spend <> 0) UNION ALL SELECT campaign_id, 'low' FROM sp WHERE spend <> 0 AND spend < 20 "
  "UNION ALL SELECT campaign_id, 'high' FROM sp WHERE spend >= 20",
  "WITH sp AS (SELECT g.campaign_id, SUM(s.cost) AS spend FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id) "
  "SELECT c.campaign_id, CASE WHEN COALESCE(sp.spend, 0) = 0 THEN 'none' WHEN sp.spend <= 20 THEN 'low' ELSE 'high' END "
  "FROM campaign AS c LEFT JOIN sp ON sp.campaign_id = c.campaign_id",
  "a spend of exactly 20 put in the low bucket")
A("spend:spend per campaign, SQLite TOTAL",
  "SELECT c.campaign_id, TOTAL(s.cost) FROM campaign AS c LEFT JOIN ad_group AS g ON g.campaign_id = c.campaign_id "
  "LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id LEFT JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.campaign_id",
  "SELECT c.campaign_id, IFNULL((SELECT SUM(s.cost) FROM daily_stat AS s " + AD_CAMP + " WHERE g.campaign_id = "
  "c.campaign_id), 0.0) FROM campaign AS c",
  "SELECT c.campaign_id, TOTAL(s.cost) FROM campaign AS c JOIN ad_group AS g ON g.campaign_id = c.campaign_id "
  "LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id LEFT JOIN daily_stat AS s ON s.ad_id = a.ad_id GROUP BY c.campaign_id",
  "campaigns without ad groups dropped", dialect="sqlite")

# --- conversions, ROAS and attribution
A("conversions:attributed conversions and value per campaign",
  "SELECT g.campaign_id, COUNT(*), SUM(v.value) FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id",
  "SELECT g.campaign_id, SUM(x.n), SUM(x.val) FROM (SELECT k.ad_id, COUNT(*) AS n, SUM(v.value) AS val FROM click AS k "
  "JOIN conversion AS v ON v.click_id = k.click_id GROUP BY k.ad_id) AS x JOIN ad AS a ON a.ad_id = x.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id",
  "SELECT g.campaign_id, COUNT(*), SUM(v.value) FROM conversion AS v LEFT JOIN click AS k ON k.click_id = v.click_id "
  "LEFT JOIN ad AS a ON a.ad_id = k.ad_id LEFT JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id",
  "unattributed conversions reported under a NULL campaign")
A("conversions:ROAS per campaign",
  "WITH sp AS (SELECT g.campaign_id, SUM(s.cost) AS cost FROM daily_stat AS s " + AD_CAMP + " GROUP BY g.campaign_id), "
  "cv AS (SELECT g.campaign_id, SUM(v.value) AS val FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id) "
  "SELECT sp.campaign_id, cv.val / sp.cost FROM sp JOIN cv ON cv.campaign_id = sp.campaign_id WHERE sp.cost > 0",
  "SELECT t.campaign_id, t.val / t.cost FROM (SELECT c.campaign_id, (SELECT SUM(s.cost) FROM daily_stat AS s " + AD_CAMP
  + " WHERE g.campaign_id = c.campaign_id) AS cost, (SELECT SUM(v.value) FROM conversion AS v JOIN click AS k "
  "ON k.click_id = v.click_id JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id "
  "WHERE g.campaign_id = c.campaign_id) AS val FROM campaign AS c) AS t WHERE t.cost > 0 AND t.val IS NOT NULL",
  "SELECT g.campaign_id, SUM(v.value) / SUM(s.cost) FROM ad_group AS g JOIN ad AS a ON a.adgroup_id = g.adgroup_id "
  "JOIN daily_stat AS s ON s.ad_id = a.ad_id JOIN click AS k ON k.ad_id = a.ad_id JOIN conversion AS v "
  "ON v.click_id = k.click_id GROUP BY g.campaign_id HAVING SUM(s.cost) > 0",
  "statistics and conversions joined together (fan-out)")
A("attribution:conversions within seven days of the click per ad",
  "SELECT k.ad_id, COUNT(*) FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "WHERE v.day >= k.day AND v.day <= k.day + 7 GROUP BY k.ad_id",
  "SELECT k.ad_id, COUNT(v.conv_id) FROM click AS k JOIN conversion AS v ON v.click_id = k.click_id "
  "AND v.day - k.day BETWEEN 0 AND 7 GROUP BY k.ad_id",
  "SELECT k.ad_id, COUNT(*) FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "WHERE v.day >= k.day AND v.day - k.day < 7 GROUP BY k.ad_id",
  "a conversion on the seventh day left out of the window")
A("attribution:unattributed conversions per day",
  "SELECT day, COUNT(*) FROM conversion WHERE click_id IS NULL GROUP BY day",
  "SELECT day, COUNT(*) - COUNT(click_id) FROM conversion GROUP BY day HAVING COUNT(*) > COUNT(click_id)",
  "SELECT day, COUNT(*) - COUNT(click_id) FROM conversion GROUP BY day",
  "days without unattributed conversions listed with 0")
A("conversions:conversion rate per ad",
  "SELECT k.ad_id, COUNT(DISTINCT v.click_id) * 1.0 / COUNT(DISTINCT k.click_id) FROM click AS k LEFT JOIN conversion "
  "AS v ON v.click_id = k.click_id GROUP BY k.ad_id",
  "SELECT k.ad_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM conversion AS v WHERE v.click_id = k.click_id) THEN 1.0 ELSE 0.0 "
  "END) FROM click AS k GROUP BY k.ad_id",
  "SELECT k.ad_id, COUNT(v.conv_id) * 1.0 / COUNT(DISTINCT k.click_id) FROM click AS k LEFT JOIN conversion "
  "AS v ON v.click_id = k.click_id GROUP BY k.ad_id",
  "a click with two conversions counted twice")
A("conversions:purchase value per device",
  "SELECT k.device, SUM(v.value) FROM click AS k JOIN conversion AS v ON v.click_id = k.click_id "
  "WHERE v.kind = 'purchase' GROUP BY k.device",
  "SELECT device, SUM(val) FROM (SELECT k.device, v.value AS val FROM conversion AS v, click AS k "
  "WHERE k.click_id = v.click_id AND v.kind = 'purchase') AS t GROUP BY device",
  "SELECT k.device, SUM(v.value) FROM click AS k LEFT JOIN conversion AS v ON v.click_id = k.click_id "
  "AND v.kind = 'purchase' GROUP BY k.device",
  "the filter moved into an outer join's ON keeps devices without purchases")
A("conversions:users who converted",
  "SELECT DISTINCT k.user_id FROM click AS k JOIN conversion AS v ON v.click_id = k.click_id WHERE k.user_id IS NOT NULL",
  "SELECT user_id FROM click WHERE user_id IS NOT NULL AND click_id IN (SELECT click_id FROM conversion) GROUP BY user_id",
  "SELECT DISTINCT k.user_id FROM click AS k JOIN conversion AS v ON v.click_id = k.click_id",
  "anonymous clicks reported as a NULL user")
A("attribution:average days to convert per ad",
  "SELECT k.ad_id, AVG(v.day - k.day) FROM click AS k JOIN conversion AS v ON v.click_id = k.click_id GROUP BY k.ad_id",
  "SELECT k.ad_id, SUM(v.day - k.day) * 1.0 / COUNT(*) FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "GROUP BY k.ad_id",
  "SELECT k.ad_id, SUM(v.day - k.day) / COUNT(*) FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "GROUP BY k.ad_id",
  "integer division")
A("conversions:conversions from paused ad groups",
  "SELECT v.conv_id FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id WHERE g.status = 'paused'",
  "SELECT conv_id FROM conversion WHERE click_id IN (SELECT k.click_id FROM click AS k WHERE k.ad_id IN (SELECT a.ad_id "
  "FROM ad AS a WHERE a.adgroup_id IN (SELECT adgroup_id FROM ad_group WHERE status = 'paused')))",
  "SELECT v.conv_id FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id JOIN campaign AS c ON c.campaign_id = g.campaign_id "
  "WHERE c.status = 'paused'",
  "the campaign's status read instead of the ad group's")
A("attribution:conversions inside the campaign flight",
  "SELECT v.conv_id, c.campaign_id FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id JOIN ad AS a "
  "ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id JOIN campaign AS c ON c.campaign_id = "
  "g.campaign_id WHERE v.day >= c.start_day AND (c.end_day IS NULL OR v.day <= c.end_day)",
  "SELECT v.conv_id, c.campaign_id FROM campaign AS c, ad_group AS g, ad AS a, click AS k, conversion AS v "
  "WHERE g.campaign_id = c.campaign_id AND a.adgroup_id = g.adgroup_id AND k.ad_id = a.ad_id AND v.click_id = k.click_id "
  "AND v.day BETWEEN c.start_day AND COALESCE(c.end_day, v.day)",
  "SELECT v.conv_id, c.campaign_id FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id JOIN ad AS a "
  "ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id JOIN campaign AS c ON c.campaign_id = "
  "g.campaign_id WHERE v.day >= c.start_day AND v.day <= c.end_day",
  "open-ended campaigns lose all their conversions")
A("conversions:best converting day per campaign",
  "WITH d AS (SELECT g.campaign_id, v.day, COUNT(*) AS n FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id, v.day) "
  "SELECT campaign_id, day FROM d WHERE NOT EXISTS (SELECT 1 FROM d AS e WHERE e.campaign_id = d.campaign_id AND e.n > d.n)",
  "WITH d AS (SELECT g.campaign_id, v.day, COUNT(*) AS n FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id, v.day) "
  "SELECT d.campaign_id, d.day FROM d JOIN (SELECT campaign_id, MAX(n) AS m FROM d GROUP BY campaign_id) AS b "
  "ON b.campaign_id = d.campaign_id AND b.m = d.n",
  "WITH d AS (SELECT g.campaign_id, v.day, COUNT(*) AS n FROM conversion AS v JOIN click AS k ON k.click_id = v.click_id "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id, v.day) "
  "SELECT campaign_id, day FROM d WHERE NOT EXISTS (SELECT 1 FROM d AS e WHERE e.campaign_id = d.campaign_id AND e.n >= d.n "
  "AND e.day <> d.day)",
  "tied best days all dropped")

# --- keywords and bids
A("keywords:effective bid per keyword",
  "SELECT k.adgroup_id, k.kw_text, COALESCE(k.bid, g.bid) FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id",
  "SELECT k.adgroup_id, k.kw_text, CASE WHEN k.bid IS NULL THEN (SELECT g.bid FROM ad_group AS g WHERE g.adgroup_id = "
  "k.adgroup_id) ELSE k.bid END FROM keyword AS k",
  "SELECT k.adgroup_id, k.kw_text, COALESCE(g.bid, k.bid) FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id",
  "the ad group bid taken before the keyword's own")
A("keywords:duplicate keywords across ad groups of a campaign",
  "SELECT DISTINCT g1.campaign_id, k1.kw_text FROM keyword AS k1 JOIN ad_group AS g1 ON g1.adgroup_id = k1.adgroup_id "
  "JOIN keyword AS k2 ON k2.kw_text = k1.kw_text AND k2.adgroup_id <> k1.adgroup_id JOIN ad_group AS g2 "
  "ON g2.adgroup_id = k2.adgroup_id AND g2.campaign_id = g1.campaign_id",
  "SELECT g.campaign_id, k.kw_text FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id "
  "GROUP BY g.campaign_id, k.kw_text HAVING COUNT(*) > 1",
  "SELECT DISTINCT g1.campaign_id, k1.kw_text FROM keyword AS k1 JOIN ad_group AS g1 ON g1.adgroup_id = k1.adgroup_id "
  "JOIN keyword AS k2 ON LOWER(k2.kw_text) = LOWER(k1.kw_text) AND k2.adgroup_id <> k1.adgroup_id JOIN ad_group AS g2 "
  "ON g2.adgroup_id = k2.adgroup_id AND g2.campaign_id = g1.campaign_id",
  "keywords differing only in case counted as duplicates")
A("keywords:enabled ad groups without keywords",
  "SELECT g.adgroup_id FROM ad_group AS g LEFT JOIN keyword AS k ON k.adgroup_id = g.adgroup_id "
  "WHERE g.status = 'enabled' AND k.adgroup_id IS NULL",
  "SELECT adgroup_id FROM ad_group AS g WHERE status = 'enabled' AND NOT EXISTS (SELECT 1 FROM keyword AS k "
  "WHERE k.adgroup_id = g.adgroup_id)",
  "SELECT g.adgroup_id FROM ad_group AS g WHERE g.status = 'enabled' AND NOT EXISTS (SELECT 1 FROM keyword AS k "
  "WHERE k.adgroup_id = g.adgroup_id AND k.qs IS NOT NULL)",
  "keywords without a quality score not counted")
A("keywords:average quality score per ad group including none",
  "SELECT g.adgroup_id, AVG(k.qs) FROM ad_group AS g LEFT JOIN keyword AS k ON k.adgroup_id = g.adgroup_id GROUP BY g.adgroup_id",
  "SELECT g.adgroup_id, (SELECT SUM(k.qs) * 1.0 / COUNT(k.qs) FROM keyword AS k WHERE k.adgroup_id = g.adgroup_id) "
  "FROM ad_group AS g",
  "SELECT g.adgroup_id, AVG(COALESCE(k.qs, 0)) FROM ad_group AS g LEFT JOIN keyword AS k ON k.adgroup_id = g.adgroup_id "
  "GROUP BY g.adgroup_id",
  "keywords without a score averaged in as 0")
A("keywords:match types per campaign",
  "SELECT g.campaign_id, COUNT(*) FILTER (WHERE k.match_type = 'exact'), COUNT(*) FILTER (WHERE k.match_type = 'broad') "
  "FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id GROUP BY g.campaign_id",
  "SELECT g.campaign_id, SUM(CASE WHEN k.match_type = 'exact' THEN 1 ELSE 0 END), SUM(CASE WHEN k.match_type = 'broad' "
  "THEN 1 ELSE 0 END) FROM ad_group AS g JOIN keyword AS k ON k.adgroup_id = g.adgroup_id GROUP BY g.campaign_id",
  "SELECT g.campaign_id, SUM(CASE WHEN k.match_type = 'exact' THEN 1 END), SUM(CASE WHEN k.match_type = 'broad' "
  "THEN 1 END) FROM ad_group AS g JOIN keyword AS k ON k.adgroup_id = g.adgroup_id GROUP BY g.campaign_id",
  "a match type absent from a campaign answers NULL instead of 0")
A("keywords:keywords bidding above their ad group",
  "SELECT k.adgroup_id, k.kw_text FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id WHERE k.bid > g.bid",
  "SELECT adgroup_id, kw_text FROM keyword AS k WHERE EXISTS (SELECT 1 FROM ad_group AS g WHERE g.adgroup_id = "
  "k.adgroup_id AND g.bid < k.bid)",
  "SELECT k.adgroup_id, k.kw_text FROM keyword AS k JOIN ad_group AS g ON g.adgroup_id = k.adgroup_id WHERE k.bid >= g.bid",
  "keywords bidding the same as the ad group counted")
A("keywords:second highest keyword bid per ad group",
  "SELECT g.adgroup_id, (SELECT DISTINCT k.bid FROM keyword AS k WHERE k.adgroup_id = g.adgroup_id AND k.bid IS NOT NULL "
  "ORDER BY k.bid DESC LIMIT 1 OFFSET 1) FROM ad_group AS g",
  "SELECT g.adgroup_id, (SELECT MAX(k.bid) FROM keyword AS k WHERE k.adgroup_id = g.adgroup_id AND k.bid < (SELECT "
  "MAX(j.bid) FROM keyword AS j WHERE j.adgroup_id = g.adgroup_id)) FROM ad_group AS g",
  "SELECT g.adgroup_id, (SELECT k.bid FROM keyword AS k WHERE k.adgroup_id = g.adgroup_id AND k.bid IS NOT NULL "
  "ORDER BY k.bid DESC LIMIT 1 OFFSET 1) FROM ad_group AS g",
  "a bid tied with the highest taken for the second")
A("keywords:keywords per ad group with a low quality score",
  "SELECT adgroup_id, COUNT(*) FROM keyword WHERE qs < 5 GROUP BY adgroup_id",
  "SELECT adgroup_id, SUM(CASE WHEN qs < 5 THEN 1 ELSE 0 END) FROM keyword GROUP BY adgroup_id "
  "HAVING SUM(CASE WHEN qs < 5 THEN 1 ELSE 0 END) > 0",
  "SELECT adgroup_id, COUNT(*) FROM keyword WHERE COALESCE(qs, 0) < 5 GROUP BY adgroup_id",
  "keywords without a score counted as low")

# --- ads and approval
A("ads:ads under review per campaign including none",
  "SELECT c.campaign_id, COUNT(a.ad_id) FROM campaign AS c LEFT JOIN ad_group AS g ON g.campaign_id = c.campaign_id "
  "LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id AND a.approved IS NULL GROUP BY c.campaign_id",
  "SELECT c.campaign_id, (SELECT COUNT(*) FROM ad AS a JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id "
  "WHERE g.campaign_id = c.campaign_id AND a.approved IS NULL) FROM campaign AS c",
  "SELECT c.campaign_id, COUNT(a.ad_id) FROM campaign AS c LEFT JOIN ad_group AS g ON g.campaign_id = c.campaign_id "
  "LEFT JOIN ad AS a ON a.adgroup_id = g.adgroup_id AND a.approved <> 1 GROUP BY c.campaign_id",
  "disapproved ads counted as under review and pending ones lost")
A("ads:disapproved ads serving in active campaigns",
  "SELECT a.ad_id FROM ad AS a JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id JOIN campaign AS c "
  "ON c.campaign_id = g.campaign_id WHERE a.approved = 0 AND g.status = 'enabled' AND c.status = 'active'",
  "SELECT ad_id FROM ad WHERE approved = 0 AND adgroup_id IN (SELECT g.adgroup_id FROM ad_group AS g WHERE g.status = "
  "'enabled' AND EXISTS (SELECT 1 FROM campaign AS c WHERE c.campaign_id = g.campaign_id AND c.status = 'active'))",
  "SELECT a.ad_id FROM ad AS a JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id JOIN campaign AS c "
  "ON c.campaign_id = g.campaign_id WHERE a.approved = 0 AND g.status = 'enabled'",
  "ads in paused and removed campaigns listed")
A("ads:ads without a headline per format",
  "SELECT format, COUNT(*) - COUNT(headline) FROM ad GROUP BY format",
  "SELECT format, SUM(CASE WHEN headline IS NULL THEN 1 ELSE 0 END) FROM ad GROUP BY format",
  "SELECT format, COUNT(*) - COUNT(DISTINCT headline) FROM ad GROUP BY format",
  "repeated headlines counted as missing")
A("ads:formats per ad group",
  "SELECT adgroup_id, COUNT(DISTINCT format) FROM ad GROUP BY adgroup_id",
  "SELECT adgroup_id, COUNT(*) FROM (SELECT DISTINCT adgroup_id, format FROM ad) AS t GROUP BY adgroup_id",
  "SELECT adgroup_id, COUNT(format) FROM ad GROUP BY adgroup_id",
  "ads counted instead of formats")
A("ads:ad groups whose ads are all approved",
  "SELECT g.adgroup_id FROM ad_group AS g WHERE EXISTS (SELECT 1 FROM ad AS a WHERE a.adgroup_id = g.adgroup_id) "
  "AND NOT EXISTS (SELECT 1 FROM ad AS a WHERE a.adgroup_id = g.adgroup_id AND (a.approved IS NULL OR a.approved <> 1))",
  "SELECT adgroup_id FROM ad GROUP BY adgroup_id HAVING COUNT(*) = SUM(CASE WHEN approved = 1 THEN 1 ELSE 0 END)",
  "SELECT g.adgroup_id FROM ad_group AS g WHERE EXISTS (SELECT 1 FROM ad AS a WHERE a.adgroup_id = g.adgroup_id) "
  "AND NOT EXISTS (SELECT 1 FROM ad AS a WHERE a.adgroup_id = g.adgroup_id AND a.approved <> 1)",
  "ads still under review do not block the group")
A("ads:headline variants per ad group case-insensitively",
  "SELECT adgroup_id, COUNT(DISTINCT LOWER(headline)) FROM ad GROUP BY adgroup_id",
  "SELECT g.adgroup_id, COUNT(h.lh) FROM (SELECT DISTINCT adgroup_id FROM ad) AS g LEFT JOIN (SELECT DISTINCT adgroup_id, "
  "LOWER(headline) AS lh FROM ad WHERE headline IS NOT NULL) AS h ON h.adgroup_id = g.adgroup_id GROUP BY g.adgroup_id",
  "SELECT adgroup_id, COUNT(DISTINCT headline) FROM ad GROUP BY adgroup_id",
  "headlines differing only in case counted twice")

# --- reach and frequency
A("reach:unique clickers per campaign and day",
  "SELECT g.campaign_id, k.day, COUNT(DISTINCT k.user_id) FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id, k.day",
  "SELECT campaign_id, day, COUNT(user_id) FROM (SELECT DISTINCT g.campaign_id, k.day, k.user_id FROM click AS k "
  "JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id) AS t GROUP BY campaign_id, day",
  "SELECT g.campaign_id, k.day, COUNT(DISTINCT COALESCE(k.user_id, 0)) FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id GROUP BY g.campaign_id, k.day",
  "anonymous clicks counted as one more user")
A("reach:users who clicked on two different days",
  "SELECT DISTINCT a.user_id FROM click AS a JOIN click AS b ON b.user_id = a.user_id AND b.day <> a.day",
  "SELECT user_id FROM click WHERE user_id IS NOT NULL GROUP BY user_id HAVING COUNT(DISTINCT day) >= 2",
  "SELECT user_id FROM click WHERE user_id IS NOT NULL GROUP BY user_id HAVING COUNT(*) >= 2",
  "two clicks on one day counted as two days")
A("reach:users clicking on mobile and desktop",
  "SELECT user_id FROM click WHERE device = 'mobile' INTERSECT SELECT user_id FROM click WHERE device = 'desktop'",
  "SELECT user_id FROM click WHERE device IN ('mobile', 'desktop') GROUP BY user_id HAVING COUNT(DISTINCT device) = 2",
  "SELECT user_id FROM click WHERE device = 'mobile' UNION SELECT user_id FROM click WHERE device = 'desktop'",
  "either device taken for both")
A("reach:click frequency histogram",
  "SELECT n, COUNT(*) FROM (SELECT user_id, COUNT(*) AS n FROM click WHERE user_id IS NOT NULL GROUP BY user_id) AS t GROUP BY n",
  "SELECT n, COUNT(*) FROM (SELECT DISTINCT user_id, COUNT(*) OVER (PARTITION BY user_id) AS n FROM click "
  "WHERE user_id IS NOT NULL) AS t GROUP BY n",
  "SELECT n, COUNT(*) FROM (SELECT user_id, COUNT(*) AS n FROM click GROUP BY user_id) AS t GROUP BY n",
  "anonymous clicks bucketed as one user")
A("reach:first ad clicked per user",
  "SELECT user_id, ad_id FROM (SELECT user_id, ad_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY day, click_id) "
  "AS rn FROM click WHERE user_id IS NOT NULL) AS t WHERE rn = 1",
  "SELECT k.user_id, k.ad_id FROM click AS k WHERE k.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM click AS j "
  "WHERE j.user_id = k.user_id AND (j.day < k.day OR (j.day = k.day AND j.click_id < k.click_id)))",
  "SELECT user_id, ad_id FROM (SELECT user_id, ad_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY click_id) "
  "AS rn FROM click WHERE user_id IS NOT NULL) AS t WHERE rn = 1",
  "the lowest click id taken for the earliest click")
A("reach:single-device users",
  "SELECT user_id FROM click WHERE user_id IS NOT NULL GROUP BY user_id HAVING COUNT(DISTINCT device) = 1",
  "SELECT DISTINCT k.user_id FROM click AS k WHERE k.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM click AS j "
  "WHERE j.user_id = k.user_id AND j.device <> k.device)",
  "SELECT user_id FROM click WHERE user_id IS NOT NULL GROUP BY user_id HAVING COUNT(device) = 1",
  "users with two clicks on one device left out")
A("reach:campaigns whose clicks were all on mobile",
  "SELECT g.campaign_id FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = "
  "a.adgroup_id GROUP BY g.campaign_id HAVING COUNT(*) = COUNT(CASE WHEN k.device = 'mobile' THEN 1 END)",
  "SELECT c.campaign_id FROM campaign AS c WHERE EXISTS (SELECT 1 FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id WHERE g.campaign_id = c.campaign_id) AND NOT EXISTS (SELECT 1 "
  "FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id "
  "WHERE g.campaign_id = c.campaign_id AND k.device <> 'mobile')",
  "SELECT c.campaign_id FROM campaign AS c WHERE NOT EXISTS (SELECT 1 FROM click AS k JOIN ad AS a ON a.ad_id = k.ad_id "
  "JOIN ad_group AS g ON g.adgroup_id = a.adgroup_id WHERE g.campaign_id = c.campaign_id AND k.device <> 'mobile')",
  "campaigns without any click listed")
A("reach:clicks per device bucket",
  "SELECT CASE WHEN device = 'mobile' THEN 'mobile' ELSE 'other' END AS bucket, COUNT(*) FROM click "
  "GROUP BY CASE WHEN device = 'mobile' THEN 'mobile' ELSE 'other' END",
  "SELECT 'mobile', COUNT(*) FROM click WHERE device = 'mobile' HAVING COUNT(*) > 0 UNION ALL SELECT 'other', COUNT(*) "
  "FROM click WHERE device <> 'mobile' HAVING COUNT(*) > 0",
  "SELECT 'mobile', COUNT(*) FROM click WHERE device = 'mobile' UNION ALL SELECT 'other', COUNT(*) FROM click "
  "WHERE device <> 'mobile'",
  "empty buckets listed with 0")

# --- pixel log
A("pixel:distinct viewers per ad",
  "SELECT ad_id, COUNT(DISTINCT user_id) FROM pixel_fire WHERE event = 'view' GROUP BY ad_id",
  "SELECT ad_id, COUNT(user_id) FROM (SELECT DISTINCT ad_id, user_id FROM pixel_fire WHERE event = 'view') AS t "
  "GROUP BY ad_id",
  "SELECT ad_id, COUNT(user_id) FROM pixel_fire WHERE event = 'view' GROUP BY ad_id",
  "repeated pixel fires counted as viewers")
A("pixel:ads viewed but never clicked",
  "SELECT DISTINCT p.ad_id FROM pixel_fire AS p WHERE p.event = 'view' AND p.ad_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM click AS k WHERE k.ad_id = p.ad_id)",
  "SELECT ad_id FROM pixel_fire WHERE event = 'view' AND ad_id IS NOT NULL EXCEPT SELECT ad_id FROM click",
  "SELECT p.ad_id FROM pixel_fire AS p WHERE p.event = 'view' AND p.ad_id IS NOT NULL AND NOT EXISTS "
  "(SELECT 1 FROM click AS k WHERE k.ad_id = p.ad_id)",
  "one row per pixel fire, duplicates kept")
A("pixel:events per day without duplicates",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT ad_id, user_id, event, day FROM pixel_fire) AS t GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT ad_id, user_id, event, day FROM pixel_fire GROUP BY ad_id, user_id, event, day) AS t "
  "GROUP BY day",
  "SELECT day, COUNT(*) FROM pixel_fire GROUP BY day",
  "duplicate pixel fires counted")
A("pixel:users seen by the pixel who never clicked",
  "SELECT DISTINCT user_id FROM pixel_fire WHERE user_id IS NOT NULL AND user_id NOT IN (SELECT user_id FROM click "
  "WHERE user_id IS NOT NULL)",
  "SELECT DISTINCT p.user_id FROM pixel_fire AS p WHERE p.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM click AS k "
  "WHERE k.user_id = p.user_id)",
  "SELECT DISTINCT user_id FROM pixel_fire WHERE user_id IS NOT NULL AND user_id NOT IN (SELECT user_id FROM click)",
  "NOT IN over anonymous clicks answers nothing")
A("pixel:pixel purchases per ad including ads without",
  "SELECT a.ad_id, COUNT(p.event) FROM ad AS a LEFT JOIN pixel_fire AS p ON p.ad_id = a.ad_id AND p.event = 'purchase' "
  "GROUP BY a.ad_id",
  "SELECT a.ad_id, (SELECT COUNT(*) FROM pixel_fire AS p WHERE p.ad_id = a.ad_id AND p.event = 'purchase') FROM ad AS a",
  "SELECT a.ad_id, COUNT(p.event) FROM ad AS a LEFT JOIN pixel_fire AS p ON p.ad_id = a.ad_id WHERE p.event = 'purchase' "
  "GROUP BY a.ad_id",
  "the filter in WHERE drops ads without purchases")

# --- accounts and campaigns
A("campaigns:active campaigns per account including none",
  "SELECT ac.account_id, COUNT(c.campaign_id) FROM account AS ac LEFT JOIN campaign AS c ON c.account_id = ac.account_id "
  "AND c.status = 'active' GROUP BY ac.account_id",
  "SELECT ac.account_id, (SELECT COUNT(*) FROM campaign AS c WHERE c.account_id = ac.account_id AND c.status = 'active') "
  "FROM account AS ac",
  "SELECT ac.account_id, COUNT(c.campaign_id) FROM account AS ac LEFT JOIN campaign AS c ON c.account_id = ac.account_id "
  "WHERE c.status = 'active' GROUP BY ac.account_id",
  "the filter in WHERE drops accounts without active campaigns")
A("campaigns:campaigns running on a day",
  "SELECT campaign_id FROM campaign WHERE start_day <= 3 AND (end_day IS NULL OR end_day >= 3)",
  "SELECT campaign_id FROM campaign WHERE 3 BETWEEN start_day AND COALESCE(end_day, 3)",
  "SELECT campaign_id FROM campaign WHERE start_day <= 3 AND (end_day IS NULL OR end_day > 3)",
  "campaigns ending that day left out")
A("campaigns:account names differing only in case",
  "SELECT DISTINCT LOWER(a.name) FROM account AS a JOIN account AS b ON LOWER(a.name) = LOWER(b.name) "
  "AND a.account_id <> b.account_id",
  "SELECT LOWER(name) FROM account GROUP BY LOWER(name) HAVING COUNT(*) > 1",
  "SELECT DISTINCT LOWER(a.name) FROM account AS a JOIN account AS b ON a.name = b.name AND a.account_id <> b.account_id",
  "names compared case-sensitively")
A("campaigns:campaigns with more than two ad groups",
  "SELECT campaign_id FROM ad_group GROUP BY campaign_id HAVING COUNT(*) > 2",
  "SELECT c.campaign_id FROM campaign AS c WHERE (SELECT COUNT(*) FROM ad_group AS g WHERE g.campaign_id = c.campaign_id) > 2",
  "SELECT campaign_id FROM ad_group GROUP BY campaign_id HAVING COUNT(*) >= 2",
  "campaigns with exactly two ad groups counted")
A("campaigns:longest flight per account with ties",
  "SELECT c.account_id, c.campaign_id FROM campaign AS c WHERE c.end_day IS NOT NULL AND c.end_day - c.start_day = "
  "(SELECT MAX(d.end_day - d.start_day) FROM campaign AS d WHERE d.account_id = c.account_id)",
  "SELECT account_id, campaign_id FROM (SELECT account_id, campaign_id, RANK() OVER (PARTITION BY account_id ORDER BY "
  "end_day - start_day DESC) AS rk FROM campaign WHERE end_day IS NOT NULL) AS t WHERE rk = 1",
  "SELECT account_id, campaign_id FROM (SELECT account_id, campaign_id, DENSE_RANK() OVER (PARTITION BY account_id "
  "ORDER BY end_day - start_day DESC) AS rk FROM campaign WHERE end_day IS NOT NULL) AS t WHERE rk <= 2",
  "the second longest flights listed too")
A("campaigns:campaigns per channel and status",
  "SELECT channel, status, COUNT(*) FROM campaign GROUP BY channel, status",
  "SELECT DISTINCT channel, status, COUNT(*) OVER (PARTITION BY channel, status) FROM campaign",
  "SELECT channel, status, COUNT(*) OVER (PARTITION BY channel, status) FROM campaign",
  "one row per campaign instead of per channel and status")

# --- budget changes
A("budget:budget cuts",
  "SELECT campaign_id, change_day FROM (SELECT campaign_id, change_day, new_budget, LAG(new_budget) OVER (PARTITION BY "
  "campaign_id ORDER BY change_day) AS prev FROM budget_change) AS t WHERE new_budget < prev",
  "SELECT b.campaign_id, b.change_day FROM budget_change AS b JOIN budget_change AS p ON p.campaign_id = b.campaign_id "
  "AND p.change_day = (SELECT MAX(q.change_day) FROM budget_change AS q WHERE q.campaign_id = b.campaign_id "
  "AND q.change_day < b.change_day) WHERE b.new_budget < p.new_budget",
  "SELECT DISTINCT b.campaign_id, b.change_day FROM budget_change AS b JOIN budget_change AS p ON p.campaign_id = "
  "b.campaign_id AND p.change_day < b.change_day WHERE b.new_budget < p.new_budget",
  "compared with any earlier change, not the previous one")
A("budget:budget changes per campaign including none",
  "SELECT c.campaign_id, COUNT(b.change_day) FROM campaign AS c LEFT JOIN budget_change AS b ON b.campaign_id = "
  "c.campaign_id GROUP BY c.campaign_id",
  "SELECT c.campaign_id, (SELECT COUNT(*) FROM budget_change AS b WHERE b.campaign_id = c.campaign_id) FROM campaign AS c",
  "SELECT c.campaign_id, COUNT(*) FROM campaign AS c LEFT JOIN budget_change AS b ON b.campaign_id = c.campaign_id "
  "GROUP BY c.campaign_id",
  "COUNT(*) over the outer join counts one for campaigns without changes")
A("budget:first change raised the budget",
  "SELECT c.campaign_id FROM campaign AS c JOIN budget_change AS b ON b.campaign_id = c.campaign_id WHERE b.change_day = "
  "(SELECT MIN(x.change_day) FROM budget_change AS x WHERE x.campaign_id = c.campaign_id) AND b.new_budget > c.budget",
  "SELECT c.campaign_id FROM campaign AS c JOIN (SELECT campaign_id, new_budget, ROW_NUMBER() OVER (PARTITION BY "
  "campaign_id ORDER BY change_day) AS rn FROM budget_change) AS b ON b.campaign_id = c.campaign_id AND b.rn = 1 "
  "WHERE b.new_budget > c.budget",
  "SELECT c.campaign_id FROM campaign AS c JOIN budget_change AS b ON b.campaign_id = c.campaign_id WHERE b.change_day = "
  "(SELECT MAX(x.change_day) FROM budget_change AS x WHERE x.campaign_id = c.campaign_id) AND b.new_budget > c.budget",
  "the latest change taken for the first")

# ================================================================ CI/CD pipelines (cicd)
RUN_REPO = "JOIN workflow AS w ON w.workflow_id = r.workflow_id"

# --- success rates
C("success:success rate per workflow over finished runs",
  "SELECT workflow_id, AVG(CASE WHEN conclusion = 'success' THEN 1.0 ELSE 0.0 END) FROM run "
  "WHERE conclusion IS NOT NULL GROUP BY workflow_id",
  "SELECT workflow_id, COUNT(*) FILTER (WHERE conclusion = 'success') * 1.0 / COUNT(conclusion) FROM run "
  "GROUP BY workflow_id HAVING COUNT(conclusion) > 0",
  "SELECT workflow_id, AVG(CASE WHEN conclusion = 'success' THEN 1.0 ELSE 0.0 END) FROM run GROUP BY workflow_id",
  "runs still in progress counted as not successful")
C("success:success rate per workflow, SQLite booleans",
  "SELECT workflow_id, SUM(conclusion = 'success') * 1.0 / COUNT(conclusion) FROM run GROUP BY workflow_id",
  "SELECT workflow_id, AVG(CASE WHEN conclusion = 'success' THEN 1.0 WHEN conclusion IS NOT NULL THEN 0.0 END) "
  "FROM run GROUP BY workflow_id",
  "SELECT workflow_id, SUM(conclusion = 'success') * 1.0 / COUNT(*) FROM run GROUP BY workflow_id",
  "runs still in progress in the denominator", dialect="sqlite")
C("success:default-branch runs per repo and conclusion",
  "SELECT p.repo_id, r.conclusion, COUNT(*) FROM run AS r " + RUN_REPO + " JOIN repo AS p ON p.repo_id = w.repo_id "
  "WHERE r.branch = p.default_branch GROUP BY p.repo_id, r.conclusion",
  "SELECT w.repo_id, r.conclusion, COUNT(*) FROM workflow AS w JOIN run AS r ON r.workflow_id = w.workflow_id "
  "WHERE EXISTS (SELECT 1 FROM repo AS p WHERE p.repo_id = w.repo_id AND p.default_branch = r.branch) "
  "GROUP BY w.repo_id, r.conclusion",
  "SELECT p.repo_id, r.conclusion, COUNT(*) FROM run AS r " + RUN_REPO + " JOIN repo AS p ON p.repo_id = w.repo_id "
  "WHERE r.branch = 'main' GROUP BY p.repo_id, r.conclusion",
  "the default branch hard-coded as main")
C("success:workflows that never succeeded",
  "SELECT w.workflow_id FROM workflow AS w WHERE NOT EXISTS (SELECT 1 FROM run AS r WHERE r.workflow_id = "
  "w.workflow_id AND r.conclusion = 'success')",
  "SELECT workflow_id FROM workflow WHERE workflow_id NOT IN (SELECT workflow_id FROM run WHERE conclusion = 'success')",
  "SELECT DISTINCT workflow_id FROM run WHERE conclusion <> 'success'",
  "workflows with a run that did not succeed taken for never succeeding")
C("success:latest run per workflow",
  "SELECT workflow_id, run_id, conclusion FROM (SELECT workflow_id, run_id, conclusion, ROW_NUMBER() OVER (PARTITION BY "
  "workflow_id ORDER BY started DESC, run_id DESC) AS rn FROM run) AS t WHERE rn = 1",
  "SELECT r.workflow_id, r.run_id, r.conclusion FROM run AS r WHERE NOT EXISTS (SELECT 1 FROM run AS q WHERE "
  "q.workflow_id = r.workflow_id AND (q.started > r.started OR (q.started = r.started AND q.run_id > r.run_id)))",
  "SELECT r.workflow_id, r.run_id, r.conclusion FROM run AS r WHERE r.run_id = (SELECT MAX(q.run_id) FROM run AS q "
  "WHERE q.workflow_id = r.workflow_id)",
  "the highest run id taken for the latest start")
C("success:workflows whose latest run failed",
  "SELECT r.workflow_id FROM run AS r WHERE r.run_id = (SELECT MAX(q.run_id) FROM run AS q WHERE q.workflow_id = "
  "r.workflow_id) AND r.conclusion = 'failure'",
  "SELECT workflow_id FROM (SELECT workflow_id, conclusion, ROW_NUMBER() OVER (PARTITION BY workflow_id ORDER BY "
  "run_id DESC) AS rn FROM run) AS t WHERE rn = 1 AND conclusion = 'failure'",
  "SELECT DISTINCT workflow_id FROM run WHERE conclusion = 'failure'",
  "any failed run taken for the latest")
C("success:run conclusions per branch",
  "SELECT branch, COUNT(*) FILTER (WHERE conclusion = 'success'), COUNT(*) FILTER (WHERE conclusion = 'failure'), "
  "COUNT(*) FILTER (WHERE conclusion IS NULL) FROM run GROUP BY branch",
  "SELECT branch, SUM(CASE WHEN conclusion = 'success' THEN 1 ELSE 0 END), SUM(CASE WHEN conclusion = 'failure' THEN 1 "
  "ELSE 0 END), SUM(CASE WHEN conclusion IS NULL THEN 1 ELSE 0 END) FROM run GROUP BY branch",
  "SELECT branch, COUNT(*) FILTER (WHERE conclusion = 'success'), COUNT(*) FILTER (WHERE conclusion = 'failure'), "
  "COUNT(*) FILTER (WHERE finished IS NULL) FROM run GROUP BY branch",
  "runs without a finish time taken for runs in progress")
C("success:cancelled share per trigger",
  "SELECT w.trigger_event, COUNT(*) FILTER (WHERE r.conclusion = 'cancelled') * 1.0 / COUNT(*) FROM run AS r " + RUN_REPO
  + " GROUP BY w.trigger_event",
  "SELECT t.trigger_event, t.c * 1.0 / t.n FROM (SELECT w.trigger_event, SUM(CASE WHEN r.conclusion = 'cancelled' "
  "THEN 1 ELSE 0 END) AS c, COUNT(*) AS n FROM workflow AS w JOIN run AS r ON r.workflow_id = w.workflow_id "
  "GROUP BY w.trigger_event) AS t",
  "SELECT w.trigger_event, COUNT(*) FILTER (WHERE r.conclusion = 'cancelled') * 1.0 / COUNT(r.conclusion) FROM run AS r "
  + RUN_REPO + " GROUP BY w.trigger_event",
  "runs in progress left out of the denominator")
C("success:runs whose every job succeeded",
  "SELECT r.run_id FROM run AS r WHERE EXISTS (SELECT 1 FROM job AS j WHERE j.run_id = r.run_id) AND NOT EXISTS "
  "(SELECT 1 FROM job AS j WHERE j.run_id = r.run_id AND (j.conclusion IS NULL OR j.conclusion <> 'success'))",
  "SELECT run_id FROM job GROUP BY run_id HAVING COUNT(*) = COUNT(CASE WHEN conclusion = 'success' THEN 1 END)",
  "SELECT r.run_id FROM run AS r WHERE EXISTS (SELECT 1 FROM job AS j WHERE j.run_id = r.run_id) AND NOT EXISTS "
  "(SELECT 1 FROM job AS j WHERE j.run_id = r.run_id AND j.conclusion <> 'success')",
  "jobs without a conclusion do not block the run")
C("success:failed jobs in runs marked successful",
  "SELECT j.job_id FROM job AS j JOIN run AS r ON r.run_id = j.run_id WHERE j.conclusion = 'failure' "
  "AND r.conclusion = 'success'",
  "SELECT job_id FROM job WHERE conclusion = 'failure' AND run_id IN (SELECT run_id FROM run WHERE conclusion = 'success')",
  "SELECT j.job_id FROM job AS j JOIN run AS r ON r.run_id = j.run_id WHERE j.conclusion <> 'success' "
  "AND r.conclusion = 'success'",
  "skipped jobs counted as failed")

# --- durations and queues
C("durations:average run time per workflow",
  "SELECT workflow_id, AVG(finished - started) FROM run GROUP BY workflow_id",
  "SELECT workflow_id, SUM(finished - started) * 1.0 / COUNT(finished) FROM run GROUP BY workflow_id",
  "SELECT workflow_id, SUM(finished - started) * 1.0 / COUNT(*) FROM run GROUP BY workflow_id",
  "unfinished runs in the denominator")
C("durations:longest job per run with ties",
  "SELECT j.run_id, j.job_id FROM job AS j WHERE j.duration = (SELECT MAX(k.duration) FROM job AS k WHERE k.run_id = j.run_id)",
  "SELECT run_id, job_id FROM (SELECT run_id, job_id, RANK() OVER (PARTITION BY run_id ORDER BY duration DESC) AS rk "
  "FROM job WHERE duration IS NOT NULL) AS t WHERE rk = 1",
  "SELECT j.run_id, j.job_id FROM job AS j WHERE j.duration = (SELECT MIN(k.duration) FROM job AS k WHERE k.run_id = j.run_id)",
  "the shortest job taken for the longest")
C("durations:job minutes per runner including unassigned",
  "SELECT runner, SUM(duration) FROM job GROUP BY runner",
  "SELECT runner, SUM(duration) FROM job WHERE runner IS NOT NULL GROUP BY runner UNION ALL SELECT NULL, SUM(duration) "
  "FROM job WHERE runner IS NULL HAVING COUNT(*) > 0",
  "SELECT runner, SUM(duration) FROM job WHERE runner IS NOT NULL GROUP BY runner UNION ALL SELECT NULL, SUM(duration) "
  "FROM job WHERE runner IS NULL",
  "a NULL-runner row listed when every job has a runner")
C("durations:jobs waiting more than a day in the queue",
  "SELECT job_id FROM job WHERE started IS NULL OR started - queued > 1",
  "SELECT job_id FROM job WHERE COALESCE(started - queued, 2) > 1",
  "SELECT job_id FROM job WHERE started - queued > 1",
  "jobs still queued left out")
C("durations:runs slower than their workflow's average",
  "SELECT r.run_id FROM run AS r WHERE r.finished - r.started > (SELECT AVG(q.finished - q.started) FROM run AS q "
  "WHERE q.workflow_id = r.workflow_id)",
  "SELECT run_id FROM (SELECT run_id, finished - started AS d, AVG(finished - started) OVER (PARTITION BY workflow_id) "
  "AS a FROM run) AS t WHERE d > a",
  "SELECT run_id FROM (SELECT run_id, finished - started AS d, AVG(finished - started) OVER () AS a FROM run) AS t "
  "WHERE d > a",
  "compared with the average of all workflows")
C("durations:jobs whose steps outlast the job",
  "SELECT j.job_id FROM job AS j JOIN step AS s ON s.job_id = j.job_id GROUP BY j.job_id, j.duration "
  "HAVING SUM(s.seconds) > j.duration * 60",
  "SELECT j.job_id FROM job AS j WHERE (SELECT SUM(s.seconds) FROM step AS s WHERE s.job_id = j.job_id) > j.duration * 60",
  "SELECT j.job_id FROM job AS j JOIN step AS s ON s.job_id = j.job_id GROUP BY j.job_id, j.duration "
  "HAVING SUM(s.seconds) >= j.duration * 60",
  "steps adding up to exactly the job's time counted")
C("durations:slowest step per job with ties",
  "SELECT s.job_id, s.seq FROM step AS s WHERE NOT EXISTS (SELECT 1 FROM step AS t WHERE t.job_id = s.job_id "
  "AND t.seconds > s.seconds)",
  "SELECT s.job_id, s.seq FROM step AS s JOIN (SELECT job_id, MAX(seconds) AS m FROM step GROUP BY job_id) AS x "
  "ON x.job_id = s.job_id AND x.m = s.seconds",
  "SELECT s.job_id, s.seq FROM step AS s WHERE s.seq = (SELECT MAX(t.seq) FROM step AS t WHERE t.job_id = s.job_id)",
  "the last step taken for the slowest")
C("durations:runs in progress on a day",
  "SELECT run_id FROM run WHERE started <= 4 AND (finished IS NULL OR finished > 4)",
  "SELECT run_id FROM run WHERE started <= 4 AND COALESCE(finished, 5) > 4",
  "SELECT run_id FROM run WHERE started <= 4 AND (finished IS NULL OR finished >= 4)",
  "runs finishing that day counted as in progress")
C("durations:average queue time per runner",
  "SELECT runner, AVG(started - queued) FROM job WHERE runner IS NOT NULL AND started IS NOT NULL GROUP BY runner",
  "SELECT runner, SUM(started - queued) * 1.0 / COUNT(started) FROM job WHERE runner IS NOT NULL GROUP BY runner "
  "HAVING COUNT(started) > 0",
  "SELECT runner, SUM(started - queued) / COUNT(started) FROM job WHERE runner IS NOT NULL GROUP BY runner "
  "HAVING COUNT(started) > 0",
  "integer division")
C("durations:job minutes per run, SQLite TOTAL",
  "SELECT r.run_id, TOTAL(j.duration) FROM run AS r LEFT JOIN job AS j ON j.run_id = r.run_id GROUP BY r.run_id",
  "SELECT r.run_id, IFNULL((SELECT SUM(j.duration) FROM job AS j WHERE j.run_id = r.run_id), 0.0) FROM run AS r",
  "SELECT r.run_id, SUM(j.duration) FROM run AS r LEFT JOIN job AS j ON j.run_id = r.run_id GROUP BY r.run_id",
  "runs without job minutes answer NULL", dialect="sqlite")
C("durations:wall time per run floored at zero, SQLite",
  "SELECT run_id, MAX(finished - started, 0) FROM run",
  "SELECT run_id, CASE WHEN finished IS NULL THEN NULL WHEN finished > started THEN finished - started ELSE 0 END FROM run",
  "SELECT run_id, CASE WHEN finished > started THEN finished - started ELSE 0 END FROM run",
  "runs in progress answer 0 instead of NULL", dialect="sqlite")

# --- tests
C("tests:failure rate per test",
  "SELECT test_id, SUM(CASE WHEN outcome = 'failed' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM test_result "
  "WHERE outcome IN ('passed', 'failed') GROUP BY test_id",
  "SELECT test_id, AVG(CASE WHEN outcome = 'failed' THEN 1.0 ELSE 0.0 END) FROM test_result WHERE outcome = 'passed' "
  "OR outcome = 'failed' GROUP BY test_id",
  "SELECT test_id, SUM(CASE WHEN outcome = 'failed' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM test_result GROUP BY test_id",
  "skipped results in the denominator")
C("tests:flaky tests within one run",
  "SELECT DISTINCT t.test_id FROM test_result AS t JOIN job AS j ON j.job_id = t.job_id WHERE t.outcome = 'failed' "
  "AND EXISTS (SELECT 1 FROM test_result AS u JOIN job AS k ON k.job_id = u.job_id WHERE k.run_id = j.run_id "
  "AND u.test_id = t.test_id AND u.outcome = 'passed')",
  "SELECT DISTINCT test_id FROM (SELECT j.run_id, t.test_id FROM test_result AS t JOIN job AS j ON j.job_id = t.job_id "
  "GROUP BY j.run_id, t.test_id HAVING MAX(CASE WHEN t.outcome = 'failed' THEN 1 ELSE 0 END) = 1 "
  "AND MAX(CASE WHEN t.outcome = 'passed' THEN 1 ELSE 0 END) = 1) AS f",
  "SELECT DISTINCT t.test_id FROM test_result AS t WHERE t.outcome = 'failed' AND EXISTS (SELECT 1 FROM test_result AS u "
  "WHERE u.test_id = t.test_id AND u.outcome = 'passed')",
  "a pass and a failure in different runs taken for flakiness")
C("tests:tests never run",
  "SELECT c.test_id FROM test_case AS c WHERE NOT EXISTS (SELECT 1 FROM test_result AS t WHERE t.test_id = c.test_id)",
  "SELECT c.test_id FROM test_case AS c LEFT JOIN test_result AS t ON t.test_id = c.test_id WHERE t.job_id IS NULL",
  "SELECT c.test_id FROM test_case AS c WHERE c.test_id NOT IN (SELECT test_id FROM test_result WHERE outcome <> 'skipped')",
  "tests only ever skipped counted as never run")
C("tests:test time per job including none",
  "SELECT j.job_id, COALESCE(SUM(t.ms), 0) FROM job AS j LEFT JOIN test_result AS t ON t.job_id = j.job_id GROUP BY j.job_id",
  "SELECT j.job_id, (SELECT COALESCE(SUM(t.ms), 0) FROM test_result AS t WHERE t.job_id = j.job_id) FROM job AS j",
  "SELECT j.job_id, COALESCE(SUM(t.ms), 0) FROM job AS j JOIN test_result AS t ON t.job_id = j.job_id GROUP BY j.job_id",
  "jobs without test results dropped")
C("tests:tests failing on main",
  "SELECT DISTINCT t.test_id FROM test_result AS t JOIN job AS j ON j.job_id = t.job_id JOIN run AS r ON r.run_id = j.run_id "
  "WHERE r.branch = 'main' AND t.outcome = 'failed'",
  "SELECT test_id FROM test_case WHERE test_id IN (SELECT t.test_id FROM test_result AS t WHERE t.outcome = 'failed' "
  "AND t.job_id IN (SELECT j.job_id FROM job AS j JOIN run AS r ON r.run_id = j.run_id WHERE r.branch = 'main'))",
  "SELECT t.test_id FROM test_result AS t JOIN job AS j ON j.job_id = t.job_id JOIN run AS r ON r.run_id = j.run_id "
  "WHERE r.branch = 'main' AND t.outcome = 'failed'",
  "one row per failing result, duplicates kept")
C("tests:tests per suite per repo",
  "SELECT repo_id, COUNT(*) FILTER (WHERE suite = 'unit'), COUNT(*) FILTER (WHERE suite IS NULL) FROM test_case "
  "GROUP BY repo_id",
  "SELECT repo_id, SUM(CASE WHEN suite = 'unit' THEN 1 ELSE 0 END), COUNT(*) - COUNT(suite) FROM test_case GROUP BY repo_id",
  "SELECT repo_id, COUNT(*) FILTER (WHERE suite = 'unit'), COUNT(*) FILTER (WHERE suite <> 'unit') FROM test_case "
  "GROUP BY repo_id",
  "tests of other suites counted as having none")
C("tests:test names repeated case-insensitively in a repo",
  "SELECT a.test_id, b.test_id FROM test_case AS a JOIN test_case AS b ON b.repo_id = a.repo_id AND LOWER(b.name) = "
  "LOWER(a.name) AND b.test_id > a.test_id",
  "SELECT a.test_id, b.test_id FROM test_case AS a, test_case AS b WHERE a.test_id < b.test_id AND a.repo_id = b.repo_id "
  "AND LOWER(a.name) = LOWER(b.name)",
  "SELECT a.test_id, b.test_id FROM test_case AS a JOIN test_case AS b ON b.repo_id = a.repo_id AND LOWER(b.name) = "
  "LOWER(a.name) AND b.test_id <> a.test_id",
  "each pair listed twice")
C("tests:slowest result per test with ties",
  "SELECT test_id, job_id FROM (SELECT test_id, job_id, RANK() OVER (PARTITION BY test_id ORDER BY ms DESC) AS rk "
  "FROM test_result) AS t WHERE rk = 1",
  "SELECT t.test_id, t.job_id FROM test_result AS t WHERE NOT EXISTS (SELECT 1 FROM test_result AS u "
  "WHERE u.test_id = t.test_id AND u.ms > t.ms)",
  "SELECT test_id, job_id FROM (SELECT test_id, job_id, ROW_NUMBER() OVER (PARTITION BY test_id ORDER BY ms DESC, "
  "job_id) AS rk FROM test_result) AS t WHERE rk = 1",
  "tied slowest results cut to one")
C("tests:outcomes per suite",
  "SELECT c.suite, t.outcome, COUNT(*) FROM test_result AS t JOIN test_case AS c ON c.test_id = t.test_id "
  "GROUP BY c.suite, t.outcome",
  "SELECT x.suite, x.outcome, COUNT(*) FROM (SELECT (SELECT c.suite FROM test_case AS c WHERE c.test_id = t.test_id) AS suite, "
  "t.outcome FROM test_result AS t) AS x GROUP BY x.suite, x.outcome",
  "SELECT c.suite, t.outcome, COUNT(*) FROM test_result AS t JOIN test_case AS c ON c.test_id = t.test_id "
  "WHERE c.suite IS NOT NULL GROUP BY c.suite, t.outcome",
  "tests without a suite dropped")
C("tests:jobs with results but no pytest step",
  "SELECT j.job_id FROM job AS j WHERE EXISTS (SELECT 1 FROM test_result AS t WHERE t.job_id = j.job_id) AND NOT EXISTS "
  "(SELECT 1 FROM step AS s WHERE s.job_id = j.job_id AND s.name = 'pytest')",
  "SELECT job_id FROM test_result EXCEPT SELECT job_id FROM step WHERE name = 'pytest'",
  "SELECT t.job_id FROM test_result AS t LEFT JOIN step AS s ON s.job_id = t.job_id AND s.name = 'pytest' "
  "WHERE s.seq IS NULL",
  "one row per test result, duplicates kept")

# --- reruns, jobs and steps
C("reruns:re-attempted runs per workflow including none",
  "SELECT w.workflow_id, COUNT(r.run_id) FROM workflow AS w LEFT JOIN run AS r ON r.workflow_id = w.workflow_id "
  "AND r.attempt > 1 GROUP BY w.workflow_id",
  "SELECT w.workflow_id, (SELECT COUNT(*) FROM run AS r WHERE r.workflow_id = w.workflow_id AND r.attempt > 1) "
  "FROM workflow AS w",
  "SELECT w.workflow_id, COUNT(r.run_id) FROM workflow AS w LEFT JOIN run AS r ON r.workflow_id = w.workflow_id "
  "AND r.attempt >= 1 GROUP BY w.workflow_id",
  "first attempts counted as re-runs")
C("reruns:success rate of re-attempts per branch",
  "SELECT branch, AVG(CASE WHEN conclusion = 'success' THEN 1.0 ELSE 0.0 END) FROM run WHERE attempt > 1 GROUP BY branch",
  "SELECT branch, SUM(CASE WHEN conclusion = 'success' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM run WHERE attempt > 1 "
  "GROUP BY branch",
  "SELECT branch, SUM(CASE WHEN conclusion = 'success' THEN 1 ELSE 0 END) * 1.0 / COUNT(conclusion) FROM run "
  "WHERE attempt > 1 GROUP BY branch",
  "re-attempts in progress left out of the denominator")
C("jobs:queued jobs per run including none",
  "SELECT r.run_id, COUNT(j.job_id) FROM run AS r LEFT JOIN job AS j ON j.run_id = r.run_id AND j.started IS NULL "
  "GROUP BY r.run_id",
  "SELECT r.run_id, COALESCE(q.n, 0) FROM run AS r LEFT JOIN (SELECT run_id, COUNT(*) AS n FROM job WHERE started IS NULL "
  "GROUP BY run_id) AS q ON q.run_id = r.run_id",
  "SELECT r.run_id, COUNT(j.job_id) FROM run AS r LEFT JOIN job AS j ON j.run_id = r.run_id WHERE j.started IS NULL "
  "GROUP BY r.run_id",
  "the filter in WHERE keeps only runs without started jobs")
C("jobs:first failing step per job",
  "SELECT job_id, MIN(seq) FROM step WHERE status = 'failure' GROUP BY job_id",
  "SELECT job_id, seq FROM (SELECT job_id, seq, ROW_NUMBER() OVER (PARTITION BY job_id ORDER BY seq) AS rn FROM step "
  "WHERE status = 'failure') AS t WHERE rn = 1",
  "SELECT job_id, MAX(seq) FROM step WHERE status = 'failure' GROUP BY job_id",
  "the last failing step taken for the first")
C("jobs:jobs whose steps were all skipped",
  "SELECT job_id FROM step GROUP BY job_id HAVING MIN(CASE WHEN status = 'skipped' THEN 1 ELSE 0 END) = 1",
  "SELECT j.job_id FROM job AS j WHERE EXISTS (SELECT 1 FROM step AS s WHERE s.job_id = j.job_id) AND NOT EXISTS "
  "(SELECT 1 FROM step AS s WHERE s.job_id = j.job_id AND s.status <> 'skipped')",
  "SELECT j.job_id FROM job AS j WHERE NOT EXISTS (SELECT 1 FROM step AS s WHERE s.job_id = j.job_id AND s.status <> 'skipped')",
  "jobs without steps listed")
C("jobs:average step time per step name excluding skipped",
  "SELECT name, AVG(seconds) FROM step WHERE status <> 'skipped' GROUP BY name",
  "SELECT name, SUM(CASE WHEN status <> 'skipped' THEN seconds END) * 1.0 / COUNT(CASE WHEN status <> 'skipped' "
  "THEN 1 END) FROM step GROUP BY name HAVING COUNT(CASE WHEN status <> 'skipped' THEN 1 END) > 0",
  "SELECT name, AVG(seconds) FROM step GROUP BY name",
  "skipped steps averaged in")
C("jobs:concluded runs with a job still queued",
  "SELECT DISTINCT r.run_id FROM run AS r JOIN job AS j ON j.run_id = r.run_id WHERE r.conclusion IS NOT NULL "
  "AND j.started IS NULL",
  "SELECT run_id FROM run WHERE conclusion IS NOT NULL AND run_id IN (SELECT run_id FROM job WHERE started IS NULL)",
  "SELECT DISTINCT r.run_id FROM run AS r JOIN job AS j ON j.run_id = r.run_id WHERE r.conclusion IS NOT NULL "
  "AND j.runner IS NULL",
  "jobs without a runner taken for jobs not started")
C("jobs:runs using both runner kinds",
  "SELECT run_id FROM job WHERE runner = 'linux' INTERSECT SELECT run_id FROM job WHERE runner = 'macos'",
  "SELECT run_id FROM job WHERE runner IN ('linux', 'macos') GROUP BY run_id HAVING COUNT(DISTINCT runner) = 2",
  "SELECT run_id FROM job WHERE runner = 'linux' UNION SELECT run_id FROM job WHERE runner = 'macos'",
  "either runner taken for both")
C("jobs:biggest run per workflow by job count with ties",
  "WITH n AS (SELECT r.workflow_id, r.run_id, COUNT(*) AS jobs FROM run AS r JOIN job AS j ON j.run_id = r.run_id "
  "GROUP BY r.workflow_id, r.run_id) SELECT workflow_id, run_id FROM n WHERE jobs = (SELECT MAX(m.jobs) FROM n AS m "
  "WHERE m.workflow_id = n.workflow_id)",
  "SELECT workflow_id, run_id FROM (SELECT r.workflow_id, r.run_id, RANK() OVER (PARTITION BY r.workflow_id ORDER BY "
  "COUNT(*) DESC) AS rk FROM run AS r JOIN job AS j ON j.run_id = r.run_id GROUP BY r.workflow_id, r.run_id) AS t WHERE rk = 1",
  "WITH n AS (SELECT r.workflow_id, r.run_id, COUNT(*) AS jobs FROM run AS r LEFT JOIN job AS j ON j.run_id = r.run_id "
  "GROUP BY r.workflow_id, r.run_id) SELECT workflow_id, run_id FROM n WHERE jobs = (SELECT MAX(m.jobs) FROM n AS m "
  "WHERE m.workflow_id = n.workflow_id)",
  "COUNT(*) over the outer join counts runs without jobs as one job")

# --- runner log
C("runners:jobs assigned per runner",
  "SELECT runner, COUNT(DISTINCT job_id) FROM runner_log WHERE event = 'assigned' GROUP BY runner",
  "SELECT runner, COUNT(job_id) FROM (SELECT DISTINCT runner, job_id FROM runner_log WHERE event = 'assigned') AS t "
  "GROUP BY runner",
  "SELECT runner, COUNT(job_id) FROM runner_log WHERE event = 'assigned' GROUP BY runner",
  "duplicate log rows counted")
C("runners:jobs whose runner was lost",
  "SELECT DISTINCT job_id FROM runner_log WHERE event = 'lost' AND job_id IS NOT NULL",
  "SELECT job_id FROM job WHERE job_id IN (SELECT job_id FROM runner_log WHERE event = 'lost')",
  "SELECT DISTINCT job_id FROM runner_log WHERE event = 'lost'",
  "log rows without a job reported as a NULL job")
C("runners:jobs with heartbeats on two days",
  "SELECT DISTINCT a.job_id FROM runner_log AS a JOIN runner_log AS b ON b.job_id = a.job_id AND b.day <> a.day "
  "WHERE a.event = 'heartbeat' AND b.event = 'heartbeat'",
  "SELECT job_id FROM runner_log WHERE event = 'heartbeat' AND job_id IS NOT NULL GROUP BY job_id "
  "HAVING COUNT(DISTINCT day) >= 2",
  "SELECT job_id FROM runner_log WHERE event = 'heartbeat' AND job_id IS NOT NULL GROUP BY job_id HAVING COUNT(*) >= 2",
  "two heartbeat rows on one day counted as two days")
C("runners:last heartbeat day per job",
  "SELECT job_id, MAX(day) FROM runner_log WHERE event = 'heartbeat' AND job_id IS NOT NULL GROUP BY job_id",
  "SELECT j.job_id, (SELECT l.day FROM runner_log AS l WHERE l.job_id = j.job_id AND l.event = 'heartbeat' AND l.day "
  "IS NOT NULL ORDER BY l.day DESC LIMIT 1) FROM job AS j WHERE EXISTS (SELECT 1 FROM runner_log AS l WHERE "
  "l.job_id = j.job_id AND l.event = 'heartbeat')",
  "SELECT job_id, MIN(day) FROM runner_log WHERE event = 'heartbeat' AND job_id IS NOT NULL GROUP BY job_id",
  "the first heartbeat taken for the last")
C("runners:log events per day without duplicates",
  "SELECT day, event, COUNT(*) FROM (SELECT DISTINCT runner, job_id, event, day FROM runner_log) AS t GROUP BY day, event",
  "SELECT day, event, COUNT(*) FROM (SELECT runner, job_id, event, day FROM runner_log GROUP BY runner, job_id, event, day) "
  "AS t GROUP BY day, event",
  "SELECT day, event, COUNT(*) FROM runner_log GROUP BY day, event",
  "duplicate log rows counted")
C("runners:lost jobs that still concluded successfully",
  "SELECT j.job_id FROM job AS j WHERE j.conclusion = 'success' AND EXISTS (SELECT 1 FROM runner_log AS l "
  "WHERE l.job_id = j.job_id AND l.event = 'lost')",
  "SELECT DISTINCT j.job_id FROM job AS j JOIN runner_log AS l ON l.job_id = j.job_id WHERE l.event = 'lost' "
  "AND j.conclusion = 'success'",
  "SELECT j.job_id FROM job AS j JOIN runner_log AS l ON l.job_id = j.job_id WHERE l.event = 'lost' "
  "AND j.conclusion = 'success'",
  "a job lost twice listed twice")

# --- deploys (DORA)
C("deploys:prod deploys per three-day window",
  "SELECT day / 3, COUNT(*) FROM deploy WHERE env = 'prod' GROUP BY day / 3",
  "SELECT wk, COUNT(*) FROM (SELECT day / 3 AS wk FROM deploy WHERE env = 'prod') AS t GROUP BY wk",
  "SELECT day / 3, COUNT(*) FROM deploy GROUP BY day / 3",
  "staging deploys counted")
C("deploys:change failure rate per environment",
  "SELECT env, COUNT(rolled_back_day) * 1.0 / COUNT(*) FROM deploy GROUP BY env",
  "SELECT env, AVG(CASE WHEN rolled_back_day IS NOT NULL THEN 1.0 ELSE 0.0 END) FROM deploy GROUP BY env",
  "SELECT env, SUM(CASE WHEN rolled_back_day IS NULL THEN 0 ELSE 1 END) / COUNT(*) FROM deploy GROUP BY env",
  "integer division")
C("deploys:time to restore per environment",
  "SELECT env, AVG(rolled_back_day - day) FROM deploy GROUP BY env",
  "SELECT env, SUM(rolled_back_day - day) * 1.0 / COUNT(rolled_back_day) FROM deploy GROUP BY env",
  "SELECT env, SUM(rolled_back_day - day) * 1.0 / COUNT(*) FROM deploy GROUP BY env",
  "deploys never rolled back in the denominator")
C("deploys:manual deploys",
  "SELECT deploy_id FROM deploy WHERE run_id IS NULL",
  "SELECT d.deploy_id FROM deploy AS d WHERE NOT EXISTS (SELECT 1 FROM run AS r WHERE r.run_id = d.run_id)",
  "SELECT deploy_id FROM deploy WHERE run_id NOT IN (SELECT run_id FROM run)",
  "NOT IN with a NULL run id answers nothing")
C("deploys:deploys from runs that were not green",
  "SELECT d.deploy_id FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id WHERE r.conclusion IS NULL "
  "OR r.conclusion <> 'success'",
  "SELECT deploy_id FROM deploy WHERE run_id IS NOT NULL AND run_id NOT IN (SELECT run_id FROM run WHERE conclusion = 'success')",
  "SELECT d.deploy_id FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id WHERE r.conclusion <> 'success'",
  "deploys from runs still in progress left out")
C("deploys:last good prod deploy per repo",
  "SELECT repo_id, deploy_id FROM (SELECT w.repo_id, d.deploy_id, ROW_NUMBER() OVER (PARTITION BY w.repo_id ORDER BY "
  "d.day DESC, d.deploy_id DESC) AS rn FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id " + RUN_REPO
  + " WHERE d.env = 'prod' AND d.rolled_back_day IS NULL) AS t WHERE rn = 1",
  "WITH g AS (SELECT w.repo_id, d.deploy_id, d.day FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id " + RUN_REPO
  + " WHERE d.env = 'prod' AND d.rolled_back_day IS NULL) SELECT repo_id, deploy_id FROM g WHERE NOT EXISTS (SELECT 1 "
  "FROM g AS h WHERE h.repo_id = g.repo_id AND (h.day > g.day OR (h.day = g.day AND h.deploy_id > g.deploy_id)))",
  "SELECT repo_id, deploy_id FROM (SELECT w.repo_id, d.deploy_id, ROW_NUMBER() OVER (PARTITION BY w.repo_id ORDER BY "
  "d.day DESC, d.deploy_id DESC) AS rn FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id " + RUN_REPO
  + " WHERE d.env = 'prod') AS t WHERE rn = 1",
  "rolled-back deploys taken as good")
C("deploys:days to the next prod deploy",
  "SELECT deploy_id, LEAD(day) OVER (ORDER BY day, deploy_id) - day FROM deploy WHERE env = 'prod'",
  "SELECT d.deploy_id, (SELECT e.day FROM deploy AS e WHERE e.env = 'prod' AND (e.day > d.day OR (e.day = d.day "
  "AND e.deploy_id > d.deploy_id)) ORDER BY e.day, e.deploy_id LIMIT 1) - d.day FROM deploy AS d WHERE d.env = 'prod'",
  "SELECT deploy_id, LEAD(day) OVER (ORDER BY deploy_id) - day FROM deploy WHERE env = 'prod'",
  "deploys ordered by id instead of day")
C("deploys:repos never deployed to prod",
  "SELECT p.repo_id FROM repo AS p WHERE NOT EXISTS (SELECT 1 FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id "
  + RUN_REPO + " WHERE w.repo_id = p.repo_id AND d.env = 'prod')",
  "SELECT repo_id FROM repo EXCEPT SELECT w.repo_id FROM workflow AS w JOIN run AS r ON r.workflow_id = w.workflow_id "
  "JOIN deploy AS d ON d.run_id = r.run_id WHERE d.env = 'prod'",
  "SELECT p.repo_id FROM repo AS p WHERE NOT EXISTS (SELECT 1 FROM deploy AS d JOIN run AS r ON r.run_id = d.run_id "
  + RUN_REPO + " WHERE w.repo_id = p.repo_id)",
  "staging deploys counted as deploys")
C("deploys:rolled back within two days",
  "SELECT deploy_id FROM deploy WHERE rolled_back_day - day <= 2",
  "SELECT deploy_id FROM deploy WHERE rolled_back_day IS NOT NULL AND rolled_back_day <= day + 2",
  "SELECT deploy_id FROM deploy WHERE rolled_back_day - day < 2",
  "a rollback on the second day left out")
C("deploys:last three deploys",
  "SELECT deploy_id, env, day FROM deploy ORDER BY day DESC, deploy_id DESC LIMIT 3",
  "SELECT deploy_id, env, day FROM (SELECT deploy_id, env, day, ROW_NUMBER() OVER (ORDER BY day DESC, deploy_id DESC) "
  "AS rn FROM deploy) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT deploy_id, env, day FROM deploy ORDER BY deploy_id DESC LIMIT 3",
  "the highest ids taken for the latest days", semantics="list")

# --- repos, workflows and actors
C("repos:repos with more than one push workflow",
  "SELECT repo_id FROM workflow WHERE trigger_event = 'push' GROUP BY repo_id HAVING COUNT(*) > 1",
  "SELECT p.repo_id FROM repo AS p WHERE (SELECT COUNT(*) FROM workflow AS w WHERE w.repo_id = p.repo_id "
  "AND w.trigger_event = 'push') > 1",
  "SELECT repo_id FROM workflow GROUP BY repo_id HAVING COUNT(*) > 1",
  "workflows of any trigger counted")
C("repos:runs per actor including scheduled",
  "SELECT actor, COUNT(*) FROM run GROUP BY actor",
  "SELECT actor, COUNT(*) FROM run WHERE actor IS NOT NULL GROUP BY actor UNION ALL SELECT NULL, COUNT(*) FROM run "
  "WHERE actor IS NULL HAVING COUNT(*) > 0",
  "SELECT actor, COUNT(actor) FROM run GROUP BY actor",
  "scheduled runs counted as 0")
C("repos:bot, scheduled and human runs",
  "SELECT CASE WHEN actor = 'bot' THEN 'bot' WHEN actor IS NULL THEN 'schedule' ELSE 'human' END AS kind, COUNT(*) "
  "FROM run GROUP BY CASE WHEN actor = 'bot' THEN 'bot' WHEN actor IS NULL THEN 'schedule' ELSE 'human' END",
  "SELECT 'bot', COUNT(*) FROM run WHERE actor = 'bot' HAVING COUNT(*) > 0 UNION ALL SELECT 'schedule', COUNT(*) FROM run "
  "WHERE actor IS NULL HAVING COUNT(*) > 0 UNION ALL SELECT 'human', COUNT(*) FROM run WHERE actor <> 'bot' "
  "HAVING COUNT(*) > 0",
  "SELECT CASE WHEN actor = 'bot' THEN 'bot' ELSE 'human' END AS kind, COUNT(*) FROM run "
  "GROUP BY CASE WHEN actor = 'bot' THEN 'bot' ELSE 'human' END",
  "scheduled runs counted as human")
C("repos:actors running workflows of two repos",
  "SELECT r.actor FROM run AS r " + RUN_REPO + " WHERE r.actor IS NOT NULL GROUP BY r.actor HAVING COUNT(DISTINCT w.repo_id) >= 2",
  "SELECT DISTINCT r1.actor FROM run AS r1 JOIN workflow AS w1 ON w1.workflow_id = r1.workflow_id JOIN run AS r2 "
  "ON r2.actor = r1.actor JOIN workflow AS w2 ON w2.workflow_id = r2.workflow_id WHERE w2.repo_id <> w1.repo_id",
  "SELECT r.actor FROM run AS r " + RUN_REPO + " WHERE r.actor IS NOT NULL GROUP BY r.actor HAVING COUNT(*) >= 2",
  "two runs in one repo counted as two repos")
C("repos:actors whose first run started on day four or later",
  "SELECT actor FROM run WHERE actor IS NOT NULL GROUP BY actor HAVING MIN(started) >= 4",
  "SELECT DISTINCT r.actor FROM run AS r WHERE r.actor IS NOT NULL AND NOT EXISTS (SELECT 1 FROM run AS q "
  "WHERE q.actor = r.actor AND q.started < 4)",
  "SELECT actor FROM run WHERE actor IS NOT NULL GROUP BY actor HAVING MIN(started) > 4",
  "actors starting on day four left out")
C("repos:top two branches per repo by runs",
  "SELECT repo_id, branch FROM (SELECT w.repo_id, r.branch, RANK() OVER (PARTITION BY w.repo_id ORDER BY COUNT(*) DESC) "
  "AS rk FROM run AS r " + RUN_REPO + " GROUP BY w.repo_id, r.branch) AS t WHERE rk <= 2",
  "WITH b AS (SELECT w.repo_id, r.branch, COUNT(*) AS n FROM run AS r " + RUN_REPO + " GROUP BY w.repo_id, r.branch) "
  "SELECT repo_id, branch FROM b WHERE (SELECT COUNT(*) FROM b AS c WHERE c.repo_id = b.repo_id AND c.n > b.n) < 2",
  "SELECT repo_id, branch FROM (SELECT w.repo_id, r.branch, DENSE_RANK() OVER (PARTITION BY w.repo_id ORDER BY COUNT(*) "
  "DESC) AS rk FROM run AS r " + RUN_REPO + " GROUP BY w.repo_id, r.branch) AS t WHERE rk <= 2",
  "DENSE_RANK keeps the branches behind a tie")
C("repos:failed runs since day four per repo including none",
  "SELECT p.repo_id, COUNT(r.run_id) FROM repo AS p LEFT JOIN workflow AS w ON w.repo_id = p.repo_id LEFT JOIN run AS r "
  "ON r.workflow_id = w.workflow_id AND r.conclusion = 'failure' AND r.started >= 4 GROUP BY p.repo_id",
  "SELECT p.repo_id, (SELECT COUNT(*) FROM run AS r " + RUN_REPO + " WHERE w.repo_id = p.repo_id AND r.conclusion = "
  "'failure' AND r.started >= 4) FROM repo AS p",
  "SELECT p.repo_id, COUNT(r.run_id) FROM repo AS p LEFT JOIN workflow AS w ON w.repo_id = p.repo_id LEFT JOIN run AS r "
  "ON r.workflow_id = w.workflow_id AND r.conclusion = 'failure' AND r.started > 4 GROUP BY p.repo_id",
  "runs starting on day four left out")
C("repos:trigger mix per repo",
  "SELECT repo_id, COUNT(*) FILTER (WHERE trigger_event = 'push'), COUNT(*) FILTER (WHERE trigger_event = 'schedule') "
  "FROM workflow GROUP BY repo_id",
  "SELECT p.repo_id, SUM(CASE WHEN w.trigger_event = 'push' THEN 1 ELSE 0 END), SUM(CASE WHEN w.trigger_event = "
  "'schedule' THEN 1 ELSE 0 END) FROM repo AS p JOIN workflow AS w ON w.repo_id = p.repo_id GROUP BY p.repo_id",
  "SELECT p.repo_id, SUM(CASE WHEN w.trigger_event = 'push' THEN 1 ELSE 0 END), SUM(CASE WHEN w.trigger_event = "
  "'schedule' THEN 1 ELSE 0 END) FROM repo AS p LEFT JOIN workflow AS w ON w.repo_id = p.repo_id GROUP BY p.repo_id",
  "repos without workflows listed with zeros")
C("repos:runs of archived repos",
  "SELECT r.run_id FROM run AS r " + RUN_REPO + " JOIN repo AS p ON p.repo_id = w.repo_id WHERE p.archived = 1",
  "SELECT run_id FROM run WHERE workflow_id IN (SELECT workflow_id FROM workflow WHERE repo_id IN (SELECT repo_id "
  "FROM repo WHERE archived = 1))",
  "SELECT r.run_id FROM run AS r " + RUN_REPO + " JOIN repo AS p ON p.repo_id = w.repo_id WHERE p.archived = 0",
  "the archived flag read the wrong way")
C("repos:run count per repo and branch with repo name",
  "SELECT p.name, r.branch, COUNT(*) FROM repo AS p JOIN workflow AS w ON w.repo_id = p.repo_id JOIN run AS r "
  "ON r.workflow_id = w.workflow_id GROUP BY p.repo_id, p.name, r.branch",
  "SELECT p.name, x.branch, x.n FROM repo AS p JOIN (SELECT w.repo_id, r.branch, COUNT(*) AS n FROM run AS r " + RUN_REPO
  + " GROUP BY w.repo_id, r.branch) AS x ON x.repo_id = p.repo_id",
  "SELECT p.name, r.branch, COUNT(*) FROM repo AS p JOIN workflow AS w ON w.repo_id = p.repo_id JOIN run AS r "
  "ON r.workflow_id = w.workflow_id GROUP BY p.name, r.branch",
  "repos sharing a name merged")

# ================================================================ event ticketing (boxoffice)
PAID = "JOIN ticket_order AS o ON o.order_id = t.order_id AND o.status = 'paid'"

# --- sales
E("sales:paid tickets per event",
  "SELECT o.event_id, COUNT(*) FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id "
  "WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, SUM(x.n) FROM ticket_order AS o JOIN (SELECT order_id, COUNT(*) AS n FROM ticket GROUP BY order_id) "
  "AS x ON x.order_id = o.order_id WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(*) FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id "
  "WHERE o.status <> 'cancelled' GROUP BY o.event_id",
  "pending orders counted as sold")
E("sales:gross per event including none",
  "SELECT e.event_id, COALESCE(SUM(t.price), 0) FROM event AS e LEFT JOIN ticket_order AS o ON o.event_id = e.event_id "
  "AND o.status = 'paid' LEFT JOIN ticket AS t ON t.order_id = o.order_id GROUP BY e.event_id",
  "SELECT e.event_id, COALESCE((SELECT SUM(t.price) FROM ticket AS t " + PAID + " WHERE o.event_id = e.event_id), 0) "
  "FROM event AS e",
  "SELECT e.event_id, COALESCE(SUM(t.price), 0) FROM event AS e LEFT JOIN ticket_order AS o ON o.event_id = e.event_id "
  "LEFT JOIN ticket AS t ON t.order_id = o.order_id WHERE o.status = 'paid' GROUP BY e.event_id",
  "the status filter in WHERE drops events without paid orders")
E("sales:revenue with fees per event",
  "SELECT o.event_id, SUM(t.price + COALESCE(t.fee, 0)) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, SUM(CASE WHEN t.fee IS NULL THEN t.price ELSE t.price + t.fee END) FROM ticket_order AS o "
  "JOIN ticket AS t ON t.order_id = o.order_id WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, SUM(t.price + t.fee) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "tickets without a fee dropped from the sum")
E("sales:revenue with fees per event, SQLite",
  "SELECT o.event_id, TOTAL(IIF(t.fee IS NULL, t.price, t.price + t.fee)) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, SUM(t.price + IFNULL(t.fee, 0)) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, TOTAL(t.price) + TOTAL(t.fee) / COUNT(*) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "the fee averaged over the tickets instead of summed", dialect="sqlite")
E("sales:tickets per event and seat tier",
  "SELECT o.event_id, s.tier, COUNT(*) FROM ticket AS t " + PAID + " LEFT JOIN seat AS s ON s.seat_id = t.seat_id "
  "GROUP BY o.event_id, s.tier",
  "SELECT event_id, tier, COUNT(*) FROM (SELECT o.event_id, (SELECT s.tier FROM seat AS s WHERE s.seat_id = t.seat_id) "
  "AS tier FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id WHERE o.status = 'paid') AS x "
  "GROUP BY event_id, tier",
  "SELECT o.event_id, s.tier, COUNT(*) FROM ticket AS t " + PAID + " JOIN seat AS s ON s.seat_id = t.seat_id "
  "GROUP BY o.event_id, s.tier",
  "general admission tickets dropped")
E("sales:average ticket price per event",
  "SELECT o.event_id, AVG(t.price) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, SUM(t.price) / COUNT(*) FROM ticket_order AS o JOIN ticket AS t ON t.order_id = o.order_id "
  "WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, AVG(DISTINCT t.price) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "tickets at the same price averaged once")
E("sales:top-selling event per venue with ties",
  "WITH n AS (SELECT e.venue_id, e.event_id, COUNT(*) AS sold FROM event AS e JOIN ticket_order AS o ON o.event_id = "
  "e.event_id JOIN ticket AS t ON t.order_id = o.order_id WHERE o.status = 'paid' GROUP BY e.venue_id, e.event_id) "
  "SELECT venue_id, event_id FROM n WHERE sold = (SELECT MAX(m.sold) FROM n AS m WHERE m.venue_id = n.venue_id)",
  "SELECT venue_id, event_id FROM (SELECT e.venue_id, e.event_id, RANK() OVER (PARTITION BY e.venue_id ORDER BY COUNT(*) "
  "DESC) AS rk FROM event AS e JOIN ticket_order AS o ON o.event_id = e.event_id JOIN ticket AS t ON t.order_id = "
  "o.order_id WHERE o.status = 'paid' GROUP BY e.venue_id, e.event_id) AS r WHERE rk = 1",
  "SELECT venue_id, event_id FROM (SELECT e.venue_id, e.event_id, RANK() OVER (ORDER BY COUNT(*) DESC) AS rk FROM event "
  "AS e JOIN ticket_order AS o ON o.event_id = e.event_id JOIN ticket AS t ON t.order_id = o.order_id WHERE o.status = "
  "'paid' GROUP BY e.venue_id, e.event_id) AS r WHERE rk = 1",
  "the overall top event instead of each venue's")
E("sales:running ticket count per event by order day",
  "WITH d AS (SELECT o.event_id, o.day, COUNT(*) AS n FROM ticket AS t " + PAID + " GROUP BY o.event_id, o.day) "
  "SELECT event_id, day, SUM(n) OVER (PARTITION BY event_id ORDER BY day) FROM d",
  "WITH d AS (SELECT o.event_id, o.day, COUNT(*) AS n FROM ticket AS t " + PAID + " GROUP BY o.event_id, o.day) "
  "SELECT a.event_id, a.day, (SELECT SUM(b.n) FROM d AS b WHERE b.event_id = a.event_id AND b.day <= a.day) FROM d AS a",
  "WITH d AS (SELECT o.event_id, o.day, COUNT(*) AS n FROM ticket AS t " + PAID + " GROUP BY o.event_id, o.day) "
  "SELECT event_id, day, SUM(n) OVER (ORDER BY day) FROM d",
  "the running total not restarted per event")
E("sales:orders placed before the on-sale day",
  "SELECT o.order_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id WHERE e.onsale_day IS NULL "
  "OR o.day < e.onsale_day",
  "SELECT o.order_id FROM ticket_order AS o WHERE EXISTS (SELECT 1 FROM event AS e WHERE e.event_id = o.event_id "
  "AND COALESCE(e.onsale_day, o.day + 1) > o.day)",
  "SELECT o.order_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id WHERE o.day < e.onsale_day",
  "orders for events not yet on sale left out")
E("sales:orders per promo code including none",
  "SELECT promo, COUNT(*) FROM ticket_order GROUP BY promo",
  "SELECT promo, COUNT(*) FROM ticket_order WHERE promo IS NOT NULL GROUP BY promo UNION ALL SELECT NULL, COUNT(*) "
  "FROM ticket_order WHERE promo IS NULL HAVING COUNT(*) > 0",
  "SELECT promo, COUNT(promo) FROM ticket_order GROUP BY promo",
  "orders without a promo counted as 0")
E("sales:average order value with and without a promo",
  "SELECT CASE WHEN o.promo IS NULL THEN 'none' ELSE 'promo' END AS bucket, AVG(v.total) FROM ticket_order AS o "
  "JOIN (SELECT order_id, SUM(price) AS total FROM ticket GROUP BY order_id) AS v ON v.order_id = o.order_id "
  "GROUP BY CASE WHEN o.promo IS NULL THEN 'none' ELSE 'promo' END",
  "WITH v AS (SELECT o.promo, SUM(t.price) AS total FROM ticket_order AS o JOIN ticket AS t ON t.order_id = o.order_id "
  "GROUP BY o.order_id, o.promo) SELECT 'none', AVG(total) FROM v WHERE promo IS NULL HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'promo', AVG(total) FROM v WHERE promo IS NOT NULL HAVING COUNT(*) > 0",
  "SELECT CASE WHEN o.promo IS NULL THEN 'none' ELSE 'promo' END AS bucket, AVG(t.price) FROM ticket_order AS o "
  "JOIN ticket AS t ON t.order_id = o.order_id GROUP BY CASE WHEN o.promo IS NULL THEN 'none' ELSE 'promo' END",
  "the average ticket taken for the average order")
E("sales:customers who used two promo codes",
  "SELECT cust_id FROM ticket_order WHERE promo IS NOT NULL GROUP BY cust_id HAVING COUNT(DISTINCT promo) >= 2",
  "SELECT DISTINCT a.cust_id FROM ticket_order AS a JOIN ticket_order AS b ON b.cust_id = a.cust_id AND b.promo <> a.promo",
  "SELECT cust_id FROM ticket_order WHERE promo IS NOT NULL GROUP BY cust_id HAVING COUNT(promo) >= 2",
  "one promo code used twice counted as two")
E("sales:last-minute orders",
  "SELECT o.order_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id WHERE e.day - o.day BETWEEN 0 AND 1",
  "SELECT order_id FROM ticket_order AS o WHERE EXISTS (SELECT 1 FROM event AS e WHERE e.event_id = o.event_id "
  "AND o.day >= e.day - 1 AND o.day <= e.day)",
  "SELECT o.order_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id WHERE e.day - o.day BETWEEN 0 AND 0",
  "orders the day before the event left out")
E("sales:fee revenue per event",
  "SELECT o.event_id, SUM(COALESCE(t.fee, 0)) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, COALESCE(SUM(t.fee), 0) FROM ticket_order AS o JOIN ticket AS t ON t.order_id = o.order_id "
  "WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, SUM(t.fee) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "events whose tickets carry no fee answer NULL")
E("sales:general admission and reserved tickets per event",
  "SELECT o.event_id, COUNT(*) FILTER (WHERE t.seat_id IS NULL), COUNT(*) FILTER (WHERE t.seat_id IS NOT NULL) "
  "FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(*) - COUNT(t.seat_id), COUNT(t.seat_id) FROM ticket_order AS o JOIN ticket AS t "
  "ON t.order_id = o.order_id WHERE o.status = 'paid' GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(*) FILTER (WHERE s.tier IS NULL), COUNT(*) FILTER (WHERE s.tier IS NOT NULL) "
  "FROM ticket AS t " + PAID + " LEFT JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY o.event_id",
  "seats without a tier taken for general admission")
E("sales:events above their venue's average gross",
  "WITH g AS (SELECT e.venue_id, e.event_id, SUM(t.price) AS gross FROM event AS e JOIN ticket_order AS o ON o.event_id = "
  "e.event_id JOIN ticket AS t ON t.order_id = o.order_id GROUP BY e.venue_id, e.event_id) SELECT event_id FROM g "
  "WHERE gross > (SELECT AVG(h.gross) FROM g AS h WHERE h.venue_id = g.venue_id)",
  "SELECT event_id FROM (SELECT e.event_id, SUM(t.price) AS gross, AVG(SUM(t.price)) OVER (PARTITION BY e.venue_id) AS a "
  "FROM event AS e JOIN ticket_order AS o ON o.event_id = e.event_id JOIN ticket AS t ON t.order_id = o.order_id "
  "GROUP BY e.venue_id, e.event_id) AS x WHERE gross > a",
  "SELECT event_id FROM (SELECT e.event_id, SUM(t.price) AS gross, AVG(SUM(t.price)) OVER () AS a "
  "FROM event AS e JOIN ticket_order AS o ON o.event_id = e.event_id JOIN ticket AS t ON t.order_id = o.order_id "
  "GROUP BY e.venue_id, e.event_id) AS x WHERE gross > a",
  "compared with the average of all venues")
E("sales:gross per event, SQLite TOTAL",
  "SELECT e.event_id, TOTAL(t.price) FROM event AS e LEFT JOIN ticket_order AS o ON o.event_id = e.event_id LEFT JOIN "
  "ticket AS t ON t.order_id = o.order_id GROUP BY e.event_id",
  "SELECT e.event_id, IFNULL((SELECT SUM(t.price) FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id "
  "WHERE o.event_id = e.event_id), 0.0) FROM event AS e",
  "SELECT e.event_id, TOTAL(t.price) FROM event AS e JOIN ticket_order AS o ON o.event_id = e.event_id LEFT JOIN "
  "ticket AS t ON t.order_id = o.order_id GROUP BY e.event_id",
  "events without orders dropped", dialect="sqlite")

# --- capacity, seats and holds
E("capacity:sell-through per event",
  "SELECT e.event_id, COUNT(t.ticket_id) * 1.0 / NULLIF(v.capacity, 0) FROM event AS e JOIN venue AS v ON v.venue_id = "
  "e.venue_id LEFT JOIN ticket_order AS o ON o.event_id = e.event_id AND o.status = 'paid' LEFT JOIN ticket AS t "
  "ON t.order_id = o.order_id GROUP BY e.event_id, v.capacity",
  "SELECT e.event_id, (SELECT COUNT(*) FROM ticket AS t " + PAID + " WHERE o.event_id = e.event_id) * 1.0 / "
  "NULLIF((SELECT v.capacity FROM venue AS v WHERE v.venue_id = e.venue_id), 0) FROM event AS e",
  "SELECT e.event_id, COUNT(*) * 1.0 / NULLIF(v.capacity, 0) FROM event AS e JOIN venue AS v ON v.venue_id = "
  "e.venue_id LEFT JOIN ticket_order AS o ON o.event_id = e.event_id AND o.status = 'paid' LEFT JOIN ticket AS t "
  "ON t.order_id = o.order_id GROUP BY e.event_id, v.capacity",
  "COUNT(*) over the outer joins counts an unsold event as one ticket")
E("capacity:oversold events",
  "SELECT e.event_id FROM event AS e JOIN venue AS v ON v.venue_id = e.venue_id LEFT JOIN ticket_order AS o ON o.event_id = "
  "e.event_id AND o.status = 'paid' LEFT JOIN ticket AS t ON t.order_id = o.order_id GROUP BY e.event_id, v.capacity "
  "HAVING COUNT(t.ticket_id) > v.capacity",
  "SELECT e.event_id FROM event AS e WHERE (SELECT COUNT(*) FROM ticket AS t " + PAID + " WHERE o.event_id = e.event_id) "
  "> (SELECT v.capacity FROM venue AS v WHERE v.venue_id = e.venue_id)",
  "SELECT e.event_id FROM event AS e JOIN venue AS v ON v.venue_id = e.venue_id LEFT JOIN ticket_order AS o ON o.event_id = "
  "e.event_id AND o.status = 'paid' LEFT JOIN ticket AS t ON t.order_id = o.order_id GROUP BY e.event_id, v.capacity "
  "HAVING COUNT(t.ticket_id) >= v.capacity",
  "events sold exactly to capacity counted as oversold")
E("capacity:seats neither held nor sold per event",
  "SELECT e.event_id, s.seat_id FROM event AS e JOIN seat AS s ON s.venue_id = e.venue_id WHERE NOT EXISTS (SELECT 1 "
  "FROM hold AS h WHERE h.event_id = e.event_id AND h.seat_id = s.seat_id) AND NOT EXISTS (SELECT 1 FROM ticket AS t "
  + PAID + " WHERE o.event_id = e.event_id AND t.seat_id = s.seat_id)",
  "SELECT e.event_id, s.seat_id FROM event AS e JOIN seat AS s ON s.venue_id = e.venue_id EXCEPT SELECT event_id, seat_id "
  "FROM hold EXCEPT SELECT o.event_id, t.seat_id FROM ticket AS t " + PAID,
  "SELECT e.event_id, s.seat_id FROM event AS e JOIN seat AS s ON s.venue_id = e.venue_id WHERE NOT EXISTS (SELECT 1 "
  "FROM hold AS h WHERE h.event_id = e.event_id AND h.seat_id = s.seat_id) AND s.seat_id NOT IN (SELECT t.seat_id "
  "FROM ticket AS t " + PAID + " WHERE o.event_id = e.event_id)",
  "NOT IN over general admission tickets answers nothing")
E("holds:holds in force on a day",
  "SELECT event_id, seat_id FROM hold WHERE until_day IS NULL OR until_day >= 3",
  "SELECT event_id, seat_id FROM hold WHERE COALESCE(until_day, 3) >= 3",
  "SELECT event_id, seat_id FROM hold WHERE until_day IS NULL OR until_day > 3",
  "holds ending that day taken as released")
E("holds:holds per event by reason",
  "SELECT event_id, COUNT(*) FILTER (WHERE reason = 'promoter'), COUNT(*) FILTER (WHERE reason = 'press') FROM hold "
  "GROUP BY event_id",
  "SELECT event_id, SUM(CASE WHEN reason = 'promoter' THEN 1 ELSE 0 END), SUM(CASE WHEN reason = 'press' THEN 1 ELSE 0 END) "
  "FROM hold GROUP BY event_id",
  "SELECT event_id, COUNT(*) FILTER (WHERE reason = 'promoter'), COUNT(*) FILTER (WHERE reason <> 'promoter') FROM hold "
  "GROUP BY event_id",
  "access holds counted as press holds")
E("holds:held seats also sold for the event",
  "SELECT h.event_id, h.seat_id FROM hold AS h WHERE EXISTS (SELECT 1 FROM ticket AS t JOIN ticket_order AS o "
  "ON o.order_id = t.order_id WHERE o.event_id = h.event_id AND t.seat_id = h.seat_id AND o.status <> 'cancelled')",
  "SELECT DISTINCT h.event_id, h.seat_id FROM hold AS h JOIN ticket AS t ON t.seat_id = h.seat_id JOIN ticket_order AS o "
  "ON o.order_id = t.order_id AND o.event_id = h.event_id WHERE o.status <> 'cancelled'",
  "SELECT h.event_id, h.seat_id FROM hold AS h WHERE EXISTS (SELECT 1 FROM ticket AS t JOIN ticket_order AS o "
  "ON o.order_id = t.order_id WHERE t.seat_id = h.seat_id AND o.status <> 'cancelled')",
  "a sale of the seat for any event taken as a conflict")
E("holds:seats held for more than one event",
  "SELECT seat_id FROM hold GROUP BY seat_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.seat_id FROM hold AS a JOIN hold AS b ON b.seat_id = a.seat_id AND b.event_id <> a.event_id",
  "SELECT seat_id FROM hold GROUP BY seat_id HAVING COUNT(DISTINCT reason) > 1",
  "seats held for different reasons taken for several events")
E("capacity:tickets per section including general admission",
  "SELECT s.section, COUNT(*) FROM ticket AS t LEFT JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY s.section",
  "SELECT s.section, COUNT(*) FROM ticket AS t JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY s.section UNION ALL "
  "SELECT NULL, COUNT(*) FROM ticket WHERE seat_id IS NULL HAVING COUNT(*) > 0",
  "SELECT s.section, COUNT(*) FROM ticket AS t JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY s.section",
  "general admission tickets dropped")
E("capacity:orders spanning two sections",
  "SELECT t.order_id FROM ticket AS t JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY t.order_id "
  "HAVING COUNT(DISTINCT s.section) > 1",
  "SELECT DISTINCT a.order_id FROM ticket AS a JOIN seat AS x ON x.seat_id = a.seat_id JOIN ticket AS b ON b.order_id = "
  "a.order_id JOIN seat AS y ON y.seat_id = b.seat_id WHERE y.section <> x.section",
  "SELECT t.order_id FROM ticket AS t JOIN seat AS s ON s.seat_id = t.seat_id GROUP BY t.order_id "
  "HAVING COUNT(s.section) > 1",
  "two seats in one section counted as two sections")
E("capacity:tickets on a seat outside the event's venue",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN event AS e "
  "ON e.event_id = o.event_id JOIN seat AS s ON s.seat_id = t.seat_id WHERE s.venue_id <> e.venue_id",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN event AS e "
  "ON e.event_id = o.event_id WHERE t.seat_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM seat AS s WHERE s.seat_id = "
  "t.seat_id AND s.venue_id = e.venue_id)",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN event AS e "
  "ON e.event_id = o.event_id LEFT JOIN seat AS s ON s.seat_id = t.seat_id WHERE COALESCE(s.venue_id, 0) <> e.venue_id",
  "general admission tickets flagged")

# --- prices
E("prices:cheapest price per event",
  "SELECT e.event_id, (SELECT MIN(p.price) FROM price_level AS p WHERE p.event_id = e.event_id) FROM event AS e",
  "SELECT e.event_id, (SELECT p.price FROM price_level AS p WHERE p.event_id = e.event_id ORDER BY p.price LIMIT 1) "
  "FROM event AS e",
  "SELECT e.event_id, (SELECT MAX(p.price) FROM price_level AS p WHERE p.event_id = e.event_id) FROM event AS e",
  "the highest price taken for the cheapest")
E("prices:tickets sold below their tier's price",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN seat AS s ON s.seat_id = "
  "t.seat_id JOIN price_level AS p ON p.event_id = o.event_id AND p.tier = s.tier WHERE t.price < p.price",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM ticket_order AS o, seat AS s, price_level AS p "
  "WHERE o.order_id = t.order_id AND s.seat_id = t.seat_id AND p.event_id = o.event_id AND p.tier = s.tier "
  "AND p.price > t.price)",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN seat AS s ON s.seat_id = "
  "t.seat_id JOIN price_level AS p ON p.event_id = o.event_id AND p.tier = s.tier WHERE t.price <= p.price",
  "tickets sold at exactly the tier price counted")
E("prices:price spread per event",
  "SELECT event_id, MAX(price) - MIN(price) FROM price_level GROUP BY event_id",
  "SELECT DISTINCT event_id, MAX(price) OVER (PARTITION BY event_id) - MIN(price) OVER (PARTITION BY event_id) "
  "FROM price_level",
  "SELECT event_id, MAX(price) - AVG(price) FROM price_level GROUP BY event_id",
  "the spread measured from the average")
E("prices:std and vip prices side by side",
  "SELECT event_id, MAX(CASE WHEN tier = 'std' THEN price END), MAX(CASE WHEN tier = 'vip' THEN price END) "
  "FROM price_level GROUP BY event_id",
  "SELECT e.event_id, s.price, v.price FROM (SELECT DISTINCT event_id FROM price_level) AS e LEFT JOIN price_level AS s "
  "ON s.event_id = e.event_id AND s.tier = 'std' LEFT JOIN price_level AS v ON v.event_id = e.event_id AND v.tier = 'vip'",
  "SELECT event_id, MAX(CASE WHEN tier <> 'vip' THEN price END), MAX(CASE WHEN tier = 'vip' THEN price END) "
  "FROM price_level GROUP BY event_id",
  "general admission prices taken for std")
E("prices:events whose vip price is below std",
  "SELECT v.event_id FROM price_level AS v JOIN price_level AS s ON s.event_id = v.event_id AND s.tier = 'std' "
  "WHERE v.tier = 'vip' AND v.price < s.price",
  "SELECT event_id FROM price_level GROUP BY event_id HAVING MAX(CASE WHEN tier = 'vip' THEN price END) < "
  "MAX(CASE WHEN tier = 'std' THEN price END)",
  "SELECT v.event_id FROM price_level AS v JOIN price_level AS s ON s.event_id = v.event_id AND s.tier = 'std' "
  "WHERE v.tier = 'vip' AND v.price <= s.price",
  "equal vip and std prices counted")
E("prices:on-sale events without price levels",
  "SELECT e.event_id FROM event AS e LEFT JOIN price_level AS p ON p.event_id = e.event_id WHERE e.status = 'onsale' "
  "AND p.event_id IS NULL",
  "SELECT event_id FROM event WHERE status = 'onsale' EXCEPT SELECT event_id FROM price_level",
  "SELECT e.event_id FROM event AS e LEFT JOIN price_level AS p ON p.event_id = e.event_id AND p.tier = 'std' "
  "WHERE e.status = 'onsale' AND p.event_id IS NULL",
  "events with only other tiers priced counted as unpriced")

# --- refunds
E("refunds:refunded amount per event including none",
  "SELECT e.event_id, COALESCE(SUM(r.amount), 0) FROM event AS e LEFT JOIN ticket_order AS o ON o.event_id = e.event_id "
  "LEFT JOIN ticket AS t ON t.order_id = o.order_id LEFT JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY e.event_id",
  "SELECT e.event_id, COALESCE(x.amt, 0) FROM event AS e LEFT JOIN (SELECT o.event_id, SUM(r.amount) AS amt FROM refund "
  "AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN ticket_order AS o ON o.order_id = t.order_id "
  "GROUP BY o.event_id) AS x ON x.event_id = e.event_id",
  "SELECT e.event_id, COALESCE(SUM(DISTINCT r.amount), 0) FROM event AS e LEFT JOIN ticket_order AS o ON o.event_id = "
  "e.event_id LEFT JOIN ticket AS t ON t.order_id = o.order_id LEFT JOIN refund AS r ON r.ticket_id = t.ticket_id "
  "GROUP BY e.event_id",
  "equal refunds summed once")
E("refunds:fully refunded tickets",
  "SELECT t.ticket_id FROM ticket AS t JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY t.ticket_id, t.price "
  "HAVING SUM(r.amount) >= t.price",
  "SELECT t.ticket_id FROM ticket AS t WHERE t.price <= (SELECT SUM(r.amount) FROM refund AS r WHERE r.ticket_id = "
  "t.ticket_id)",
  "SELECT t.ticket_id FROM ticket AS t JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY t.ticket_id, t.price "
  "HAVING SUM(r.amount) > t.price",
  "tickets refunded exactly their price left out")
E("refunds:refund rate per event",
  "SELECT o.event_id, COUNT(DISTINCT r.ticket_id) * 1.0 / COUNT(DISTINCT t.ticket_id) FROM ticket AS t " + PAID
  + " LEFT JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY o.event_id",
  "SELECT o.event_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM refund AS r WHERE r.ticket_id = t.ticket_id) THEN 1.0 "
  "ELSE 0.0 END) FROM ticket AS t " + PAID + " GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(r.refund_id) * 1.0 / COUNT(DISTINCT t.ticket_id) FROM ticket AS t " + PAID
  + " LEFT JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY o.event_id",
  "a ticket refunded twice counted twice")
E("refunds:refunds after the event day",
  "SELECT r.refund_id FROM refund AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN ticket_order AS o ON "
  "o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id WHERE r.day > e.day",
  "SELECT refund_id FROM refund AS r WHERE r.day > (SELECT e.day FROM ticket AS t JOIN ticket_order AS o ON o.order_id = "
  "t.order_id JOIN event AS e ON e.event_id = o.event_id WHERE t.ticket_id = r.ticket_id)",
  "SELECT r.refund_id FROM refund AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN ticket_order AS o ON "
  "o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id WHERE r.day >= e.day",
  "refunds on the event day counted as after")
E("refunds:refunds per reason including unknown",
  "SELECT reason, COUNT(*), SUM(amount) FROM refund GROUP BY reason",
  "SELECT reason, COUNT(*), SUM(amount) FROM refund WHERE reason IS NOT NULL GROUP BY reason UNION ALL SELECT NULL, "
  "COUNT(*), SUM(amount) FROM refund WHERE reason IS NULL HAVING COUNT(*) > 0",
  "SELECT reason, COUNT(reason), SUM(amount) FROM refund GROUP BY reason",
  "refunds without a reason counted as 0")
E("refunds:refunds for cancelled and held events",
  "SELECT e.venue_id, SUM(CASE WHEN e.status = 'cancelled' THEN r.amount ELSE 0 END), SUM(CASE WHEN e.status <> "
  "'cancelled' THEN r.amount ELSE 0 END) FROM refund AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN "
  "ticket_order AS o ON o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id GROUP BY e.venue_id",
  "SELECT e.venue_id, COALESCE(SUM(r.amount) FILTER (WHERE e.status = 'cancelled'), 0), COALESCE(SUM(r.amount) FILTER "
  "(WHERE e.status <> 'cancelled'), 0) FROM event AS e JOIN ticket_order AS o ON o.event_id = e.event_id JOIN ticket "
  "AS t ON t.order_id = o.order_id JOIN refund AS r ON r.ticket_id = t.ticket_id GROUP BY e.venue_id",
  "SELECT e.venue_id, SUM(CASE WHEN e.status = 'cancelled' THEN r.amount ELSE 0 END), SUM(CASE WHEN e.status = "
  "'past' THEN r.amount ELSE 0 END) FROM refund AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN "
  "ticket_order AS o ON o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id GROUP BY e.venue_id",
  "refunds for events still on sale left out of the second column")
E("refunds:paid tickets never refunded",
  "SELECT t.ticket_id FROM ticket AS t " + PAID + " WHERE NOT EXISTS (SELECT 1 FROM refund AS r WHERE r.ticket_id = "
  "t.ticket_id)",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id WHERE o.status = 'paid' "
  "AND t.ticket_id NOT IN (SELECT ticket_id FROM refund)",
  "SELECT t.ticket_id FROM ticket AS t " + PAID + " WHERE NOT EXISTS (SELECT 1 FROM refund AS r WHERE r.ticket_id = "
  "t.ticket_id AND r.reason IS NOT NULL)",
  "refunds without a reason ignored")

# --- door scans
E("scans:attendance per event",
  "SELECT o.event_id, COUNT(DISTINCT s.ticket_id) FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id "
  "JOIN ticket_order AS o ON o.order_id = t.order_id WHERE s.result = 'ok' GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(*) FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id WHERE EXISTS "
  "(SELECT 1 FROM scan AS s WHERE s.ticket_id = t.ticket_id AND s.result = 'ok') GROUP BY o.event_id",
  "SELECT o.event_id, COUNT(s.ticket_id) FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id "
  "JOIN ticket_order AS o ON o.order_id = t.order_id WHERE s.result = 'ok' GROUP BY o.event_id",
  "repeated scan rows counted as attendees")
E("scans:no-shows for past events",
  "SELECT t.ticket_id FROM ticket AS t " + PAID + " JOIN event AS e ON e.event_id = o.event_id WHERE e.status = 'past' "
  "AND NOT EXISTS (SELECT 1 FROM scan AS s WHERE s.ticket_id = t.ticket_id AND s.result = 'ok')",
  "SELECT t.ticket_id FROM ticket AS t " + PAID + " JOIN event AS e ON e.event_id = o.event_id LEFT JOIN (SELECT DISTINCT "
  "ticket_id FROM scan WHERE result = 'ok') AS s ON s.ticket_id = t.ticket_id WHERE e.status = 'past' AND s.ticket_id IS NULL",
  "SELECT t.ticket_id FROM ticket AS t " + PAID + " JOIN event AS e ON e.event_id = o.event_id WHERE e.status = 'past' "
  "AND t.ticket_id NOT IN (SELECT ticket_id FROM scan WHERE result = 'ok')",
  "NOT IN over scans without a ticket answers nothing")
E("scans:tickets scanned at both gates",
  "SELECT ticket_id FROM scan WHERE gate = 'north' INTERSECT SELECT ticket_id FROM scan WHERE gate = 'south'",
  "SELECT ticket_id FROM scan WHERE gate IN ('north', 'south') GROUP BY ticket_id HAVING COUNT(DISTINCT gate) = 2",
  "SELECT ticket_id FROM scan WHERE gate = 'north' UNION SELECT ticket_id FROM scan WHERE gate = 'south'",
  "either gate taken for both")
E("scans:first scan day per ticket",
  "SELECT ticket_id, MIN(day) FROM scan WHERE ticket_id IS NOT NULL AND day IS NOT NULL GROUP BY ticket_id",
  "SELECT t.ticket_id, (SELECT s.day FROM scan AS s WHERE s.ticket_id = t.ticket_id AND s.day IS NOT NULL ORDER BY s.day "
  "LIMIT 1) FROM ticket AS t WHERE EXISTS (SELECT 1 FROM scan AS s WHERE s.ticket_id = t.ticket_id AND s.day IS NOT NULL)",
  "SELECT ticket_id, MAX(day) FROM scan WHERE ticket_id IS NOT NULL AND day IS NOT NULL GROUP BY ticket_id",
  "the last scan taken for the first")
E("scans:scans per day and result without duplicates",
  "SELECT day, result, COUNT(*) FROM (SELECT DISTINCT ticket_id, gate, day, result FROM scan) AS t GROUP BY day, result",
  "SELECT day, result, COUNT(*) FROM (SELECT ticket_id, gate, day, result FROM scan GROUP BY ticket_id, gate, day, result) "
  "AS t GROUP BY day, result",
  "SELECT day, result, COUNT(*) FROM scan GROUP BY day, result",
  "duplicate scan rows counted")
E("scans:entries on a day other than the event's",
  "SELECT DISTINCT s.ticket_id FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id JOIN ticket_order AS o "
  "ON o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id WHERE s.result = 'ok' AND s.day <> e.day",
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_order AS o ON o.order_id = t.order_id JOIN event AS e ON e.event_id = "
  "o.event_id WHERE EXISTS (SELECT 1 FROM scan AS s WHERE s.ticket_id = t.ticket_id AND s.result = 'ok' AND s.day <> e.day)",
  "SELECT DISTINCT s.ticket_id FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id JOIN ticket_order AS o "
  "ON o.order_id = t.order_id JOIN event AS e ON e.event_id = o.event_id WHERE s.result = 'ok' AND s.day < e.day",
  "only early entries flagged")
E("scans:invalid scans of refunded tickets",
  "SELECT DISTINCT s.ticket_id FROM scan AS s JOIN refund AS r ON r.ticket_id = s.ticket_id WHERE s.result = 'invalid'",
  "SELECT ticket_id FROM refund INTERSECT SELECT ticket_id FROM scan WHERE result = 'invalid'",
  "SELECT DISTINCT s.ticket_id FROM scan AS s LEFT JOIN refund AS r ON r.ticket_id = s.ticket_id WHERE s.result = 'invalid'",
  "invalid scans of tickets never refunded listed")
E("scans:scans per gate including unknown",
  "SELECT gate, COUNT(*) FROM scan GROUP BY gate",
  "SELECT gate, COUNT(*) FROM scan WHERE gate IS NOT NULL GROUP BY gate UNION ALL SELECT NULL, COUNT(*) FROM scan "
  "WHERE gate IS NULL HAVING COUNT(*) > 0",
  "SELECT gate, COUNT(gate) FROM scan GROUP BY gate",
  "scans without a gate counted as 0")
E("scans:ok scans per event, SQLite booleans",
  "SELECT o.event_id, SUM(s.result = 'ok') FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id JOIN "
  "ticket_order AS o ON o.order_id = t.order_id GROUP BY o.event_id",
  "SELECT o.event_id, SUM(CASE WHEN s.result = 'ok' THEN 1 WHEN s.result IS NOT NULL THEN 0 END) FROM scan AS s JOIN "
  "ticket AS t ON t.ticket_id = s.ticket_id JOIN ticket_order AS o ON o.order_id = t.order_id GROUP BY o.event_id",
  "SELECT o.event_id, TOTAL(s.result = 'ok') FROM scan AS s JOIN ticket AS t ON t.ticket_id = s.ticket_id JOIN "
  "ticket_order AS o ON o.order_id = t.order_id GROUP BY o.event_id",
  "TOTAL answers 0.0 where only scans without a result exist", dialect="sqlite")

# --- customers
E("customers:repeat buyers",
  "SELECT cust_id FROM ticket_order WHERE status = 'paid' GROUP BY cust_id HAVING COUNT(DISTINCT event_id) >= 2",
  "SELECT DISTINCT a.cust_id FROM ticket_order AS a JOIN ticket_order AS b ON b.cust_id = a.cust_id AND b.event_id <> "
  "a.event_id WHERE a.status = 'paid' AND b.status = 'paid'",
  "SELECT cust_id FROM ticket_order WHERE status = 'paid' GROUP BY cust_id HAVING COUNT(*) >= 2",
  "two orders for one event counted as two events")
E("customers:customers who never ordered",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM ticket_order AS o WHERE o.cust_id = c.cust_id)",
  "SELECT cust_id FROM customer EXCEPT SELECT cust_id FROM ticket_order",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM ticket_order AS o WHERE o.cust_id = c.cust_id "
  "AND o.status = 'paid')",
  "customers with only unpaid orders counted as never ordering")
E("customers:emails repeated case-insensitively",
  "SELECT LOWER(email) FROM customer GROUP BY LOWER(email) HAVING COUNT(*) > 1",
  "SELECT DISTINCT LOWER(a.email) FROM customer AS a JOIN customer AS b ON LOWER(b.email) = LOWER(a.email) "
  "AND b.cust_id <> a.cust_id",
  "SELECT LOWER(email) FROM customer GROUP BY email HAVING COUNT(*) > 1",
  "emails compared case-sensitively")
E("customers:spend per country including unknown",
  "SELECT c.country, SUM(t.price) FROM customer AS c JOIN ticket_order AS o ON o.cust_id = c.cust_id JOIN ticket AS t "
  "ON t.order_id = o.order_id WHERE o.status = 'paid' GROUP BY c.country",
  "SELECT country, SUM(spend) FROM (SELECT c.country, x.spend FROM customer AS c JOIN (SELECT o.cust_id, SUM(t.price) "
  "AS spend FROM ticket AS t " + PAID + " GROUP BY o.cust_id) AS x ON x.cust_id = c.cust_id) AS y GROUP BY country",
  "SELECT c.country, SUM(t.price) FROM customer AS c JOIN ticket_order AS o ON o.cust_id = c.cust_id JOIN ticket AS t "
  "ON t.order_id = o.order_id WHERE o.status = 'paid' AND c.country IS NOT NULL GROUP BY c.country",
  "customers without a country dropped")
E("customers:opted-in attendees of a venue",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN ticket_order AS o ON o.cust_id = c.cust_id JOIN event AS e "
  "ON e.event_id = o.event_id JOIN ticket AS t ON t.order_id = o.order_id JOIN scan AS s ON s.ticket_id = t.ticket_id "
  "WHERE c.opt_in = 1 AND e.venue_id = 1 AND s.result = 'ok'",
  "SELECT cust_id FROM customer WHERE opt_in = 1 AND cust_id IN (SELECT o.cust_id FROM ticket_order AS o JOIN ticket AS t "
  "ON t.order_id = o.order_id WHERE o.event_id IN (SELECT event_id FROM event WHERE venue_id = 1) AND t.ticket_id IN "
  "(SELECT ticket_id FROM scan WHERE result = 'ok'))",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN ticket_order AS o ON o.cust_id = c.cust_id JOIN event AS e "
  "ON e.event_id = o.event_id JOIN ticket AS t ON t.order_id = o.order_id JOIN scan AS s ON s.ticket_id = t.ticket_id "
  "WHERE e.venue_id = 1 AND s.result = 'ok'",
  "customers who did not opt in included")
E("customers:top three customers by spend",
  "SELECT o.cust_id, SUM(t.price) FROM ticket AS t " + PAID + " GROUP BY o.cust_id ORDER BY SUM(t.price) DESC, o.cust_id "
  "LIMIT 3",
  "SELECT cust_id, spend FROM (SELECT o.cust_id, SUM(t.price) AS spend, ROW_NUMBER() OVER (ORDER BY SUM(t.price) DESC, "
  "o.cust_id) AS rn FROM ticket AS t " + PAID + " GROUP BY o.cust_id) AS x WHERE rn <= 3 ORDER BY rn",
  "SELECT o.cust_id, SUM(t.price) FROM ticket AS t " + PAID + " GROUP BY o.cust_id ORDER BY SUM(t.price) DESC, "
  "o.cust_id DESC LIMIT 3",
  "ties broken by the highest customer id", semantics="list")
E("customers:first order per customer",
  "SELECT cust_id, order_id FROM (SELECT cust_id, order_id, ROW_NUMBER() OVER (PARTITION BY cust_id ORDER BY day, order_id) "
  "AS rn FROM ticket_order) AS x WHERE rn = 1",
  "SELECT o.cust_id, o.order_id FROM ticket_order AS o WHERE NOT EXISTS (SELECT 1 FROM ticket_order AS p WHERE p.cust_id = "
  "o.cust_id AND (p.day < o.day OR (p.day = o.day AND p.order_id < o.order_id)))",
  "SELECT o.cust_id, o.order_id FROM ticket_order AS o WHERE o.order_id = (SELECT MIN(p.order_id) FROM ticket_order AS p "
  "WHERE p.cust_id = o.cust_id)",
  "the lowest order id taken for the earliest order")
E("customers:customers whose every order was cancelled",
  "SELECT cust_id FROM ticket_order GROUP BY cust_id HAVING COUNT(*) = COUNT(CASE WHEN status = 'cancelled' THEN 1 END)",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM ticket_order AS o WHERE o.cust_id = c.cust_id) AND "
  "NOT EXISTS (SELECT 1 FROM ticket_order AS o WHERE o.cust_id = c.cust_id AND o.status <> 'cancelled')",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM ticket_order AS o WHERE o.cust_id = c.cust_id "
  "AND o.status <> 'cancelled')",
  "customers without orders listed")
E("customers:tickets per order per event",
  "SELECT o.event_id, COUNT(*) * 1.0 / COUNT(DISTINCT o.order_id) FROM ticket_order AS o JOIN ticket AS t ON t.order_id = "
  "o.order_id GROUP BY o.event_id",
  "SELECT event_id, AVG(n) FROM (SELECT o.event_id, o.order_id, COUNT(*) AS n FROM ticket_order AS o JOIN ticket AS t "
  "ON t.order_id = o.order_id GROUP BY o.event_id, o.order_id) AS x GROUP BY event_id",
  "SELECT o.event_id, COUNT(t.ticket_id) * 1.0 / COUNT(DISTINCT o.order_id) FROM ticket_order AS o LEFT JOIN ticket AS t "
  "ON t.order_id = o.order_id GROUP BY o.event_id",
  "orders without tickets in the denominator")
E("customers:customers buying for two venues",
  "SELECT o.cust_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id GROUP BY o.cust_id "
  "HAVING COUNT(DISTINCT e.venue_id) > 1",
  "SELECT DISTINCT a.cust_id FROM ticket_order AS a JOIN event AS x ON x.event_id = a.event_id JOIN ticket_order AS b "
  "ON b.cust_id = a.cust_id JOIN event AS y ON y.event_id = b.event_id WHERE y.venue_id <> x.venue_id",
  "SELECT o.cust_id FROM ticket_order AS o JOIN event AS e ON e.event_id = o.event_id GROUP BY o.cust_id "
  "HAVING COUNT(DISTINCT e.event_id) > 1",
  "two events at one venue counted as two venues")

# --- venues and events
E("events:events per venue including none",
  "SELECT v.venue_id, COUNT(e.event_id) FROM venue AS v LEFT JOIN event AS e ON e.venue_id = v.venue_id GROUP BY v.venue_id",
  "SELECT v.venue_id, (SELECT COUNT(*) FROM event AS e WHERE e.venue_id = v.venue_id) FROM venue AS v",
  "SELECT v.venue_id, COUNT(*) FROM venue AS v LEFT JOIN event AS e ON e.venue_id = v.venue_id GROUP BY v.venue_id",
  "COUNT(*) over the outer join counts a venue without events as one")
E("events:venues with a cancelled event",
  "SELECT v.venue_id, v.name FROM venue AS v WHERE EXISTS (SELECT 1 FROM event AS e WHERE e.venue_id = v.venue_id "
  "AND e.status = 'cancelled')",
  "SELECT DISTINCT v.venue_id, v.name FROM venue AS v JOIN event AS e ON e.venue_id = v.venue_id WHERE e.status = 'cancelled'",
  "SELECT v.venue_id, v.name FROM venue AS v JOIN event AS e ON e.venue_id = v.venue_id WHERE e.status = 'cancelled'",
  "a venue listed once per cancelled event")
E("events:next event per venue after a day",
  "SELECT e.venue_id, e.event_id FROM event AS e WHERE e.day = (SELECT MIN(f.day) FROM event AS f WHERE f.venue_id = "
  "e.venue_id AND f.day > 7)",
  "SELECT venue_id, event_id FROM (SELECT venue_id, event_id, RANK() OVER (PARTITION BY venue_id ORDER BY day) AS rk "
  "FROM event WHERE day > 7) AS x WHERE rk = 1",
  "SELECT e.venue_id, e.event_id FROM event AS e WHERE e.day = (SELECT MAX(f.day) FROM event AS f WHERE f.venue_id = "
  "e.venue_id AND f.day > 7)",
  "the last event taken for the next")
E("events:event statuses per city",
  "SELECT v.city, e.status, COUNT(*) FROM venue AS v JOIN event AS e ON e.venue_id = v.venue_id GROUP BY v.city, e.status",
  "SELECT city, status, SUM(n) FROM (SELECT e.venue_id, e.status, COUNT(*) AS n FROM event AS e GROUP BY e.venue_id, "
  "e.status) AS x JOIN venue AS v ON v.venue_id = x.venue_id GROUP BY city, status",
  "SELECT v.city, e.status, COUNT(*) FROM venue AS v LEFT JOIN event AS e ON e.venue_id = v.venue_id GROUP BY v.city, e.status",
  "venues without events counted under a NULL status")
E("events:events of one title at two venues",
  "SELECT title FROM event GROUP BY title HAVING COUNT(DISTINCT venue_id) >= 2",
  "SELECT DISTINCT a.title FROM event AS a JOIN event AS b ON b.title = a.title AND b.venue_id <> a.venue_id",
  "SELECT LOWER(title) FROM event GROUP BY LOWER(title) HAVING COUNT(DISTINCT venue_id) >= 2",
  "titles differing only in case merged")
E("events:on-sale lead time per venue",
  "SELECT venue_id, AVG(day - onsale_day) FROM event GROUP BY venue_id",
  "SELECT venue_id, SUM(day - onsale_day) * 1.0 / COUNT(onsale_day) FROM event GROUP BY venue_id",
  "SELECT venue_id, AVG(day - COALESCE(onsale_day, 0)) FROM event GROUP BY venue_id",
  "events not yet on sale measured from day 0")
