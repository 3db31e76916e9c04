"""Every game played by clicking, in Debian's Chromium (through Playwright, never ``playwright
install``), at a desktop's width (1400 px) and a phone's (390 px), with the server of
``test_browser``:

- Fitna: a move chosen on the map (the unit's space, then where it goes), an offensive chosen
  on the map (the space it starts from, then the one it attacks), the hand's cards read in
  full, a card in play read by tapping it; clicking a stack narrows the choices to its units
  and clicking a counter takes its action (the map's contract: ``data-target``,
  ``data-stack``, ``data-unit``); the map's fixed layers kept between moves, not sent again;
- Iraq: a card of the hand clicked to discard it, a trade offer naming a card found by
  typing in the list of 91;
- Battle for Baghdad: a zone clicked for a move; the chat box only while the talk is open, the
  message being typed surviving another player's move, the log keeping its place;
- The First Jihad: a Path clicked for its action, then undone;
- "Your turn" as a notification when the turn comes while the page is hidden.

No page may need sideways scrolling at 390 px. The tests wait on page conditions, not the clock.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest

import consim
from tests.server.test_browser import CHROMIUM, WAIT, _at, _kept, _mark, browser, server  # noqa: F401

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
    ),
    pytest.mark.slow,  # (a full run, CI's: see tests/conftest.py)
]

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page
    from playwright.sync_api import Error as PlaywrightError
else:  # pragma: no cover - the module is skipped
    Browser = Page = Any
    PlaywrightError = Exception

WIDTHS = [pytest.param(1400, id="desktop"), pytest.param(390, id="phone")]

#: a point of the picture where an element (named by ``attr``) is itself on top, not hidden
#: under another drawing, in the viewport's coordinates
_POINT = """([attr, name]) => {
  const found = Array.from(document.querySelectorAll('.picture [' + attr + ']'))
    .filter(e => e.getAttribute(attr) === name);
  for (const el of found) {
    const r = el.getBoundingClientRect();
    for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) {
      const x = r.left + r.width * i / 10, y = r.top + r.height * j / 10;
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit)) return [x, y];
    }
  }
  return null;
}"""


#: a point of a stack (``data-stack``) that is on none of its counters, if there is one
_STACK_POINT = """(name) => {
  const found = Array.from(document.querySelectorAll('.picture [data-stack]'))
    .filter(e => e.getAttribute('data-stack') === name && e.querySelector('[data-unit]'));
  for (const el of found) {
    const r = el.getBoundingClientRect();
    for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) {
      const x = r.left + r.width * i / 20, y = r.top + r.height * j / 20;
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit) && !hit.closest('[data-unit]')) return [x, y];
    }
  }
  return null;
}"""


# -- helpers ----------------------------------------------------------------------------------


def _create(base: str, game: str, options: dict[str, Any], players: dict[str, str], seed: int) -> Any:
    r = httpx.post(
        f"{base}/api/games",
        json={"game": game, "options": options, "players": players, "seed": seed},
        timeout=120,
    )
    assert r.status_code == 201, r.text
    return r.json()


def _api(base: str, made: dict[str, Any], seat: str) -> str:
    return f"{base}/api/games/{made['game_id']}/seat/{made['seats'][seat].rsplit('/', 1)[1]}"


def _open(browser: Browser, url: str, width: int) -> Page:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844})
    page.set_default_timeout(WAIT)
    page.goto(url)
    _mark(page)
    return page


def _revision(page: Page) -> str:
    return str(page.locator("#main .table").get_attribute("data-revision"))


def _after(page: Page, before: str) -> None:
    """Wait until the page shows another position than ``before`` (or says why not)."""
    page.wait_for_function(
        "(before) => document.querySelector('#main .table').getAttribute('data-revision') !== before"
        " || !!document.querySelector('.prompt .error')",
        arg=before,
        timeout=60_000,
    )
    assert page.locator(".prompt .error").count() == 0, page.locator(".prompt .error").inner_text()


def _values(page: Page) -> list[str]:
    found: list[str] = page.locator(".actions button[name=action]").evaluate_all("bs => bs.map(b => b.value)")
    return found


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _press(page: Page, action: str) -> None:
    """Press the button of ``action`` (as the engine spells it) and wait for what follows."""
    before = _revision(page)
    page.locator(f".actions button[name=action][value={_quoted(action)}]").first.click()
    _after(page, before)


def _no_sideways(page: Page) -> None:
    wide = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide[0]} px wide in {wide[1]}"


def _click_map(page: Page, name: str, attr: str = "data-target") -> None:
    """Click the board where ``name`` is drawn, as a player would."""
    page.locator(f".picture [{attr}={_quoted(name)}]").first.scroll_into_view_if_needed()
    point = page.evaluate(_POINT, [attr, name])
    assert point, f"{name} is nowhere to click on the board"
    page.mouse.click(point[0], point[1])


def _menu(page: Page) -> list[str]:
    return page.locator(".pick-menu button[role=menuitem]").all_inner_texts()


def _from_menu(page: Page, words: str) -> None:
    before = _revision(page)
    page.locator(".pick-menu button[role=menuitem]", has_text=words).first.click()
    _after(page, before)


def _zoom_for_phone(page: Page, width: int) -> None:
    """On a phone, zoom the map as a player would before picking a space on it."""
    if width < 500:
        for _ in range(2):
            page.locator("button[data-zoom=in]").click()


def _words(page: Page) -> dict[str, str]:
    """The choices shown: the action each sends -> the words on its button."""
    pairs = page.locator(".actions button[name=action]").evaluate_all(
        "bs => bs.map(b => [b.value, b.firstChild.textContent.trim()])"
    )
    return dict(pairs)


# -- Fitna ------------------------------------------------------------------------------------


def _fitna_step(page: Page, api: str, until: tuple[str, ...]) -> dict[str, Any]:
    """Play Syria's decisions sensibly by pressing buttons until one offers a verb of ``until``."""
    for _ in range(150):
        own = httpx.get(api, timeout=60).json()
        assert not own["over"]
        if not own["your_turn"]:
            _at(page, httpx.get(api, timeout=60).json()["revision"])
            continue
        _at(page, own["revision"])
        actions = own["actions"]
        if any(a.split()[0] in until for a in actions):
            return own
        allocate = [a for a in actions if a.startswith("allocate ")]
        ops = [a for a in actions if a.startswith("ops ")]
        if allocate:  # movement and offensives both
            pick = min(allocate, key=lambda a: abs(int(a.split()[1].split("-")[0]) - 4))
        elif ops and not (own["view"].get("ops") or {}).get("spent"):
            pick = ops[0]
        else:
            pick = next((a for a in ("done", "pass", "stop") if a in actions), actions[0])
        _press(page, pick)
    raise AssertionError(f"Syria never had a choice of {until}")


@pytest.mark.parametrize("width", WIDTHS)
def test_fitna_played_on_the_map(server: str, browser: Browser, width: int) -> None:  # noqa: F811
    made = _create(server, "fitna", {"scenario": 1}, {"Syria": "human", "Rebels": "heuristic"}, seed=11)
    api = _api(server, made, "Syria")
    page = _open(browser, made["seats"]["Syria"], width)
    try:
        # the hand, every card in full, as soon as there is one
        own = _fitna_step(page, api, ("move",))
        hand = page.locator(".hand").inner_text()
        for card in own["view"]["hand"]:
            assert card["name"] in hand and " ".join(card["text"].split()) in " ".join(hand.split())
        _no_sideways(page)
        # a move chosen on the map: the unit's space, the unit (from the menu if several
        # units are there), then the space it goes to
        words = _words(page)
        move = next(a for a in own["actions"] if a.startswith("move "))
        unit = json.loads(
            page.locator(f"button[value={_quoted(move)}]").get_attribute("data-targets") or "[]"
        )
        assert unit[0] == move.split(" ", 1)[1].strip('"') and len(unit) == 2  # the unit, its space
        _zoom_for_phone(page, width)
        before = _revision(page)
        _click_map(page, unit[1])
        if page.locator(".pick-menu").count():
            assert words[move] in _menu(page)
            assert all(w.endswith(f"from {unit[1]}") for w in _menu(page))
            _from_menu(page, words[move])
        else:
            _after(page, before)
        own = httpx.get(api, timeout=60).json()
        assert own["prompt"]["text"].startswith(f"Move {unit[0]}")
        goes = sorted(a.split(" ", 1)[1].strip('"') for a in own["actions"] if a.startswith("to "))
        assert goes, own["actions"]
        target = goes[0]
        before = _revision(page)
        _click_map(page, target)
        if page.locator(".pick-menu").count():  # also flown there, say: the menu tells them apart
            assert f"Move to {target}" in _menu(page)
            _from_menu(page, f"Move to {target}")
        else:
            _after(page, before)
        moved = httpx.get(api, timeout=60).json()
        assert any(f"{unit[0]}" in e["text"] and target in e["text"] for e in moved["log"][-6:]) or (
            f"{unit[0]} is on {target}" in (moved["prompt"] or {}).get("text", "")
        ), [e["text"] for e in moved["log"][-6:]]
        _no_sideways(page)
        # an offensive chosen on the map: where it starts, then the space it attacks
        own = _fitna_step(page, api, ("attack_from",))
        start = sorted(a.split(" ", 1)[1].strip('"') for a in own["actions"] if a.startswith("attack_from "))[
            0
        ]
        before = _revision(page)
        _click_map(page, start)
        _after(page, before)  # one action names that space: taken at once
        own = _fitna_step(page, api, ("attack", "target"))
        if "attack" in own["actions"]:  # the units that join: the first, then attack
            adds = [a for a in own["actions"] if a.startswith("add ")]
            if adds:
                _press(page, adds[0])
            _press(page, "attack")
            own = httpx.get(api, timeout=60).json()
        targets = sorted(a.split(" ", 1)[1].strip('"') for a in own["actions"] if a.startswith("target "))
        assert targets, own["actions"]
        before = _revision(page)
        _click_map(page, targets[0])
        _after(page, before)
        fought = httpx.get(api, timeout=60).json()
        said = " ".join(e["text"] for e in fought["log"][-12:])
        # the offensive is under way (in the log as it is launched) or already fought
        launched = f"from {start} against {targets[0]}" in said
        assert (
            launched or f"attacks {targets[0]} from {start}" in said or targets[0] in fought["prompt"]["text"]
        ), said
        _no_sideways(page)
        # a card in play or played, read by tapping it
        chip = page.locator(".shelves details.chip").first
        if chip.count():
            chip.locator("summary").click()
            assert chip.evaluate("d => d.open")
            assert chip.locator("p.text").inner_text().strip()
        _no_sideways(page)
        assert _kept(page)  # all of it without loading the page again
    finally:
        page.close()


def test_a_stack_narrows_the_choices_and_a_counter_takes_its_action(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """The map's contract (fitna-map): a stack's group carries ``data-target`` and
    ``data-stack`` (its space), each of the seat's counters ``data-unit``. Where the picture
    does not draw its stacks that way yet, the test draws one with that contract."""
    made = _create(server, "fitna", {"scenario": 1}, {"Syria": "human", "Rebels": "heuristic"}, seed=11)
    api = _api(server, made, "Syria")
    page = _open(browser, made["seats"]["Syria"], 1400)
    try:
        own = _fitna_step(page, api, ("move",))
        spaces = {
            s["name"]: [u["name"] for u in s["stack"]["units"]]
            for s in own["view"]["spaces"]
            if s.get("stack") and s["stack"]["side"] == "Syria" and len(s["stack"].get("units", ())) >= 2
        }
        moving = {a.split(" ", 1)[1].strip('"') for a in own["actions"] if a.startswith("move ")}
        space, units = next((s, u) for s, u in spaces.items() if set(u) <= moving)
        drawn = page.evaluate(
            "(s) => Array.from(document.querySelectorAll('.picture [data-stack]'))"
            ".some(e => e.getAttribute('data-stack') === s && !!e.querySelector('[data-unit]'))",
            space,
        )
        page.evaluate(
            """([space, units, drawn]) => {
              if (drawn) return;
              const svg = document.querySelector('.picture svg');
              const ns = 'http://www.w3.org/2000/svg';
              const stack = document.createElementNS(ns, 'g');
              stack.setAttribute('data-target', space);
              stack.setAttribute('data-stack', space);
              const frame = document.createElementNS(ns, 'rect');
              const at = (el, x, y, w, h, fill) => {
                for (const [k, v] of [['x', x], ['y', y], ['width', w], ['height', h], ['fill', fill]])
                  el.setAttribute(k, v);
              };
              at(frame, 30, 30, 70 + 60 * units.length, 90, '#eee');
              stack.appendChild(frame);
              units.forEach((name, i) => {
                const counter = document.createElementNS(ns, 'g');
                counter.setAttribute('data-unit', name);
                const r = document.createElementNS(ns, 'rect');
                at(r, 40 + 60 * i, 40, 50, 50, '#8e24aa');
                counter.appendChild(r);
                stack.appendChild(counter);
              });
              svg.appendChild(stack);
            }""",
            [space, units, drawn],
        )
        page.wait_for_function(
            "(s) => Array.from(document.querySelectorAll('.picture [data-stack]'))"
            ".some(e => e.getAttribute('data-stack') === s && e.classList.contains('pickable'))",
            arg=space,
        )
        # the stack (not one of its counters): the choices narrowed to its units, in a menu too
        point = page.evaluate(_STACK_POINT, space)
        if point:
            page.mouse.click(point[0], point[1])
        else:  # counters cover the whole stack: the stack is picked from the keyboard
            page.evaluate(
                "(s) => Array.from(document.querySelectorAll('.picture [data-stack]'))"
                ".find(e => e.getAttribute('data-stack') === s && e.querySelector('[data-unit]')).focus()",
                space,
            )
            page.keyboard.press("Enter")
        shown = [b for b in page.locator(".actions button[name=action]").all() if b.is_visible()]
        values = sorted(b.get_attribute("value") or "" for b in shown)
        assert values == sorted(f'move "{u}"' if " " in u else f"move {u}" for u in units)
        assert f"The choices for the units on {space}" in page.locator(".selection").inner_text()
        assert len(_menu(page)) == len(units)
        page.keyboard.press("Escape")
        page.locator(".selection button.show-all").click()
        assert len([b for b in page.locator(".actions button[name=action]").all() if b.is_visible()]) > len(
            units
        )
        # a counter: its one action, taken at once
        before = _revision(page)
        _click_map(page, units[0], "data-unit")
        _after(page, before)
        assert httpx.get(api, timeout=60).json()["prompt"]["text"].startswith(f"Move {units[0]}")
    finally:
        page.close()


_LAYERS_WHOLE = """() => {
  const all = Array.from(document.querySelectorAll('.picture [data-layer]'));
  return all.length === 2 && all.every(g => !g.hasAttribute('data-kept') && g.children.length > 0);
}"""


def test_the_maps_fixed_layers_are_kept_between_moves_and_not_sent_again(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """A move's answer and a live update leave out the map's fixed layers (its sea, links, boxes,
    names and legend): the page names them (X-Consim-Layers) and keeps the very same drawing;
    a box and a name say the position's words (the holder) as their area does. A page sent an
    empty layer it does not have asks for the whole table again."""
    made = _create(server, "fitna", {"scenario": 1}, {"Syria": "human", "Rebels": "heuristic"}, seed=11)
    api = _api(server, made, "Syria")
    page = _open(browser, made["seats"]["Syria"], 1400)
    sent: list[tuple[str, int, str]] = []  # (the layers named, the answer's size, the answer)

    def answered(response: Any) -> None:
        if response.url.endswith(("/fragment", "/act")) and response.ok:
            try:
                body = response.text()
            except PlaywrightError:  # the page closed while a live update was arriving
                return
            sent.append((response.request.headers.get("x-consim-layers", ""), len(body), body))

    page.on("response", answered)
    try:
        keys = page.evaluate(
            "() => Array.from(document.querySelectorAll('.picture [data-layer]'),"
            " g => g.getAttribute('data-layer'))"
        )
        assert len(keys) == 2
        page.evaluate(
            "() => document.querySelectorAll('.picture [data-layer]').forEach(g => { g.consimSame = true; })"
        )
        _fitna_step(page, api, ("move",))
        assert sent, "no move was answered with the table"
        for named, size, body in sent:
            assert sorted(named.split()) == sorted(keys)
            assert body.count('data-kept=""') == 2 and size < 120_000, size
        assert page.evaluate(_LAYERS_WHOLE) and _kept(page)
        assert page.evaluate(
            "() => Array.from(document.querySelectorAll('.picture [data-layer]'))"
            ".every(g => g.consimSame === true)"
        ), "the fixed layers were drawn again"
        # the box and the name of each space say what its area says (whose it is)
        titles = page.evaluate(
            """() => Array.from(document.querySelectorAll('.picture [data-title-from]'), el => [
                 el.querySelector('title').textContent,
                 document.getElementById(el.getAttribute('data-title-from')).querySelector('title').textContent])"""
        )
        assert len(titles) == 2 * 115 and all(own == area for own, area in titles)
        assert any("held by Syria" in own for own, _ in titles)

        # an empty layer the page does not have (a key of nothing): the whole table again
        def tamper(route: Any) -> None:
            answer = route.fetch()
            body = re.sub(
                r'data-layer="[0-9a-f]{16}" data-kept=""',
                'data-layer="ffffffffffffffff" data-kept=""',
                answer.text(),
            )
            route.fulfill(response=answer, body=body)

        page.route("**/act", tamper)
        own = httpx.get(api, timeout=60).json()
        assert own["your_turn"], own["prompt"]
        # (waited for as a response of its own: the listener above reads a body in the
        # background, and may not have it yet when the page already shows it)
        with page.expect_response(
            lambda r: r.url.endswith("/fragment") and "x-consim-layers" not in r.request.headers,
            timeout=60_000,
        ) as whole:
            _press(page, own["actions"][0])
        page.unroute("**/act", tamper)
        assert whole.value.ok and 'data-kept=""' not in whole.value.text()
        page.wait_for_function(_LAYERS_WHOLE)
        page.wait_for_function("() => !document.querySelector('.picture [data-kept]')")
    finally:
        page.unroute_all(behavior="ignoreErrors")
        page.close()


# -- Iraq -------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_iraq_played_by_clicking_cards_and_finding_one(server: str, browser: Browser, width: int) -> None:  # noqa: F811
    made = _create(
        server, "iraq", {"players": 3}, {"Sunni": "human", "Shia": "heuristic", "Kurd": "heuristic"}, seed=9
    )
    api = _api(server, made, "Sunni")
    page = _open(browser, made["seats"]["Sunni"], width)
    try:
        assert "0 chosen" in page.locator(".notice").first.inner_text()
        _no_sideways(page)
        card = page.locator(".hand .card.pickable").first
        name = card.locator("h3").inner_text()
        before = _revision(page)
        card.click()
        _after(page, before)
        assert "1 chosen" in page.locator(".notice").first.inner_text()
        assert name in httpx.get(api, timeout=30).json()["view"]["pending_discards"]
        _press(page, "done")
        # the negotiations: an offer to Shia, asking for a card found by typing its name
        for _ in range(60):
            own = httpx.get(api, timeout=30).json()
            if own["your_turn"] and "offer Shia" in own["actions"]:
                break
            if own["your_turn"]:
                _press(page, "decline" if "decline" in own["actions"] else own["actions"][0])
            else:
                _at(page, own["revision"])
        _at(page, own["revision"])
        _press(page, "offer Shia")
        _press(page, "want")
        filter_box = page.locator("form.act.many input.filter")
        visible = [b for b in page.locator("form.act.many button[name=action]").all() if b.is_visible()]
        assert len(visible) > 50
        # the list scrolls; no choice in it is squeezed so that its detail runs under the next
        squeezed = page.evaluate(
            "[...document.querySelectorAll('form.act.many button[name=action]')]"
            ".filter(b => b.offsetParent && b.scrollHeight > b.clientHeight + 1).length"
        )
        assert squeezed == 0
        filter_box.fill("oil")
        listed = page.locator("form.act.many button[name=action]").all()
        shown = [b.evaluate("b => b.firstChild.textContent.trim()") for b in listed if b.is_visible()]
        assert shown and all("oil" in t.lower() for t in shown), shown
        # each card of the list says what it is worth and to whom
        assert "Force Value" in page.locator("form.act.many button:visible .detail").first.inner_text()
        wanted = shown[0]
        filter_box.fill(wanted.removeprefix("Ask for "))
        before = _revision(page)
        filter_box.press("Enter")  # the one choice left is taken
        _after(page, before)
        own = httpx.get(api, timeout=30).json()
        assert wanted.removeprefix("Ask for ") in [
            c["name"] for c in own["view"]["negotiation"]["offer"]["wanted"]
        ]
        _no_sideways(page)
        # what happened since this move is marked in the log once others have moved
        send = next(a for a in own["actions"] if a.startswith("ask "))
        _press(page, send)
        page.wait_for_function("() => document.querySelectorAll('.log li.new').length > 0")
        assert page.locator(".log li.since").count() == 1
        _no_sideways(page)
    finally:
        page.close()


def test_your_turn_is_notified_when_the_page_is_hidden(server: str, browser: Browser) -> None:  # noqa: F811
    made = _create(server, "iraq", {"players": 2}, {"US": "human", "Insurgent": "human"}, seed=2)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(
        """
        window.__told = [];
        class Told { constructor(title, options) { window.__told.push([title, (options || {}).body]); } }
        Told.permission = 'granted';
        Told.requestPermission = () => Promise.resolve('granted');
        window.Notification = Told;
        Object.defineProperty(document, 'hidden', { get: () => true });
        """
    )
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(made["seats"]["US"])
        us = _api(server, made, "US")
        other = _api(server, made, "Insurgent")
        _press(page, "done")  # the US keeps its hand; the turn passes to the Insurgent
        assert not page.title().startswith("Your turn")
        for _ in range(6):  # the Insurgent plays until the US has a decision again
            own = httpx.get(us, timeout=30).json()
            if own["your_turn"]:
                break
            theirs = httpx.get(other, timeout=30).json()
            httpx.post(
                f"{other}/action",
                json={"action": theirs["actions"][-1] if "pass" not in theirs["actions"] else "pass",
                      "expect_version": theirs["version"]},
                timeout=30,
            )  # fmt: skip
        assert own["your_turn"]
        _at(page, own["revision"])
        assert page.title().startswith("Your turn")
        told = page.evaluate("window.__told")
        assert told and told[-1][0].startswith("Your turn - The Iraq insurgency card game")
        assert told[-1][1] == own["prompt"]["text"]
    finally:
        context.close()


# -- Battle for Baghdad -----------------------------------------------------------------------


def _baghdad_until(api: dict[str, str], public: str, want: Any, limit: int = 3000) -> str:
    """Play random legal moves through the API until ``want(seat, page)`` holds for a seat."""
    choose = random.Random(5).choice
    for _ in range(limit):
        now = httpx.get(public, timeout=30).json()
        assert not now["over"]
        for seat in now["to_act"]:
            own = httpx.get(api[seat], timeout=30).json()
            if want(seat, own):
                return seat
        seat = now["to_act"][0]
        own = httpx.get(api[seat], timeout=30).json()
        actions = [a for a in own["actions"] if not a.startswith("offer")] or own["actions"]
        r = httpx.post(
            f"{api[seat]}/action",
            json={"action": choose(actions), "expect_version": own["version"]},
            timeout=30,
        )
        assert r.status_code in (200, 409), r.text
    raise AssertionError("never")


@pytest.mark.parametrize("width", WIDTHS)
def test_baghdad_chat_and_log_keep_what_the_player_has_in_hand(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
    width: int,
) -> None:
    seats = ("Shiite", "Sunni", "Government")
    made = _create(server, "baghdad", {"players": 3}, dict.fromkeys(seats, "human"), seed=7)
    api = {s: _api(server, made, s) for s in seats}
    public = f"{server}/api/games/{made['game_id']}/watch"
    page = _open(browser, made["seats"]["Shiite"], width)
    try:
        # before the Coalition Phase: no box, and why
        assert page.locator(".say").count() == 0
        assert "the players talk during the Coalition Phase" in page.locator(".chat").inner_text()
        _no_sideways(page)
        # on to the Coalition Phase, with the Sunni to act: the box is there, live
        _baghdad_until(api, public, lambda seat, own: own["chat_open"] and seat == "Sunni")
        _at(page, httpx.get(public, timeout=30).json()["revision"])
        assert _kept(page)
        box = page.locator(".say input[name=text]")
        box.click()
        box.type("shall we share Dora?")
        log = page.locator(".log")
        log.evaluate("l => { l.scrollTop = 0; }")
        lines = page.locator(".log li").count()
        # the Sunni acts while the Shiite is typing: the Shiite's page follows, and keeps all
        sunni = httpx.get(api["Sunni"], timeout=30).json()
        pass_or_first = "pass" if "pass" in sunni["actions"] else sunni["actions"][0]
        r = httpx.post(
            f"{api['Sunni']}/action",
            json={"action": pass_or_first, "expect_version": sunni["version"]},
            timeout=30,
        )
        assert r.status_code == 200, r.text
        _at(page, r.json()["revision"])
        assert page.locator(".log li").count() > lines
        assert box.input_value() == "shall we share Dora?"
        assert page.evaluate("document.activeElement.getAttribute('data-keep')") == "chat-text"
        assert log.evaluate("l => l.scrollTop") == 0  # the reader's place in the log is kept
        log.evaluate("l => { l.scrollTop = l.scrollHeight; }")
        # the message, to the Sunni only
        page.locator(".say input[value=Sunni]").check()
        before = page.locator(".messages li").count()
        page.locator(".say button").click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.messages li:not(.empty)').length > n", arg=before - 1
        )
        page.wait_for_function("() => document.querySelector('.say input[name=text]').value === ''")
        assert "shall we share Dora?" in httpx.get(api["Sunni"], timeout=30).text
        assert "shall we share Dora?" not in httpx.get(api["Government"], timeout=30).text
        _no_sideways(page)
        # another move: the log, read at its newest line, stays there
        now = httpx.get(public, timeout=30).json()
        seat = now["to_act"][0]
        own = httpx.get(api[seat], timeout=30).json()
        if seat != "Shiite":
            r = httpx.post(
                f"{api[seat]}/action",
                json={"action": "pass" if "pass" in own["actions"] else own["actions"][0],
                      "expect_version": own["version"]},
                timeout=30,
            )  # fmt: skip
            _at(page, r.json()["revision"])
            assert log.evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight") < 30
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_baghdad_a_zone_clicked_on_the_map(server: str, browser: Browser, width: int) -> None:  # noqa: F811
    seats = ("Shiite", "Sunni", "Government")
    made = _create(server, "baghdad", {"players": 3}, dict.fromkeys(seats, "human"), seed=3)
    api = {s: _api(server, made, s) for s in seats}
    public = f"{server}/api/games/{made['game_id']}/watch"
    seat = _baghdad_until(api, public, lambda s, own: any(a.startswith("move ") for a in own["actions"]))
    own = httpx.get(api[seat], timeout=30).json()
    page = _open(browser, made["seats"][seat], width)
    try:
        zone = next(a for a in own["actions"] if a.startswith("move ")).split(" ", 1)[1].strip('"')
        naming = [a for a in own["actions"] if a.endswith(f" {zone}") or a.endswith(f'"{zone}"')]
        _zoom_for_phone(page, width)
        before = _revision(page)
        _click_map(page, zone)
        if len(naming) > 1:
            assert len(_menu(page)) == len(naming)
            assert f"Move Security from {zone}" in _menu(page)
            _from_menu(page, f"Move Security from {zone}")
        else:
            _after(page, before)
        now = httpx.get(api[seat], timeout=30).json()
        assert now["version"] == own["version"] + 1
        assert zone in now["prompt"]["text"], now["prompt"]["text"]
        _no_sideways(page)
    finally:
        page.close()


# -- The First Jihad --------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_jihad_a_path_clicked_and_undone(server: str, browser: Browser, width: int) -> None:  # noqa: F811
    made = _create(server, "jihad", {}, {"player": "human"}, seed=4)
    api = _api(server, made, "player")
    page = _open(browser, made["seats"]["player"], width)
    try:
        for _ in range(40):
            own = httpx.get(api, timeout=30).json()
            on_greek = [a for a in own["actions"] if re.search(r"\bgreek\b", a)]
            if len(on_greek) > 1:
                break
            _press(page, own["actions"][0])
        before_board = page.locator(".picture").inner_html()
        _zoom_for_phone(page, width)
        _click_map(page, "greek")
        offered = _menu(page)
        assert len(offered) == len(on_greek) and all("Greek Path" in w for w in offered)
        _from_menu(page, offered[0])
        assert httpx.get(api, timeout=30).json()["version"] == own["version"] + 1
        if page.locator("form.undo button").count():
            before = _revision(page)
            page.locator("form.undo button").click()
            _after(page, before)
            back = httpx.get(api, timeout=30).json()
            assert back["actions"] == own["actions"]
            assert page.locator(".picture").inner_html() == before_board
        _no_sideways(page)
        assert _kept(page)
    finally:
        page.close()


def test_the_lobby_and_forms_fit_a_phone(server: str, browser: Browser) -> None:  # noqa: F811
    _create(
        server, "fitna", {"scenario": 3}, {s: "open" for s in consim.load_game("fitna", scenario=3).seats}, 1
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        for path in ("/", "/new", "/new?game=fitna&scenario=9", "/finished"):
            page.goto(server + path)
            _no_sideways(page)
        page.goto(server + "/new?game=iraq&players=3")
        with page.expect_navigation():
            page.locator("form.seats button").click()
        _no_sideways(page)
        assert page.locator("button.copy").count() == 4  # three seats and the spectators
    finally:
        page.close()


def test_the_table_works_under_a_strict_content_security_policy(server: str, browser: Browser) -> None:  # noqa: F811
    """No inline script or style: the pages run with ``script-src 'self'`` and ``style-src 'self'``."""
    made = _create(server, "jihad", {}, {"player": "human"}, seed=4)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'"

    def strict(route: Any) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": policy}
        route.fulfill(response=response, headers=headers)

    # every answer but the live stream (which never ends, and carries no page) gets the policy
    context.route(lambda url: not url.endswith("/events"), strict)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        page.goto(made["seats"]["player"])
        assert page.locator("button[data-zoom=in]").is_visible()  # the script ran
        assert page.evaluate("getComputedStyle(document.querySelector('.notice')).borderRadius") != "0px"
        before = _revision(page)
        page.locator(".actions button[name=action]").first.click()
        _after(page, before)
        assert not refused, refused
    finally:
        # a live update may still be on its way through the route: let it go unanswered
        context.unroute_all(behavior="ignoreErrors")
        context.close()
