"""The check every frozen corpus's test makes: its files are the ones its manifest lists,
byte for byte (the README may change)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def assert_frozen(corpus: Path) -> None:
    listed = {}
    for line in (corpus / "MANIFEST.sha256").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name] = digest
        assert hashlib.sha256((corpus / name).read_bytes()).hexdigest() == digest, name
    on_disk = {f.name for f in corpus.iterdir() if f.is_file()} - {"MANIFEST.sha256", "README.md"}
    assert on_disk == set(listed)  # every corpus file is frozen
