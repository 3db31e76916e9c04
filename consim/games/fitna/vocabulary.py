"""The names Fitna's content may use, and the checks of what each takes: countries, terrains,
forces, counter groups, card tags, the handlers of the cards with the parameters each takes,
and the victory conditions carried out by the rules. ``schema.py`` builds its models of the
files on them (and re-exports them)."""

from __future__ import annotations

import builtins
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_serializer, model_validator

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


#: the kinds of card a Cancel or a restriction may name instead of a card (provenance/cards.md
#: section 6): the cards ``tags`` lists under it; ``asset`` is every Asset that may be cancelled
CardTag = Literal["air", "missile", "drone", "cyber", "terror", "asset"]


# -- the handlers' names and parameters (provenance/cards.md sections 5-8) -------------------

#: [18.3] the conditions of an Asset that counts only in some offensives
OnlyIfCondition = Literal["attacker_has_armour", "space_is_city", "space_is_mountain", "space_has_is_symbol"]
#: the rules a Restriction card imposes (provenance/cards.md section 8)
RestrictionRule = Literal["no_offensives_between", "no_tag_against", "no_batch", "one_ops_card", "no_events"]


class HandlerParams(_Strict):
    """The parameters of a handler, as its card (or victory condition) gives them: one model
    per handler (``HANDLER_PARAMS``, ``VICTORY_HANDLER_PARAMS``), the one place their defaults
    live. A loaded ``Handler``'s ``params`` is an instance of its handler's model:

    >>> Handler(name="coup", params={"country": "syria", "scope": "all"}).params
    CoupParams(country='syria', scope='all')
    """

    def as_data(self) -> dict[str, Any]:
        """The parameters as the file gives them: plain data, with only the keys it writes (a
        default it leaves out stays out) under their names in the file (``from``).

        >>> LinkParams.model_validate({"from": "iran", "to": "mediterranean"}).as_data()
        {'from': 'iran', 'to': 'mediterranean'}
        """
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


#: a handler's parameter model, for the readers that name the one they carry out
ParamsT = TypeVar("ParamsT", bound=HandlerParams)


def expect_params(params: HandlerParams, shape: type[ParamsT], where: str) -> ParamsT:
    """``params`` as ``shape``, the model of the handler the caller carries out. The loader
    gives every handler its own model, so this fails only when a rule reads one handler's
    parameters as another's: a TypeError naming ``where`` (the card and the handler)."""
    if not isinstance(params, shape):
        found = type(params).__name__
        raise TypeError(f"{where}: its parameters are {found}, not the {shape.__name__} read here")
    return params


class NoParams(HandlerParams):
    """A handler with no parameters (``war_in_lebanon``, ``pkk_rebellion``, ``us_approval``,
    ``extra_batch``, ``evacuation_deal``)."""


class IsActivationParams(HandlerParams):
    """[25.2] ``is_activation`` (#50-53 Daesh): the IS counters the activation draws."""

    counters: int = Field(ge=1, le=6)


class KurdishActivationParams(HandlerParams):
    """[26.2] ``kurdish_activation`` (#43-46 Peshmerga): the Kurdish OPs it gives."""

    ops: int = Field(ge=1, le=8)


class CoupParams(HandlerParams):
    """[23.0-23.3] ``coup`` (#67, #68, #54): the country whose army tests its loyalty
    (``either``: the card's player picks one) and whether every unit of it on the map tests or
    those of one space he picks."""

    country: Literal["syria", "iraq", "either"]
    scope: Literal["all", "one_space"]


class OnlyIfParams(HandlerParams):
    """[18.3] ``only_if`` (#23, #28, #29, #35): the condition under which the Asset counts."""

    condition: OnlyIfCondition


class CyberWarParams(HandlerParams):
    """``cyber_war`` (#37): the cards the named opponent loses at random, the column shifts the
    player's offensives against him gain this phase, the die results on which his hackers
    strike back and the cards the player then loses."""

    opponent_loses: int = Field(ge=0, le=3)
    shift: int = Field(ge=0, le=5)
    backfire_on: list[int] = Field(min_length=1)
    backfire_loses: int = Field(ge=0, le=3)


class RestrictionParams(HandlerParams):
    """``restriction`` (#38, #65, #71-73, #86, #93): whom it binds (the card's player, an
    opponent he names, or both toward each other), the rule it imposes and until when."""

    who: Literal["self", "chosen_opponent", "both"]
    rule: RestrictionRule
    until: Literal["end_of_turn", "end_of_next_phase", "end_of_next_turn"]
    #: the tag it bars (``no_tag_against`` only)
    tag: CardTag | None = None

    @model_validator(mode="after")
    def _tag(self) -> RestrictionParams:
        if (self.tag is not None) != (self.rule == "no_tag_against"):
            raise ValueError("a restriction names a tag exactly when its rule is no_tag_against")
        return self


class MobiliseParams(HandlerParams):
    """[15.0] ``mobilise`` (#47-49): the forces whose units the player takes from his own Force
    Pool, and how many at most."""

    forces: list[Force] = Field(min_length=1)
    units: int = Field(ge=1, le=4)


class RussianSurgeParams(HandlerParams):
    """[28.0] ``russian_surge`` (#87 Kremlin Escalates): the Russian units rebuilt from the
    replacements section, or the tension change when no Russian unit is on the map."""

    rebuild: int = Field(ge=1, le=4)
    else_tension: int = Field(ge=-3, le=3)


class TargetedStrikeParams(HandlerParams):
    """[21.0] ``targeted_strike`` (#80, #84, #85): a strike on up to ``spaces`` spaces holding
    units of ``forces`` (in ``countries``, if any; within ``reach``, if any), each losing
    ``steps`` steps from those units only."""

    spaces: int = Field(ge=1, le=6)
    steps: int = Field(ge=1, le=3)
    forces: list[Force] = Field(min_length=1)
    countries: list[Country] = Field(default_factory=list)
    reach: int | None = Field(default=None, ge=1, le=10)


class OilRevenueParams(HandlerParams):
    """[16.0] ``oil_revenue`` (#76): OPs for each oilfield the player holds, at most ``max``."""

    per_oilfield: int = Field(ge=1, le=3)
    max: int = Field(ge=1, le=8)


class SecurityCouncilParams(HandlerParams):
    """``security_council`` (#90): the forces whose players may veto, the cards a veto costs,
    when the resolution ends the game (31.0) and the tension change otherwise."""

    veto_by: list[Force] = Field(min_length=1)
    veto_cost: int = Field(ge=0, le=3)
    end_on: Literal["tension_minus_4"]
    else_tension: int = Field(ge=-3, le=3)


#: every handler a card may name, with the parameters it takes: a name or a parameter the rules
#: do not know fails at load (file:line), not in play; each of them except ``only_if`` (which
#: the offensive reads itself) is a frame of the rules, ``handler_<name>`` (the game checks it)
HANDLER_PARAMS: dict[str, type[HandlerParams]] = {
    "is_activation": IsActivationParams,
    "kurdish_activation": KurdishActivationParams,
    "coup": CoupParams,
    "war_in_lebanon": NoParams,
    "pkk_rebellion": NoParams,
    "us_approval": NoParams,
    "only_if": OnlyIfParams,
    "cyber_war": CyberWarParams,
    "restriction": RestrictionParams,
    "mobilise": MobiliseParams,
    "extra_batch": NoParams,
    "russian_surge": RussianSurgeParams,
    "targeted_strike": TargetedStrikeParams,
    "evacuation_deal": NoParams,
    "oil_revenue": OilRevenueParams,
    "security_council": SecurityCouncilParams,
}
#: the handler the offensive carries out itself, without a frame of its own
BUILT_IN_HANDLERS = frozenset({"only_if"})


#: the shape of a named effect's parameters (an alias: ``type`` is a field of the models below)
_Shape = type[HandlerParams]


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
    #: its parameters: an instance of its handler's model (``known[name]``), the model's
    #: defaults standing for what the file leaves out
    params: HandlerParams = Field(default_factory=NoParams)

    @model_validator(mode="before")
    @classmethod
    def _known(cls, data: Any) -> Any:
        """Check the name and read the parameters (a dict in the file) into its model."""
        if not isinstance(data, dict):
            return data
        name = data.get("name")
        if not isinstance(name, str):  # the field's own check says what is wrong
            return {k: v for k, v in data.items() if k != "params"}
        shape = cls.known.get(name)
        if shape is None:
            raise ValueError(f"unknown {cls.called} {name!r}; {cls.called}s: {', '.join(cls.known)}")
        params = data.get("params", {})
        return {**data, "params": params if isinstance(params, shape) else shape.model_validate(params)}

    @field_serializer("params")
    def _plain(self, params: HandlerParams) -> dict[str, Any]:
        # written out (a scenario based on another, a save) as the file gives them
        return params.as_data()

    def params_as(self, shape: builtins.type[ParamsT], where: str) -> ParamsT:
        """The parameters as ``shape``, the model of the handler the caller carries out; a
        TypeError naming ``where`` (the card) and the handler if they have another shape."""
        params = self.params
        if isinstance(params, shape):  # (the rules ask at every decision: no words to build)
            return params
        return expect_params(params, shape, f"{where}, {self.called} {self.name!r}")


class Handler(_Named):
    """An effect with rules of its own, carried out by the named handler in the rules code
    (IS activation 25.2, Peshmerga 26.2, coups 23.x, War in Lebanon 24.0, PKK rebellion
    26.7, UN Security Council...)."""

    known = HANDLER_PARAMS


class LinkParams(HandlerParams):
    """[31.1] ``link``: a line of supply from a space of country ``from`` to a space of country
    ``to`` (``mediterranean``: a coastal space), traced by the seat of the condition or the
    seat ``by``; ``negate``: the condition holds when there is no such line."""

    from_: str = Field(alias="from", min_length=1)
    to: str = Field(min_length=1)
    #: the seat whose line counts (default: the seat of the condition)
    by: str = ""
    negate: bool = False


#: the victory conditions the rules carry out themselves (``rules.victory.CONDITIONS``), with
#: their parameters
VICTORY_HANDLER_PARAMS: dict[str, type[HandlerParams]] = {"link": LinkParams}


class VictoryHandler(_Named):
    """[31.1] A victory condition with rules of its own, carried out by the named check of the
    rules (``rules.victory.CONDITIONS``): a line of supply from one country to another..."""

    known = VICTORY_HANDLER_PARAMS
    called = "victory condition"
