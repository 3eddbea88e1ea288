"""CUDA source templates: each returns (kernel source, C++ wrapper source, wrapper declaration).

Kernel sources include only CUDA headers (tests compile them alone with nvcc); wrappers use
torch's C++ API, launch on the caller's current stream and check every launch. All kernels
compute in float32; wrappers refuse other dtypes with a clear error rather than guess.

Forms, fast and slow:

* elementwise ``vec``: grid-stride loop over float4 loads and stores, scalar tail, falls back
  to scalar accesses when a pointer is not 16-byte aligned;
* elementwise ``plain``: one thread per element, coalesced;
* elementwise ``strided``: one thread per element, neighbouring threads 32 elements apart
  (uncoalesced);
* reduction ``block``: one block per row, warp shuffles and shared memory (full reductions:
  per-block partials, then one block);
* reduction ``thread``: one thread per row walking it alone;
* reduction ``atomic``: one atomicAdd per element (sum / mean only);
* softmax / layer norm ``block``: one block per row, shared-memory reductions, one launch;
  ``thread``: separate passes, one thread per row.
"""

from __future__ import annotations

import hashlib

BLOCK = 256

HEADER = """#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
"""

WRAPPER_HEADER = """#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <optional>
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
    """Warp and block reductions for sum, max and min (shared by every block kernel)."""
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
    return "\n".join(out)


def _params(n_in: int, n_sc: int) -> tuple[str, str, str]:
    """(kernel params, wrapper params, per-element loads)."""
    kp = ", ".join([f"const float* __restrict__ in{i}" for i in range(n_in)]
                   + [f"float s{j}" for j in range(n_sc)])
    wp = ", ".join([f"torch::Tensor a{i}" for i in range(n_in)] + [f"double s{j}" for j in range(n_sc)])
    return kp, wp, ""


def _checks(name: str, n_in: int) -> str:
    lines = [f'    TORCH_CHECK(a0.is_cuda() && a0.scalar_type() == at::kFloat, "{name}: expects float32 CUDA tensors, got ", a0.scalar_type());']
    for i in range(1, n_in):
        lines.append(f'    TORCH_CHECK(a{i}.is_cuda() && a{i}.scalar_type() == at::kFloat && a{i}.sizes() == a0.sizes(), "{name}: input {i} must be a float32 CUDA tensor shaped like input 0");')
    lines += [f"    auto c{i} = a{i}.contiguous();" for i in range(n_in)]
    return "\n".join(lines)


def _scalar_args(n_sc: int) -> str:
    return "".join(f", (float)s{j}" for j in range(n_sc))


def _ptrs(n_in: int) -> str:
    return ", ".join(f"c{i}.data_ptr<float>()" for i in range(n_in))


def elementwise(expr: str, n_in: int, n_sc: int, form: str) -> tuple[str, str, str, str]:
    """A kernel computing ``expr`` over v0..v{n_in-1} (tensors) and s0.. (scalars)."""
    name = f"ew_{form}_{digest(expr, str(n_in), str(n_sc), form)}"
    kp, wp, _ = _params(n_in, n_sc)
    loads = " ".join(f"const float v{i} = in{i}[i];" for i in range(n_in))
    if form == "vec":
        vloads = " ".join(f"const float4 q{i} = reinterpret_cast<const float4*>(in{i})[i];" for i in range(n_in))
        lanes = []
        for comp in "xyzw":
            binds = " ".join(f"const float v{i} = q{i}.{comp};" for i in range(n_in))
            lanes.append(f"        {{ {binds} r.{comp} = {expr}; }}")
        lanes_s = "\n".join(lanes)
        kernel = f"""
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long n, int vec) {{
    const long long stride = (long long)blockDim.x * gridDim.x;
    const long long start = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long nvec = vec ? n / 4 : 0;
    for (long long i = start; i < nvec; i += stride) {{
        {vloads}
        float4 r;
{lanes_s}
        reinterpret_cast<float4*>(out)[i] = r;
    }}
    for (long long i = nvec * 4 + start; i < n; i += stride) {{
        {loads}
        out[i] = {expr};
    }}
}}"""
        aligned = " && ".join([f"((uintptr_t)c{i}.data_ptr<float>() % 16 == 0)" for i in range(n_in)]
                              + ["((uintptr_t)out.data_ptr<float>() % 16 == 0)"])
        launch = f"""    const int vec = ({aligned}) ? 1 : 0;
    int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    long long work = vec ? (n / 4 + (n % 4)) : n;
    long long blocks = std::min<long long>((work + {BLOCK} - 1) / {BLOCK}, (long long)sms * 8);
    {name}_kernel<<<(unsigned)std::max<long long>(blocks, 1), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), n, vec);"""
    elif form == "plain":
        kernel = f"""
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long n) {{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {{
        {loads}
        out[i] = {expr};
    }}
}}"""
        launch = f"""    {name}_kernel<<<(unsigned)((n + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), n);"""
    elif form == "strided":
        kernel = f"""
// Thread t handles element (t % rows) * 32 + t / rows: neighbouring threads are 32 elements
// apart, so no load or store is coalesced.
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long n, long long rows) {{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long r = t % rows, c = t / rows;
    const long long i = r * 32 + c;
    if (c < 32 && i < n) {{
        {loads}
        out[i] = {expr};
    }}
}}"""
        launch = f"""    long long rows = (n + 31) / 32;
    {name}_kernel<<<(unsigned)((rows * 32 + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), n, rows);"""
    else:
        raise ValueError(form)
    wrapper = f"""
torch::Tensor {name}({wp}) {{
{_checks(name, n_in)}
    auto out = torch::empty_like(c0);
    const long long n = c0.numel();
    if (n == 0) return out;
{launch}
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}}"""
    decl = f"torch::Tensor {name}({wp});"
    return name, kernel, wrapper, decl


def reduce(kind: str, expr: str, n_in: int, n_sc: int, form: str, full: bool) -> tuple[str, str, str, str]:
    """sum/mean/max/min of ``expr`` over the last dim after moving ``dim`` there, or over all."""
    name = f"red_{kind}_{form}_{'all' if full else 'dim'}_{digest(kind, expr, str(n_in), str(n_sc), form, str(full))}"
    init, comb = _COMBINE[kind]
    c = comb.replace("(a)", "(acc)").replace("(b)", "(v)")
    kp, wp, _ = _params(n_in, n_sc)
    loads = " ".join(f"const float v{i} = in{i}[base + j];" for i in range(n_in))
    finish = "acc / (float)cols" if kind == "mean" else "acc"
    op = "sum" if kind in ("sum", "mean") else kind
    if form == "block":
        kernel = f"""
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long cols) {{
    __shared__ float smem[32];
    const long long base = (long long)blockIdx.x * cols;
    float acc = {init};
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) {{
        {loads}
        const float v = {expr};
        acc = {c};
    }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) out[blockIdx.x] = {finish};
}}"""
        if full:
            # pass 1: per-block partials over a grid-stride range; pass 2: one block sums them
            kernel = f"""
__global__ void {name}_partial({kp}, float* __restrict__ partial, long long n) {{
    __shared__ float smem[32];
    const long long base = 0;
    float acc = {init};
    for (long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (long long)blockDim.x * gridDim.x) {{
        {loads}
        const float v = {expr};
        acc = {c};
    }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) partial[blockIdx.x] = acc;
}}
__global__ void {name}_final(const float* __restrict__ partial, float* __restrict__ out, int parts, long long cols) {{
    __shared__ float smem[32];
    float acc = {init};
    for (int j = threadIdx.x; j < parts; j += blockDim.x) {{ const float v = partial[j]; acc = {c}; }}
    acc = sf_block_{op}(acc, smem);
    if (threadIdx.x == 0) out[0] = {finish};
}}"""
            launch = f"""    int parts = (int)std::min<long long>((n + {BLOCK} - 1) / {BLOCK}, 1024);
    auto partial = torch::empty({{parts}}, c0.options());
    {name}_partial<<<parts, {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, partial.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    {name}_final<<<1, {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>(partial.data_ptr<float>(), out.data_ptr<float>(), parts, n);"""
        else:
            launch = f"""    {name}_kernel<<<(unsigned)rows, {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), cols);"""
    elif form == "thread":
        # one thread walks a whole row: a double accumulator keeps a long sequential sum as
        # accurate as the library's tree reduction
        kernel = f"""
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long rows, long long cols) {{
    const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const long long base = r * cols;
    double acc = {init};
    for (long long j = 0; j < cols; ++j) {{
        {loads}
        const float v = {expr};
        acc = {c};
    }}
    out[r] = (float)({finish.replace("(float)cols", "(double)cols")});
}}"""
        launch = f"""    {name}_kernel<<<(unsigned)((rows + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), rows, cols);"""
    elif form == "atomic":
        if kind not in ("sum", "mean") or full:
            raise ValueError("atomic form is for sum and mean over a dim (one float accumulator "
                             "per row; a whole-tensor sum in one float loses precision)")
        kernel = f"""
__global__ void {name}_kernel({kp}, float* __restrict__ out, long long n, long long cols) {{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const long long base = 0, j = i;
    {loads}
    atomicAdd(&out[i / cols], {expr});
}}
__global__ void {name}_scale(float* __restrict__ out, long long rows, long long cols) {{
    const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {{ const float acc = out[r]; out[r] = {finish}; }}
}}"""
        launch = f"""    out.zero_();
    {name}_kernel<<<(unsigned)((n + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>({_ptrs(n_in)}{_scalar_args(n_sc)}, out.data_ptr<float>(), n, cols);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    {name}_scale<<<(unsigned)((rows + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), rows, cols);"""
    else:
        raise ValueError(form)
    if full:
        shape = """    auto out = torch::empty({}, c0.options());
    const long long n = c0.numel(), rows = 1, cols = n;
    TORCH_CHECK(n > 0, "reduction of an empty tensor");"""
        params = wp
        tail = "    return out;"
    else:
        shape = """    auto out = torch::empty(sizes, c0.options());
    const long long cols = c0.size(-1), rows = cols ? c0.numel() / cols : 0, n = c0.numel();
    TORCH_CHECK(cols > 0, "reduction over an empty dimension");"""
        params = wp + ", int64_t dim, bool keepdim"
        tail = "    return keepdim ? out.unsqueeze(dim) : out;"
    moved = "" if full else "\n".join(
        ["    dim = at::maybe_wrap_dim(dim, a0.dim());"]
        + [f"    a{i} = a{i}.movedim(dim, -1);" for i in range(n_in)]) + "\n"
    sizes = "" if full else "    auto sizes = c0.sizes().vec(); sizes.pop_back();\n"
    if form == "block" and full:
        pass
    wrapper = f"""
torch::Tensor {name}({params}) {{
{moved}{_checks(name, n_in)}
{sizes}{shape}
{launch}
    C10_CUDA_KERNEL_LAUNCH_CHECK();
{tail}
}}"""
    return name, kernel, wrapper, f"torch::Tensor {name}({params});"


def row_op(kind: str, form: str) -> tuple[str, str, str, str]:
    """softmax / log_softmax over ``dim`` or layer_norm over the trailing ``cols`` elements."""
    name = f"row_{kind}_{form}_{digest(kind, form)}"
    if kind in ("softmax", "log_softmax"):
        write = "e / s" if kind == "softmax" else "(x[j] - m) - logf(s)"
        if form == "block":
            kernel = f"""
__global__ void {name}_kernel(const float* __restrict__ in, float* __restrict__ out, long long cols) {{
    __shared__ float smem[32];
    const float* x = in + (long long)blockIdx.x * cols;
    float* y = out + (long long)blockIdx.x * cols;
    float m = -INFINITY;
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) m = sf_comb_max(m, x[j]);
    m = sf_block_max(m, smem);
    float s = 0.f;
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) s += expf(x[j] - m);
    s = sf_block_sum(s, smem);
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) {{ const float e = expf(x[j] - m); y[j] = {write}; }}
}}"""
            launch = f"""    {name}_kernel<<<(unsigned)rows, {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>(c0.data_ptr<float>(), out.data_ptr<float>(), cols);"""
        else:
            kernel = f"""
__global__ void {name}_max(const float* __restrict__ in, float* __restrict__ mx, long long rows, long long cols) {{
    const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -INFINITY;
    for (long long j = 0; j < cols; ++j) m = sf_comb_max(m, in[r * cols + j]);
    mx[r] = m;
}}
__global__ void {name}_sum(const float* __restrict__ in, const float* __restrict__ mx, float* __restrict__ sm, long long rows, long long cols) {{
    const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.f;
    for (long long j = 0; j < cols; ++j) s += expf(in[r * cols + j] - mx[r]);
    sm[r] = s;
}}
__global__ void {name}_write(const float* __restrict__ in, const float* __restrict__ mx, const float* __restrict__ sm, float* __restrict__ out, long long n, long long cols) {{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const long long r = i / cols, j = i % cols;
    const float* x = in + r * cols;
    const float m = mx[r], s = sm[r], e = expf(x[j] - m);
    out[i] = {write};
}}"""
            launch = f"""    auto mx = torch::empty({{rows}}, c0.options());
    auto sm = torch::empty({{rows}}, c0.options());
    unsigned rb = (unsigned)((rows + {BLOCK} - 1) / {BLOCK}), nb = (unsigned)((n + {BLOCK} - 1) / {BLOCK});
    auto stream = at::cuda::getCurrentCUDAStream();
    {name}_max<<<rb, {BLOCK}, 0, stream>>>(c0.data_ptr<float>(), mx.data_ptr<float>(), rows, cols);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    {name}_sum<<<rb, {BLOCK}, 0, stream>>>(c0.data_ptr<float>(), mx.data_ptr<float>(), sm.data_ptr<float>(), rows, cols);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    {name}_write<<<nb, {BLOCK}, 0, stream>>>(c0.data_ptr<float>(), mx.data_ptr<float>(), sm.data_ptr<float>(), out.data_ptr<float>(), n, cols);"""
        wrapper = f"""
torch::Tensor {name}(torch::Tensor a0, int64_t dim) {{
    dim = at::maybe_wrap_dim(dim, a0.dim());
    a0 = a0.movedim(dim, -1);
{_checks(name, 1)}
    auto out = torch::empty_like(c0);
    const long long n = c0.numel(), cols = c0.dim() ? c0.size(-1) : 1, rows = cols ? n / cols : 0;
    if (n == 0) return out.movedim(-1, dim).contiguous();
{launch}
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out.movedim(-1, dim).contiguous();
}}"""
        return name, kernel, wrapper, f"torch::Tensor {name}(torch::Tensor a0, int64_t dim);"
    if kind != "layer_norm":
        raise ValueError(kind)
    affine = "v = v * w[j] + (b ? b[j] : 0.f);"
    if form == "block":
        kernel = f"""
__global__ void {name}_kernel(const float* __restrict__ in, const float* __restrict__ w, const float* __restrict__ b, float* __restrict__ out, long long cols, float eps) {{
    __shared__ float smem[32];
    const float* x = in + (long long)blockIdx.x * cols;
    float* y = out + (long long)blockIdx.x * cols;
    float s = 0.f;
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) s += x[j];
    const float mean = sf_block_sum(s, smem) / (float)cols;
    float q = 0.f;
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) {{ const float d = x[j] - mean; q += d * d; }}
    const float rstd = rsqrtf(sf_block_sum(q, smem) / (float)cols + eps);
    for (long long j = threadIdx.x; j < cols; j += blockDim.x) {{
        float v = (x[j] - mean) * rstd;
        if (w) {{ {affine} }}
        y[j] = v;
    }}
}}"""
        launch = f"""    {name}_kernel<<<(unsigned)rows, {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>(c0.data_ptr<float>(), wp, bp, out.data_ptr<float>(), cols, (float)eps);"""
    else:
        kernel = f"""
__global__ void {name}_kernel(const float* __restrict__ in, const float* __restrict__ w, const float* __restrict__ b, float* __restrict__ out, long long rows, long long cols, float eps) {{
    const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* x = in + r * cols;
    float* y = out + r * cols;
    float s = 0.f;
    for (long long j = 0; j < cols; ++j) s += x[j];
    const float mean = s / (float)cols;
    float q = 0.f;
    for (long long j = 0; j < cols; ++j) {{ const float d = x[j] - mean; q += d * d; }}
    const float rstd = rsqrtf(q / (float)cols + eps);
    for (long long j = 0; j < cols; ++j) {{
        float v = (x[j] - mean) * rstd;
        if (w) {{ {affine} }}
        y[j] = v;
    }}
}}"""
        launch = f"""    {name}_kernel<<<(unsigned)((rows + {BLOCK} - 1) / {BLOCK}), {BLOCK}, 0, at::cuda::getCurrentCUDAStream()>>>(c0.data_ptr<float>(), wp, bp, out.data_ptr<float>(), rows, cols, (float)eps);"""
    wrapper = f"""
torch::Tensor {name}(torch::Tensor a0, std::optional<torch::Tensor> weight, std::optional<torch::Tensor> bias, double eps, int64_t cols) {{
{_checks(name, 1)}
    TORCH_CHECK(cols > 0 && c0.numel() % cols == 0, "{name}: normalized size does not divide the input");
    auto out = torch::empty_like(c0);
    const long long rows = c0.numel() / cols;
    torch::Tensor wc, bc;
    const float* wp = nullptr; const float* bp = nullptr;
    if (weight.has_value() && weight->defined()) {{ wc = weight->contiguous(); TORCH_CHECK(wc.numel() == cols && wc.scalar_type() == at::kFloat); wp = wc.data_ptr<float>(); }}
    if (bias.has_value() && bias->defined()) {{ bc = bias->contiguous(); TORCH_CHECK(bc.numel() == cols && bc.scalar_type() == at::kFloat && wp); bp = bc.data_ptr<float>(); }}
    if (rows == 0) return out;
{launch}
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}}"""
    decl = (f"torch::Tensor {name}(torch::Tensor a0, std::optional<torch::Tensor> weight, "
            f"std::optional<torch::Tensor> bias, double eps, int64_t cols);")
    return name, kernel, wrapper, decl
