"""[21.0] Critical Cities and Trade (Advanced Game): Cyprus events and the Muslim Navy (21.1),
Christian Damascus and the Islamic Capital (21.2, 2.1.5, 9.1), Trade Routes (21.4, 8.16)."""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import AFRICAN, CAUCASUS, EAST, PURPLE, WEST, MinorPowerShift
from consim.games.jihad.rules import effects
from consim.games.jihad.rules.actions import Actions, available
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import Position, acting, arrange, texts

ADV_SEGS = ("west", "african", "east", "caucasus")


def _cyprus_left(st: JihadState) -> tuple[int, MinorPowerShift]:
    for card in st.tables.content.cards.cards:
        for e in card.events:
            if (
                isinstance(e, MinorPowerShift)
                and e.track == "cyprus"
                and e.direction == "left"
                and not e.condition
            ):
                return card.number, e
    raise AssertionError("no unconditional ← Cyprus event")


def test_21_1_cyprus_events_wait_for_the_muslim_navy() -> None:
    st = arrange(advanced=True)
    number, effect = _cyprus_left(st)
    p = Position(st)
    box = p.track("cyprus").box
    effects.resolve(st, effect, (number, 0))
    assert p.track("cyprus").box == box
    with st.edit():
        p.adv.navy = True
    effects.resolve(st, effect, (number, 0))
    assert p.track("cyprus").box == min(box + 1, 1)
    basic = arrange()
    effects.resolve(basic, effect, (number, 0))
    assert Position(basic).track("cyprus").box == min(box + 1, 1)


def test_21_2_christian_damascus_gives_2_purple_tokens_once_a_turn() -> None:
    st = arrange(lambda p: p.d.ap.__setitem__(WEST, 1), advanced=True, stack=acting(ADV_SEGS, 0))
    assert "damascus" in texts(st)  # the Greek army stands in Damascus
    st.apply("player", "damascus")
    assert st.data.tokens[PURPLE] == 2
    assert "damascus" not in texts(st)
    with st.edit():
        p = Position(st)
        p.adv.damascus_bonus = False
        p.army("byzantine_greek").at = p.place("cilicia")  # Arab-held: no bonus
    assert "damascus" not in texts(st)


def test_21_2_1_islamic_capital_cannot_be_attacked_and_invades_like_mecca() -> None:
    def mutate(p: Position) -> None:
        p.army("byzantine_greek").at = p.place("jerusalem")
        p.set_islam("greek", 1, dis=True)
        p.d.ap[WEST] = 3
        p.d.mecca_strong = True

    st = arrange(mutate, advanced=True, stack=acting(ADV_SEGS, 0))
    greek = st.tables.greek
    assert "attack greek" in texts(st)  # Christian Damascus, Disrupted: it may be retaken
    terms = dict(board.hit_list(st, greek, 2))
    assert "Islam" not in terms and "Mecca tile" not in terms
    with st.edit():
        Position(st).adv.damascus = "capital"
    assert "attack greek" not in texts(st)  # [9.1] never against the Islamic Capital
    terms = dict(board.hit_list(st, greek, 2))
    assert terms["the Islamic Capital is always Muslim"] == 1 and terms["Mecca tile"] == 1


def _example(p: Position) -> None:
    """The 21.4 Trade example."""
    p.army("byzantine_greek").at = p.place("anatolia")
    for dead in ("byzantine_med", "exarchate", "visigoths", "byzantine_garrison_caucasus", "armenians"):
        p.army(dead).at = p.place("dead")
    franks = p.army("franks")  # the damaged Franks, active on the Med
    franks.at = p.place("aquitaine")
    franks.strength = "weak"
    p.army("byzantine_garrison_african").at = p.place("dead")
    nubians = p.army("nubians")
    nubians.at = p.place("nobatia")
    nubians.strength = "shattered"
    p.d.divided[WEST] = True
    p.d.ap[WEST], p.d.ap[CAUCASUS], p.d.ap[AFRICAN], p.d.ap[EAST] = 5, 4, 0, 0
    p.crown("caucasus", "Barjik", "khazars")
    p.track("socotra").box = 0  # one AP only


SEGS = ("greek", "med", "african", "east", "caucasus")


def test_21_4_worked_trade_example() -> None:
    st = arrange(_example, advanced=True, stack=acting(SEGS, 0))
    options = [t for t in texts(st) if t.startswith("trade african")]
    # the Nile is closed (Alexandria is Arab); the long way round reaches the Nubians
    assert options == ["trade african rally african pontic silk-road socotra"]
    st.apply("player", options[0])
    assert Position(st).army("nubians").strength == "weak" and st.data.ap[WEST] == 4
    assert not any(t.startswith("trade african") for t in texts(st))  # Silk Road, Socotra closed
    st.apply("player", "trade caucasus bank pontic")
    st.apply("player", "trade caucasus bank pontic")
    assert st.data.ap[CAUCASUS] == 6 and st.data.ap[WEST] == 2
    assert "trade caucasus bank pontic" not in texts(st)  # the Great King's limit of 6
    assert isinstance(st.top, Actions) and available(st, st.top) == 1  # one West AP is the Franks' (8.2.2)
    # the Caucasus Actions: the Khazars ship 2 AP back along the Pontic Route
    with st.edit():
        assert isinstance(st.top, Actions)
        st.top.seg = 4
    st.apply("player", "trade west rally med pontic")
    assert Position(st).army("franks").strength == "strong"
    st.apply("player", "trade west bank pontic")  # West is done but has its Capital: it banks
    assert st.data.ap[WEST] == 3 and st.data.ap[CAUCASUS] == 4
    assert st.data.spent[st.tables.med] == 0  # the gift is no spending on the Barbarian's Path


def test_21_4_2_barbarians_never_send_and_a_garrison_does() -> None:
    st = arrange(_example, advanced=True, stack=acting(SEGS, 1))  # the Franks' Med segment
    assert not any(t.startswith("trade") for t in texts(st))
    with st.edit():
        Position(st).adv.great_king = None
        assert isinstance(st.top, Actions)
        st.top.seg = 4  # the Khazars without a Great King are Barbarians
    assert not any(t.startswith("trade") for t in texts(st))
    st2 = arrange(lambda p: p.d.ap.__setitem__(CAUCASUS, 1), advanced=True, stack=acting(ADV_SEGS, 3))
    assert "trade west bank pontic" in texts(st2)  # the Garrison has the Emperor as Ruler


def test_21_4_3_no_banking_for_a_finished_empire_without_capital() -> None:
    def mutate(p: Position) -> None:
        _example(p)
        p.capital("byzantium").at = None

    st = arrange(mutate, advanced=True, stack=acting(SEGS, 4))
    assert "trade west bank pontic" not in texts(st)
    assert "trade west rally med pontic" in texts(st)
