"""The boards' pictures in a real browser (Debian's Chromium through Playwright, with the server
of ``test_browser``): clicking a card submits the one action that names it, clicking a Path
with several actions highlights them to choose from, and on a phone the picture keeps its size
until the reader fits it to the screen."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.server.test_browser import CHROMIUM, WAIT, browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
)


def _create(base: str, game: str, options: dict[str, Any], players: dict[str, str]) -> dict[str, Any]:
    r = httpx.post(
        f"{base}/api/games",
        json={"game": game, "options": options, "players": players, "seed": 4},
        timeout=60,
    )
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


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
        with page.expect_navigation(timeout=WAIT):  # the one action that names it is submitted
            card.click()
        assert "1 chosen" in page.locator(".notice").first.inner_text()
        chosen = page.locator(f'.picture g[data-target="{name}"]')
        assert "to discard" in (chosen.text_content() or "")
    finally:
        page.close()


def test_clicking_a_path_highlights_the_actions_on_it(server: str, browser: Any) -> None:  # noqa: F811
    made = _create(server, "jihad", {}, {"player": "human"})
    seat = made["seats"]["player"]
    api = seat.replace("/play/", "/api/games/").replace(
        f"/api/games/{made['game_id']}/", f"/api/games/{made['game_id']}/seat/"
    )
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
    assert len(on_greek) > 1, shown["actions"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(seat)
        page.locator('.picture [data-target="greek"]').click()
        picked = page.locator(".actions button.picked")
        assert sorted(picked.all_inner_texts()) == sorted(on_greek)
        assert page.evaluate("document.activeElement.textContent") in on_greek
        assert httpx.get(api, timeout=30).json()["version"] == shown["version"]  # nothing sent
    finally:
        page.close()


def test_on_a_phone_the_picture_keeps_its_size_until_fitted(server: str, browser: Any) -> None:  # noqa: F811
    made = _create(
        server, "baghdad", {"players": 3}, dict.fromkeys(("Shiite", "Sunni", "Government"), "human")
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(made["seats"]["Shiite"])
        picture = page.locator(".picture svg")
        natural = float(picture.get_attribute("width") or 0)
        assert picture.bounding_box()["width"] == pytest.approx(natural, abs=1)
        page.locator("button.picture-size").click()
        assert picture.bounding_box()["width"] < 390
        page.reload()  # the choice is remembered
        assert page.locator(".picture svg").bounding_box()["width"] < 390
        page.locator("button.picture-size").click()
        assert page.locator(".picture svg").bounding_box()["width"] == pytest.approx(natural, abs=1)
    finally:
        page.close()
