"""``ModelNew`` programs whose forward calls CUDA kernels built from templates (``kernels.py``).

``cuda_variants(source)`` reads ``Model.forward`` (``analyze.py``), then writes one program per
*form*: the elementwise parts, reductions, softmaxes and layer norms become kernels compiled with
``torch.utils.cpp_extension.load_inline``; everything else (matmul, conv, linear, losses we have
no template for) stays PyTorch. Each variant is the original program plus

    class ModelNew(Model):      # same __init__, hence the same parameters
        def forward(self, ...): # kernels where templates apply, PyTorch elsewhere

Forms (``FORMS``): ``fused`` (one vectorized grid-stride kernel per elementwise region, block
reductions, element maps fused into reductions), ``plain`` (one thread per element), ``strided``
(uncoalesced one-thread-per-element, one thread per row), ``separate`` (one kernel per op,
atomics for sums, softmax in three passes). Their speed is measured, never assumed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import kernels
from .analyze import ELEMENTWISE, Elem, Forward, Input, Node, Opaque, Reduce, Row, Scalar, read_forward


@dataclass(frozen=True)
class Form:
    name: str
    elementwise: str     # vec | plain | strided
    fuse: bool           # one kernel per elementwise region (else one per op)
    reduce: str          # block | thread | atomic
    row: str             # block | thread
    fuse_map: bool       # compute a reduction's elementwise input inside the reduction


FORMS = (
    Form("fused", "vec", True, "block", "block", True),
    Form("plain", "plain", True, "block", "block", False),
    Form("strided", "strided", True, "thread", "thread", False),
    Form("separate", "plain", False, "atomic", "thread", False),
)


@dataclass
class CudaVariant:
    code: str
    transforms: list[str]


class _Emitter:
    def __init__(self, fwd: Forward, form: Form) -> None:
        self.fwd = fwd
        self.form = form
        self.lines: list[str] = []
        self.names: dict[int, str] = {}
        self.kernels: dict[str, tuple[str, str, str]] = {}
        self.tags: list[str] = []
        self.count = 0
        self.uses: dict[int, int] = {}
        self._count_uses(fwd.result, set())

    def _count_uses(self, node: Node, seen: set[int]) -> None:
        for child in _children(node):
            self.uses[id(child)] = self.uses.get(id(child), 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                self._count_uses(child, seen)

    def fresh(self) -> str:
        self.count += 1
        return f"t{self.count}"

    def add_kernel(self, spec: tuple[str, str, str, str], tag: str) -> str:
        name, kernel, wrapper, decl = spec
        self.kernels[name] = (kernel, wrapper, decl)
        if tag not in self.tags:
            self.tags.append(tag)
        return name

    def value(self, node: Node) -> str:
        """Python expression naming ``node``'s value (emitting the statements that compute it)."""
        if isinstance(node, Input):
            return node.name
        if isinstance(node, Scalar):
            return node.expr
        if id(node) in self.names:
            return self.names[id(node)]
        if isinstance(node, Elem):
            expr = self.elementwise(node)
        elif isinstance(node, Reduce):
            expr = self.reduce(node)
        elif isinstance(node, Row):
            expr = self.row(node)
        else:
            expr = self.opaque(node)
        name = self.fresh()
        self.lines.append(f"{name} = {expr}")
        self.names[id(node)] = name
        return name

    # -- elementwise ---------------------------------------------------------------------------
    def _region(self, node: Node, tensors: list[Node], scalars: list[Scalar], top: bool) -> str:
        """C expression of an elementwise region; leaves go to ``tensors`` / ``scalars``."""
        if isinstance(node, Scalar):
            if node.const is not None:
                return f"{node.const!r}f".replace("inf", "INFINITY") if abs(node.const) < 1e30 else f"(float){node.const!r}"
            scalars.append(node)
            return f"s{len(scalars) - 1}"
        fusable = isinstance(node, Elem) and (top or (self.form.fuse and id(node) not in self.names))
        if not fusable:
            for k, t in enumerate(tensors):
                if t is node:
                    return f"v{k}"
            tensors.append(node)
            return f"v{len(tensors) - 1}"
        arity, template = ELEMENTWISE[node.op]
        template = template.format(**{k: repr(float(v)) for k, v in node.params.items()})
        a = self._region(node.args[0], tensors, scalars, False)
        b = self._region(node.args[1], tensors, scalars, False) if arity == 2 else ""
        return template.replace("(a)", f"({a})").replace("(b)", f"({b})").replace(
            "(a,", f"({a},").replace("erff(a", f"erff({a}").replace("tanhf(a)", f"tanhf({a})")

    def _call_args(self, tensors: list[Node], scalars: list[Scalar]) -> tuple[list[str], list[str]]:
        names = [self.value(t) for t in tensors]
        if len(names) > 1:
            bcast = self.fresh()
            self.lines.append(f"{bcast} = torch.broadcast_tensors({', '.join(names)})")
            names = [f"{bcast}[{k}]" for k in range(len(names))]
        return names, [f"float({s.expr})" for s in scalars]

    def elementwise(self, node: Elem) -> str:
        tensors: list[Node] = []
        scalars: list[Scalar] = []
        expr = self._region(node, tensors, scalars, True)
        if not tensors:
            raise _Skip("elementwise region without tensors")
        t_names, s_names = self._call_args(tensors, scalars)
        spec = kernels.elementwise(expr, len(tensors), len(scalars), self.form.elementwise)
        name = self.add_kernel(spec, f"cuda:elementwise-{self.form.elementwise}"
                               + ("-fused" if self.form.fuse else ""))
        return f"_ext.{name}({', '.join(t_names + s_names)})"

    # -- reductions and row ops ------------------------------------------------------------------
    def reduce(self, node: Reduce) -> str:
        full = node.dim is None
        if not full and not isinstance(node.dim, int):
            raise _Skip("reduction over several dims")
        if self.form.reduce == "atomic" and (node.kind in ("max", "min") or full):
            form = "thread"
        else:
            form = self.form.reduce
        tensors: list[Node] = []
        scalars: list[Scalar] = []
        if self.form.fuse_map and isinstance(node.arg, Elem):
            expr = self._region(node.arg, tensors, scalars, True)
        else:
            tensors.append(node.arg)
            expr = "v0"
        t_names, s_names = self._call_args(tensors, scalars)
        spec = kernels.reduce(node.kind, expr, len(tensors), len(scalars), form, full)
        tag = f"cuda:reduce-{form}" + ("-fused-map" if expr != "v0" else "")
        name = self.add_kernel(spec, tag)
        tail = [] if full else [str(node.dim), str(bool(node.keepdim))]
        return f"_ext.{name}({', '.join(t_names + s_names + tail)})"

    def row(self, node: Row) -> str:
        spec = kernels.row_op(node.kind, self.form.row)
        name = self.add_kernel(spec, f"cuda:{node.kind.replace('_', '-')}-{self.form.row}")
        arg = self.value(node.arg)
        if node.kind == "layer_norm":
            m = f"self.{node.module}"
            return (f"_ext.{name}({arg}, {m}.weight, {m}.bias, float({m}.eps), "
                    f"math.prod({m}.normalized_shape))")
        return f"_ext.{name}({arg}, {node.dim})"

    def opaque(self, node: Opaque) -> str:
        mapping = {key: self.value(child) for key, child in node.args.items()}

        class Rename(ast.NodeTransformer):
            def visit_Name(self, n: ast.Name) -> ast.AST:
                return ast.copy_location(ast.Name(mapping[id(n)], n.ctx), n) if id(n) in mapping else n

        import copy

        tree = copy.deepcopy(node.call)
        # deepcopy changes ids: map by walking both trees in step
        pairs = dict(zip((id(n) for n in ast.walk(node.call)), ast.walk(tree)))
        mapping = {id(pairs[k]): v for k, v in mapping.items() if k in pairs}
        return ast.unparse(Rename().visit(tree))


class _Skip(Exception):
    pass


def _children(node: Node) -> list[Node]:
    if isinstance(node, Elem):
        return list(node.args)
    if isinstance(node, (Reduce, Row)):
        return [node.arg]
    if isinstance(node, Opaque):
        return list(node.args.values())
    return []


def _has_template(node: Node, seen: set[int] | None = None) -> bool:
    seen = seen if seen is not None else set()
    if id(node) in seen:
        return False
    seen.add(id(node))
    if isinstance(node, (Reduce, Row)):
        return True
    if isinstance(node, Elem) and any(not isinstance(a, Scalar) for a in node.args):
        return True
    return any(_has_template(c, seen) for c in _children(node))


def _float_inputs_only(source: str) -> bool:
    """The templates compute in float32: programs that build half / bf16 / double inputs skip."""
    return not any(t in source for t in ("float16", "half", "bfloat16", "float64", "double"))


def cuda_variants(source: str, forms: tuple[Form, ...] = FORMS) -> list[CudaVariant]:
    """One ModelNew program per form; [] when no part of the forward has a template."""
    fwd = read_forward(source)
    if fwd is None or not _has_template(fwd.result) or not _float_inputs_only(source):
        return []
    out, seen = [], set()
    for form in forms:
        em = _Emitter(fwd, form)
        try:
            result = em.value(fwd.result)
        except _Skip:
            continue
        if not em.kernels:
            continue
        code = render(source, fwd, em, result)
        if code not in seen:
            seen.add(code)
            out.append(CudaVariant(code, [f"cuda-template:{form.name}", *em.tags]))
    return out


def render(source: str, fwd: Forward, em: _Emitter, result: str) -> str:
    kernels_src = kernels.HEADER + kernels.block_reduce_helpers() + "".join(
        k for k, _, _ in em.kernels.values())
    wrappers = kernels.WRAPPER_HEADER + "".join(w for _, w, _ in em.kernels.values())
    decls = "\n".join(d for _, _, d in em.kernels.values())
    ext = "semforge_" + kernels.digest(kernels_src, wrappers)
    body = "\n".join(f"        {line}" for line in em.lines)
    params = ", ".join(["self", *fwd.params])
    functions = ", ".join(repr(n) for n in em.kernels)
    return f'''{source.rstrip()}


# CUDA kernels for the elementwise, reduction and normalization parts (generated by semforge).
import math

from torch.utils.cpp_extension import load_inline

_cuda_source = r"""
{kernels_src}
{wrappers}
"""

_cpp_source = r"""
{decls}
"""

_ext = load_inline(
    name="{ext}",
    cpp_sources=_cpp_source,
    cuda_sources=_cuda_source,
    functions=[{functions}],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward({params}):
{body}
        return {result}
'''
