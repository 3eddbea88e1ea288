"""CUDA source templates: each returns the ``extern "C"`` kernels of one op as source text.

Kernels are launched from Python (``launcher.py``: ``elementwise``, ``reduce``, ``rowwise``),
which also decides at run time what only shapes tell: broadcasting, float4 access, whether a
reduction runs over whole rows, middle dims or everything. All kernels compute in float32.

Operands ``in<k>`` come with ``(B<k>, C<k>, f<k>)``: ``f == 0`` reads element ``i``; otherwise
``sf_idx`` maps the flat output index to the operand's own memory (broadcast over an outer,
middle or inner run of dims), so a bias of shape (C, 1, 1) is never expanded in memory.

Forms, fast and slow:

* elementwise ``vec``: grid-stride loop over float4 loads and stores, scalar tail;
  ``plain``: one thread per element; ``strided``: neighbouring threads 32 elements apart;
* reduction ``block``: everything (per-block partials in registers, warp shuffles, then one
  block), a row (one block per row, float4 loads), or middle dims (32 columns x 8 row slices
  per block, coalesced); ``thread``: one thread walks each output's elements;
* softmax / log-softmax / layer norm (``rowops.py``) ``block``: one block per row, statistics in one pass
  (online max and sum; shifted sums), then the write pass; ``thread``: one thread per row.

``pro`` (an elementwise map computed as the operands are read) and ``epi`` (applied to each
result before it is stored) fuse neighbouring elementwise ops into the kernel.
"""

from __future__ import annotations

import hashlib

HEADER = r"""#include <math.h>
__device__ __forceinline__ long long sf_idx(long long i, long long B, long long C, int f, int small) {
    if (f == 0) return i;
    if (small) {
        const unsigned ui = (unsigned)i, uB = (unsigned)B, uC = (unsigned)C;
        const unsigned o = ui / (uB * uC), m = (ui / uC) % uB, c = ui % uC;
        return (long long)(((f & 4 ? o : 0u) * (f & 2 ? uB : 1u) + (f & 2 ? m : 0u)) * (f & 1 ? uC : 1u) + (f & 1 ? c : 0u));
    }
    const long long o = i / (B * C), m = (i / C) % B, c = i % C;
    return ((f & 4 ? o : 0) * (f & 2 ? B : 1) + (f & 2 ? m : 0)) * (f & 1 ? C : 1) + (f & 1 ? c : 0);
}
// Four consecutive elements from i (i % 4 == 0; a broadcast operand has C % 4 == 0).
__device__ __forceinline__ float4 sf_load4(const float* p, long long i, long long B, long long C, int f, int small) {
    if (f == 0) return *reinterpret_cast<const float4*>(p + i);
    const long long j = sf_idx(i, B, C, f, small);
    if (f & 1) return *reinterpret_cast<const float4*>(p + j);
    const float v = p[j];
    return make_float4(v, v, v, v);
}
"""

_COMBINE = {
    "sum": ("0.f", "((a) + (b))"),
    "mean": ("0.f", "((a) + (b))"),
    "max": ("-INFINITY", "(((a) != (a)) ? (a) : (((b) != (b) || (b) > (a)) ? (b) : (a)))"),
    "min": ("INFINITY", "(((a) != (a)) ? (a) : (((b) != (b) || (b) < (a)) ? (b) : (a)))"),
}


def digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:10]


def block_reduce_helpers() -> str:
    """Warp and block reductions for sum, max and min (every block kernel shares them)."""
    out = []
    for op in ("sum", "max", "min"):
        init, comb = _COMBINE[op]
        c = comb.replace("(a)", "(x)").replace("(b)", "(y)")
        out.append(f"""
__device__ __forceinline__ float sf_comb_{op}(float x, float y) {{ return {c}; }}
__device__ __forceinline__ float sf_warp_{op}(float v) {{
    for (int o = 16; o > 0; o >>= 1) v = sf_comb_{op}(v, __shfl_down_sync(0xffffffffu, v, o));
    return v;
}}
// Every thread of the block gets the result; smem holds 32 floats and is free again on return.
__device__ float sf_block_{op}(float v, float* smem) {{
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    v = sf_warp_{op}(v);
    if (lane == 0) smem[wid] = v;
    __syncthreads();
    const int nw = (blockDim.x + 31) >> 5;
    if (wid == 0) {{
        v = lane < nw ? smem[lane] : {init};
        v = sf_warp_{op}(v);
        if (lane == 0) smem[0] = v;
    }}
    __syncthreads();
    const float r = smem[0];
    __syncthreads();
    return r;
}}""")
    out.append("""
__device__ double sf_block_sumd(double v, double* smem) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) smem[wid] = v;
    __syncthreads();
    const int nw = (blockDim.x + 31) >> 5;
    if (wid == 0) {
        v = lane < nw ? smem[lane] : 0.0;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (lane == 0) smem[0] = v;
    }
    __syncthreads();
    const double r = smem[0];
    __syncthreads();
    return r;
}""")
    return "\n".join(out)


def _params(n_in: int, n_sc: int) -> str:
    return ", ".join([f"const float* __restrict__ in{i}, long long B{i}, long long C{i}, int f{i}"
                      for i in range(n_in)] + [f"float s{j}" for j in range(n_sc)])


def _loads(n_in: int, index: str = "i", skip: int = 0) -> str:
    return " ".join(f"const float v{k} = in{k}[sf_idx({index}, B{k}, C{k}, f{k}, small)];"
                    for k in range(skip, n_in))


def _lanes(n_in: int, body: str, first: str = "i") -> str:
    """Four copies of ``body`` over the lanes of float4 operands ``q<k>`` (``@L@``: the lane)."""
    loads = " ".join(f"const float4 q{k} = sf_load4(in{k}, {first}, B{k}, C{k}, f{k}, small);"
                     for k in range(n_in))
    lanes = []
    for comp in "xyzw":
        binds = " ".join(f"const float v{k} = q{k}.{comp};" for k in range(n_in))
        lanes.append("{ " + binds + " " + body.replace("@L@", comp) + " }")
    return loads + "\n        " + "\n        ".join(lanes)


def elementwise(expr: str, n_in: int, n_sc: int, form: str) -> tuple[str, str]:
    """(name, source) of a kernel computing ``expr`` over v0.. (operands) and s0.. (scalars)."""
    name = f"ew_{form}_{digest(expr, str(n_in), str(n_sc), form)}"
    p = _params(n_in, n_sc)
    if form == "vec":
        src = f"""
extern "C" __global__ void {name}({p}, float* __restrict__ out, long long n, int vec, int small) {{
    const long long stride = (long long)blockDim.x * gridDim.x;
    const long long start = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long nvec = vec ? n / 4 : 0;
    #pragma unroll 4
    for (long long q = start; q < nvec; q += stride) {{
        const long long i = q * 4;
        float4 r;
        {_lanes(n_in, "r.@L@ = " + expr + ";")}
        reinterpret_cast<float4*>(out)[q] = r;
    }}
    for (long long i = nvec * 4 + start; i < n; i += stride) {{
        {_loads(n_in)}
        out[i] = {expr};
    }}
}}"""
    elif form == "plain":
        src = f"""
extern "C" __global__ void {name}({p}, float* __restrict__ out, long long n, int vec, int small) {{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {{
        {_loads(n_in)}
        out[i] = {expr};
    }}
}}"""
    elif form == "strided":
        src = f"""
// Thread t handles element (t % rows) * 32 + t / rows: neighbouring threads are 32 elements
// apart, so no load or store is coalesced.
extern "C" __global__ void {name}({p}, float* __restrict__ out, long long n, int vec, int small, long long rows) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long i = (t % rows) * 32 + t / rows;
    if (t / rows < 32 && i < n) {{
        {_loads(n_in)}
        out[i] = {expr};
    }}
}}"""
    else:
        raise ValueError(form)
    return name, src


def _finish(kind: str, count: str) -> str:
    return f"acc / (float)({count})" if kind == "mean" else "acc"


def reduce(kind: str, pro: str, n_in: int, n_sc: int, form: str, full: bool,
           epi: str = "r") -> tuple[str, str]:
    """sum / mean / max / min of ``pro`` (over v0..) per output; ``epi`` maps the result ``r``."""
    name = f"red_{kind}_{form}_{'all' if full else 'dim'}_{digest(kind, pro, epi, str(n_in), str(n_sc), form, str(full))}"
    if kind == "lse":
        return name, _lse(name, pro, n_in, n_sc, form, epi)
    init, comb = _COMBINE[kind]
    c = comb.replace("(a)", "(acc)").replace("(b)", "(v)")
    op = "sum" if kind in ("sum", "mean") else kind
    p = _params(n_in, n_sc)
    step = f"const float v = {pro}; acc = {c};"
    if form == "thread":
        acc_t = "double" if op == "sum" else "float"
        cd = c.replace("(v)", "((double)v)") if op == "sum" else c
        return name, f"""
extern "C" __global__ void {name}_thread({p}, float* __restrict__ out, long long n, long long R, long long inner, int small) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const long long o = t / inner, col = t % inner;
    {acc_t} acc = {init};
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = (o * R + rr) * inner + col;
        {_loads(n_in)}
        const float v = {pro}; acc = {cd};
    }}
    const float r = (float)({_finish(kind, "R").replace("(float)", "(" + acc_t + ")")});
    out[t] = {epi};
}}"""
    if full:
        return name, f"""
extern "C" __global__ void {name}_partial({p}, float* __restrict__ partial, long long n, int vec, int small) {{
    __shared__ float smem[32];
    float acc = {init};
    const long long stride = (long long)blockDim.x * gridDim.x;
    const long long start = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long nvec = vec ? n / 4 : 0;
    #pragma unroll 4
    for (long long q = start; q < nvec; q += stride) {{
        const long long i = q * 4;
        {_lanes(n_in, step)}
    }}
    for (long long i = nvec * 4 + start; i < n; i += stride) {{
        {_loads(n_in)}
        {step}
    }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) partial[blockIdx.x] = acc;
}}
extern "C" __global__ void {name}_final(const float* __restrict__ partial{"".join(f", float s{j}" for j in range(n_sc))}, float* __restrict__ out, int parts, long long R) {{
    __shared__ float smem[32];
    float acc = {init};
    for (int j = threadIdx.x; j < parts; j += blockDim.x) {{ const float v = partial[j]; acc = {c}; }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) {{ const float r = {_finish(kind, "R")}; out[0] = {epi}; }}
}}"""
    return name, f"""
extern "C" __global__ void {name}_row({p}, float* __restrict__ out, long long R, int vec, int small) {{
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * R;
    float acc = {init};
    if (vec) {{
        #pragma unroll 4
        for (long long q = threadIdx.x; q < R / 4; q += blockDim.x) {{
            const long long i = base + q * 4;
            {_lanes(n_in, step)}
        }}
    }} else {{
        for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
            const long long i = base + j;
            {_loads(n_in)}
            {step}
        }}
    }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) {{ const float r = {_finish(kind, "R")}; out[blockIdx.x] = {epi}; }}
}}
extern "C" __global__ void {name}_col({p}, float* __restrict__ out, long long R, long long inner, int small) {{
    __shared__ float part[8][33];
    const long long tiles = (inner + 31) / 32;
    const long long o = blockIdx.x / tiles, col = (blockIdx.x % tiles) * 32 + threadIdx.x;
    float acc = {init};
    if (col < inner) {{
        for (long long rr = threadIdx.y; rr < R; rr += 8) {{
            const long long i = (o * R + rr) * inner + col;
            {_loads(n_in)}
            {step}
        }}
    }}
    part[threadIdx.y][threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.y == 0 && col < inner) {{
        for (int y = 1; y < 8; ++y) {{ const float v = part[y][threadIdx.x]; acc = {c}; }}
        const float r = {_finish(kind, "R")};
        out[o * inner + col] = {epi};
    }}
}}"""


def _lse(name: str, pro: str, n_in: int, n_sc: int, form: str, epi: str) -> str:
    """logsumexp: the maximum, then the sum of exp(x - max), per output."""
    p = _params(n_in, n_sc)
    finish = "(m == -INFINITY || isinf(m)) ? m : m + logf(s)"
    if form == "thread":
        return f"""
extern "C" __global__ void {name}_thread({p}, float* __restrict__ out, long long n, long long R, long long inner, int small) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const long long o = t / inner, col = t % inner;
    float m = -INFINITY, s = 0.f;
    for (long long rr = 0; rr < R; ++rr) {{ const long long i = (o * R + rr) * inner + col; {_loads(n_in)} m = sf_comb_max(m, {pro}); }}
    for (long long rr = 0; rr < R; ++rr) {{ const long long i = (o * R + rr) * inner + col; {_loads(n_in)} s += expf({pro} - m); }}
    const float r = {finish};
    out[t] = {epi};
}}"""
    return f"""
extern "C" __global__ void {name}_row({p}, float* __restrict__ out, long long R, int vec, int small) {{
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * R;
    float m = -INFINITY, s = 0.f;
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{ const long long i = base + j; {_loads(n_in)} m = sf_comb_max(m, {pro}); }}
    m = sf_block_max(m, smem);
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{ const long long i = base + j; {_loads(n_in)} s += expf({pro} - m); }}
    s = sf_block_sum(s, smem);
    if (threadIdx.x == 0) {{ const float r = {finish}; out[blockIdx.x] = {epi}; }}
}}
extern "C" __global__ void {name}_col({p}, float* __restrict__ out, long long R, long long inner, int small) {{
    __shared__ float part[8][33];
    const long long tiles = (inner + 31) / 32;
    const long long o = blockIdx.x / tiles, col = (blockIdx.x % tiles) * 32 + threadIdx.x;
    const bool ok = col < inner;
    float m = -INFINITY, s = 0.f;
    if (ok) for (long long rr = threadIdx.y; rr < R; rr += 8) {{ const long long i = (o * R + rr) * inner + col; {_loads(n_in)} m = sf_comb_max(m, {pro}); }}
    part[threadIdx.y][threadIdx.x] = m;
    __syncthreads();
    for (int y = 0; y < 8; ++y) m = sf_comb_max(m, part[y][threadIdx.x]);
    __syncthreads();
    if (ok) for (long long rr = threadIdx.y; rr < R; rr += 8) {{ const long long i = (o * R + rr) * inner + col; {_loads(n_in)} s += expf({pro} - m); }}
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y == 0 && ok) {{
        for (int y = 1; y < 8; ++y) s += part[y][threadIdx.x];
        const float r = {finish};
        out[o * inner + col] = {epi};
    }}
}}"""
