"""Two people acting at the same instant in a secret simultaneous choice (Iraq's Commitment
Phase: both sides discard and commit at once): their requests are serialised and both are
accepted, through the JSON API and through the page's forms, since another seat's secret
choice changes nothing either may see or do. A change that is not such a choice, or a seat's
own second request on the same position (a second tab), is still refused as stale."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

import httpx
from fastapi.testclient import TestClient

import consim
from tests.server.conftest import create, seat_url


def _page(client: TestClient, url: str) -> dict[str, Any]:
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def _together(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """The calls made at the same instant (each thread waits at a barrier, then sends)."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait(30)
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(a is not None for a in answers)
    return [a for a in answers if a is not None]


def _submit(
    client: TestClient, made: dict[str, Any], seat: str, action: str, page: dict[str, Any], json_api: bool
) -> httpx.Response:
    """The seat's action, through the JSON API or the form its page posts."""
    if json_api:
        body = {"action": action, "expect_version": page["version"]}
        return client.post(f"{seat_url(made, seat)}/action", json=body)
    form = {"action": action, "expect_version": str(page["version"])}
    return client.post(
        f"/play/{made['game_id']}/{made['tokens'][seat]}/act", data=form, follow_redirects=False
    )


def test_two_people_choosing_at_once_are_both_accepted(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=3)
    oracle = consim.load_game("iraq", players=2).new_game(seed=3)
    urls = {seat: seat_url(made, seat) for seat in ("US", "Insurgent")}
    rounds = 0
    for step in range(8):
        pages = {seat: _page(client, url) for seat, url in urls.items()}
        if not all(p["your_turn"] for p in pages.values()):
            break
        assert pages["US"]["version"] == pages["Insurgent"]["version"]
        chosen = {seat: page["actions"][0] for seat, page in pages.items()}
        json_api = step % 2 == 1  # the JSON API, or the forms of the page
        calls = [
            functools.partial(_submit, client, made, seat, chosen[seat], pages[seat], json_api)
            for seat in urls
        ]
        codes = [200, 200] if json_api else [303, 303]
        answers = _together(calls)
        assert [r.status_code for r in answers] == codes, [r.text[:300] for r in answers]
        for seat in oracle.game.seats:  # the engine, given both, in either order
            oracle.apply(seat, chosen[seat])
        rounds += 1
        after = _page(client, urls["US"])
        assert after["version"] == pages["US"]["version"] + 2
        assert after["view"] == _page(client, urls["US"])["view"]
    assert rounds >= 4
    for seat, url in urls.items():
        assert _page(client, url)["view"] == oracle.view(seat)


def test_a_seat_whose_position_changed_in_another_way_must_look_again(client: TestClient) -> None:
    """The Insurgent's page is read; the US then acts in its secret choice (accepted for the
    Insurgent's old page) and the Insurgent acts: now a second request of the Insurgent on the
    same old page is refused, its own choice having changed since."""
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=3)
    us, ins = seat_url(made, "US"), seat_url(made, "Insurgent")
    old = _page(client, ins)
    page = _page(client, us)
    r = client.post(f"{us}/action", json={"action": page["actions"][0], "expect_version": page["version"]})
    assert r.status_code == 200, r.text
    r = client.post(f"{ins}/action", json={"action": old["actions"][0], "expect_version": old["version"]})
    assert r.status_code == 200, r.text
    again = client.post(f"{ins}/action", json={"action": old["actions"][1], "expect_version": old["version"]})
    assert again.status_code == 409 and "the position has changed" in again.json()["error"]
    # a version from the future is refused too
    now = _page(client, ins)
    ahead = client.post(
        f"{ins}/action", json={"action": now["actions"][0], "expect_version": now["version"] + 1}
    )
    assert ahead.status_code == 409
