"""A name or phrase in both languages, as a message parameter.

The catalogs pick the language by the placeholder's format spec: the English catalog
writes `{name:<}`, the German one `{name:>}` (both plain alignments for a string, so a
placeholder is the same in both catalogs and a missing value still shows). Render
modules build these from a game's data (card names, event texts) where the data, not
the catalog, holds the words.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Bilingual:
    en: str
    de: str

    @classmethod
    def of(cls, words: dict[str, str]) -> "Bilingual":
        """From a data file's `{"en": …, "de": …}`."""
        return cls(en=words["en"], de=words["de"])

    def __format__(self, spec: str) -> str:
        return self.de if spec.startswith(">") else self.en

    def __str__(self) -> str:
        return self.en
