"""A second check of ``prover28``'s equivalent pairs on databases drawn from wider value pools
than the build's (``prover9_wide_check``'s pools and check, with prover28's pairs and
schemas), so a pair that only holds on the written pools' values shows up.

    python -m benchmarks.prover28_wide_check
"""

from __future__ import annotations

import sys

from benchmarks import prover9_wide_check
from benchmarks.prover28_build import SCHEMAS
from benchmarks.prover28_pairs import PAIRS


def main() -> int:
    return prover9_wide_check.main(PAIRS, SCHEMAS, "prover28-wide")


if __name__ == "__main__":
    sys.exit(main())
