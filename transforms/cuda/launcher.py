# CUDA kernels without a torch C++ extension: nvcc compiles the kernel source to a cubin, cached
# under its content's hash, and the CUDA driver API (through ctypes) loads it and launches its
# kernels on torch's current stream. This file is copied verbatim into every generated program
# (which must run on its own); semforge imports it to compile ahead of the GPU.
import ctypes as _ct
import hashlib as _hashlib
import os as _os
import shutil as _shutil
import subprocess as _subprocess
import tempfile as _tempfile

_NVCC_FLAGS = ("-cubin", "-O3", "-std=c++17")


def _cubin_cache():
    return _os.environ.get("SEMFORGE_CUBIN_CACHE") or _os.path.join(
        _os.path.expanduser("~"), ".cache", "semforge", "cubin")


def _cubin_key(source, arch):
    return _hashlib.sha256("\0".join((arch, *_NVCC_FLAGS, source)).encode()).hexdigest()[:32]


def _nvcc():
    found = _shutil.which("nvcc")
    if found:
        return found
    for home in (_os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if home and _os.path.exists(_os.path.join(home, "bin", "nvcc")):
            return _os.path.join(home, "bin", "nvcc")
    raise RuntimeError("nvcc not found: the kernels of this program are compiled with nvcc")


def _compile_cubin(source, arch, timeout=600):
    """Path of the cubin of ``source`` for ``arch`` (sm_90, ...): from the cache, else nvcc."""
    cache = _cubin_cache()
    path = _os.path.join(cache, _cubin_key(source, arch) + ".cubin")
    if _os.path.exists(path):
        return path
    _os.makedirs(cache, exist_ok=True)
    with _tempfile.TemporaryDirectory(prefix="cubin-", dir=cache) as tmp:
        src = _os.path.join(tmp, "k.cu")
        with open(src, "w") as fh:
            fh.write(source)
        out = _os.path.join(tmp, "k.cubin")
        proc = _subprocess.run([_nvcc(), *_NVCC_FLAGS, "-arch=" + arch, src, "-o", out],
                               capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError("nvcc failed: " + (proc.stderr or proc.stdout)[-2000:])
        _os.replace(out, path)  # atomic: concurrent builders of one key both succeed
    return path


class _Driver:
    """The few driver API calls needed, on the context torch made current."""

    def __init__(self):
        self.lib = _ct.CDLL("libcuda.so.1")
        self.lib.cuLaunchKernel.argtypes = [
            _ct.c_void_p, _ct.c_uint, _ct.c_uint, _ct.c_uint, _ct.c_uint, _ct.c_uint, _ct.c_uint,
            _ct.c_uint, _ct.c_void_p, _ct.POINTER(_ct.c_void_p), _ct.c_void_p]

    def check(self, status, what):
        if status != 0:
            name = _ct.c_char_p()
            self.lib.cuGetErrorName(status, _ct.byref(name))
            raise RuntimeError(f"CUDA driver: {what} failed: {name.value.decode() if name.value else status}")


class CudaKernels:
    """``kernels.name(grid, block, *args, shared=0)`` launches kernel ``name`` (extern "C") of
    ``source``. Arguments are ctypes values (``ptr(tensor)``, ``i64(n)``, ``f32(x)``). The module
    is compiled on first use (or found in the cache) and loaded once per device."""

    def __init__(self, source):
        self.source = source
        self._modules = {}
        self._functions = {}
        self._driver = None

    def _function(self, name):
        import torch

        device = torch.cuda.current_device()
        key = (device, name)
        fn = self._functions.get(key)
        if fn is not None:
            return fn
        if self._driver is None:
            self._driver = _Driver()
        drv = self._driver
        if device not in self._modules:
            torch.cuda.synchronize()  # makes torch's (primary) context current on this thread
            major, minor = torch.cuda.get_device_capability(device)
            with open(_compile_cubin(self.source, f"sm_{major}{minor}"), "rb") as fh:
                image = fh.read()
            module = _ct.c_void_p()
            drv.check(drv.lib.cuModuleLoadData(_ct.byref(module), image), "cuModuleLoadData")
            self._modules[device] = module
        fn = _ct.c_void_p()
        drv.check(drv.lib.cuModuleGetFunction(_ct.byref(fn), self._modules[device], name.encode()),
                  f"cuModuleGetFunction({name})")
        self._functions[key] = fn
        return fn

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)

        def launch(grid, block, *args, shared=0):  # noqa: ANN001
            import torch

            fn = self._function(name)
            params = (_ct.c_void_p * len(args))(*[_ct.addressof(a) for a in args])
            stream = _ct.c_void_p(torch.cuda.current_stream().cuda_stream)
            g = tuple(grid) + (1,) * (3 - len(grid)) if isinstance(grid, tuple) else (grid, 1, 1)
            b = tuple(block) + (1,) * (3 - len(block)) if isinstance(block, tuple) else (block, 1, 1)
            self._driver.check(self._driver.lib.cuLaunchKernel(
                fn, *[int(x) for x in g], *[int(x) for x in b], int(shared), stream, params, None),
                f"cuLaunchKernel({name})")
        object.__setattr__(self, name, launch)
        return launch


def ptr(t):
    return _ct.c_void_p(t.data_ptr())


def i64(v):
    return _ct.c_longlong(int(v))


def f32(v):
    return _ct.c_float(float(v))


def i32(v):
    return _ct.c_int(int(v))


def optr(t):
    """A parameter's pointer, or null for None (layer norm without weight or bias)."""
    if t is None:
        return _ct.c_void_p(None)
    if t.dtype.itemsize != 4 or not t.is_contiguous():
        raise TypeError("expected a contiguous float32 tensor")
    return ptr(t)


# -- launching the templates' kernels (shapes, broadcasting, grids) ---------------------------------
BLOCK = 256
_SMS = {}


def _sms(t):
    import torch

    d = t.device.index if t.device.index is not None else torch.cuda.current_device()
    if d not in _SMS:
        _SMS[d] = torch.cuda.get_device_properties(d).multi_processor_count
    return _SMS[d]


def _pattern(t, shape):
    """(tensor, B, C, flags) reading ``t`` broadcast to ``shape`` from its own memory: the
    output's dims group into outer / middle / inner runs over which ``t`` is either whole or
    broadcast (flags 8 | 4 outer | 2 middle | 1 inner whole); more runs: materialised."""
    dims = [1] * (len(shape) - t.dim()) + list(t.shape)
    groups = []
    for o, d in zip(shape, dims):
        if o == 1:
            continue
        whole = d == o
        if groups and groups[-1][0] == whole:
            groups[-1][1] *= o
        else:
            groups.append([whole, o])
    if len(groups) > 3:
        return t.expand(shape).contiguous(), 1, 1, 0
    t = t.contiguous()
    g = [[False, 1]] * (3 - len(groups)) + groups
    return t, g[1][1], g[2][1], 8 | g[0][0] << 2 | g[1][0] << 1 | g[2][0]


def operands(tensors, shape=None):
    """Kernel arguments (pointer, B, C, flags per operand) for ``tensors`` broadcast to
    ``shape`` (default: their broadcast shape); whether float4 access is possible."""
    import torch

    dev = next((t.device for t in tensors if isinstance(t, torch.Tensor)), None)
    # a number passed where a tensor may be (a forward argument): a 0-d float32 tensor
    # (and a 0-d tensor made on the host, torch.tensor(c), which torch's ops also accept)
    tensors = [torch.tensor(float(t), dtype=torch.float32, device=dev)
               if isinstance(t, (int, float)) and not isinstance(t, bool) and dev is not None else
               t.to(dev, torch.float32) if isinstance(t, torch.Tensor) and t.dim() == 0
               and not t.is_cuda and dev is not None and dev.type == "cuda" else t
               for t in tensors]
    dev = next((t.device for t in tensors if t.is_cuda), dev)
    for t in tensors:
        if not isinstance(t, torch.Tensor) or t.dtype != torch.float32 or not t.is_cuda:
            raise TypeError("these kernels take float32 CUDA tensors")
    shape = tuple(torch.broadcast_shapes(*[t.shape for t in tensors])) if shape is None else tuple(shape)
    keep, args, vec = [], [], True
    if all(tuple(t.shape) == shape and t.is_contiguous() for t in tensors):  # the common case
        for t in tensors:
            keep.append(t)
            args += [ptr(t), i64(1), i64(1), i32(0)]
            vec = vec and t.data_ptr() % 16 == 0
        return shape, keep, args, vec
    for t in tensors:
        if tuple(torch.broadcast_shapes(t.shape, shape)) != shape:
            raise RuntimeError(f"operand of shape {tuple(t.shape)} does not broadcast to {shape}")
        if tuple(t.shape) == shape:
            t, b, c, f = t.contiguous(), 1, 1, 0
        else:
            t, b, c, f = _pattern(t, shape)
        vec = vec and t.data_ptr() % 16 == 0 and (f in (0, 8) or c % 4 == 0)
        keep.append(t)
        args += [ptr(t), i64(b), i64(c), i32(f)]
    return shape, keep, args, vec


def _clip(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def _threads(r):
    """Threads of a block that walks a row of r elements."""
    return BLOCK if r >= 4 * BLOCK else _clip((r + 31) // 32 * 32, 32, BLOCK)


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def elementwise(k, name, tensors, scalars, form):
    import torch

    shape, keep, args, vec = operands(tensors)
    out = torch.empty(shape, device=keep[0].device, dtype=torch.float32)
    n = out.numel()
    if n == 0:
        return out
    vec = int(vec and form == "vec" and out.data_ptr() % 16 == 0)
    small = int(n < 2 ** 31)
    tail = [ptr(out), i64(n), i32(vec), i32(small)]
    if form == "vec":
        work = n // 4 + n % 4 if vec else n
        blocks = _clip((work + 4 * BLOCK - 1) // (4 * BLOCK), 1, 2 ** 31 - 1)  # 4 float4 per thread
    elif form == "strided":
        rows = (n + 31) // 32
        blocks = (rows * 32 + BLOCK - 1) // BLOCK
        tail.append(i64(rows))
    else:
        blocks = (n + BLOCK - 1) // BLOCK
    getattr(k, name)(blocks, BLOCK, *args, *[f32(s) for s in scalars], *tail)
    return out


def _run(shape, dims):
    """(outer, R, inner) of a reduction of ``shape`` over ``dims`` (a run of adjacent dims)."""
    nd = len(shape)
    dims = [dims] if isinstance(dims, int) else dims
    dims = sorted({d % nd if nd else 0 for d in dims}) if dims is not None else list(range(nd))
    if dims and dims != list(range(dims[0], dims[-1] + 1)):
        raise NotImplementedError("reduction over dims that are not adjacent")
    lo, hi = (dims[0], dims[-1] + 1) if dims else (0, 0)
    return _numel(shape[:lo]), _numel(shape[lo:hi]), _numel(shape[hi:]), dims


def reduce(k, name, tensors, scalars, dims, keepdim, form):
    """Reduce the elementwise map of ``tensors`` over ``dims`` (None: all of them)."""
    import torch

    shape, keep, args, vec = operands(tensors)
    outer, r, inner, dims = _run(shape, dims)
    if r == 0:
        raise RuntimeError("reduction over an empty dimension")
    dev = keep[0].device
    sizes = [1 if i in dims else s for i, s in enumerate(shape) if keepdim or i not in dims]
    out = torch.empty(sizes, device=dev, dtype=torch.float32)
    if out.numel() == 0:
        return out
    sc = [f32(s) for s in scalars]
    small = i32(outer * r * inner < 2 ** 31)
    if form == "block" and outer == 1 and inner == 1:
        vec = int(vec and all(int(a.value) == 0 for a in args[3::4]))
        parts = _clip((r // 4 if vec else r) // BLOCK + 1, 1, _sms(out) * 8)
        partial = torch.empty(parts, device=dev, dtype=torch.float32)
        getattr(k, name + "_partial")(parts, BLOCK, *args, *sc, ptr(partial), i64(r), i32(vec), small)
        getattr(k, name + "_final")(1, 1024, ptr(partial), *sc, ptr(out), i32(parts), i64(r))
    elif form == "block" and inner == 1:
        vec = int(vec and r % 4 == 0 and all(int(a.value) == 0 for a in args[3::4]))
        threads = _threads(r)
        getattr(k, name + "_row")(outer, threads, *args, *sc, ptr(out), i64(r), i32(vec), small)
    elif form == "block":
        tiles = (inner + 31) // 32
        getattr(k, name + "_col")(outer * tiles, (32, 8), *args, *sc, ptr(out), i64(r), i64(inner), small)
    else:  # one thread walks each output's elements
        n = outer * inner
        getattr(k, name + "_thread")((n + BLOCK - 1) // BLOCK, BLOCK, *args, *sc, ptr(out),
                                     i64(n), i64(r), i64(inner), small)
    return out


def rowwise(k, name, tensors, scalars, dim, form, n_pro=1, extra=()):
    """A row op (softmax, log-softmax, layer norm) over ``dim`` of the broadcast shape of the
    first ``n_pro`` operands (its input), the others broadcast to it; ``extra``: more kernel
    arguments (weights, eps)."""
    import torch

    shape, keep, args, vec = operands(tensors, torch.broadcast_shapes(
        *[t.shape if isinstance(t, torch.Tensor) else () for t in tensors[:n_pro]]))
    if isinstance(dim, tuple):  # layer norm: the trailing dims
        outer, r, inner, _ = _run(shape, list(range(len(shape) - len(dim), len(shape))))
    else:
        outer, r, inner, _ = _run(shape, [dim])
    out = torch.empty(shape, device=keep[0].device, dtype=torch.float32)
    if out.numel() == 0:
        return out
    sc = [f32(s) for s in scalars]
    small = i32(out.numel() < 2 ** 31)
    if form == "block" and inner == 1:
        vec = int(vec and r % 4 == 0 and out.data_ptr() % 16 == 0
                  and all(int(a.value) == 0 for a in args[3::4]))
        getattr(k, name + "_row")(outer, _threads(r), *args, *sc, *extra, ptr(out), i64(r), i32(vec), small)
    else:
        n = outer * inner
        getattr(k, name + "_thread")((n + BLOCK - 1) // BLOCK, BLOCK, *args, *sc, *extra, ptr(out),
                                     i64(n), i64(r), i64(inner), small)
    return out


def launch_cross_entropy(k, name, logits, target, form):
    """Mean cross entropy of (rows, C) float32 logits against int64 class indices."""
    import torch

    if logits.dim() != 2 or target.dim() != 1 or target.dtype != torch.int64 \
            or logits.dtype != torch.float32 or not logits.is_cuda:
        raise NotImplementedError("cross entropy kernels take (N, C) float32 logits, (N,) int64 targets")
    x, t = logits.contiguous(), target.contiguous()
    rows, r = x.shape
    out = torch.empty((), device=x.device, dtype=torch.float32)
    loss = torch.empty(rows, device=x.device, dtype=torch.float32)
    valid = torch.empty(rows, device=x.device, dtype=torch.float32)
    if rows == 0:
        return out.fill_(float("nan"))
    if form == "block":
        getattr(k, name + "_rows")(rows, _threads(r), ptr(x), ptr(t), ptr(loss), ptr(valid), i64(r))
    else:
        getattr(k, name + "_rows")((rows + BLOCK - 1) // BLOCK, BLOCK, ptr(x), ptr(t), ptr(loss),
                                   ptr(valid), i64(rows), i64(r))
    getattr(k, name + "_mean")(1, 1024, ptr(loss), ptr(valid), ptr(out), i64(rows))
    return out
