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
    float m = -INFINITY, s = 0.f;
    for (long long rr = 0; rr < R; ++rr) {{
        const long long i = base + rr * inner;
        {_loads(n_pro)}
        const float x = {pro};
        {online}
    }}
    const float M = m, S = s;
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
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * R;
    float K;
    {{ const long long i = base; {_loads(n_pro)} K = {pro}; }}
    float s1 = 0.f, s2 = 0.f;
    for (long long j = threadIdx.x; j < R; j += blockDim.x) {{
        const long long i = base + j;
        {_loads(n_pro)}
        const float d = {pro} - K;
        s1 += d; s2 += d * d;
    }}
    const float m1 = sf_block_sum(s1, smem) / (float)R, m2 = sf_block_sum(s2, smem) / (float)R;
    const float mean = K + m1, rstd = rsqrtf(fmaxf(m2 - m1 * m1, 0.f) + eps);
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
    float m = -INFINITY, s = 0.f;
    for (long long j = 0; j < R; ++j) {{ const float v = x[j]; {online} }}
    const float M = m, S = s;{per_row.replace("THREAD0", "true")}
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
