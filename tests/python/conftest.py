"""Shared fixtures of the Python tests: the repository root and the `catena` binary the
package's results are compared with (CATENA_BIN, else the cargo target directory's release
build)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def catena_bin() -> Path:
    candidates = [os.environ.get("CATENA_BIN")]
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        candidates.append(str(Path(target) / "release" / "catena"))
    candidates += [str(ROOT / "target" / "release" / "catena"), shutil.which("catena")]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c).resolve()
    pytest.fail(
        "no catena binary: build it with `cargo build --release` or set CATENA_BIN",
        pytrace=False,
    )


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """Runs the `catena` command line from the repository root."""
    binary = catena_bin()

    def run(*args, check=True):
        p = subprocess.run(
            [str(binary), *map(str, args)], cwd=ROOT, capture_output=True, text=True
        )
        if check and p.returncode != 0:
            raise AssertionError(f"catena {' '.join(map(str, args))}: {p.returncode}\n{p.stderr}")
        return p

    run.binary = binary
    return run
