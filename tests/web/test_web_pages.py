"""The four pages share one frame, built by the server: each loads the pages' words, the common
script, its own script and the style sheet, and nothing else."""

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
    assert re.findall(r'<script src="([^"]+)"></script>', html) == ["/words.js", "/static/common.js",
                                                                     f"/static/{script}.js"]
    assert f'<main id="app" class="{classes}"></main>' in html
    assert "{" not in html                                      # every placeholder filled


def test_the_page_scripts_and_style_are_served(tmp_path):
    from tests.web.web_support import client

    with client(tmp_path) as c:
        for name in ("common.js", "index.js", "table.js", "score.js", "replay.js", "style.css"):
            assert c.get(f"/static/{name}").status_code == 200, name


def test_the_pages_words_are_the_catalogs_in_every_language(tmp_path):
    """``/words.js`` gives the scripts ``LANGS`` and ``WORDS`` from the catalogs' ``web.page``
    (a nested id as a nested object): a language of the catalogs is a language of the pages."""
    import json

    from hachihachi.ruleset.catalog import LANGS, text
    from tests.web.web_support import client

    with client(tmp_path) as c:
        r = c.get("/words.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    langs = re.search(r"^const LANGS = (.*);$", r.text, re.M)
    words = re.search(r"^const WORDS = (.*);$", r.text, re.M)
    assert langs and words and json.loads(langs.group(1)) == list(LANGS)
    words_of = json.loads(words.group(1))
    assert sorted(words_of) == sorted(LANGS)
    for lang in LANGS:
        assert words_of[lang]["yes"] == text(lang, "web.page.yes")
        assert words_of[lang]["fields"]["split"] == text(lang, "web.page.fields.split")
        assert words_of[lang]["language"] == text(lang, "web.page.language")
    assert words_of["en"]["took"] == "{who} took the trick" and words_of["ja"]["language"] == "日本語"


def test_the_frame_is_written_once_and_no_page_file_repeats_it():
    pytest.importorskip("starlette", reason="the web table needs the [web] extra")
    from hachihachi.web.server import PAGE, STATIC

    assert not list(STATIC.glob("*.html"))
    assert PAGE.count("<head>") == 1
