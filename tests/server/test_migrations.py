"""The migrations make exactly the tables the models describe."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from consim.server.db import Base, Store


def test_the_migrated_database_matches_the_models(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        tables = set(inspect(connection).get_table_names())
    assert differences == []
    assert {"games", "seats", "alembic_version"} <= tables
    Store(store.url)  # a second start finds the database up to date
