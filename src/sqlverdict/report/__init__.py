"""Summaries and reports of a run."""
