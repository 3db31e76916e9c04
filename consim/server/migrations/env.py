"""Alembic's entry point: runs the migrations on the connection that
:func:`consim.server.db.upgrade` hands over (no alembic.ini: the server configures it)."""

from __future__ import annotations

from alembic import context

from consim.server.db import Base


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by alembic, not merely imported (by the doctest collector)
    run()
