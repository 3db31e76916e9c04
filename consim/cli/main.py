"""The ``consim`` command: list, play, simulate, replay, export, validate, schema."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="consim",
    help="Conflict simulations of the Middle East: play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
)


def _register() -> None:
    from consim.cli import play as _play  # noqa: F401
    from consim.cli import report as _report  # noqa: F401
    from consim.cli import review as _review  # noqa: F401
    from consim.cli import serve as _serve  # noqa: F401
    from consim.cli import simulate as _simulate  # noqa: F401


_register()

if __name__ == "__main__":
    app()
