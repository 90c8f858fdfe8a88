import sqlite3

import pytest


@pytest.fixture
def shop_db(tmp_path):
    """A small database with one example of every kind (and decoys)."""
    p = tmp_path / "shop.sqlite"
    c = sqlite3.connect(p)
    c.executescript("""
        CREATE TABLE store(store_id INTEGER PRIMARY KEY, city TEXT NOT NULL, region TEXT,
                           open_year INT, close_year INT, code TEXT UNIQUE);
        CREATE TABLE item(item_id INTEGER PRIMARY KEY, store_id INT REFERENCES store(store_id),
                          price REAL, discount_price REAL, category TEXT, note TEXT);
    """)
    cities = ["Oslo", "Bergen", "Lyon", "Paris"]
    regions = {"Oslo": "NO", "Bergen": "NO", "Lyon": "FR", "Paris": "FR"}
    for i in range(1, 21):
        city = cities[i % 4]
        c.execute("INSERT INTO store VALUES (?,?,?,?,?,?)",
                  (i, city, regions[city], 1990 + i, None if i % 5 == 0 else 2000 + i, f"S{i}"))
    for i in range(1, 61):
        price = 10.0 + (i % 13) * 2.5
        c.execute("INSERT INTO item VALUES (?,?,?,?,?,?)",
                  (i, 1 + i % 20, price, price * 0.9, ["food", "toys", "tools"][i % 3],
                   None if i % 7 == 0 else f"free text note number {i}"))
    c.commit()
    c.close()
    return p
