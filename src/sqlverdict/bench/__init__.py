"""Benchmarks (Spider, BIRD, JSONL) and prediction files."""

from .loader import Benchmark, load_benchmark
from .predictions import load_predictions

__all__ = ["Benchmark", "load_benchmark", "load_predictions"]
