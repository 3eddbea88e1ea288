"""Curation of a run's pairs before they are published: duplicates and contamination.

``curate_rows`` is a plain function over rows (dicts of the dataset schema); ``finalize`` calls it
on the run's work shards. Each dropped row is counted by reason in ``stats.json`` and the card.
"""

from __future__ import annotations

from .curate import Curator, CurationCounts, build_curator

__all__ = ["Curator", "CurationCounts", "build_curator"]
