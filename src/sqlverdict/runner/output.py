"""Writing output files safely: one writer per directory, whole files or none, clear errors.

- ``RunLock(dir)``: an exclusive lock on ``dir/.lock`` (``flock``, released by the kernel
  when the process ends, however it ends). A second writer fails at once with an error that
  names the holder (its process id, command line and start time) instead of interleaving
  its results with the first one's.
- ``atomic_write(path)``: write to a temporary file beside ``path``, flush it to disk, then
  rename it over ``path``; a reader sees the old file or the new one, never a torn one. On
  failure the temporary file is removed and ``path`` is left as it was.
- ``safe_name(name)``: a file name for a system or example id that cannot escape its
  folder or collide with another name's file.
- ``output_error(e, path)``: a one-line ``OutputError`` for an ``OSError`` (full disk,
  read-only or missing folder, a file in the way) that names the path and the fix.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> with atomic_write(d / "a.txt") as f:
...     _ = f.write("hello")
>>> (d / "a.txt").read_text(), sorted(p.name for p in d.iterdir())
('hello', ['a.txt'])
>>> with RunLock(d, "first"):
...     try:
...         RunLock(d, "second").acquire()
...     except OutputError as e:
...         print("is in use by process" in str(e), "(first)" in str(e))
True True
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sys
import time
from pathlib import Path

from ..errors import OutputError

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; runs are not protected against each other
    fcntl = None

LOCK_NAME = ".lock"


def describe(e: OSError, path: str | Path | None = None) -> str:
    """One line for a failed file operation: what, where, and the fix."""
    p = repr(str(path if path is not None else e.filename or "?"))
    if e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"disk full while writing {p} ({e.strerror}); free some space and rerun"
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write {p} ({e.strerror}); choose a folder you can write to"
    if e.errno in (errno.ENOTDIR, errno.EEXIST, errno.EISDIR):
        return f"cannot use {p}: a file is in the way ({e.strerror}); choose another path"
    if e.errno == errno.ENOENT:
        return f"{p} does not exist (check the path)"
    return f"{p}: {e.strerror or e}"


def output_error(e: OSError, path: str | Path, *, hint: str = "") -> OutputError:
    """A one-line error for a failed write to ``path``."""
    return OutputError(describe(e, path) + (f"; {hint}" if hint else ""))


def make_dir(path: str | Path) -> Path:
    """``mkdir -p`` with a one-line error."""
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise output_error(e, p) from None
    return p


@contextlib.contextmanager
def atomic_write(path: str | Path, mode: str = "w", *, encoding: str | None = "utf-8",
                 newline: str | None = None, hint: str = ""):
    """Open a temporary file for writing; on success it replaces ``path``."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    enc = None if "b" in mode else encoding
    try:
        with open(tmp, mode, encoding=enc, newline=newline) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise output_error(e, p, hint=hint) from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_text(path: str | Path, text: str, *, hint: str = "") -> None:
    with atomic_write(path, hint=hint) as f:
        f.write(text)


class RunLock:
    """An exclusive lock on a directory for as long as the ``with`` block runs."""

    def __init__(self, directory: str | Path, command: str | None = None):
        self.dir = Path(directory)
        self.path = self.dir / LOCK_NAME
        self.command = command if command is not None else " ".join(sys.argv)
        self._fd: int | None = None

    def acquire(self) -> RunLock:
        if fcntl is None:
            return self
        make_dir(self.dir)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise output_error(e, self.path) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            try:
                holder = os.read(fd, 4096).decode("utf-8", "replace").strip()
            finally:
                os.close(fd)
            raise OutputError(f"run directory {str(self.dir)!r} is in use by "
                              f"{holder or 'another process'}; wait for it to finish or "
                              "choose another --out") from None
        with contextlib.suppress(OSError):  # who holds it is a courtesy (a full disk, say)
            os.ftruncate(fd, 0)
            os.write(fd, (f"process {os.getpid()} ({self.command[:300]}) since "
                          f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n").encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing drops the flock
            self._fd = None

    def __enter__(self) -> RunLock:
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def safe_name(name: str, max_len: int = 80) -> str:
    """A file name for ``name``: the name itself when it is made of letters, digits, ``-``,
    ``_`` and ``.`` (not leading), else its safe characters and a short hash of it, so that
    ``a<b`` and ``a>b``, or ``a/b`` and ``a_b``, never write the same file.

    >>> safe_name("dail"), safe_name("a/b"), safe_name("a_b"), safe_name("..")
    ('dail', 'a_b-c14cddc0', 'a_b', '_-5ec1f7e7')
    """
    s = str(name)
    clean = "".join(c if c.isalnum() or c in "-_." else "_" for c in s)
    if clean == s and s and not s.startswith(".") and len(s) <= max_len:
        return s
    digest = hashlib.sha256(s.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{clean[:max_len].lstrip('.') or '_'}-{digest}"
