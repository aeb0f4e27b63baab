"""What every play kind's answer parsing shares: the error a bad answer raises."""

from __future__ import annotations


class BadAnswer(Exception):
    """An answer that is not a legal choice; the message says why."""
