"""Bot work: when a game's bots are due to move, and the lease of the worker moving them.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bot_due", sa.Float(), nullable=True))
        batch.add_column(sa.Column("lease_owner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float(), nullable=True))
        batch.create_index("ix_games_bot_due", ["bot_due"], unique=False)
    # games kept before: a worker looks at each game still played that has a bot (and finds
    # whether one is to act); 0 is long past, so they come first
    op.execute(
        "UPDATE games SET bot_due = 0 WHERE status = 'playing' "
        "AND id IN (SELECT game_id FROM seats WHERE kind = 'bot')"
    )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_bot_due")
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
        batch.drop_column("bot_due")
