"""The boards' pictures in a real browser (Debian's Chromium through Playwright, with the server
of ``test_browser``): clicking a card submits the one action that names it, clicking a Path
with several actions offers them in a menu (and highlights them in the list), and on a phone
the picture fits the screen and zooms within its frame, the page never scrolling sideways."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

import consim
from tests.server.test_browser import CHROMIUM, WAIT, browser, server  # noqa: F401 (fixtures)

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
    ),
    pytest.mark.slow,  # (a full run, CI's: see tests/conftest.py)
]


def _create(base: str, game: str, options: dict[str, Any], players: dict[str, str]) -> dict[str, Any]:
    r = httpx.post(
        f"{base}/api/games",
        json={"game": game, "options": options, "players": players, "seed": 4},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def _revision(page: Any) -> str:
    return str(page.locator("#main .table").get_attribute("data-revision"))


def _changed(page: Any, before: str) -> None:
    page.wait_for_function(
        "(before) => document.querySelector('#main .table').getAttribute('data-revision') !== before",
        arg=before,
        timeout=WAIT,
    )


def test_clicking_a_card_of_the_hand_plays_its_action(server: str, browser: Any) -> None:  # noqa: F811
    made = _create(server, "iraq", {"players": 2}, {"US": "human", "Insurgent": "human"})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(made["seats"]["US"])
        notice = page.locator(".notice").first
        assert "0 chosen" in notice.inner_text()
        hand = re.compile("counts for you|of no use to you")
        card = page.locator(".picture g.pickable", has_text=hand).first  # a card of the hand
        name = card.get_attribute("data-target")
        assert name
        before = _revision(page)
        card.click()  # the one action that names it is sent, and the page follows
        _changed(page, before)
        assert "1 chosen" in page.locator(".notice").first.inner_text()
        chosen = page.locator(f'.picture g[data-target="{name}"]')
        assert "to discard" in (chosen.text_content() or "")
        # the same from the hand beside the picture: its cards are click targets too
        other = page.locator(".hand .card.pickable").first
        before = _revision(page)
        other.click()
        _changed(page, before)
        assert "2 chosen" in page.locator(".notice").first.inner_text()
    finally:
        page.close()


def test_clicking_a_path_offers_the_actions_on_it(server: str, browser: Any) -> None:  # noqa: F811
    made = _create(server, "jihad", {}, {"player": "human"})
    seat = made["seats"]["player"]
    api = seat.replace("/play/", "/api/games/").replace(
        f"/api/games/{made['game_id']}/", f"/api/games/{made['game_id']}/seat/"
    )
    oracle = consim.load_game("jihad").new_game(seed=4)  # the same game, to check what was sent
    # the opening Hits, then the Actions Phase, where each Path has its attack, rally and raid
    for _ in range(40):
        shown = httpx.get(api, timeout=30).json()
        on_greek = [a for a in shown["actions"] if re.search(r"\bgreek\b", a)]
        if len(on_greek) > 1:
            break
        r = httpx.post(
            f"{api}/action",
            json={"action": shown["actions"][0], "expect_version": shown["version"]},
            timeout=30,
        )
        assert r.status_code == 200, r.text
        oracle.apply("player", shown["actions"][0])
    assert len(on_greek) > 1, shown["actions"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(seat)
        page.locator('.picture [data-target="greek"]').click()
        picked = page.locator(".actions button.picked")
        assert sorted(picked.evaluate_all("bs => bs.map(b => b.value)")) == sorted(on_greek)
        menu = page.locator(".pick-menu button[role=menuitem]")
        assert sorted(menu.all_inner_texts()) == sorted(picked.all_inner_texts())
        assert all("greek" not in t and "Greek Path" in t for t in menu.all_inner_texts())
        assert page.evaluate("document.activeElement.getAttribute('role')") == "menuitem"
        assert httpx.get(api, timeout=30).json()["version"] == shown["version"]  # nothing sent
        page.keyboard.press("Escape")
        assert page.locator(".pick-menu").count() == 0
        # a choice of the menu is sent like its button
        page.locator('.picture [data-target="greek"]').click()
        before = _revision(page)
        sent = picked.evaluate_all("bs => bs.map(b => b.value)")[0]  # the menu lists them in order
        page.locator(".pick-menu button[role=menuitem]").first.click()
        _changed(page, before)
        oracle.apply("player", sent)
        done = httpx.get(api, timeout=30).json()
        assert done["view"] == json.loads(json.dumps(oracle.view("player")))
    finally:
        page.close()


def test_on_a_phone_the_picture_fits_and_zooms_within_its_frame(server: str, browser: Any) -> None:  # noqa: F811
    made = _create(
        server, "baghdad", {"players": 3}, dict.fromkeys(("Shiite", "Sunni", "Government"), "human")
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(made["seats"]["Shiite"])
        frame = page.locator(".picture-frame")
        picture = page.locator(".picture svg")
        width = frame.bounding_box()["width"]
        assert picture.bounding_box()["width"] == pytest.approx(width, abs=1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.locator("button[data-zoom=in]").click()
        page.locator("button[data-zoom=in]").click()
        assert picture.bounding_box()["width"] == pytest.approx(2 * width, abs=2)
        # the frame scrolls, never the page
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate("(f => f.scrollWidth > f.clientWidth)(document.querySelector('.picture-frame'))")
        page.reload()  # the zoom is remembered
        assert page.locator(".picture svg").bounding_box()["width"] == pytest.approx(2 * width, abs=2)
        page.locator("button[data-zoom=fit]").click()
        assert page.locator(".picture svg").bounding_box()["width"] == pytest.approx(width, abs=1)
    finally:
        page.close()
