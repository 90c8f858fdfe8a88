"""Exact-set match and hardness, as the official Spider evaluator defines them.

``structure`` reads a query into the evaluator's clause structure, ``hardness`` classifies
a gold query (easy, medium, hard, extra), ``compare`` decides exact-set match, and
``oracle`` offers it as the ``match`` oracle of ``sqlverdict eval``.
"""

from .compare import exact_set_match
from .hardness import hardness
from .structure import OutsideGrammar, spider_structure

__all__ = ["OutsideGrammar", "exact_set_match", "hardness", "spider_structure"]
