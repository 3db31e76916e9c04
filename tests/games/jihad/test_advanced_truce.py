"""[22.0] Truce (Hudna), Advanced Game: offers decided in the Diplomacy Step (14.10 step 4), the
Persian and Greek conditions (22.2, 22.3), the Truce's effects (22.1) and breaking it (22.4)."""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import EAST, WEST
from consim.games.jihad.rules import arab, effects, turn
from consim.games.jihad.rules.actions import Actions
from consim.games.jihad.rules.diplomacy import Diplomacy
from consim.games.jihad.rules.events import Violate
from consim.games.jihad.rules.turn import Turn
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import LoadedDice, Position, acting, arrange, muster, texts


def _persians_home(p: Position) -> None:
    p.army("persian_indian").at = p.place("yezd")
    p.army("persian_parthian").at = p.place("nehavend")


def _diplomacy(st: JihadState) -> None:
    """Run the Diplomacy Step (14.10) over an Actions Phase, which stops the run if no decision
    of the step does."""
    with st.edit():
        st.stack[:] = [*acting()(st.tables), Diplomacy()]


def test_22_0_the_offer_waits_for_the_diplomacy_step() -> None:
    st = arrange(advanced=True)
    effect = next(e for e in st.tables.card[2].events if e.type == "truce_offer")
    effects.resolve(st, effect, (2, 1))
    adv = Position(st).adv
    assert [(o.kind, o.empire) for o in adv.offers] == [("truce", "persia")]
    assert adv.truce is None


def test_22_2_persian_truce_accepted_and_a_jihad_vs_greece_next_turn() -> None:
    def mutate(p: Position) -> None:
        _persians_home(p)
        p.offer_truce("persia")
        muster(p)

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    assert texts(st) == ["truce accept", "truce reject"]
    st.rng = LoadedDice([3])
    st.apply("player", "truce accept")
    p = Position(st)
    assert p.adv.truce == "persia" and st.data.mecca_strong
    jihad = p.jihad()
    assert jihad is not None and jihad["mode"] == "alternating"
    # the Jihad starts next turn: this turn's Redirection leaves it on the Greek Path
    assert jihad["path"] == "greek" and not p.adv.jihad_fresh


def test_22_2_persian_truce_must_be_rejected_then_a_jihad_vs_persia() -> None:
    def mutate(p: Position) -> None:
        p.offer_truce("persia")
        muster(p)

    st = arrange(mutate, advanced=True)  # the Persians are in Khuzestan and Ctesiphon
    _diplomacy(st)
    assert not any(t.startswith("truce") for t in texts(st))
    p = Position(st)
    assert p.adv.truce is None
    assert p.jihad() == {"target": "persia", "mode": "alternating", "path": "parthian", "stop": False}

    def home(p: Position) -> None:
        mutate(p)
        _persians_home(p)
        p.islam("indian").at = 2  # Yezd (Zoroastrian) converted

    st2 = arrange(home, advanced=True)
    assert not board.may_accept(st2, "persia")[0]


def test_22_3_greek_truce_conditions_and_refusal_without_effect() -> None:
    def mutate(p: Position) -> None:
        p.offer_truce("byzantium")

    st = arrange(mutate, advanced=True)  # Byzantium holds Damascus and Alexandria (Green Boxes)
    ok, why = board.may_accept(st, "byzantium")
    assert not ok and "Green Box" in why
    _diplomacy(st)
    adv = Position(st).adv
    assert adv.truce is None and adv.jihad is None

    def outside(p: Position) -> None:
        mutate(p)
        p.army("byzantine_greek").at = p.place("cilicia")
        p.army("byzantine_med").at = p.place("libya")

    st2 = arrange(outside, advanced=True)
    assert "Green Box" in board.may_accept(st2, "byzantium")[1]  # the Garrison holds Nisibis
    with st2.edit():
        p2 = Position(st2)
        p2.army("byzantine_garrison_caucasus").at = p2.place("dead")
        p2.army("byzantine_garrison_african").at = p2.place("dead")
    _diplomacy(st2)
    st2.apply("player", "truce accept")
    assert Position(st2).adv.truce == "byzantium"


def _in_truce(p: Position) -> None:
    p.adv.truce = "persia"
    p.d.mecca_strong = True
    p.d.card = 1
    p.d.ap[:] = [0] * len(p.d.ap)
    p.army("persian_parthian").at = p.place("nehavend")
    muster(p, kaaba=2)


def test_22_1_one_ap_no_attacks_no_hits() -> None:
    st = arrange(_in_truce, advanced=True)
    turn.collect_ap(st)
    assert st.data.ap[EAST] == 1 and st.data.ap[WEST] == 3  # card 1: West 3, East 2
    with st.edit() as d:
        d.ap[EAST] = 3
        st.stack[:] = acting(("west", "african", "east", "caucasus"), 2)(st.tables)
    assert not any(t.startswith("attack parthian") for t in texts(st))
    st.rng = LoadedDice([])
    arab.invade_path(st, st.tables.parthian)
    assert isinstance(st.top, Actions)  # the Hits are ignored
    assert any(e.rule == "22.1" and "ignored" in e.text for e in st.log)


def test_22_4_breaking_the_truce() -> None:
    st = arrange(_in_truce, advanced=True, stack=lambda t: [Turn(step="ap")])
    assert isinstance(st.top, Violate) and texts(st) == ["truce keep", "truce break"]
    assert st.data.ap[EAST] == 1
    st.apply("player", "truce break")
    adv = Position(st).adv
    assert adv.truce is None and adv.kaaba == 3
    assert not st.data.mecca_strong  # Persia is still in the game
    assert st.data.ap[EAST] == 3  # 1 + the Rose's 2
    kept = arrange(_in_truce, advanced=True, stack=lambda t: [Turn(step="ap")])
    kept.apply("player", "truce keep")
    assert Position(kept).adv.truce == "persia" and kept.data.ap[EAST] == 1


def test_22_2_option_either_condition_lets_persia_accept() -> None:
    st = arrange(advanced=True)  # no Zoroastrian Land converted, but the Persians are not home
    assert not board.may_accept(st, "persia")[0]
    either = arrange(advanced=True, options={"persian_truce": "either"})
    assert board.may_accept(either, "persia")[0]
    with either.edit():
        Position(either).islam("indian").at = 2  # Yezd (Zoroastrian) converted: now neither holds
    assert not board.may_accept(either, "persia")[0]
