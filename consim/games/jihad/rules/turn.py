"""[3.0] The set-up and [4.0, 6.0] the Game Turn: draw a card, resolve its events, collect AP,
then the Dar al-Islam (Advanced Game), Arab, Actions and End of Turn Phases. The turn frame sits
at the bottom of the stack; each step starts the phase's own frame. Card 50 ends the game (5.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.flow import Frame
from consim.games.jihad import board
from consim.games.jihad.content import (
    AFRICAN,
    BYZANTIUM,
    CAUCASUS,
    EAST,
    EMPIRES,
    PERSIA,
    REFUGEES,
    THEATERS,
    WEST,
    JihadTables,
)
from consim.games.jihad.rules import common
from consim.games.jihad.state import (
    Advanced,
    Army,
    Capital,
    Castle,
    EffectRef,
    Fleet,
    Immortals,
    Islam,
    JihadData,
    JihadState,
    LastStand,
    Track,
)

ERAS = ("green", "yellow", "red", "black")


# =============================================================================================
# [3.0] Set-up
# =============================================================================================


def new_data(t: JihadTables) -> JihadData:
    """[3.1, 15.3] the position before the first card: every piece where the set-up puts it."""
    c = t.content
    setup = c.setup
    advanced = t.advanced
    armies = [Army(at=t.off) for _ in t.army_name]
    for start in setup.start_armies(advanced=advanced):
        a = armies[t.army_id[start.army]]
        a.at = t.off if start.at == "off_map" else t.place_id[start.at]
        a.strength = start.strength
    d = JihadData(
        armies=armies,
        castles=[Castle(at=t.out) for _ in t.castle_name],
        capitals=[Capital(at=None), Capital(at=None)],
        islam=[Islam() for _ in t.path_name],
        rulers=[None, None],
        ap=[0] * len(t.ap_theaters),
        divided=[False, False],
        fleet=Fleet(),
        immortals=Immortals(),
        icons=t.available,
        last_stand=[LastStand(), LastStand()],
        tokens=[0, 0, 0],
        spent=[0] * len(t.path_name),
        hits=[None] * len(t.path_name),
    )
    if advanced:
        d.adv = Advanced(
            kaaba=setup.setup(advanced=True).kaaba_number or 2,  # [17.1.1]
            refugees=[t.off] * len(REFUGEES),
            baqt=[None] * len(t.path_name),
            trade_used=[0] * len(t.routes),
        )
    for piece in setup.start_pieces(advanced=advanced):
        pid, at, side = piece.piece, piece.at, piece.side
        if pid in t.castle_id:
            castle = d.castles[t.castle_id[pid]]
            castle.at = t.place_id[at]
            if side in ("strong", "weak"):
                castle.side = "strong" if side == "strong" else "weak"
            elif side in ("byzantium", "persia"):
                castle.side = "weak"
                castle.owner = "byzantium" if side == "byzantium" else "persia"
        elif pid in ("byzantine_capital", "persian_capital"):
            empire = BYZANTIUM if pid == "byzantine_capital" else PERSIA
            d.capitals[empire] = Capital(at=t.place_id[at], side="weak" if side == "weak" else "strong")
        elif pid == "greek_fleet":
            d.fleet.side = side or "plus_one"
        elif pid == "immortals":
            d.immortals.side = "horse" if side == "horse" else "elephants"
        elif pid == "mecca_tile":
            d.mecca_strong = side == "strong"
        elif pid.endswith("_last_stand"):
            empire = BYZANTIUM if pid.startswith("byzantine") else PERSIA
            d.last_stand[empire] = LastStand(side="skill" if side == "skill" else "ap")
        elif d.adv is not None and pid in REFUGEES:
            d.adv.refugees[REFUGEES.index(pid)] = t.place_id[at]  # [19.2]
        elif d.adv is not None and pid == "mujahideen":
            d.adv.muj_at = None if at == "casbah" else t.path_id[at]  # [17.1.1]
            d.adv.muj_side = "syrian" if side == "syrian" else "tribal"
    d.tracks = [Track(box=x.box, face=x.face) for x in setup.start_tracks(advanced=advanced)]
    ratings = setup.start_ruler_ratings(advanced=advanced)
    d.rulers = [ratings["byzantine_emperor"], ratings["persian_shah"]]
    for theater, ap in setup.start_ap(advanced=advanced).items():
        d.ap[THEATERS.index(theater)] = ap
    return d


def build_deck(st: JihadState) -> list[int]:
    """[3.2, 3.3] each era shuffled, its fixed first card on top; card 50 last of all.
    [3.2.1] In the Advanced Game the red-star cards are set aside, out of the deck."""
    t = st.tables
    card = t.card
    adv = st.data.adv
    first, last = t.deck.fixed_first, t.deck.fixed_last
    aside: list[int] = []
    if t.deck.set_aside_red_star:
        aside = [n for n in t.cards if card[n].red_star]
    if adv is not None:
        adv.set_aside = aside
    deck: list[int] = []
    for era in ERAS:
        cards = [n for n in t.cards if card[n].era == era and n not in first and n != last and n not in aside]
        st.rng.shuffle(cards)
        deck.append(next(n for n in first if card[n].era == era))
        deck.extend(cards)
    deck.append(last)
    return deck


def set_up(st: JihadState) -> None:
    """[3.0] set up the pieces, build the deck and announce the game; the turns follow."""
    t = st.tables
    st.data = new_data(t)
    d = st.data
    d.deck = build_deck(st)
    st.emit(
        f"The First Jihad, {'Advanced' if t.advanced else 'Basic'} Game. The Arabs ride out of Mecca; you "
        "command the empires and kingdoms that stand against them.",
        "15.0" if t.advanced else "1.0",
    )
    if d.adv is not None and d.adv.set_aside:
        st.emit(f"The red-star cards {d.adv.set_aside} are set aside until the Rightly Guided Army.", "3.2.1")
    st.emit(f"The deck holds {len(d.deck)} Event Cards in four eras.", "3.2.1")
    st.push(Turn())


# =============================================================================================
# [4.1] the Game Turn
# =============================================================================================

Step = Literal["draw", "ap", "dar", "arab", "actions", "end", "next"]


@dataclass(slots=True)
class Turn(Frame[JihadState]):
    """The Game Turn (4.1), step by step; each phase that needs decisions is a frame of its own."""

    name = "turn"
    rule = "4.1"
    step: Step = "draw"

    def run(self, st: JihadState) -> None:
        t = st.tables
        step = self.step
        if step == "draw":
            self.step = "ap"
            draw_card(st, redraw=False)
        elif step == "ap":
            self.step = "dar" if t.advanced else "arab"
            collect_ap(st)
            adv = st.data.adv
            if adv is not None and adv.truce is not None:
                st.push_named("violate")  # [22.4] the end of the Events Phase
        elif step == "dar":
            self.step = "arab"
            st.push_named("dar")  # [18.1] the Dar al-Islam Phase (Advanced Game)
        elif step == "arab":
            self.step = "actions"
            st.emit("Arab Phase: the Arabs invade each Path, counter-clockwise from the Greek Path.", "7.0")
            st.push_named("arab")
        elif step == "actions":
            self.step = "end"
            st.emit("Actions Phase.", "8.0")
            st.push_named("actions", segs=segments(st), seg=0)
        elif step == "end":
            self.step = "next"
            st.emit("End of Turn Phase.", "14.0")
            st.push_named("end")
        else:
            self.step = "draw"


def segments(st: JihadState) -> list[str]:
    """[8.1] West first (Greek then Med if Divided), then East (Indian then Parthian); in the
    Advanced Game counter-clockwise: West, Africa, East, Caucasus."""
    t = st.tables
    d = st.data
    segs: list[str] = []
    for theater in t.theaters:
        if theater in (AFRICAN, CAUCASUS):
            path = t.theater_path[theater]
            if board.active(st, path) is not None and not board.full_baqt(st, path):
                segs.append(t.path_name[path])
        elif d.divided[theater]:
            segs.extend(t.path_name[p] for p in t.theater_paths[theater])
        else:
            segs.append(THEATERS[theater])
    return segs


@dataclass(slots=True)
class Draw(Frame[JihadState]):
    """[6.0] a card without a Rose: the next card is drawn at once as this turn's card."""

    name = "draw"
    rule = "6.0"
    redraw: bool = True

    def run(self, st: JihadState) -> None:
        st.pop()
        draw_card(st, self.redraw)


def draw_card(st: JihadState, redraw: bool) -> None:
    """[6.0, 3.3] draw the top card; card 50 ends the game [5.2]."""
    t = st.tables
    d = st.data
    number = d.deck.pop(0)
    d.played.append(number)
    st.mark_reveal()
    card = t.card[number]
    if not redraw:
        d.turn += 1
        d.pending = []
        d.fleet_free = None
        d.landing = False
        d.spent = [0] * len(t.path_name)
        d.hits = [None] * len(t.path_name)
        adv = d.adv
        if adv is not None:
            adv.damascus_bonus = False
            adv.offers = []
            adv.first_turn = d.turn == 1
    d.card = number
    if not redraw:
        d.drawn_at = len(st.log)
    st.emit(f'Turn {d.turn}: card {number}, "{card.title}".', "6.0")
    if any(e.type == "game_end" for e in card.events):
        st.emit("The Abbasids oust the Umayyad Caliphate: the game ends; count Outcome Points.", "5.2")
        common.finish(st, "card50")
        return
    queue: list[EffectRef] = []
    for i, effect in enumerate(card.events):
        if effect.advanced_only and not t.advanced:
            continue  # [15.0] Advanced-only events are ignored in the Basic Game
        if effect.action_phase:
            d.pending.append((number, i))  # [8.13] played in the Actions Phase, or lost
        else:
            queue.append((number, i))
    if card.rose is not None:
        codes = ", ".join(
            f"{t.path_title[k].removesuffix(' Path')} {_rose_code(card.rose.entry(p).code())}"
            for k, p in enumerate(t.path_name)
        )
        assert card.ap is not None
        st.emit(f"The Rose: {codes}; AP {card.ap.west} West, {card.ap.east} East.", "7.1")
    if queue:
        st.push_named("events", queue=queue)


def _rose_code(code: str) -> str:
    """[7.1.2] a hex as the log writes it: a red number ("r6") as "red 6"."""
    return f"red {code[1:]}" if code.startswith("r") else code


def collect_ap(st: JihadState) -> None:
    """[6.3, 6.3.1] add the Rose's West/East AP within each Rulership limit."""
    t = st.tables
    d = st.data
    assert d.card is not None
    card = t.card[d.card]
    if card.ap is None:
        return
    adv = d.adv
    for theater, amount in ((WEST, card.ap.west), (EAST, card.ap.east)):
        name = THEATERS[theater].capitalize()
        if adv is not None and adv.truce == EMPIRES[theater]:
            # [22.1 (2)] an Empire in Truce receives 1 AP a turn instead of the Rose's
            got = common.add_ap(st, theater, 1)
            st.emit(f"{name} is in Truce: it receives {got} AP, not the Rose's.", "22.1")
            continue
        got = common.add_ap(st, theater, amount)
        limit = board.ap_limit(st, theater)
        note = f" (Rulership limit {limit})" if got < amount else ""
        st.emit(f"{name} receives {got} of {amount} AP{note}: {d.ap[theater]} AP.", "6.3.1")
    if adv is None:
        return
    for theater in (AFRICAN, CAUCASUS):
        # [16.1] the African and Caucasus active armies get 1 AP a turn, not shown on the Rose;
        # none under a Full Baqt (16.3.2), none for a Great King on the turn he appears (16.5)
        path = t.theater_path[theater]
        if board.active(st, path) is None or board.full_baqt(st, path):
            continue
        king = board.great_king(st, path)
        if king is not None and king.new:
            king.new = False
            continue
        got = common.add_ap(st, theater, t.ap_per_turn)
        st.emit(f"The {t.path_title[path]} receives {got} AP: {d.ap[theater]} AP.", "16.1")


FRAMES: tuple[type[Frame[Any]], ...] = (Turn, Draw)
