"""Test helpers shared across areas, imported as ``tests.helpers.<module>``.

pytest runs with ``--import-mode=importlib``, which does not put the repository root on
``sys.path``; a conftest that needs these helpers adds it first::

    import pathlib, sys
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
"""
