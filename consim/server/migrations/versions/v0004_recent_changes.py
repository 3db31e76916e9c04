"""The game's last changes, as the actions, undos and messages that made them, so that a
process holding an older revision of the game brings it up to date without restoring it, and
the revision at which the whole position was last saved (it is saved every few changes).

On PostgreSQL a trigger now tells the other processes of each change (NOTIFY), in the same
statement that saves it: a change costs one round trip to the database fewer.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("recent", sa.JSON(), nullable=False, server_default="[]"))
        batch.add_column(sa.Column("state_revision", sa.Integer(), nullable=False, server_default="0"))
    op.execute("UPDATE games SET state_revision = revision")  # games kept before: saved whole
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_NOTIFY_FUNCTION)
        op.execute(_NOTIFY_TRIGGER)


#: a game's new revision, to the live pages of every process ("GAME REVISION"), and, when its
#: bots are due now, to the bot workers ("GAME")
_NOTIFY_FUNCTION = """
CREATE OR REPLACE FUNCTION consim_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('consim_changes', NEW.id || ' ' || NEW.revision);
    IF NEW.bot_due IS NOT NULL AND NEW.bot_due <= extract(epoch FROM clock_timestamp()) THEN
        PERFORM pg_notify('consim_bots', NEW.id::text);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""
_NOTIFY_TRIGGER = """
CREATE TRIGGER consim_changed AFTER UPDATE OF revision ON games
FOR EACH ROW WHEN (NEW.revision <> OLD.revision) EXECUTE FUNCTION consim_changed()
"""


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS consim_changed ON games")
        op.execute("DROP FUNCTION IF EXISTS consim_changed()")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("state_revision")
        batch.drop_column("recent")
