"""A tiny randomly initialised Llama model with a tokenizer trained on the spot, for tests and
benchmarks of the machinery (nothing is downloaded; its answers are noise, by design).

``build_tiny_model(folder)`` writes a model folder that vllm.LLM, transformers and `vllm serve`
load like any other: a byte-level BPE tokenizer with a chat template and a 2-layer Llama
(hidden 64, 2 heads of 32: vLLM's CPU attention needs a head size of at least 32).
"""

from __future__ import annotations

from pathlib import Path

CHAT_TEMPLATE = (
    "{% for m in messages %}<s>{{ m['role'] }}\n{{ m['content'] }}</s>\n{% endfor %}"
    "{% if add_generation_prompt %}<s>assistant\n{% endif %}"
)

_TRAINING_TEXT = [
    "def add(a, b):\n    return a + b\n",
    "def is_even(n):\n    return n % 2 == 0\n",
    "for i in range(len(xs)):\n    total += xs[i]\n",
    "```python\nimport math\nclass Point:\n    pass\n```\n",
    "Rewrite the Python program below so that it runs faster while staying exactly equivalent.",
    "Answer with the complete program in one code block. Here is the rewritten version:",
]


def build_tiny_model(folder: str | Path, *, vocab_size: int = 512, layers: int = 2,
                     max_positions: int = 4096, seed: int = 0) -> Path:
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size,
                                  special_tokens=["<unk>", "<s>", "</s>", "<pad>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(_TRAINING_TEXT * 4, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   unk_token="<unk>", pad_token="<pad>")
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(folder)

    config = LlamaConfig(
        vocab_size=len(fast), hidden_size=64, intermediate_size=128, num_hidden_layers=layers,
        num_attention_heads=2, num_key_value_heads=2, head_dim=32,
        max_position_embeddings=max_positions, bos_token_id=fast.bos_token_id,
        eos_token_id=fast.eos_token_id, pad_token_id=fast.pad_token_id,
        tie_word_embeddings=False, torch_dtype="float32",
    )
    torch.manual_seed(seed)
    LlamaForCausalLM(config).save_pretrained(folder)
    return folder
