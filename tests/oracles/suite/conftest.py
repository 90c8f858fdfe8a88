"""A small build configuration and a built suite of the tiny music benchmark
(``bench_file``, tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def small_config():
    from sqlverdict.oracles.suite.build import BuildConfig

    return BuildConfig(max_candidates=150, patience=60)


@pytest.fixture(scope="session")
def built_suite(bench_file, small_config, tmp_path_factory):
    from sqlverdict.oracles.suite.build import build_suite

    out = tmp_path_factory.mktemp("suite")
    manifest = build_suite(f"jsonl:{bench_file}", out, seed=7, config=small_config)
    return out, manifest
