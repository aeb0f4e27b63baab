"""The words of ``hachi score``'s questions, in each language of the catalogs (``--lang``): the
messages ``score.*`` of ``ruleset/locale/<lang>.yaml``, each a template filled with
:meth:`str.format`. Help texts (``KEY?``) may span lines.

>>> say("ja", "took", who="ann", n=3)
'  ann: 3'
"""

from __future__ import annotations

from ..ruleset import catalog


def say(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English for a language the catalogs lack), filled with ``values``."""
    return catalog.say(lang if lang in catalog.LANGS else "en", f"score.{key}", **values)
