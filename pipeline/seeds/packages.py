"""Which module a file is, and which package (name, version) a corpus folder holds.

A file's module name is read from the folders above it, as the import system would: the
highest folder of an unbroken chain of ``__init__.py`` folders is the top-level package, and its
parent is the directory to put on ``sys.path`` (so ``src/`` layouts work). A corpus folder's
package name and version come from its metadata (``PKG-INFO`` of an sdist, ``*.dist-info`` or
``*.egg-info``, ``pyproject.toml``'s ``[project]``, ``setup.cfg``'s ``[metadata]``); the standard
library is named after the interpreter that ships it.
"""

from __future__ import annotations

import configparser
import email.parser
import platform
import sysconfig
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ModuleIdentity:
    name: str  # dotted module name ("toolz.itertoolz"; a package's __init__ is the package)
    root: Path  # the directory whose entry on sys.path makes ``name`` importable


def module_identity(path: Path) -> ModuleIdentity | None:
    """The module ``path`` (a .py file) is when its top package's parent is on ``sys.path``;
    None when its name or a folder's is not an identifier (``setup-old.py``, ``my-pkg/``)."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    return ModuleIdentity(".".join(parts), folder)


@dataclass(frozen=True)
class PackageInfo:
    name: str | None
    version: str | None


_PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", "PKG-INFO", ".git")


def package_info(corpus_root: Path) -> PackageInfo:
    """Name and version of what a corpus folder holds, read in the folder and those above it
    up to the project's root (the first holding ``pyproject.toml``, ``setup.cfg``, ``setup.py``,
    ``PKG-INFO`` or ``.git``); both None when nothing says."""
    root = corpus_root.resolve()
    if root.is_file():
        root = root.parent
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    if root == stdlib or stdlib in root.parents:
        return PackageInfo(f"{platform.python_implementation().lower()}-stdlib",
                           platform.python_version())
    for folder in [root, *root.parents]:
        info = _package_in(folder)
        if info is not None or any((folder / m).exists() for m in _PROJECT_MARKERS):
            return info or PackageInfo(None, None)
    return PackageInfo(None, None)


def _package_in(root: Path) -> PackageInfo | None:
    for candidate in [root / "PKG-INFO", *sorted(root.glob("*.dist-info/METADATA")),
                      *sorted(root.glob("*.egg-info/PKG-INFO")),
                      *sorted(root.glob("src/*.egg-info/PKG-INFO"))]:
        info = _metadata_file(candidate)
        if info is not None:
            return info
    for reader in (_pyproject, _setup_cfg):
        info = reader(root)
        if info is not None:
            return info
    return None


def _metadata_file(path: Path) -> PackageInfo | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    msg = email.parser.Parser().parsestr(text, headersonly=True)
    name = msg.get("Name")
    return PackageInfo(name, msg.get("Version")) if name else None


def _pyproject(root: Path) -> PackageInfo | None:
    import tomllib

    try:
        data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    project = data.get("project") or {}
    name = project.get("name")
    version = project.get("version")
    return PackageInfo(name, version if isinstance(version, str) else None) if name else None


def _setup_cfg(root: Path) -> PackageInfo | None:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(root / "setup.cfg", encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return None
    name = parser.get("metadata", "name", fallback=None)
    version = parser.get("metadata", "version", fallback=None)
    if version and version.startswith(("attr:", "file:")):
        version = None
    return PackageInfo(name, version) if name else None
