"""The Advanced Game (rules 15-22), the ``advanced`` option. Each test names the rule it checks;
dice are scripted where a roll matters.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import consim
from consim.games.jihad import actions, arabs, endturn, scoring, turn
from consim.games.jihad.events import HANDLERS
from consim.games.jihad.game import JihadGame
from tests.games.jihad.conftest import Dice, acting, arrange, texts


def hits(state: Any, path: str, base: int) -> int:
    return sum(v for _, v in arabs.hit_list(state, path, base))


# -- 15 set-up, the two extra Paths, counter-clockwise order -----------------------------------


def test_15_the_advanced_game_is_a_public_option() -> None:
    g = consim.load_game("jihad", advanced=True)
    assert isinstance(g, JihadGame) and g.advanced
    assert "advanced" in g.Options.model_fields
    assert not consim.load_game("jihad").advanced  # type: ignore[attr-defined]
    assert {"advanced": True} in JihadGame.variants()


def test_15_the_basic_game_is_unchanged() -> None:
    st = arrange()
    assert st.g.paths == ("greek", "med", "indian", "parthian")
    assert "adv" not in st.s
    assert "nubians" not in st.s["armies"]
    assert all(st.g.content.card(n).basic for n in [*st.s["deck"], *st.s["played"]])


def test_15_paths_counter_clockwise_and_theaters() -> None:
    st = arrange(advanced=True)
    # [2.1.1, 7.1.1, 14.1] Greek, Med, African, Indian, Parthian, Caucasus
    assert st.g.paths == ("greek", "med", "african", "indian", "parthian", "caucasus")
    # [8.1] the Actions Phase: West, Africa, East, Caucasus
    assert st.g.theaters == ("west", "african", "east", "caucasus")


def test_15_2_1_5_1_advanced_set_up_active_and_neutral_armies() -> None:
    st = arrange(advanced=True)
    assert st.active("caucasus") == "byzantine_garrison_caucasus"
    assert st.path_armies("caucasus")[1:] == ["armenians", "khazars"]
    assert st.active("african") == "byzantine_garrison_african"
    assert st.path_armies("african")[1:] == ["nubians", "axum"]
    # [16.2] the Garrisons begin weak
    assert st.army("byzantine_garrison_caucasus")["str"] == "weak"
    assert st.army("byzantine_garrison_african")["str"] == "weak"
    adv = st.s["adv"]
    assert adv["kaaba"] == 2 and adv["muj"] == {"at": "casbah", "side": "tribal"}  # [17.1.1]
    assert adv["religion"] == "orthodox" and not adv["schism"]  # [20.1]
    assert adv["damascus"] == "christian" and not adv["navy"]  # [21.1, 21.2]
    assert adv["jews"] is None  # [19.1]
    assert set(adv["refugees"]) == {"mardaites", "parsees", "manichees"}  # [19.2]
    assert st.s["tracks"]["socotra"] == {"box": 0, "face": "africa"}  # [13.5]
    assert st.s["islam"]["african"] == {"at": 0, "dis": False}
    assert st.s["islam"]["caucasus"] == {"at": 0, "dis": False}


def test_3_2_1_advanced_deck_uses_box_cards_and_sets_aside_red_stars() -> None:
    st = arrange(advanced=True)
    c = st.g.content
    aside = st.s["adv"]["set_aside"]
    assert aside and all(c.card(n).red_star for n in aside)
    in_play = sorted([*st.s["deck"], *st.s["played"], *aside])
    assert in_play == list(range(1, 51))  # [15.4] all 50 cards, box cards included
    assert not set(aside) & set(st.s["deck"])
    assert st.s["deck"][-1] == 50


def test_3_2_1_rightly_guided_army_shuffles_the_red_stars_into_the_green_deck() -> None:
    st = arrange(advanced=True)
    c = st.g.content
    aside = list(st.s["adv"]["set_aside"])
    green_before = [n for n in st.s["deck"] if c.card(n).era == "green"]
    effect = next(e for e in c.card(2).events if e.type == "rightly_guided_army")
    HANDLERS["rightly_guided_army"](st, effect, [2, 0], None)
    deck = st.s["deck"]
    green_after = deck[: len(green_before) + len(aside)]
    assert sorted(green_after) == sorted(green_before + aside)
    assert all(c.card(n).era != "green" for n in deck[len(green_after) :])
    assert st.s["adv"]["set_aside"] == []


def test_15_1_red_numbers_are_ordinary_numbers() -> None:
    # Card 2's Greek hex is a red 6: the Basic game rolls a die, the Advanced game does not
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 2

    st = arrange(mutate, advanced=True, stack=acting())
    st.rng = Dice([])  # type: ignore[assignment]
    arabs.invade_path(st, "greek")
    assert st.top["k"] == "absorb"
    # 6 + Mecca +1 (Islam) + Mecca tile 0 + Cyprus -1 = 6
    assert st.top["hits"] == 6
    basic = arrange(mutate, stack=acting())
    basic.rng = Dice([4])  # type: ignore[assignment]
    arabs.invade_path(basic, "greek")
    assert basic.top["hits"] == 10


def test_16_1_the_new_paths_receive_one_ap_each_turn() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 1
        s["ap"] = dict.fromkeys(s["ap"], 0)

    st = arrange(mutate, advanced=True)
    turn.collect_ap(st)
    assert st.s["ap"]["african"] == 1 and st.s["ap"]["caucasus"] == 1
    assert st.s["ap"]["west"] == 3 and st.s["ap"]["east"] == 2  # the Rose's 3/2


def test_8_1_advanced_strategic_order_of_the_actions_phase() -> None:
    st = arrange(advanced=True, stack=[{"k": "turn", "step": "actions"}])
    st._run()
    assert st.top["k"] == "actions"
    assert st.top["segs"] == ["west", "african", "east", "caucasus"]


def test_7_2_invasions_run_counter_clockwise_over_six_paths() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 1

    st = arrange(mutate, advanced=True, stack=[{"k": "turn", "step": "end"}, {"k": "arab", "i": 0}])
    st._run()
    while st.top["k"] == "absorb":
        st.apply("player", texts(st)[0])
    rules = [e.text.split(":")[0] for e in st.log if e.rule in ("7.2", "7.2.4")]
    order = ["Greek Path", "Med Path", "African Path", "Indian Path", "Parthian Path", "Caucasus Path"]
    seen = [r for r in rules if r in order]
    assert seen == sorted(seen, key=order.index)
    assert "African Path" in seen and "Caucasus Path" in seen


def test_16_2_a_garrison_cannot_be_made_strong_or_loot() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["caucasus"] = 3

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 3))
    assert not any(x.startswith("rally") for x in texts(st))  # weak is the best a Garrison gets
    st.army("byzantine_garrison_caucasus")["str"] = "shattered"
    st._after_change()
    assert "rally caucasus" in texts(st) and "rally caucasus 2" not in texts(st)
    st.army("byzantine_garrison_caucasus")["str"] = "weak"
    st.s["armies"]["byzantine_garrison_caucasus"]["at"] = "vaspurakan"
    st.s["armies"]["armenians"]["at"] = "armenia"
    st._after_change()
    st.rng = Dice([6, 6])  # type: ignore[assignment]
    st.apply("player", "attack caucasus")
    assert st.army("byzantine_garrison_caucasus")["at"] == "nisibis"
    assert st.top["k"] == "actions"  # no loot prompt [9.3, 16.2]


def test_16_2_garrison_retreats_onto_the_neutral_and_dies_at_the_surrender_step() -> None:
    st = arrange(
        advanced=True,
        stack=[
            *acting(),
            {
                "k": "absorb",
                "path": "caucasus",
                "army": "byzantine_garrison_caucasus",
                "hits": 2,
                "curse": False,
            },
        ],
    )
    assert set(texts(st)) == {"step", "retreat"}
    st.apply("player", "retreat")
    assert st.army("byzantine_garrison_caucasus")["top"]
    endturn.surrender(st)
    assert st.active("caucasus") == "armenians"
    assert st.army("byzantine_garrison_caucasus")["at"] == "dead"


# -- Advanced changes inside rules 1-14 ---------------------------------------------------------


def test_5_2_e_kaaba_number_outcome_points() -> None:
    st = arrange(advanced=True)
    base = scoring.outcome_points(st)
    assert base["E_kaaba"] == -10  # Ka'aba 2
    for kaaba, points in ((8, 20), (7, 15), (6, 10), (5, 5), (4, 0), (3, -5)):
        st.s["adv"]["kaaba"] = kaaba
        parts = scoring.outcome_points(st)
        assert parts["E_kaaba"] == points
        assert parts["total"] - base["total"] == points + 10


def test_8_3_military_heartland_makes_every_attack_cost_2() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_greek"]["at"] = "greece"  # attacks Constantinople across Straits
        s["tracks"]["cyprus"]["box"] = -1  # straits cost 1

    st = arrange(mutate, advanced=True)
    assert actions.attack_cost(st, "greek") == 1
    st.s["islam"]["greek"]["at"] = 4  # Anatolia (the horse) converted
    assert actions.attack_cost(st, "greek") == 2
    st.s["armies"]["byzantine_med"]["at"] = "libya"  # an ordinary crossing: 2 as well
    assert actions.attack_cost(st, "med") == 2
    assert actions.attack_cost(st, "indian") == 1  # Persia is not affected [21.5]
    basic = arrange(mutate)
    basic.s["islam"]["greek"]["at"] = 4
    assert actions.attack_cost(basic, "greek") == 1


def test_8_4_religious_heartland_makes_each_rally_step_cost_2() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["persian_indian"].update(at="seistan", str="shattered")
        s["islam"]["indian"] = {"at": 2, "dis": False}  # Yezd (the temple) converted
        s["ap"]["east"] = 3

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 2))
    assert "rally indian" in texts(st)
    assert "rally indian 2" not in texts(st)  # 4 AP needed for two steps
    st.apply("player", "rally indian")
    assert st.s["ap"]["east"] == 1 and st.army("persian_indian")["str"] == "weak"
    assert "rally indian" not in texts(st)


def test_8_7_2_no_minor_castles_on_the_new_paths() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["castles"]["minor_castle_1"]["at"] = "out"
        s["ap"]["african"] = 5

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 1))
    assert not any(x.startswith("build-castle") for x in texts(st))


def test_8_11_naval_battle_for_socotra() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["african"] = 1
        s["tracks"]["socotra"]["box"] = 1
        s["adv"]["refugees"]["parsees"] = "sindh"  # with the neutral Pratihara: not hosted
        s["armies"]["nubians"]["at"] = "alodia"  # the Nubians, not Axum, hold Adulis
        s["armies"]["axum"]["at"] = "axum"

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 1))
    assert "naval socotra" in texts(st)
    st.rng = Dice([5])  # type: ignore[assignment]
    st.apply("player", "naval socotra")
    assert st.s["tracks"]["socotra"]["box"] == 1 and st.s["ap"]["african"] == 0  # 5 fails
    # On its Indian side it is paid from the East; the Parsees at home add +1 [19.2.1]
    st2 = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 2))
    st2.s["tracks"]["socotra"]["face"] = "indian"
    st2.s["adv"]["refugees"]["parsees"] = "seistan"
    st2.s["ap"]["east"] = 1
    st2._after_change()
    st2.rng = Dice([5])  # type: ignore[assignment]
    st2.apply("player", "naval socotra")
    assert st2.s["tracks"]["socotra"]["box"] == 0 and st2.s["ap"]["east"] == 0
    # Axum (even neutral) holding Adulis adds +1 as well
    st3 = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 1))
    st3.s["armies"]["axum"]["at"] = "adulis"
    st3._after_change()
    st3.rng = Dice([5])  # type: ignore[assignment]
    st3.apply("player", "naval socotra")
    assert st3.s["tracks"]["socotra"]["box"] == 0


def test_11_2_byzantine_religion_modifies_the_rulership_roll() -> None:
    from consim.games.jihad.content_models import RulerChange

    effect = RulerChange(type="ruler_change", empire="byzantium", modifier=0)

    def roll(religion: str, schism: bool, capital: bool) -> int:
        st = arrange(advanced=True)
        st.s["adv"]["religion"] = religion
        st.s["adv"]["schism"] = schism
        st.s["rulers"]["byzantium"] = 4
        if not capital:
            st.s["capitals"]["byzantium"]["at"] = None
        st.rng = Dice([3])  # type: ignore[assignment]
        HANDLERS["ruler_change"](st, effect, [0, 0], None)
        return int(st.s["rulers"]["byzantium"])

    rulership = arrange().g.rulership
    assert roll("orthodox", False, True) == rulership.new_rating(7)
    assert roll("catholic", False, True) == rulership.new_rating(9)
    # "-4 if you're Monophysite, in Schism, and have no capital"
    assert roll("monophysite", True, False) == rulership.new_rating(3)


def test_6_4_end_of_era_ends_jihad_schism_and_truce() -> None:
    st = arrange(advanced=True)
    adv = st.s["adv"]
    adv["jihad"] = {"target": "persia", "mode": "alternating", "path": "parthian", "stop": False}
    adv["muj"] = {"at": "parthian", "side": "syrian"}
    adv["schism"] = True
    adv["truce"] = "byzantium"
    st.s["mecca_strong"] = True
    effect = next(e for e in st.g.content.card(13).events if e.type == "end_of_era")
    HANDLERS["end_of_era"](st, effect, [13, 0], None)
    assert adv["jihad"] is None and adv["muj"]["at"] == "casbah"
    assert not adv["schism"]
    assert adv["truce"] is None and not st.s["mecca_strong"]  # Persia still in the game [22.4]


def test_6_3_2_and_14_8_banking_on_the_new_paths() -> None:
    st = arrange(advanced=True)
    st.s["ap"]["african"] = 2
    st.s["ap"]["caucasus"] = 3
    st.s["adv"]["great_king"] = {"path": "caucasus", "name": "Alp Tarkhan"}
    endturn.banking(st)
    assert st.s["ap"]["african"] == 0  # no Great King: lost
    assert st.s["ap"]["caucasus"] == 3  # a Great King banks [16.5]


def test_15_5_stop_sign_blocks_all_arab_activity_on_its_path() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 1
        s["adv"]["stop_sign"] = "indian"
        s["islam"]["indian"] = {"at": 0, "dis": False}
        s["armies"]["persian_indian"].update(cursed=True)

    st = arrange(mutate, advanced=True, stack=acting())
    arabs.invade_path(st, "indian")
    assert st.top["k"] == "actions"  # a Fitna: no Hits
    st.rng = Dice([1] * 6)  # type: ignore[assignment]
    endturn.curse_removal(st)
    assert st.s["islam"]["indian"] == {"at": 0, "dis": False}  # no advance from the Curse
    endturn.conversion_step(st)
    assert st.s["islam"]["indian"]["at"] == 0  # no conversion, not even from Mecca
    endturn.blessings_recovery(st)
    assert st.s["adv"]["stop_sign"] is None  # [14.9]


def test_14_4_tribal_mujahideen_in_the_field_stop_every_recovery() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["greek"] = {"at": 1, "dis": True}
        s["armies"]["byzantine_greek"]["at"] = "cilicia"
        s["adv"]["muj"] = {"at": "med", "side": "tribal"}

    st = arrange(mutate, advanced=True)
    endturn.islamic_recovery(st)
    assert st.s["islam"]["greek"]["dis"]
    st.s["adv"]["muj"]["at"] = "casbah"  # in the Casbah they have no effect
    endturn.islamic_recovery(st)
    assert not st.s["islam"]["greek"]["dis"]


def test_14_6_2_persian_collapse_places_zabulistan_defiant() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["persian_indian"].update(at="sindh", top=True)
        s["armies"]["persian_parthian"].update(at="transoxiana", top=True)

    st = arrange(mutate, advanced=True)
    endturn.surrender(st)
    assert st.s["rulers"]["persia"] is None
    assert st.s["adv"]["zabulistan"] == "defiant"


# -- the whole Advanced Game plays through -------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_advanced_random_playout_round_trips(seed: int) -> None:
    g = JihadGame(advanced=True)
    st = g.new_game(seed)
    r = random.Random(seed)
    steps = 0
    while not st.is_over():
        st.apply("player", r.choice(st.legal_actions("player")))
        steps += 1
        assert steps < 20000
    data = st.to_dict()
    assert g.restore(data).to_dict() == data
    assert "E_kaaba" in st.outcome().details["breakdown"]


# -- 16 Caucasus and African Paths: Baqt, Revolt, Great Kings ------------------------------------


def _diplomacy(st: Any) -> None:
    st.s["stack"] = [{"k": "turn", "step": "next"}]
    endturn.diplomacy(st)
    while st.top["k"] == "diplomacy":  # steps 4-6, stopping at the first decision
        endturn.AUTO["diplomacy"](st, st.top)
    st._after_change()


def test_16_3_2_full_baqt_shuts_the_path_down() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"  # Armenians active in Vaspurakan
        s["adv"]["offers"] = [{"kind": "baqt", "path": "caucasus"}]
        s["ap"]["caucasus"] = 0
        s["card"] = 1

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    assert texts(st) == ["baqt caucasus", "refuse caucasus"]
    st.apply("player", "baqt caucasus")
    assert st.s["adv"]["baqt"]["caucasus"] == {"kind": "full", "at": "vaspurakan"}
    assert st.army("armenians")["at"] == "off"
    assert st.army("khazars")["str"] == "weak"  # [16.3.2] the more distant power is weakened
    assert st.full_baqt("caucasus")
    # No Hits, no AP, no Actions on the Path
    st.s["stack"] = acting()
    arabs.invade_path(st, "caucasus")
    assert st.top["k"] != "absorb"
    turn.collect_ap(st)
    assert st.s["ap"]["caucasus"] == 0
    st.s["stack"] = [{"k": "turn", "step": "actions"}]
    st._run()
    assert "caucasus" not in st.top["segs"]
    # [16.3.2, 14.1] the Arabs stop short of the Baqt: Vaspurakan and the Lands beyond are not
    # theirs (5.2 B counts Nisibis only), though the weak Khazars stand far off in Balanjar
    assert st.arab_controls("nisibis") and not st.arab_controls("vaspurakan")
    assert not st.arab_controls("aghvank") and st.control_limit("caucasus") == 1


def test_16_3_option_present_lets_a_neutral_country_sign_a_full_baqt() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["adv"]["offers"] = [{"kind": "baqt", "path": "african"}]
        s["card"] = 1

    st = arrange(mutate, advanced=True, options={"baqt_country": "present"})
    _diplomacy(st)  # the Garrison holds Upper Egypt; Nubia stands neutral in Nobatia
    assert texts(st) == ["baqt african", "refuse african"]
    st.apply("player", "baqt african")
    assert st.s["adv"]["baqt"]["african"] == {"kind": "full", "at": "nobatia"}
    assert st.army("nubians")["at"] == "off" and st.army("axum")["str"] == "weak"
    garrison = st.army("byzantine_garrison_african")
    assert garrison["at"] == "upper_egypt" and not garrison["top"]  # it stays, at peace
    assert st.control_limit("african") == 0  # the Arabs hold nothing on the Path
    default = arrange(mutate, advanced=True)
    _diplomacy(default)
    assert default.s["adv"]["baqt"]["african"] is None  # the default: only an active Country signs


def test_16_3_1_islam_blocks_the_baqt_and_a_neutral_country_cannot_sign() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["adv"]["offers"] = [{"kind": "baqt", "path": "caucasus"}]

    st = arrange(mutate, advanced=True)  # the Garrison is still the active army
    _diplomacy(st)
    assert not texts(st)
    st2 = arrange(mutate, advanced=True)
    st2.s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
    st2.s["islam"]["caucasus"] = {"at": 2, "dis": True}  # Vaspurakan converted
    _diplomacy(st2)
    assert not texts(st2)


def test_16_3_3_partial_baqt_moves_the_distant_power_and_stops_islam() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
        s["armies"]["armenians"]["at"] = "armenia"  # the Partial flag
        s["adv"]["offers"] = [{"kind": "baqt", "path": "caucasus"}]
        s["islam"]["caucasus"] = {"at": 2, "dis": False}

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    st.apply("player", "baqt caucasus")
    assert st.s["adv"]["baqt"]["caucasus"] == {"kind": "partial", "at": "armenia"}
    assert st.active("caucasus") == "khazars" and st.army("khazars")["at"] == "armenia"
    # the Khazars are driven back: Armenia is Arab-held, but the marker can never enter it
    st.army("khazars")["at"] = "aghvank"
    st.rng = Dice([1])  # type: ignore[assignment]
    assert endturn.conversion_roll(st, "caucasus", False, "14.3") is None
    assert st.s["islam"]["caucasus"]["at"] == 2


def test_16_4_1_revolt_on_a_full_baqt_is_the_players_choice() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["armenians"]["at"] = "off"
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
        s["adv"]["baqt"]["caucasus"] = {"kind": "full", "at": "vaspurakan"}
        s["adv"]["great_king"] = {"path": "african", "name": "Cyriacus", "army": "nubians"}
        s["ap"]["african"] = 5

    st = arrange(mutate, advanced=True, stack=acting())
    from consim.games.jihad.content_models import Revolt

    effect = Revolt(type="revolt", country="armenians", great_king_ap=3)
    HANDLERS["revolt"](st, effect, [0, 0], None)
    assert st.s["adv"]["great_king"] is None and st.s["ap"]["african"] == 0  # [16.5] old king gone
    st._after_change()
    assert texts(st) == ["revolt caucasus", "keep caucasus"]
    st.apply("player", "revolt caucasus")
    assert st.active("caucasus") == "armenians"
    assert st.army("armenians") == {
        "at": "vaspurakan",
        "str": "strong",
        "cursed": False,
        "sieged": False,
        "top": False,
    }
    assert st.s["adv"]["baqt"]["caucasus"] is None
    assert st.s["adv"]["great_king"]["path"] == "caucasus" and st.s["ap"]["caucasus"] == 3


def test_16_4_2_revolt_on_a_partial_baqt_is_forced() -> None:
    from consim.games.jihad.content_models import Revolt

    effect = Revolt(type="revolt", country="nubians", great_king_ap=3)

    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_garrison_african"]["at"] = "dead"
        s["armies"]["nubians"]["at"] = "off"
        s["armies"]["axum"]["at"] = "upper_egypt"  # (1) past the Full flag, near Mecca
        s["adv"]["baqt"]["african"] = {"kind": "partial", "at": "makouria"}

    st = arrange(mutate, advanced=True)
    HANDLERS["revolt"](st, effect, [0, 0], None)
    assert st.army("nubians")["at"] == "upper_egypt" and st.army("axum")["at"] == "makouria"
    assert st.active("african") == "nubians" and st.s["adv"]["baqt"]["african"] is None
    assert st.s["adv"]["great_king"]["army"] == "nubians"

    def behind(s: dict[str, Any]) -> None:
        mutate(s)
        s["armies"]["axum"]["at"] = "alodia"  # (2) behind the Partial flag

    st2 = arrange(behind, advanced=True)
    HANDLERS["revolt"](st2, effect, [0, 0], None)
    assert st2.army("axum")["at"] == "alodia" and st2.army("nubians")["at"] == "nobatia"
    assert st2.active("african") == "nubians"


def test_16_4_4_revolt_without_baqt_helps_only_an_active_country() -> None:
    from consim.games.jihad.content_models import Revolt

    effect = Revolt(type="revolt", country="armenians", great_king_ap=3)
    st = arrange(advanced=True)  # the Garrison is active, the Armenians neutral
    HANDLERS["revolt"](st, effect, [0, 0], None)
    assert st.s["adv"]["great_king"] is None
    st.s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
    HANDLERS["revolt"](st, effect, [0, 0], None)
    assert st.s["adv"]["great_king"]["army"] == "armenians" and st.s["ap"]["caucasus"] == 3


def test_16_5_great_king_banks_up_to_6_gets_no_ap_the_first_turn_and_dies_with_his_army() -> None:
    from consim.games.jihad.content_models import GreatKingEvent

    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 1
        s["ap"]["caucasus"] = 0

    st = arrange(mutate, advanced=True)
    effect = GreatKingEvent(type="great_king", path="caucasus", ap=4, name="Barjik")
    HANDLERS["great_king"](st, effect, [0, 0], None)
    king = st.s["adv"]["great_king"]
    assert king["army"] == "byzantine_garrison_caucasus" and st.s["ap"]["caucasus"] == 4
    turn.collect_ap(st)
    assert st.s["ap"]["caucasus"] == 4  # no automatic AP the turn he appears
    st.s["ap"]["caucasus"] = 5
    turn.collect_ap(st)
    assert st.s["ap"]["caucasus"] == 6
    turn.collect_ap(st)
    assert st.s["ap"]["caucasus"] == 6  # never more than 6
    st.army("byzantine_garrison_caucasus").update(at="vaspurakan", top=True)
    endturn.surrender(st)
    assert st.s["adv"]["great_king"] is None and st.s["ap"]["caucasus"] == 0


def test_16_5_a_great_king_banks_what_he_does_not_spend() -> None:
    from consim.games.jihad.content_models import GreatKingEvent

    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 1
        s["pending"] = []
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"  # the Armenians are active

    st = arrange(mutate, advanced=True, stack=acting(("caucasus",)))
    effect = GreatKingEvent(type="great_king", path="caucasus", ap=4, name="Barjik")
    HANDLERS["great_king"](st, effect, [0, 0], None)
    st.apply("player", "done")  # [8.2.2] is about a Divided Theater's Barbarian, not a Great King
    assert st.s["ap"]["caucasus"] == 4
    assert not any(e.rule == "8.2.2" for e in st.log)


def test_9_4_raising_a_siege_costs_1_even_after_the_military_heartland_falls() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_greek"].update(at="constantinople", sieged=True)
        s["islam"]["greek"]["at"] = 4  # Anatolia (the horse) converted

    st = arrange(mutate, advanced=True)
    assert actions.attack_cost(st, "greek") == 1  # [9.4] no Crossing, so no 21.5 surcharge


def test_16_5_1_great_king_may_break_a_full_baqt() -> None:
    from consim.games.jihad.content_models import GreatKingEvent

    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["armenians"]["at"] = "off"
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
        s["adv"]["baqt"]["caucasus"] = {"kind": "full", "at": "vaspurakan"}

    st = arrange(mutate, advanced=True, stack=acting())
    HANDLERS["great_king"](
        st, GreatKingEvent(type="great_king", path="caucasus", ap=3, name="X"), [0, 0], None
    )
    st._after_change()
    st.apply("player", "keep caucasus")
    assert st.full_baqt("caucasus") and st.s["adv"]["great_king"] is None


def test_14_10_step_1_trade_route_checks() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["fleet"]["side"] = "greek_fire"
        s["armies"]["byzantine_garrison_african"]["at"] = "dead"
        s["armies"]["nubians"]["at"] = "dead"
        s["armies"]["axum"]["at"] = "axum"  # Adulis Arab-held

    st = arrange(mutate, advanced=True)
    endturn.trade_routes_check(st)
    assert st.s["fleet"]["side"] == "greek_fire"  # Constantinople ours, Balanjar neutral
    assert st.s["tracks"]["socotra"]["face"] == "indian"
    st.s["armies"]["khazars"]["at"] = "khazaria"
    st.s["armies"]["armenians"]["at"] = "dead"
    st.s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"  # the Arabs reach Balanjar
    endturn.trade_routes_check(st)
    assert st.s["fleet"]["side"] == "plus_one"  # [12.1] Greek Fire lost
