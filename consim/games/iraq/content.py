"""Typed models of the Iraq card game's content files, validated at load time."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from consim.core.content import load_model
from consim.core.errors import ContentError

CONTENT_DIR = Path(__file__).parent / "content"

UseLetter = Literal["U", "K", "H", "N", "I", "E", "M", "A"]
SEAT_ORDER = ("US", "Sunni", "Shia", "Kurd", "Insurgent")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(_Strict):
    name: str = Field(min_length=1)
    use: UseLetter
    fv: int = Field(ge=1, le=5)


class CardsFile(_Strict):
    provenance: dict[str, Any]
    cards: list[Card]

    @model_validator(mode="after")
    def _unique(self) -> CardsFile:
        seen: set[str] = set()
        for card in self.cards:
            if card.name.casefold() in seen:
                raise ValueError(f"duplicate card name {card.name!r}")
            seen.add(card.name.casefold())
        return self


class Faction(_Strict):
    name: str
    uses: list[UseLetter] = Field(min_length=1)


class Conflict(_Strict):
    name: str
    seats: list[str] = Field(min_length=2)


class Scenario(_Strict):
    players: int = Field(ge=2, le=5)
    name: str
    seats: list[str]
    removal_readings: dict[str, list[UseLetter]] = Field(min_length=1)
    either_or_uses: list[UseLetter]


class ScenariosFile(_Strict):
    provenance: dict[str, Any]
    use_letters: dict[UseLetter, str]
    factions: dict[str, Faction]
    conflicts: dict[str, Conflict]
    scenarios: list[Scenario]

    @model_validator(mode="after")
    def _references(self) -> ScenariosFile:
        for key, conflict in self.conflicts.items():
            for seat in conflict.seats:
                if seat not in self.factions:
                    raise ValueError(f"conflict {key!r} names unknown faction {seat!r}")
        counts = [s.players for s in self.scenarios]
        if sorted(counts) != [2, 3, 4, 5]:
            raise ValueError(f"need one scenario for each of 2-5 players, got {counts}")
        for sc in self.scenarios:
            if len(sc.seats) != sc.players:
                raise ValueError(f"scenario {sc.name!r} has {len(sc.seats)} seats for {sc.players} players")
            for seat in sc.seats:
                if seat not in self.factions:
                    raise ValueError(f"scenario {sc.name!r} names unknown faction {seat!r}")
        return self


class IraqContent(_Strict):
    cards: CardsFile
    scenarios: ScenariosFile

    @model_validator(mode="after")
    def _balance(self) -> IraqContent:
        # [CARD LIST] + designer's note: each faction can use exactly 45 cards.
        for seat, faction in self.scenarios.factions.items():
            usable = [c for c in self.cards.cards if c.use in faction.uses]
            if len(usable) != 45:
                raise ValueError(f"{seat} can use {len(usable)} cards; the designer's note says 45")
        return self

    def scenario(self, players: int) -> Scenario:
        for sc in self.scenarios.scenarios:
            if sc.players == players:
                return sc
        raise KeyError(players)


def load_content(directory: Path = CONTENT_DIR) -> IraqContent:
    """Read and validate every Iraq content file (raises ``ContentError`` with file:line)."""
    cards = load_model(directory / "cards.yaml", CardsFile)
    scenarios = load_model(directory / "scenarios.yaml", ScenariosFile)
    try:
        return IraqContent(cards=cards, scenarios=scenarios)
    except ValidationError as exc:
        problems = "; ".join(str(e["msg"]) for e in exc.errors())
        raise ContentError(f"{directory}: cards.yaml and scenarios.yaml disagree: {problems}") from None


@cache
def default_content() -> IraqContent:
    return load_content()
