"""QR codes of join links, so that a phone at the table scans its seat instead of typing it.

Made by ``segno`` (a small pure-Python encoder, in the ``[web]`` extra) as an SVG data address
that the page shows as an image; only a link to a page (``http://`` or ``https://``, printable,
at most :data:`MAX_LINK` characters) is encoded.
"""

from __future__ import annotations

MAX_LINK = 600


class QRError(Exception):
    """A text that is not a link this server makes QR codes of."""


def qr_data_uri(link: str) -> str:
    """The QR code of ``link`` as a ``data:image/svg+xml`` address."""
    if not link.startswith(("http://", "https://")) or len(link) > MAX_LINK or not link.isprintable() or " " in link:
        raise QRError(f"a QR code is made of a link to a page (http:// or https://, at most {MAX_LINK} characters)")
    try:
        import segno
    except ImportError:
        raise QRError("QR codes need the [web] extra: pip install 'hachihachi[web]'") from None
    code = segno.make(link, error="m", micro=False)
    return str(code.svg_data_uri(scale=4, border=2, dark="#111", light="#fff"))
