"""CUDA templates for row ops: softmax / log-softmax (online max and sum, then the write
pass), layer norm (shifted sums in one pass) and cross entropy; ``pro`` / ``epi`` as in
``kernels.py``. Launched by ``launcher.rowwise`` and ``launcher.launch_cross_entropy``."""

from __future__ import annotations

from .kernels import _lanes, _loads, _params, digest


def softmax(kind: str, pro: str, epi: str, n_pro: int, n_in: int, n_sc: int,
            form: str) -> tuple[str, str]:
    """softmax / log_softmax over the middle run of (outer, R, inner) of ``pro`` (over operands
    0..n_pro-1); ``epi`` maps each result ``r`` (operands n_pro.. read at the same index)."""
    name = f"row_{kind}_{form}_{digest(kind, pro, epi, str(n_pro), str(n_in), str(n_sc), form)}"
    p = _params(n_in, n_sc)
    write = "expf(x - M) / S" if kind == "softmax" else "(x - M) - logf(S)"
    online = "if (x > m) { s = s * expf(m - x) + 1.f; m = x; } else { s += expf(x - m); }"
    # one thread per (outer, inner) column: coalesced when inner > 1, one walker per row when not
    thread = f"""
extern "C" __global__ void {name}_thread({p}, float* __restrict__ out, long long n, long long R, long long inner, int small) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const long long base = (t / inner) * R * inner + t % inner;
    float m = -INFINITY;
    double s = 0.0;  // one thread sums a whole row: a float would drift over long rows
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = base + rr * inner;
        {_loads(n_pro)}
        const float x = {pro};
        {online}
    }}
    const float M = m, S = (float)s;
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = base + rr * inner;
        {_loads(n_in)}
        const float x = {pro};
        const float r = {write};
        out[i] = {epi};
    }}
}}"""
    if form == "block":
        stats4 = _lanes(n_pro, f"{{ const float x = {pro}; {online} }}")
        write4 = _lanes(n_in, f"{{ const float x = {pro}; const float r = {write}; o.@L@ = {epi}; }}")
        return name, thread + f"""
extern "C" __global__ void {name}_row({p}, float* __restrict__ out, long long R, int vec, int small) {{
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * R;
    float m = -INFINITY, s = 0.f;
    if (vec) {{
        #pragma unroll 4
        for (long long q = threadIdx.x; q < R / 4; q += blockDim.x) {{
            const long long i = base + q * 4;
            {stats4}
        }}
    }} else {{
        for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
            const long long i = base + j;
            {_loads(n_pro)}
            const float x = {pro};
            {online}
        }}
    }}
    const float M = sf_block_max(m, smem);
    s = (m == -INFINITY) ? 0.f : s * expf(m - M);
    const float S = sf_block_sum(s, smem);
    if (vec) {{
        for (long long q = threadIdx.x; q < R / 4; q += blockDim.x) {{
            const long long i = base + q * 4;
            float4 o;
            {write4}
            *reinterpret_cast<float4*>(out + i) = o;
        }}
    }} else {{
        for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
            const long long i = base + j;
            {_loads(n_in)}
            const float x = {pro};
            const float r = {write};
            out[i] = {epi};
        }}
    }}
}}"""
    return name, thread


def layer_norm(pro: str, epi: str, n_pro: int, n_in: int, n_sc: int, form: str) -> tuple[str, str]:
    """Layer norm of ``pro`` over each row's last R elements, then ``* w + b`` (either may be
    null), then ``epi``. Statistics: sums shifted by the row's first element, in one pass."""
    name = f"row_layer_norm_{form}_{digest(pro, epi, str(n_pro), str(n_in), str(n_sc), form)}"
    p = _params(n_in, n_sc) + ", const float* __restrict__ w, const float* __restrict__ b, float eps"
    affine = "if (w) r *= w[j]; if (b) r += b[j];"
    if form == "block":
        return name, f"""
extern "C" __global__ void {name}_row({p}, float* __restrict__ out, long long R, int vec, int small) {{
    __shared__ double dsmem[32];
    const long long base = (long long)blockIdx.x * R;
    float K;
    {{ const long long i = base; {_loads(n_pro)} K = {pro}; }}
    double s1 = 0.0, s2 = 0.0;  // per thread in double: rows of millions of elements stay exact enough
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
        const long long i = base + j;
        {_loads(n_pro)}
        const double d = (double)({pro}) - (double)K;
        s1 += d; s2 += d * d;
    }}
    const double m1 = sf_block_sumd(s1, dsmem) / (double)R, m2 = sf_block_sumd(s2, dsmem) / (double)R;
    const float mean = (float)((double)K + m1), rstd = rsqrtf((float)fmax(m2 - m1 * m1, 0.0) + eps);
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
        const long long i = base + j;
        {_loads(n_in)}
        float r = ({pro} - mean) * rstd;
        {affine}
        out[i] = {epi};
    }}
}}"""
    return name, f"""
extern "C" __global__ void {name}_thread({p}, float* __restrict__ out, long long n, long long R, long long inner, int small) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const long long base = t * R;
    double s1 = 0.0, s2 = 0.0;
    for (long long j = 0; j < R; ++j) {{ const long long i = base + j; {_loads(n_pro)} const double x = {pro}; s1 += x; s2 += x * x; }}
    const double mean = s1 / (double)R, var = fmax(s2 / (double)R - mean * mean, 0.0);
    const float fmean = (float)mean, rstd = rsqrtf((float)var + eps);
    for (long long j = 0; j < R; ++j) {{
        const long long i = base + j;
        {_loads(n_in)}
        float r = ({pro} - fmean) * rstd;
        {affine}
        out[i] = {epi};
    }}
}}"""


def cross_entropy(form: str) -> tuple[str, str]:
    """Mean cross entropy of logits (rows, C) against int64 class indices (``ignore_index``
    -100 skipped, as torch does): per row the log-sum-exp (online, one read) minus the target's
    logit, then the mean over the rows that count."""
    name = f"xent_{form}_{digest('cross_entropy', form)}"
    per_row = """
    if (THREAD0) {
        const long long t = tgt[row];
        const bool skip = t == -100;
        loss[row] = skip ? 0.f : ((t < 0 || t >= R) ? NAN : (M + logf(S)) - x[t]);
        valid[row] = skip ? 0.f : 1.f;
    }"""
    online = "if (v > m) { s = s * expf(m - v) + 1.f; m = v; } else { s += expf(v - m); }"
    if form == "block":
        body = f"""
extern "C" __global__ void {name}_rows(const float* __restrict__ logits, const long long* __restrict__ tgt, float* __restrict__ loss, float* __restrict__ valid, long long R) {{
    __shared__ float smem[32];
    const long long row = blockIdx.x;
    const float* x = logits + row * R;
    float m = -INFINITY, s = 0.f;
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{ const float v = x[j]; {online} }}
    const float M = sf_block_max(m, smem);
    s = (m == -INFINITY) ? 0.f : s * expf(m - M);
    const float S = sf_block_sum(s, smem);{per_row.replace("THREAD0", "threadIdx.x == 0")}
}}"""
    else:
        body = f"""
extern "C" __global__ void {name}_rows(const float* __restrict__ logits, const long long* __restrict__ tgt, float* __restrict__ loss, float* __restrict__ valid, long long rows, long long R) {{
    const long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* x = logits + row * R;
    float m = -INFINITY;
    double s = 0.0;
    for (long long j = 0; j < R; ++j) {{ const float v = x[j]; {online} }}
    const float M = m, S = (float)s;{per_row.replace("THREAD0", "true")}
}}"""
    return name, body + f"""
extern "C" __global__ void {name}_mean(const float* __restrict__ loss, const float* __restrict__ valid, float* __restrict__ out, long long rows) {{
    __shared__ float smem[32];
    float a = 0.f, c = 0.f;
    for (long long j = threadIdx.x; j < rows; j += blockDim.x) {{ a += loss[j]; c += valid[j]; }}
    a = sf_block_sum(a, smem);
    c = sf_block_sum(c, smem);
    if (threadIdx.x == 0) out[0] = a / c;
}}"""


def rowmap(kind: str, pro: str, epi: str, n_pro: int, n_in: int, n_sc: int,
           form: str) -> tuple[str, str]:
    """A reduction over a row and the elementwise map that uses it, in one kernel: the row's
    sum / mean / max / min of ``pro`` becomes ``r``, then every element of the row is written
    as ``epi`` (``x / mean(|x|)``, ``x / sqrt(mean(x^2) + eps)``: read twice, written once)."""
    from .kernels import _COMBINE

    name = f"rowmap_{kind}_{form}_{digest(kind, pro, epi, str(n_pro), str(n_in), str(n_sc), form)}"
    init, comb = _COMBINE[kind]
    c = comb.replace("(a)", "(acc)").replace("(b)", "(v)")
    op = "sum" if kind in ("sum", "mean") else kind
    finish = "acc / (float)R" if kind == "mean" else "acc"
    p = _params(n_in, n_sc)
    thread = f"""
extern "C" __global__ void {name}_thread({p}, float* __restrict__ out, long long n, long long R, long long inner, int small) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const long long base = (t / inner) * R * inner + t % inner;
    {"double" if op == "sum" else "float"} acc = {init};
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = base + rr * inner;
        {_loads(n_pro)}
        const float v = {pro}; acc = {c};
    }}
    const float r = (float)({finish.replace("(float)", "(double)") if op == "sum" else finish});
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = base + rr * inner;
        {_loads(n_in)}
        out[i] = {epi};
    }}
}}"""
    if form != "block":
        return name, thread
    stats4 = _lanes(n_pro, f"const float v = {pro}; acc = {c};")
    write4 = _lanes(n_in, f"o.@L@ = {epi};")
    return name, thread + f"""
extern "C" __global__ void {name}_row({p}, float* __restrict__ out, long long R, int vec, int small) {{
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * R;
    float acc = {init};
    if (vec) {{
        #pragma unroll 4
        for (long long q = threadIdx.x; q < R / 4; q += blockDim.x) {{
            const long long i = base + q * 4;
            {stats4}
        }}
    }} else {{
        for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
            const long long i = base + j;
            {_loads(n_pro)}
            const float v = {pro}; acc = {c};
        }}
    }}
    acc = sf_block_{op}(acc, smem);
    const float r = {finish};
    if (vec) {{
        for (long long q = threadIdx.x; q < R / 4; q += blockDim.x) {{
            const long long i = base + q * 4;
            float4 o;
            {write4}
            *reinterpret_cast<float4*>(out + i) = o;
        }}
    }} else {{
        for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
            const long long i = base + j;
            {_loads(n_in)}
            out[i] = {epi};
        }}
    }}
}}"""
