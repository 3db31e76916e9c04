"""The shapes of the JSON API's requests and answers (:mod:`consim.server.api`), as pydantic
models: FastAPI checks every request body and every answer against its model and publishes
them all in the OpenAPI document (``/api/openapi.json``).

The answers are built as plain dicts where the server keeps its games (a seat's page by
``service._page``, the lobby's entries by ``Service._listing``, a replay by ``Service.replay``,
the catalogue by :func:`consim.server.pages.catalogue`); these models name and describe each
key those dicts hold, in the order they hold them (so the JSON is the same key for key). A
game's ``view`` keeps its game's own shape: an open JSON object here, whose schema
``/api/catalogue/{name}/view-schema`` gives (:mod:`consim.core.views`). An answer's model refuses
keys it does not name, so a key added to one of those dicts without its model fails the
server's tests rather than being dropped from the answer unnoticed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StrictInt

__all__ = [
    "ActionIn",
    "CatalogueChoice",
    "CatalogueEntry",
    "CatalogueOption",
    "ChatIn",
    "ChatLine",
    "ClaimIn",
    "ClaimedSeat",
    "CreatedGame",
    "Error",
    "GameOutcome",
    "ListedGame",
    "LogLine",
    "NewGame",
    "ReplayAction",
    "ReplayPage",
    "SeatPage",
    "SeatPrompt",
    "UndoIn",
    "ViewSchema",
]

# -- request bodies ----------------------------------------------------------------------------


class _Body(BaseModel):
    """A request body: a key it does not name is refused (422)."""

    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    """A game to create: which game, its options and who plays each seat."""

    game: str = Field(max_length=40, description="The game's name, as in the catalogue ('iraq').")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="The game's options by name (see the catalogue); those left out take their default.",
    )
    players: dict[str, str] = Field(
        description="Who plays each seat: 'human' (a person invited by the seat's link, in the "
        "answer), 'open' (a person's seat left free for anyone in the lobby to claim) or a bot "
        "kind ('random', 'heuristic', 'ismcts:iterations=2000', ...). Every seat needs one.",
    )
    seed: StrictInt | None = Field(
        default=None, description="The seed of the game's dice and shuffles; none: a random one."
    )


class ActionIn(_Body):
    """An action a seat takes."""

    action: str = Field(
        max_length=500, description="The action's text form, one of the page's `actions` ('done')."
    )
    expect_version: StrictInt = Field(
        description="The page's `version` the action was chosen on: refused (409) if the position "
        "has changed for this seat since."
    )
    seat: str | None = Field(
        default=None,
        description="The seat meant (optional): refused (403) unless it is the link's own seat.",
    )


class UndoIn(_Body):
    """A seat taking back its last action."""

    expect_version: StrictInt = Field(
        description="The page's `version`: refused (409) if the position has changed since."
    )


class ClaimIn(_Body):
    """A free seat taken from the lobby."""

    seat: str = Field(max_length=40, description="The seat to take: one of the lobby entry's `free` seats.")


class ChatIn(_Body):
    """A message a seat sends."""

    text: str = Field(description="The message (at most 1,000 characters).")
    to: list[str] | None = Field(
        default=None, description="The seats addressed; none, null or empty: the whole table."
    )


# -- answers -----------------------------------------------------------------------------------


class _Answer(BaseModel):
    """An answer of the API: its keys are exactly its fields, in their order."""

    model_config = ConfigDict(extra="forbid")


class Error(_Answer):
    """A refused request (every 4xx, and a 500), in plain words; nothing was changed."""

    error: str = Field(description="Why the request was refused, in plain words.")


class SeatPrompt(_Answer):
    """What a seat is asked now."""

    text: str = Field(description="The question, or whom the seat is waiting for, in plain words.")
    rule: str = Field(description="The rulebook reference ('7.3'); '' when no single rule applies.")


class LogLine(_Answer):
    """One entry of the game's log."""

    seq: int = Field(description="The entry's number in the whole log (0 for the first).")
    text: str = Field(description="What happened, in plain words.")
    rule: str = Field(description="The rulebook reference ('18.4'); '' when no single rule applies.")


class ChatLine(_Answer):
    """One message between players (never part of the game, never enforced)."""

    # ``from`` is a Python keyword: the field has another name and keeps ``from`` as its key
    model_config = ConfigDict(extra="forbid", serialize_by_alias=True, validate_by_name=True)

    sender: str = Field(alias="from", description="The seat that sent it.")
    to: list[str] | None = Field(description="The seats it was sent to; null: the whole table.")
    text: str = Field(description="The message.")


class GameOutcome(_Answer):
    """How a game ended."""

    result: str = Field(description="The result, in a sentence.")
    winners: list[str] = Field(description="The seats that won: several may share a win; there may be none.")
    scores: dict[str, float] = Field(
        description="Every seat's score, higher being better for that seat, counted in `unit`."
    )
    unit: str = Field(description="What the scores count ('VP').")


class SeatPage(_Answer):
    """Everything a seat may know of its game now (a spectator's page: what the public may
    know): the page a seat's link shows, and the answer to each of its changes."""

    game_id: int = Field(description="The game's number.")
    game: str = Field(description="The game's name, as in the catalogue ('iraq').")
    title: str = Field(description="The game's title.")
    options: dict[str, Any] = Field(description="The game's options, every one, as it was created with.")
    seat: str | None = Field(description="The seat this page is for; null on a spectator's page.")
    players: dict[str, str] = Field(
        description="Who plays each seat, in words: 'person', 'open seat' (nobody yet) or the bot's name."
    )
    version: int = Field(
        description="The position's version: it goes up with every action and undo. Send it back "
        "as `expect_version`."
    )
    revision: int = Field(
        description="The game's revision: it goes up with every change saved, messages included "
        "(what the live stream at /games/{game_id}/events announces)."
    )
    to_act: list[str] = Field(description="The seats to act now.")
    your_turn: bool = Field(description="Whether this seat is to act now, with actions to choose from.")
    prompt: SeatPrompt | None = Field(description="What this seat is asked now; null on a spectator's page.")
    actions: list[str] = Field(
        description="This seat's legal actions now, in their text form (send one as `action`); "
        "empty when it is not to act."
    )
    can_undo: bool = Field(description="Whether this seat may take back its last action now.")
    chat_open: bool = Field(
        description="Whether this seat may send messages now (some games close the table talk at "
        "times); false on a spectator's page."
    )
    view: dict[str, Any] = Field(
        description="What this seat may see of the position, in its game's own shape: its JSON "
        "Schema is at /api/catalogue/{name}/view-schema."
    )
    log: list[LogLine] = Field(description="The log entries this seat may read, oldest first.")
    chat: list[ChatLine] = Field(description="The messages this seat may read, oldest first.")
    over: bool = Field(description="Whether the game has ended.")
    outcome: GameOutcome | None = Field(description="How the game ended; null until it has.")


class CreatedGame(_Answer):
    """A new game's links. Each holds its seat's secret and is shown this once."""

    game_id: int = Field(description="The new game's number.")
    seats: dict[str, str] = Field(
        description="The link of each seat played by an invited person ('human'), by seat; open "
        "seats and bots have none. The last part of a link is its secret."
    )
    spectator: str = Field(description="The spectators' link.")


class ClaimedSeat(_Answer):
    """A seat taken from the lobby."""

    game_id: int = Field(description="The game's number.")
    seat: str = Field(description="The seat taken.")
    link: str = Field(
        description="The seat's link, with its secret: shown this once (the server keeps only its hash)."
    )


class ListedGame(_Answer):
    """A game as the lobby, or the list of finished games, shows it."""

    id: int = Field(description="The game's number.")
    game: str = Field(description="The game's name, as in the catalogue ('iraq').")
    options: dict[str, Any] = Field(description="The game's options, every one, as it was created with.")
    players: dict[str, str] = Field(
        description="Who plays each seat, in words: 'person', 'open seat' (nobody yet) or the bot's name."
    )
    free: list[str] = Field(
        description="The people's seats nobody has taken yet (POST /api/games/{game_id}/claim takes one)."
    )
    to_act: list[str] = Field(description="The seats to act now (none once the game is over).")
    status: Literal["playing", "over"] = Field(description="Whether the game is still being played.")
    revision: int = Field(description="The game's revision: it goes up with every change saved.")


class CatalogueChoice(_Answer):
    """One value an option of fixed choices may take."""

    value: str = Field(description="The value, as text.")
    label: str = Field(description="The value in words.")
    meaning: str = Field(description="What choosing it means ('' when the label says it all).")


class CatalogueOption(_Answer):
    """One option of a game, as the new-game form offers it."""

    name: str = Field(description="The option's name (the key in `options`).")
    label: str = Field(description="The option's name in words.")
    kind: Literal["choice", "yes/no", "number", "text"] = Field(
        description="What the option takes: one of `choices`, true or false, a whole number, or text."
    )
    choices: list[CatalogueChoice] = Field(description="The values a 'choice' may take; empty otherwise.")
    default: bool | int | float | str | None = Field(
        description="The value a game takes when the option is left out (null: the game decides)."
    )
    description: str = Field(
        description="What the option does, in a sentence or two ('' if nothing is said)."
    )


class CatalogueEntry(_Answer):
    """A game the server plays, with its options."""

    game: str = Field(description="The game's name, what POST /api/games takes ('iraq').")
    title: str = Field(description="The game's title.")
    options: list[CatalogueOption] = Field(
        description="The options a new game may set (those naming a file on the server's machine "
        "are left out)."
    )


class ReplayAction(_Answer):
    """The action that led to a replay's step."""

    seat: str = Field(description="The seat that took it.")
    action: str | None = Field(
        description="The action's text form if the replay is the acting seat's own; null otherwise "
        "(another seat's action is named only by who took it)."
    )


class ReplayPage(_Answer):
    """A finished game as one seat (or the public) saw it after some of its actions."""

    game_id: int = Field(description="The game's number.")
    game: str = Field(description="The game's name, as in the catalogue ('iraq').")
    options: dict[str, Any] = Field(description="The game's options, every one, as it was created with.")
    title: str = Field(description="The game's title.")
    seat: str | None = Field(description="The seat whose eyes the replay shows; null: the public's.")
    seats: list[str] = Field(description="The game's seats, in order.")
    step: int = Field(description="How many of the game's actions have been taken here (0: the start).")
    steps: int = Field(description="How many actions the whole game took.")
    last: ReplayAction | None = Field(description="The action that led here; null at step 0.")
    view: dict[str, Any] = Field(
        description="What the seat (or the public) could see of the position here, in its game's "
        "own shape: its JSON Schema is at /api/catalogue/{name}/view-schema."
    )
    log: list[LogLine] = Field(description="The log entries the seat could read here, oldest first.")


class ViewSchema(RootModel[dict[str, Any]]):
    """The JSON Schema (draft 2020-12) of a game's view: the object under `view` in its seat
    pages and replays, key by key, each with its type and what it means."""
