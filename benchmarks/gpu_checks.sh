#!/usr/bin/env bash
# The GPU checks in one go, for a CUDA machine that has torch and transformers but not semforge's
# other dependencies: those come as wheels in WHEELS (semforge's own wheel among them).
#
#   WHEELS=.whl OUT=/tmp/gpu-out bash benchmarks/gpu_checks.sh [gputests|faults|cuda|run|llm|all]
#
#   gputests  the GPU tests alone
#   faults    the planted faults alone (cuda_verify.py --limit 0)
#   cuda  the GPU tests, then benchmarks/cuda_verify.py (variants of the built-in PyTorch corpus,
#         verified and timed; planted faults against KernelBench's own check)
#   run   `semforge run` on the built-in PyTorch corpus with the GPU
#   llm   benchmarks/llm_transformers_throughput.py with a 1.5 B random Llama (tokens/s, samples/s)
#   scale benchmarks/cuda_scale.py run twice over BUNDLE (made on a CPU machine with
#         `cuda_scale.py prepare`: KernelBench levels 1 and 2, kernels compiled), then the summary
set -uo pipefail
WHEELS=${WHEELS:-.whl}
OUT=${OUT:-/tmp/gpu-out}
STEP=${1:-all}
mkdir -p "$OUT"
SITE=/tmp/site
if [ ! -d "$SITE/semforge" ]; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
        --target "$SITE" "$WHEELS"/*.whl || exit 1
fi
export PYTHONPATH=$SITE PYTHONUNBUFFERED=1
# semforge's sources in this folder would shadow the installed package's layout
cd /tmp
python3 - <<'EOF'
import torch, transformers, pyarrow, datasets, huggingface_hub
print("torch", torch.__version__, "cuda", torch.cuda.is_available(),
      torch.cuda.get_device_name(0) if torch.cuda.is_available() else "-")
print("transformers", transformers.__version__, "pyarrow", pyarrow.__version__,
      "datasets", datasets.__version__, "hub", huggingface_hub.__version__)
EOF
REPO=${REPO:-$OLDPWD}

if [ "$STEP" = faults ]; then
    echo "== planted faults only"
    python3 "$REPO/benchmarks/cuda_verify.py" --limit 0 --no-aa --seeds-parallel 8 \
        --out "$OUT/cuda_faults.jsonl" 2>&1 | tee "$OUT/cuda_faults.log" | tail -30
fi

if [ "$STEP" = gputests ] || [ "$STEP" = cuda ] || [ "$STEP" = all ]; then
    echo "== GPU tests"
    (cd "$REPO" && python3 -P -m pytest -q -p no:cacheprovider -o addopts="" \
        tests/test_pytorch_verify.py tests/test_cuda_templates.py tests/test_cuda_compare.py \
        2>&1 | tail -15)
fi

if [ "$STEP" = cuda ] || [ "$STEP" = all ]; then
    echo "== cuda_verify"
    python3 "$REPO/benchmarks/cuda_verify.py" --seeds-parallel 8 --deadline "${DEADLINE:-300}" \
        --out "$OUT/cuda_verify.jsonl" 2>&1 | tee "$OUT/cuda_verify.log" | tail -60
fi

if [ "$STEP" = run ] || [ "$STEP" = all ]; then
    echo "== semforge run, built-in PyTorch corpus, GPU"
    cat > /tmp/gpu-run.yaml <<'EOF'
corpus:
  - kind: builtin-pytorch
generate:
  variants_per_seed: 4
run:
  workers: 4
  gpu_resources: true
EOF
    timeout "${RUN_TIMEOUT:-400}" python3 -m semforge.cli run --config /tmp/gpu-run.yaml \
        --out /tmp/gpu-run-out ${RUN_ARGS:-} 2>&1 | tail -25
    python3 - <<'EOF'
import json
s = json.load(open("/tmp/gpu-run-out/stats.json"))
print(json.dumps({k: s[k] for k in s if k in ("pairs", "verdicts", "perf_labels", "seeds")}, indent=1)[:3000])
EOF
    cp /tmp/gpu-run-out/stats.json "$OUT/gpu_run_stats.json" 2>/dev/null
fi

if [ "$STEP" = scale ]; then
    echo "== KernelBench at scale, two identical runs"
    for k in 1 2; do
        python3 "$REPO/benchmarks/cuda_scale.py" run --bundle "${BUNDLE:-$REPO/bundle}" \
            --out "$OUT/scale_run$k.jsonl" --cases 3 --min-trials 8 --time-budget 0.3 \
            2>&1 | tee "$OUT/scale_run$k.log" | tail -1
    done
    python3 "$REPO/benchmarks/cuda_scale.py" summary "$OUT/scale_run1.jsonl" "$OUT/scale_run2.jsonl"
fi

if [ "$STEP" = llm ] || [ "$STEP" = all ]; then
    echo "== transformers backend throughput, 1.5 B random Llama"
    python3 "$REPO/benchmarks/llm_transformers_throughput.py" --data "$REPO/.whl/HumanEvalPlus.jsonl.gz" \
        --size 1.5b --seeds 16 --n 4 --max-tokens 256 2>&1 | tee "$OUT/llm_throughput.log" | tail -30
fi
