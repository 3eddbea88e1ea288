"""A `files` corpus says which license its code is under and never names this machine's folders."""

from __future__ import annotations

import textwrap

import pytest

from semforge.pipeline.corpora import CorpusSpec, corpus_label, iter_corpus
from semforge.pipeline.corpora.licenses import UNKNOWN, license_of, match_license_text
from semforge.record import Seed

CODE = "def clip(x: int) -> int:\n    return max(0, min(x, 9))\n"

MIT = """MIT License

Copyright (c) 2021 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.
"""

BSD3 = """Copyright (c) 2020, Someone
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:
1. Redistributions of source code must retain the above copyright notice,
   this list of conditions and the following disclaimer.
3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.
"""

# The GPL-3.0 names the Lesser and the Affero GPL further down: only its title counts.
GPL3 = ("                    GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n"
        + "\n" * 3 + "x " * 400 + "\n13. Use with the GNU Affero General Public License, version 3.\n"
        "use the GNU Lesser General Public License instead of this License.\n")


def seeds_of(path) -> list[Seed]:
    return [s for s in iter_corpus(CorpusSpec(kind="files", path=str(path))) if isinstance(s, Seed)]


@pytest.mark.parametrize("text, spdx", [(MIT, "MIT"), (BSD3, "BSD-3-Clause"), (GPL3, "GPL-3.0-only"),
                                        ("All rights reserved. Do not copy.", None)])
def test_license_texts_are_recognised(text, spdx):
    assert match_license_text(text) == spdx


def test_pyproject_license_and_source_without_local_paths(tmp_path):
    project = tmp_path / "proj"
    (project / "src" / "pkg").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "p"\nlicense = "Apache-2.0"\n')
    (project / "LICENSE").write_text(MIT)  # metadata comes first
    (project / "src" / "pkg" / "m.py").write_text(CODE)
    [seed] = seeds_of(project / "src")
    assert seed.license == "Apache-2.0"
    assert seed.source.startswith("files:src@") and seed.source_id == "pkg/m.py::clip"
    assert str(tmp_path) not in seed.source + seed.source_id
    assert corpus_label(CorpusSpec(kind="files", path=str(project / "src"))) == seed.source


def test_classifiers_license_file_and_unknown(tmp_path):
    cfg = tmp_path / "a"
    cfg.mkdir()
    (cfg / "setup.cfg").write_text(textwrap.dedent("""\
        [metadata]
        name = a
        classifiers =
            Programming Language :: Python
            License :: OSI Approved :: MIT License
        """))
    (cfg / "m.py").write_text(CODE)
    assert [s.license for s in seeds_of(cfg)] == ["MIT"]

    bare = tmp_path / "b" / "code"
    bare.mkdir(parents=True)
    (bare / "m.py").write_text(CODE)
    # No project root: a license file above the corpus folder belongs to something else.
    (tmp_path / "b" / "LICENSE").write_text(MIT)
    assert [s.license for s in seeds_of(bare)] == [UNKNOWN]
    (bare / "COPYING").write_text(BSD3)
    assert [s.license for s in seeds_of(bare)] == ["BSD-3-Clause"]


def test_installed_package_takes_its_dist_info_metadata(tmp_path):
    site = tmp_path / "site-packages"
    (site / "toolz").mkdir(parents=True)
    (site / "toolz" / "core.py").write_text(CODE)
    info = site / "toolz-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.4\nName: toolz\nVersion: 1.0\n"
                                   "License-Expression: BSD-3-Clause\n\n")
    [seed] = seeds_of(site)
    assert (seed.license, seed.source_id) == ("BSD-3-Clause", "toolz/core.py::clip")


def test_the_corpus_license_setting_wins(tmp_path):
    (tmp_path / "LICENSE").write_text(MIT)
    (tmp_path / "m.py").write_text(CODE)
    [seed] = iter_corpus(CorpusSpec(kind="files", path=str(tmp_path), license="CC0-1.0"))
    assert seed.license == "CC0-1.0"
