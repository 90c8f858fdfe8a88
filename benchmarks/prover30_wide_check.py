"""A second check of ``prover30``'s equivalent pairs on databases drawn from wider value pools
than the build's (``prover9_wide_check``'s pools and check, with prover30's pairs and
schemas), so a pair that only holds on the written pools' values shows up.

    python -m benchmarks.prover30_wide_check
"""

from __future__ import annotations

import sys

from benchmarks import prover9_wide_check
from benchmarks.prover30_build import SCHEMAS
from benchmarks.prover30_pairs import PAIRS


def main() -> int:
    return prover9_wide_check.main(PAIRS, SCHEMAS, "prover30-wide")


if __name__ == "__main__":
    sys.exit(main())
