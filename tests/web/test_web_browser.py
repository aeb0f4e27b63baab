"""The pages in a real browser: Debian's chromium driven by Playwright (``.ci/browser`` runs these).

Two people in two browser contexts (a phone and a desktop) and bots play a whole short game of
each game to its end, one of them reloading on the way and keeping the seat; a seat whose turn
timer runs out is played by a bot until its person is back; the host finds the table and its
links again from the home page; the scorekeeper page keeps a sheet that ``hachi score`` settles the
same way, with a correction and a round taken back and put back; the replay page steps a record
and jumps by round. Screenshots are written to ``$HACHI_SCREENSHOTS`` (default
``build/web-screenshots``; ``docs/screens`` holds the ones kept) for a person to look at.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = Path(os.environ.get("HACHI_SCREENSHOTS", ROOT / "build" / "web-screenshots"))
ACTIONABLE = "#continue, button[data-word], button.legal"
SERVED: dict[str, Any] = {}     # the app the server fixture serves (its hub makes seeded tables)


def _needs() -> None:
    pytest.importorskip("starlette", reason="the browser tests need the [web] extra: pip install 'hachihachi[web]'")
    pytest.importorskip("uvicorn", reason="the browser tests need the [web] extra: pip install 'hachihachi[web]'")
    pytest.importorskip("playwright", reason="the browser tests need Playwright's Python package (.ci/browser)")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("the browser tests need Debian's chromium at /usr/bin/chromium (.ci/browser installs it)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[tuple[str, Path]]:
    """A real server on a free port of 127.0.0.1, in a thread of the test process."""
    _needs()
    import uvicorn

    from hachihachi.web.server import create_app

    folder = tmp_path_factory.mktemp("web")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = SERVED["app"] = create_app(folder, bot_delay=0.0, hint_iterations=20)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    while not srv.started:
        if not thread.is_alive():
            raise RuntimeError("the server did not start")
        thread.join(0.05)
    yield f"http://127.0.0.1:{port}", folder
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(server: Any) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def act_once(page: Any, wait: int) -> bool:
    """Click one thing the page offers (a summary's continue, a choice, a legal card); False when
    nothing was offered within ``wait`` ms."""
    from playwright.sync_api import Error

    try:
        page.wait_for_selector(ACTIONABLE, timeout=wait)
        page.locator(ACTIONABLE).first.click(timeout=2000)
    except Error:
        return False
    return True


@pytest.mark.parametrize("rules,bots", [("hachihachi_trick", ["heuristic", "random", "heuristic"]),
                                        ("hanafuda_hachihachi", ["heuristic_matching"])])
def test_two_people_in_two_browsers_and_bots_play_a_short_game_to_its_end(server, browser, rules, bots):
    base, _ = server
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    desk = browser.new_context(viewport=DESKTOP)
    home = phone.new_page()
    home.goto(base + "/")
    home.wait_for_selector("#create")
    home.select_option("#rules", rules)
    rows = home.locator("#seats .seatrow")
    for i in range(rows.count()):
        rows.nth(i).locator(".kind").select_option("human" if i < 2 else bots[(i - 2) % len(bots)])
    shot(home, f"{rules}-phone-home")
    home.click("#create")
    links = [home.locator(f"#sit-{s}").get_attribute("href") for s in (0, 1)]
    pages = [phone.new_page(), desk.new_page()]
    for page, link in zip(pages, links):
        page.goto(base + link if link.startswith("/") else link)
    home.close()
    pages[1].wait_for_selector("button.lang")
    pages[1].click("button.lang")           # the desktop plays in Japanese
    pages[1].wait_for_selector("text=日本語 >> nth=0", state="detached")
    shots = {"choice": False, "summary": False, "hint": False, "reload": False, "last_trick": False, "match": False,
             "field_tap": False}
    idle = 0                            # passes in a row in which neither page offered anything
    for _ in range(3000):
        if all(p.locator("#over").count() for p in pages) or idle > 40:
            break
        idle += 1
        for page, kind in zip(pages, ("phone", "desktop")):
            if page.locator("#over").count():
                continue
            if shots["choice"] and not shots["reload"] and kind == "phone" and page.locator("button.legal").count():
                page.reload()                           # the link's token stays with the page: the same seat
                page.wait_for_selector("#seat-0.me")
                assert "ann (you)" in page.locator("#seat-0").inner_text()
                shots["reload"] = True
            if rules == "hachihachi_trick" and not shots["last_trick"] and page.locator("#last-trick .took").count():
                shot(page, f"{rules}-{kind}-last-trick")
                shots["last_trick"] = True
            if rules != "hachihachi_trick" and not shots["match"] and page.locator("#hand .cardbutton.match").count():
                shot(page, f"{rules}-{kind}-match")
                shots["match"] = True
            if rules != "hachihachi_trick" and not shots["field_tap"] and page.locator("button[data-field]").count() \
                    and page.locator("#question").count():
                turn = page.get_attribute("#app", "data-turn")
                page.locator("button[data-field]").first.click()      # a tap on a field card takes it
                page.wait_for_function("t => document.querySelector('#app').dataset.turn !== t || "
                                       "document.querySelector('img.card.picked')", arg=turn)
                shots["field_tap"] = True
                idle = 0
                continue
            if not shots["summary"] and page.locator("#summary").count():
                shot(page, f"{rules}-{kind}-summary")
                shots["summary"] = True
            if not shots["choice"] and page.locator("button.legal").count() and page.locator("#hand").count():
                shot(pages[0], f"{rules}-phone-table")
                shot(pages[1], f"{rules}-desktop-table")
                shots["choice"] = True
                page.click("#explain")              # the terminal's ? explanation, then its hint
                page.wait_for_selector("#panel li")
                page.click("#hint")
                page.wait_for_selector("#panel >> text=/Expected change|持ち点の変化/")
                shot(page, f"{rules}-{kind}-hint")
                shots["hint"] = page.locator("#panel li").count() > 1
            if act_once(page, 300):
                idle = 0
    shown = "\n---\n".join(p.locator("#app").inner_text() for p in pages)
    assert all(p.locator("#over").count() for p in pages), f"the game stopped before its end; the pages show:\n{shown}"
    for page, kind in zip(pages, ("phone", "desktop")):
        shot(page, f"{rules}-{kind}-over")
        assert page.locator("#over ol.standings li").count() == page.locator("ul.seats li").count()
    assert shots["summary"] and shots["hint"] and shots["reload"]
    if rules == "hachihachi_trick":
        assert shots["last_trick"]
    else:
        assert shots["match"] and shots["field_tap"]
    phone.close()
    desk.close()


def test_K15_a_koikoi_table_from_the_home_page_and_a_seeded_one_played_with_the_koi_and_stop_buttons(server, browser):
    from hachihachi.ruleset.loader import load_ruleset

    base, _ = server
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    home = ctx.new_page()
    home.goto(base + "/")
    home.wait_for_selector("#create")
    home.select_option("#rules", "koikoi")
    rows = home.locator("#seats .seatrow")
    assert rows.count() == 2                            # K1: two players
    rows.nth(1).locator(".kind").select_option("heuristic_matching")
    home.click("#create")
    assert "/table/" in (home.locator("#sit-0").get_attribute("href") or "")
    home.close()
    made = SERVED["app"].state.hub.tables.create(load_ruleset("koikoi"), "koikoi", ["human", "heuristic_matching"],
                                                 ["ann", "bob"], 3, seed=3)
    page = ctx.new_page()
    page.goto(f"{base}/table/{made.id}#t={made.tokens[0]}")
    from playwright.sync_api import Error

    asked = []
    idle = 0
    for _ in range(2000):
        if page.locator("#over").count() or idle > 40:
            break
        idle += 1
        try:                                            # the next thing offered: the koi question first
            page.wait_for_selector(ACTIONABLE + ", #over", timeout=300)
        except Error:
            continue
        koi = page.locator("button[data-word=play_on]")
        if koi.count():
            asked.append(page.eval_on_selector_all("button[data-word]", "els => els.map(e => e.innerText)"))
            if len(asked) == 1:
                shot(page, "koikoi-phone-koi")
                koi.click()                             # koi the first time, stop the later ones
            else:
                page.locator("button[data-word=stop]").click()
            page.wait_for_selector("button[data-word=play_on]", state="detached")
            idle = 0
            continue
        try:                                            # a card or a summary's continue, never a word
            page.locator("#continue, button.legal").first.click(timeout=300)
            idle = 0
        except Error:
            pass
    assert page.locator("#over").count(), page.locator("#app").inner_text()
    shot(page, "koikoi-phone-over")
    assert asked and asked[0][0].startswith("stop (勝負") and asked[0][1].startswith("koi (こいこい")
    ctx.close()


def test_the_scorekeeper_page_keeps_a_sheet_that_hachi_score_settles_the_same_way(server, browser):
    from click.testing import CliRunner

    from hachihachi.cli.main import cli

    base, folder = server
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(base + "/score")
    page.fill("#names", "ann,bob,cy")
    page.select_option("#first", "ann")
    page.click("#startsheet")
    page.wait_for_selector("#question")
    shot(page, "score-phone-start")
    grid_checked = False
    claimed = False
    for _ in range(200):
        if page.locator("#history tbody tr").count() >= 2:
            break
        page.wait_for_selector("#question .question")
        seen = page.get_attribute("#question", "data-step")
        if page.locator("#cardgrid").count() and not grid_checked:
            # the card grid is there at once: every picture loaded, each card named under it
            page.wait_for_function("() => [...document.querySelectorAll('#cardgrid img')]"
                                   ".every(i => i.complete && i.naturalWidth > 0)", timeout=5000)
            assert page.locator("#cardgrid .cardname").count() == 52
            took = page.evaluate("() => { const cards = performance.getEntriesByType('resource')"
                                 ".filter(e => e.name.includes('/cards/')); return [cards.length, "
                                 "Math.max(...cards.map(e => e.responseEnd)) - "
                                 "Math.min(...cards.map(e => e.startTime))]; }")
            print(f"score card grid: {took[0]} pictures fetched in {took[1]:.0f} ms")     # a figure, not a test
            shot(page, "score-phone-card-grid")
            grid_checked = True
        if page.locator("#cardgrid").count() and not page.locator("#claim").count():
            page.click('#cardgrid button[data-card="6d"]')
            page.click('#cardgrid button[data-card="5d"]')      # a second tap moves the pick
            assert page.locator('#cardgrid button[aria-pressed="true"]').count() == 1
            assert page.get_attribute('#cardgrid button[data-card="5d"]', "aria-pressed") == "true"
            page.click("#ok")
        elif page.locator("#claim").count() and not claimed:
            page.click("#claim")                # roles claimed, picked by name with a picture
            claimed = True
        elif page.locator("#claim").count():
            page.click("#shownone")
        elif page.locator("#rolesdone").count():
            page.locator("button[data-role]").nth(6).click()
            shot(page, "score-phone-roles")
            page.click("#rolesdone")
        elif page.locator("#plus").count():
            page.click("#plus")
            shot(page, "score-phone-tricks")
            page.click("#ok")
        elif page.locator("button[data-answer]").count():
            page.locator("button[data-answer]").first.click()
        page.wait_for_function("seen => document.querySelector('#question') && "
                               "document.querySelector('#question').dataset.step !== seen", arg=seen)
    assert page.locator("#history tbody tr").count() == 2 and claimed and grid_checked
    shot(page, "score-phone-two-rounds")
    totals = [int(x) for x in page.locator("#totals .total b").all_inner_texts()]
    sheet = page.url.rsplit("/", 1)[-1]
    settled = CliRunner().invoke(cli, ["score", str(folder / "sheets" / f"{sheet}.yaml"), "--json"])
    assert settled.exit_code == 0, settled.output
    summary = json.loads(settled.output)
    assert totals == list(summary["final"].values()) + [summary["pot"]]
    # a past round corrected: one trick moved from one goer to another, the totals follow
    page.click('button[data-edit="0"]')
    page.locator('button[data-move="tricks"]').click()
    page.wait_for_load_state("networkidle")
    shot(page, "score-phone-correct")
    tricks = page.locator('#editor [data-field="tricks"] p').inner_text()
    page.locator('#editor button[data-toggle^="declare:"]').last.click()     # a go made a drop: refused
    page.wait_for_selector("#edit-error:not(:empty)")
    assert "round 1" in page.locator("#edit-error").inner_text()
    assert page.locator('#editor [data-field="tricks"] p').inner_text() == tricks       # nothing changed
    shot(page, "score-phone-correct-refused")
    page.click("#close-editor")
    again = CliRunner().invoke(cli, ["score", str(folder / "sheets" / f"{sheet}.yaml"), "--json"])
    after = [int(x) for x in page.locator("#totals .total b").all_inner_texts()]
    assert after == list(json.loads(again.output)["final"].values()) + [json.loads(again.output)["pot"]]
    # the last round taken back, after a question, and put back
    page.click("#undo")
    assert page.locator("#history tbody tr").count() == 2 and page.locator("#confirm-undo").count()
    shot(page, "score-phone-take-back")
    page.click("#undo-yes")
    page.wait_for_selector("#redo")
    assert page.locator("#history tbody tr").count() == 1
    page.click("#redo")
    page.wait_for_selector("#redo", state="detached")
    assert page.locator("#history tbody tr").count() == 2
    assert [int(x) for x in page.locator("#totals .total b").all_inner_texts()] == after
    # a reload in the middle of a round keeps the answers typed so far
    first = page.locator("#question .question").inner_text()
    seen = page.get_attribute("#question", "data-step")
    page.locator("button[data-answer]").first.click()
    page.wait_for_function("seen => document.querySelector('#question').dataset.step !== seen", arg=seen)
    second = page.locator("#question .question").inner_text()
    assert second != first
    page.reload()
    page.wait_for_selector("#question .question")
    assert page.locator("#question .question").inner_text() == second and page.locator("#cancel").count()
    ctx.close()


def test_the_replay_page_steps_a_record_forwards_and_back(server, browser):
    base, _ = server
    record = ROOT / "tests" / "house_rules" / "records" / "hanafuda_hachihachi_seed27.json"
    page = browser.new_page(viewport=DESKTOP)
    page.goto(base + "/replay")
    page.set_input_files("#record", str(record))
    page.wait_for_selector("#forward")
    for _ in range(5):
        page.click("#forward")
    assert page.locator("#at").inner_text().startswith("Step 5/")
    page.click("#back")
    assert page.locator("#at").inner_text().startswith("Step 4/")
    page.click("#next-round")
    assert page.locator("#replay-round").inner_text().startswith("Round 2/")
    for _ in range(5):                                                      # back to the end of round 1
        page.click("#back")
        if page.locator("#replay-round").inner_text().startswith("Round 1/"):
            break
    assert page.locator(".replay-captures img.card").count() > 0           # the captures as cards
    page.click("#prev-round")
    assert page.locator("#replay-round").inner_text().startswith("Round 1/")
    page.click("#last")
    shot(page, "replay-desktop-last")
    trick = ROOT / "tests" / "house_rules" / "records" / "hachihachi_trick_seed8.json"
    page.set_input_files("#record", str(trick))
    page.wait_for_selector("h1:text-is('Hachi-Hachi Trick')")
    page.click("#next-round")
    assert page.locator("#replay-trump").count() and page.locator("#replay-round").inner_text().startswith("Round 2/")
    page.close()


def test_the_home_page_keeps_names_across_a_language_switch_and_finds_the_hosts_table_again(server, browser):
    base, _ = server
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#create")
    options = page.locator("#rules option").all_inner_texts()
    assert options[0] == "Hachi-Hachi Trick" and len(set(options)) == len(options)      # each by its own title
    page.locator("#seats .seatrow .name").nth(0).fill("Ben")
    page.click("button.lang")
    page.wait_for_selector("text=卓を作る")
    assert page.locator("#seats .seatrow .name").nth(0).input_value() == "Ben"
    page.click("button.lang")
    page.select_option("#count", "3")
    page.click("#create")
    page.wait_for_selector("#sit-0")
    page.locator("button[data-qr]").first.click()
    page.wait_for_selector("img.qrcode")
    shot(page, "home-phone-links")
    link = page.get_attribute("#sit-0", "href")
    page.reload()                                       # the links are not lost: the home page lists the table
    page.wait_for_selector("#mytables li")
    page.locator("button[data-links]").first.click()
    page.wait_for_selector("#sit-0")
    assert page.get_attribute("#sit-0", "href") == link
    page.goto(link)                                     # at the table, the host's invite shows every link
    page.wait_for_selector("#invite")
    page.click("#invite")
    page.wait_for_selector("#invite-panel #sit-1")
    assert page.locator("link[rel=icon]").count() == 1
    assert page.request.get(base + "/static/favicon.svg").status == 200
    ctx.close()


def test_a_seat_is_played_by_a_bot_after_its_turn_timer_until_its_person_is_back(server, browser):
    import urllib.request

    base, _ = server
    body = json.dumps({"rules": "hachihachi_trick", "seats": ["human", "heuristic", "heuristic"],
                       "names": ["ann", "bob", "cy"], "short": True, "turn_seconds": 0.2,
                       "summary_seconds": 600}).encode()
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json", "Origin": base})
    made = json.loads(urllib.request.urlopen(request, timeout=10).read())
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    with page.expect_websocket() as opened:
        page.goto(f"{base}/table/{made['table']}#t={made['seats'][0]['token']}")
    socket = opened.value
    page.wait_for_selector("#status.away", timeout=15000)        # the timer ran out: a bot plays for ann
    assert "bot stands in" in page.locator("#seat-0").inner_text()
    shot(page, "table-phone-bot-stands-in")
    page.wait_for_selector("#summary", timeout=15000)             # the round's end waits for ann's summary

    def back(payload: Any) -> bool:
        msg = json.loads(payload)
        return msg.get("type") == "state" and 0 not in msg["standins"]
    with socket.expect_event("framereceived", predicate=back, timeout=10000):
        page.click("#continue")                                 # ann is back: the stand-in stops
    ctx.close()


def test_all_48_hanafuda_cards_drawn_by_the_project(server, browser):
    from hachihachi.ruleset.loader import load_ruleset

    base, _ = server
    deck = load_ruleset("hanafuda_hachihachi").deck
    cells = "".join(f'<figure><img src="{base}/cards/b.hanafuda_hachihachi/{c}.svg" width="140" height="200">'
                    f"<figcaption>{deck.cards_data[c].id} {deck.cards_data[c].en}<br>{deck.cards_data[c].ja}"
                    "</figcaption></figure>" for c in deck.cards)
    page = browser.new_page(viewport={"width": 1230, "height": 900})
    page.set_content('<body style="margin:0;background:#1f5f3a;color:#fff;font:12px \'Noto Sans CJK JP\',sans-serif">'
                     '<div style="display:grid;grid-template-columns:repeat(8,150px);gap:6px;padding:8px">'
                     f"{cells}</div></body>".replace("<figure>", '<figure style="margin:0;text-align:center">'))
    page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.locator("img").count() == 48
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hanafuda-48-cards.png"), full_page=True)
    page.close()
