"""The pages in a real browser: Debian's chromium driven by Playwright (``.ci/browser`` runs these).

Two people in two browser contexts (a phone and a desktop) and bots play a whole short game of
each game to its end; the scorekeeper page keeps a sheet that ``hachi score`` settles the same
way; the replay page steps a record. Screenshots are written to ``$HACHI_SCREENSHOTS`` (default
``build/web-screenshots``) for a person to look at.
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
    config = uvicorn.Config(create_app(folder, bot_delay=0.0, hint_iterations=20), host="127.0.0.1", port=port,
                            log_level="warning")
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
    shots = {"choice": False, "summary": False, "hint": False}
    idle = 0                            # passes in a row in which neither page offered anything
    for _ in range(3000):
        if all(p.locator("#over").count() for p in pages) or idle > 40:
            break
        idle += 1
        for page, kind in zip(pages, ("phone", "desktop")):
            if page.locator("#over").count():
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
    assert shots["summary"] and shots["hint"]
    phone.close()
    desk.close()


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
    claimed = False
    for _ in range(200):
        if page.locator("#history tbody tr").count() >= 2:
            break
        page.wait_for_selector("#question .question")
        seen = page.get_attribute("#question", "data-step")
        if page.locator("#cardgrid").count() and not page.locator("#claim").count():
            page.click('#cardgrid button[data-card="5d"]')
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
    assert page.locator("#history tbody tr").count() == 2 and claimed
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
    page.click("#editor >> text=Close")
    again = CliRunner().invoke(cli, ["score", str(folder / "sheets" / f"{sheet}.yaml"), "--json"])
    after = [int(x) for x in page.locator("#totals .total b").all_inner_texts()]
    assert after == list(json.loads(again.output)["final"].values()) + [json.loads(again.output)["pot"]]
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
    page.click("#last")
    shot(page, "replay-desktop-last")
    page.close()
