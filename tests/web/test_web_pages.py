"""The four pages share one frame, built by the server: each loads the common script, its own
script and the style sheet, and nothing else."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.web

PAGES = [("/", "index", "page"), ("/table/abc", "table", "page table"), ("/score", "score", "page score"),
         ("/score/abc", "score", "page score"), ("/replay", "replay", "page replay")]


@pytest.mark.parametrize(("url", "script", "classes"), PAGES)
def test_every_page_is_the_shared_frame_with_its_own_script(tmp_path, url, script, classes):
    from tests.web.web_support import client

    with client(tmp_path) as c:
        r = c.get(url)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert html.count("<head>") == 1 and html.count('<link rel="stylesheet" href="/static/style.css">') == 1
    assert re.findall(r'<script src="([^"]+)"></script>', html) == ["/static/common.js", f"/static/{script}.js"]
    assert f'<main id="app" class="{classes}"></main>' in html
    assert "{" not in html                                      # every placeholder filled


def test_the_page_scripts_and_style_are_served(tmp_path):
    from tests.web.web_support import client

    with client(tmp_path) as c:
        for name in ("common.js", "index.js", "table.js", "score.js", "replay.js", "style.css"):
            assert c.get(f"/static/{name}").status_code == 200, name


def test_the_frame_is_written_once_and_no_page_file_repeats_it():
    pytest.importorskip("starlette", reason="the web table needs the [web] extra")
    from hachihachi.web.server import PAGE, STATIC

    assert not list(STATIC.glob("*.html"))
    assert PAGE.count("<head>") == 1
