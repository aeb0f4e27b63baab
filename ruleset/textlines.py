"""Lines of text typed or piped in by a person (``hachi roles`` reads hands from standard input).

Each line is read with a length bound and decoded on its own, so one long, binary or badly
encoded line is one error for that line and the lines after it are still read.
"""

from __future__ import annotations

from typing import BinaryIO, Iterator, Union

from .errors import CardError

MAX_LINE_BYTES = 4096       # a hand of 7 cards is about 20 characters


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, Union[str, CardError]]]:
    """Yield ``(line number, text)`` per line, or ``(line number, CardError)`` for a line that cannot be read."""
    n = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        n += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):          # skip the rest of the line, bounded reads
                raw = stream.readline(limit)
            yield n, CardError(f"the line is longer than {limit} bytes; a hand is a few cards.")
            continue
        try:
            yield n, raw.decode("utf-8-sig" if n == 1 else "utf-8")
        except UnicodeDecodeError as e:
            yield n, CardError(f"the line is not UTF-8 text (byte 0x{raw[e.start]:02x} at column {e.start + 1}).")
