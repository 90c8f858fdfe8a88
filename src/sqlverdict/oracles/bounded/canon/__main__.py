"""``python -m sqlverdict.oracles.bounded.canon``: the rewrite rules with their fixture counts."""

from .listing import main

main()
