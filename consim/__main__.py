"""``python -m consim`` is the ``consim`` command."""

from consim.cli.main import app

app()
