"""What a First Jihad player reads (issue 10): plain names, no ids or Python values, 80 columns,
the look-up commands, and a solitaire ending worded as the level reached."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import consim
from consim.bots.driver import bots_for
from consim.core.game import Outcome
from consim.games.jihad import lookup, present
from consim.games.jihad.content import BYZANTIUM
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import Position, arrange

#: what must never reach the screen: ids with underscores, Python values, dict syntax
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bTrue\b|\bFalse\b|[{}]|'[a-z_]+':")


def _screens(view: dict[str, object]) -> list[str]:
    lines = present.board_lines(view)
    for p in view["paths"]:  # type: ignore[attr-defined]
        lines += lookup.path_lines(view, p["id"])
        lines += lookup.land_lines(view, p["lands"][-1]["name"])
    lines += lookup.card_lines(view, "") + lookup.status_lines(view) + lookup.advanced_status_lines(view)
    return lines


def _text(lines: list[str]) -> str:
    """Wrapped lines as one text."""
    return " ".join(line.strip() for line in lines)


def _rendered(renderable: object) -> str:
    console = Console(width=present.WIDTH, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize(("advanced", "bot"), [(False, "heuristic"), (True, "heuristic"), (True, "random")])
def test_every_screen_prompt_and_log_line_is_plain_and_fits(advanced: bool, bot: str) -> None:
    game = consim.load_game("jihad", advanced=advanced)
    st = game.new_game(1)
    bots = bots_for(game, bot, 1)
    step = 0
    while not st.is_over():
        acts = st.legal_actions("player")
        view = st.view("player")
        if step % 9 == 0:
            for line in _screens(view):
                assert len(line) <= present.WIDTH, line
                assert not RAW.search(line), line
        assert not RAW.search(str(st.prompt("player"))), st.prompt("player")
        st.apply("player", bots["player"].choose(view, acts))
        step += 1
    for entry in st.log:
        assert not RAW.search(entry.text), entry.text
    out = st.outcome()
    assert out is not None
    ending = _rendered(present.render_outcome(out)) + out.result
    assert not RAW.search(ending) and not re.search(r"\bwins?\b|\bwinner", ending)


def test_the_board_names_each_crossing_and_army_value() -> None:
    def mutate(p: Position) -> None:
        p.put("byzantine_greek", "constantinople", "weak")
        p.set_islam("greek", 3)  # Cilicia converted; the Arabs hold Anatolia across the straits

    st = arrange(mutate)
    rows = present.path_rows(st.view("player"))
    assert rows[0].split()[:5] == ["Path", "Hits", "Your", "army", "(value)"]
    greek = next(r for r in rows if r.startswith("Greek"))
    # weak Byzantines are beaten by a roll over 3 (9.1.2); Anatolia lies across the straits
    assert "Byzantines weak 3" in greek and "Constantinople" in greek and "straits" in greek


def test_path_shows_crossings_faiths_conversion_dice_and_points() -> None:
    st = arrange(lambda p: p.set_islam("greek", 2, dis=True))
    lines = lookup.path_lines(st.view("player"), "gr")
    assert lines[0] == "Greek Path (West): your Byzantines (strong, value 2) in Damascus."
    assert "The Arabs hold Mecca to Jerusalem" not in _text(lines)  # the army stands in Damascus
    table = {line.split()[1]: line for line in lines if line[:1].isdigit()}
    assert table["Damascus"].split()[2:5] == ["ordinary", "Muslim,", "firm"]  # behind the marker (10.5)
    assert table["Jerusalem"].split()[2:5] == ["ordinary", "Muslim*", "1-2"]
    assert table["Anatolia"].split()[2:6] == ["mountain", "Orthodox", "1", "4"]
    assert "*: Disrupted, Orthodox in battle (7.2.3)" in _text(lines)


def test_land_tells_faith_conversion_crossings_and_what_stands_there() -> None:
    view = arrange().view("player")
    text = _text(lookup.land_lines(view, "Constantinople"))
    assert "Land 5 of the Greek Path (West)" in text
    assert "a conversion die of 1 or less turns it Muslim (10.2)" in text
    assert "Crossing from Anatolia: straits, -2 Hits" in text
    assert "major Castle 4, strong; Capital strong (2 OP)" in text
    assert lookup.land_lines(view, "kushinne")[0].startswith("Kushiññe: Land 7 of the Parthian Path")
    assert lookup.land_lines(view, "al")[0].startswith("Alexandria: Land 1")  # no Alodia in the Basic Game
    assert lookup.land_lines(view, "a") == [
        "Which Land: Anatolia, Alexandria or Aquitaine? Type more of its name."
    ]


@pytest.mark.parametrize(("advanced", "meaning"), [(False, "6 + a die"), (True, "an ordinary 6")])
def test_card_tells_what_a_red_number_means(advanced: bool, meaning: str) -> None:
    view = arrange(advanced=advanced).view("player")
    text = _text(lookup.card_lines(view, "2"))
    assert 'Card 2: "Farewell, Syria"' in text and "Hits Greek red 6" in text and meaning in text


def test_status_and_advanced_tell_the_whole_state() -> None:
    def mutate(p: Position) -> None:
        p.d.rulers[BYZANTIUM] = 5
        p.adv.kaaba = 4
        p.adv.religion = "monophysite"

    st = arrange(mutate, advanced=True)
    view = st.view("player")
    status = _text(lookup.status_lines(view))
    assert "under the Byzantine Emperor, rated 5: at most 4 AP (6.3.1)" in status
    assert "Outcome Points if the game ended now" in status and "level" in status
    adv = _text(lookup.advanced_status_lines(view))
    for words in (
        "Ka'aba Number 4",
        "Jihad: none",
        "Byzantine religion: Monophysite",
        "Baqts:",
        "Byzantine Garrisons:",
        "Great King: none",
        "Trade (21.4):",
        "Truce: none",
    ):
        assert words in adv, words
    assert len(lookup.advanced_status_lines(view)) <= 22


def test_help_examples_name_the_commands() -> None:
    assert set(present.COMMANDS) == {"path", "land", "card", "status", "advanced", "actions"}
    examples = " ".join(present.EXAMPLES)
    for command in ("path greek", "land constantinople", "card 14", "status", "advanced", "actions"):
        assert command in examples
    assert len(present.EXAMPLES) <= 8 and all(len(e) <= present.WIDTH - 4 for e in present.EXAMPLES)


@pytest.mark.parametrize("verb", ["trade", "token", "damascus", "council", "truce", "baqt", "revolt"])
def test_help_explains_the_advanced_actions(verb: str) -> None:
    """[21.4, 8.15, 21.2, 20.2, 22, 16.3, 16.4] help names the Advanced actions and the
    'actions' command explains each with its rule; the Basic Game says where they belong."""
    advanced = arrange(advanced=True).view("player")
    lines = lookup.actions_lines(advanced, verb)
    assert lines and all(len(line) <= present.WIDTH for line in lines)
    text = _text(lines)
    assert text.startswith(verb) and re.search(r"\(\d+\.\d+", text), text
    everything = _text(lookup.actions_lines(advanced, ""))
    assert verb in everything
    basic = _text(lookup.actions_lines(arrange().view("player"), verb))
    if verb == "token":
        assert "8.15" in basic
    else:
        assert "Advanced Game" in basic
    if verb in ("trade", "token", "damascus"):
        assert verb in " ".join(present.EXAMPLES)


def test_outcome_says_the_level_reached_not_a_winner() -> None:
    def ended(p: Position) -> None:
        p.d.over = "card50"

    st: JihadState = arrange(ended)
    st.end_game()
    out = st.outcome()
    assert isinstance(out, Outcome)
    text = _rendered(present.render_outcome(out))
    assert "Level reached:" in text and "fewer is better for you" in text
    assert not re.search(r"\bwins?\b|\bwinner", text + out.result)


def test_the_hits_column_shows_the_hits_thrown_not_the_rose() -> None:
    """[7.1, 7.2] the Hits column: before the Arab Phase comes to a Path, what the Rose and the
    Hit List would throw there now; while absorbing, how many are left; after, the Hits thrown.
    On turn 1 of seed 3 the Mediterranean Rose shows 0 but Mecca adds 1 (7.2.1)."""
    st = consim.load_game("jihad").new_game(3)

    def column(state: JihadState) -> dict[str, str]:
        header, *rows = present.path_rows(state.view("player"))
        start, end = header.index("Hits"), header.index("Your army")
        return {row.split()[0]: row[start:end].strip() for row in rows}

    view = st.view("player")
    assert view["card"]["rose"]["med"] == "0"
    assert column(st) == {"Greek": "3 left", "Med": "1", "Indian": "2", "Parthian": "2"}
    while (st.view("player").get("frame") or {}).get("k") == "absorb":
        st.apply("player", st.legal_actions("player")[0])
    assert [p["hits"] for p in st.view("player")["paths"]] == [3, 1, 2, 2]
    assert column(st) == {"Greek": "3", "Med": "1", "Indian": "2", "Parthian": "2"}
    while st.view("player")["turn"] == 1:  # the next card: no Path has thrown its Hits yet
        done = [a for a in st.legal_actions("player") if a.text == "done"]
        st.apply("player", (done or st.legal_actions("player"))[0])
    paths = st.view("player")["paths"]
    assert paths[-1]["hits"] is None and column(st)["Parthian"] != "-"
