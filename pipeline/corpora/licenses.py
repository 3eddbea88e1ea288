"""The license of code read from files: package metadata, else a license file, else ``unknown``.

``license_of(path, corpus_root)`` looks in the folder of ``path`` and each folder above it, and
stops at the project's root (the first folder holding ``pyproject.toml``, ``setup.cfg``,
``setup.py``, ``PKG-INFO`` or ``.git``); without a project root it stops at the corpus root, so
an unrelated ``LICENSE`` higher up is never taken. In each folder it reads, in order:

1. metadata: ``pyproject.toml`` (``project.license``: an SPDX expression or ``{text = ...}``,
   else a ``License ::`` classifier), ``setup.cfg`` (``[metadata] license`` / classifiers),
   ``PKG-INFO`` (``License-Expression``, ``License``, classifiers), and the ``METADATA`` of an
   installed package's ``<name>-<version>.dist-info`` beside the package folder walked out of;
2. a license file (``LICENSE``, ``LICENCE``, ``COPYING``, with or without ``.txt``/``.md``/
   ``.rst``), recognised by the phrases that identify the common licenses (``match_license_text``).

A license named in metadata is kept as written when it is not a known SPDX id or classifier
(``"Proprietary"``): the row says what the project says.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from email.parser import HeaderParser
from functools import lru_cache
from pathlib import Path

UNKNOWN = "unknown"
_PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", "PKG-INFO", ".git")
_LICENSE_FILES = tuple(f"{stem}{ext}" for stem in ("LICENSE", "LICENCE", "COPYING", "License",
                                                     "license", "LICENSE-MIT", "LICENSE-APACHE")
                       for ext in ("", ".txt", ".md", ".rst"))

# Trove classifier (after "License :: ") -> SPDX id, for the licenses code is commonly under.
_CLASSIFIERS = {
    "OSI Approved :: MIT License": "MIT",
    "OSI Approved :: MIT No Attribution License (MIT-0)": "MIT-0",
    "OSI Approved :: Apache Software License": "Apache-2.0",
    "OSI Approved :: BSD License": "BSD-3-Clause",
    "OSI Approved :: ISC License (ISCL)": "ISC",
    "OSI Approved :: Python Software Foundation License": "PSF-2.0",
    "OSI Approved :: Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
    "OSI Approved :: GNU General Public License v2 (GPLv2)": "GPL-2.0-only",
    "OSI Approved :: GNU General Public License v2 or later (GPLv2+)": "GPL-2.0-or-later",
    "OSI Approved :: GNU General Public License v3 (GPLv3)": "GPL-3.0-only",
    "OSI Approved :: GNU General Public License v3 or later (GPLv3+)": "GPL-3.0-or-later",
    "OSI Approved :: GNU Lesser General Public License v2 or later (LGPLv2+)": "LGPL-2.1-or-later",
    "OSI Approved :: GNU Lesser General Public License v3 (LGPLv3)": "LGPL-3.0-only",
    "OSI Approved :: GNU Lesser General Public License v3 or later (LGPLv3+)": "LGPL-3.0-or-later",
    "OSI Approved :: GNU Affero General Public License v3": "AGPL-3.0-only",
    "OSI Approved :: Boost Software License 1.0 (BSL-1.0)": "BSL-1.0",
    "OSI Approved :: The Unlicense (Unlicense)": "Unlicense",
    "OSI Approved :: zlib/libpng License": "Zlib",
    "OSI Approved :: Eclipse Public License 2.0 (EPL-2.0)": "EPL-2.0",
    "CC0 1.0 Universal (CC0 1.0) Public Domain Dedication": "CC0-1.0",
}

# Titles: (SPDX id, phrases that must all occur near the top of the text), most specific first.
# The GNU texts name each other further down (the GPL-3.0 ends by pointing at the Lesser GPL),
# so only their opening lines count.
_TITLES = (
    ("Apache-2.0", ("apache license", "version 2.0")),
    ("MPL-2.0", ("mozilla public license version 2.0",)),
    ("AGPL-3.0-only", ("gnu affero general public license", "version 3")),
    ("LGPL-3.0-only", ("gnu lesser general public license", "version 3")),
    ("LGPL-2.1-only", ("gnu lesser general public license", "version 2.1")),
    ("GPL-3.0-only", ("gnu general public license", "version 3")),
    ("GPL-2.0-only", ("gnu general public license", "version 2")),
)
# Bodies: (SPDX id, phrases that must all occur anywhere), for licenses without a title line.
_TEXTS = (
    ("BSL-1.0", ("boost software license",)),
    ("EPL-2.0", ("eclipse public license", "v 2.0")),
    ("Unlicense", ("this is free and unencumbered software released into the public domain",)),
    ("CC0-1.0", ("cc0 1.0 universal",)),
    ("PSF-2.0", ("python software foundation", "license agreement")),
    ("BSD-3-Clause", ("redistribution and use in source and binary forms",
                      "neither the name of")),
    ("BSD-2-Clause", ("redistribution and use in source and binary forms",
                      "this list of conditions and the following disclaimer")),
    ("MIT", ("permission is hereby granted, free of charge, to any person obtaining a copy",
             "the above copyright notice and this permission notice shall be included")),
    ("ISC", ("permission to use, copy, modify, and/or distribute this software for any purpose",)),
    ("ISC", ("permission to use, copy, modify, and distribute this software for any purpose",)),
    ("Zlib", ("this software is provided 'as-is', without any express or implied warranty",
              "altered source versions must be plainly marked as such")),
)


def match_license_text(text: str) -> str | None:
    """The SPDX id of a license file's text, or None when it is none of the common ones."""
    flat = re.sub(r"[\s*#>|]+", " ", text.lower()).replace("“", '"').replace("”", '"')
    flat = flat.replace("’", "'").replace("‘", "'")
    head = flat[:600]
    for spdx, phrases in _TITLES:
        if all(p in head for p in phrases):
            return spdx
    for spdx, phrases in _TEXTS:
        if all(p in flat for p in phrases):
            return spdx
    return None


def _from_classifiers(classifiers) -> str | None:
    found = sorted({_CLASSIFIERS.get(c.split("License ::", 1)[1].strip(), "")
                    for c in classifiers if "License ::" in c} - {""})
    return " OR ".join(found) or None


def _clean(value) -> str | None:
    """A metadata license field worth keeping: one line, not a pasted license text."""
    if not isinstance(value, str) or not value.strip() or value.strip().upper() == "UNKNOWN":
        return None
    value = value.strip()
    if "\n" in value or len(value) > 100:
        return match_license_text(value)
    return value


def _pyproject(path: Path) -> str | None:
    project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    license = project.get("license")
    if isinstance(license, dict):
        license = license.get("text")
    return _clean(license) or _from_classifiers(project.get("classifiers", []))


def _setup_cfg(path: Path) -> str | None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(path.read_text(encoding="utf-8"))
    if not parser.has_section("metadata"):
        return None
    meta = parser["metadata"]
    return _clean(meta.get("license")) or _from_classifiers(meta.get("classifiers", "").splitlines())


def _core_metadata(path: Path) -> str | None:
    """PKG-INFO and a dist-info's METADATA (the core metadata format, e-mail headers)."""
    headers = HeaderParser().parsestr(path.read_text(encoding="utf-8", errors="replace"))
    return (_clean(headers.get("License-Expression")) or _clean(headers.get("License"))
            or _from_classifiers(headers.get_all("Classifier") or []))


def _dist_info(folder: Path, package: str) -> Path | None:
    """``<package>-<version>.dist-info/METADATA`` in ``folder`` (site-packages' layout)."""
    norm = re.sub(r"[-_.]+", "_", package).lower()
    for info in folder.glob("*.dist-info"):
        if re.sub(r"[-_.]+", "_", info.name.split("-")[0]).lower() == norm:
            meta = info / "METADATA"
            return meta if meta.is_file() else None
    return None


def _in_folder(folder: Path, came_from: str | None) -> str | None:
    # One answer per folder and state of the folder (a file added or removed changes its mtime):
    # a corpus of thousands of files asks about the same few folders.
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        return None
    return _in_folder_cached(folder, came_from, stamp)


@lru_cache(maxsize=4096)
def _in_folder_cached(folder: Path, came_from: str | None, _stamp: int) -> str | None:
    readers = (("pyproject.toml", _pyproject), ("setup.cfg", _setup_cfg),
               ("PKG-INFO", _core_metadata))
    for name, read in readers:
        if (folder / name).is_file():
            try:
                if found := read(folder / name):
                    return found
            except (OSError, ValueError, UnicodeDecodeError, configparser.Error):
                continue
    if came_from and (meta := _dist_info(folder, came_from)) is not None:
        try:
            if found := _core_metadata(meta):
                return found
        except OSError:
            pass
    for name in _LICENSE_FILES:
        if (folder / name).is_file():
            try:
                if found := match_license_text((folder / name).read_text(encoding="utf-8",
                                                                          errors="replace")):
                    return found
            except OSError:
                continue
    return None


def _folders_up(start: Path, corpus_root: Path) -> list[Path]:
    """``start`` and its parents up to the project root, else up to the corpus root."""
    chain = [start, *start.parents]
    for i, folder in enumerate(chain):
        if any((folder / m).exists() for m in _PROJECT_MARKERS):
            return chain[: i + 1]
    return chain[: chain.index(corpus_root) + 1] if corpus_root in chain else [start]


def license_of(path: str | Path, corpus_root: str | Path) -> str:
    """The SPDX id (or the metadata's own words) of the license ``path`` is under, or ``unknown``."""
    path, root = Path(path).resolve(), Path(corpus_root).resolve()
    root = root.parent if root.is_file() else root
    came_from = None
    for folder in _folders_up(path.parent, root):
        if found := _in_folder(folder, came_from):
            return found
        came_from = folder.name
    return UNKNOWN
