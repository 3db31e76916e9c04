"""The boards drawn as pictures (each game's ``draw.board_for(view)``): well-formed SVG that
shows what the seat's view says and nothing the view does not hold; and the seat, spectator
and replay pages that carry them."""

from __future__ import annotations

import html
import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim
from consim.cli.render import game_picture
from consim.core.game import State
from tests.server.conftest import create

_SVG = "{http://www.w3.org/2000/svg}"

#: the games and options drawn, and how many random actions each position is taken after
_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("iraq", {"players": 3}),
    ("iraq", {"players": 5}),
    ("jihad", {}),
    ("jihad", {"advanced": True}),
    ("baghdad", {"players": 4}),
    ("baghdad", {"players": 6}),
    ("fitna", {"scenario": 1}),
]
_IDS = [f"{g}-{'-'.join(f'{k}{v}' for k, v in o.items()) or 'basic'}" for g, o in _GAMES]


def _positions(game: str, options: dict[str, Any], seed: int = 5, steps: int = 90) -> Iterator[State]:
    """A new game, then the position every few random actions (with the actions the seats
    had: some are bots' choices, all are legal)."""
    state = consim.load_game(game, **options).new_game(seed=seed)
    choose = random.Random(seed).choice
    yield state
    for step in range(steps):
        if state.is_over() or not state.to_act():
            break
        seat = state.to_act()[0]
        state.apply(seat, choose(state.legal_actions(seat)))
        if step % 30 == 29:
            yield state


def _texts(svg: str) -> tuple[ET.Element, str]:
    """The parsed picture and all the words it shows (text and tooltips), one line each."""
    root = ET.fromstring(svg)
    assert root.tag == f"{_SVG}svg"
    words = [
        "".join(el.itertext())
        for el in root.iter()
        if el.tag in (f"{_SVG}text", f"{_SVG}title") and el.get("aria-hidden") != "true"
    ]
    return root, "\n".join(words)


def _secret_names(game: str) -> set[str]:
    """The names of the things a seat may hold in secret: cards, and Fitna's units."""
    if game == "iraq":
        from consim.games.iraq.content import default_content as iraq

        return {c.name for c in iraq().cards.cards}
    if game == "baghdad":
        from consim.games.baghdad.content import default_content as baghdad

        c = baghdad()
        names = {x.name for x in c.arms_bazaar.cards} | {x.name for x in c.arab_street.cards}
        return names | {x.name for x in c.command_cards.command_cards}
    if game == "fitna":
        from consim.games.fitna.content import default_content as fitna

        f = fitna()
        return {c.name for c in f.cards.cards} | {u.name for u in f.counters.counters}
    return set()


@pytest.mark.parametrize(
    ("game", "options"),
    # (the largest boards in a full run, CI's: tests/conftest.py)
    [
        pytest.param(
            g, o, id=i, marks=[pytest.mark.slow] if i in ("baghdad-players6", "fitna-scenario1") else []
        )
        for (g, o), i in zip(_GAMES, _IDS, strict=True)
    ],
)
def test_each_picture_is_svg_showing_the_view_and_nothing_hidden(game: str, options: dict[str, Any]) -> None:
    draw = game_picture(game)
    assert draw is not None, f"{game} has no picture"
    hidden_seen = 0
    secrets = _secret_names(game)
    for state in _positions(game, options):
        seats = [*state.game.seats, None]
        views = {s: state.view(s) for s in seats}
        for seat in seats:
            view = views[seat]
            root, words = _texts(draw(view))
            assert not re.search(r"\bNone\b|\{'|\['|object at 0x", words), words
            # nothing another seat may know and this one may not: every text of another
            # seat's view that this seat's view does not hold stays out of the picture
            mine = json.dumps(view, ensure_ascii=False)
            known = {json.dumps(v, ensure_ascii=False) for other, v in views.items() if other != seat}
            hidden = {
                name
                for name in secrets
                if _named(name, mine) is False and any(_named(name, k) for k in known)
            }
            hidden_seen += len(hidden)
            leaked = sorted(h for h in hidden if _named(h, words))
            assert not leaked, f"{game} {seat}: {leaked[:5]}"
            _shows_the_view(game, view, words, root)
    if game in ("iraq", "baghdad"):  # games with secret hands: the check above bit on something
        assert hidden_seen > 0


def _named(name: str, document: str) -> bool:
    """Whether ``name`` appears in ``document`` as a whole name (not inside a longer one)."""
    quoted = re.escape(json.dumps(name, ensure_ascii=False)[1:-1])
    return re.search(rf"(?<![\w-]){quoted}(?![\w-])", document) is not None


def _shows_the_view(game: str, view: Mapping[str, Any], words: str, root: ET.Element) -> None:
    """What the picture must show of the view, game by game."""
    targets = {el.get("data-target") for el in root.iter() if el.get("data-target")}
    if game == "iraq":
        for seat, vp in view["vp"].items():
            assert seat in words and str(vp) in words
        for card in view.get("hand", []):
            assert card["name"] in words and card["name"] in targets
        if view.get("seat") is None:
            assert "Your hand" not in words
    elif game == "baghdad":
        from consim.games.baghdad.content import default_content
        from consim.games.baghdad.present import ABBR

        names = {z.id: z.name for z in default_content().map.zones}
        for zid, zone in view["zones"].items():
            assert names[zid] in targets
            for faction, (sec, inf) in zone["units"].items():
                assert f"{ABBR[faction]} {sec}/{inf}" in words
            if zone["control"]:
                assert f"{names[zid]}: " in words and f"held by {zone['control']}" in words
        combat = view.get("combat") or {}
        if combat.get("zone"):
            assert f"{names[combat['zone']]}: " in words and "battle here" in words
        for faction, pp in view["pp"].items():
            assert faction in words and str(pp) in words
        for card in view.get("hand", []):
            assert card in words and card in targets
    elif game == "jihad":
        for path in view["paths"]:
            assert path["id"] in targets
            for land in path["lands"]:
                assert land["name"] in words and land["id"] in targets
        lands = {land["id"] for p in view["paths"] for land in p["lands"]}
        for army in view["armies"].values():
            if army["at"] in lands:
                assert army["name"] in words
        for castle in view["castles"].values():
            if castle["at"] in lands:
                assert f"Castle {castle['value']}" in words
    elif game == "fitna":
        assert f"Turn {view['turn']}" in words


def test_the_pictures_are_drawn_from_the_view_alone() -> None:
    """The view as the server keeps it (plain JSON) gives the same picture as the live view:
    the drawing needs nothing but the view's data."""
    for game, options in _GAMES[::2]:
        state = consim.load_game(game, **options).new_game(seed=2)
        seat = state.game.seats[0]
        draw = game_picture(game)
        assert draw is not None
        assert draw(json.loads(json.dumps(state.view(seat)))) == draw(state.view(seat))


# -- the pages -----------------------------------------------------------------------------------


_PAGE_OPTIONS: dict[str, dict[str, Any]] = {
    "iraq": {"players": 3},
    "jihad": {},
    "baghdad": {"players": 4},
    "fitna": {"scenario": 1},
}


def _new(client: TestClient, game: str, who: dict[str, str], **options: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "options": options, "players": who, "seed": 4})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    made["tokens"] = {seat: url.rsplit("/", 1)[1] for seat, url in made["seats"].items()}
    assert client.app.state.service.wait_for_bots(60)  # type: ignore[attr-defined]
    return made


def _picture_text(page: str) -> str:
    found = re.search(r'<div class="picture"[^>]*>\s*(<svg\b.*?</svg>)', page, flags=re.S)
    assert found is not None, "no picture on the page"
    return found.group(1)


def _picture(page: str) -> ET.Element:
    found = re.search(r'<div class="picture"[^>]*>\s*(<svg\b.*?</svg>)', page, flags=re.S)
    assert found is not None, "no picture on the page"
    return ET.fromstring(found.group(1))


@pytest.mark.parametrize("game", list(_PAGE_OPTIONS))
def test_seat_and_spectator_pages_carry_the_picture(client: TestClient, game: str) -> None:
    options = _PAGE_OPTIONS[game]
    seats = consim.load_game(game, **options).seats
    made = _new(client, game, dict.fromkeys(seats, "human"), **options)
    for seat in seats:
        page = client.get(f"/play/{made['game_id']}/{made['tokens'][seat]}")
        assert page.status_code == 200
        svg = _picture(page.text)
        if len(seats) > 1:  # the seat's name on its own picture
            assert any(seat in "".join(t.itertext()) for t in svg.iter(f"{_SVG}text")), seat
        fragment = client.get(f"/play/{made['game_id']}/{made['tokens'][seat]}/fragment")
        _picture(fragment.text)  # the live update redraws it
    watch = client.get(f"/watch/{made['game_id']}")
    assert watch.status_code == 200
    _picture(watch.text)


def test_replay_pages_carry_the_picture_of_each_step(client: TestClient) -> None:
    made = _new(client, "iraq", {"US": "random", "Insurgent": "random"}, players=2, turns=2)
    gid = made["game_id"]
    end = client.get(f"/api/games/{gid}/replay").json()
    assert end["steps"] > 4
    for step in (0, end["steps"] // 2, end["steps"]):
        for seat in ("US", "Insurgent", ""):
            page = client.get(f"/replay/{gid}", params={"seat": seat, "step": step})
            assert page.status_code == 200
            words = "".join(_picture(page.text).itertext())
            assert ("Your hand" in words) == bool(seat)


def test_a_seat_page_makes_its_cards_pickable(client: TestClient) -> None:
    """Iraq's hand: each card of the seat's hand is drawn with its name as a target, and the
    legal actions name the same cards as their targets (the page's script joins the two)."""
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=4)
    page = client.get(f"/play/{made['game_id']}/{made['tokens']['US']}").text
    targets = set(re.findall(r'data-target="([^"]+)"', _picture_text(page)))
    named = {
        t for found in re.findall(r'data-targets="([^"]*)"', page) for t in json.loads(html.unescape(found))
    }
    assert targets & named, (targets, named)
    assert '<script src="/static/table.js" defer></script>' in page  # the script that picks them
    script = client.get("/static/table.js")
    assert script.status_code == 200 and ".picture [data-target]" in script.text


def test_baghdad_marks_the_battle_being_fought() -> None:
    """The zone of the battle in progress is framed and its tooltip says who fights there."""
    state = consim.load_game("baghdad", players=6).new_game(seed=7)
    choose = random.Random(7).choice
    for _ in range(3000):
        if (state.view(None).get("combat") or {}).get("zone") or state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, choose(state.legal_actions(seat)))
    view = state.view(None)
    combat = view.get("combat") or {}
    assert combat.get("zone"), "no battle in 3000 random actions"
    draw = game_picture("baghdad")
    assert draw is not None
    root, words = _texts(draw(view))
    _shows_the_view("baghdad", view, words, root)
    assert " against ".join(combat["sides"]) in words
