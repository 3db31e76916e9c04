"""The names Fitna's content may use, and the checks of what each takes: countries, terrains,
forces, counter groups, card tags, the handlers of the cards with the parameters each takes,
and the victory conditions carried out by the rules. ``schema.py`` builds its models of the
files on them (and re-exports them)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

# =============================================================================================
# Vocabulary
# =============================================================================================

#: [2.1] the countries of the map
Country = Literal["iraq", "syria", "lebanon", "kuwait", "israel", "turkey", "iran", "jordan", "saudi_arabia"]
#: [2.1] the three terrains (terrain itself has no effect on movement, 17.1)
Terrain = Literal["clear", "mountain", "marsh"]
#: [26.0] the three Kurdish factions
KurdishFaction = Literal["KDP", "PYD", "PKK"]

#: the forces a counter belongs to: who may stack with whom (20.0), who supplies it (14.x),
#: who controls it (20.0, 27.1, 28.0) and who may attack it (21.0) depend on it
Force = Literal[
    # national armies
    "syria",
    "iraq",
    "iran",
    "israel",
    "turkey",
    "saudi_arabia",
    "russia",
    "us",
    "france",
    "uk",
    # [3.3, 14.2] the Arab Allied armies
    "jordan",
    "egypt",
    "kuwait",
    "uae",
    "bahrain",
    "qatar",
    "oman",
    "yemen",
    # [14.6, 20.0] Lebanon
    "lebanese_army",
    "hezbollah",
    # [14.3-14.5, 20.0, 23.1] militias and rebels
    "shia_militia",
    "sunni_militia",
    "al_sham_militia",
    "fsa",
    "fia",
    # [26.0] the Kurdish Peshmergas and [25.0] IS
    "kdp",
    "pyd",
    "pkk",
    "is",
]

#: [3.1] the sixteen colour groups of the counters
ColourGroup = Literal[
    "saudi_army",
    "arab_allied_armies",
    "us",
    "french",
    "british",
    "israeli_army",
    "turkish_army",
    "sunni_militias",
    "iranian_army",
    "iraqi_army",
    "syrian_army",
    "shia_militias",
    "hezbollah_lebanese_army",
    "russian_forces",
    "kurdish_peshmerga",
    "is",
]

#: [3.0] unit sizes: corps (XXX, Turkish only), division, brigade, regiment; Kurdish and IS
#: counters are groups; a garrison is a static Kurdish village garrison (26.1)
UnitSize = Literal["corps", "division", "brigade", "regiment", "group", "garrison"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Sourced(_Strict):
    """Where a record came from: ``reconstructed`` names each field that no rulebook or public
    source gives (an owner of the physical game can replace it in data alone); ``note`` gives
    the reason for the values chosen."""

    reconstructed: list[str] = Field(default_factory=list)
    note: str = ""


#: the kinds of card a Cancel or a restriction may name instead of a card (provenance/cards.md
#: section 6): the cards ``tags`` lists under it; ``asset`` is every Asset that may be cancelled
CardTag = Literal["air", "missile", "drone", "cyber", "terror", "asset"]


# -- the handlers' names and parameters (provenance/cards.md sections 5-8) -------------------

#: [18.3] the conditions of an Asset that counts only in some offensives
OnlyIfCondition = Literal["attacker_has_armour", "space_is_city", "space_is_mountain", "space_has_is_symbol"]
#: the rules a Restriction card imposes (provenance/cards.md section 8)
RestrictionRule = Literal["no_offensives_between", "no_tag_against", "no_batch", "one_ops_card", "no_events"]


class _NoParams(_Strict):
    pass


class _IsActivation(_Strict):
    counters: int = Field(ge=1, le=6)


class _KurdishActivation(_Strict):
    ops: int = Field(ge=1, le=8)


class _Coup(_Strict):
    country: Literal["syria", "iraq", "either"]
    scope: Literal["all", "one_space"]


class _OnlyIf(_Strict):
    condition: OnlyIfCondition


class _CyberWar(_Strict):
    opponent_loses: int = Field(ge=0, le=3)
    shift: int = Field(ge=0, le=5)
    backfire_on: list[int] = Field(min_length=1)
    backfire_loses: int = Field(ge=0, le=3)


class _Restriction(_Strict):
    who: Literal["self", "chosen_opponent", "both"]
    rule: RestrictionRule
    until: Literal["end_of_turn", "end_of_next_phase", "end_of_next_turn"]
    #: the tag it bars (``no_tag_against`` only)
    tag: CardTag | None = None

    @model_validator(mode="after")
    def _tag(self) -> _Restriction:
        if (self.tag is not None) != (self.rule == "no_tag_against"):
            raise ValueError("a restriction names a tag exactly when its rule is no_tag_against")
        return self


class _Mobilise(_Strict):
    forces: list[Force] = Field(min_length=1)
    units: int = Field(ge=1, le=4)


class _RussianSurge(_Strict):
    rebuild: int = Field(ge=1, le=4)
    else_tension: int = Field(ge=-3, le=3)


class _TargetedStrike(_Strict):
    spaces: int = Field(ge=1, le=6)
    steps: int = Field(ge=1, le=3)
    forces: list[Force] = Field(min_length=1)
    countries: list[Country] = Field(default_factory=list)
    reach: int | None = Field(default=None, ge=1, le=10)


class _OilRevenue(_Strict):
    per_oilfield: int = Field(ge=1, le=3)
    max: int = Field(ge=1, le=8)


class _SecurityCouncil(_Strict):
    veto_by: list[Force] = Field(min_length=1)
    veto_cost: int = Field(ge=0, le=3)
    end_on: Literal["tension_minus_4"]
    else_tension: int = Field(ge=-3, le=3)


#: every handler a card may name, with the parameters it takes: a name or a parameter the rules
#: do not know fails at load (file:line), not in play; each of them except ``only_if`` (which
#: the offensive reads itself) is a frame of the rules, ``handler_<name>`` (the game checks it)
HANDLER_PARAMS: dict[str, type[_Strict]] = {
    "is_activation": _IsActivation,
    "kurdish_activation": _KurdishActivation,
    "coup": _Coup,
    "war_in_lebanon": _NoParams,
    "pkk_rebellion": _NoParams,
    "us_approval": _NoParams,
    "only_if": _OnlyIf,
    "cyber_war": _CyberWar,
    "restriction": _Restriction,
    "mobilise": _Mobilise,
    "extra_batch": _NoParams,
    "russian_surge": _RussianSurge,
    "targeted_strike": _TargetedStrike,
    "evacuation_deal": _NoParams,
    "oil_revenue": _OilRevenue,
    "security_council": _SecurityCouncil,
}
#: the handler the offensive carries out itself, without a frame of its own
BUILT_IN_HANDLERS = frozenset({"only_if"})


#: the shape of a named effect's parameters (an alias: ``type`` is a field of the models below)
_Shape = type[_Strict]


class _Named(_Strict):
    """An effect or a condition with rules of its own, carried out by the named part of the
    rules code with its parameters; the name and the parameters' shape are checked against
    ``known`` as the content loads."""

    #: the names the rules know, with the shape of each one's parameters
    known: ClassVar[dict[str, _Shape]] = {}
    #: what the name names, in an error
    called: ClassVar[str] = "handler"
    type: Literal["handler"] = "handler"
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    #: its parameters, as it documents them
    params: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> Self:
        shape = self.known.get(self.name)
        if shape is None:
            raise ValueError(f"unknown {self.called} {self.name!r}; {self.called}s: {', '.join(self.known)}")
        shape.model_validate(self.params)
        return self


class Handler(_Named):
    """An effect with rules of its own, carried out by the named handler in the rules code
    (IS activation 25.2, Peshmerga 26.2, coups 23.x, War in Lebanon 24.0, PKK rebellion
    26.7, UN Security Council...)."""

    known = HANDLER_PARAMS


class _Link(_Strict):
    from_: str = Field(alias="from", min_length=1)
    to: str = Field(min_length=1)
    #: the seat whose line counts (default: the seat of the condition)
    by: str = ""
    negate: bool = False


#: the victory conditions the rules carry out themselves (``rules.victory.CONDITIONS``), with
#: their parameters
VICTORY_HANDLER_PARAMS: dict[str, type[_Strict]] = {"link": _Link}


class VictoryHandler(_Named):
    """[31.1] A victory condition with rules of its own, carried out by the named check of the
    rules (``rules.victory.CONDITIONS``): a line of supply from one country to another..."""

    known = VICTORY_HANDLER_PARAMS
    called = "victory condition"
