"""The database's migrations (alembic): ``versions/`` holds one module per change of the
tables, and :func:`consim.server.db.Store` brings a database up to the newest on start."""
