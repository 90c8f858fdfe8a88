from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
SPIDER = DATA / "spider"


def need_spider():
    if not (SPIDER / "dev.json").is_file():
        pytest.skip(f"Spider data not found at {SPIDER}")
