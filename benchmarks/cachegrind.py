"""Instruction counts of a Python program, under valgrind's cachegrind.

Counts do not move with the machine's load, so a small change can be judged
on a busy machine by them. The benchmarks' ``--instructions`` modes run
their subject programs through `count`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

__all__ = ["available", "count"]


def available() -> bool:
    """Whether valgrind is installed (``apt-get install valgrind``)."""
    return shutil.which("valgrind") is not None


def count(script: str, *args: str) -> tuple[int, str]:
    """Runs ``python script args`` under cachegrind (no cache simulation,
    ``PYTHONHASHSEED=0`` so that every run hashes alike) and returns the
    instructions it executed and what it printed."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        script,
        *args,
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), done.stdout
