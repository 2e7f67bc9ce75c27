"""Arabic letters joined: each in its joining form (initial, medial, final, isolated) and the
lam-alef ligatures, as Unicode's presentation forms, which the Arabic family maps in its cmap
(why not HarfBuzz: typeset.direction)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _reshaper():
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(
        configuration={
            "delete_harakat": False,  # vowel marks are printed, over their letters
            "support_ligatures": True,  # lam-alef: required by Arabic
            "ARABIC LIGATURE ALLAH": False,  # a word ligature: the letters, as typed
        }
    )


def shape(text: str) -> str:
    """Arabic letters in their joining forms (presentation forms), still in logical order."""
    return _reshaper().reshape(text)
