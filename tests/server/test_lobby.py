"""The lobby lists the open games (a person's seat nobody has taken yet); a visitor takes a
free seat and is given its link once. Messages go to the whole table, one seat or several."""

from __future__ import annotations

import html
import re
from concurrent.futures import ThreadPoolExecutor

from fastapi.testclient import TestClient

from tests.server.conftest import create, seat_url, settled
from tests.server.test_pages import _JUNK, _text


def _link(page_html: str) -> str:
    """The one seat link a page shows, as a path."""
    found = re.findall(r'href="http://testserver(/play/\d+/[\w-]+)"', page_html)
    assert len(found) == 1, found
    return found[0]


def test_the_lobby_lists_open_games_and_a_visitor_takes_a_free_seat(client: TestClient) -> None:
    invited = create(client, {"US": "human", "Insurgent": "heuristic"})
    open_game = create(client, {"US": "human", "Insurgent": "open"}, seed=5)
    full_of_bots = create(client, {"US": "random", "Insurgent": "open"}, seed=2, turns=1)
    gid = open_game["game_id"]
    assert set(open_game["seats"]) == {"US"}  # an open seat has no link until it is taken
    lobby = client.get("/api/games").json()
    assert [g["id"] for g in lobby] == [full_of_bots["game_id"], gid]  # newest first
    assert lobby[1]["free"] == ["Insurgent"] and lobby[1]["players"] == {
        "US": "person",
        "Insurgent": "open seat",
    }
    text = _text(client.get("/").text)
    assert f"#{gid}" in text and f"#{invited['game_id']}" not in text and "Take Insurgent" in text
    assert not _JUNK.search(text)
    # the US player's page says the other seat is still open
    assert "Insurgent: open seat" in _text(client.get(f"/play/{gid}/{open_game['tokens']['US']}").text)
    # a visitor takes it with the lobby's button: the link is on the answer, once
    taken = client.post(f"/claim/{gid}", data={"seat": "Insurgent"})
    assert taken.status_code == 201, taken.text
    assert "shown only this once" in _text(taken.text)
    path = _link(taken.text)
    seat_page = client.get(path)
    assert seat_page.status_code == 200 and "You play Insurgent" in _text(seat_page.text)
    # the game has left the lobby; asking again is refused, and gives no link
    assert [g["id"] for g in client.get("/api/games").json()] == [full_of_bots["game_id"]]
    again = client.post(f"/claim/{gid}", data={"seat": "Insurgent"})
    assert again.status_code == 409 and "taken already" in _text(again.text)
    assert "/play/" not in again.text
    r = client.post(f"/api/games/{gid}/claim", json={"seat": "Insurgent"})
    assert r.status_code == 409 and "taken already" in r.json()["error"]
    # the US player's page now says a person plays it
    us_page = client.get(seat_url(open_game, "US")).json()
    assert us_page["players"]["Insurgent"] == "person"


def test_claims_refused_in_words(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "open"})
    gid = made["game_id"]
    cases = [
        (gid, {"seat": "Kurd"}, 422, "no seat 'Kurd'"),
        (gid, {"seat": "US"}, 409, "taken already"),
        (99, {"seat": "US"}, 404, "no game 99"),
        (gid, {"seat": "x" * 41}, 422, "seat"),
        (gid, {}, 422, "seat"),
    ]
    for game_id, body, status, words in cases:
        r = client.post(f"/api/games/{game_id}/claim", json=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    bots = create(client, {"US": "human", "Insurgent": "random"})
    r = client.post(f"/api/games/{bots['game_id']}/claim", json={"seat": "Insurgent"})
    assert r.status_code == 409 and "played by a bot" in r.json()["error"]
    # a game's seat taken, then the game played to its end: no seat of it can be taken any more
    over = create(client, {"US": "random", "Insurgent": "open"}, turns=1)
    r = client.post(f"/api/games/{over['game_id']}/claim", json={"seat": "Insurgent"})
    assert r.status_code == 201
    seat = f"/api/games/{over['game_id']}/seat/{r.json()['link'].rsplit('/', 1)[1]}"
    page = settled(client, seat)
    while not page["over"]:
        r = client.post(
            f"{seat}/action", json={"action": page["actions"][0], "expect_version": page["version"]}
        )
        assert r.status_code == 200, r.text
        page = settled(client, seat)
    r = client.post(f"/api/games/{over['game_id']}/claim", json={"seat": "Insurgent"})
    assert r.status_code == 409 and "the game is over" in r.json()["error"]
    assert over["game_id"] not in [g["id"] for g in client.get("/api/games").json()]
    assert over["game_id"] in [g["id"] for g in client.get("/api/games/finished").json()]


def test_two_visitors_at_once_only_one_gets_the_seat(client: TestClient) -> None:
    made = create(client, {"US": "open", "Insurgent": "open"})
    gid = made["game_id"]

    def take(i: int) -> int:
        return client.post(f"/api/games/{gid}/claim", json={"seat": "US"}).status_code

    with ThreadPoolExecutor(6) as pool:
        codes = sorted(pool.map(take, range(6)))
    assert codes == [201] + [409] * 5
    assert client.get("/api/games").json()[0]["free"] == ["Insurgent"]


def test_a_message_to_several_chosen_seats_from_the_page(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={
            "game": "iraq",
            "options": {"players": 3},
            "players": dict.fromkeys(("Sunni", "Shia", "Kurd"), "human"),
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    made["tokens"] = {seat: url.rsplit("/", 1)[1] for seat, url in made["seats"].items()}
    gid = made["game_id"]
    sunni = f"/play/{gid}/{made['tokens']['Sunni']}"
    page = client.get(sunni).text
    # one box per other seat; none ticked sends to everyone
    assert re.findall(r'name="to" value="([^"]+)"', page) == ["Shia", "Kurd"]
    for data in (
        {"text": "to both", "to": ["Shia", "Kurd"]},
        {"text": "to the Kurd", "to": ["Kurd"]},
        {"text": "to all"},
    ):
        r = client.post(f"{sunni}/say", data=data, follow_redirects=False)
        assert r.status_code == 303, r.text
    read = {s: [m["text"] for m in client.get(seat_url(made, s)).json()["chat"]] for s in made["tokens"]}
    assert read == {
        "Sunni": ["to both", "to the Kurd", "to all"],
        "Shia": ["to both", "to all"],
        "Kurd": ["to both", "to the Kurd", "to all"],
    }
    shown = _text(client.get(sunni).text)
    assert "Sunni to Shia, Kurd: to both" in shown and "Sunni to Kurd: to the Kurd" in shown
    refused = client.post(f"{sunni}/say", data={"text": "hello", "to": ["Nobody"]})
    assert refused.status_code == 422 and "Nobody" in html.unescape(refused.text)
