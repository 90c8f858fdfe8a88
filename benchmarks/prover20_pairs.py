"""The pairs of the twentieth held-out prover corpus (``benchmarks/corpus/prover20/``), as
written (``prover20_build.py`` checks them in SQLite and writes the corpus).

Three sources: the SQL behind hotel property-management reports (Opera, Mews, Cloudbeds,
Protel report writers: occupancy, ADR and RevPAR, arrivals and departures, no-shows and
cancellations, length of stay, repeat guests, rooms never sold, outstanding folios,
housekeeping) against the hand-written query for the same report, on a new pms schema;
subscription billing SQL (Stripe Billing, Chargebee, Recurly, Zuora reports: MRR and its
movements, churn and retention cohorts, dunning and failed payments, upgrades and
downgrades, unpaid invoices, revenue per plan) against an equivalent formulation, on a new
billing schema; and help desk report SQL (Zendesk, Freshdesk, Jira Service Management, Help
Scout: backlog by status, first reply and resolution times, reopened tickets, SLA breach
rates, agent workload and CSAT, tickets without a reply, busiest hours) against the
hand-written query, on a new desk schema. Each ``add`` call is one equivalent pair and one
realistic non-equivalent mutant. Written from the author's own SQL for these reports; not
taken from any prover benchmark, rule test, tool's test suite or published pair set; the
verifier was not read.
"""

from __future__ import annotations

from benchmarks.held_out_pairs import pair_book

SOURCES = {
    "hotel_reservations": ("pms", "SQL behind hotel property-management reports (Opera, Mews, Cloudbeds, Protel: "
                                  "occupancy, ADR and RevPAR, arrivals and departures, no-shows and cancellations, "
                                  "length of stay, repeat guests, rooms never sold, outstanding folios, "
                                  "housekeeping) against the hand-written query for the same report"),
    "subscription_billing": ("billing", "subscription billing SQL (Stripe Billing, Chargebee, Recurly, Zuora: MRR "
                                        "and its movements, churn and retention cohorts, dunning and failed "
                                        "payments, upgrades and downgrades, unpaid invoices, revenue per plan) "
                                        "against an equivalent formulation"),
    "helpdesk_tickets": ("desk", "help desk report SQL (Zendesk, Freshdesk, Jira Service Management, Help Scout: "
                                 "backlog by status, first reply and resolution times, reopened tickets, SLA breach "
                                 "rates, agent workload and CSAT, tickets without a reply, busiest hours) against "
                                 "the hand-written query"),
}
FILE = {k: k for k in SOURCES}


PAIRS, add = pair_book("prover20", SOURCES, FILE)


def H(rule, gold, pred, mutant, mutation, **kw):
    """A hotel property-management report's SQL (gold) against the hand-written query (pred), pms."""
    add("hotel_reservations", rule, gold, pred, mutant, mutation, **kw)


def B(rule, gold, pred, mutant, mutation, **kw):
    """A subscription billing query (gold) against an equivalent formulation (pred), billing."""
    add("subscription_billing", rule, gold, pred, mutant, mutation, **kw)


def D(rule, gold, pred, mutant, mutation, **kw):
    """A help desk report's SQL (gold) against the hand-written query (pred), desk."""
    add("helpdesk_tickets", rule, gold, pred, mutant, mutation, **kw)


# ================================================================ hotel reservations (pms)
# --- occupancy
H("occupancy:room nights sold per property and night",
  "SELECT r.property_id, s.night, COUNT(*) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.cancel_day IS NULL GROUP BY r.property_id, s.night",
  "SELECT r.property_id, s.night, COUNT(s.res_id) FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "AND r.cancel_day IS NULL GROUP BY s.night, r.property_id",
  "SELECT r.property_id, s.night, COUNT(s.room_id) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.cancel_day IS NULL GROUP BY r.property_id, s.night",
  "nights without an assigned room not counted")
H("occupancy:occupancy on a night per property",
  "SELECT p.property_id, (SELECT COUNT(*) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.property_id = p.property_id AND s.night = 2 AND r.cancel_day IS NULL) * 1.0 / "
  "(SELECT COUNT(*) FROM room AS m WHERE m.property_id = p.property_id) FROM property AS p",
  "SELECT p.property_id, COALESCE(s.n, 0) * 1.0 / m.c FROM property AS p "
  "LEFT JOIN (SELECT r.property_id, COUNT(*) AS n FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE s.night = 2 AND r.cancel_day IS NULL GROUP BY r.property_id) AS s ON s.property_id = p.property_id "
  "LEFT JOIN (SELECT property_id, COUNT(*) AS c FROM room GROUP BY property_id) AS m ON m.property_id = p.property_id",
  "SELECT p.property_id, (SELECT COUNT(*) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.property_id = p.property_id AND s.night = 2) * 1.0 / "
  "(SELECT COUNT(*) FROM room AS m WHERE m.property_id = p.property_id) FROM property AS p",
  "cancelled reservations' nights counted", dialect="sqlite")
H("occupancy:in-house reservations on a day",
  "SELECT res_id, guest_id FROM reservation WHERE arrival <= 3 AND departure > 3 AND cancel_day IS NULL",
  "SELECT res_id, guest_id FROM reservation WHERE 3 BETWEEN arrival AND departure - 1 "
  "EXCEPT SELECT res_id, guest_id FROM reservation WHERE cancel_day IS NOT NULL",
  "SELECT res_id, guest_id FROM reservation WHERE arrival <= 3 AND departure >= 3 AND cancel_day IS NULL",
  "guests departing that day counted in house")
H("occupancy:properties with no room sold on a night",
  "SELECT p.property_id FROM property AS p WHERE NOT EXISTS (SELECT 1 FROM reservation AS r JOIN stay AS s "
  "ON s.res_id = r.res_id WHERE r.property_id = p.property_id AND s.night = 1)",
  "SELECT p.property_id FROM property AS p LEFT JOIN (SELECT DISTINCT r.property_id FROM reservation AS r "
  "JOIN stay AS s ON s.res_id = r.res_id WHERE s.night = 1) AS x ON x.property_id = p.property_id WHERE x.property_id IS NULL",
  "SELECT p.property_id FROM property AS p WHERE NOT EXISTS (SELECT 1 FROM reservation AS r WHERE r.property_id = "
  "p.property_id AND r.arrival = 1)",
  "arrivals on the night taken for nights sold")
H("occupancy:peak night per property with ties",
  "SELECT property_id, night, n FROM (SELECT r.property_id, s.night, COUNT(*) AS n, RANK() OVER (PARTITION BY "
  "r.property_id ORDER BY COUNT(*) DESC) AS rk FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "GROUP BY r.property_id, s.night) AS t WHERE rk = 1",
  "WITH n AS (SELECT r.property_id, s.night, COUNT(*) AS n FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "GROUP BY r.property_id, s.night) SELECT property_id, night, n FROM n AS a WHERE n = (SELECT MAX(b.n) FROM n AS b "
  "WHERE b.property_id = a.property_id)",
  "SELECT property_id, night, n FROM (SELECT r.property_id, s.night, COUNT(*) AS n, ROW_NUMBER() OVER (PARTITION BY "
  "r.property_id ORDER BY COUNT(*) DESC, s.night) AS rk FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "GROUP BY r.property_id, s.night) AS t WHERE rk = 1",
  "tied peak nights cut to the first")
H("occupancy:nights sold without a room assigned per property including none",
  "SELECT p.property_id, COUNT(s.res_id) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id AND s.room_id IS NULL GROUP BY p.property_id",
  "SELECT p.property_id, (SELECT COUNT(*) FROM stay AS s WHERE s.room_id IS NULL AND s.res_id IN "
  "(SELECT r.res_id FROM reservation AS r WHERE r.property_id = p.property_id)) FROM property AS p",
  "SELECT p.property_id, COUNT(*) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id AND s.room_id IS NULL GROUP BY p.property_id",
  "COUNT(*) over the outer join counts empty properties and reservations")

# --- revenue
H("revenue:ADR per property",
  "SELECT r.property_id, AVG(s.rate) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.cancel_day IS NULL GROUP BY r.property_id",
  "SELECT r.property_id, SUM(s.rate) / COUNT(*) FROM reservation AS r, stay AS s WHERE s.res_id = r.res_id "
  "AND r.cancel_day IS NULL GROUP BY r.property_id",
  "SELECT r.property_id, SUM(s.rate) / COUNT(DISTINCT s.res_id) FROM stay AS s JOIN reservation AS r "
  "ON r.res_id = s.res_id WHERE r.cancel_day IS NULL GROUP BY r.property_id",
  "revenue divided by reservations instead of room nights")
H("revenue:RevPAR per property on a night",
  "SELECT p.property_id, COALESCE((SELECT SUM(s.rate) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.property_id = p.property_id AND s.night = 1), 0) / (SELECT COUNT(*) FROM room AS m "
  "WHERE m.property_id = p.property_id) FROM property AS p",
  "SELECT p.property_id, TOTAL(CASE WHEN s.night = 1 THEN s.rate END) / NULLIF((SELECT COUNT(*) FROM room AS m "
  "WHERE m.property_id = p.property_id), 0) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY p.property_id",
  "SELECT p.property_id, COALESCE((SELECT SUM(s.rate) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.property_id = p.property_id AND s.night = 1), 0) / (SELECT COUNT(*) FROM stay AS s JOIN reservation AS r "
  "ON r.res_id = s.res_id WHERE r.property_id = p.property_id AND s.night = 1) FROM property AS p",
  "divided by rooms sold (ADR) instead of rooms available", dialect="sqlite")
H("revenue:room revenue per room type including none",
  "SELECT t.type_id, COALESCE(SUM(s.rate), 0) FROM room_type AS t LEFT JOIN reservation AS r ON r.type_id = t.type_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY t.type_id",
  "SELECT t.type_id, (SELECT TOTAL(s.rate) FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id "
  "WHERE r.type_id = t.type_id) FROM room_type AS t",
  "SELECT t.type_id, COALESCE(SUM(s.rate), 0) FROM room_type AS t JOIN reservation AS r ON r.type_id = t.type_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY t.type_id",
  "room types never booked left off", dialect="sqlite")
H("revenue:discounts given per property with missing as none",
  "SELECT r.property_id, SUM(COALESCE(c.discount, 0)) FROM charge AS c JOIN reservation AS r ON r.res_id = c.res_id "
  "GROUP BY r.property_id",
  "SELECT r.property_id, TOTAL(c.discount) FROM reservation AS r JOIN charge AS c ON c.res_id = r.res_id "
  "GROUP BY r.property_id",
  "SELECT r.property_id, SUM(c.discount) FROM charge AS c JOIN reservation AS r ON r.res_id = c.res_id "
  "GROUP BY r.property_id",
  "a property whose charges all lack a discount gets NULL", dialect="sqlite")
H("revenue:net charges per reservation",
  "SELECT res_id, SUM(amount - COALESCE(discount, 0)) FROM charge GROUP BY res_id",
  "SELECT res_id, SUM(CASE WHEN discount IS NULL THEN amount ELSE amount - discount END) FROM charge GROUP BY res_id",
  "SELECT res_id, SUM(amount - discount) FROM charge GROUP BY res_id",
  "a charge without a discount drops out of the sum")
H("revenue:spa revenue per guest including none",
  "SELECT g.guest_id, COALESCE(SUM(c.amount), 0) FROM guest AS g LEFT JOIN reservation AS r ON r.guest_id = g.guest_id "
  "LEFT JOIN charge AS c ON c.res_id = r.res_id AND c.kind = 'spa' GROUP BY g.guest_id",
  "SELECT g.guest_id, COALESCE((SELECT SUM(c.amount) FROM charge AS c JOIN reservation AS r ON r.res_id = c.res_id "
  "WHERE r.guest_id = g.guest_id AND c.kind = 'spa'), 0) FROM guest AS g",
  "SELECT g.guest_id, COALESCE(SUM(c.amount), 0) FROM guest AS g LEFT JOIN reservation AS r ON r.guest_id = g.guest_id "
  "LEFT JOIN charge AS c ON c.res_id = r.res_id WHERE c.kind = 'spa' GROUP BY g.guest_id",
  "the kind filter in WHERE drops guests without spa charges")
H("revenue:top companies by room revenue",
  "SELECT r.company, SUM(s.rate) AS rev FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "WHERE r.company IS NOT NULL GROUP BY r.company ORDER BY rev DESC, r.company LIMIT 2",
  "SELECT company, rev FROM (SELECT r.company, SUM(s.rate) AS rev FROM stay AS s JOIN reservation AS r "
  "ON r.res_id = s.res_id GROUP BY r.company) AS t WHERE company IS NOT NULL ORDER BY rev DESC, company LIMIT 2",
  "SELECT r.company, SUM(s.rate) AS rev FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "GROUP BY r.company ORDER BY rev DESC, r.company LIMIT 2",
  "walk-in reservations without a company ranked as one", semantics="list")

# --- arrivals and departures
H("arrivals:arrivals list for a day",
  "SELECT r.res_id, g.name, r.type_id FROM reservation AS r JOIN guest AS g ON g.guest_id = r.guest_id "
  "WHERE r.arrival = 2 AND r.cancel_day IS NULL",
  "SELECT r.res_id, (SELECT g.name FROM guest AS g WHERE g.guest_id = r.guest_id), r.type_id FROM reservation AS r "
  "WHERE r.arrival = 2 AND NOT (r.cancel_day IS NOT NULL)",
  "SELECT r.res_id, g.name, r.type_id FROM reservation AS r JOIN guest AS g ON g.guest_id = r.guest_id "
  "WHERE r.arrival = 2 AND r.cancel_day > 2",
  "cancelled-later reservations taken as arriving, live ones dropped")
H("arrivals:departures list with room",
  "SELECT r.res_id, s.room_id FROM reservation AS r LEFT JOIN stay AS s ON s.res_id = r.res_id "
  "AND s.night = r.departure - 1 WHERE r.departure = 4 AND r.cancel_day IS NULL",
  "SELECT r.res_id, (SELECT s.room_id FROM stay AS s WHERE s.res_id = r.res_id AND s.night = 3) FROM reservation AS r "
  "WHERE r.departure = 4 AND r.cancel_day IS NULL",
  "SELECT r.res_id, s.room_id FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "AND s.night = r.departure - 1 WHERE r.departure = 4 AND r.cancel_day IS NULL",
  "departures without a last-night stay row dropped")
H("arrivals:arrivals per property including none",
  "SELECT p.property_id, COUNT(r.res_id) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "AND r.arrival = 3 AND r.cancel_day IS NULL GROUP BY p.property_id",
  "SELECT p.property_id, (SELECT COUNT(*) FROM reservation AS r WHERE r.property_id = p.property_id AND r.arrival = 3 "
  "AND r.cancel_day IS NULL) FROM property AS p",
  "SELECT p.property_id, COUNT(r.res_id) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "WHERE r.arrival = 3 AND r.cancel_day IS NULL GROUP BY p.property_id",
  "filter moved from ON to WHERE drops properties without arrivals")
H("arrivals:stayovers on a day",
  "SELECT res_id FROM reservation WHERE arrival < 3 AND departure > 3 AND cancel_day IS NULL",
  "SELECT res_id FROM reservation WHERE cancel_day IS NULL AND NOT (arrival >= 3 OR departure <= 3)",
  "SELECT res_id FROM reservation WHERE arrival <= 3 AND departure > 3 AND cancel_day IS NULL",
  "the day's arrivals counted as stayovers")
H("arrivals:same-day room turnarounds",
  "SELECT DISTINCT a.room_id FROM stay AS a JOIN stay AS b ON b.room_id = a.room_id AND b.night = a.night + 1 "
  "AND b.res_id <> a.res_id",
  "SELECT DISTINCT room_id FROM stay AS a WHERE EXISTS (SELECT 1 FROM stay AS b WHERE b.room_id = a.room_id "
  "AND b.night = a.night + 1 AND b.res_id <> a.res_id)",
  "SELECT DISTINCT a.room_id FROM stay AS a JOIN stay AS b ON b.room_id = a.room_id AND b.night = a.night + 1",
  "a guest staying on in the same room counted as a turnaround")

# --- no-shows and cancellations
H("cancellations:no-shows per property including none",
  "SELECT p.property_id, COUNT(r.res_id) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "AND r.status = 'no_show' GROUP BY p.property_id",
  "SELECT p.property_id, SUM(CASE WHEN r.status = 'no_show' THEN 1 ELSE 0 END) FROM property AS p "
  "LEFT JOIN reservation AS r ON r.property_id = p.property_id GROUP BY p.property_id",
  "SELECT p.property_id, COUNT(*) FROM property AS p LEFT JOIN reservation AS r ON r.property_id = p.property_id "
  "AND r.status = 'no_show' GROUP BY p.property_id",
  "COUNT(*) gives one to properties without no-shows")
H("cancellations:cancellation rate per channel",
  "SELECT channel, AVG(CASE WHEN cancel_day IS NOT NULL THEN 1.0 ELSE 0.0 END) FROM reservation GROUP BY channel",
  "SELECT channel, COUNT(cancel_day) * 1.0 / COUNT(*) FROM reservation GROUP BY channel",
  "SELECT channel, AVG(CASE WHEN cancel_day > 0 THEN 1.0 ELSE 0.0 END) FROM reservation GROUP BY channel",
  "cancellations on day zero not counted")
H("cancellations:late cancellations",
  "SELECT res_id FROM reservation WHERE cancel_day IS NOT NULL AND arrival - cancel_day <= 1",
  "SELECT res_id FROM reservation WHERE cancel_day >= arrival - 1",
  "SELECT res_id FROM reservation WHERE cancel_day IS NOT NULL AND arrival - cancel_day < 1",
  "cancellations the day before arrival missed")
H("cancellations:cancellations per company with walk-ins",
  "SELECT company, COUNT(*) FROM reservation WHERE cancel_day IS NOT NULL GROUP BY company",
  "SELECT company, COUNT(*) FROM reservation WHERE company IS NOT NULL AND cancel_day IS NOT NULL GROUP BY company "
  "UNION ALL SELECT NULL, COUNT(*) FROM reservation WHERE company IS NULL AND cancel_day IS NOT NULL HAVING COUNT(*) > 0",
  "SELECT company, COUNT(company) FROM reservation WHERE cancel_day IS NOT NULL GROUP BY company",
  "the no-company group counted as zero")
H("cancellations:cancelled reservations with charges",
  "SELECT DISTINCT r.res_id FROM reservation AS r JOIN charge AS c ON c.res_id = r.res_id WHERE r.cancel_day IS NOT NULL",
  "SELECT res_id FROM reservation WHERE cancel_day IS NOT NULL INTERSECT SELECT res_id FROM charge",
  "SELECT r.res_id FROM reservation AS r JOIN charge AS c ON c.res_id = r.res_id WHERE r.cancel_day IS NOT NULL",
  "a reservation with several charges listed once per charge")
H("cancellations:cancelled reservations still holding room nights",
  "SELECT r.res_id, COUNT(*) FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "WHERE r.cancel_day IS NOT NULL AND s.night >= r.cancel_day GROUP BY r.res_id",
  "SELECT res_id, n FROM (SELECT r.res_id, (SELECT COUNT(*) FROM stay AS s WHERE s.res_id = r.res_id "
  "AND s.night >= r.cancel_day) AS n FROM reservation AS r WHERE r.cancel_day IS NOT NULL) AS t WHERE n > 0",
  "SELECT r.res_id, COUNT(*) FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "WHERE r.cancel_day IS NOT NULL AND s.night > r.cancel_day GROUP BY r.res_id",
  "the night of the cancellation day not counted")
H("cancellations:no-show guests who never stayed",
  "SELECT DISTINCT guest_id FROM reservation WHERE status = 'no_show' AND guest_id NOT IN "
  "(SELECT r.guest_id FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id)",
  "SELECT g.guest_id FROM guest AS g WHERE EXISTS (SELECT 1 FROM reservation AS r WHERE r.guest_id = g.guest_id "
  "AND r.status = 'no_show') AND NOT EXISTS (SELECT 1 FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "WHERE r.guest_id = g.guest_id)",
  "SELECT DISTINCT r.guest_id FROM reservation AS r WHERE r.status = 'no_show' AND NOT EXISTS (SELECT 1 FROM stay AS s "
  "WHERE s.res_id = r.res_id)",
  "only the no-show reservation's own stays looked at")
H("cancellations:cancellations per status side by side",
  "SELECT property_id, SUM(CASE WHEN cancel_day IS NOT NULL THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) FROM reservation GROUP BY property_id",
  "SELECT property_id, COUNT(*) FILTER (WHERE cancel_day IS NOT NULL), COUNT(*) FILTER (WHERE status = 'no_show') "
  "FROM reservation GROUP BY property_id",
  "SELECT property_id, SUM(CASE WHEN cancel_day IS NOT NULL THEN 1 ELSE 0 END), "
  "SUM(CASE WHEN status = 'no_show' AND cancel_day IS NULL THEN 1 ELSE 0 END) FROM reservation GROUP BY property_id",
  "cancelled no-shows left out of the no-shows")

# --- length of stay
H("los:average length of stay per property",
  "SELECT property_id, AVG(departure - arrival) FROM reservation WHERE cancel_day IS NULL GROUP BY property_id",
  "SELECT property_id, SUM(departure - arrival) * 1.0 / COUNT(*) FROM reservation WHERE cancel_day IS NULL "
  "GROUP BY property_id",
  "SELECT property_id, SUM(departure - arrival) / COUNT(*) FROM reservation WHERE cancel_day IS NULL "
  "GROUP BY property_id",
  "integer division")
H("los:length of stay buckets",
  "SELECT CASE WHEN departure - arrival <= 1 THEN 'one' WHEN departure - arrival <= 3 THEN 'short' ELSE 'long' END AS b, "
  "COUNT(*) FROM reservation GROUP BY b",
  "SELECT 'one', COUNT(*) FROM reservation WHERE departure - arrival <= 1 HAVING COUNT(*) > 0 "
  "UNION ALL SELECT 'short', COUNT(*) FROM reservation WHERE departure - arrival IN (2, 3) HAVING COUNT(*) > 0 "
  "UNION ALL SELECT 'long', COUNT(*) FROM reservation WHERE departure - arrival > 3 HAVING COUNT(*) > 0",
  "SELECT CASE WHEN departure - arrival < 1 THEN 'one' WHEN departure - arrival <= 3 THEN 'short' ELSE 'long' END AS b, "
  "COUNT(*) FROM reservation GROUP BY b",
  "one-night stays put in the short bucket")
H("los:long stays from room nights",
  "SELECT res_id FROM stay GROUP BY res_id HAVING COUNT(*) >= 3",
  "SELECT r.res_id FROM reservation AS r WHERE (SELECT COUNT(*) FROM stay AS s WHERE s.res_id = r.res_id) >= 3",
  "SELECT res_id FROM stay GROUP BY res_id HAVING COUNT(*) > 3",
  "three-night stays missed")
H("los:nights per guest including none",
  "SELECT g.guest_id, COUNT(s.night) FROM guest AS g LEFT JOIN reservation AS r ON r.guest_id = g.guest_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY g.guest_id",
  "SELECT g.guest_id, COALESCE(t.n, 0) FROM guest AS g LEFT JOIN (SELECT r.guest_id, COUNT(*) AS n FROM reservation AS r "
  "JOIN stay AS s ON s.res_id = r.res_id GROUP BY r.guest_id) AS t ON t.guest_id = g.guest_id",
  "SELECT g.guest_id, COUNT(DISTINCT s.night) FROM guest AS g LEFT JOIN reservation AS r ON r.guest_id = g.guest_id "
  "LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY g.guest_id",
  "the same night in two reservations counted once")
H("los:stays longer than booked",
  "SELECT r.res_id FROM reservation AS r WHERE (SELECT COUNT(*) FROM stay AS s WHERE s.res_id = r.res_id) "
  "> r.departure - r.arrival",
  "SELECT r.res_id FROM reservation AS r LEFT JOIN stay AS s ON s.res_id = r.res_id GROUP BY r.res_id, r.departure, r.arrival "
  "HAVING COUNT(s.night) > r.departure - r.arrival",
  "SELECT r.res_id FROM reservation AS r WHERE (SELECT COUNT(*) FROM stay AS s WHERE s.res_id = r.res_id) "
  ">= r.departure - r.arrival",
  "stays of exactly the booked length listed")

# --- repeat guests
H("guests:repeat guests",
  "SELECT guest_id FROM reservation WHERE cancel_day IS NULL GROUP BY guest_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.guest_id FROM reservation AS a JOIN reservation AS b ON b.guest_id = a.guest_id "
  "AND b.res_id > a.res_id WHERE a.cancel_day IS NULL AND b.cancel_day IS NULL",
  "SELECT guest_id FROM reservation GROUP BY guest_id HAVING COUNT(*) > 1",
  "cancelled reservations make a repeat guest")
H("guests:first arrival per guest",
  "SELECT guest_id, MIN(arrival) FROM reservation GROUP BY guest_id",
  "SELECT DISTINCT guest_id, FIRST_VALUE(arrival) OVER (PARTITION BY guest_id ORDER BY arrival) FROM reservation",
  "SELECT DISTINCT guest_id, LAST_VALUE(arrival) OVER (PARTITION BY guest_id ORDER BY arrival DESC) FROM reservation",
  "LAST_VALUE under the default frame gives each row's own arrival")
H("guests:guests per loyalty tier with none",
  "SELECT COALESCE(tier, 'none'), COUNT(*) FROM guest GROUP BY COALESCE(tier, 'none')",
  "SELECT CASE WHEN tier IS NULL THEN 'none' ELSE tier END AS t, COUNT(guest_id) FROM guest GROUP BY t",
  "SELECT COALESCE(tier, 'none'), COUNT(tier) FROM guest GROUP BY COALESCE(tier, 'none')",
  "guests without a tier counted as zero")
H("guests:guests from a country ignoring case",
  "SELECT guest_id FROM guest WHERE UPPER(country) = 'US'",
  "SELECT guest_id FROM guest WHERE country IN ('US', 'us', 'Us', 'uS')",
  "SELECT guest_id FROM guest WHERE country = 'US'",
  "lower-case country codes missed")
H("guests:repeat rate per tier",
  "SELECT g.tier, AVG(CASE WHEN (SELECT COUNT(*) FROM reservation AS r WHERE r.guest_id = g.guest_id) > 1 THEN 1.0 "
  "ELSE 0.0 END) FROM guest AS g GROUP BY g.tier",
  "SELECT g.tier, SUM(CASE WHEN t.n > 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM guest AS g LEFT JOIN "
  "(SELECT guest_id, COUNT(*) AS n FROM reservation GROUP BY guest_id) AS t ON t.guest_id = g.guest_id GROUP BY g.tier",
  "SELECT g.tier, SUM(CASE WHEN t.n > 1 THEN 1 ELSE 0 END) * 1.0 / COUNT(*) FROM guest AS g JOIN "
  "(SELECT guest_id, COUNT(*) AS n FROM reservation GROUP BY guest_id) AS t ON t.guest_id = g.guest_id GROUP BY g.tier",
  "guests who never booked left out of the denominator")
H("guests:latest reservation per guest",
  "SELECT res_id, guest_id FROM (SELECT res_id, guest_id, ROW_NUMBER() OVER (PARTITION BY guest_id "
  "ORDER BY arrival DESC, res_id DESC) AS rn FROM reservation) AS t WHERE rn = 1",
  "SELECT a.res_id, a.guest_id FROM reservation AS a WHERE NOT EXISTS (SELECT 1 FROM reservation AS b "
  "WHERE b.guest_id = a.guest_id AND (b.arrival > a.arrival OR (b.arrival = a.arrival AND b.res_id > a.res_id)))",
  "SELECT a.res_id, a.guest_id FROM reservation AS a WHERE NOT EXISTS (SELECT 1 FROM reservation AS b "
  "WHERE b.guest_id = a.guest_id AND b.arrival > a.arrival)",
  "two reservations arriving the same day both kept")
H("guests:second page of guests by nights",
  "SELECT r.guest_id, COUNT(*) AS n FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "GROUP BY r.guest_id ORDER BY n DESC, r.guest_id LIMIT 2 OFFSET 1",
  "SELECT guest_id, n FROM (SELECT r.guest_id, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, r.guest_id) AS rn "
  "FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id GROUP BY r.guest_id) AS t WHERE rn BETWEEN 2 AND 3 ORDER BY rn",
  "SELECT r.guest_id, COUNT(*) AS n FROM reservation AS r JOIN stay AS s ON s.res_id = r.res_id "
  "GROUP BY r.guest_id ORDER BY n DESC, r.guest_id DESC LIMIT 2 OFFSET 1",
  "ties broken by the highest guest id", semantics="list")
H("guests:countries per property",
  "SELECT r.property_id, COUNT(DISTINCT g.country) FROM reservation AS r JOIN guest AS g ON g.guest_id = r.guest_id "
  "GROUP BY r.property_id",
  "SELECT property_id, COUNT(country) FROM (SELECT DISTINCT r.property_id, g.country FROM reservation AS r "
  "JOIN guest AS g ON g.guest_id = r.guest_id) AS t GROUP BY property_id",
  "SELECT property_id, COUNT(*) FROM (SELECT DISTINCT r.property_id, g.country FROM reservation AS r "
  "JOIN guest AS g ON g.guest_id = r.guest_id) AS t GROUP BY property_id",
  "an unknown country counted as a country")

# --- rooms
H("rooms:rooms never sold",
  "SELECT m.room_id FROM room AS m WHERE NOT EXISTS (SELECT 1 FROM stay AS s WHERE s.room_id = m.room_id)",
  "SELECT room_id FROM room EXCEPT SELECT room_id FROM stay",
  "SELECT m.room_id FROM room AS m WHERE m.room_id NOT IN (SELECT s.room_id FROM stay AS s)",
  "NOT IN over stays without a room gives nothing")
H("rooms:rooms out of order on a day per property including none",
  "SELECT p.property_id, COUNT(m.room_id) FROM property AS p LEFT JOIN room AS m ON m.property_id = p.property_id "
  "AND m.ooo_day <= 2 GROUP BY p.property_id",
  "SELECT p.property_id, (SELECT COUNT(*) FROM room AS m WHERE m.property_id = p.property_id AND m.ooo_day IS NOT NULL "
  "AND m.ooo_day < 3) FROM property AS p",
  "SELECT p.property_id, (SELECT COUNT(*) FROM room AS m WHERE m.property_id = p.property_id AND NOT m.ooo_day > 2 "
  "OR m.ooo_day IS NULL) FROM property AS p",
  "rooms never out of order counted, across every property")
H("rooms:rooms sold while out of order",
  "SELECT DISTINCT s.room_id FROM stay AS s JOIN room AS m ON m.room_id = s.room_id WHERE s.night >= m.ooo_day",
  "SELECT m.room_id FROM room AS m WHERE m.ooo_day IS NOT NULL AND EXISTS (SELECT 1 FROM stay AS s "
  "WHERE s.room_id = m.room_id AND s.night >= m.ooo_day)",
  "SELECT DISTINCT s.room_id FROM stay AS s JOIN room AS m ON m.room_id = s.room_id WHERE s.night > m.ooo_day",
  "the night the room went out of order not counted")
H("rooms:room types without rooms",
  "SELECT t.type_id FROM room_type AS t LEFT JOIN room AS m ON m.type_id = t.type_id WHERE m.room_id IS NULL",
  "SELECT type_id FROM room_type WHERE type_id NOT IN (SELECT type_id FROM room)",
  "SELECT t.type_id FROM room_type AS t LEFT JOIN room AS m ON m.type_id = t.type_id AND m.property_id = t.property_id "
  "WHERE m.room_id IS NULL",
  "rooms of the type at another property ignored")
H("rooms:rooms per type including none",
  "SELECT t.type_id, t.code, COUNT(m.room_id) FROM room_type AS t LEFT JOIN room AS m ON m.type_id = t.type_id "
  "GROUP BY t.type_id, t.code",
  "SELECT t.type_id, t.code, (SELECT COUNT(*) FROM room AS m WHERE m.type_id = t.type_id) FROM room_type AS t",
  "SELECT t.type_id, t.code, COUNT(m.room_id) FROM room_type AS t LEFT JOIN room AS m ON m.type_id = t.type_id "
  "GROUP BY t.code, t.code",
  "types grouped by code, merging two types with one code")
H("rooms:upgraded nights",
  "SELECT s.res_id, s.night FROM stay AS s JOIN room AS m ON m.room_id = s.room_id JOIN reservation AS r "
  "ON r.res_id = s.res_id WHERE m.type_id <> r.type_id",
  "SELECT s.res_id, s.night FROM stay AS s WHERE EXISTS (SELECT 1 FROM room AS m, reservation AS r "
  "WHERE m.room_id = s.room_id AND r.res_id = s.res_id AND NOT m.type_id = r.type_id)",
  "SELECT s.res_id, s.night FROM stay AS s LEFT JOIN room AS m ON m.room_id = s.room_id JOIN reservation AS r "
  "ON r.res_id = s.res_id WHERE m.type_id IS NOT r.type_id",
  "nights without a room taken as upgrades", dialect="sqlite")

# --- folios
H("folios:folio balance per reservation",
  "SELECT r.res_id, COALESCE(c.t, 0) - COALESCE(p.t, 0) FROM reservation AS r "
  "LEFT JOIN (SELECT res_id, SUM(amount - COALESCE(discount, 0)) AS t FROM charge GROUP BY res_id) AS c ON c.res_id = r.res_id "
  "LEFT JOIN (SELECT res_id, SUM(amount) AS t FROM payment GROUP BY res_id) AS p ON p.res_id = r.res_id",
  "SELECT r.res_id, (SELECT TOTAL(amount - COALESCE(discount, 0)) FROM charge AS c WHERE c.res_id = r.res_id) - "
  "(SELECT TOTAL(amount) FROM payment AS p WHERE p.res_id = r.res_id) FROM reservation AS r",
  "SELECT r.res_id, COALESCE(SUM(c.amount - COALESCE(c.discount, 0)), 0) - COALESCE(SUM(p.amount), 0) FROM reservation AS r "
  "LEFT JOIN charge AS c ON c.res_id = r.res_id LEFT JOIN payment AS p ON p.res_id = r.res_id GROUP BY r.res_id",
  "charges and payments joined together fan out", dialect="sqlite")
H("folios:outstanding folios",
  "SELECT r.res_id FROM reservation AS r WHERE (SELECT TOTAL(amount) FROM charge AS c WHERE c.res_id = r.res_id) > "
  "(SELECT TOTAL(amount) FROM payment AS p WHERE p.res_id = r.res_id)",
  "SELECT r.res_id FROM reservation AS r LEFT JOIN (SELECT res_id, SUM(amount) AS t FROM charge GROUP BY res_id) AS c "
  "ON c.res_id = r.res_id LEFT JOIN (SELECT res_id, SUM(amount) AS t FROM payment GROUP BY res_id) AS p "
  "ON p.res_id = r.res_id WHERE COALESCE(c.t, 0) > COALESCE(p.t, 0)",
  "SELECT c.res_id FROM (SELECT res_id, SUM(amount) AS t FROM charge GROUP BY res_id) AS c JOIN "
  "(SELECT res_id, SUM(amount) AS t FROM payment GROUP BY res_id) AS p ON p.res_id = c.res_id WHERE c.t > p.t",
  "folios without any payment dropped", dialect="sqlite")
H("folios:overpaid folios",
  "SELECT p.res_id FROM payment AS p GROUP BY p.res_id HAVING SUM(p.amount) > (SELECT TOTAL(c.amount) FROM charge AS c "
  "WHERE c.res_id = p.res_id)",
  "SELECT res_id FROM (SELECT res_id, SUM(amount) AS paid FROM payment GROUP BY res_id) AS p WHERE paid > "
  "COALESCE((SELECT SUM(amount) FROM charge AS c WHERE c.res_id = p.res_id), 0)",
  "SELECT p.res_id FROM payment AS p GROUP BY p.res_id HAVING SUM(p.amount) > (SELECT SUM(c.amount) FROM charge AS c "
  "WHERE c.res_id = p.res_id)",
  "payments on a folio without charges not flagged", dialect="sqlite")
H("folios:payments per method per property",
  "SELECT r.property_id, p.method, SUM(p.amount) FROM payment AS p JOIN reservation AS r ON r.res_id = p.res_id "
  "GROUP BY r.property_id, p.method",
  "SELECT property_id, method, SUM(amount) FROM (SELECT (SELECT r.property_id FROM reservation AS r "
  "WHERE r.res_id = p.res_id) AS property_id, p.method, p.amount FROM payment AS p) AS t GROUP BY property_id, method",
  "SELECT r.property_id, p.method, SUM(p.amount) FROM payment AS p JOIN reservation AS r ON r.res_id = p.res_id "
  "GROUP BY r.property_id",
  "method dropped from the grouping", dialect="sqlite")
H("folios:checked-out reservations without a payment",
  "SELECT r.res_id FROM reservation AS r LEFT JOIN payment AS p ON p.res_id = r.res_id "
  "WHERE r.status = 'checked_out' AND p.pay_id IS NULL",
  "SELECT res_id FROM reservation WHERE status = 'checked_out' AND res_id NOT IN (SELECT res_id FROM payment)",
  "SELECT r.res_id FROM reservation AS r LEFT JOIN payment AS p ON p.res_id = r.res_id AND p.method <> 'ar' "
  "WHERE r.status = 'checked_out' AND p.pay_id IS NULL",
  "city-ledger payments taken as no payment")
H("folios:charges posted after departure",
  "SELECT c.charge_id FROM charge AS c JOIN reservation AS r ON r.res_id = c.res_id WHERE c.day > r.departure",
  "SELECT charge_id FROM charge AS c WHERE day > (SELECT departure FROM reservation AS r WHERE r.res_id = c.res_id)",
  "SELECT c.charge_id FROM charge AS c JOIN reservation AS r ON r.res_id = c.res_id WHERE c.day >= r.departure",
  "charges on the departure day flagged")
H("folios:largest charge per reservation with ties",
  "SELECT c.res_id, c.charge_id FROM charge AS c WHERE c.amount = (SELECT MAX(d.amount) FROM charge AS d "
  "WHERE d.res_id = c.res_id)",
  "SELECT res_id, charge_id FROM (SELECT res_id, charge_id, DENSE_RANK() OVER (PARTITION BY res_id ORDER BY amount DESC) "
  "AS rk FROM charge) AS t WHERE rk = 1",
  "SELECT res_id, charge_id FROM (SELECT res_id, charge_id, ROW_NUMBER() OVER (PARTITION BY res_id ORDER BY amount DESC, "
  "charge_id) AS rk FROM charge) AS t WHERE rk = 1",
  "tied largest charges cut to one")

# --- housekeeping
H("housekeeping:open tasks per room including none",
  "SELECT m.room_id, COUNT(t.task_id) FROM room AS m LEFT JOIN hk_task AS t ON t.room_id = m.room_id "
  "AND t.done_day IS NULL GROUP BY m.room_id",
  "SELECT m.room_id, (SELECT COUNT(*) FROM hk_task AS t WHERE t.room_id = m.room_id) - (SELECT COUNT(t.done_day) "
  "FROM hk_task AS t WHERE t.room_id = m.room_id) FROM room AS m",
  "SELECT m.room_id, COUNT(t.done_day) FROM room AS m LEFT JOIN hk_task AS t ON t.room_id = m.room_id "
  "AND t.done_day IS NULL GROUP BY m.room_id",
  "the NULL completion day counted, giving zero")
H("housekeeping:tasks done late",
  "SELECT task_id FROM hk_task WHERE done_day > day",
  "SELECT task_id FROM hk_task WHERE done_day IS NOT NULL AND done_day - day >= 1",
  "SELECT task_id FROM hk_task WHERE done_day > day OR done_day IS NULL",
  "open tasks counted as late")
H("housekeeping:rooms cleaned on a day",
  "SELECT DISTINCT room_id FROM hk_task WHERE kind = 'clean' AND done_day = 2",
  "SELECT m.room_id FROM room AS m WHERE m.room_id IN (SELECT t.room_id FROM hk_task AS t WHERE t.kind = 'clean' "
  "AND t.done_day = 2)",
  "SELECT DISTINCT room_id FROM hk_task WHERE kind = 'clean' AND day = 2",
  "the scheduled day taken for the done day")
H("housekeeping:attendant workload",
  "SELECT attendant, COUNT(*), COUNT(done_day) FROM hk_task GROUP BY attendant",
  "SELECT attendant, COUNT(*), SUM(CASE WHEN done_day IS NULL THEN 0 ELSE 1 END) FROM hk_task GROUP BY attendant",
  "SELECT attendant, COUNT(*), COUNT(DISTINCT done_day) FROM hk_task GROUP BY attendant",
  "tasks done on one day counted once")
H("housekeeping:departing rooms without a cleaning task",
  "SELECT DISTINCT s.room_id FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id WHERE r.departure = 3 "
  "AND s.night = 2 AND s.room_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hk_task AS t WHERE t.room_id = s.room_id "
  "AND t.day = 3 AND t.kind = 'clean')",
  "SELECT s.room_id FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id WHERE r.departure = 3 AND s.night = 2 "
  "EXCEPT SELECT room_id FROM hk_task WHERE day = 3 AND kind = 'clean' EXCEPT SELECT NULL",
  "SELECT DISTINCT s.room_id FROM stay AS s JOIN reservation AS r ON r.res_id = s.res_id WHERE r.departure = 3 "
  "AND s.night = 2 AND s.room_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hk_task AS t WHERE t.room_id = s.room_id "
  "AND t.day = 3)",
  "any task that day counted as a cleaning")
H("housekeeping:tasks per kind per property including none",
  "SELECT p.property_id, k.kind, COUNT(t.task_id) FROM property AS p CROSS JOIN (SELECT 'clean' AS kind UNION "
  "SELECT 'inspect' UNION SELECT 'turndown') AS k LEFT JOIN (hk_task AS t JOIN room AS m ON m.room_id = t.room_id) "
  "ON m.property_id = p.property_id AND t.kind = k.kind GROUP BY p.property_id, k.kind",
  "SELECT p.property_id, k.kind, (SELECT COUNT(*) FROM hk_task AS t JOIN room AS m ON m.room_id = t.room_id "
  "WHERE m.property_id = p.property_id AND t.kind = k.kind) FROM property AS p, (SELECT 'clean' AS kind UNION ALL "
  "SELECT 'inspect' UNION ALL SELECT 'turndown') AS k",
  "SELECT m.property_id, t.kind, COUNT(*) FROM hk_task AS t JOIN room AS m ON m.room_id = t.room_id "
  "GROUP BY m.property_id, t.kind",
  "kinds without tasks left out")

# --- channel manager log
H("channel:new bookings per channel without duplicates",
  "SELECT channel, COUNT(DISTINCT res_id) FROM channel_event WHERE event = 'new' GROUP BY channel",
  "SELECT channel, COUNT(res_id) FROM (SELECT DISTINCT channel, res_id FROM channel_event WHERE event = 'new') AS t "
  "GROUP BY channel",
  "SELECT channel, COUNT(res_id) FROM channel_event WHERE event = 'new' GROUP BY channel",
  "duplicate messages counted")
H("channel:cancellations logged but not recorded",
  "SELECT DISTINCT e.res_id FROM channel_event AS e JOIN reservation AS r ON r.res_id = e.res_id "
  "WHERE e.event = 'cancel' AND r.cancel_day IS NULL",
  "SELECT res_id FROM reservation WHERE cancel_day IS NULL AND res_id IN (SELECT res_id FROM channel_event "
  "WHERE event = 'cancel')",
  "SELECT DISTINCT e.res_id FROM channel_event AS e LEFT JOIN reservation AS r ON r.res_id = e.res_id "
  "WHERE e.event = 'cancel' AND r.cancel_day IS NULL",
  "log rows without a reservation listed")
H("channel:events per type with unknown",
  "SELECT event, COUNT(*) FROM channel_event GROUP BY event",
  "SELECT event, COUNT(*) FROM channel_event WHERE event IS NOT NULL GROUP BY event UNION ALL "
  "SELECT NULL, COUNT(*) FROM channel_event WHERE event IS NULL HAVING COUNT(*) > 0",
  "SELECT event, COUNT(event) FROM channel_event GROUP BY event",
  "rows without an event counted as zero")
H("channel:OTA reservations never seen in the log",
  "SELECT r.res_id FROM reservation AS r WHERE r.channel = 'ota' AND NOT EXISTS (SELECT 1 FROM channel_event AS e "
  "WHERE e.res_id = r.res_id)",
  "SELECT r.res_id FROM reservation AS r LEFT JOIN channel_event AS e ON e.res_id = r.res_id "
  "WHERE r.channel = 'ota' GROUP BY r.res_id HAVING COUNT(e.res_id) = 0",
  "SELECT r.res_id FROM reservation AS r WHERE r.channel = 'ota' AND r.res_id NOT IN (SELECT e.res_id FROM channel_event AS e)",
  "NOT IN over log rows without a reservation")
H("channel:last event day per reservation",
  "SELECT res_id, MAX(day) FROM channel_event WHERE res_id IS NOT NULL GROUP BY res_id",
  "SELECT DISTINCT res_id, MAX(day) OVER (PARTITION BY res_id) FROM channel_event WHERE res_id IS NOT NULL",
  "SELECT DISTINCT res_id, FIRST_VALUE(day) OVER (PARTITION BY res_id ORDER BY day) FROM channel_event "
  "WHERE res_id IS NOT NULL",
  "the first event's day (or a NULL day) taken for the last")


# ================================================================ subscription billing (billing)
ACTIVE30 = "s.start_day <= 30 AND (s.end_day IS NULL OR s.end_day > 30)"

# --- MRR and its movements
B("mrr:MRR on a day from monthly plans",
  "SELECT SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE p.billing_interval = 'month' AND s.start_day <= 40 AND (s.end_day IS NULL OR s.end_day > 40)",
  "SELECT SUM((SELECT p.price FROM plan AS p WHERE p.plan_id = s.plan_id) * s.qty) FROM subscription AS s "
  "WHERE s.plan_id IN (SELECT plan_id FROM plan WHERE billing_interval = 'month') AND s.start_day <= 40 "
  "AND COALESCE(s.end_day, 41) > 40",
  "SELECT SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE p.billing_interval = 'month' AND s.start_day <= 40 AND (s.end_day IS NULL OR s.end_day >= 40)",
  "subscriptions ending that day counted")
B("mrr:MRR per plan including plans without subscribers",
  "SELECT p.plan_id, COALESCE(SUM(p.price * s.qty), 0) FROM plan AS p LEFT JOIN subscription AS s "
  "ON s.plan_id = p.plan_id AND s.end_day IS NULL GROUP BY p.plan_id",
  "SELECT p.plan_id, p.price * COALESCE((SELECT SUM(s.qty) FROM subscription AS s WHERE s.plan_id = p.plan_id "
  "AND s.end_day IS NULL), 0) FROM plan AS p",
  "SELECT p.plan_id, COALESCE(SUM(p.price * s.qty), 0) FROM plan AS p JOIN subscription AS s "
  "ON s.plan_id = p.plan_id AND s.end_day IS NULL GROUP BY p.plan_id",
  "plans without subscribers left off")
B("mrr:ARR per customer",
  "SELECT s.cust_id, SUM(CASE WHEN p.billing_interval = 'year' THEN p.price * s.qty ELSE p.price * s.qty * 12 END) "
  "FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.end_day IS NULL GROUP BY s.cust_id",
  "SELECT cust_id, SUM(a) FROM (SELECT s.cust_id, p.price * s.qty AS a FROM subscription AS s JOIN plan AS p "
  "ON p.plan_id = s.plan_id WHERE s.end_day IS NULL AND p.billing_interval = 'year' UNION ALL SELECT s.cust_id, "
  "p.price * s.qty * 12 FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.end_day IS NULL "
  "AND p.billing_interval <> 'year') AS t GROUP BY cust_id",
  "SELECT s.cust_id, SUM(p.price * s.qty * 12) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE s.end_day IS NULL GROUP BY s.cust_id",
  "yearly plans multiplied by twelve")
B("mrr:new MRR in a period",
  "SELECT SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE s.start_day BETWEEN 10 AND 30",
  "SELECT SUM(p.price * s.qty) FROM plan AS p JOIN subscription AS s ON s.plan_id = p.plan_id "
  "AND s.start_day >= 10 AND s.start_day < 31",
  "SELECT SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE s.start_day > 10 AND s.start_day <= 30",
  "subscriptions starting on the first day left out")
B("mrr:churned MRR in a period per plan",
  "SELECT s.plan_id, SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE s.end_day BETWEEN 20 AND 40 GROUP BY s.plan_id",
  "SELECT p.plan_id, SUM(p.price * s.qty) FROM plan AS p, subscription AS s WHERE s.plan_id = p.plan_id "
  "AND s.end_day IS NOT NULL AND s.end_day >= 20 AND s.end_day <= 40 GROUP BY p.plan_id",
  "SELECT s.plan_id, SUM(p.price * s.qty) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id "
  "WHERE s.status = 'canceled' GROUP BY s.plan_id",
  "the canceled status taken for an end inside the period")
B("mrr:MRR with half-price coupons",
  "SELECT s.cust_id, SUM(CASE WHEN s.coupon = 'HALF' THEN p.price * s.qty / 2 ELSE p.price * s.qty END) "
  "FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.end_day IS NULL GROUP BY s.cust_id",
  "SELECT s.cust_id, SUM(p.price * s.qty) - SUM(CASE WHEN s.coupon = 'HALF' THEN p.price * s.qty - p.price * s.qty / 2 "
  "ELSE 0 END) FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.end_day IS NULL GROUP BY s.cust_id",
  "SELECT s.cust_id, SUM(CASE WHEN s.coupon IS NOT NULL THEN p.price * s.qty / 2 ELSE p.price * s.qty END) "
  "FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.end_day IS NULL GROUP BY s.cust_id",
  "every coupon taken as half price")
B("mrr:upgrades and expansion per change day",
  "SELECT c.change_day, COUNT(*), SUM((np.price - op.price) * s.qty) FROM plan_change AS c "
  "JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan "
  "JOIN subscription AS s ON s.sub_id = c.sub_id WHERE np.price > op.price GROUP BY c.change_day",
  "SELECT change_day, COUNT(*), SUM(d * q) FROM (SELECT c.change_day, (SELECT price FROM plan WHERE plan_id = c.new_plan) - "
  "(SELECT price FROM plan WHERE plan_id = c.old_plan) AS d, (SELECT qty FROM subscription WHERE sub_id = c.sub_id) AS q "
  "FROM plan_change AS c) AS t WHERE d > 0 GROUP BY change_day",
  "SELECT c.change_day, COUNT(*), SUM((np.price - op.price) * s.qty) FROM plan_change AS c "
  "JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan "
  "JOIN subscription AS s ON s.sub_id = c.sub_id WHERE np.price >= op.price GROUP BY c.change_day",
  "lateral moves counted as upgrades")

# --- churn and retention
B("churn:customers without an active subscription on a day",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id "
  "AND " + ACTIVE30 + ")",
  "SELECT c.cust_id FROM customer AS c LEFT JOIN subscription AS s ON s.cust_id = c.cust_id AND " + ACTIVE30 +
  " GROUP BY c.cust_id HAVING COUNT(s.sub_id) = 0",
  "SELECT c.cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id "
  "AND s.start_day <= 30 AND s.end_day > 30)",
  "open-ended subscriptions not seen as active")
B("churn:churn rate per signup cohort",
  "SELECT signup_day, AVG(CASE WHEN churn_day IS NOT NULL THEN 1.0 ELSE 0.0 END) FROM customer GROUP BY signup_day",
  "SELECT signup_day, COUNT(churn_day) * 1.0 / COUNT(*) FROM customer GROUP BY signup_day",
  "SELECT signup_day, COUNT(churn_day) / COUNT(*) FROM customer GROUP BY signup_day",
  "integer division")
B("churn:retained customers per cohort at a day",
  "SELECT signup_day, COUNT(*) FROM customer WHERE churn_day IS NULL OR churn_day > 40 GROUP BY signup_day",
  "SELECT signup_day, n FROM (SELECT signup_day, COUNT(*) - COUNT(CASE WHEN churn_day <= 40 THEN 1 END) AS n "
  "FROM customer GROUP BY signup_day) AS t WHERE n > 0",
  "SELECT signup_day, COUNT(*) FROM customer WHERE churn_day > 40 GROUP BY signup_day",
  "customers who never churned dropped")
B("churn:churned within thirty days of signup",
  "SELECT cust_id FROM customer WHERE churn_day - signup_day <= 30",
  "SELECT cust_id FROM customer WHERE churn_day IS NOT NULL AND NOT churn_day > signup_day + 30",
  "SELECT cust_id FROM customer WHERE churn_day - signup_day < 30",
  "churn on the thirtieth day left out")
B("churn:customers who came back with a later subscription",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.start_day >= a.end_day",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM subscription AS a, subscription AS b "
  "WHERE a.cust_id = c.cust_id AND b.cust_id = c.cust_id AND a.end_day <= b.start_day)",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.start_day > a.start_day",
  "any later subscription counted, even while the first ran")
B("churn:customers whose every subscription ended",
  "SELECT cust_id FROM subscription GROUP BY cust_id HAVING COUNT(end_day) = COUNT(*)",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id) "
  "AND NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id AND s.end_day IS NULL)",
  "SELECT cust_id FROM customer WHERE cust_id NOT IN (SELECT cust_id FROM subscription WHERE end_day IS NULL)",
  "customers who never subscribed listed")
B("churn:average lifetime of ended subscriptions per plan",
  "SELECT plan_id, AVG(end_day - start_day) FROM subscription WHERE end_day IS NOT NULL GROUP BY plan_id",
  "SELECT plan_id, SUM(end_day - start_day) * 1.0 / COUNT(end_day) FROM subscription GROUP BY plan_id "
  "HAVING COUNT(end_day) > 0",
  "SELECT plan_id, AVG(COALESCE(end_day, 60) - start_day) FROM subscription GROUP BY plan_id",
  "running subscriptions counted as ending on day 60")
B("churn:cancellations per plan including none",
  "SELECT p.plan_id, COUNT(s.sub_id) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "AND s.status = 'canceled' GROUP BY p.plan_id",
  "SELECT p.plan_id, (SELECT COUNT(*) FROM subscription AS s WHERE s.plan_id = p.plan_id AND s.status = 'canceled') "
  "FROM plan AS p",
  "SELECT p.plan_id, COUNT(*) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "AND s.status = 'canceled' GROUP BY p.plan_id",
  "COUNT(*) gives one to plans without cancellations")
B("churn:churned customers still billed",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id WHERE i.issue_day > c.churn_day",
  "SELECT cust_id FROM customer AS c WHERE churn_day < (SELECT MAX(issue_day) FROM invoice AS i WHERE i.cust_id = c.cust_id)",
  "SELECT DISTINCT c.cust_id FROM customer AS c JOIN invoice AS i ON i.cust_id = c.cust_id WHERE i.issue_day >= c.churn_day",
  "an invoice on the churn day counted")

# --- dunning and failed payments
B("dunning:failed attempts per invoice",
  "SELECT inv_id, COUNT(failure_code) FROM payment_attempt GROUP BY inv_id",
  "SELECT inv_id, SUM(CASE WHEN failure_code IS NOT NULL THEN 1 ELSE 0 END) FROM payment_attempt GROUP BY inv_id",
  "SELECT inv_id, COUNT(*) FROM payment_attempt GROUP BY inv_id",
  "successful attempts counted as failures")
B("dunning:invoices in dunning",
  "SELECT i.inv_id FROM invoice AS i WHERE i.paid_day IS NULL AND EXISTS (SELECT 1 FROM payment_attempt AS a "
  "WHERE a.inv_id = i.inv_id AND a.failure_code IS NOT NULL)",
  "SELECT DISTINCT i.inv_id FROM invoice AS i JOIN payment_attempt AS a ON a.inv_id = i.inv_id "
  "WHERE a.failure_code IS NOT NULL AND i.paid_day IS NULL",
  "SELECT i.inv_id FROM invoice AS i WHERE EXISTS (SELECT 1 FROM payment_attempt AS a "
  "WHERE a.inv_id = i.inv_id AND a.failure_code IS NOT NULL)",
  "paid invoices kept in dunning")
B("dunning:invoices recovered after a failure",
  "SELECT DISTINCT a.inv_id FROM payment_attempt AS a JOIN payment_attempt AS b ON b.inv_id = a.inv_id "
  "WHERE a.failure_code IS NOT NULL AND b.failure_code IS NULL AND b.day > a.day",
  "SELECT inv_id FROM payment_attempt AS b WHERE failure_code IS NULL GROUP BY inv_id HAVING MAX(day) > "
  "(SELECT MIN(a.day) FROM payment_attempt AS a WHERE a.inv_id = b.inv_id AND a.failure_code IS NOT NULL)",
  "SELECT DISTINCT a.inv_id FROM payment_attempt AS a JOIN payment_attempt AS b ON b.inv_id = a.inv_id "
  "WHERE a.failure_code IS NOT NULL AND b.failure_code IS NULL AND b.day >= a.day",
  "a success on the day of the failure counted as a recovery")
B("dunning:attempts per outcome",
  "SELECT COALESCE(failure_code, 'succeeded'), COUNT(*) FROM payment_attempt GROUP BY COALESCE(failure_code, 'succeeded')",
  "SELECT CASE WHEN failure_code IS NULL THEN 'succeeded' ELSE failure_code END AS o, COUNT(attempt_id) "
  "FROM payment_attempt GROUP BY o",
  "SELECT COALESCE(failure_code, 'succeeded'), COUNT(failure_code) FROM payment_attempt "
  "GROUP BY COALESCE(failure_code, 'succeeded')",
  "successful attempts counted as zero")
B("dunning:decline rate per customer",
  "SELECT i.cust_id, AVG(CASE WHEN a.failure_code IS NULL THEN 0.0 ELSE 1.0 END) FROM payment_attempt AS a "
  "JOIN invoice AS i ON i.inv_id = a.inv_id GROUP BY i.cust_id",
  "SELECT i.cust_id, COUNT(a.failure_code) * 1.0 / COUNT(*) FROM invoice AS i JOIN payment_attempt AS a "
  "ON a.inv_id = i.inv_id GROUP BY i.cust_id",
  "SELECT i.cust_id, COUNT(DISTINCT a.failure_code) * 1.0 / COUNT(*) FROM invoice AS i JOIN payment_attempt AS a "
  "ON a.inv_id = i.inv_id GROUP BY i.cust_id",
  "decline codes counted instead of declines")
B("dunning:failures before the first success per invoice",
  "SELECT a.inv_id, COUNT(*) FROM payment_attempt AS a WHERE a.failure_code IS NOT NULL AND a.day < "
  "(SELECT MIN(b.day) FROM payment_attempt AS b WHERE b.inv_id = a.inv_id AND b.failure_code IS NULL) GROUP BY a.inv_id",
  "SELECT a.inv_id, COUNT(*) FROM payment_attempt AS a JOIN (SELECT inv_id, MIN(day) AS d FROM payment_attempt "
  "WHERE failure_code IS NULL GROUP BY inv_id) AS f ON f.inv_id = a.inv_id WHERE a.failure_code IS NOT NULL "
  "AND a.day < f.d GROUP BY a.inv_id",
  "SELECT a.inv_id, COUNT(*) FROM payment_attempt AS a WHERE a.failure_code IS NOT NULL AND a.day <= "
  "(SELECT MIN(b.day) FROM payment_attempt AS b WHERE b.inv_id = a.inv_id AND b.failure_code IS NULL) GROUP BY a.inv_id",
  "failures on the day of the success counted")
B("dunning:customers with repeated failures",
  "SELECT i.cust_id FROM payment_attempt AS a JOIN invoice AS i ON i.inv_id = a.inv_id "
  "WHERE a.failure_code IS NOT NULL GROUP BY i.cust_id HAVING COUNT(*) >= 2",
  "SELECT c.cust_id FROM customer AS c WHERE (SELECT COUNT(*) FROM payment_attempt AS a JOIN invoice AS i "
  "ON i.inv_id = a.inv_id WHERE i.cust_id = c.cust_id AND a.failure_code IS NOT NULL) > 1",
  "SELECT i.cust_id FROM payment_attempt AS a JOIN invoice AS i ON i.inv_id = a.inv_id "
  "WHERE a.failure_code IS NOT NULL GROUP BY i.cust_id HAVING COUNT(DISTINCT a.inv_id) >= 2",
  "two failures on one invoice not counted as repeated")
B("dunning:last attempt per invoice",
  "SELECT inv_id, attempt_id, failure_code FROM (SELECT inv_id, attempt_id, failure_code, ROW_NUMBER() OVER "
  "(PARTITION BY inv_id ORDER BY day DESC, attempt_id DESC) AS rn FROM payment_attempt) AS t WHERE rn = 1",
  "SELECT a.inv_id, a.attempt_id, a.failure_code FROM payment_attempt AS a WHERE NOT EXISTS (SELECT 1 FROM "
  "payment_attempt AS b WHERE b.inv_id = a.inv_id AND (b.day > a.day OR b.day = a.day AND b.attempt_id > a.attempt_id))",
  "SELECT a.inv_id, a.attempt_id, a.failure_code FROM payment_attempt AS a WHERE NOT EXISTS (SELECT 1 FROM "
  "payment_attempt AS b WHERE b.inv_id = a.inv_id AND b.day > a.day)",
  "two attempts on the last day both kept")
B("dunning:attempts on invoices already paid",
  "SELECT a.attempt_id FROM payment_attempt AS a JOIN invoice AS i ON i.inv_id = a.inv_id WHERE a.day > i.paid_day",
  "SELECT attempt_id FROM payment_attempt AS a WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.inv_id = a.inv_id "
  "AND i.paid_day IS NOT NULL AND i.paid_day < a.day)",
  "SELECT a.attempt_id FROM payment_attempt AS a JOIN invoice AS i ON i.inv_id = a.inv_id WHERE a.day >= i.paid_day",
  "the attempt that paid the invoice flagged")

# --- invoices
B("invoices:unpaid past due as of a day",
  "SELECT inv_id FROM invoice WHERE status <> 'void' AND due_day < 30 AND (paid_day IS NULL OR paid_day > 30)",
  "SELECT inv_id FROM invoice WHERE due_day < 30 AND status <> 'void' EXCEPT SELECT inv_id FROM invoice WHERE paid_day <= 30",
  "SELECT inv_id FROM invoice WHERE status <> 'void' AND due_day < 30 AND paid_day IS NULL",
  "invoices paid after the day left out")
B("invoices:outstanding per customer including none",
  "SELECT c.cust_id, COALESCE(SUM(i.total), 0) FROM customer AS c LEFT JOIN invoice AS i ON i.cust_id = c.cust_id "
  "AND i.status = 'open' AND i.paid_day IS NULL GROUP BY c.cust_id",
  "SELECT c.cust_id, COALESCE((SELECT SUM(i.total) FROM invoice AS i WHERE i.cust_id = c.cust_id AND i.status = 'open' "
  "AND i.paid_day IS NULL), 0) FROM customer AS c",
  "SELECT c.cust_id, COALESCE(SUM(i.total), 0) FROM customer AS c LEFT JOIN invoice AS i ON i.cust_id = c.cust_id "
  "WHERE i.status = 'open' AND i.paid_day IS NULL GROUP BY c.cust_id",
  "filter in WHERE drops customers owing nothing")
B("invoices:totals not matching their lines",
  "SELECT i.inv_id FROM invoice AS i WHERE i.total <> (SELECT COALESCE(SUM(l.amount), 0) FROM invoice_line AS l "
  "WHERE l.inv_id = i.inv_id)",
  "SELECT i.inv_id FROM invoice AS i LEFT JOIN (SELECT inv_id, SUM(amount) AS s FROM invoice_line GROUP BY inv_id) AS t "
  "ON t.inv_id = i.inv_id WHERE i.total <> COALESCE(t.s, 0)",
  "SELECT i.inv_id FROM invoice AS i JOIN (SELECT inv_id, SUM(amount) AS s FROM invoice_line GROUP BY inv_id) AS t "
  "ON t.inv_id = i.inv_id WHERE i.total <> t.s",
  "invoices without lines not checked")
B("invoices:average days to pay per customer",
  "SELECT cust_id, AVG(paid_day - issue_day) FROM invoice WHERE paid_day IS NOT NULL GROUP BY cust_id",
  "SELECT cust_id, AVG(paid_day - issue_day) FROM invoice GROUP BY cust_id HAVING COUNT(paid_day) > 0",
  "SELECT cust_id, AVG(COALESCE(paid_day, issue_day) - issue_day) FROM invoice GROUP BY cust_id "
  "HAVING COUNT(paid_day) > 0",
  "unpaid invoices averaged in as paid the same day")
B("invoices:customers who paid late",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.cust_id = c.cust_id "
  "AND i.paid_day > i.due_day)",
  "SELECT DISTINCT cust_id FROM invoice WHERE paid_day - due_day > 0",
  "SELECT c.cust_id FROM customer AS c WHERE EXISTS (SELECT 1 FROM invoice AS i WHERE i.cust_id = c.cust_id "
  "AND COALESCE(i.paid_day, 99) > i.due_day)",
  "unpaid invoices counted as paid late")
B("invoices:revenue per plan including plans without subscribers",
  "SELECT p.plan_id, COALESCE(SUM(i.total), 0) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "LEFT JOIN invoice AS i ON i.sub_id = s.sub_id AND i.paid_day IS NOT NULL GROUP BY p.plan_id",
  "SELECT p.plan_id, COALESCE((SELECT SUM(i.total) FROM invoice AS i JOIN subscription AS s ON s.sub_id = i.sub_id "
  "WHERE s.plan_id = p.plan_id AND i.paid_day IS NOT NULL), 0) FROM plan AS p",
  "SELECT p.plan_id, COALESCE(SUM(i.total), 0) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "LEFT JOIN invoice AS i ON i.sub_id = s.sub_id WHERE i.paid_day IS NOT NULL GROUP BY p.plan_id",
  "the paid filter in WHERE drops plans without paid invoices")
B("invoices:net of credit notes per invoice",
  "SELECT i.inv_id, i.total - COALESCE((SELECT SUM(n.amount) FROM credit_note AS n WHERE n.inv_id = i.inv_id), 0) "
  "FROM invoice AS i",
  "SELECT i.inv_id, i.total - COALESCE(SUM(n.amount), 0) FROM invoice AS i LEFT JOIN credit_note AS n "
  "ON n.inv_id = i.inv_id GROUP BY i.inv_id, i.total",
  "SELECT i.inv_id, i.total - SUM(n.amount) FROM invoice AS i LEFT JOIN credit_note AS n "
  "ON n.inv_id = i.inv_id GROUP BY i.inv_id, i.total",
  "invoices without credit notes get NULL")
B("invoices:credited more than invoiced",
  "SELECT n.inv_id FROM credit_note AS n JOIN invoice AS i ON i.inv_id = n.inv_id GROUP BY n.inv_id, i.total "
  "HAVING SUM(n.amount) > i.total",
  "SELECT inv_id FROM (SELECT i.inv_id, i.total, (SELECT SUM(n.amount) FROM credit_note AS n WHERE n.inv_id = i.inv_id) "
  "AS cr FROM invoice AS i) AS t WHERE cr > total",
  "SELECT n.inv_id FROM credit_note AS n JOIN invoice AS i ON i.inv_id = n.inv_id GROUP BY n.inv_id, i.total "
  "HAVING SUM(n.amount) >= i.total",
  "fully credited invoices flagged")
B("invoices:line mix per invoice side by side",
  "SELECT inv_id, SUM(CASE WHEN kind = 'subscription' THEN amount ELSE 0 END), "
  "SUM(CASE WHEN kind = 'usage' THEN amount ELSE 0 END) FROM invoice_line GROUP BY inv_id",
  "SELECT inv_id, COALESCE(SUM(amount) FILTER (WHERE kind = 'subscription'), 0), "
  "COALESCE(SUM(amount) FILTER (WHERE kind = 'usage'), 0) FROM invoice_line GROUP BY inv_id",
  "SELECT inv_id, SUM(CASE WHEN kind = 'subscription' THEN amount ELSE 0 END), "
  "SUM(CASE WHEN kind <> 'subscription' THEN amount ELSE 0 END) FROM invoice_line GROUP BY inv_id",
  "proration lines counted as usage")
B("invoices:largest invoice per customer with ties",
  "SELECT i.cust_id, i.inv_id FROM invoice AS i WHERE i.total = (SELECT MAX(j.total) FROM invoice AS j "
  "WHERE j.cust_id = i.cust_id)",
  "SELECT cust_id, inv_id FROM (SELECT cust_id, inv_id, RANK() OVER (PARTITION BY cust_id ORDER BY total DESC) AS rk "
  "FROM invoice) AS t WHERE rk = 1",
  "SELECT cust_id, inv_id FROM (SELECT cust_id, inv_id, ROW_NUMBER() OVER (PARTITION BY cust_id ORDER BY total DESC, "
  "inv_id) AS rk FROM invoice) AS t WHERE rk = 1",
  "tied largest invoices cut to one")
B("invoices:invoices billed to another customer than the subscriber",
  "SELECT i.inv_id FROM invoice AS i JOIN subscription AS s ON s.sub_id = i.sub_id WHERE s.cust_id <> i.cust_id",
  "SELECT inv_id FROM invoice AS i WHERE cust_id NOT IN (SELECT s.cust_id FROM subscription AS s WHERE s.sub_id = i.sub_id)",
  "SELECT i.inv_id FROM invoice AS i WHERE i.cust_id NOT IN (SELECT s.cust_id FROM subscription AS s)",
  "checked against every subscriber, not the invoice's own")

# --- upgrades and downgrades
B("changes:upgrades and downgrades per subscription",
  "SELECT c.sub_id, SUM(CASE WHEN np.price > op.price THEN 1 ELSE 0 END), SUM(CASE WHEN np.price < op.price THEN 1 "
  "ELSE 0 END) FROM plan_change AS c JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan "
  "GROUP BY c.sub_id",
  "SELECT c.sub_id, COUNT(CASE WHEN (SELECT price FROM plan WHERE plan_id = c.new_plan) > (SELECT price FROM plan "
  "WHERE plan_id = c.old_plan) THEN 1 END), COUNT(CASE WHEN (SELECT price FROM plan WHERE plan_id = c.new_plan) < "
  "(SELECT price FROM plan WHERE plan_id = c.old_plan) THEN 1 END) FROM plan_change AS c GROUP BY c.sub_id",
  "SELECT c.sub_id, SUM(CASE WHEN np.price > op.price THEN 1 ELSE 0 END), SUM(CASE WHEN np.price > op.price THEN 0 "
  "ELSE 1 END) FROM plan_change AS c JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan "
  "GROUP BY c.sub_id",
  "lateral moves counted as downgrades")
B("changes:current plan per subscription",
  "SELECT s.sub_id, COALESCE((SELECT c.new_plan FROM plan_change AS c WHERE c.sub_id = s.sub_id "
  "ORDER BY c.change_day DESC LIMIT 1), s.plan_id) FROM subscription AS s",
  "SELECT s.sub_id, CASE WHEN l.new_plan IS NULL THEN s.plan_id ELSE l.new_plan END FROM subscription AS s LEFT JOIN "
  "(SELECT sub_id, new_plan FROM (SELECT sub_id, new_plan, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY change_day DESC) "
  "AS rn FROM plan_change) AS t WHERE rn = 1) AS l ON l.sub_id = s.sub_id",
  "SELECT s.sub_id, COALESCE((SELECT c.new_plan FROM plan_change AS c WHERE c.sub_id = s.sub_id "
  "ORDER BY c.change_day LIMIT 1), s.plan_id) FROM subscription AS s",
  "the first change taken for the latest")
B("changes:subscriptions moved to a free plan",
  "SELECT DISTINCT c.sub_id FROM plan_change AS c JOIN plan AS p ON p.plan_id = c.new_plan WHERE p.price = 0",
  "SELECT sub_id FROM subscription AS s WHERE EXISTS (SELECT 1 FROM plan_change AS c WHERE c.sub_id = s.sub_id "
  "AND c.new_plan IN (SELECT plan_id FROM plan WHERE price = 0))",
  "SELECT DISTINCT c.sub_id FROM plan_change AS c JOIN plan AS p ON p.plan_id = c.old_plan WHERE p.price = 0",
  "moves away from a free plan taken")
B("changes:changes into each plan including none",
  "SELECT p.plan_id, COUNT(c.sub_id) FROM plan AS p LEFT JOIN plan_change AS c ON c.new_plan = p.plan_id GROUP BY p.plan_id",
  "SELECT p.plan_id, (SELECT COUNT(*) FROM plan_change AS c WHERE c.new_plan = p.plan_id) FROM plan AS p",
  "SELECT p.plan_id, COUNT(*) FROM plan AS p LEFT JOIN plan_change AS c ON c.new_plan = p.plan_id GROUP BY p.plan_id",
  "COUNT(*) gives one to plans nobody moved to")
B("changes:running subscriptions never changed",
  "SELECT s.sub_id FROM subscription AS s WHERE s.end_day IS NULL AND NOT EXISTS (SELECT 1 FROM plan_change AS c "
  "WHERE c.sub_id = s.sub_id)",
  "SELECT s.sub_id FROM subscription AS s LEFT JOIN plan_change AS c ON c.sub_id = s.sub_id "
  "WHERE c.sub_id IS NULL AND s.end_day IS NULL",
  "SELECT s.sub_id FROM subscription AS s WHERE s.status = 'active' AND NOT EXISTS (SELECT 1 FROM plan_change AS c "
  "WHERE c.sub_id = s.sub_id)",
  "the status taken for running")
B("changes:plan changes during the trial",
  "SELECT c.sub_id, c.change_day FROM plan_change AS c JOIN subscription AS s ON s.sub_id = c.sub_id "
  "JOIN plan AS p ON p.plan_id = s.plan_id WHERE c.change_day < s.start_day + p.trial_days",
  "SELECT c.sub_id, c.change_day FROM plan_change AS c WHERE EXISTS (SELECT 1 FROM subscription AS s, plan AS p "
  "WHERE s.sub_id = c.sub_id AND p.plan_id = s.plan_id AND p.trial_days IS NOT NULL "
  "AND c.change_day - s.start_day < p.trial_days)",
  "SELECT c.sub_id, c.change_day FROM plan_change AS c JOIN subscription AS s ON s.sub_id = c.sub_id "
  "JOIN plan AS p ON p.plan_id = s.plan_id WHERE c.change_day < s.start_day + COALESCE(p.trial_days, 30)",
  "plans without a trial given thirty days")
B("changes:expansion per customer",
  "SELECT s.cust_id, SUM((np.price - op.price) * s.qty) FROM plan_change AS c JOIN subscription AS s ON s.sub_id = c.sub_id "
  "JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan WHERE np.price > op.price "
  "GROUP BY s.cust_id",
  "SELECT cust_id, SUM(d * qty) FROM (SELECT s.cust_id, np.price - op.price AS d, s.qty FROM subscription AS s, "
  "plan_change AS c, plan AS op, plan AS np WHERE c.sub_id = s.sub_id AND op.plan_id = c.old_plan "
  "AND np.plan_id = c.new_plan) AS t WHERE d > 0 GROUP BY cust_id",
  "SELECT s.cust_id, SUM(np.price - op.price) FROM plan_change AS c JOIN subscription AS s ON s.sub_id = c.sub_id "
  "JOIN plan AS op ON op.plan_id = c.old_plan JOIN plan AS np ON np.plan_id = c.new_plan WHERE np.price > op.price "
  "GROUP BY s.cust_id",
  "seats left out of the expansion")

# --- plans and trials
B("plans:plans with a trial per interval",
  "SELECT billing_interval, COUNT(trial_days) FROM plan GROUP BY billing_interval",
  "SELECT billing_interval, SUM(CASE WHEN trial_days IS NULL THEN 0 ELSE 1 END) FROM plan GROUP BY billing_interval",
  "SELECT billing_interval, COUNT(*) FROM plan GROUP BY billing_interval",
  "plans without a trial counted")
B("plans:subscriptions in trial on a day",
  "SELECT s.sub_id FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.start_day <= 30 "
  "AND s.start_day + p.trial_days > 30",
  "SELECT sub_id FROM subscription AS s WHERE start_day <= 30 AND 30 - start_day < (SELECT trial_days FROM plan AS p "
  "WHERE p.plan_id = s.plan_id)",
  "SELECT s.sub_id FROM subscription AS s JOIN plan AS p ON p.plan_id = s.plan_id WHERE s.start_day <= 30 "
  "AND s.start_day + p.trial_days >= 30",
  "a trial ending that day still counted")
B("plans:plans without subscribers",
  "SELECT p.plan_id FROM plan AS p WHERE NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.plan_id = p.plan_id)",
  "SELECT plan_id FROM plan EXCEPT SELECT plan_id FROM subscription",
  "SELECT p.plan_id FROM plan AS p WHERE p.plan_id NOT IN (SELECT s.plan_id FROM subscription AS s WHERE s.end_day IS NULL)",
  "plans with only ended subscriptions listed")
B("plans:subscriptions per plan name ignoring case",
  "SELECT LOWER(p.name), COUNT(s.sub_id) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "GROUP BY LOWER(p.name)",
  "SELECT LOWER(name), SUM(n) FROM (SELECT p.name, (SELECT COUNT(*) FROM subscription AS s WHERE s.plan_id = p.plan_id) "
  "AS n FROM plan AS p) AS t GROUP BY LOWER(name)",
  "SELECT LOWER(p.name), COUNT(s.sub_id) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "GROUP BY p.name",
  "plan names that differ in case kept apart")

# --- usage
B("usage:usage per subscription and metric",
  "SELECT sub_id, metric, SUM(quantity) FROM usage_record GROUP BY sub_id, metric",
  "SELECT DISTINCT u.sub_id, u.metric, (SELECT SUM(v.quantity) FROM usage_record AS v WHERE v.sub_id = u.sub_id "
  "AND v.metric = u.metric) FROM usage_record AS u",
  "SELECT sub_id, metric, SUM(quantity) FROM usage_record GROUP BY sub_id",
  "the metric dropped from the grouping", dialect="sqlite")
B("usage:usage recorded after the subscription ended",
  "SELECT u.usage_id FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id WHERE u.day >= s.end_day",
  "SELECT usage_id FROM usage_record AS u WHERE EXISTS (SELECT 1 FROM subscription AS s WHERE s.sub_id = u.sub_id "
  "AND s.end_day IS NOT NULL AND NOT u.day < s.end_day)",
  "SELECT u.usage_id FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id WHERE u.day > s.end_day",
  "usage on the end day let through")
B("usage:running subscriptions without usage",
  "SELECT s.sub_id FROM subscription AS s WHERE s.end_day IS NULL AND NOT EXISTS (SELECT 1 FROM usage_record AS u "
  "WHERE u.sub_id = s.sub_id)",
  "SELECT s.sub_id FROM subscription AS s LEFT JOIN usage_record AS u ON u.sub_id = s.sub_id WHERE s.end_day IS NULL "
  "GROUP BY s.sub_id HAVING COUNT(u.usage_id) = 0",
  "SELECT s.sub_id FROM subscription AS s WHERE s.end_day IS NULL AND NOT EXISTS (SELECT 1 FROM usage_record AS u "
  "WHERE u.sub_id = s.sub_id AND u.metric = 'api_calls')",
  "seat usage not counted as usage")
B("usage:top metric per subscription with ties",
  "SELECT sub_id, metric FROM (SELECT sub_id, metric, RANK() OVER (PARTITION BY sub_id ORDER BY SUM(quantity) DESC) AS rk "
  "FROM usage_record GROUP BY sub_id, metric) AS t WHERE rk = 1",
  "WITH m AS (SELECT sub_id, metric, SUM(quantity) AS q FROM usage_record GROUP BY sub_id, metric) "
  "SELECT sub_id, metric FROM m AS a WHERE NOT EXISTS (SELECT 1 FROM m AS b WHERE b.sub_id = a.sub_id AND b.q > a.q)",
  "SELECT sub_id, metric FROM (SELECT sub_id, metric, ROW_NUMBER() OVER (PARTITION BY sub_id ORDER BY SUM(quantity) DESC, "
  "metric) AS rk FROM usage_record GROUP BY sub_id, metric) AS t WHERE rk = 1",
  "tied metrics cut to one")
B("usage:usage per plan including plans without usage",
  "SELECT p.plan_id, COALESCE(SUM(u.quantity), 0) FROM plan AS p LEFT JOIN subscription AS s ON s.plan_id = p.plan_id "
  "LEFT JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY p.plan_id",
  "SELECT p.plan_id, (SELECT TOTAL(u.quantity) FROM usage_record AS u JOIN subscription AS s ON s.sub_id = u.sub_id "
  "WHERE s.plan_id = p.plan_id) FROM plan AS p",
  "SELECT p.plan_id, COALESCE(SUM(u.quantity), 0) FROM plan AS p JOIN subscription AS s ON s.plan_id = p.plan_id "
  "LEFT JOIN usage_record AS u ON u.sub_id = s.sub_id GROUP BY p.plan_id",
  "plans without subscriptions left off", dialect="sqlite")

# --- webhook event log
B("webhooks:failed-payment events per customer without duplicates",
  "SELECT cust_id, COUNT(DISTINCT inv_id) FROM webhook_event WHERE event_type = 'invoice.payment_failed' GROUP BY cust_id",
  "SELECT cust_id, COUNT(inv_id) FROM (SELECT DISTINCT cust_id, inv_id FROM webhook_event "
  "WHERE event_type = 'invoice.payment_failed') AS t GROUP BY cust_id",
  "SELECT cust_id, COUNT(inv_id) FROM webhook_event WHERE event_type = 'invoice.payment_failed' GROUP BY cust_id",
  "duplicate deliveries counted")
B("webhooks:paid invoices without a paid event",
  "SELECT i.inv_id FROM invoice AS i WHERE i.paid_day IS NOT NULL AND NOT EXISTS (SELECT 1 FROM webhook_event AS w "
  "WHERE w.inv_id = i.inv_id AND w.event_type = 'invoice.paid')",
  "SELECT inv_id FROM invoice WHERE paid_day IS NOT NULL AND inv_id NOT IN (SELECT inv_id FROM webhook_event "
  "WHERE event_type = 'invoice.paid' AND inv_id IS NOT NULL)",
  "SELECT inv_id FROM invoice WHERE paid_day IS NOT NULL AND inv_id NOT IN (SELECT inv_id FROM webhook_event "
  "WHERE event_type = 'invoice.paid')",
  "NOT IN over paid events without an invoice")
B("webhooks:events per type with unknown",
  "SELECT event_type, COUNT(*) FROM webhook_event GROUP BY event_type",
  "SELECT event_type, COUNT(*) FROM webhook_event WHERE event_type IS NOT NULL GROUP BY event_type UNION ALL "
  "SELECT NULL, COUNT(*) FROM webhook_event WHERE event_type IS NULL HAVING COUNT(*) > 0",
  "SELECT event_type, COUNT(event_type) FROM webhook_event GROUP BY event_type",
  "untyped events counted as zero")
B("webhooks:subscription deletions for customers not churned",
  "SELECT DISTINCT w.cust_id FROM webhook_event AS w JOIN customer AS c ON c.cust_id = w.cust_id "
  "WHERE w.event_type = 'subscription.deleted' AND c.churn_day IS NULL",
  "SELECT cust_id FROM customer WHERE churn_day IS NULL INTERSECT SELECT cust_id FROM webhook_event "
  "WHERE event_type = 'subscription.deleted'",
  "SELECT DISTINCT w.cust_id FROM webhook_event AS w LEFT JOIN customer AS c ON c.cust_id = w.cust_id "
  "WHERE w.event_type = 'subscription.deleted' AND c.churn_day IS NULL",
  "deletions without a customer listed")
B("webhooks:first event day per invoice",
  "SELECT inv_id, MIN(day) FROM webhook_event WHERE inv_id IS NOT NULL GROUP BY inv_id",
  "SELECT DISTINCT inv_id, FIRST_VALUE(day) OVER (PARTITION BY inv_id ORDER BY day IS NULL, day) FROM webhook_event "
  "WHERE inv_id IS NOT NULL",
  "SELECT DISTINCT inv_id, FIRST_VALUE(day) OVER (PARTITION BY inv_id ORDER BY day) FROM webhook_event "
  "WHERE inv_id IS NOT NULL",
  "a NULL day sorts first")

# --- customers
B("customers:customers per country with unknown",
  "SELECT country, COUNT(*) FROM customer GROUP BY country",
  "SELECT country, COUNT(cust_id) FROM customer WHERE country IS NOT NULL GROUP BY country UNION ALL "
  "SELECT NULL, COUNT(*) FROM customer WHERE country IS NULL HAVING COUNT(*) > 0",
  "SELECT country, COUNT(*) FROM customer WHERE country IS NOT NULL GROUP BY country",
  "customers without a country left out")
B("customers:customers with more than one running subscription",
  "SELECT cust_id FROM subscription WHERE end_day IS NULL GROUP BY cust_id HAVING COUNT(*) > 1",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.sub_id <> a.sub_id WHERE a.end_day IS NULL AND b.end_day IS NULL",
  "SELECT DISTINCT a.cust_id FROM subscription AS a JOIN subscription AS b ON b.cust_id = a.cust_id "
  "AND b.sub_id <> a.sub_id WHERE a.end_day IS NULL",
  "a running subscription next to an ended one counted")
B("customers:customers who never subscribed",
  "SELECT c.cust_id FROM customer AS c LEFT JOIN subscription AS s ON s.cust_id = c.cust_id WHERE s.sub_id IS NULL",
  "SELECT cust_id FROM customer AS c WHERE NOT EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id)",
  "SELECT c.cust_id FROM customer AS c LEFT JOIN subscription AS s ON s.cust_id = c.cust_id AND s.end_day IS NULL "
  "WHERE s.sub_id IS NULL",
  "customers with only ended subscriptions listed")
B("customers:top customers by paid revenue",
  "SELECT cust_id, SUM(total) AS rev FROM invoice WHERE paid_day IS NOT NULL GROUP BY cust_id "
  "ORDER BY rev DESC, cust_id LIMIT 3",
  "SELECT c.cust_id, t.rev FROM customer AS c JOIN (SELECT cust_id, SUM(total) AS rev FROM invoice "
  "WHERE paid_day IS NOT NULL GROUP BY cust_id) AS t ON t.cust_id = c.cust_id ORDER BY t.rev DESC, c.cust_id LIMIT 3",
  "SELECT cust_id, SUM(total) AS rev FROM invoice WHERE paid_day IS NOT NULL GROUP BY cust_id "
  "ORDER BY rev DESC, cust_id DESC LIMIT 3",
  "ties broken by the highest customer id", semantics="list")
B("customers:days from signup to first subscription",
  "SELECT c.cust_id, MIN(s.start_day) - c.signup_day FROM customer AS c JOIN subscription AS s ON s.cust_id = c.cust_id "
  "GROUP BY c.cust_id, c.signup_day",
  "SELECT c.cust_id, (SELECT MIN(s.start_day) FROM subscription AS s WHERE s.cust_id = c.cust_id) - c.signup_day "
  "FROM customer AS c WHERE EXISTS (SELECT 1 FROM subscription AS s WHERE s.cust_id = c.cust_id)",
  "SELECT c.cust_id, MAX(s.start_day) - c.signup_day FROM customer AS c JOIN subscription AS s ON s.cust_id = c.cust_id "
  "GROUP BY c.cust_id, c.signup_day",
  "the latest subscription taken for the first")


# ================================================================ help desk tickets (desk)
UNSOLVED = "status IN ('new', 'open', 'pending')"

# --- backlog
D("backlog:unsolved tickets per status",
  "SELECT status, COUNT(*) FROM ticket WHERE " + UNSOLVED + " GROUP BY status",
  "SELECT status, COUNT(ticket_id) FROM ticket WHERE status IN (SELECT 'new' UNION SELECT 'open' UNION SELECT 'pending') "
  "GROUP BY status",
  "SELECT status, COUNT(*) FROM ticket WHERE solved_day IS NULL GROUP BY status",
  "a missing solved day taken for unsolved")
D("backlog:backlog per group including none",
  "SELECT g.group_id, COUNT(t.ticket_id) FROM grp AS g LEFT JOIN ticket AS t ON t.group_id = g.group_id "
  "AND t." + UNSOLVED + " GROUP BY g.group_id",
  "SELECT g.group_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.group_id = g.group_id AND (t.status = 'new' "
  "OR t.status = 'open' OR t.status = 'pending')) FROM grp AS g",
  "SELECT g.group_id, COUNT(*) FROM grp AS g LEFT JOIN ticket AS t ON t.group_id = g.group_id "
  "AND t." + UNSOLVED + " GROUP BY g.group_id",
  "COUNT(*) gives one to groups with an empty backlog")
D("backlog:unassigned new and open tickets per group",
  "SELECT group_id, COUNT(*) FROM ticket WHERE assignee_id IS NULL AND status IN ('new', 'open') GROUP BY group_id",
  "SELECT group_id, n FROM (SELECT group_id, COUNT(*) - COUNT(assignee_id) AS n FROM ticket WHERE status = 'new' "
  "OR status = 'open' GROUP BY group_id) AS t WHERE n > 0",
  "SELECT group_id, COUNT(*) FROM ticket WHERE assignee_id IS NULL AND status = 'new' OR status = 'open' GROUP BY group_id",
  "AND binds tighter than OR: every open ticket counted")
D("backlog:backlog as of a day",
  "SELECT ticket_id FROM ticket WHERE created_day <= 3 AND (solved_day IS NULL OR solved_day > 3)",
  "SELECT ticket_id FROM ticket WHERE created_day <= 3 EXCEPT SELECT ticket_id FROM ticket WHERE solved_day <= 3",
  "SELECT ticket_id FROM ticket WHERE created_day <= 3 AND solved_day > 3",
  "tickets never solved left out")
D("backlog:tickets per priority with unset",
  "SELECT priority, COUNT(*) FROM ticket GROUP BY priority",
  "SELECT priority, COUNT(*) FROM ticket WHERE priority IS NOT NULL GROUP BY priority UNION ALL "
  "SELECT NULL, COUNT(*) FROM ticket WHERE priority IS NULL HAVING COUNT(*) > 0",
  "SELECT priority, COUNT(priority) FROM ticket GROUP BY priority",
  "tickets without a priority counted as zero")
D("backlog:urgent backlog per assignee with unassigned",
  "SELECT assignee_id, COUNT(*) FROM ticket WHERE priority = 'urgent' AND " + UNSOLVED + " GROUP BY assignee_id",
  "SELECT t.assignee_id, COUNT(*) FROM ticket AS t LEFT JOIN agent AS a ON a.agent_id = t.assignee_id "
  "WHERE t.priority = 'urgent' AND t." + UNSOLVED + " GROUP BY t.assignee_id",
  "SELECT a.agent_id, COUNT(*) FROM ticket AS t JOIN agent AS a ON a.agent_id = t.assignee_id "
  "WHERE t.priority = 'urgent' AND t." + UNSOLVED + " GROUP BY a.agent_id",
  "unassigned urgent tickets dropped")
D("backlog:oldest open ticket per group with ties",
  "SELECT t.group_id, t.ticket_id FROM ticket AS t WHERE t." + UNSOLVED + " AND t.created_day = (SELECT MIN(u.created_day) "
  "FROM ticket AS u WHERE u.group_id = t.group_id AND u." + UNSOLVED + ")",
  "SELECT group_id, ticket_id FROM (SELECT group_id, ticket_id, RANK() OVER (PARTITION BY group_id ORDER BY created_day) "
  "AS rk FROM ticket WHERE " + UNSOLVED + ") AS t WHERE rk = 1",
  "SELECT t.group_id, t.ticket_id FROM ticket AS t WHERE t." + UNSOLVED + " AND t.created_day = (SELECT MIN(u.created_day) "
  "FROM ticket AS u WHERE u.group_id = t.group_id)",
  "the oldest ticket of the group taken even when solved")

# --- first reply
D("reply:first public agent reply day per ticket",
  "SELECT c.ticket_id, MIN(c.day) FROM comment AS c WHERE c.author_agent IS NOT NULL AND c.public = 1 GROUP BY c.ticket_id",
  "SELECT t.ticket_id, (SELECT MIN(c.day) FROM comment AS c WHERE c.ticket_id = t.ticket_id AND c.author_agent IS NOT NULL "
  "AND c.public = 1) FROM ticket AS t WHERE t.ticket_id IN (SELECT ticket_id FROM comment WHERE public = 1 "
  "AND author_agent IS NOT NULL)",
  "SELECT c.ticket_id, MIN(c.day) FROM comment AS c WHERE c.author_agent IS NOT NULL GROUP BY c.ticket_id",
  "internal notes taken as replies")
D("reply:tickets without a reply",
  "SELECT t.ticket_id FROM ticket AS t WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.ticket_id = t.ticket_id "
  "AND c.author_agent IS NOT NULL AND c.public = 1)",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN comment AS c ON c.ticket_id = t.ticket_id AND c.author_agent IS NOT NULL "
  "AND c.public = 1 WHERE c.seq IS NULL",
  "SELECT t.ticket_id FROM ticket AS t WHERE t.ticket_id NOT IN (SELECT c.ticket_id FROM comment AS c "
  "WHERE c.author_agent IS NOT NULL)",
  "an internal note counted as a reply")
D("reply:first reply time in hours",
  "SELECT ticket_id, h FROM (SELECT t.ticket_id, (c.day - t.created_day) * 24 + c.hour - t.created_hour AS h, "
  "ROW_NUMBER() OVER (PARTITION BY t.ticket_id ORDER BY c.day, c.hour, c.seq) AS rn FROM ticket AS t JOIN comment AS c "
  "ON c.ticket_id = t.ticket_id WHERE c.author_agent IS NOT NULL AND c.public = 1) AS x WHERE rn = 1",
  "SELECT t.ticket_id, (c.day - t.created_day) * 24 + c.hour - t.created_hour FROM ticket AS t JOIN comment AS c "
  "ON c.ticket_id = t.ticket_id WHERE c.author_agent IS NOT NULL AND c.public = 1 AND NOT EXISTS (SELECT 1 FROM comment AS d "
  "WHERE d.ticket_id = c.ticket_id AND d.author_agent IS NOT NULL AND d.public = 1 AND (d.day < c.day OR d.day = c.day "
  "AND (d.hour < c.hour OR d.hour = c.hour AND d.seq < c.seq)))",
  "SELECT ticket_id, h FROM (SELECT t.ticket_id, (c.day - t.created_day) * 24 + c.hour - t.created_hour AS h, "
  "ROW_NUMBER() OVER (PARTITION BY t.ticket_id ORDER BY c.seq) AS rn FROM ticket AS t JOIN comment AS c "
  "ON c.ticket_id = t.ticket_id WHERE c.author_agent IS NOT NULL AND c.public = 1) AS x WHERE rn = 1",
  "the first reply by sequence number, not by time")
D("reply:agent replies per ticket including none",
  "SELECT t.ticket_id, COUNT(c.seq) FROM ticket AS t LEFT JOIN comment AS c ON c.ticket_id = t.ticket_id "
  "AND c.author_agent IS NOT NULL GROUP BY t.ticket_id",
  "SELECT t.ticket_id, (SELECT COUNT(c.author_agent) FROM comment AS c WHERE c.ticket_id = t.ticket_id) FROM ticket AS t",
  "SELECT t.ticket_id, COUNT(c.seq) FROM ticket AS t LEFT JOIN comment AS c ON c.ticket_id = t.ticket_id "
  "GROUP BY t.ticket_id",
  "requester comments counted as replies")
D("reply:tickets answered the day they came in",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.ticket_id = t.ticket_id "
  "AND c.author_agent IS NOT NULL AND c.day = t.created_day)",
  "SELECT DISTINCT t.ticket_id FROM ticket AS t JOIN comment AS c ON c.ticket_id = t.ticket_id "
  "AND c.day = t.created_day WHERE c.author_agent IS NOT NULL",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM comment AS c WHERE c.ticket_id = t.ticket_id "
  "AND c.author_agent IS NOT NULL AND c.day <= t.created_day + 1)",
  "next-day answers counted")
D("reply:tickets awaiting an agent",
  "SELECT ticket_id FROM (SELECT ticket_id, author_agent, ROW_NUMBER() OVER (PARTITION BY ticket_id ORDER BY seq DESC) "
  "AS rn FROM comment) AS t WHERE rn = 1 AND author_agent IS NULL",
  "SELECT c.ticket_id FROM comment AS c WHERE c.author_agent IS NULL AND c.seq = (SELECT MAX(d.seq) FROM comment AS d "
  "WHERE d.ticket_id = c.ticket_id)",
  "SELECT DISTINCT ticket_id FROM comment WHERE author_agent IS NULL",
  "any requester comment taken as the last word")
D("reply:average agent replies per solved ticket per channel",
  "SELECT t.channel, AVG((SELECT COUNT(*) FROM comment AS c WHERE c.ticket_id = t.ticket_id AND c.author_agent IS NOT NULL)) "
  "FROM ticket AS t WHERE t.status IN ('solved', 'closed') GROUP BY t.channel",
  "SELECT t.channel, COUNT(c.seq) * 1.0 / COUNT(DISTINCT t.ticket_id) FROM ticket AS t LEFT JOIN comment AS c "
  "ON c.ticket_id = t.ticket_id AND c.author_agent IS NOT NULL WHERE t.status IN ('solved', 'closed') GROUP BY t.channel",
  "SELECT t.channel, COUNT(c.seq) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN comment AS c "
  "ON c.ticket_id = t.ticket_id AND c.author_agent IS NOT NULL WHERE t.status IN ('solved', 'closed') GROUP BY t.channel",
  "divided by joined rows instead of tickets")

# --- resolution
D("resolution:average resolution days per priority",
  "SELECT priority, AVG(solved_day - created_day) FROM ticket WHERE solved_day IS NOT NULL GROUP BY priority",
  "SELECT priority, AVG(solved_day - created_day) FROM ticket GROUP BY priority HAVING COUNT(solved_day) > 0",
  "SELECT priority, AVG(COALESCE(solved_day, 10) - created_day) FROM ticket GROUP BY priority "
  "HAVING COUNT(solved_day) > 0",
  "unsolved tickets averaged in as solved on day 10")
D("resolution:solved within a day per group",
  "SELECT group_id, COUNT(*) FROM ticket WHERE solved_day - created_day <= 1 GROUP BY group_id",
  "SELECT group_id, n FROM (SELECT group_id, SUM(CASE WHEN solved_day <= created_day + 1 THEN 1 ELSE 0 END) AS n "
  "FROM ticket GROUP BY group_id) AS t WHERE n > 0",
  "SELECT group_id, COUNT(*) FROM ticket WHERE solved_day - created_day < 1 GROUP BY group_id",
  "tickets solved the next day left out")
D("resolution:resolution time buckets",
  "SELECT CASE WHEN solved_day - created_day <= 0 THEN 'same day' WHEN solved_day - created_day <= 2 THEN 'two days' "
  "ELSE 'longer' END AS b, COUNT(*) FROM ticket WHERE solved_day IS NOT NULL GROUP BY b",
  "SELECT 'same day', COUNT(*) FROM ticket WHERE solved_day <= created_day HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'two days', COUNT(*) FROM ticket WHERE solved_day - created_day IN (1, 2) HAVING COUNT(*) > 0 UNION ALL "
  "SELECT 'longer', COUNT(*) FROM ticket WHERE solved_day - created_day > 2 HAVING COUNT(*) > 0",
  "SELECT CASE WHEN solved_day - created_day <= 0 THEN 'same day' WHEN solved_day - created_day < 2 THEN 'two days' "
  "ELSE 'longer' END AS b, COUNT(*) FROM ticket WHERE solved_day IS NOT NULL GROUP BY b",
  "two-day resolutions put in the longer bucket")
D("resolution:solved tickets without a solved day",
  "SELECT ticket_id FROM ticket WHERE status IN ('solved', 'closed') AND solved_day IS NULL",
  "SELECT ticket_id FROM ticket WHERE status IN ('solved', 'closed') EXCEPT SELECT ticket_id FROM ticket "
  "WHERE solved_day IS NOT NULL",
  "SELECT ticket_id FROM ticket WHERE status IN ('solved', 'closed') AND solved_day = NULL",
  "= NULL never holds")
D("resolution:solved before created",
  "SELECT ticket_id FROM ticket WHERE solved_day < created_day",
  "SELECT ticket_id FROM ticket WHERE solved_day IS NOT NULL AND NOT solved_day >= created_day",
  "SELECT ticket_id FROM ticket WHERE solved_day <= created_day",
  "same-day solves flagged")
D("resolution:open past the SLA resolution target",
  "SELECT t.ticket_id FROM ticket AS t JOIN sla_policy AS p ON p.priority = t.priority "
  "WHERE t.solved_day IS NULL AND 10 - t.created_day > p.resolve_days",
  "SELECT t.ticket_id FROM ticket AS t, sla_policy AS p WHERE t.solved_day IS NULL AND p.priority = t.priority "
  "AND t.created_day + p.resolve_days < 10",
  "SELECT t.ticket_id FROM ticket AS t JOIN sla_policy AS p ON p.priority = t.priority "
  "WHERE t.solved_day IS NULL AND 10 - t.created_day >= p.resolve_days",
  "tickets exactly at the target flagged")

# --- reopened
REOPEN = "field = 'status' AND old_value = 'solved' AND new_value = 'open'"
D("reopened:reopened tickets",
  "SELECT DISTINCT ticket_id FROM audit WHERE " + REOPEN + " AND ticket_id IS NOT NULL",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM audit AS a WHERE a.ticket_id = t.ticket_id "
  "AND a.field = 'status' AND a.old_value = 'solved' AND a.new_value = 'open')",
  "SELECT DISTINCT ticket_id FROM audit WHERE field = 'status' AND old_value = 'solved' AND ticket_id IS NOT NULL",
  "solved to pending taken as a reopen")
D("reopened:reopen days per ticket including none",
  "SELECT t.ticket_id, COUNT(r.day) FROM ticket AS t LEFT JOIN (SELECT DISTINCT ticket_id, day FROM audit WHERE "
  + REOPEN + ") AS r ON r.ticket_id = t.ticket_id GROUP BY t.ticket_id",
  "SELECT t.ticket_id, (SELECT COUNT(DISTINCT a.day) FROM audit AS a WHERE a.ticket_id = t.ticket_id AND a.field = 'status' "
  "AND a.old_value = 'solved' AND a.new_value = 'open') FROM ticket AS t",
  "SELECT t.ticket_id, COUNT(a.day) FROM ticket AS t LEFT JOIN audit AS a ON a.ticket_id = t.ticket_id AND a.field = 'status' "
  "AND a.old_value = 'solved' AND a.new_value = 'open' GROUP BY t.ticket_id",
  "duplicate log rows counted")
D("reopened:reopen rate per group",
  "SELECT t.group_id, AVG(CASE WHEN EXISTS (SELECT 1 FROM audit AS a WHERE a.ticket_id = t.ticket_id AND a.field = 'status' "
  "AND a.old_value = 'solved' AND a.new_value = 'open') THEN 1.0 ELSE 0.0 END) FROM ticket AS t GROUP BY t.group_id",
  "SELECT t.group_id, COUNT(r.ticket_id) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN (SELECT DISTINCT ticket_id FROM audit "
  "WHERE " + REOPEN + ") AS r ON r.ticket_id = t.ticket_id GROUP BY t.group_id",
  "SELECT t.group_id, COUNT(a.ticket_id) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN audit AS a ON a.ticket_id = t.ticket_id "
  "AND a.field = 'status' AND a.old_value = 'solved' AND a.new_value = 'open' GROUP BY t.group_id",
  "reopen log rows joined without DISTINCT fan out")
D("reopened:status changed on two different days",
  "SELECT ticket_id FROM audit WHERE field = 'status' AND ticket_id IS NOT NULL GROUP BY ticket_id "
  "HAVING COUNT(DISTINCT day) >= 2",
  "SELECT DISTINCT a.ticket_id FROM audit AS a JOIN audit AS b ON b.ticket_id = a.ticket_id AND b.day > a.day "
  "WHERE a.field = 'status' AND b.field = 'status'",
  "SELECT ticket_id FROM audit WHERE field = 'status' AND ticket_id IS NOT NULL GROUP BY ticket_id "
  "HAVING COUNT(*) >= 2",
  "a duplicated log row taken as a second change")
D("reopened:status changes by someone other than the assignee",
  "SELECT DISTINCT a.ticket_id FROM audit AS a JOIN ticket AS t ON t.ticket_id = a.ticket_id "
  "WHERE a.field = 'status' AND a.agent_id <> t.assignee_id",
  "SELECT t.ticket_id FROM ticket AS t WHERE EXISTS (SELECT 1 FROM audit AS a WHERE a.ticket_id = t.ticket_id "
  "AND a.field = 'status' AND a.agent_id <> t.assignee_id)",
  "SELECT DISTINCT a.ticket_id FROM audit AS a JOIN ticket AS t ON t.ticket_id = a.ticket_id "
  "WHERE a.field = 'status' AND a.agent_id IS NOT t.assignee_id",
  "changes by an unknown agent or on unassigned tickets counted", dialect="sqlite")

# --- SLA
D("sla:breach rate per priority",
  "SELECT t.priority, AVG(CASE WHEN EXISTS (SELECT 1 FROM sla_breach AS b WHERE b.ticket_id = t.ticket_id) THEN 1.0 "
  "ELSE 0.0 END) FROM ticket AS t GROUP BY t.priority",
  "SELECT t.priority, COUNT(b.ticket_id) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN (SELECT DISTINCT ticket_id "
  "FROM sla_breach) AS b ON b.ticket_id = t.ticket_id GROUP BY t.priority",
  "SELECT t.priority, COUNT(b.ticket_id) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN sla_breach AS b "
  "ON b.ticket_id = t.ticket_id GROUP BY t.priority",
  "tickets with two breaches counted twice")
D("sla:breaches per metric per group including none",
  "SELECT g.group_id, m.metric, COUNT(b.breach_id) FROM grp AS g CROSS JOIN (SELECT 'first_reply' AS metric UNION "
  "SELECT 'resolution') AS m LEFT JOIN (sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id) "
  "ON t.group_id = g.group_id AND b.metric = m.metric GROUP BY g.group_id, m.metric",
  "SELECT g.group_id, m.metric, (SELECT COUNT(*) FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id "
  "WHERE t.group_id = g.group_id AND b.metric = m.metric) FROM grp AS g, (SELECT 'first_reply' AS metric UNION ALL "
  "SELECT 'resolution') AS m",
  "SELECT t.group_id, b.metric, COUNT(*) FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id "
  "GROUP BY t.group_id, b.metric",
  "groups and metrics without breaches left out")
D("sla:tickets breaching both targets",
  "SELECT ticket_id FROM sla_breach WHERE metric = 'first_reply' INTERSECT SELECT ticket_id FROM sla_breach "
  "WHERE metric = 'resolution'",
  "SELECT ticket_id FROM sla_breach WHERE metric IN ('first_reply', 'resolution') GROUP BY ticket_id "
  "HAVING COUNT(DISTINCT metric) = 2",
  "SELECT ticket_id FROM sla_breach WHERE metric IN ('first_reply', 'resolution') GROUP BY ticket_id HAVING COUNT(*) = 2",
  "two breaches of one target taken as both")
D("sla:breaches under the policy of another priority",
  "SELECT b.breach_id FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id JOIN sla_policy AS p "
  "ON p.policy_id = b.policy_id WHERE p.priority <> t.priority",
  "SELECT b.breach_id FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id WHERE t.priority IS NOT NULL "
  "AND b.policy_id NOT IN (SELECT p.policy_id FROM sla_policy AS p WHERE p.priority = t.priority)",
  "SELECT b.breach_id FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id "
  "WHERE b.policy_id NOT IN (SELECT p.policy_id FROM sla_policy AS p WHERE p.priority = t.priority)",
  "tickets without a priority flagged")
D("sla:breaches logged after the solve",
  "SELECT b.breach_id FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id WHERE b.breach_day > t.solved_day",
  "SELECT breach_id FROM sla_breach AS b WHERE breach_day > (SELECT solved_day FROM ticket AS t "
  "WHERE t.ticket_id = b.ticket_id)",
  "SELECT b.breach_id FROM sla_breach AS b JOIN ticket AS t ON t.ticket_id = b.ticket_id WHERE b.breach_day >= t.solved_day",
  "breaches on the solve day flagged")
D("sla:urgent tickets without a breach",
  "SELECT t.ticket_id FROM ticket AS t WHERE t.priority = 'urgent' AND NOT EXISTS (SELECT 1 FROM sla_breach AS b "
  "WHERE b.ticket_id = t.ticket_id)",
  "SELECT ticket_id FROM ticket WHERE priority = 'urgent' EXCEPT SELECT ticket_id FROM sla_breach",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN sla_breach AS b ON b.ticket_id = t.ticket_id AND b.metric = 'resolution' "
  "WHERE t.priority = 'urgent' AND b.breach_id IS NULL",
  "first-reply breaches ignored")
D("sla:first breach per ticket",
  "SELECT ticket_id, MIN(breach_day) FROM sla_breach GROUP BY ticket_id",
  "SELECT ticket_id, breach_day FROM (SELECT ticket_id, breach_day, ROW_NUMBER() OVER (PARTITION BY ticket_id "
  "ORDER BY breach_day, breach_id) AS rn FROM sla_breach) AS t WHERE rn = 1",
  "SELECT ticket_id, MAX(breach_day) FROM sla_breach GROUP BY ticket_id",
  "the last breach taken for the first")

# --- agents
D("agents:open workload per agent including none",
  "SELECT a.agent_id, COUNT(t.ticket_id) FROM agent AS a LEFT JOIN ticket AS t ON t.assignee_id = a.agent_id "
  "AND t." + UNSOLVED + " GROUP BY a.agent_id",
  "SELECT a.agent_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.assignee_id = a.agent_id AND t." + UNSOLVED + ") "
  "FROM agent AS a",
  "SELECT a.agent_id, COUNT(t.ticket_id) FROM agent AS a LEFT JOIN ticket AS t ON t.assignee_id = a.agent_id "
  "WHERE t." + UNSOLVED + " GROUP BY a.agent_id",
  "the status filter in WHERE drops idle agents")
D("agents:agents with their manager",
  "SELECT a.agent_id, m.name FROM agent AS a LEFT JOIN agent AS m ON m.agent_id = a.manager_id",
  "SELECT a.agent_id, (SELECT m.name FROM agent AS m WHERE m.agent_id = a.manager_id) FROM agent AS a",
  "SELECT a.agent_id, m.name FROM agent AS a JOIN agent AS m ON m.agent_id = a.manager_id",
  "agents without a manager dropped")
D("agents:direct reports per manager including none",
  "SELECT m.agent_id, COUNT(r.agent_id) FROM agent AS m LEFT JOIN agent AS r ON r.manager_id = m.agent_id "
  "GROUP BY m.agent_id",
  "SELECT m.agent_id, (SELECT COUNT(*) FROM agent AS r WHERE r.manager_id = m.agent_id) FROM agent AS m",
  "SELECT m.agent_id, COUNT(*) FROM agent AS m LEFT JOIN agent AS r ON r.manager_id = m.agent_id GROUP BY m.agent_id",
  "COUNT(*) gives one report to everybody")
D("agents:agents managed from another group",
  "SELECT a.agent_id FROM agent AS a JOIN agent AS m ON m.agent_id = a.manager_id WHERE m.group_id <> a.group_id",
  "SELECT agent_id FROM agent AS a WHERE EXISTS (SELECT 1 FROM agent AS m WHERE m.agent_id = a.manager_id "
  "AND NOT m.group_id = a.group_id)",
  "SELECT a.agent_id FROM agent AS a LEFT JOIN agent AS m ON m.agent_id = a.manager_id WHERE m.group_id IS NOT a.group_id",
  "agents without a manager flagged", dialect="sqlite")
D("agents:tickets assigned to inactive agents",
  "SELECT t.ticket_id FROM ticket AS t JOIN agent AS a ON a.agent_id = t.assignee_id WHERE a.active = 0",
  "SELECT ticket_id FROM ticket WHERE assignee_id IN (SELECT agent_id FROM agent WHERE active = 0)",
  "SELECT ticket_id FROM ticket WHERE assignee_id NOT IN (SELECT agent_id FROM agent WHERE active = 1)",
  "unassigned tickets flagged when nobody is active")
D("agents:agents per team with no team",
  "SELECT team, COUNT(*) FROM agent GROUP BY team",
  "SELECT team, COUNT(agent_id) FROM agent WHERE team IS NOT NULL GROUP BY team UNION ALL "
  "SELECT NULL, COUNT(*) FROM agent WHERE team IS NULL HAVING COUNT(*) > 0",
  "SELECT team, COUNT(team) FROM agent GROUP BY team",
  "agents without a team counted as zero")
D("agents:skip-level reports per manager",
  "SELECT m.manager_id, COUNT(*) FROM agent AS a JOIN agent AS m ON m.agent_id = a.manager_id "
  "WHERE m.manager_id IS NOT NULL GROUP BY m.manager_id",
  "SELECT g.agent_id, n FROM (SELECT g.agent_id, (SELECT COUNT(*) FROM agent AS a WHERE a.manager_id IN "
  "(SELECT m.agent_id FROM agent AS m WHERE m.manager_id = g.agent_id)) AS n FROM agent AS g) AS g WHERE n > 0",
  "SELECT g.agent_id, n FROM (SELECT g.agent_id, (SELECT COUNT(*) FROM agent AS a WHERE a.manager_id = g.agent_id "
  "OR a.manager_id IN (SELECT m.agent_id FROM agent AS m WHERE m.manager_id = g.agent_id)) AS n FROM agent AS g) AS g "
  "WHERE n > 0",
  "direct reports counted as skip-level")
D("agents:agents who never commented",
  "SELECT a.agent_id FROM agent AS a WHERE NOT EXISTS (SELECT 1 FROM comment AS c WHERE c.author_agent = a.agent_id)",
  "SELECT agent_id FROM agent WHERE agent_id NOT IN (SELECT author_agent FROM comment WHERE author_agent IS NOT NULL)",
  "SELECT agent_id FROM agent WHERE agent_id NOT IN (SELECT author_agent FROM comment)",
  "NOT IN over requester comments gives nothing")
D("agents:busiest commenter per group with ties",
  "WITH n AS (SELECT a.group_id, a.agent_id, COUNT(*) AS n FROM comment AS c JOIN agent AS a ON a.agent_id = c.author_agent "
  "GROUP BY a.group_id, a.agent_id) SELECT group_id, agent_id FROM n AS x WHERE n = (SELECT MAX(y.n) FROM n AS y "
  "WHERE y.group_id = x.group_id)",
  "SELECT group_id, agent_id FROM (SELECT a.group_id, a.agent_id, DENSE_RANK() OVER (PARTITION BY a.group_id "
  "ORDER BY COUNT(*) DESC) AS rk FROM comment AS c JOIN agent AS a ON a.agent_id = c.author_agent "
  "GROUP BY a.group_id, a.agent_id) AS t WHERE rk = 1",
  "SELECT group_id, agent_id FROM (SELECT a.group_id, a.agent_id, ROW_NUMBER() OVER (PARTITION BY a.group_id "
  "ORDER BY COUNT(*) DESC, a.agent_id) AS rk FROM comment AS c JOIN agent AS a ON a.agent_id = c.author_agent "
  "GROUP BY a.group_id, a.agent_id) AS t WHERE rk = 1",
  "tied agents cut to one")

# --- CSAT
D("csat:CSAT per assignee",
  "SELECT t.assignee_id, AVG(CASE WHEN r.score >= 4 THEN 1.0 ELSE 0.0 END) FROM rating AS r JOIN ticket AS t "
  "ON t.ticket_id = r.ticket_id WHERE r.score IS NOT NULL GROUP BY t.assignee_id",
  "SELECT t.assignee_id, COUNT(CASE WHEN r.score >= 4 THEN 1 END) * 1.0 / COUNT(r.score) FROM ticket AS t JOIN rating AS r "
  "ON r.ticket_id = t.ticket_id GROUP BY t.assignee_id HAVING COUNT(r.score) > 0",
  "SELECT t.assignee_id, AVG(CASE WHEN r.score >= 4 THEN 1.0 ELSE 0.0 END) FROM rating AS r JOIN ticket AS t "
  "ON t.ticket_id = r.ticket_id GROUP BY t.assignee_id",
  "ratings without a score counted as bad")
D("csat:average score per group",
  "SELECT t.group_id, AVG(r.score) FROM rating AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id GROUP BY t.group_id",
  "SELECT t.group_id, SUM(r.score) * 1.0 / COUNT(r.score) FROM ticket AS t JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "GROUP BY t.group_id",
  "SELECT t.group_id, SUM(r.score) * 1.0 / COUNT(*) FROM ticket AS t JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "GROUP BY t.group_id",
  "ratings without a score in the denominator", dialect="sqlite")
D("csat:solved tickets without a rating",
  "SELECT t.ticket_id FROM ticket AS t WHERE t.status IN ('solved', 'closed') AND NOT EXISTS (SELECT 1 FROM rating AS r "
  "WHERE r.ticket_id = t.ticket_id)",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "WHERE t.status IN ('solved', 'closed') AND r.ticket_id IS NULL",
  "SELECT t.ticket_id FROM ticket AS t LEFT JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "WHERE t.status IN ('solved', 'closed') AND r.score IS NULL",
  "ratings left without a score taken as no rating")
D("csat:bad ratings on tickets put back to open",
  "SELECT r.ticket_id FROM rating AS r WHERE r.score = 1 AND r.ticket_id IN (SELECT ticket_id FROM audit "
  "WHERE field = 'status' AND new_value = 'open')",
  "SELECT DISTINCT r.ticket_id FROM rating AS r JOIN audit AS a ON a.ticket_id = r.ticket_id WHERE r.score = 1 "
  "AND a.field = 'status' AND a.new_value = 'open'",
  "SELECT r.ticket_id FROM rating AS r WHERE r.score <= 3 AND r.ticket_id IN (SELECT ticket_id FROM audit "
  "WHERE field = 'status' AND new_value = 'open')",
  "neutral scores taken as bad")
D("csat:survey response rate per channel",
  "SELECT t.channel, COUNT(r.score) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "WHERE t.status IN ('solved', 'closed') GROUP BY t.channel",
  "SELECT channel, AVG(CASE WHEN EXISTS (SELECT 1 FROM rating AS r WHERE r.ticket_id = t.ticket_id AND r.score IS NOT NULL) "
  "THEN 1.0 ELSE 0.0 END) FROM ticket AS t WHERE status IN ('solved', 'closed') GROUP BY channel",
  "SELECT t.channel, COUNT(r.ticket_id) * 1.0 / COUNT(*) FROM ticket AS t LEFT JOIN rating AS r ON r.ticket_id = t.ticket_id "
  "WHERE t.status IN ('solved', 'closed') GROUP BY t.channel",
  "surveys sent but not answered counted as responses")
D("csat:scores per organisation tier",
  "SELECT o.tier, r.score, COUNT(*) FROM rating AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN org AS o "
  "ON o.org_id = t.org_id GROUP BY o.tier, r.score",
  "SELECT tier, score, COUNT(*) FROM (SELECT (SELECT o.tier FROM org AS o JOIN ticket AS t ON t.org_id = o.org_id "
  "WHERE t.ticket_id = r.ticket_id) AS tier, r.score FROM rating AS r) AS x GROUP BY tier, score",
  "SELECT o.tier, r.score, COUNT(*) FROM rating AS r JOIN ticket AS t ON t.ticket_id = r.ticket_id JOIN org AS o "
  "ON o.org_id = t.org_id WHERE r.score IS NOT NULL GROUP BY o.tier, r.score",
  "unanswered ratings dropped")

# --- busiest hours
D("hours:tickets per hour of creation",
  "SELECT created_hour, COUNT(*) FROM ticket GROUP BY created_hour",
  "SELECT DISTINCT created_hour, COUNT(*) OVER (PARTITION BY created_hour) FROM ticket",
  "SELECT created_hour, COUNT(DISTINCT org_id) FROM ticket GROUP BY created_hour",
  "organisations counted instead of tickets")
D("hours:busiest hour per channel with ties",
  "SELECT channel, created_hour FROM (SELECT channel, created_hour, RANK() OVER (PARTITION BY channel ORDER BY COUNT(*) DESC) "
  "AS rk FROM ticket GROUP BY channel, created_hour) AS t WHERE rk = 1",
  "WITH h AS (SELECT channel, created_hour, COUNT(*) AS n FROM ticket GROUP BY channel, created_hour) "
  "SELECT channel, created_hour FROM h AS a WHERE NOT EXISTS (SELECT 1 FROM h AS b WHERE b.channel = a.channel AND b.n > a.n)",
  "SELECT channel, created_hour FROM (SELECT channel, created_hour, ROW_NUMBER() OVER (PARTITION BY channel "
  "ORDER BY COUNT(*) DESC, created_hour) AS rk FROM ticket GROUP BY channel, created_hour) AS t WHERE rk = 1",
  "tied hours cut to one")
D("hours:after-hours tickets per group including none",
  "SELECT g.group_id, COUNT(t.ticket_id) FROM grp AS g LEFT JOIN ticket AS t ON t.group_id = g.group_id "
  "AND (t.created_hour < 9 OR t.created_hour > 17) GROUP BY g.group_id",
  "SELECT g.group_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.group_id = g.group_id AND NOT t.created_hour "
  "BETWEEN 9 AND 17) FROM grp AS g",
  "SELECT g.group_id, COUNT(t.ticket_id) FROM grp AS g LEFT JOIN ticket AS t ON t.group_id = g.group_id "
  "AND (t.created_hour <= 9 OR t.created_hour > 17) GROUP BY g.group_id",
  "nine o'clock counted as after hours")

# --- tags
D("tags:tickets per tag including none",
  "SELECT g.tag_id, COUNT(tt.ticket_id) FROM tag AS g LEFT JOIN ticket_tag AS tt ON tt.tag_id = g.tag_id GROUP BY g.tag_id",
  "SELECT g.tag_id, (SELECT COUNT(*) FROM ticket_tag AS tt WHERE tt.tag_id = g.tag_id) FROM tag AS g",
  "SELECT tt.tag_id, COUNT(*) FROM ticket_tag AS tt GROUP BY tt.tag_id",
  "unused tags left out")
D("tags:tickets per tag name ignoring case",
  "SELECT LOWER(g.name), COUNT(DISTINCT tt.ticket_id) FROM tag AS g JOIN ticket_tag AS tt ON tt.tag_id = g.tag_id "
  "GROUP BY LOWER(g.name)",
  "SELECT n, COUNT(*) FROM (SELECT DISTINCT LOWER(g.name) AS n, tt.ticket_id FROM tag AS g, ticket_tag AS tt "
  "WHERE tt.tag_id = g.tag_id) AS x GROUP BY n",
  "SELECT LOWER(g.name), COUNT(tt.ticket_id) FROM tag AS g JOIN ticket_tag AS tt ON tt.tag_id = g.tag_id "
  "GROUP BY LOWER(g.name)",
  "a ticket tagged both bug and Bug counted twice")
D("tags:unsolved VIP tickets",
  "SELECT t.ticket_id FROM ticket AS t WHERE t." + UNSOLVED + " AND EXISTS (SELECT 1 FROM ticket_tag AS tt JOIN tag AS g "
  "ON g.tag_id = tt.tag_id WHERE tt.ticket_id = t.ticket_id AND g.name = 'vip')",
  "SELECT DISTINCT t.ticket_id FROM ticket AS t JOIN ticket_tag AS tt ON tt.ticket_id = t.ticket_id JOIN tag AS g "
  "ON g.tag_id = tt.tag_id WHERE g.name = 'vip' AND t." + UNSOLVED,
  "SELECT t.ticket_id FROM ticket AS t JOIN ticket_tag AS tt ON tt.ticket_id = t.ticket_id JOIN tag AS g "
  "ON g.tag_id = tt.tag_id WHERE g.name = 'vip' AND t." + UNSOLVED,
  "a ticket with two tags named vip listed twice")
D("tags:tickets tagged refund and bug",
  "SELECT tt.ticket_id FROM ticket_tag AS tt JOIN tag AS g ON g.tag_id = tt.tag_id WHERE g.name = 'refund' "
  "INTERSECT SELECT tt.ticket_id FROM ticket_tag AS tt JOIN tag AS g ON g.tag_id = tt.tag_id WHERE g.name = 'bug'",
  "SELECT tt.ticket_id FROM ticket_tag AS tt JOIN tag AS g ON g.tag_id = tt.tag_id WHERE g.name IN ('refund', 'bug') "
  "GROUP BY tt.ticket_id HAVING COUNT(DISTINCT g.name) = 2",
  "SELECT tt.ticket_id FROM ticket_tag AS tt JOIN tag AS g ON g.tag_id = tt.tag_id WHERE g.name IN ('refund', 'bug') "
  "GROUP BY tt.ticket_id HAVING COUNT(*) = 2",
  "two tags both named refund taken as refund and bug")
D("tags:untagged tickets per group",
  "SELECT t.group_id, COUNT(*) FROM ticket AS t WHERE NOT EXISTS (SELECT 1 FROM ticket_tag AS tt "
  "WHERE tt.ticket_id = t.ticket_id) GROUP BY t.group_id",
  "SELECT t.group_id, COUNT(*) FROM ticket AS t LEFT JOIN ticket_tag AS tt ON tt.ticket_id = t.ticket_id "
  "WHERE tt.tag_id IS NULL GROUP BY t.group_id",
  "SELECT t.group_id, COUNT(*) FROM ticket AS t LEFT JOIN ticket_tag AS tt ON tt.ticket_id = t.ticket_id "
  "AND tt.tag_id IS NULL GROUP BY t.group_id",
  "the IS NULL test moved into ON keeps every ticket")

# --- organisations
D("orgs:open tickets per organisation including none",
  "SELECT o.org_id, COUNT(t.ticket_id) FROM org AS o LEFT JOIN ticket AS t ON t.org_id = o.org_id "
  "AND t.status NOT IN ('solved', 'closed') GROUP BY o.org_id",
  "SELECT o.org_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.org_id = o.org_id AND t.status <> 'closed' "
  "AND t.status <> 'solved') FROM org AS o",
  "SELECT o.org_id, (SELECT COUNT(*) FROM ticket AS t WHERE t.org_id = o.org_id AND t.status <> 'closed') FROM org AS o",
  "solved tickets counted as open")
D("orgs:enterprise organisations with an urgent breach",
  "SELECT o.org_id FROM org AS o WHERE o.tier = 'enterprise' AND EXISTS (SELECT 1 FROM ticket AS t JOIN sla_breach AS b "
  "ON b.ticket_id = t.ticket_id WHERE t.org_id = o.org_id AND t.priority = 'urgent')",
  "SELECT DISTINCT o.org_id FROM org AS o JOIN ticket AS t ON t.org_id = o.org_id JOIN sla_breach AS b "
  "ON b.ticket_id = t.ticket_id WHERE o.tier = 'enterprise' AND t.priority = 'urgent'",
  "SELECT o.org_id FROM org AS o WHERE o.tier = 'enterprise' AND EXISTS (SELECT 1 FROM ticket AS t JOIN sla_breach AS b "
  "ON b.ticket_id = t.ticket_id WHERE t.org_id = o.org_id)",
  "breaches of any priority counted")
D("orgs:organisations with every ticket solved",
  "SELECT org_id FROM ticket GROUP BY org_id HAVING SUM(CASE WHEN status IN ('solved', 'closed') THEN 0 ELSE 1 END) = 0",
  "SELECT o.org_id FROM org AS o WHERE EXISTS (SELECT 1 FROM ticket AS t WHERE t.org_id = o.org_id) AND NOT EXISTS "
  "(SELECT 1 FROM ticket AS t WHERE t.org_id = o.org_id AND t.status NOT IN ('solved', 'closed'))",
  "SELECT org_id FROM org WHERE org_id NOT IN (SELECT org_id FROM ticket WHERE status NOT IN ('solved', 'closed'))",
  "organisations without tickets listed")

# --- comments and audit log
D("comments:comments after the ticket was solved",
  "SELECT c.ticket_id, c.seq FROM comment AS c JOIN ticket AS t ON t.ticket_id = c.ticket_id WHERE c.day > t.solved_day",
  "SELECT ticket_id, seq FROM comment AS c WHERE EXISTS (SELECT 1 FROM ticket AS t WHERE t.ticket_id = c.ticket_id "
  "AND t.solved_day < c.day)",
  "SELECT c.ticket_id, c.seq FROM comment AS c JOIN ticket AS t ON t.ticket_id = c.ticket_id WHERE c.day >= t.solved_day",
  "comments on the solve day counted")
D("comments:last commenter per ticket",
  "SELECT c.ticket_id, c.author_agent FROM comment AS c WHERE c.seq = (SELECT MAX(d.seq) FROM comment AS d "
  "WHERE d.ticket_id = c.ticket_id)",
  "SELECT ticket_id, author_agent FROM (SELECT ticket_id, author_agent, ROW_NUMBER() OVER (PARTITION BY ticket_id "
  "ORDER BY seq DESC) AS rn FROM comment) AS t WHERE rn = 1",
  "SELECT c.ticket_id, c.author_agent FROM comment AS c WHERE c.seq = (SELECT MIN(d.seq) FROM comment AS d "
  "WHERE d.ticket_id = c.ticket_id)",
  "the first commenter taken for the last")
D("audit:status changes per day without duplicates",
  "SELECT day, COUNT(*) FROM (SELECT DISTINCT ticket_id, day, old_value, new_value FROM audit WHERE field = 'status') AS t "
  "GROUP BY day",
  "SELECT day, COUNT(*) FROM (SELECT ticket_id, day, old_value, new_value FROM audit WHERE field = 'status' "
  "GROUP BY ticket_id, day, old_value, new_value) AS t GROUP BY day",
  "SELECT day, COUNT(*) FROM audit WHERE field = 'status' GROUP BY day",
  "duplicate log rows counted")
D("audit:assignment changes for tickets still unassigned",
  "SELECT DISTINCT a.ticket_id FROM audit AS a JOIN ticket AS t ON t.ticket_id = a.ticket_id "
  "WHERE a.field = 'assignee' AND t.assignee_id IS NULL",
  "SELECT ticket_id FROM ticket WHERE assignee_id IS NULL INTERSECT SELECT ticket_id FROM audit WHERE field = 'assignee'",
  "SELECT DISTINCT a.ticket_id FROM audit AS a LEFT JOIN ticket AS t ON t.ticket_id = a.ticket_id "
  "WHERE a.field = 'assignee' AND t.assignee_id IS NULL",
  "log rows without a ticket listed")
