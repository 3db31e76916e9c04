"""The README's adapter examples (section "Reinforcement learning") run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
SECTION = "## Reinforcement learning: PettingZoo, Gymnasium, OpenSpiel"


def _examples() -> list[str]:
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return re.findall(r"```python\n(.*?)```", text[start:end], flags=re.S)


def test_one_example_per_adapter() -> None:
    blocks = _examples()
    assert len(blocks) == 3
    for block, module in zip(blocks, ("consim.rl.aec", "consim.rl.gym", "consim.rl.spiel"), strict=True):
        assert module in block
        assert len(block.strip().splitlines()) <= 12


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
@pytest.mark.parametrize("index", [0, 1, 2])
def test_example_runs(index: int) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_examples()[index], f"README example {index + 1}", "exec"), {})
    printed = out.getvalue().strip()
    expected = [
        r"^\{'Sunni': -?[\d.]+, 'Shia': -?[\d.]+, 'Kurd': -?[\d.]+\}$",
        r"^mean Outcome Points ",
        r"^mean normalized score per seat: \[",
    ]
    assert re.search(expected[index], printed), printed
