"""The heuristic bot's rules of thumb: each test sets up a position and checks the choice a
sensible player makes there (the bot sees only ``view("player")``)."""

from __future__ import annotations

from consim.games.jihad.bots import HeuristicBot
from consim.games.jihad.content import AFRICAN, EAST, JihadTables
from consim.games.jihad.rules.events import RevoltChoice
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import Position, absorbing, acting, arrange, on, texts


def choice(st: JihadState) -> str:
    bot = HeuristicBot(st.game, "player")
    return bot.choose(st.view("player"), st.legal_actions("player")).text


def test_7_4_one_hit_is_a_step_loss_and_rome_is_never_left_while_a_step_remains() -> None:
    st = arrange(
        armies={"byzantine_greek": ("cilicia", "strong")}, stack=absorbing("greek", "byzantine_greek", 1)
    )
    assert choice(st) == "step"
    rome = arrange(
        armies={"byzantine_greek": ("rome", "weak")}, stack=absorbing("greek", "byzantine_greek", 2)
    )
    assert "retreat" in texts(rome)
    assert choice(rome) == "step"  # [5.1] leaving Rome loses the game


def test_7_4_a_strong_eastern_army_takes_two_hits_as_step_losses_and_keeps_its_land() -> None:
    east = arrange(
        armies={"persian_indian": ("seistan", "strong")}, stack=absorbing("indian", "persian_indian", 2)
    )
    assert {"step", "retreat"} <= set(texts(east))
    assert choice(east) == "step"
    west = arrange(
        armies={"byzantine_med": ("sufetula", "strong")}, stack=absorbing("med", "byzantine_med", 2)
    )
    assert choice(west) == "retreat"  # the West's AP are wanted on the Greek Path (5.1)


def _baqt_turn(p: Position) -> None:
    p.offer_baqt("african")
    p.d.pending = []  # no ▲ event of card 1 waiting to be played
    p.adv.damascus_bonus = True  # the Damascus tokens already taken this turn


def test_16_3_a_garrison_falls_back_onto_nubia_when_the_baqt_card_is_out() -> None:
    stack = absorbing("african", "byzantine_garrison_african", 1)
    st = arrange(_baqt_turn, advanced=True, stack=stack)
    assert choice(st) == "retreat"  # onto the neutral Nubians, who will sign (14.6, 16.3)
    plain = arrange(advanced=True, stack=stack)
    assert choice(plain) == "step"  # no Baqt card: hold Upper Egypt


def test_16_3_the_garrison_on_its_country_is_left_to_die_and_the_baqt_is_signed() -> None:
    def mutate(p: Position) -> None:
        _baqt_turn(p)
        garrison = p.army("byzantine_garrison_african")
        garrison.at = p.place("nobatia")
        garrison.strength = "weak"
        garrison.top = True
        p.d.ap[AFRICAN] = 1

    st = arrange(mutate, advanced=True, stack=acting(("african",)))
    assert "attack african" in texts(st)
    assert choice(st) == "done"  # no Escape: the garrison must die for Nubia to sign
    while st.to_act():
        st.apply("player", choice(st))
    assert Position(st).baqt("african") == {"kind": "full", "at": "nobatia"}


def test_7_5_1_an_army_on_a_neutral_attacks_to_escape() -> None:
    def mutate(p: Position) -> None:
        parthian = p.army("persian_parthian")
        parthian.at = p.place("transoxiana")
        parthian.strength = "weak"
        parthian.top = True
        p.d.ap[EAST] = 2  # the Oxus: an attack across a River costs 2 AP (8.3)
        p.d.pending = []
        p.adv.damascus_bonus = True

    st = arrange(mutate, advanced=True, stack=acting(("east",)))
    legal = texts(st)
    assert "rally parthian" in legal and "attack parthian" in legal
    # elsewhere a weak army rallies before it attacks; here it would die at the end of the turn
    assert choice(st).startswith("attack parthian")  # with the Immortals' best DRM, if any


def test_21_2_the_christian_damascus_tokens_are_taken() -> None:
    st = arrange(lambda p: setattr(p.d, "pending", []), advanced=True, stack=acting())
    assert "damascus" in texts(st)
    assert choice(st) == "damascus"


def test_16_4_1_a_revolt_does_not_break_a_full_baqt() -> None:
    def mutate(p: Position) -> None:
        p.set_baqt("african", "full", "nobatia")
        p.army("nubians").at = p.place("off")

    def revolt(t: JihadTables) -> RevoltChoice:
        return RevoltChoice(path=t.african, king="the leader of the Nubian kingdoms in revolt", ap=3)

    st = arrange(mutate, advanced=True, stack=on(acting(), revolt))
    assert sorted(texts(st)) == ["keep african", "revolt african"]
    assert choice(st) == "keep african"
