"""KernelBench-format corpora: the built-in programs, folders of files, and datasets with
KernelBench's columns read through `datasets` (a local Parquet file and a dataset folder)."""

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from semforge.pipeline.config import ConfigError, parse_config
from semforge.pipeline.corpora import CorpusSpec, corpus_label, iter_corpus
from semforge.pipeline.kernelbench import builtin_programs, program_reason
from semforge.record import Rejection, Seed

GOOD = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.tanh(x)


def get_inputs():
    return [torch.randn(4, 8)]


def get_init_inputs():
    return []
"""


def test_builtin_pytorch_corpus():
    items = list(iter_corpus(CorpusSpec(kind="builtin-pytorch")))
    assert len(items) == len(builtin_programs()) >= 30
    assert all(isinstance(s, Seed) and s.language == "pytorch" and s.entry_point == "Model"
               and s.license == "Apache-2.0" for s in items)
    assert corpus_label(CorpusSpec(kind="builtin-pytorch")).startswith("semforge/builtin-pytorch@")
    # the Python built-in corpus is unchanged
    assert all(s.language == "python" for s in iter_corpus(CorpusSpec(kind="builtin"))
               if isinstance(s, Seed))


def test_folder_of_programs_with_bad_files(tmp_path):
    (tmp_path / "level1").mkdir()
    (tmp_path / "level1" / "1_tanh.py").write_text(GOOD)
    (tmp_path / "level1" / "2_no_inputs.py").write_text(GOOD.replace("def get_inputs", "def inputs"))
    (tmp_path / "level1" / "3_broken.py").write_text("class Model(:\n")
    (tmp_path / "level1" / "4_latin1.py").write_bytes(b"# \xe9\n" + GOOD.encode())
    items = list(iter_corpus(CorpusSpec(kind="kernelbench", path=str(tmp_path))))
    by_id = {i.source_id: i for i in items}
    assert isinstance(by_id["level1/1_tanh.py"], Seed)
    assert by_id["level1/2_no_inputs.py"].reason == "no top-level function get_inputs()"
    assert by_id["level1/3_broken.py"].reason.startswith("not valid Python")
    assert by_id["level1/4_latin1.py"].reason == "not UTF-8 text"
    label = corpus_label(CorpusSpec(kind="kernelbench", path=str(tmp_path)))
    (tmp_path / "level1" / "1_tanh.py").write_text(GOOD + "\n# changed\n")
    assert corpus_label(CorpusSpec(kind="kernelbench", path=str(tmp_path))) != label


def _table():
    return pa.table({"code": [GOOD, "not a program", GOOD.replace("tanh", "sigmoid")],
                     "level": [1, 1, 2], "name": ["23_Tanh", "bad", "5_Sigmoid"],
                     "problem_id": [23, 24, 5]})


def test_parquet_with_kernelbench_columns(tmp_path):
    path = tmp_path / "level_1.parquet"
    pq.write_table(_table(), path)
    for spec in (CorpusSpec(kind="kernelbench", path=str(path)),
                 CorpusSpec(kind="hf", name=str(path), data_format="kernelbench")):
        items = list(iter_corpus(spec))
        assert [i.source_id for i in items] == ["level1/23_Tanh", "level1/bad", "level2/5_Sigmoid"]
        assert [type(i) for i in items] == [Seed, Rejection, Seed]
        assert items[1].reason.startswith("not valid Python")


def test_dataset_folder_and_missing_code_column(tmp_path):
    folder = tmp_path / "kb"
    folder.mkdir()
    (folder / "data").mkdir()
    pq.write_table(_table(), folder / "data" / "train-00000.parquet")
    items = list(iter_corpus(CorpusSpec(kind="hf", name=str(folder), data_format="kernelbench")))
    assert len([i for i in items if isinstance(i, Seed)]) == 2
    bad = tmp_path / "bad.parquet"
    pq.write_table(pa.table({"source": [GOOD]}), bad)
    with pytest.raises(ValueError, match="no column 'code'"):
        list(iter_corpus(CorpusSpec(kind="kernelbench", path=str(bad))))


def test_config_errors_name_the_key():
    with pytest.raises(ConfigError, match="path is required"):
        parse_config({"corpus": [{"kind": "kernelbench"}]})
    cfg = parse_config({"corpus": [{"kind": "builtin-pytorch"}],
                        "generate": {"cuda_forms": ["fused"]}, "verify": {"pytorch": {"shapes": 1}}})
    assert cfg.verify.pytorch.shapes == 1 and cfg.generate.cuda_forms == ["fused"]
    with pytest.raises(ConfigError, match="cuda_forms"):
        parse_config({"generate": {"cuda_forms": ["fastest"]}})


def test_program_reason():
    assert program_reason(GOOD) is None
    assert program_reason(GOOD.replace("def forward", "def run")) == "class Model has no forward()"
