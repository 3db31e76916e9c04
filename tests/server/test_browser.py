"""The server driven by real browsers: ``consim serve`` in its own process over a temporary
SQLite file, and Debian's Chromium (through Playwright, never ``playwright install``) with one
browser context per person.

- Three people play a 3-player Iraq game to its end, each clicking its own legal-action
  buttons; every page follows the game by live update, and its title and notice say
  "Your turn" exactly when the seat has a decision to make.
- One person plays The First Jihad and takes moves back with the undo button.
- Two people fight a Battle for Baghdad battle with secret plans: neither page, nor anything
  the browser received, holds the other's plan before the reveal; both show it after.

The tests wait on page conditions, never on the clock. They are skipped only when
``/usr/bin/chromium`` is missing (``apt-get install chromium``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from consim.server.process import running_server

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
    ),
    pytest.mark.slow,  # (a full run, CI's: see tests/conftest.py)
]

if CHROMIUM.exists():
    from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright
else:  # pragma: no cover - the module is skipped
    Browser = BrowserContext = Page = Route = Any

#: the longest any page condition is waited for, in milliseconds
WAIT = 20_000


# -- the server and the browser ------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``consim serve`` on a free port over a fresh SQLite file: its address."""
    folder = tmp_path_factory.mktemp("browser-server")
    with running_server(str(folder / "games.db"), folder=folder) as running:
        yield running.base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def api(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as client:
        yield client


def _create(api: httpx.Client, game: str, options: dict[str, Any], players: dict[str, str], seed: int) -> Any:
    r = api.post("/api/games", json={"game": game, "options": options, "players": players, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def _seat_api(made: dict[str, Any], seat: str) -> str:
    """The JSON address of a seat, from its page's link."""
    token = made["seats"][seat].rsplit("/", 1)[1]
    return f"/api/games/{made['game_id']}/seat/{token}"


def _open(browser: Browser, url: str) -> tuple[BrowserContext, Page]:
    """A person of their own (a browser context) on the page of ``url``."""
    context = browser.new_context()
    context.set_default_timeout(WAIT)
    page = context.new_page()
    page.goto(url)
    _mark(page)
    return context, page


def _mark(page: Page) -> None:
    """Leave a mark in the loaded page: it is still there as long as the page is only updated
    in place (live), and gone if the page is loaded again."""
    page.evaluate("window.consimKept = true")


def _kept(page: Page) -> bool:
    return bool(page.evaluate("window.consimKept === true"))


def _at(page: Page, revision: int) -> None:
    """Wait until the page shows the game at ``revision`` or later (as its live updates bring it)."""
    # a generous limit: on a loaded two-core machine a live update can take long to arrive
    # at least: a bot moving in the background may take the page past ``revision`` before it
    # is drawn (the page shows the newest position, not every one in between)
    page.wait_for_function(
        "(r) => { const t = document.querySelector('#main [data-revision]');"
        " return !!t && Number(t.getAttribute('data-revision')) >= r; }",
        arg=revision,
        timeout=60_000,
    )


def _buttons(page: Page) -> list[str]:
    """The actions the page offers, as the engine spells them (each button sends one; it
    shows it in words)."""
    found: list[str] = page.locator(".actions button[name=action]").evaluate_all("bs => bs.map(b => b.value)")
    return found


def _press(page: Page, action: str) -> None:
    """Press the button of ``action`` (as the engine spells it), or the undo button, and wait
    for the page to show what it led to (the page is updated in place, not loaded again)."""
    before = page.locator("#main .table").get_attribute("data-revision")
    if action == "Undo my last action":
        page.locator("form.undo button").click()
    else:
        page.locator(f".actions button[name=action][value={_css_string(action)}]").first.click()
    page.wait_for_function(
        "([before]) => { const t = document.querySelector('#main .table');"
        " return t.getAttribute('data-revision') !== before || !!document.querySelector('.prompt .error'); }",
        arg=[before],
    )


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _board(page: Page) -> str:
    """The board as drawn for the seat (its picture) and the status beside it."""
    return page.locator(".picture").inner_html() + page.locator(".status").inner_text()


# -- Iraq: three people, to the end ---------------------------------------------------------


def test_three_people_play_iraq_to_the_end_each_in_a_browser(browser: Browser, api: httpx.Client) -> None:
    seats = ("Sunni", "Shia", "Kurd")
    made = _create(api, "iraq", {"players": 3, "turns": 1}, dict.fromkeys(seats, "human"), seed=5)
    gid = made["game_id"]
    opened = {seat: _open(browser, made["seats"][seat]) for seat in seats}
    pages = {seat: page for seat, (_, page) in opened.items()}
    choose = random.Random(11).choice
    turns_announced_live = 0
    was_mine = dict.fromkeys(seats, False)
    actions = 0
    try:
        while True:
            public = api.get(f"/api/games/{gid}/watch").json()
            for seat, page in pages.items():
                own = api.get(_seat_api(made, seat)).json()
                _at(page, public["revision"])
                # the page is the seat's: its buttons are its legal actions, the title and the
                # notice say "Your turn" exactly when it has one to take
                assert _buttons(page) == own["actions"]
                title = page.title()
                assert title.startswith("Your turn") == own["your_turn"], (seat, title)
                assert (page.locator(".notice.turn").count() == 1) == own["your_turn"]
                if own["your_turn"]:
                    assert "Your turn" in page.locator(".notice.turn").inner_text()
                    if not was_mine[seat] and _kept(page):
                        turns_announced_live += 1  # the turn came by live update, not a reload
                was_mine[seat] = own["your_turn"]
            if public["over"]:
                break
            seat = next(s for s in public["to_act"] if was_mine.get(s))
            _press(pages[seat], choose(_buttons(pages[seat])))
            actions += 1
            assert actions < 400, "the game did not end"
        for page in pages.values():
            notice = page.locator(".notice").first.inner_text()
            assert "The game is over" in notice and not page.title().startswith("Your turn")
            assert _buttons(page) == []
        assert actions >= 10 and turns_announced_live >= 3
        assert api.get(f"/api/games/{gid}/watch").json()["outcome"]["winners"]
    finally:
        for context, _ in opened.values():
            context.close()


# -- The First Jihad: undo --------------------------------------------------------------------


def test_the_first_jihad_with_undo_in_a_browser(browser: Browser, api: httpx.Client) -> None:
    made = _create(api, "jihad", {}, {"player": "human"}, seed=3)
    own_api = _seat_api(made, "player")
    context, page = _open(browser, made["seats"]["player"])
    choose = random.Random(4).choice
    undone = 0
    try:
        assert page.get_by_role("button", name="Undo my last action").count() == 0  # nothing to undo
        for _ in range(30):
            before = (page.locator(".notice").first.inner_text(), _buttons(page), _board(page))
            version = api.get(own_api).json()["version"]
            _press(page, choose(before[1]))
            after = api.get(own_api).json()
            assert after["version"] > version
            undo = page.get_by_role("button", name="Undo my last action")
            assert undo.count() == (1 if after["can_undo"] else 0)
            if after["can_undo"] and undone < 4:
                _press(page, "Undo my last action")
                undone += 1
                # the position is back where it was: the same question, buttons and board
                shown = (page.locator(".notice").first.inner_text(), _buttons(page), _board(page))
                assert shown == before
                back = api.get(own_api).json()
                assert back["actions"] == before[1] and back["version"] > after["version"]
                # and play goes on from there, with another choice where there is one
                others = [b for b in before[1] if b != before[1][0]] or before[1]
                _press(page, choose(others))
            if after["over"]:
                break
        assert undone == 4
        assert page.locator(".error").count() == 0
    finally:
        context.close()


# -- Battle for Baghdad: secret plans ---------------------------------------------------------

_PLAN = "Secret Operational Plan"


def _card(button: str) -> str | None:
    """The card a plan button names (``command "Mahdi Army"``), if any."""
    found = re.search(r'"([^"]+)"', button)
    return found.group(1) if found else None


def test_a_baghdad_battle_keeps_each_plan_secret_until_the_reveal(
    browser: Browser, api: httpx.Client
) -> None:
    seats = ("Shiite", "Sunni", "Government")
    made = _create(api, "baghdad", {"players": 3}, dict.fromkeys(seats, "human"), seed=7)
    gid = made["game_id"]
    urls = {seat: _seat_api(made, seat) for seat in seats}
    # the turns before the first battle are played through the API by the people's own links
    choose = random.Random(3).choice
    for _ in range(2_000):
        public = api.get(f"/api/games/{gid}/watch").json()
        assert not public["over"]
        own = {s: api.get(urls[s]).json() for s in public["to_act"]}
        sides = [s for s, p in own.items() if p["your_turn"] and p["prompt"]["text"].startswith(_PLAN)]
        if len(sides) == 2:
            break
        seat = next(s for s, p in own.items() if p["your_turn"])
        r = api.post(
            f"{urls[seat]}/action",
            json={"action": choose(own[seat]["actions"]), "expect_version": own[seat]["version"]},
        )
        assert r.status_code == 200, r.text
    else:
        raise AssertionError(f"no battle in 2,000 decisions: {public['to_act']}, {public['log'][-3:]}")
    # now the two sides choose their plans, each in its own browser
    opened = {seat: _open(browser, made["seats"][seat]) for seat in sides}
    received: dict[str, list[str]] = {seat: [] for seat in sides}
    for seat, (context, _) in opened.items():
        context.route(re.compile(r".*/play/.*"), _keeping(received[seat]))
    pages = {seat: page for seat, (_, page) in opened.items()}
    for page in pages.values():
        page.reload()  # the first page again, this time through the recording route
        _mark(page)
    before = {seat: _words(page.content()) for seat, page in pages.items()}
    chosen: dict[str, list[str]] = {seat: [] for seat in sides}
    revealed = False
    try:
        while not revealed:
            progressed = False
            for seat in sides:
                other = next(s for s in sides if s != seat)
                if not api.get(urls[seat]).json()["your_turn"]:
                    continue
                buttons = _buttons(pages[seat])
                # a card where there is one (a secret worth keeping), else the first choice
                pick = next((b for b in buttons if _card(b)), buttons[0])
                _press(pages[seat], pick)
                progressed = True
                name = _card(pick)
                # a card the other side may not know yet (Command cards in play are public)
                if name is not None and name not in before[other]:
                    chosen[seat].append(name)
                public = api.get(f"/api/games/{gid}/watch").json()
                revealed = f"{seat} reveals" in " ".join(e["text"] for e in public["log"])
                if revealed:
                    break
                # the other side's page follows the game live, and shows nothing of this plan
                _at(pages[other], public["revision"])
                assert _kept(pages[other])
                seen = _words(pages[other].content())
                leaked = [n for n in chosen[seat] if n in seen]
                assert not leaked, (other, "sees", seat, [_around(seen, n) for n in leaked])
                got = _words("\n".join(received[other]))
                assert not [n for n in chosen[seat] if n in got], (other, "received", seat)
            assert progressed, "neither side had a plan decision"
        public = api.get(f"/api/games/{gid}/watch").json()
        # the reveal: each side's page now shows the other's plan
        for seat, page in pages.items():
            other = next(s for s in sides if s != seat)
            _at(page, public["revision"])
            text = _words(page.locator("#main").inner_text())
            assert f"{other} reveals" in text
            for name in chosen[other]:
                assert name in text, (seat, "does not see", other, name)
        assert sum(len(names) for names in chosen.values()) >= 2  # there were secrets to keep
        assert all(received.values())  # the recording saw what the browsers fetched
    finally:
        for context, _ in opened.values():
            context.close()


def _words(text: str) -> str:
    """Text with every run of white space as one space (the board wraps its lines)."""
    return re.sub(r"\s+", " ", text)


def _around(text: str, name: str) -> str:
    at = text.find(name)
    return text[max(0, at - 300) : at + len(name) + 100]


def _keeping(into: list[str]) -> Any:
    """A route handler that passes each request on and keeps the text of its answer."""

    def handle(route: Route) -> None:
        response = route.fetch(max_redirects=0)
        into.append(response.text())
        route.fulfill(response=response)

    return handle
