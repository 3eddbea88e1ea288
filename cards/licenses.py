"""The card's ``license`` metadata, derived from the licenses of the rows.

The Hub takes one license id or a list of them (its ids are lower-case SPDX-like names, see
https://huggingface.co/docs/hub/repositories-licenses), or ``other`` with a ``license_name``
and a ``license_link`` for a license it does not list. A row's license is what its source says
(an SPDX id or expression, ``unknown``, or the metadata's own words).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

# SPDX id (lower case) -> the Hub's id, for the licenses code is commonly under.
_HUB = {
    "apache-2.0": "apache-2.0", "mit": "mit", "bsd-2-clause": "bsd-2-clause",
    "bsd-3-clause": "bsd-3-clause", "bsd-3-clause-clear": "bsd-3-clause-clear", "bsd": "bsd",
    "isc": "isc", "mpl-2.0": "mpl-2.0", "bsl-1.0": "bsl-1.0", "unlicense": "unlicense",
    "cc0-1.0": "cc0-1.0", "zlib": "zlib", "epl-1.0": "epl-1.0", "epl-2.0": "epl-2.0",
    "gpl-2.0": "gpl-2.0", "gpl-3.0": "gpl-3.0", "lgpl-2.1": "lgpl-2.1", "lgpl-3.0": "lgpl-3.0",
    "agpl-3.0": "agpl-3.0", "artistic-2.0": "artistic-2.0", "afl-3.0": "afl-3.0",
    "ecl-2.0": "ecl-2.0", "eupl-1.2": "eupl-1.2", "osl-3.0": "osl-3.0", "wtfpl": "wtfpl",
    "postgresql": "postgresql", "ncsa": "ncsa", "cc-by-4.0": "cc-by-4.0",
    "cc-by-sa-4.0": "cc-by-sa-4.0", "unknown": "unknown",
}


def hub_ids(license: str | None) -> list[str] | None:
    """The Hub ids a row's license stands for (each part of an ``A OR B`` / ``A AND B``
    expression), or None when one part is not a license the Hub lists."""
    if not license:
        return ["unknown"]
    ids = []
    for part in re.split(r"\s+(?:OR|AND|WITH)\s+|[()]", license.strip()):
        part = part.strip().lower()
        if not part or part.endswith("-exception"):
            continue
        part = re.sub(r"-(only|or-later)$|\+$", "", part)  # the Hub does not tell them apart
        if part not in _HUB:
            return None
        ids.append(_HUB[part])
    return ids or ["unknown"]


def card_license(row_licenses: Iterable[str | None]) -> dict[str, Any]:
    """``license`` (and, for a license the Hub does not list, ``license_name`` and
    ``license_link``) for a dataset whose rows have ``row_licenses``."""
    found = sorted({lic or "unknown" for lic in row_licenses})
    if not found:
        return {"license": "other"}
    ids: set[str] = set()
    for lic in found:
        mapped = hub_ids(lic)
        if mapped is None:
            # Not in the Hub's list: named, and the card's License section lists every one.
            name = (re.sub(r"[^a-z0-9.]+", "-", lic.lower()).strip("-") if len(found) == 1
                    else "several-licenses")
            return {"license": "other", "license_name": name, "license_link": "README.md#license"}
        ids.update(mapped)
    ordered = sorted(ids)
    return {"license": ordered[0] if len(ordered) == 1 else ordered}
