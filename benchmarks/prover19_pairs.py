"""The pairs of the nineteenth held-out prover corpus (``benchmarks/corpus/prover19/``), as
written (``prover19_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL behind library circulation reports (Koha, Alma, Sierra, Evergreen and
Polaris report writers: circulation counts, overdue lists, holds queues, turnover per item,
fines owed and collected, patron activity, collection age, inter-branch transfers) against
the hand-written query for the same report, on a new ils schema; fleet telematics SQL
(Samsara, Geotab, Fleetio, Verizon Connect reports: utilisation, idle vehicles, mileage and
fuel efficiency, overdue maintenance, driver scorecards, last known position, first and
latest trip per vehicle) against an equivalent formulation, on a new fleet schema; and
restaurant point-of-sale report SQL (Toast, Square, Lightspeed, Aloha: sales by day part,
top sellers, average check, tip share, void rates, menu mix, open checks, labour against
sales) against the hand-written query, on a new pos schema. Each ``add`` call is one
equivalent pair and one realistic non-equivalent mutant. Written from the author's own SQL
for these reports; not taken from any prover benchmark, rule test, tool's test suite or
published pair set; the verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "library_circulation": ("ils", "SQL behind library circulation reports (Koha, Alma, Sierra, Evergreen, Polaris: "
                                   "circulation counts, overdue lists, holds queues, turnover per item, fines owed "
                                   "and collected, patron activity, collection age, inter-branch transfers) against "
                                   "the hand-written query for the same report"),
    "fleet_telematics": ("fleet", "fleet telematics SQL (Samsara, Geotab, Fleetio, Verizon Connect: utilisation, idle "
                                  "vehicles, mileage and fuel efficiency, overdue maintenance, driver scorecards, last "
                                  "known position, first and latest trip per vehicle) against an equivalent "
                                  "formulation"),
    "restaurant_pos": ("pos", "restaurant point-of-sale report SQL (Toast, Square, Lightspeed, Aloha: sales by day "
                              "part, top sellers, average check, tip share, void rates, menu mix, open checks, labour "
                              "against sales) against the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover19", SOURCES, FILE)


def L(rule, gold, pred, mutant, mutation, **kw):
    """A library circulation report's SQL (gold) against the hand-written query (pred), ils."""
    add("library_circulation", rule, gold, pred, mutant, mutation, **kw)


def V(rule, gold, pred, mutant, mutation, **kw):
    """A fleet telematics query (gold) against an equivalent formulation (pred), fleet."""
    add("fleet_telematics", rule, gold, pred, mutant, mutation, **kw)


def S(rule, gold, pred, mutant, mutation, **kw):
    """A restaurant POS report's SQL (gold) against the hand-written query (pred), pos."""
    add("restaurant_pos", rule, gold, pred, mutant, mutation, **kw)


# ============================================================ library circulation (ils)
# branch(branch_id PK, name), bib(bib_id PK, title, pub_year, format), item(item_id PK, bib_id FK, branch_id FK,
# location NULL, acquired_day, price REAL, status), patron(patron_id PK, name, home_branch FK NULL, expiry_day NULL,
# ptype), loan(item_id FK, checkout_day; PK both, patron_id FK, due_day, return_day NULL, branch_id FK),
# hold(hold_id PK, bib_id FK, patron_id FK, pickup_branch FK, placed_day, filled_day NULL, status),
# fine(fine_id PK, patron_id FK, item_id FK NULL, amount REAL, paid REAL, assessed_day, waived NULL),
# transfer(transfer_id PK, item_id FK, from_branch FK, to_branch FK, sent_day, received_day NULL),
# keyless circ_event(item_id, patron_id, branch_id, day, event; all NULL-able).
OPEN = "l.return_day IS NULL AND l.due_day < 30"

# --- circulation
L("circulation:checkouts per branch including none",
  "SELECT b.branch_id, COUNT(l.item_id) FROM branch AS b LEFT JOIN loan AS l ON l.branch_id = b.branch_id GROUP BY b.branch_id",
  "SELECT b.branch_id, (SELECT COUNT(*) FROM loan AS l WHERE l.branch_id = b.branch_id) FROM branch AS b",
  "SELECT b.branch_id, COUNT(*) FROM branch AS b LEFT JOIN loan AS l ON l.branch_id = b.branch_id GROUP BY b.branch_id",
  "COUNT(*) over the outer join counts a branch without checkouts as one")
L("circulation:checkouts per format",
  "SELECT bb.format, COUNT(*) FROM loan AS l JOIN item AS i ON i.item_id = l.item_id JOIN bib AS bb ON bb.bib_id = i.bib_id "
  "GROUP BY bb.format",
  "SELECT bb.format, SUM(t.n) FROM (SELECT i.bib_id, COUNT(*) AS n FROM loan AS l JOIN item AS i ON i.item_id = l.item_id "
  "GROUP BY i.bib_id) AS t JOIN bib AS bb ON bb.bib_id = t.bib_id GROUP BY bb.format",
  "SELECT bb.format, COUNT(DISTINCT l.item_id) FROM loan AS l JOIN item AS i ON i.item_id = l.item_id "
  "JOIN bib AS bb ON bb.bib_id = i.bib_id GROUP BY bb.format",
  "items counted instead of checkouts")
L("circulation:checkouts per week",
  "SELECT checkout_day / 7, COUNT(*) FROM loan GROUP BY checkout_day / 7",
  "SELECT w, COUNT(*) FROM (SELECT (checkout_day - checkout_day % 7) / 7 AS w FROM loan) AS t GROUP BY w",
  "SELECT (checkout_day - 1) / 7, COUNT(*) FROM loan GROUP BY (checkout_day - 1) / 7",
  "a checkout on a week's first day put in the week before")
L("circulation:active borrowers per branch",
  "SELECT branch_id, COUNT(DISTINCT patron_id) FROM loan GROUP BY branch_id",
  "SELECT branch_id, COUNT(*) FROM (SELECT DISTINCT branch_id, patron_id FROM loan) AS t GROUP BY branch_id",
  "SELECT branch_id, COUNT(patron_id) FROM loan GROUP BY branch_id",
  "a patron borrowing twice counted twice")
L("circulation:checkouts away from the owning branch",
  "SELECT l.item_id, l.checkout_day FROM loan AS l JOIN item AS i ON i.item_id = l.item_id WHERE l.branch_id <> i.branch_id",
  "SELECT l.item_id, l.checkout_day FROM loan AS l WHERE NOT EXISTS (SELECT 1 FROM item AS i WHERE i.item_id = l.item_id "
  "AND i.branch_id = l.branch_id)",
  "SELECT l.item_id, l.checkout_day FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id WHERE l.branch_id <> p.home_branch",
  "the patron's home branch compared instead of the item's owning branch")
L("circulation:items out on a day",
  "SELECT item_id FROM loan WHERE checkout_day <= 10 AND (return_day IS NULL OR return_day > 10)",
  "SELECT item_id FROM loan WHERE checkout_day <= 10 AND NOT COALESCE(return_day <= 10, 0)",
  "SELECT item_id FROM loan WHERE checkout_day <= 10 AND (return_day IS NULL OR return_day >= 10)",
  "an item returned on the day still counted out", dialect="sqlite")
L("circulation:top titles by checkouts",
  "SELECT bb.bib_id, COUNT(*) AS n FROM loan AS l JOIN item AS i ON i.item_id = l.item_id JOIN bib AS bb ON bb.bib_id = i.bib_id "
  "GROUP BY bb.bib_id ORDER BY n DESC, bb.bib_id LIMIT 3",
  "SELECT bib_id, n FROM (SELECT i.bib_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, i.bib_id) AS rn "
  "FROM loan AS l JOIN item AS i ON i.item_id = l.item_id GROUP BY i.bib_id) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT bb.bib_id, COUNT(*) AS n FROM loan AS l JOIN item AS i ON i.item_id = l.item_id JOIN bib AS bb ON bb.bib_id = i.bib_id "
  "GROUP BY bb.bib_id ORDER BY n DESC, bb.bib_id DESC LIMIT 3",
  "ties broken by the highest record number", semantics="list")
L("circulation:second page of top borrowers",
  "SELECT patron_id, COUNT(*) AS n FROM loan GROUP BY patron_id ORDER BY n DESC, patron_id LIMIT 2 OFFSET 1",
  "SELECT patron_id, n FROM (SELECT patron_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, patron_id) AS rn "
  "FROM loan GROUP BY patron_id) AS t WHERE rn BETWEEN 2 AND 3 ORDER BY rn",
  "SELECT patron_id, COUNT(*) AS n FROM loan GROUP BY patron_id ORDER BY n DESC, patron_id LIMIT 2 OFFSET 2",
  "the second page starts one row late", semantics="list")
L("circulation:share of checkouts by patron type",
  "SELECT p.ptype, COUNT(*) * 1.0 / (SELECT COUNT(*) FROM loan) FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id "
  "GROUP BY p.ptype",
  "SELECT ptype, 1.0 * n / SUM(n) OVER () FROM (SELECT p.ptype, COUNT(*) AS n FROM loan AS l JOIN patron AS p "
  "ON p.patron_id = l.patron_id GROUP BY p.ptype) AS t",
  "SELECT p.ptype, COUNT(*) / (SELECT COUNT(*) FROM loan) FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id "
  "GROUP BY p.ptype",
  "integer division rounds the share down")

# --- overdue
L("overdue:overdue loans today",
  f"SELECT l.item_id, l.checkout_day, l.patron_id FROM loan AS l WHERE {OPEN}",
  "SELECT item_id, checkout_day, patron_id FROM loan WHERE due_day < 30 EXCEPT "
  "SELECT item_id, checkout_day, patron_id FROM loan WHERE return_day IS NOT NULL",
  "SELECT l.item_id, l.checkout_day, l.patron_id FROM loan AS l WHERE l.return_day IS NULL AND l.due_day <= 30",
  "an item due today listed as overdue")
L("overdue:overdue as of a day including later returns",
  "SELECT item_id, checkout_day FROM loan WHERE checkout_day <= 30 AND due_day < 30 AND (return_day IS NULL OR return_day > 30)",
  "SELECT item_id, checkout_day FROM loan WHERE checkout_day <= 30 AND due_day < 30 AND COALESCE(return_day, 31) > 30",
  "SELECT item_id, checkout_day FROM loan WHERE checkout_day <= 30 AND due_day < 30 AND NOT (return_day <= 30)",
  "NOT over a NULL return day drops the items still out")
L("overdue:overdue items per patron",
  f"SELECT p.patron_id, p.name, COUNT(*) FROM patron AS p JOIN loan AS l ON l.patron_id = p.patron_id WHERE {OPEN} "
  "GROUP BY p.patron_id, p.name",
  f"SELECT p.patron_id, p.name, t.n FROM patron AS p JOIN (SELECT l.patron_id, COUNT(*) AS n FROM loan AS l WHERE {OPEN} "
  "GROUP BY l.patron_id) AS t ON t.patron_id = p.patron_id",
  f"SELECT p.patron_id, p.name, COUNT(l.item_id) FROM patron AS p LEFT JOIN loan AS l ON l.patron_id = p.patron_id AND {OPEN} "
  "GROUP BY p.patron_id, p.name",
  "patrons without overdue items listed with zero")
L("overdue:accrued fine per open loan capped",
  "SELECT item_id, checkout_day, MIN((30 - due_day) * 0.25, 5.0) FROM loan WHERE return_day IS NULL AND due_day < 30",
  "SELECT item_id, checkout_day, CASE WHEN (30 - due_day) * 0.25 > 5.0 THEN 5.0 ELSE (30 - due_day) * 0.25 END FROM loan "
  "WHERE return_day IS NULL AND due_day < 30",
  "SELECT item_id, checkout_day, MIN((30 - due_day + 1) * 0.25, 5.0) FROM loan WHERE return_day IS NULL AND due_day < 30",
  "the due day itself charged", dialect="sqlite")
L("overdue:late returns and overdue items per patron",
  "SELECT patron_id, COUNT(*) FROM loan WHERE return_day > due_day OR (return_day IS NULL AND due_day < 30) GROUP BY patron_id",
  "SELECT patron_id, SUM(CASE WHEN COALESCE(return_day, 30) > due_day THEN 1 ELSE 0 END) FROM loan GROUP BY patron_id "
  "HAVING SUM(CASE WHEN COALESCE(return_day, 30) > due_day THEN 1 ELSE 0 END) > 0",
  "SELECT patron_id, SUM(CASE WHEN COALESCE(return_day, 30) >= due_day THEN 1 ELSE 0 END) FROM loan GROUP BY patron_id "
  "HAVING SUM(CASE WHEN COALESCE(return_day, 30) >= due_day THEN 1 ELSE 0 END) > 0",
  "a return on the due day counted late")
L("overdue:expired patrons with items out",
  "SELECT DISTINCT p.patron_id FROM patron AS p JOIN loan AS l ON l.patron_id = p.patron_id WHERE l.return_day IS NULL "
  "AND p.expiry_day < 30",
  "SELECT p.patron_id FROM patron AS p WHERE p.expiry_day < 30 AND EXISTS (SELECT 1 FROM loan AS l WHERE l.patron_id = p.patron_id "
  "AND l.return_day IS NULL)",
  "SELECT p.patron_id FROM patron AS p WHERE p.expiry_day <= 30 AND EXISTS (SELECT 1 FROM loan AS l WHERE l.patron_id = p.patron_id "
  "AND l.return_day IS NULL)",
  "a card expiring today counted expired")

# --- holds
L("holds:queue position per title",
  "SELECT hold_id, ROW_NUMBER() OVER (PARTITION BY bib_id ORDER BY placed_day, hold_id) FROM hold WHERE status = 'waiting'",
  "SELECT h.hold_id, (SELECT COUNT(*) FROM hold AS h2 WHERE h2.bib_id = h.bib_id AND h2.status = 'waiting' "
  "AND (h2.placed_day < h.placed_day OR (h2.placed_day = h.placed_day AND h2.hold_id <= h.hold_id))) FROM hold AS h "
  "WHERE h.status = 'waiting'",
  "SELECT hold_id, RANK() OVER (PARTITION BY bib_id ORDER BY placed_day) FROM hold WHERE status = 'waiting'",
  "holds placed the same day share a queue position")
L("holds:head of each queue",
  "SELECT bib_id, hold_id FROM (SELECT bib_id, hold_id, ROW_NUMBER() OVER (PARTITION BY bib_id ORDER BY placed_day, hold_id) AS rn "
  "FROM hold WHERE status = 'waiting') AS t WHERE rn = 1",
  "SELECT h.bib_id, h.hold_id FROM hold AS h WHERE h.status = 'waiting' AND NOT EXISTS (SELECT 1 FROM hold AS e "
  "WHERE e.bib_id = h.bib_id AND e.status = 'waiting' AND (e.placed_day < h.placed_day OR (e.placed_day = h.placed_day "
  "AND e.hold_id < h.hold_id)))",
  "SELECT h.bib_id, h.hold_id FROM hold AS h WHERE h.status = 'waiting' AND NOT EXISTS (SELECT 1 FROM hold AS e "
  "WHERE e.bib_id = h.bib_id AND e.status = 'waiting' AND e.placed_day < h.placed_day)",
  "holds placed the same day both at the head")
L("holds:unfilled holds per pickup branch including none",
  "SELECT b.branch_id, COUNT(h.hold_id) FROM branch AS b LEFT JOIN hold AS h ON h.pickup_branch = b.branch_id "
  "AND h.filled_day IS NULL GROUP BY b.branch_id",
  "SELECT b.branch_id, COALESCE(t.n, 0) FROM branch AS b LEFT JOIN (SELECT pickup_branch, COUNT(*) AS n FROM hold "
  "WHERE filled_day IS NULL GROUP BY pickup_branch) AS t ON t.pickup_branch = b.branch_id",
  "SELECT b.branch_id, COUNT(h.hold_id) FROM branch AS b LEFT JOIN hold AS h ON h.pickup_branch = b.branch_id "
  "WHERE h.filled_day IS NULL GROUP BY b.branch_id",
  "the unfilled filter in WHERE drops branches whose holds are all filled")
L("holds:titles with more holds than copies",
  "SELECT b.bib_id FROM bib AS b WHERE (SELECT COUNT(*) FROM hold AS h WHERE h.bib_id = b.bib_id AND h.status = 'waiting') "
  "> (SELECT COUNT(*) FROM item AS i WHERE i.bib_id = b.bib_id)",
  "WITH hq AS (SELECT bib_id, COUNT(*) AS n FROM hold WHERE status = 'waiting' GROUP BY bib_id), cp AS (SELECT bib_id, COUNT(*) AS n "
  "FROM item GROUP BY bib_id) SELECT hq.bib_id FROM hq LEFT JOIN cp ON cp.bib_id = hq.bib_id WHERE hq.n > COALESCE(cp.n, 0)",
  "WITH hq AS (SELECT bib_id, COUNT(*) AS n FROM hold WHERE status = 'waiting' GROUP BY bib_id), cp AS (SELECT bib_id, COUNT(*) AS n "
  "FROM item GROUP BY bib_id) SELECT hq.bib_id FROM hq JOIN cp ON cp.bib_id = hq.bib_id WHERE hq.n > cp.n",
  "titles without any copy dropped")
L("holds:average days to fill per pickup branch",
  "SELECT pickup_branch, AVG(filled_day - placed_day) FROM hold WHERE filled_day IS NOT NULL GROUP BY pickup_branch",
  "SELECT pickup_branch, SUM(filled_day - placed_day) * 1.0 / COUNT(filled_day) FROM hold GROUP BY pickup_branch "
  "HAVING COUNT(filled_day) > 0",
  "SELECT pickup_branch, SUM(filled_day - placed_day) * 1.0 / COUNT(*) FROM hold GROUP BY pickup_branch HAVING COUNT(*) > 0",
  "unfilled holds in the denominator")
L("holds:holds placed by expired patrons",
  "SELECT h.hold_id FROM hold AS h JOIN patron AS p ON p.patron_id = h.patron_id WHERE p.expiry_day < 30",
  "SELECT hold_id FROM hold WHERE patron_id IN (SELECT patron_id FROM patron WHERE expiry_day < 30)",
  "SELECT h.hold_id FROM hold AS h JOIN patron AS p ON p.patron_id = h.patron_id WHERE COALESCE(p.expiry_day, 0) < 30",
  "a card without an expiry day treated as expired")
L("holds:fill rate per pickup branch including none",
  "SELECT b.branch_id, COUNT(h.filled_day) * 1.0 / COUNT(h.hold_id) FROM branch AS b LEFT JOIN hold AS h "
  "ON h.pickup_branch = b.branch_id GROUP BY b.branch_id",
  "SELECT b.branch_id, (SELECT 1.0 * COUNT(h.filled_day) / NULLIF(COUNT(*), 0) FROM hold AS h WHERE h.pickup_branch = b.branch_id) "
  "FROM branch AS b",
  "SELECT b.branch_id, COUNT(h.filled_day) * 1.0 / COUNT(*) FROM branch AS b LEFT JOIN hold AS h "
  "ON h.pickup_branch = b.branch_id GROUP BY b.branch_id",
  "a branch without holds shows a zero rate instead of none", dialect="sqlite")
L("holds:holds per status side by side",
  "SELECT bib_id, COUNT(CASE WHEN status = 'waiting' THEN 1 END), COUNT(CASE WHEN status = 'filled' THEN 1 END) FROM hold "
  "GROUP BY bib_id",
  "SELECT bib_id, SUM(status = 'waiting'), SUM(status = 'filled') FROM hold GROUP BY bib_id",
  "SELECT bib_id, COUNT(status = 'waiting'), COUNT(status = 'filled') FROM hold GROUP BY bib_id",
  "COUNT of a comparison counts every hold", dialect="sqlite")
L("holds:patrons holding a title they have borrowed",
  "SELECT DISTINCT h.patron_id, h.bib_id FROM hold AS h JOIN loan AS l ON l.patron_id = h.patron_id "
  "JOIN item AS i ON i.item_id = l.item_id AND i.bib_id = h.bib_id",
  "SELECT patron_id, bib_id FROM hold INTERSECT SELECT l.patron_id, i.bib_id FROM loan AS l JOIN item AS i ON i.item_id = l.item_id",
  "SELECT h.patron_id, h.bib_id FROM hold AS h JOIN loan AS l ON l.patron_id = h.patron_id "
  "JOIN item AS i ON i.item_id = l.item_id AND i.bib_id = h.bib_id",
  "one row per matching loan")

# --- turnover and collection
L("turnover:checkouts per item including never",
  "SELECT i.item_id, COUNT(l.checkout_day) FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id GROUP BY i.item_id",
  "SELECT i.item_id, (SELECT COUNT(*) FROM loan AS l WHERE l.item_id = i.item_id) FROM item AS i",
  "SELECT i.item_id, COUNT(*) FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id GROUP BY i.item_id",
  "an item never borrowed counted once")
L("turnover:items never checked out",
  "SELECT item_id FROM item EXCEPT SELECT item_id FROM loan",
  "SELECT i.item_id FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id WHERE l.item_id IS NULL",
  "SELECT i.item_id FROM item AS i WHERE i.item_id NOT IN (SELECT item_id FROM loan WHERE return_day IS NOT NULL)",
  "items out on their first loan listed as never borrowed")
L("turnover:checkouts per copy per title",
  "SELECT i.bib_id, COUNT(l.item_id) * 1.0 / COUNT(DISTINCT i.item_id) FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id "
  "GROUP BY i.bib_id",
  "SELECT bib_id, AVG(n) FROM (SELECT i.bib_id, (SELECT COUNT(*) FROM loan AS l WHERE l.item_id = i.item_id) AS n FROM item AS i) "
  "AS t GROUP BY bib_id",
  "SELECT i.bib_id, COUNT(*) * 1.0 / COUNT(DISTINCT i.item_id) FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id "
  "GROUP BY i.bib_id",
  "an unborrowed copy counted as a checkout")
L("turnover:dead items not borrowed since a day",
  "SELECT i.item_id FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.item_id = i.item_id AND l.checkout_day >= 10)",
  "SELECT i.item_id FROM item AS i LEFT JOIN loan AS l ON l.item_id = i.item_id GROUP BY i.item_id "
  "HAVING MAX(l.checkout_day) < 10 OR MAX(l.checkout_day) IS NULL",
  "SELECT i.item_id FROM item AS i JOIN loan AS l ON l.item_id = i.item_id GROUP BY i.item_id HAVING MAX(l.checkout_day) < 10",
  "items never borrowed left off the weeding list")
L("turnover:copies available per title",
  "SELECT i.bib_id, COUNT(*) - COUNT(o.item_id) FROM item AS i LEFT JOIN (SELECT DISTINCT item_id FROM loan WHERE return_day IS NULL) "
  "AS o ON o.item_id = i.item_id GROUP BY i.bib_id",
  "SELECT i.bib_id, SUM(CASE WHEN EXISTS (SELECT 1 FROM loan AS l WHERE l.item_id = i.item_id AND l.return_day IS NULL) "
  "THEN 0 ELSE 1 END) FROM item AS i GROUP BY i.bib_id",
  "SELECT i.bib_id, SUM(CASE WHEN EXISTS (SELECT 1 FROM loan AS l WHERE l.item_id = i.item_id) THEN 0 ELSE 1 END) "
  "FROM item AS i GROUP BY i.bib_id",
  "a copy ever borrowed counted as out")
L("collection:items per age bucket",
  "SELECT CASE WHEN acquired_day < 100 THEN 'old' WHEN acquired_day < 200 THEN 'mid' ELSE 'new' END AS age, COUNT(*) FROM item "
  "GROUP BY age",
  "SELECT 'old', COUNT(*) FROM item WHERE acquired_day < 100 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'mid', COUNT(*) FROM item WHERE acquired_day >= 100 AND acquired_day < 200 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'new', COUNT(*) FROM item WHERE acquired_day >= 200 HAVING COUNT(*) > 0",
  "SELECT CASE WHEN acquired_day <= 100 THEN 'old' WHEN acquired_day <= 200 THEN 'mid' ELSE 'new' END AS age, COUNT(*) FROM item "
  "GROUP BY age",
  "a boundary day put in the older bucket")
L("collection:average publication year per branch",
  "SELECT i.branch_id, AVG(b.pub_year) FROM item AS i JOIN bib AS b ON b.bib_id = i.bib_id GROUP BY i.branch_id",
  "SELECT i.branch_id, SUM((SELECT b.pub_year FROM bib AS b WHERE b.bib_id = i.bib_id)) * 1.0 / COUNT(*) FROM item AS i "
  "GROUP BY i.branch_id",
  "SELECT i.branch_id, AVG(DISTINCT b.pub_year) FROM item AS i JOIN bib AS b ON b.bib_id = i.bib_id GROUP BY i.branch_id",
  "copies of the same year counted once")
L("collection:oldest items per branch",
  "SELECT i.branch_id, i.item_id FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM item AS j WHERE j.branch_id = i.branch_id "
  "AND j.acquired_day < i.acquired_day)",
  "SELECT i.branch_id, i.item_id FROM item AS i JOIN (SELECT branch_id, MIN(acquired_day) AS m FROM item GROUP BY branch_id) AS t "
  "ON t.branch_id = i.branch_id AND t.m = i.acquired_day",
  "SELECT i.branch_id, i.item_id FROM item AS i WHERE NOT EXISTS (SELECT 1 FROM item AS j WHERE j.branch_id = i.branch_id "
  "AND j.acquired_day <= i.acquired_day AND j.item_id <> i.item_id)",
  "items acquired on the same day drop each other")
L("collection:unshelved items per branch including none",
  "SELECT b.branch_id, COUNT(i.item_id) FROM branch AS b LEFT JOIN item AS i ON i.branch_id = b.branch_id AND i.location IS NULL "
  "GROUP BY b.branch_id",
  "SELECT b.branch_id, SUM(CASE WHEN i.item_id IS NOT NULL AND i.location IS NULL THEN 1 ELSE 0 END) FROM branch AS b "
  "LEFT JOIN item AS i ON i.branch_id = b.branch_id GROUP BY b.branch_id",
  "SELECT b.branch_id, SUM(CASE WHEN i.location IS NULL THEN 1 ELSE 0 END) FROM branch AS b "
  "LEFT JOIN item AS i ON i.branch_id = b.branch_id GROUP BY b.branch_id",
  "a branch without items counted as one unshelved item")
L("collection:items per shelving location with unshelved",
  "SELECT COALESCE(location, 'unshelved'), COUNT(*) FROM item GROUP BY COALESCE(location, 'unshelved')",
  "SELECT loc, COUNT(*) FROM (SELECT CASE WHEN location IS NULL THEN 'unshelved' ELSE location END AS loc FROM item) AS t GROUP BY loc",
  "SELECT COALESCE(location, 'unshelved'), COUNT(location) FROM item GROUP BY location",
  "COUNT of the location shows no unshelved items")
L("collection:titles held at every branch",
  "SELECT b.bib_id FROM bib AS b WHERE NOT EXISTS (SELECT 1 FROM branch AS br WHERE NOT EXISTS (SELECT 1 FROM item AS i "
  "WHERE i.bib_id = b.bib_id AND i.branch_id = br.branch_id))",
  "SELECT b.bib_id FROM bib AS b WHERE (SELECT COUNT(DISTINCT i.branch_id) FROM item AS i WHERE i.bib_id = b.bib_id) "
  "= (SELECT COUNT(*) FROM branch)",
  "SELECT b.bib_id FROM bib AS b WHERE (SELECT COUNT(i.branch_id) FROM item AS i WHERE i.bib_id = b.bib_id) "
  "= (SELECT COUNT(*) FROM branch)",
  "two copies at one branch counted as two branches")

# --- patrons
L("patrons:borrowing outside the home branch",
  "SELECT DISTINCT l.patron_id FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id "
  "WHERE p.home_branch IS NULL OR l.branch_id <> p.home_branch",
  "SELECT p.patron_id FROM patron AS p WHERE EXISTS (SELECT 1 FROM loan AS l WHERE l.patron_id = p.patron_id "
  "AND l.branch_id IS NOT p.home_branch)",
  "SELECT DISTINCT l.patron_id FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id WHERE l.branch_id <> p.home_branch",
  "patrons without a home branch left out", dialect="sqlite")
L("patrons:inactive since a day",
  "SELECT patron_id FROM patron EXCEPT SELECT patron_id FROM loan WHERE checkout_day >= 10 "
  "EXCEPT SELECT patron_id FROM hold WHERE placed_day >= 10",
  "SELECT p.patron_id FROM patron AS p WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.patron_id = p.patron_id "
  "AND l.checkout_day >= 10) AND NOT EXISTS (SELECT 1 FROM hold AS h WHERE h.patron_id = p.patron_id AND h.placed_day >= 10)",
  "SELECT p.patron_id FROM patron AS p WHERE NOT EXISTS (SELECT 1 FROM loan AS l WHERE l.patron_id = p.patron_id "
  "AND l.checkout_day >= 10) OR NOT EXISTS (SELECT 1 FROM hold AS h WHERE h.patron_id = p.patron_id AND h.placed_day >= 10)",
  "OR for AND: a borrower without recent holds counted inactive")
L("patrons:patrons per home branch with unassigned",
  "SELECT home_branch, COUNT(*) FROM patron GROUP BY home_branch",
  "SELECT b.branch_id, COUNT(*) FROM branch AS b JOIN patron AS p ON p.home_branch = b.branch_id GROUP BY b.branch_id "
  "UNION ALL SELECT NULL, COUNT(*) FROM patron WHERE home_branch IS NULL HAVING COUNT(*) > 0",
  "SELECT b.branch_id, COUNT(*) FROM branch AS b JOIN patron AS p ON p.home_branch = b.branch_id GROUP BY b.branch_id "
  "UNION ALL SELECT NULL, COUNT(*) FROM patron WHERE home_branch IS NULL",
  "an unassigned row with zero when every patron has a branch")
L("patrons:top borrower per branch with ties",
  "WITH c AS (SELECT branch_id, patron_id, COUNT(*) AS n FROM loan GROUP BY branch_id, patron_id) SELECT branch_id, patron_id "
  "FROM c WHERE n = (SELECT MAX(c2.n) FROM c AS c2 WHERE c2.branch_id = c.branch_id)",
  "SELECT branch_id, patron_id FROM (SELECT branch_id, patron_id, RANK() OVER (PARTITION BY branch_id ORDER BY COUNT(*) DESC) AS r "
  "FROM loan GROUP BY branch_id, patron_id) AS t WHERE r = 1",
  "SELECT branch_id, patron_id FROM (SELECT branch_id, patron_id, ROW_NUMBER() OVER (PARTITION BY branch_id "
  "ORDER BY COUNT(*) DESC, patron_id) AS r FROM loan GROUP BY branch_id, patron_id) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of tied borrowers")
L("patrons:children who borrowed a DVD",
  "SELECT DISTINCT p.patron_id FROM patron AS p JOIN loan AS l ON l.patron_id = p.patron_id JOIN item AS i ON i.item_id = l.item_id "
  "JOIN bib AS b ON b.bib_id = i.bib_id WHERE p.ptype = 'child' AND b.format = 'dvd'",
  "SELECT patron_id FROM patron WHERE ptype = 'child' AND patron_id IN (SELECT l.patron_id FROM loan AS l JOIN item AS i "
  "ON i.item_id = l.item_id WHERE i.bib_id IN (SELECT bib_id FROM bib WHERE format = 'dvd'))",
  "SELECT p.patron_id FROM patron AS p JOIN loan AS l ON l.patron_id = p.patron_id JOIN item AS i ON i.item_id = l.item_id "
  "JOIN bib AS b ON b.bib_id = i.bib_id WHERE p.ptype = 'child' AND b.format = 'dvd'",
  "a child borrowing two DVDs listed twice")
L("patrons:last checkout day per patron including never",
  "SELECT p.patron_id, MAX(l.checkout_day) FROM patron AS p LEFT JOIN loan AS l ON l.patron_id = p.patron_id GROUP BY p.patron_id",
  "SELECT p.patron_id, (SELECT l.checkout_day FROM loan AS l WHERE l.patron_id = p.patron_id ORDER BY l.checkout_day DESC LIMIT 1) "
  "FROM patron AS p",
  "SELECT p.patron_id, (SELECT l.checkout_day FROM loan AS l WHERE l.patron_id = p.patron_id ORDER BY l.checkout_day LIMIT 1) "
  "FROM patron AS p",
  "the first checkout instead of the last")
L("patrons:cards expiring soon",
  "SELECT patron_id, name FROM patron WHERE expiry_day > 30 AND expiry_day <= 100",
  "SELECT patron_id, name FROM patron WHERE expiry_day BETWEEN 31 AND 100",
  "SELECT patron_id, name FROM patron WHERE expiry_day BETWEEN 30 AND 100",
  "a card that expired today listed as expiring soon")

# --- fines
NOTWAIVED = "(waived IS NULL OR waived = 0)"
L("fines:balance owed per patron",
  f"SELECT patron_id, SUM(amount - paid) FROM fine WHERE {NOTWAIVED} GROUP BY patron_id",
  "SELECT patron_id, SUM(CASE WHEN COALESCE(waived, 0) = 0 THEN amount - paid END) FROM fine GROUP BY patron_id "
  "HAVING SUM(CASE WHEN COALESCE(waived, 0) = 0 THEN 1 ELSE 0 END) > 0",
  "SELECT patron_id, SUM(amount - paid) FROM fine WHERE waived = 0 GROUP BY patron_id",
  "fines with no waived flag left out of the balance")
L("fines:patrons blocked for owing more than five",
  "SELECT p.patron_id FROM patron AS p WHERE (SELECT SUM(f.amount - f.paid) FROM fine AS f WHERE f.patron_id = p.patron_id "
  "AND COALESCE(f.waived, 0) = 0) > 5",
  "SELECT patron_id FROM fine WHERE COALESCE(waived, 0) = 0 GROUP BY patron_id HAVING SUM(amount - paid) > 5",
  "SELECT patron_id FROM fine WHERE COALESCE(waived, 0) = 0 GROUP BY patron_id HAVING SUM(amount - paid) >= 5",
  "a balance of exactly five blocks the card")
L("fines:collected per owning branch including fines without an item",
  "SELECT i.branch_id, SUM(f.paid) FROM fine AS f LEFT JOIN item AS i ON i.item_id = f.item_id GROUP BY i.branch_id",
  "SELECT i.branch_id, SUM(f.paid) FROM fine AS f JOIN item AS i ON i.item_id = f.item_id GROUP BY i.branch_id "
  "UNION ALL SELECT NULL, SUM(paid) FROM fine WHERE item_id IS NULL HAVING COUNT(*) > 0",
  "SELECT i.branch_id, SUM(f.paid) FROM fine AS f JOIN item AS i ON i.item_id = f.item_id GROUP BY i.branch_id",
  "fines without an item (card fees) dropped")
L("fines:waived amount per patron including none",
  "SELECT p.patron_id, COALESCE(SUM(CASE WHEN f.waived = 1 THEN f.amount END), 0) FROM patron AS p "
  "LEFT JOIN fine AS f ON f.patron_id = p.patron_id GROUP BY p.patron_id",
  "SELECT p.patron_id, COALESCE((SELECT SUM(f.amount) FROM fine AS f WHERE f.patron_id = p.patron_id AND f.waived = 1), 0) "
  "FROM patron AS p",
  "SELECT p.patron_id, SUM(CASE WHEN f.waived = 1 THEN f.amount END) FROM patron AS p "
  "LEFT JOIN fine AS f ON f.patron_id = p.patron_id GROUP BY p.patron_id",
  "patrons without waivers show NULL instead of zero")
L("fines:unpaid fines assessed by a day with patron name",
  "SELECT f.fine_id, p.name FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id WHERE f.paid < f.amount "
  "AND f.assessed_day <= 30 AND (f.waived IS NULL OR f.waived <> 1)",
  "SELECT f.fine_id, (SELECT p.name FROM patron AS p WHERE p.patron_id = f.patron_id) FROM fine AS f "
  "WHERE f.amount - f.paid > 0 AND f.assessed_day <= 30 AND COALESCE(f.waived, 0) <> 1",
  "SELECT f.fine_id, p.name FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id WHERE f.paid < f.amount "
  "AND f.assessed_day < 30 AND (f.waived IS NULL OR f.waived <> 1)",
  "fines assessed on the cut-off day left out")
L("fines:fines on lost items",
  "SELECT f.fine_id FROM fine AS f JOIN item AS i ON i.item_id = f.item_id WHERE i.status = 'lost'",
  "SELECT fine_id FROM fine WHERE item_id IN (SELECT item_id FROM item WHERE status = 'lost')",
  "SELECT f.fine_id FROM fine AS f LEFT JOIN item AS i ON i.item_id = f.item_id WHERE i.status = 'lost' OR i.item_id IS NULL",
  "fines without an item counted as lost-item fines")
L("fines:collection rate per patron type",
  "SELECT p.ptype, SUM(f.paid) / SUM(f.amount) FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id GROUP BY p.ptype",
  "SELECT t.ptype, SUM(t.paid) / SUM(t.amount) FROM (SELECT p.ptype, f.paid, f.amount FROM fine AS f, patron AS p "
  "WHERE p.patron_id = f.patron_id) AS t GROUP BY t.ptype",
  "SELECT p.ptype, AVG(f.paid / f.amount) FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id GROUP BY p.ptype",
  "the average of per-fine rates instead of the overall rate", dialect="sqlite")
L("fines:patrons with every fine paid",
  "SELECT patron_id FROM fine GROUP BY patron_id HAVING SUM(CASE WHEN paid < amount THEN 1 ELSE 0 END) = 0",
  "SELECT DISTINCT f.patron_id FROM fine AS f WHERE NOT EXISTS (SELECT 1 FROM fine AS g WHERE g.patron_id = f.patron_id "
  "AND g.paid < g.amount)",
  "SELECT p.patron_id FROM patron AS p WHERE NOT EXISTS (SELECT 1 FROM fine AS g WHERE g.patron_id = p.patron_id "
  "AND g.paid < g.amount)",
  "patrons never fined listed as paid up")
L("fines:outstanding per home branch with unassigned",
  "SELECT p.home_branch, SUM(f.amount - f.paid) FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id GROUP BY p.home_branch",
  "SELECT hb, SUM(o) FROM (SELECT (SELECT p.home_branch FROM patron AS p WHERE p.patron_id = f.patron_id) AS hb, "
  "f.amount - f.paid AS o FROM fine AS f) AS t GROUP BY hb",
  "SELECT b.branch_id, SUM(f.amount - f.paid) FROM fine AS f JOIN patron AS p ON p.patron_id = f.patron_id "
  "JOIN branch AS b ON b.branch_id = p.home_branch GROUP BY b.branch_id",
  "patrons without a home branch dropped")

# --- transfers
L("transfers:items in transit with destination",
  "SELECT t.item_id, b.name FROM transfer AS t JOIN branch AS b ON b.branch_id = t.to_branch WHERE t.received_day IS NULL",
  "SELECT t.item_id, (SELECT b.name FROM branch AS b WHERE b.branch_id = t.to_branch) FROM transfer AS t "
  "WHERE NOT (t.received_day IS NOT NULL)",
  "SELECT t.item_id, b.name FROM transfer AS t JOIN branch AS b ON b.branch_id = t.from_branch WHERE t.received_day IS NULL",
  "the sending branch named as destination")
L("transfers:net transfers per branch including none",
  "SELECT b.branch_id, (SELECT COUNT(*) FROM transfer AS t WHERE t.to_branch = b.branch_id) "
  "- (SELECT COUNT(*) FROM transfer AS t WHERE t.from_branch = b.branch_id) FROM branch AS b",
  "SELECT b.branch_id, COALESCE(SUM(CASE WHEN t.to_branch = b.branch_id THEN 1 ELSE 0 END) "
  "- SUM(CASE WHEN t.from_branch = b.branch_id THEN 1 ELSE 0 END), 0) FROM branch AS b "
  "LEFT JOIN transfer AS t ON b.branch_id IN (t.from_branch, t.to_branch) GROUP BY b.branch_id",
  "SELECT b.branch_id, COUNT(ti.transfer_id) - COUNT(tf.transfer_id) FROM branch AS b "
  "LEFT JOIN transfer AS ti ON ti.to_branch = b.branch_id LEFT JOIN transfer AS tf ON tf.from_branch = b.branch_id "
  "GROUP BY b.branch_id",
  "incoming and outgoing transfers joined together multiply each other")
L("transfers:average transit days per route",
  "SELECT from_branch, to_branch, AVG(received_day - sent_day) FROM transfer WHERE received_day IS NOT NULL "
  "GROUP BY from_branch, to_branch",
  "SELECT from_branch, to_branch, AVG(received_day - sent_day) FROM transfer GROUP BY from_branch, to_branch "
  "HAVING COUNT(received_day) > 0",
  "SELECT from_branch, to_branch, AVG(COALESCE(received_day, sent_day) - sent_day) FROM transfer GROUP BY from_branch, to_branch "
  "HAVING COUNT(received_day) > 0",
  "items in transit counted as arriving the same day")
L("transfers:items transferred more than once",
  "SELECT item_id FROM transfer GROUP BY item_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.item_id FROM transfer AS a JOIN transfer AS b ON b.item_id = a.item_id AND b.transfer_id > a.transfer_id",
  "SELECT a.item_id FROM transfer AS a JOIN transfer AS b ON b.item_id = a.item_id AND b.transfer_id > a.transfer_id",
  "an item with three transfers listed three times")
L("transfers:items now away from their owning branch",
  "SELECT i.item_id, t.to_branch FROM item AS i JOIN transfer AS t ON t.item_id = i.item_id WHERE t.received_day IS NOT NULL "
  "AND t.to_branch <> i.branch_id AND NOT EXISTS (SELECT 1 FROM transfer AS t2 WHERE t2.item_id = t.item_id "
  "AND t2.received_day IS NOT NULL AND (t2.received_day > t.received_day OR (t2.received_day = t.received_day "
  "AND t2.transfer_id > t.transfer_id)))",
  "SELECT i.item_id, x.to_branch FROM item AS i JOIN (SELECT item_id, to_branch, ROW_NUMBER() OVER (PARTITION BY item_id "
  "ORDER BY received_day DESC, transfer_id DESC) AS rn FROM transfer WHERE received_day IS NOT NULL) AS x "
  "ON x.item_id = i.item_id AND x.rn = 1 WHERE x.to_branch <> i.branch_id",
  "SELECT i.item_id, x.to_branch FROM item AS i JOIN (SELECT item_id, to_branch, ROW_NUMBER() OVER (PARTITION BY item_id "
  "ORDER BY sent_day DESC, transfer_id DESC) AS rn FROM transfer WHERE received_day IS NOT NULL) AS x "
  "ON x.item_id = i.item_id AND x.rn = 1 WHERE x.to_branch <> i.branch_id",
  "the latest sent transfer taken for the latest received")
L("transfers:transfers per sending branch including none",
  "SELECT b.branch_id, COUNT(t.transfer_id) FROM branch AS b LEFT JOIN transfer AS t ON t.from_branch = b.branch_id "
  "GROUP BY b.branch_id",
  "SELECT branch_id, 0 FROM branch WHERE branch_id NOT IN (SELECT from_branch FROM transfer) UNION ALL "
  "SELECT from_branch, COUNT(*) FROM transfer GROUP BY from_branch",
  "SELECT b.branch_id, COUNT(t.transfer_id) FROM branch AS b LEFT JOIN transfer AS t ON b.branch_id IN (t.from_branch, t.to_branch) "
  "GROUP BY b.branch_id",
  "received transfers counted as sent")

# --- circulation log
L("log:checkouts per day without duplicates",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT item_id, patron_id, day FROM circ_event WHERE event = 'checkout') AS t GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT item_id, patron_id, day FROM circ_event WHERE event = 'checkout' "
  "GROUP BY item_id, patron_id, day) AS t GROUP BY day",
  "SELECT day, COUNT(*) FROM circ_event WHERE event = 'checkout' GROUP BY day",
  "duplicated log rows counted")
L("log:logged checkouts without a loan",
  "SELECT e.item_id, e.day FROM circ_event AS e WHERE e.event = 'checkout' AND NOT EXISTS (SELECT 1 FROM loan AS l "
  "WHERE l.item_id = e.item_id AND l.checkout_day = e.day)",
  "SELECT e.item_id, e.day FROM circ_event AS e LEFT JOIN loan AS l ON l.item_id = e.item_id AND l.checkout_day = e.day "
  "WHERE e.event = 'checkout' AND l.item_id IS NULL",
  "SELECT e.item_id, e.day FROM circ_event AS e WHERE e.event = 'checkout' AND (e.item_id, e.day) NOT IN "
  "(SELECT item_id, checkout_day FROM loan)",
  "NOT IN drops log rows with a missing item or day", dialect="sqlite")
L("log:events per type with unknown",
  "SELECT event, COUNT(*) FROM circ_event GROUP BY event",
  "SELECT event, COUNT(*) FROM circ_event WHERE event IS NOT NULL GROUP BY event UNION ALL "
  "SELECT NULL, COUNT(*) FROM circ_event WHERE event IS NULL HAVING COUNT(*) > 0",
  "SELECT event, COUNT(event) FROM circ_event GROUP BY event",
  "COUNT of the event shows zero unknown events")
L("log:checked in but never logged out",
  "SELECT item_id FROM circ_event WHERE event = 'checkin' EXCEPT SELECT item_id FROM circ_event WHERE event = 'checkout'",
  "SELECT DISTINCT e.item_id FROM circ_event AS e WHERE e.event = 'checkin' AND NOT EXISTS (SELECT 1 FROM circ_event AS c "
  "WHERE c.event = 'checkout' AND c.item_id IS e.item_id)",
  "SELECT DISTINCT e.item_id FROM circ_event AS e WHERE e.event = 'checkin' AND NOT EXISTS (SELECT 1 FROM circ_event AS c "
  "WHERE c.event = 'checkout' AND c.item_id = e.item_id)",
  "= never matches the unknown item", dialect="sqlite")

# --- loans
L("loans:average loan length per format",
  "SELECT b.format, AVG(l.return_day - l.checkout_day) FROM loan AS l JOIN item AS i ON i.item_id = l.item_id "
  "JOIN bib AS b ON b.bib_id = i.bib_id WHERE l.return_day IS NOT NULL GROUP BY b.format",
  "SELECT b.format, SUM(l.return_day - l.checkout_day) * 1.0 / COUNT(l.return_day) FROM loan AS l "
  "JOIN item AS i ON i.item_id = l.item_id JOIN bib AS b ON b.bib_id = i.bib_id GROUP BY b.format HAVING COUNT(l.return_day) > 0",
  "SELECT b.format, SUM(l.return_day - l.checkout_day) * 1.0 / COUNT(*) FROM loan AS l "
  "JOIN item AS i ON i.item_id = l.item_id JOIN bib AS b ON b.bib_id = i.bib_id GROUP BY b.format HAVING COUNT(l.return_day) > 0",
  "loans still out in the denominator")
L("loans:open loans with patron and title",
  f"SELECT l.item_id, p.name, b.title FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id "
  f"JOIN item AS i ON i.item_id = l.item_id JOIN bib AS b ON b.bib_id = i.bib_id WHERE {OPEN}",
  f"SELECT l.item_id, (SELECT p.name FROM patron AS p WHERE p.patron_id = l.patron_id), (SELECT b.title FROM item AS i "
  f"JOIN bib AS b ON b.bib_id = i.bib_id WHERE i.item_id = l.item_id) FROM loan AS l WHERE {OPEN}",
  "SELECT l.item_id, p.name, b.title FROM loan AS l JOIN patron AS p ON p.patron_id = l.patron_id "
  "JOIN item AS i ON i.item_id = l.item_id JOIN bib AS b ON b.bib_id = i.item_id WHERE l.return_day IS NULL AND l.due_day < 30",
  "the title looked up by item number")


# ============================================================ fleet telematics (fleet)
# depot(depot_id PK, name, region NULL), vehicle(vehicle_id PK, depot_id FK, make, vtype, in_service_day, retired_day NULL),
# driver(driver_id PK, name, depot_id FK NULL, hired_day), assignment(vehicle_id FK, start_day; PK both, driver_id FK,
# end_day NULL), trip(trip_id PK, vehicle_id FK, driver_id FK NULL, day, km, minutes, harsh), fuel(fuel_id PK,
# vehicle_id FK, day, litres REAL, cost REAL), maint(job_id PK, vehicle_id FK, kind, opened_day, due_day,
# completed_day NULL, cost NULL), inspection(insp_id PK, vehicle_id FK, day, odometer REAL NULL, result),
# defect(insp_id FK, defect_no; PK both, severity, repaired_day NULL), keyless ping(vehicle_id, day, minute, event,
# zone; all NULL-able).
ACTIVE = "v.in_service_day <= 120 AND (v.retired_day IS NULL OR v.retired_day > 120)"

# --- utilisation
V("utilisation:active vehicles on a day",
  f"SELECT v.vehicle_id FROM vehicle AS v WHERE {ACTIVE}",
  "SELECT vehicle_id FROM vehicle WHERE in_service_day <= 120 AND vehicle_id NOT IN (SELECT vehicle_id FROM vehicle "
  "WHERE retired_day <= 120)",
  "SELECT vehicle_id FROM vehicle WHERE in_service_day <= 120 AND retired_day > 120",
  "vehicles without a retirement day left off")
V("utilisation:active vehicles per depot including none",
  "SELECT d.depot_id, COUNT(v.vehicle_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  f"AND {ACTIVE} GROUP BY d.depot_id",
  f"SELECT d.depot_id, (SELECT COUNT(*) FROM vehicle AS v WHERE v.depot_id = d.depot_id AND {ACTIVE}) FROM depot AS d",
  "SELECT d.depot_id, COUNT(v.vehicle_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  f"WHERE {ACTIVE} GROUP BY d.depot_id",
  "the active filter in WHERE drops depots without an active vehicle")
V("utilisation:trips per vehicle including idle",
  "SELECT v.vehicle_id, COUNT(t.trip_id) FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, (SELECT COUNT(*) FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) FROM vehicle AS v",
  "SELECT v.vehicle_id, COUNT(*) FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.vehicle_id",
  "an idle vehicle counted with one trip")
V("utilisation:idle active vehicles since a day",
  f"SELECT v.vehicle_id FROM vehicle AS v WHERE {ACTIVE} AND NOT EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.vehicle_id = v.vehicle_id AND t.day >= 10)",
  f"SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id AND t.day >= 10 WHERE {ACTIVE} "
  "AND t.trip_id IS NULL",
  f"SELECT v.vehicle_id FROM vehicle AS v WHERE {ACTIVE} AND NOT EXISTS (SELECT 1 FROM trip AS t "
  "WHERE t.vehicle_id = v.vehicle_id AND t.day > 10)",
  "a vehicle last used on the cut-off day listed as idle")
V("utilisation:share of in-service vehicles used per depot",
  "SELECT v.depot_id, 1.0 * COUNT(DISTINCT t.vehicle_id) / COUNT(DISTINCT v.vehicle_id) FROM vehicle AS v "
  "LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id WHERE v.retired_day IS NULL GROUP BY v.depot_id",
  "SELECT v.depot_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) THEN 1.0 ELSE 0.0 END) "
  "FROM vehicle AS v WHERE v.retired_day IS NULL GROUP BY v.depot_id",
  "SELECT v.depot_id, 1.0 * COUNT(t.vehicle_id) / COUNT(DISTINCT v.vehicle_id) FROM vehicle AS v "
  "LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id WHERE v.retired_day IS NULL GROUP BY v.depot_id",
  "trips counted instead of vehicles used")
V("utilisation:days used per vehicle",
  "SELECT vehicle_id, COUNT(DISTINCT day) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM (SELECT vehicle_id, day FROM trip GROUP BY vehicle_id, day) AS t GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(day) FROM trip GROUP BY vehicle_id",
  "two trips on one day counted as two days")
V("utilisation:depots where every vehicle made a trip",
  "SELECT d.depot_id FROM depot AS d WHERE NOT EXISTS (SELECT 1 FROM vehicle AS v WHERE v.depot_id = d.depot_id "
  "AND NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id))",
  "SELECT d.depot_id FROM depot AS d WHERE (SELECT COUNT(*) FROM vehicle AS v WHERE v.depot_id = d.depot_id) "
  "= (SELECT COUNT(DISTINCT t.vehicle_id) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id WHERE v.depot_id = d.depot_id)",
  "SELECT d.depot_id FROM depot AS d WHERE (SELECT COUNT(*) FROM vehicle AS v WHERE v.depot_id = d.depot_id) "
  "= (SELECT COUNT(t.vehicle_id) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id WHERE v.depot_id = d.depot_id)",
  "trips counted instead of vehicles")
V("utilisation:second page of vehicles by distance",
  "SELECT vehicle_id, SUM(km) AS total FROM trip GROUP BY vehicle_id ORDER BY total DESC, vehicle_id LIMIT 2 OFFSET 2",
  "SELECT vehicle_id, total FROM (SELECT vehicle_id, SUM(km) AS total, ROW_NUMBER() OVER (ORDER BY SUM(km) DESC, vehicle_id) AS rn "
  "FROM trip GROUP BY vehicle_id) AS t WHERE rn IN (3, 4) ORDER BY rn",
  "SELECT vehicle_id, SUM(km) AS total FROM trip GROUP BY vehicle_id ORDER BY total DESC, vehicle_id LIMIT 2 OFFSET 3",
  "the second page starts one row late", semantics="list")

# --- mileage and fuel
V("mileage:distance per driver with unassigned trips",
  "SELECT driver_id, SUM(km) FROM trip GROUP BY driver_id",
  "SELECT d.driver_id, SUM(t.km) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id GROUP BY d.driver_id "
  "UNION ALL SELECT NULL, SUM(km) FROM trip WHERE driver_id IS NULL HAVING COUNT(*) > 0",
  "SELECT d.driver_id, SUM(t.km) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id GROUP BY d.driver_id",
  "trips without a driver dropped")
V("mileage:distance per vehicle including none",
  "SELECT v.vehicle_id, COALESCE(SUM(t.km), 0) FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id "
  "GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, COALESCE((SELECT SUM(t.km) FROM trip AS t WHERE t.vehicle_id = v.vehicle_id), 0) FROM vehicle AS v",
  "SELECT v.vehicle_id, SUM(t.km) FROM vehicle AS v LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id GROUP BY v.vehicle_id",
  "an idle vehicle shows NULL instead of zero")
V("mileage:running distance per vehicle",
  "SELECT trip_id, SUM(km) OVER (PARTITION BY vehicle_id ORDER BY day, trip_id) FROM trip",
  "SELECT t.trip_id, (SELECT SUM(t2.km) FROM trip AS t2 WHERE t2.vehicle_id = t.vehicle_id AND (t2.day < t.day "
  "OR (t2.day = t.day AND t2.trip_id <= t.trip_id))) FROM trip AS t",
  "SELECT trip_id, SUM(km) OVER (PARTITION BY vehicle_id ORDER BY day) FROM trip",
  "trips on the same day summed together")
V("mileage:average speed per vehicle",
  "SELECT vehicle_id, SUM(km) * 60.0 / SUM(minutes) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, 60.0 * SUM(km) / SUM(minutes) FROM trip GROUP BY vehicle_id",
  "SELECT vehicle_id, AVG(km * 60.0 / minutes) FROM trip GROUP BY vehicle_id",
  "the average of per-trip speeds", dialect="sqlite")
V("fuel:distance per litre per vehicle",
  "SELECT v.vehicle_id, (SELECT SUM(t.km) FROM trip AS t WHERE t.vehicle_id = v.vehicle_id) "
  "/ (SELECT SUM(f.litres) FROM fuel AS f WHERE f.vehicle_id = v.vehicle_id) FROM vehicle AS v",
  "WITH k AS (SELECT vehicle_id, SUM(km) AS km FROM trip GROUP BY vehicle_id), l AS (SELECT vehicle_id, SUM(litres) AS lt "
  "FROM fuel GROUP BY vehicle_id) SELECT v.vehicle_id, k.km / l.lt FROM vehicle AS v LEFT JOIN k ON k.vehicle_id = v.vehicle_id "
  "LEFT JOIN l ON l.vehicle_id = v.vehicle_id",
  "WITH k AS (SELECT vehicle_id, SUM(km) AS km FROM trip GROUP BY vehicle_id), l AS (SELECT vehicle_id, SUM(litres) AS lt "
  "FROM fuel GROUP BY vehicle_id) SELECT v.vehicle_id, k.km / l.lt FROM vehicle AS v JOIN k ON k.vehicle_id = v.vehicle_id "
  "JOIN l ON l.vehicle_id = v.vehicle_id",
  "vehicles without trips or fuel dropped", dialect="sqlite")
V("fuel:fuel spend per depot including none",
  "SELECT d.depot_id, COALESCE(SUM(f.cost), 0) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN fuel AS f ON f.vehicle_id = v.vehicle_id GROUP BY d.depot_id",
  "SELECT d.depot_id, COALESCE((SELECT SUM(f.cost) FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id "
  "WHERE v.depot_id = d.depot_id), 0) FROM depot AS d",
  "SELECT d.depot_id, SUM(f.cost) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN fuel AS f ON f.vehicle_id = v.vehicle_id GROUP BY d.depot_id",
  "a depot without fuel shows NULL instead of zero")
V("fuel:fill-ups after retirement",
  "SELECT f.fuel_id FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id WHERE f.day > v.retired_day",
  "SELECT fuel_id FROM fuel AS f WHERE EXISTS (SELECT 1 FROM vehicle AS v WHERE v.vehicle_id = f.vehicle_id "
  "AND v.retired_day < f.day)",
  "SELECT f.fuel_id FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id WHERE f.day >= v.retired_day",
  "a fill-up on the retirement day flagged")
V("fuel:two fill-ups on one day",
  "SELECT DISTINCT a.vehicle_id, a.day FROM fuel AS a JOIN fuel AS b ON b.vehicle_id = a.vehicle_id AND b.day = a.day "
  "AND b.fuel_id <> a.fuel_id",
  "SELECT vehicle_id, day FROM fuel GROUP BY vehicle_id, day HAVING COUNT(*) > 1",
  "SELECT a.vehicle_id, a.day FROM fuel AS a JOIN fuel AS b ON b.vehicle_id = a.vehicle_id AND b.day = a.day "
  "AND b.fuel_id > a.fuel_id",
  "three fill-ups on a day listed three times")
V("fuel:most expensive fill-up per depot with ties",
  "SELECT v.depot_id, f.fuel_id FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id WHERE f.cost = "
  "(SELECT MAX(f2.cost) FROM fuel AS f2 JOIN vehicle AS v2 ON v2.vehicle_id = f2.vehicle_id WHERE v2.depot_id = v.depot_id)",
  "SELECT depot_id, fuel_id FROM (SELECT v.depot_id, f.fuel_id, RANK() OVER (PARTITION BY v.depot_id ORDER BY f.cost DESC) AS r "
  "FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id) AS t WHERE r = 1",
  "SELECT depot_id, fuel_id FROM (SELECT v.depot_id, f.fuel_id, ROW_NUMBER() OVER (PARTITION BY v.depot_id "
  "ORDER BY f.cost DESC, f.fuel_id) AS r FROM fuel AS f JOIN vehicle AS v ON v.vehicle_id = f.vehicle_id) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of tied fill-ups")
V("fuel:days to the next fill-up",
  "SELECT fuel_id, LEAD(day) OVER (PARTITION BY vehicle_id ORDER BY day, fuel_id) - day FROM fuel",
  "SELECT f.fuel_id, (SELECT g.day FROM fuel AS g WHERE g.vehicle_id = f.vehicle_id AND (g.day > f.day OR (g.day = f.day "
  "AND g.fuel_id > f.fuel_id)) ORDER BY g.day, g.fuel_id LIMIT 1) - f.day FROM fuel AS f",
  "SELECT f.fuel_id, (SELECT MIN(g.day) FROM fuel AS g WHERE g.vehicle_id = f.vehicle_id AND g.day > f.day) - f.day FROM fuel AS f",
  "a second fill-up the same day skipped")
V("fuel:fuelled on a day without a trip",
  "SELECT vehicle_id, day FROM fuel EXCEPT SELECT vehicle_id, day FROM trip",
  "SELECT DISTINCT f.vehicle_id, f.day FROM fuel AS f WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = f.vehicle_id "
  "AND t.day = f.day)",
  "SELECT DISTINCT f.vehicle_id, f.day FROM fuel AS f WHERE NOT EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = f.vehicle_id)",
  "only vehicles that never drove flagged")

# --- maintenance
V("maintenance:overdue jobs as of a day",
  "SELECT job_id FROM maint WHERE due_day < 30 AND (completed_day IS NULL OR completed_day > 30)",
  "SELECT job_id FROM maint WHERE due_day < 30 AND COALESCE(completed_day, 31) > 30",
  "SELECT job_id FROM maint WHERE due_day < 30 AND completed_day IS NULL",
  "jobs completed after the day counted done")
V("maintenance:open jobs per vehicle including none",
  "SELECT v.vehicle_id, COUNT(m.job_id) FROM vehicle AS v LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "AND m.completed_day IS NULL GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, (SELECT COUNT(*) FROM maint AS m WHERE m.vehicle_id = v.vehicle_id AND m.completed_day IS NULL) "
  "FROM vehicle AS v",
  "SELECT v.vehicle_id, COUNT(m.job_id) FROM vehicle AS v LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "WHERE m.completed_day IS NULL GROUP BY v.vehicle_id",
  "the open filter in WHERE drops vehicles whose jobs are all done")
V("maintenance:vehicles with an open job past due",
  "SELECT DISTINCT v.vehicle_id, v.make FROM vehicle AS v JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "WHERE m.completed_day IS NULL AND m.due_day <= 30",
  "SELECT vehicle_id, make FROM vehicle WHERE vehicle_id IN (SELECT vehicle_id FROM maint "
  "WHERE completed_day IS NULL AND due_day <= 30)",
  "SELECT v.vehicle_id, v.make FROM vehicle AS v JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "WHERE m.completed_day IS NULL AND m.due_day <= 30",
  "a vehicle with two open jobs listed twice")
V("maintenance:average days to complete per kind",
  "SELECT kind, AVG(completed_day - opened_day) FROM maint WHERE completed_day IS NOT NULL GROUP BY kind",
  "SELECT kind, SUM(completed_day - opened_day) * 1.0 / COUNT(completed_day) FROM maint GROUP BY kind HAVING COUNT(completed_day) > 0",
  "SELECT kind, SUM(completed_day - opened_day) * 1.0 / COUNT(*) FROM maint GROUP BY kind HAVING COUNT(completed_day) > 0",
  "open jobs in the denominator")
V("maintenance:cost per vehicle with unknown costs",
  "SELECT vehicle_id, SUM(cost) FROM maint GROUP BY vehicle_id",
  "SELECT vehicle_id, SUM(cost) FROM maint WHERE cost IS NOT NULL GROUP BY vehicle_id UNION ALL "
  "SELECT vehicle_id, NULL FROM maint GROUP BY vehicle_id HAVING COUNT(cost) = 0",
  "SELECT vehicle_id, SUM(COALESCE(cost, 0)) FROM maint GROUP BY vehicle_id",
  "a vehicle with only unknown costs shows zero")
V("maintenance:last completed service per vehicle including never",
  "SELECT v.vehicle_id, MAX(m.completed_day) FROM vehicle AS v LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "AND m.kind = 'service' GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, (SELECT m.completed_day FROM maint AS m WHERE m.vehicle_id = v.vehicle_id AND m.kind = 'service' "
  "AND m.completed_day IS NOT NULL ORDER BY m.completed_day DESC LIMIT 1) FROM vehicle AS v",
  "SELECT v.vehicle_id, MAX(m.completed_day) FROM vehicle AS v LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id "
  "WHERE m.kind = 'service' GROUP BY v.vehicle_id",
  "vehicles never serviced dropped")
V("maintenance:vehicles without a recent completed service",
  "SELECT vehicle_id FROM vehicle EXCEPT SELECT vehicle_id FROM maint WHERE kind = 'service' AND completed_day >= 10",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE NOT EXISTS (SELECT 1 FROM maint AS m WHERE m.vehicle_id = v.vehicle_id "
  "AND m.kind = 'service' AND m.completed_day >= 10)",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE NOT EXISTS (SELECT 1 FROM maint AS m WHERE m.vehicle_id = v.vehicle_id "
  "AND m.kind = 'service' AND m.completed_day > 10)",
  "a service completed on the cut-off day not counted")
V("maintenance:repairs and services per depot side by side",
  "SELECT v.depot_id, COUNT(*) FILTER (WHERE m.kind = 'repair'), COUNT(*) FILTER (WHERE m.kind = 'service') FROM vehicle AS v "
  "JOIN maint AS m ON m.vehicle_id = v.vehicle_id GROUP BY v.depot_id",
  "SELECT v.depot_id, SUM(CASE WHEN m.kind = 'repair' THEN 1 ELSE 0 END), SUM(CASE WHEN m.kind = 'service' THEN 1 ELSE 0 END) "
  "FROM vehicle AS v JOIN maint AS m ON m.vehicle_id = v.vehicle_id GROUP BY v.depot_id",
  "SELECT v.depot_id, SUM(CASE WHEN m.kind = 'repair' THEN 1 END), SUM(CASE WHEN m.kind = 'service' THEN 1 END) "
  "FROM vehicle AS v JOIN maint AS m ON m.vehicle_id = v.vehicle_id GROUP BY v.depot_id",
  "a depot without repairs shows NULL instead of zero")
V("maintenance:repairs within ten days of a failed inspection",
  "SELECT DISTINCT m.job_id FROM maint AS m JOIN inspection AS i ON i.vehicle_id = m.vehicle_id WHERE i.result = 'fail' "
  "AND m.kind = 'repair' AND m.opened_day BETWEEN i.day AND i.day + 10",
  "SELECT m.job_id FROM maint AS m WHERE m.kind = 'repair' AND EXISTS (SELECT 1 FROM inspection AS i WHERE i.vehicle_id = m.vehicle_id "
  "AND i.result = 'fail' AND m.opened_day >= i.day AND m.opened_day - i.day <= 10)",
  "SELECT m.job_id FROM maint AS m WHERE m.kind = 'repair' AND EXISTS (SELECT 1 FROM inspection AS i WHERE i.vehicle_id = m.vehicle_id "
  "AND i.result = 'fail' AND m.opened_day >= i.day AND m.opened_day - i.day < 10)",
  "a repair opened on the tenth day missed")
V("maintenance:vehicles with more than one repair",
  "SELECT vehicle_id FROM maint WHERE kind = 'repair' GROUP BY vehicle_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.vehicle_id FROM maint AS a JOIN maint AS b ON b.vehicle_id = a.vehicle_id AND b.job_id > a.job_id "
  "WHERE a.kind = 'repair' AND b.kind = 'repair'",
  "SELECT DISTINCT a.vehicle_id FROM maint AS a JOIN maint AS b ON b.vehicle_id = a.vehicle_id AND b.job_id > a.job_id "
  "WHERE a.kind = 'repair'",
  "a repair followed by any job counted")
V("maintenance:jobs completed late per depot including none",
  "SELECT d.depot_id, COUNT(m.job_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id AND m.completed_day > m.due_day GROUP BY d.depot_id",
  "SELECT d.depot_id, (SELECT COUNT(*) FROM maint AS m JOIN vehicle AS v ON v.vehicle_id = m.vehicle_id "
  "WHERE v.depot_id = d.depot_id AND m.completed_day > m.due_day) FROM depot AS d",
  "SELECT d.depot_id, COUNT(v.vehicle_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN maint AS m ON m.vehicle_id = v.vehicle_id AND m.completed_day > m.due_day GROUP BY d.depot_id",
  "vehicles counted instead of late jobs")

# --- inspections and defects
V("inspections:latest odometer reading per vehicle",
  "SELECT vehicle_id, odometer FROM (SELECT vehicle_id, odometer, ROW_NUMBER() OVER (PARTITION BY vehicle_id "
  "ORDER BY day DESC, insp_id DESC) AS rn FROM inspection WHERE odometer IS NOT NULL) AS t WHERE rn = 1",
  "SELECT v.vehicle_id, (SELECT i.odometer FROM inspection AS i WHERE i.vehicle_id = v.vehicle_id AND i.odometer IS NOT NULL "
  "ORDER BY i.day DESC, i.insp_id DESC LIMIT 1) FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM inspection AS i "
  "WHERE i.vehicle_id = v.vehicle_id AND i.odometer IS NOT NULL)",
  "SELECT vehicle_id, odometer FROM (SELECT vehicle_id, odometer, ROW_NUMBER() OVER (PARTITION BY vehicle_id "
  "ORDER BY day DESC, insp_id DESC) AS rn FROM inspection) AS t WHERE rn = 1",
  "the latest inspection's missing reading reported")
V("inspections:odometer going backwards",
  "SELECT DISTINCT a.vehicle_id FROM inspection AS a JOIN inspection AS b ON b.vehicle_id = a.vehicle_id AND b.day > a.day "
  "WHERE b.odometer < a.odometer",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM inspection AS a JOIN inspection AS b ON b.vehicle_id = a.vehicle_id "
  "WHERE a.vehicle_id = v.vehicle_id AND b.day > a.day AND b.odometer < a.odometer)",
  "SELECT DISTINCT a.vehicle_id FROM inspection AS a JOIN inspection AS b ON b.vehicle_id = a.vehicle_id AND b.day > a.day "
  "WHERE b.odometer <= a.odometer",
  "an unchanged reading flagged as going backwards")
V("inspections:failed inspections with an open major defect",
  "SELECT i.insp_id FROM inspection AS i WHERE i.result = 'fail' AND EXISTS (SELECT 1 FROM defect AS d WHERE d.insp_id = i.insp_id "
  "AND d.severity = 'major' AND d.repaired_day IS NULL)",
  "SELECT insp_id FROM inspection WHERE result = 'fail' AND insp_id IN (SELECT insp_id FROM defect WHERE severity = 'major' "
  "AND repaired_day IS NULL)",
  "SELECT i.insp_id FROM inspection AS i WHERE i.result = 'fail' AND EXISTS (SELECT 1 FROM defect AS d WHERE d.insp_id = i.insp_id "
  "AND d.repaired_day IS NULL)",
  "open minor defects counted as major")
V("defects:open defects per vehicle including none",
  "SELECT v.vehicle_id, COUNT(d.defect_no) FROM vehicle AS v LEFT JOIN inspection AS i ON i.vehicle_id = v.vehicle_id "
  "LEFT JOIN defect AS d ON d.insp_id = i.insp_id AND d.repaired_day IS NULL GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, (SELECT COUNT(*) FROM defect AS d JOIN inspection AS i ON i.insp_id = d.insp_id "
  "WHERE i.vehicle_id = v.vehicle_id AND d.repaired_day IS NULL) FROM vehicle AS v",
  "SELECT v.vehicle_id, COUNT(i.insp_id) FROM vehicle AS v LEFT JOIN inspection AS i ON i.vehicle_id = v.vehicle_id "
  "LEFT JOIN defect AS d ON d.insp_id = i.insp_id AND d.repaired_day IS NULL GROUP BY v.vehicle_id",
  "inspections counted instead of open defects")
V("defects:average days to repair per severity",
  "SELECT d.severity, AVG(d.repaired_day - i.day) FROM defect AS d JOIN inspection AS i ON i.insp_id = d.insp_id "
  "WHERE d.repaired_day IS NOT NULL GROUP BY d.severity",
  "SELECT d.severity, AVG(d.repaired_day - (SELECT i.day FROM inspection AS i WHERE i.insp_id = d.insp_id)) FROM defect AS d "
  "GROUP BY d.severity HAVING COUNT(d.repaired_day) > 0",
  "SELECT d.severity, AVG(COALESCE(d.repaired_day, 30) - i.day) FROM defect AS d JOIN inspection AS i ON i.insp_id = d.insp_id "
  "GROUP BY d.severity HAVING COUNT(d.repaired_day) > 0",
  "open defects counted as repaired today")
V("inspections:vehicles never inspected",
  "SELECT vehicle_id FROM vehicle EXCEPT SELECT vehicle_id FROM inspection",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE v.vehicle_id NOT IN (SELECT i.vehicle_id FROM inspection AS i)",
  "SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN inspection AS i ON i.vehicle_id = v.vehicle_id AND i.result = 'pass' "
  "WHERE i.insp_id IS NULL",
  "vehicles that only failed listed as never inspected")
V("inspections:pass rate per vehicle type",
  "SELECT v.vtype, AVG(i.result = 'pass') FROM inspection AS i JOIN vehicle AS v ON v.vehicle_id = i.vehicle_id GROUP BY v.vtype",
  "SELECT v.vtype, SUM(CASE WHEN i.result = 'pass' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM inspection AS i "
  "JOIN vehicle AS v ON v.vehicle_id = i.vehicle_id GROUP BY v.vtype",
  "SELECT v.vtype, COUNT(i.result = 'pass') * 1.0 / COUNT(*) FROM inspection AS i "
  "JOIN vehicle AS v ON v.vehicle_id = i.vehicle_id GROUP BY v.vtype",
  "COUNT of a comparison counts every inspection", dialect="sqlite")

# --- drivers and assignments
V("drivers:harsh events per hundred km",
  "SELECT driver_id, SUM(harsh) * 100.0 / SUM(km) FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id",
  "SELECT d.driver_id, 100.0 * SUM(t.harsh) / SUM(t.km) FROM driver AS d JOIN trip AS t ON t.driver_id = d.driver_id "
  "GROUP BY d.driver_id",
  "SELECT driver_id, SUM(harsh) * 100 / SUM(km) FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id",
  "integer division truncates the rate", dialect="sqlite")
V("drivers:trips per driver including none",
  "SELECT d.driver_id, COUNT(t.trip_id) FROM driver AS d LEFT JOIN trip AS t ON t.driver_id = d.driver_id GROUP BY d.driver_id",
  "SELECT d.driver_id, COALESCE(x.n, 0) FROM driver AS d LEFT JOIN (SELECT driver_id, COUNT(*) AS n FROM trip GROUP BY driver_id) "
  "AS x ON x.driver_id = d.driver_id",
  "SELECT d.driver_id, COUNT(*) FROM driver AS d LEFT JOIN trip AS t ON t.driver_id = d.driver_id GROUP BY d.driver_id",
  "a driver without trips counted with one")
V("drivers:safety leaderboard",
  "WITH s AS (SELECT driver_id, SUM(harsh) AS h FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id) "
  "SELECT driver_id, DENSE_RANK() OVER (ORDER BY h) FROM s",
  "WITH s AS (SELECT driver_id, SUM(harsh) AS h FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id) "
  "SELECT s.driver_id, (SELECT COUNT(DISTINCT s2.h) FROM s AS s2 WHERE s2.h <= s.h) FROM s",
  "WITH s AS (SELECT driver_id, SUM(harsh) AS h FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id) "
  "SELECT driver_id, RANK() OVER (ORDER BY h) FROM s",
  "RANK leaves gaps after ties")
V("drivers:days over four hours behind the wheel",
  "SELECT driver_id, day FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day HAVING SUM(minutes) > 240",
  "SELECT driver_id, day FROM (SELECT driver_id, day, SUM(minutes) AS m FROM trip GROUP BY driver_id, day) AS t "
  "WHERE m > 240 AND driver_id IS NOT NULL",
  "SELECT driver_id, day FROM trip WHERE driver_id IS NOT NULL GROUP BY driver_id, day HAVING SUM(minutes) >= 240",
  "exactly four hours flagged")
V("drivers:trips by someone other than the assigned driver",
  "SELECT DISTINCT t.trip_id FROM trip AS t JOIN assignment AS a ON a.vehicle_id = t.vehicle_id AND a.start_day <= t.day "
  "AND (a.end_day IS NULL OR a.end_day > t.day) WHERE t.driver_id <> a.driver_id",
  "SELECT t.trip_id FROM trip AS t WHERE EXISTS (SELECT 1 FROM assignment AS a WHERE a.vehicle_id = t.vehicle_id "
  "AND a.start_day <= t.day AND COALESCE(a.end_day, t.day + 1) > t.day AND a.driver_id <> t.driver_id)",
  "SELECT DISTINCT t.trip_id FROM trip AS t JOIN assignment AS a ON a.vehicle_id = t.vehicle_id AND a.start_day <= t.day "
  "AND (a.end_day IS NULL OR a.end_day >= t.day) WHERE t.driver_id <> a.driver_id",
  "an assignment ending on the trip day still counted")
V("assignments:current driver per vehicle including unassigned",
  "SELECT v.vehicle_id, dr.name FROM vehicle AS v LEFT JOIN assignment AS a ON a.vehicle_id = v.vehicle_id AND a.start_day <= 25 "
  "AND (a.end_day IS NULL OR a.end_day > 25) LEFT JOIN driver AS dr ON dr.driver_id = a.driver_id",
  "SELECT v.vehicle_id, x.name FROM vehicle AS v LEFT JOIN (SELECT a.vehicle_id, dr.name FROM assignment AS a JOIN driver AS dr "
  "ON dr.driver_id = a.driver_id WHERE a.start_day <= 25 AND (a.end_day IS NULL OR a.end_day > 25)) AS x ON x.vehicle_id = v.vehicle_id",
  "SELECT v.vehicle_id, dr.name FROM vehicle AS v LEFT JOIN assignment AS a ON a.vehicle_id = v.vehicle_id "
  "LEFT JOIN driver AS dr ON dr.driver_id = a.driver_id WHERE a.start_day <= 25 AND (a.end_day IS NULL OR a.end_day > 25)",
  "the current filter in WHERE drops unassigned vehicles")
V("assignments:vehicles with overlapping assignments",
  "SELECT DISTINCT a.vehicle_id FROM assignment AS a JOIN assignment AS b ON b.vehicle_id = a.vehicle_id "
  "AND b.start_day > a.start_day WHERE a.end_day IS NULL OR a.end_day > b.start_day",
  "SELECT DISTINCT vehicle_id FROM (SELECT vehicle_id, end_day, LEAD(start_day) OVER (PARTITION BY vehicle_id ORDER BY start_day) "
  "AS nxt FROM assignment) AS t WHERE nxt IS NOT NULL AND (end_day IS NULL OR end_day > nxt)",
  "SELECT DISTINCT a.vehicle_id FROM assignment AS a JOIN assignment AS b ON b.vehicle_id = a.vehicle_id "
  "AND b.start_day > a.start_day WHERE a.end_day IS NULL OR a.end_day >= b.start_day",
  "a hand-over on the same day counted as overlap")
V("assignments:days assigned per driver to a day",
  "SELECT driver_id, SUM(COALESCE(end_day, 30) - start_day) FROM assignment GROUP BY driver_id",
  "SELECT driver_id, SUM(CASE WHEN end_day IS NULL THEN 30 ELSE end_day END) - SUM(start_day) FROM assignment GROUP BY driver_id",
  "SELECT driver_id, SUM(end_day - start_day) FROM assignment GROUP BY driver_id",
  "open assignments left out of the days")
V("assignments:drivers never assigned",
  "SELECT driver_id FROM driver EXCEPT SELECT driver_id FROM assignment",
  "SELECT d.driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM assignment AS a WHERE a.driver_id = d.driver_id)",
  "SELECT d.driver_id FROM driver AS d WHERE NOT EXISTS (SELECT 1 FROM assignment AS a WHERE a.driver_id = d.driver_id "
  "AND a.end_day IS NULL)",
  "drivers with only ended assignments listed")
V("assignments:drivers on a vehicle outside their depot",
  "SELECT DISTINCT a.driver_id FROM assignment AS a JOIN driver AS d ON d.driver_id = a.driver_id JOIN vehicle AS v "
  "ON v.vehicle_id = a.vehicle_id WHERE d.depot_id IS NULL OR d.depot_id <> v.depot_id",
  "SELECT d.driver_id FROM driver AS d WHERE EXISTS (SELECT 1 FROM assignment AS a JOIN vehicle AS v ON v.vehicle_id = a.vehicle_id "
  "WHERE a.driver_id = d.driver_id AND v.depot_id IS NOT d.depot_id)",
  "SELECT DISTINCT a.driver_id FROM assignment AS a JOIN driver AS d ON d.driver_id = a.driver_id JOIN vehicle AS v "
  "ON v.vehicle_id = a.vehicle_id WHERE d.depot_id <> v.depot_id",
  "drivers without a home depot left out", dialect="sqlite")
V("assignments:retired vehicles still assigned",
  "SELECT v.vehicle_id FROM vehicle AS v WHERE v.retired_day IS NOT NULL AND EXISTS (SELECT 1 FROM assignment AS a "
  "WHERE a.vehicle_id = v.vehicle_id AND a.end_day IS NULL)",
  "SELECT DISTINCT v.vehicle_id FROM vehicle AS v JOIN assignment AS a ON a.vehicle_id = v.vehicle_id "
  "WHERE a.end_day IS NULL AND v.retired_day IS NOT NULL",
  "SELECT v.vehicle_id FROM vehicle AS v JOIN assignment AS a ON a.vehicle_id = v.vehicle_id "
  "WHERE a.end_day IS NULL AND v.retired_day IS NOT NULL",
  "one row per open assignment")

# --- trips
V("trips:first and latest trip day per vehicle",
  "SELECT vehicle_id, MIN(day), MAX(day) FROM trip GROUP BY vehicle_id",
  "SELECT DISTINCT vehicle_id, FIRST_VALUE(day) OVER (PARTITION BY vehicle_id ORDER BY day), "
  "FIRST_VALUE(day) OVER (PARTITION BY vehicle_id ORDER BY day DESC) FROM trip",
  "SELECT DISTINCT vehicle_id, FIRST_VALUE(day) OVER (PARTITION BY vehicle_id ORDER BY day), "
  "LAST_VALUE(day) OVER (PARTITION BY vehicle_id ORDER BY day) FROM trip",
  "LAST_VALUE under the default frame gives each row's own day")
V("trips:first trip per vehicle",
  "SELECT vehicle_id, trip_id FROM (SELECT vehicle_id, trip_id, ROW_NUMBER() OVER (PARTITION BY vehicle_id ORDER BY day, trip_id) AS rn "
  "FROM trip) AS t WHERE rn = 1",
  "SELECT t.vehicle_id, t.trip_id FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM trip AS e WHERE e.vehicle_id = t.vehicle_id "
  "AND (e.day < t.day OR (e.day = t.day AND e.trip_id < t.trip_id)))",
  "SELECT t.vehicle_id, t.trip_id FROM trip AS t WHERE NOT EXISTS (SELECT 1 FROM trip AS e WHERE e.vehicle_id = t.vehicle_id "
  "AND e.day < t.day)",
  "two trips on the first day both listed")
V("trips:driver of the latest trip per vehicle",
  "SELECT v.vehicle_id, (SELECT t.driver_id FROM trip AS t WHERE t.vehicle_id = v.vehicle_id ORDER BY t.day DESC, t.trip_id DESC "
  "LIMIT 1) FROM vehicle AS v WHERE EXISTS (SELECT 1 FROM trip AS t WHERE t.vehicle_id = v.vehicle_id)",
  "SELECT vehicle_id, driver_id FROM (SELECT vehicle_id, driver_id, ROW_NUMBER() OVER (PARTITION BY vehicle_id "
  "ORDER BY day DESC, trip_id DESC) AS rn FROM trip) AS t WHERE rn = 1",
  "SELECT vehicle_id, driver_id FROM (SELECT vehicle_id, driver_id, ROW_NUMBER() OVER (PARTITION BY vehicle_id "
  "ORDER BY day DESC, trip_id) AS rn FROM trip) AS t WHERE rn = 1",
  "the same-day tie broken by the lower trip number")
V("trips:days since the previous trip",
  "SELECT trip_id, day - LAG(day) OVER (PARTITION BY vehicle_id ORDER BY day, trip_id) FROM trip",
  "SELECT t.trip_id, t.day - (SELECT p.day FROM trip AS p WHERE p.vehicle_id = t.vehicle_id AND (p.day < t.day OR (p.day = t.day "
  "AND p.trip_id < t.trip_id)) ORDER BY p.day DESC, p.trip_id DESC LIMIT 1) FROM trip AS t",
  "SELECT t.trip_id, t.day - (SELECT MAX(p.day) FROM trip AS p WHERE p.vehicle_id = t.vehicle_id AND p.day < t.day) FROM trip AS t",
  "the same-day previous trip skipped")
V("trips:share of long trips per driver",
  "SELECT driver_id, AVG(CASE WHEN km > 100 THEN 1.0 ELSE 0.0 END) FROM trip GROUP BY driver_id",
  "SELECT driver_id, SUM(km > 100) * 1.0 / COUNT(*) FROM trip GROUP BY driver_id",
  "SELECT driver_id, COUNT(km > 100) * 1.0 / COUNT(*) FROM trip GROUP BY driver_id",
  "COUNT of a comparison counts every trip", dialect="sqlite")
V("trips:driverless trips per depot including none",
  "SELECT d.depot_id, COUNT(t.trip_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id AND t.driver_id IS NULL GROUP BY d.depot_id",
  "SELECT d.depot_id, (SELECT COUNT(*) FROM trip AS t JOIN vehicle AS v ON v.vehicle_id = t.vehicle_id WHERE v.depot_id = d.depot_id "
  "AND t.driver_id IS NULL) FROM depot AS d",
  "SELECT d.depot_id, COUNT(t.driver_id) FROM depot AS d LEFT JOIN vehicle AS v ON v.depot_id = d.depot_id "
  "LEFT JOIN trip AS t ON t.vehicle_id = v.vehicle_id AND t.driver_id IS NULL GROUP BY d.depot_id",
  "COUNT of the NULL driver column is always zero")

# --- fleet and depots
V("fleet:vehicles per make ignoring case",
  "SELECT LOWER(make), COUNT(*) FROM vehicle GROUP BY LOWER(make)",
  "SELECT LOWER(m), SUM(n) FROM (SELECT make AS m, COUNT(*) AS n FROM vehicle GROUP BY make) AS t GROUP BY LOWER(m)",
  "SELECT LOWER(make), COUNT(*) FROM vehicle GROUP BY make",
  "makes differing only in case split")
V("fleet:vehicles per region with unknown",
  "SELECT d.region, COUNT(v.vehicle_id) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY d.region",
  "SELECT d.region, COUNT(*) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id WHERE d.region IS NOT NULL "
  "GROUP BY d.region UNION ALL SELECT NULL, COUNT(*) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id "
  "WHERE d.region IS NULL HAVING COUNT(*) > 0",
  "SELECT d.region, COUNT(d.region) FROM vehicle AS v JOIN depot AS d ON d.depot_id = v.depot_id GROUP BY d.region",
  "COUNT of the region shows zero for the unknown region")

# --- GPS pings and engine events
V("ping:last known zone per vehicle",
  "SELECT DISTINCT p.vehicle_id, p.zone FROM ping AS p WHERE p.event = 'ping' AND p.vehicle_id IS NOT NULL AND p.day IS NOT NULL "
  "AND p.minute IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ping AS q WHERE q.vehicle_id = p.vehicle_id AND q.event = 'ping' "
  "AND q.day IS NOT NULL AND q.minute IS NOT NULL AND (q.day > p.day OR (q.day = p.day AND q.minute > p.minute)))",
  "SELECT DISTINCT vehicle_id, zone FROM (SELECT vehicle_id, zone, RANK() OVER (PARTITION BY vehicle_id ORDER BY day DESC, "
  "minute DESC) AS r FROM ping WHERE event = 'ping' AND vehicle_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL) AS t "
  "WHERE r = 1",
  "SELECT DISTINCT vehicle_id, zone FROM (SELECT vehicle_id, zone, RANK() OVER (PARTITION BY vehicle_id ORDER BY day DESC, "
  "minute DESC) AS r FROM ping WHERE vehicle_id IS NOT NULL AND day IS NOT NULL AND minute IS NOT NULL) AS t WHERE r = 1",
  "engine events taken as position fixes")
V("ping:idle events per vehicle without duplicates",
  "SELECT vehicle_id, COUNT(*) FROM (SELECT DISTINCT vehicle_id, day, minute FROM ping WHERE event = 'idle') AS t GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM (SELECT vehicle_id, day, minute FROM ping WHERE event = 'idle' GROUP BY vehicle_id, day, minute) "
  "AS t GROUP BY vehicle_id",
  "SELECT vehicle_id, COUNT(*) FROM ping WHERE event = 'idle' GROUP BY vehicle_id",
  "duplicated pings counted")
V("ping:active vehicles silent on a day",
  f"SELECT v.vehicle_id FROM vehicle AS v WHERE {ACTIVE} AND NOT EXISTS (SELECT 1 FROM ping AS p "
  "WHERE p.vehicle_id = v.vehicle_id AND p.day = 20)",
  f"SELECT v.vehicle_id FROM vehicle AS v LEFT JOIN (SELECT DISTINCT vehicle_id FROM ping WHERE day = 20) AS p "
  f"ON p.vehicle_id = v.vehicle_id WHERE {ACTIVE} AND p.vehicle_id IS NULL",
  f"SELECT v.vehicle_id FROM vehicle AS v WHERE {ACTIVE} AND v.vehicle_id NOT IN (SELECT p.vehicle_id FROM ping AS p "
  "WHERE p.day = 20)",
  "NOT IN over pings without a vehicle returns nothing")
V("ping:first ignition per vehicle and day",
  "SELECT vehicle_id, day, MIN(minute) FROM ping WHERE event = 'ignition_on' AND vehicle_id IS NOT NULL AND day IS NOT NULL "
  "GROUP BY vehicle_id, day",
  "SELECT k.vehicle_id, k.day, (SELECT p.minute FROM ping AS p WHERE p.vehicle_id = k.vehicle_id AND p.day = k.day "
  "AND p.event = 'ignition_on' AND p.minute IS NOT NULL ORDER BY p.minute LIMIT 1) FROM (SELECT DISTINCT vehicle_id, day FROM ping "
  "WHERE event = 'ignition_on' AND vehicle_id IS NOT NULL AND day IS NOT NULL) AS k",
  "SELECT k.vehicle_id, k.day, (SELECT p.minute FROM ping AS p WHERE p.vehicle_id = k.vehicle_id AND p.day = k.day "
  "AND p.minute IS NOT NULL ORDER BY p.minute LIMIT 1) FROM (SELECT DISTINCT vehicle_id, day FROM ping "
  "WHERE event = 'ignition_on' AND vehicle_id IS NOT NULL AND day IS NOT NULL) AS k",
  "the first event of any kind taken for the first ignition")
V("ping:zones visited per vehicle",
  "SELECT vehicle_id, COUNT(DISTINCT zone) FROM ping GROUP BY vehicle_id",
  "SELECT k.vehicle_id, COUNT(z.zone) FROM (SELECT DISTINCT vehicle_id FROM ping) AS k LEFT JOIN (SELECT DISTINCT vehicle_id, zone "
  "FROM ping WHERE zone IS NOT NULL) AS z ON z.vehicle_id IS k.vehicle_id GROUP BY k.vehicle_id",
  "SELECT k.vehicle_id, COUNT(*) FROM (SELECT DISTINCT vehicle_id FROM ping) AS k LEFT JOIN (SELECT DISTINCT vehicle_id, zone "
  "FROM ping) AS z ON z.vehicle_id IS k.vehicle_id GROUP BY k.vehicle_id",
  "an unknown zone counted as a zone", dialect="sqlite")
V("ping:engine events per vehicle including none",
  "SELECT v.vehicle_id, COUNT(p.event) FROM vehicle AS v LEFT JOIN ping AS p ON p.vehicle_id = v.vehicle_id "
  "AND p.event IN ('ignition_on', 'idle') GROUP BY v.vehicle_id",
  "SELECT v.vehicle_id, (SELECT COUNT(*) FROM ping AS p WHERE p.vehicle_id = v.vehicle_id AND (p.event = 'ignition_on' "
  "OR p.event = 'idle')) FROM vehicle AS v",
  "SELECT v.vehicle_id, (SELECT COUNT(DISTINCT p.event) FROM ping AS p WHERE p.vehicle_id = v.vehicle_id AND (p.event = 'ignition_on' "
  "OR p.event = 'idle')) FROM vehicle AS v",
  "event kinds counted instead of events")


# ============================================================ restaurant point of sale (pos)
# location(loc_id PK, name, city NULL), category(cat_id PK, name), menu_item(menu_id PK, cat_id FK, name, price REAL, active),
# modifier(mod_id PK, name, price REAL), staff(staff_id PK, loc_id FK NULL, role, hourly), orders(order_id PK, loc_id FK,
# server_id FK NULL, day, opened_min, closed_min NULL, guests, channel), order_line(order_id FK, line_no; PK both, menu_id FK,
# qty, unit_price REAL, voided), line_mod(order_id FK, line_no, mod_id FK; PK all three), payment(pay_id PK, order_id FK,
# method, amount REAL, tip REAL NULL), adjustment(adj_id PK, order_id FK, line_no NULL, kind, amount REAL, manager_id FK NULL),
# shift(staff_id FK, day; PK both, loc_id FK, start_min, end_min NULL), keyless kds_log(order_id, line_no, event, minute;
# all NULL-able).
PART = ("CASE WHEN opened_min < 660 THEN 'breakfast' WHEN opened_min < 900 THEN 'lunch' WHEN opened_min < 1260 THEN 'dinner' "
        "ELSE 'late' END")

# --- sales
S("sales:net sales per check",
  "SELECT order_id, SUM(CASE WHEN voided = 0 THEN qty * unit_price ELSE 0 END) FROM order_line GROUP BY order_id",
  "SELECT o.order_id, COALESCE((SELECT SUM(l.qty * l.unit_price) FROM order_line AS l WHERE l.order_id = o.order_id "
  "AND l.voided = 0), 0) FROM orders AS o WHERE EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id)",
  "SELECT order_id, SUM(qty * unit_price) FROM order_line WHERE voided = 0 GROUP BY order_id",
  "checks with every line voided dropped")
S("sales:covers by day part",
  f"SELECT {PART} AS part, SUM(guests) FROM orders GROUP BY part",
  "SELECT 'breakfast', SUM(guests) FROM orders WHERE opened_min < 660 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'lunch', SUM(guests) FROM orders WHERE opened_min >= 660 AND opened_min < 900 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'dinner', SUM(guests) FROM orders WHERE opened_min >= 900 AND opened_min < 1260 HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'late', SUM(guests) FROM orders WHERE opened_min >= 1260 HAVING COUNT(*) > 0",
  "SELECT CASE WHEN opened_min <= 660 THEN 'breakfast' WHEN opened_min <= 900 THEN 'lunch' WHEN opened_min <= 1260 THEN 'dinner' "
  "ELSE 'late' END AS part, SUM(guests) FROM orders GROUP BY part",
  "a check opened on the boundary put in the earlier day part")
S("sales:average check per location",
  "WITH c AS (SELECT o.loc_id, o.order_id, SUM(l.qty * l.unit_price) AS total FROM orders AS o JOIN order_line AS l "
  "ON l.order_id = o.order_id WHERE l.voided = 0 GROUP BY o.loc_id, o.order_id) SELECT loc_id, AVG(total) FROM c GROUP BY loc_id",
  "SELECT loc_id, AVG(total) FROM (SELECT (SELECT o.loc_id FROM orders AS o WHERE o.order_id = l.order_id) AS loc_id, "
  "SUM(l.qty * l.unit_price) AS total FROM order_line AS l WHERE l.voided = 0 GROUP BY l.order_id) AS t GROUP BY loc_id",
  "SELECT o.loc_id, AVG(l.qty * l.unit_price) FROM orders AS o JOIN order_line AS l ON l.order_id = o.order_id "
  "WHERE l.voided = 0 GROUP BY o.loc_id",
  "the average line instead of the average check")
S("sales:checks opened per hour",
  "SELECT opened_min / 60, COUNT(*) FROM orders GROUP BY opened_min / 60",
  "SELECT h, COUNT(*) FROM (SELECT (opened_min - opened_min % 60) / 60 AS h FROM orders) AS t GROUP BY h",
  "SELECT (opened_min - 1) / 60, COUNT(*) FROM orders GROUP BY (opened_min - 1) / 60",
  "a check opened on the hour put in the hour before")
S("sales:running covers by day",
  "SELECT day, SUM(guests), SUM(SUM(guests)) OVER (ORDER BY day) FROM orders GROUP BY day",
  "WITH d AS (SELECT day, SUM(guests) AS g FROM orders GROUP BY day) SELECT d.day, d.g, (SELECT SUM(d2.g) FROM d AS d2 "
  "WHERE d2.day <= d.day) FROM d",
  "WITH d AS (SELECT day, SUM(guests) AS g FROM orders GROUP BY day) SELECT d.day, d.g, (SELECT SUM(d2.g) FROM d AS d2 "
  "WHERE d2.day < d.day) FROM d",
  "the running total leaves out the day itself")
S("sales:best day per location with ties",
  "WITH d AS (SELECT loc_id, day, SUM(guests) AS g FROM orders GROUP BY loc_id, day) SELECT loc_id, day FROM d "
  "WHERE g = (SELECT MAX(d2.g) FROM d AS d2 WHERE d2.loc_id = d.loc_id)",
  "SELECT loc_id, day FROM (SELECT loc_id, day, RANK() OVER (PARTITION BY loc_id ORDER BY SUM(guests) DESC) AS r FROM orders "
  "GROUP BY loc_id, day) AS t WHERE r = 1",
  "SELECT loc_id, day FROM (SELECT loc_id, day, ROW_NUMBER() OVER (PARTITION BY loc_id ORDER BY SUM(guests) DESC, day) AS r "
  "FROM orders GROUP BY loc_id, day) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of tied days")
S("sales:takeout share per day",
  "SELECT day, SUM(channel = 'takeout') * 1.0 / COUNT(*) FROM orders GROUP BY day",
  "SELECT day, AVG(CASE WHEN channel = 'takeout' THEN 1.0 ELSE 0.0 END) FROM orders GROUP BY day",
  "SELECT day, COUNT(channel = 'takeout') * 1.0 / COUNT(*) FROM orders GROUP BY day",
  "COUNT of a comparison counts every check", dialect="sqlite")
S("sales:checks per location and channel including none",
  "SELECT l.loc_id, c.channel, COUNT(o.order_id) FROM location AS l CROSS JOIN (SELECT 'dine_in' AS channel UNION ALL "
  "SELECT 'takeout') AS c LEFT JOIN orders AS o ON o.loc_id = l.loc_id AND o.channel = c.channel GROUP BY l.loc_id, c.channel",
  "SELECT l.loc_id, c.channel, (SELECT COUNT(*) FROM orders AS o WHERE o.loc_id = l.loc_id AND o.channel = c.channel) "
  "FROM location AS l, (SELECT 'dine_in' AS channel UNION ALL SELECT 'takeout') AS c",
  "SELECT l.loc_id, c.channel, COUNT(*) FROM location AS l CROSS JOIN (SELECT 'dine_in' AS channel UNION ALL "
  "SELECT 'takeout') AS c LEFT JOIN orders AS o ON o.loc_id = l.loc_id AND o.channel = c.channel GROUP BY l.loc_id, c.channel",
  "an empty cell counted as one check")
S("sales:party size buckets",
  "SELECT CASE WHEN guests = 1 THEN 'solo' WHEN guests = 2 THEN 'pair' ELSE 'party' END AS b, COUNT(*) FROM orders GROUP BY b",
  "SELECT 'solo', COUNT(*) FROM orders WHERE guests = 1 HAVING COUNT(*) > 0 UNION ALL SELECT 'pair', COUNT(*) FROM orders "
  "WHERE guests = 2 HAVING COUNT(*) > 0 UNION ALL SELECT 'party', COUNT(*) FROM orders WHERE guests NOT IN (1, 2) HAVING COUNT(*) > 0",
  "SELECT CASE WHEN guests = 1 THEN 'solo' WHEN guests >= 2 THEN 'pair' ELSE 'party' END AS b, COUNT(*) FROM orders GROUP BY b",
  "larger parties counted as pairs")
S("sales:locations without sales on a day",
  "SELECT l.loc_id FROM location AS l WHERE NOT EXISTS (SELECT 1 FROM orders AS o JOIN order_line AS ol ON ol.order_id = o.order_id "
  "WHERE o.loc_id = l.loc_id AND o.day = 2 AND ol.voided = 0)",
  "SELECT l.loc_id FROM location AS l LEFT JOIN (SELECT DISTINCT o.loc_id FROM orders AS o JOIN order_line AS ol "
  "ON ol.order_id = o.order_id WHERE o.day = 2 AND ol.voided = 0) AS s ON s.loc_id = l.loc_id WHERE s.loc_id IS NULL",
  "SELECT l.loc_id FROM location AS l WHERE NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.loc_id = l.loc_id AND o.day = 2)",
  "a location with only voided checks counted as selling")

# --- items and menu mix
S("items:top sellers by quantity",
  "SELECT menu_id, SUM(qty) AS q FROM order_line WHERE voided = 0 GROUP BY menu_id ORDER BY q DESC, menu_id LIMIT 3",
  "SELECT menu_id, q FROM (SELECT menu_id, SUM(qty) AS q, ROW_NUMBER() OVER (ORDER BY SUM(qty) DESC, menu_id) AS rn "
  "FROM order_line WHERE voided = 0 GROUP BY menu_id) AS t WHERE rn <= 3 ORDER BY rn",
  "SELECT menu_id, SUM(qty) AS q FROM order_line GROUP BY menu_id ORDER BY q DESC, menu_id LIMIT 3",
  "voided lines counted as sold", semantics="list")
S("items:menu items never sold",
  "SELECT m.menu_id FROM menu_item AS m WHERE NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.menu_id = m.menu_id AND l.voided = 0)",
  "SELECT menu_id FROM menu_item EXCEPT SELECT menu_id FROM order_line WHERE voided = 0",
  "SELECT m.menu_id FROM menu_item AS m WHERE NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.menu_id = m.menu_id)",
  "an item rung up and voided counted as sold")
S("items:quantity share per category",
  "SELECT m.cat_id, SUM(l.qty) * 1.0 / (SELECT SUM(qty) FROM order_line) FROM order_line AS l JOIN menu_item AS m "
  "ON m.menu_id = l.menu_id GROUP BY m.cat_id",
  "SELECT cat_id, 1.0 * q / SUM(q) OVER () FROM (SELECT m.cat_id, SUM(l.qty) AS q FROM order_line AS l JOIN menu_item AS m "
  "ON m.menu_id = l.menu_id GROUP BY m.cat_id) AS t",
  "SELECT m.cat_id, SUM(l.qty) / (SELECT SUM(qty) FROM order_line) FROM order_line AS l JOIN menu_item AS m "
  "ON m.menu_id = l.menu_id GROUP BY m.cat_id",
  "integer division rounds the share down", dialect="sqlite")
S("items:quantity sold per category including none",
  "SELECT c.cat_id, COALESCE(SUM(l.qty), 0) FROM category AS c LEFT JOIN menu_item AS m ON m.cat_id = c.cat_id "
  "LEFT JOIN order_line AS l ON l.menu_id = m.menu_id AND l.voided = 0 GROUP BY c.cat_id",
  "SELECT c.cat_id, (SELECT COALESCE(SUM(l.qty), 0) FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id "
  "WHERE m.cat_id = c.cat_id AND l.voided = 0) FROM category AS c",
  "SELECT c.cat_id, COALESCE(SUM(l.qty), 0) FROM category AS c LEFT JOIN menu_item AS m ON m.cat_id = c.cat_id "
  "LEFT JOIN order_line AS l ON l.menu_id = m.menu_id WHERE l.voided = 0 GROUP BY c.cat_id",
  "the void filter in WHERE drops categories without sales")
S("items:lines rung at other than the menu price",
  "SELECT l.order_id, l.line_no FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id WHERE l.unit_price <> m.price "
  "AND l.voided = 0",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE l.voided = 0 AND NOT EXISTS (SELECT 1 FROM menu_item AS m "
  "WHERE m.menu_id = l.menu_id AND m.price = l.unit_price)",
  "SELECT l.order_id, l.line_no FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id WHERE l.unit_price <> m.price",
  "voided lines included")
S("items:inactive items still sold",
  "SELECT m.menu_id FROM menu_item AS m WHERE m.active = 0 AND EXISTS (SELECT 1 FROM order_line AS l WHERE l.menu_id = m.menu_id)",
  "SELECT DISTINCT m.menu_id FROM menu_item AS m JOIN order_line AS l ON l.menu_id = m.menu_id WHERE m.active = 0",
  "SELECT m.menu_id FROM menu_item AS m JOIN order_line AS l ON l.menu_id = m.menu_id WHERE m.active = 0",
  "one row per line sold")
S("items:menu items per category ignoring case",
  "SELECT LOWER(c.name), COUNT(m.menu_id) FROM category AS c JOIN menu_item AS m ON m.cat_id = c.cat_id GROUP BY LOWER(c.name)",
  "SELECT LOWER(n), SUM(k) FROM (SELECT c.name AS n, (SELECT COUNT(*) FROM menu_item AS m WHERE m.cat_id = c.cat_id) AS k "
  "FROM category AS c) AS t GROUP BY LOWER(n) HAVING SUM(k) > 0",
  "SELECT LOWER(c.name), COUNT(m.menu_id) FROM category AS c JOIN menu_item AS m ON m.cat_id = c.cat_id GROUP BY c.name",
  "categories differing only in case split")
S("items:sales rank within category",
  "WITH s AS (SELECT m.cat_id, m.menu_id, SUM(l.qty) AS q FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id "
  "GROUP BY m.cat_id, m.menu_id) SELECT menu_id, DENSE_RANK() OVER (PARTITION BY cat_id ORDER BY q DESC) FROM s",
  "WITH s AS (SELECT m.cat_id, m.menu_id, SUM(l.qty) AS q FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id "
  "GROUP BY m.cat_id, m.menu_id) SELECT s.menu_id, (SELECT COUNT(DISTINCT s2.q) FROM s AS s2 WHERE s2.cat_id = s.cat_id "
  "AND s2.q >= s.q) FROM s",
  "WITH s AS (SELECT m.cat_id, m.menu_id, SUM(l.qty) AS q FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id "
  "GROUP BY m.cat_id, m.menu_id) SELECT menu_id, RANK() OVER (PARTITION BY cat_id ORDER BY q DESC) FROM s",
  "RANK leaves gaps after ties")
S("items:drink attach rate per location",
  "SELECT o.loc_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id "
  "JOIN category AS c ON c.cat_id = m.cat_id WHERE l.order_id = o.order_id AND c.name = 'drink') THEN 1.0 ELSE 0.0 END) "
  "FROM orders AS o GROUP BY o.loc_id",
  "SELECT o.loc_id, COUNT(DISTINCT d.order_id) * 1.0 / COUNT(DISTINCT o.order_id) FROM orders AS o LEFT JOIN (SELECT l.order_id "
  "FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id JOIN category AS c ON c.cat_id = m.cat_id "
  "WHERE c.name = 'drink') AS d ON d.order_id = o.order_id GROUP BY o.loc_id",
  "SELECT o.loc_id, COUNT(d.order_id) * 1.0 / COUNT(DISTINCT o.order_id) FROM orders AS o LEFT JOIN (SELECT l.order_id "
  "FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id JOIN category AS c ON c.cat_id = m.cat_id "
  "WHERE c.name = 'drink') AS d ON d.order_id = o.order_id GROUP BY o.loc_id",
  "a check with two drinks counted twice")
S("items:categories with every item sold",
  "SELECT c.cat_id FROM category AS c WHERE NOT EXISTS (SELECT 1 FROM menu_item AS m WHERE m.cat_id = c.cat_id "
  "AND NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.menu_id = m.menu_id))",
  "SELECT c.cat_id FROM category AS c WHERE (SELECT COUNT(*) FROM menu_item AS m WHERE m.cat_id = c.cat_id) = "
  "(SELECT COUNT(DISTINCT l.menu_id) FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id WHERE m.cat_id = c.cat_id)",
  "SELECT c.cat_id FROM category AS c WHERE (SELECT COUNT(*) FROM menu_item AS m WHERE m.cat_id = c.cat_id) = "
  "(SELECT COUNT(l.menu_id) FROM order_line AS l JOIN menu_item AS m ON m.menu_id = l.menu_id WHERE m.cat_id = c.cat_id)",
  "lines counted instead of items")

# --- modifiers
S("modifiers:uses per modifier on kept lines including none",
  "SELECT m.mod_id, COUNT(ol.order_id) FROM modifier AS m LEFT JOIN line_mod AS lm ON lm.mod_id = m.mod_id "
  "LEFT JOIN order_line AS ol ON ol.order_id = lm.order_id AND ol.line_no = lm.line_no AND ol.voided = 0 GROUP BY m.mod_id",
  "SELECT m.mod_id, (SELECT COUNT(*) FROM line_mod AS lm JOIN order_line AS ol ON ol.order_id = lm.order_id "
  "AND ol.line_no = lm.line_no WHERE lm.mod_id = m.mod_id AND ol.voided = 0) FROM modifier AS m",
  "SELECT m.mod_id, COUNT(lm.mod_id) FROM modifier AS m LEFT JOIN line_mod AS lm ON lm.mod_id = m.mod_id GROUP BY m.mod_id",
  "modifiers on voided or missing lines counted")
S("modifiers:lines with more than one modifier",
  "SELECT order_id, line_no FROM line_mod GROUP BY order_id, line_no HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.order_id, a.line_no FROM line_mod AS a JOIN line_mod AS b ON b.order_id = a.order_id "
  "AND b.line_no = a.line_no AND b.mod_id > a.mod_id",
  "SELECT a.order_id, a.line_no FROM line_mod AS a JOIN line_mod AS b ON b.order_id = a.order_id "
  "AND b.line_no = a.line_no AND b.mod_id <> a.mod_id",
  "one row per pair of modifiers")
S("modifiers:modifiers on missing lines",
  "SELECT lm.order_id, lm.line_no, lm.mod_id FROM line_mod AS lm WHERE NOT EXISTS (SELECT 1 FROM order_line AS ol "
  "WHERE ol.order_id = lm.order_id AND ol.line_no = lm.line_no)",
  "SELECT lm.order_id, lm.line_no, lm.mod_id FROM line_mod AS lm LEFT JOIN order_line AS ol ON ol.order_id = lm.order_id "
  "AND ol.line_no = lm.line_no WHERE ol.order_id IS NULL",
  "SELECT lm.order_id, lm.line_no, lm.mod_id FROM line_mod AS lm WHERE lm.line_no NOT IN (SELECT line_no FROM order_line)",
  "the line number matched on any check")

# --- checks
S("checks:open checks per server with unassigned",
  "SELECT server_id, COUNT(*) FROM orders WHERE closed_min IS NULL GROUP BY server_id",
  "SELECT s.staff_id, COUNT(*) FROM staff AS s JOIN orders AS o ON o.server_id = s.staff_id WHERE o.closed_min IS NULL "
  "GROUP BY s.staff_id UNION ALL SELECT NULL, COUNT(*) FROM orders WHERE server_id IS NULL AND closed_min IS NULL HAVING COUNT(*) > 0",
  "SELECT s.staff_id, COUNT(*) FROM staff AS s JOIN orders AS o ON o.server_id = s.staff_id WHERE o.closed_min IS NULL "
  "GROUP BY s.staff_id",
  "checks without a server dropped")
S("checks:open checks older than an hour at close",
  "SELECT order_id FROM orders WHERE day = 3 AND closed_min IS NULL AND opened_min <= 1320",
  "SELECT order_id FROM orders WHERE day = 3 AND closed_min IS NULL AND 1380 - opened_min >= 60",
  "SELECT order_id FROM orders WHERE day = 3 AND closed_min IS NULL AND 1380 - opened_min > 60",
  "a check open exactly an hour left out")
S("checks:average check duration per server",
  "SELECT server_id, AVG(closed_min - opened_min) FROM orders WHERE closed_min IS NOT NULL GROUP BY server_id",
  "SELECT server_id, SUM(closed_min - opened_min) * 1.0 / COUNT(closed_min) FROM orders GROUP BY server_id "
  "HAVING COUNT(closed_min) > 0",
  "SELECT server_id, SUM(closed_min - opened_min) * 1.0 / COUNT(*) FROM orders GROUP BY server_id HAVING COUNT(closed_min) > 0",
  "open checks in the denominator")
S("checks:closed before opened",
  "SELECT order_id FROM orders WHERE closed_min < opened_min",
  "SELECT order_id FROM orders WHERE NOT (closed_min >= opened_min)",
  "SELECT order_id FROM orders WHERE COALESCE(closed_min, 0) < opened_min",
  "open checks flagged as closing before they opened")
S("checks:average party size per server with unassigned",
  "SELECT server_id, AVG(guests) FROM orders GROUP BY server_id",
  "SELECT server_id, SUM(guests) * 1.0 / COUNT(*) FROM orders GROUP BY server_id",
  "SELECT s.staff_id, AVG(o.guests) FROM orders AS o JOIN staff AS s ON s.staff_id = o.server_id GROUP BY s.staff_id",
  "checks without a server dropped")
S("checks:empty checks",
  "SELECT o.order_id FROM orders AS o WHERE NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id)",
  "SELECT order_id FROM orders EXCEPT SELECT order_id FROM order_line",
  "SELECT o.order_id FROM orders AS o WHERE NOT EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = o.order_id "
  "AND l.voided = 0)",
  "checks with only voided lines counted empty")
S("checks:second page by open time",
  "SELECT order_id, day, opened_min FROM orders ORDER BY day, opened_min, order_id LIMIT 3 OFFSET 3",
  "SELECT order_id, day, opened_min FROM (SELECT order_id, day, opened_min, ROW_NUMBER() OVER (ORDER BY day, opened_min, order_id) "
  "AS rn FROM orders) AS t WHERE rn BETWEEN 4 AND 6 ORDER BY rn",
  "SELECT order_id, day, opened_min FROM orders ORDER BY day, opened_min, order_id LIMIT 3 OFFSET 2",
  "the second page starts one row early", semantics="list")
S("checks:latest check per location",
  "SELECT l.loc_id, (SELECT o.order_id FROM orders AS o WHERE o.loc_id = l.loc_id ORDER BY o.day DESC, o.opened_min DESC, "
  "o.order_id DESC LIMIT 1) FROM location AS l WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.loc_id = l.loc_id)",
  "SELECT loc_id, order_id FROM (SELECT loc_id, order_id, ROW_NUMBER() OVER (PARTITION BY loc_id ORDER BY day DESC, "
  "opened_min DESC, order_id DESC) AS rn FROM orders) AS t WHERE rn = 1",
  "SELECT loc_id, order_id FROM (SELECT loc_id, order_id, ROW_NUMBER() OVER (PARTITION BY loc_id ORDER BY opened_min DESC, "
  "order_id DESC) AS rn FROM orders) AS t WHERE rn = 1",
  "the day ignored: the latest time of any day")

# --- payments and tips
S("tips:tips per server with unassigned",
  "SELECT o.server_id, SUM(p.tip) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id GROUP BY o.server_id",
  "SELECT sid, SUM(t) FROM (SELECT (SELECT o.server_id FROM orders AS o WHERE o.order_id = p.order_id) AS sid, p.tip AS t "
  "FROM payment AS p) AS x GROUP BY sid",
  "SELECT s.staff_id, SUM(p.tip) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id "
  "JOIN staff AS s ON s.staff_id = o.server_id GROUP BY s.staff_id",
  "tips on checks without a server dropped")
S("tips:payments without a recorded tip per method",
  "SELECT method, COUNT(*) - COUNT(tip) FROM payment GROUP BY method",
  "SELECT method, SUM(CASE WHEN tip IS NULL THEN 1 ELSE 0 END) FROM payment GROUP BY method",
  "SELECT method, SUM(CASE WHEN tip IS NULL OR tip = 0 THEN 1 ELSE 0 END) FROM payment GROUP BY method",
  "zero tips lumped in with missing ones")
S("tips:average tip with missing as zero per method",
  "SELECT method, AVG(COALESCE(tip, 0)) FROM payment GROUP BY method",
  "SELECT method, COALESCE(SUM(tip), 0) * 1.0 / COUNT(*) FROM payment GROUP BY method",
  "SELECT method, AVG(tip) FROM payment GROUP BY method",
  "payments without a tip left out of the average")
S("payments:cash payments per location including none",
  "SELECT l.loc_id, COUNT(p.pay_id) FROM location AS l LEFT JOIN orders AS o ON o.loc_id = l.loc_id "
  "LEFT JOIN payment AS p ON p.order_id = o.order_id AND p.method = 'cash' GROUP BY l.loc_id",
  "SELECT l.loc_id, (SELECT COUNT(*) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id WHERE o.loc_id = l.loc_id "
  "AND p.method = 'cash') FROM location AS l",
  "SELECT l.loc_id, COUNT(p.pay_id) FROM location AS l LEFT JOIN orders AS o ON o.loc_id = l.loc_id "
  "LEFT JOIN payment AS p ON p.order_id = o.order_id WHERE p.method = 'cash' GROUP BY l.loc_id",
  "the cash filter in WHERE drops locations without cash")
S("payments:split checks",
  "SELECT order_id FROM payment GROUP BY order_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.order_id FROM payment AS a JOIN payment AS b ON b.order_id = a.order_id AND b.pay_id <> a.pay_id",
  "SELECT order_id FROM payment GROUP BY order_id HAVING COUNT(DISTINCT method) > 1",
  "two card payments not counted as a split")
S("payments:payment method mix per location",
  "SELECT o.loc_id, COUNT(CASE WHEN p.method = 'card' THEN 1 END), COUNT(CASE WHEN p.method = 'cash' THEN 1 END) "
  "FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id GROUP BY o.loc_id",
  "SELECT o.loc_id, SUM(p.method = 'card'), SUM(p.method = 'cash') FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id "
  "GROUP BY o.loc_id",
  "SELECT o.loc_id, COUNT(p.method = 'card'), COUNT(p.method = 'cash') FROM payment AS p JOIN orders AS o "
  "ON o.order_id = p.order_id GROUP BY o.loc_id",
  "COUNT of a comparison counts every payment", dialect="sqlite")
S("payments:closed checks without a payment",
  "SELECT o.order_id FROM orders AS o WHERE o.closed_min IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payment AS p "
  "WHERE p.order_id = o.order_id)",
  "SELECT o.order_id FROM orders AS o LEFT JOIN payment AS p ON p.order_id = o.order_id WHERE o.closed_min IS NOT NULL "
  "AND p.pay_id IS NULL",
  "SELECT o.order_id FROM orders AS o WHERE o.closed_min IS NOT NULL AND o.order_id NOT IN (SELECT p.order_id FROM payment AS p "
  "WHERE p.tip IS NOT NULL)",
  "checks paid without a tip recorded listed as unpaid")
S("payments:paid per check including unpaid",
  "SELECT o.order_id, COALESCE(SUM(p.amount), 0) FROM orders AS o LEFT JOIN payment AS p ON p.order_id = o.order_id "
  "GROUP BY o.order_id",
  "SELECT o.order_id, COALESCE((SELECT SUM(p.amount) FROM payment AS p WHERE p.order_id = o.order_id), 0) FROM orders AS o",
  "SELECT o.order_id, SUM(p.amount) FROM orders AS o LEFT JOIN payment AS p ON p.order_id = o.order_id GROUP BY o.order_id",
  "an unpaid check shows NULL instead of zero")
S("payments:largest payment per check with ties",
  "SELECT p.order_id, p.pay_id FROM payment AS p WHERE p.amount = (SELECT MAX(q.amount) FROM payment AS q WHERE q.order_id = p.order_id)",
  "SELECT order_id, pay_id FROM (SELECT order_id, pay_id, RANK() OVER (PARTITION BY order_id ORDER BY amount DESC) AS r "
  "FROM payment) AS t WHERE r = 1",
  "SELECT order_id, pay_id FROM (SELECT order_id, pay_id, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY amount DESC, pay_id) AS r "
  "FROM payment) AS t WHERE r = 1",
  "ROW_NUMBER keeps one of tied payments")
S("tips:average tip on tipped card payments per server",
  "SELECT o.server_id, AVG(p.tip) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id WHERE p.method = 'card' "
  "AND p.tip > 0 GROUP BY o.server_id",
  "SELECT o.server_id, AVG(CASE WHEN p.tip > 0 THEN p.tip END) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id "
  "WHERE p.method = 'card' GROUP BY o.server_id HAVING COUNT(CASE WHEN p.tip > 0 THEN 1 END) > 0",
  "SELECT o.server_id, AVG(CASE WHEN p.tip > 0 THEN p.tip END) FROM payment AS p JOIN orders AS o ON o.order_id = p.order_id "
  "WHERE p.method = 'card' GROUP BY o.server_id",
  "servers without a tipped card payment listed with NULL")

# --- voids and comps
S("voids:void rate per server with unassigned",
  "SELECT o.server_id, AVG(CASE WHEN l.voided = 1 THEN 1.0 ELSE 0.0 END) FROM order_line AS l JOIN orders AS o "
  "ON o.order_id = l.order_id GROUP BY o.server_id",
  "SELECT o.server_id, SUM(CASE WHEN l.voided = 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM order_line AS l JOIN orders AS o "
  "ON o.order_id = l.order_id GROUP BY o.server_id",
  "SELECT s.staff_id, AVG(CASE WHEN l.voided = 1 THEN 1.0 ELSE 0.0 END) FROM order_line AS l JOIN orders AS o "
  "ON o.order_id = l.order_id JOIN staff AS s ON s.staff_id = o.server_id GROUP BY s.staff_id",
  "lines on checks without a server dropped")
S("voids:voids and comps without a manager",
  "SELECT adj_id FROM adjustment WHERE (kind = 'void' OR kind = 'comp') AND manager_id IS NULL",
  "SELECT adj_id FROM adjustment WHERE kind IN ('void', 'comp') EXCEPT SELECT adj_id FROM adjustment WHERE manager_id IS NOT NULL",
  "SELECT adj_id FROM adjustment WHERE kind = 'void' OR kind = 'comp' AND manager_id IS NULL",
  "AND binds tighter than OR: every void listed")
S("comps:comp amount per location including none",
  "SELECT l.loc_id, COALESCE(SUM(a.amount), 0) FROM location AS l LEFT JOIN orders AS o ON o.loc_id = l.loc_id "
  "LEFT JOIN adjustment AS a ON a.order_id = o.order_id AND a.kind = 'comp' GROUP BY l.loc_id",
  "SELECT l.loc_id, COALESCE((SELECT SUM(a.amount) FROM adjustment AS a JOIN orders AS o ON o.order_id = a.order_id "
  "WHERE o.loc_id = l.loc_id AND a.kind = 'comp'), 0) FROM location AS l",
  "SELECT l.loc_id, COALESCE(SUM(a.amount), 0) FROM location AS l LEFT JOIN orders AS o ON o.loc_id = l.loc_id "
  "LEFT JOIN adjustment AS a ON a.order_id = o.order_id WHERE a.kind = 'comp' GROUP BY l.loc_id",
  "the comp filter in WHERE drops locations without comps")
S("voids:adjusted lines that were voided",
  "SELECT DISTINCT a.adj_id FROM adjustment AS a JOIN order_line AS l ON l.order_id = a.order_id AND l.line_no = a.line_no "
  "WHERE l.voided = 1",
  "SELECT a.adj_id FROM adjustment AS a WHERE EXISTS (SELECT 1 FROM order_line AS l WHERE l.order_id = a.order_id "
  "AND l.line_no = a.line_no AND l.voided = 1)",
  "SELECT DISTINCT a.adj_id FROM adjustment AS a JOIN order_line AS l ON l.order_id = a.order_id WHERE l.voided = 1",
  "the line number ignored: any voided line on the check")
S("voids:voided lines without a void record",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE l.voided = 1 AND NOT EXISTS (SELECT 1 FROM adjustment AS a "
  "WHERE a.order_id = l.order_id AND a.line_no = l.line_no AND a.kind = 'void')",
  "SELECT l.order_id, l.line_no FROM order_line AS l LEFT JOIN adjustment AS a ON a.order_id = l.order_id "
  "AND a.line_no = l.line_no AND a.kind = 'void' WHERE l.voided = 1 AND a.adj_id IS NULL",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE l.voided = 1 AND l.line_no NOT IN (SELECT a.line_no FROM adjustment AS a "
  "WHERE a.kind = 'void')",
  "NOT IN over void records without a line returns nothing")
S("comps:adjustments per kind per check including none",
  "SELECT o.order_id, SUM(CASE WHEN a.kind = 'void' THEN 1 ELSE 0 END), SUM(CASE WHEN a.kind = 'comp' THEN 1 ELSE 0 END) "
  "FROM orders AS o LEFT JOIN adjustment AS a ON a.order_id = o.order_id GROUP BY o.order_id",
  "SELECT o.order_id, (SELECT COUNT(*) FROM adjustment AS a WHERE a.order_id = o.order_id AND a.kind = 'void'), "
  "(SELECT COUNT(*) FROM adjustment AS a WHERE a.order_id = o.order_id AND a.kind = 'comp') FROM orders AS o",
  "SELECT o.order_id, SUM(CASE WHEN a.kind = 'void' THEN 1 ELSE 0 END), COUNT(*) - SUM(CASE WHEN a.kind = 'void' THEN 1 ELSE 0 END) "
  "FROM orders AS o LEFT JOIN adjustment AS a ON a.order_id = o.order_id GROUP BY o.order_id",
  "comps as everything not a void counts the empty outer-join row")

# --- labour
S("labour:labour cost per location and day",
  "SELECT s.loc_id, s.day, SUM((s.end_min - s.start_min) * st.hourly) / 60.0 FROM shift AS s JOIN staff AS st "
  "ON st.staff_id = s.staff_id GROUP BY s.loc_id, s.day",
  "SELECT s.loc_id, s.day, SUM((s.end_min - s.start_min) * (SELECT st.hourly FROM staff AS st WHERE st.staff_id = s.staff_id)) "
  "/ 60.0 FROM shift AS s GROUP BY s.loc_id, s.day",
  "SELECT s.loc_id, s.day, SUM((COALESCE(s.end_min, 1380) - s.start_min) * st.hourly) / 60.0 FROM shift AS s JOIN staff AS st "
  "ON st.staff_id = s.staff_id GROUP BY s.loc_id, s.day",
  "shifts still open costed to closing time")
S("labour:covers against hours worked per location and day",
  "WITH c AS (SELECT loc_id, day, SUM(guests) AS g FROM orders GROUP BY loc_id, day), h AS (SELECT loc_id, day, "
  "SUM(end_min - start_min) AS m FROM shift WHERE end_min IS NOT NULL GROUP BY loc_id, day) SELECT c.loc_id, c.day, c.g, h.m "
  "FROM c LEFT JOIN h ON h.loc_id = c.loc_id AND h.day = c.day",
  "SELECT o.loc_id, o.day, SUM(o.guests), (SELECT SUM(s.end_min - s.start_min) FROM shift AS s WHERE s.loc_id = o.loc_id "
  "AND s.day = o.day) FROM orders AS o GROUP BY o.loc_id, o.day",
  "WITH c AS (SELECT loc_id, day, SUM(guests) AS g FROM orders GROUP BY loc_id, day), h AS (SELECT loc_id, day, "
  "SUM(end_min - start_min) AS m FROM shift WHERE end_min IS NOT NULL GROUP BY loc_id, day) SELECT c.loc_id, c.day, c.g, h.m "
  "FROM c JOIN h ON h.loc_id = c.loc_id AND h.day = c.day",
  "days without a finished shift dropped")
S("labour:servers on shift without checks that day",
  "SELECT s.staff_id, s.day FROM shift AS s JOIN staff AS st ON st.staff_id = s.staff_id WHERE st.role = 'server' "
  "AND NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.server_id = s.staff_id AND o.day = s.day)",
  "SELECT s.staff_id, s.day FROM shift AS s JOIN staff AS st ON st.staff_id = s.staff_id WHERE st.role = 'server' "
  "EXCEPT SELECT server_id, day FROM orders",
  "SELECT s.staff_id, s.day FROM shift AS s JOIN staff AS st ON st.staff_id = s.staff_id WHERE st.role = 'server' "
  "AND s.staff_id NOT IN (SELECT o.server_id FROM orders AS o)",
  "NOT IN over checks without a server, and the day ignored")
S("labour:open shifts per location including none",
  "SELECT l.loc_id, COUNT(s.staff_id) FROM location AS l LEFT JOIN shift AS s ON s.loc_id = l.loc_id AND s.end_min IS NULL "
  "GROUP BY l.loc_id",
  "SELECT l.loc_id, SUM(CASE WHEN s.staff_id IS NOT NULL AND s.end_min IS NULL THEN 1 ELSE 0 END) FROM location AS l "
  "LEFT JOIN shift AS s ON s.loc_id = l.loc_id GROUP BY l.loc_id",
  "SELECT l.loc_id, SUM(CASE WHEN s.end_min IS NULL THEN 1 ELSE 0 END) FROM location AS l "
  "LEFT JOIN shift AS s ON s.loc_id = l.loc_id GROUP BY l.loc_id",
  "a location without shifts counted as one open shift")
S("labour:shifts over eight hours",
  "SELECT staff_id, day FROM shift WHERE end_min - start_min > 480",
  "SELECT staff_id, day FROM shift WHERE end_min > start_min + 480",
  "SELECT staff_id, day FROM shift WHERE end_min - start_min >= 480",
  "exactly eight hours counted as overtime")
S("labour:staff working away from their home location",
  "SELECT DISTINCT s.staff_id FROM shift AS s JOIN staff AS st ON st.staff_id = s.staff_id "
  "WHERE st.loc_id IS NULL OR s.loc_id <> st.loc_id",
  "SELECT st.staff_id FROM staff AS st WHERE EXISTS (SELECT 1 FROM shift AS s WHERE s.staff_id = st.staff_id "
  "AND s.loc_id IS NOT st.loc_id)",
  "SELECT DISTINCT s.staff_id FROM shift AS s JOIN staff AS st ON st.staff_id = s.staff_id WHERE s.loc_id <> st.loc_id",
  "floating staff without a home location left out", dialect="sqlite")
S("labour:staff on the floor at noon per location including none",
  "SELECT l.loc_id, COUNT(s.staff_id) FROM location AS l LEFT JOIN shift AS s ON s.loc_id = l.loc_id AND s.day = 2 "
  "AND s.start_min <= 720 AND (s.end_min IS NULL OR s.end_min > 720) GROUP BY l.loc_id",
  "SELECT l.loc_id, (SELECT COUNT(*) FROM shift AS s WHERE s.loc_id = l.loc_id AND s.day = 2 AND s.start_min <= 720 "
  "AND COALESCE(s.end_min, 721) > 720) FROM location AS l",
  "SELECT l.loc_id, COUNT(s.staff_id) FROM location AS l LEFT JOIN shift AS s ON s.loc_id = l.loc_id AND s.day = 2 "
  "AND s.start_min <= 720 AND s.end_min > 720 GROUP BY l.loc_id",
  "staff still clocked in left off the floor count")
S("labour:staff never scheduled",
  "SELECT staff_id FROM staff EXCEPT SELECT staff_id FROM shift",
  "SELECT st.staff_id FROM staff AS st WHERE NOT EXISTS (SELECT 1 FROM shift AS s WHERE s.staff_id = st.staff_id)",
  "SELECT st.staff_id FROM staff AS st WHERE NOT EXISTS (SELECT 1 FROM shift AS s WHERE s.staff_id = st.staff_id AND s.day = 1)",
  "staff without a shift on the first day listed")
S("staff:top servers by covers",
  "SELECT server_id, SUM(guests) AS g FROM orders WHERE server_id IS NOT NULL GROUP BY server_id ORDER BY g DESC, server_id LIMIT 2",
  "SELECT server_id, g FROM (SELECT server_id, SUM(guests) AS g, ROW_NUMBER() OVER (ORDER BY SUM(guests) DESC, server_id) AS rn "
  "FROM orders WHERE server_id IS NOT NULL GROUP BY server_id) AS t WHERE rn <= 2 ORDER BY rn",
  "SELECT server_id, SUM(guests) AS g FROM orders WHERE server_id IS NOT NULL GROUP BY server_id ORDER BY g DESC, server_id DESC "
  "LIMIT 2",
  "ties broken by the highest staff number", semantics="list")
S("staff:servers at more than one location",
  "SELECT server_id FROM orders WHERE server_id IS NOT NULL GROUP BY server_id HAVING COUNT(DISTINCT loc_id) > 1",
  "SELECT DISTINCT a.server_id FROM orders AS a JOIN orders AS b ON b.server_id = a.server_id AND b.loc_id <> a.loc_id",
  "SELECT server_id FROM orders WHERE server_id IS NOT NULL GROUP BY server_id HAVING COUNT(loc_id) > 1",
  "two checks at one location counted as two locations")

# --- kitchen display log
S("kds:ticket time from first fire to last bump",
  "SELECT order_id, MAX(CASE WHEN event = 'bumped' THEN minute END) - MIN(CASE WHEN event = 'fired' THEN minute END) "
  "FROM kds_log WHERE order_id IS NOT NULL GROUP BY order_id",
  "SELECT k.order_id, b.m - f.m FROM (SELECT DISTINCT order_id FROM kds_log WHERE order_id IS NOT NULL) AS k "
  "LEFT JOIN (SELECT order_id, MIN(minute) AS m FROM kds_log WHERE event = 'fired' GROUP BY order_id) AS f ON f.order_id = k.order_id "
  "LEFT JOIN (SELECT order_id, MAX(minute) AS m FROM kds_log WHERE event = 'bumped' GROUP BY order_id) AS b ON b.order_id = k.order_id",
  "SELECT order_id, MIN(CASE WHEN event = 'bumped' THEN minute END) - MIN(CASE WHEN event = 'fired' THEN minute END) "
  "FROM kds_log WHERE order_id IS NOT NULL GROUP BY order_id",
  "the first bump taken for the last")
S("kds:recalled checks per location",
  "SELECT o.loc_id, COUNT(DISTINCT k.order_id) FROM kds_log AS k JOIN orders AS o ON o.order_id = k.order_id "
  "WHERE k.event = 'recalled' GROUP BY o.loc_id",
  "SELECT o.loc_id, COUNT(*) FROM orders AS o WHERE EXISTS (SELECT 1 FROM kds_log AS k WHERE k.order_id = o.order_id "
  "AND k.event = 'recalled') GROUP BY o.loc_id",
  "SELECT o.loc_id, COUNT(k.order_id) FROM kds_log AS k JOIN orders AS o ON o.order_id = k.order_id "
  "WHERE k.event = 'recalled' GROUP BY o.loc_id",
  "duplicated recall rows counted")
S("kds:log rows per check including none",
  "SELECT o.order_id, COUNT(k.event) FROM orders AS o LEFT JOIN kds_log AS k ON k.order_id = o.order_id GROUP BY o.order_id",
  "SELECT o.order_id, (SELECT COUNT(k.event) FROM kds_log AS k WHERE k.order_id = o.order_id) FROM orders AS o",
  "SELECT o.order_id, COUNT(DISTINCT k.event) FROM orders AS o LEFT JOIN kds_log AS k ON k.order_id = o.order_id GROUP BY o.order_id",
  "event kinds counted instead of rows")
S("kds:lines never fired",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE l.voided = 0 AND NOT EXISTS (SELECT 1 FROM kds_log AS k "
  "WHERE k.order_id = l.order_id AND k.line_no = l.line_no AND k.event = 'fired')",
  "SELECT order_id, line_no FROM order_line WHERE voided = 0 EXCEPT SELECT order_id, line_no FROM kds_log WHERE event = 'fired'",
  "SELECT l.order_id, l.line_no FROM order_line AS l WHERE l.voided = 0 AND NOT EXISTS (SELECT 1 FROM kds_log AS k "
  "WHERE k.order_id = l.order_id AND k.event = 'fired')",
  "any fired line on the check counts for every line")
S("kds:lines fired more than once",
  "SELECT order_id, line_no FROM kds_log WHERE event = 'fired' GROUP BY order_id, line_no HAVING COUNT(*) > 1",
  "SELECT DISTINCT order_id, line_no FROM (SELECT order_id, line_no, COUNT(*) OVER (PARTITION BY order_id, line_no) AS c "
  "FROM kds_log WHERE event = 'fired') AS t WHERE c > 1",
  "SELECT order_id, line_no FROM kds_log WHERE event = 'fired' GROUP BY order_id, line_no HAVING COUNT(DISTINCT minute) > 1",
  "a refire logged at the same minute missed")
