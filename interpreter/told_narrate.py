"""The account of a told round (:mod:`.told`): the narrator of ``hachi replay`` plus what a table
tells in place of a deal."""

from __future__ import annotations

from .events import Applied
from .narrate import Narrator
from .told import Claim, ToldCapture, ToldDeal, ToldPoints, ToldTricks


class ToldNarrator(Narrator):
    """``hachi replay``'s account, with the told deal in one line and the told play left to the
    events it produced (tricks in the round's result, capture roles, card points)."""

    def _Applied(self, e: Applied) -> str | None:
        a = e.action
        if isinstance(a, ToldDeal):
            return self._told_deal(a)
        if isinstance(a, (ToldTricks, ToldCapture, ToldPoints)):
            return None
        return super()._Applied(e)

    def _told_deal(self, a: ToldDeal) -> str | None:
        parts = []
        if a.indicator is not None:
            suit = self.deck.suits[self.deck.suit(a.indicator)]
            try:
                f = self.rules.field_for(a.indicator)
                field = f", {f.name.ja} {f.name.en} x{f.multiplier}"
            except KeyError:
                field = ""
            parts.append(f"indicator {self.deck.name(a.indicator)}: trump {suit}{field}")
        elif a.field is not None and not a.field_cards:
            parts.append(f"field {a.field} (told)")
        shown = [f"{self.names[s]} {self.deck.format(h)}" for s, h in enumerate(a.hands)
                 if not isinstance(h, Claim) and h]
        claims = [f"{self.names[s]} " + (" ".join(h.roles) + (f" {h.aces} aces" if h.aces else "")).strip()
                  for s, h in enumerate(a.hands) if isinstance(h, Claim) and (h.roles or h.aces)]
        if shown:
            parts.append("shown: " + "; ".join(shown))
        if claims:
            parts.append("claimed: " + "; ".join(claims))
        return "  " + ", ".join(parts) if parts else None
