"""``ModelNew`` programs whose forward calls CUDA kernels built from templates (``kernels.py``).

``cuda_variants(source)`` reads ``Model.forward`` (``analyze.py``), then writes one program per
*form*: elementwise chains, reductions, softmaxes and layer norms become kernels; everything
else (matmul, conv, linear, ops without a template) stays PyTorch. Each variant is the original
program plus the kernel runtime (``launcher.py``, copied in: the program runs on its own), the
kernels' CUDA source, and

    class ModelNew(Model):      # same __init__, hence the same parameters
        def forward(self, ...): # kernels where templates apply, PyTorch elsewhere

Forms (``FORMS``): ``fused`` (float4 grid-stride elementwise kernels over whole regions, block
reductions and row ops that compute their elementwise input as they read it and apply the
elementwise ops that follow before they store: the "one pass, registers only" kernels);
``plain`` (one thread per element, no fusion into reductions); ``strided`` (uncoalesced
elementwise, one thread per row for reductions and row ops); ``separate`` (one kernel per op).
Their speed is measured, never assumed.
"""

from __future__ import annotations

import ast
import copy
import re
from dataclasses import dataclass
from importlib import resources

from . import kernels, rowops
from .analyze import read_forward
from .graph import ELEMENTWISE, Elem, Forward, Input, Node, Opaque, Param, Reduce, Row, Scalar


@dataclass(frozen=True)
class Form:
    name: str
    elementwise: str     # vec | plain | strided
    fuse: bool           # one kernel per elementwise region (else one per op)
    reduce: str          # block | thread
    row: str             # block | thread
    fuse_map: bool       # fuse elementwise ops into reductions / row ops (before and after)


FORMS = (
    Form("fused", "vec", True, "block", "block", True),
    Form("plain", "plain", True, "block", "block", False),
    Form("strided", "strided", True, "thread", "thread", False),
    Form("separate", "plain", False, "block", "thread", False),
)


@dataclass
class CudaVariant:
    code: str
    transforms: list[str]


def runtime_source() -> str:
    return resources.files(__package__).joinpath("launcher.py").read_text(encoding="utf-8")


def runtime_names() -> set[str]:
    tree = ast.parse(runtime_source())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
    return names


def _literal(v: float) -> str:
    if v != v:
        return "NAN"
    if v in (float("inf"), float("-inf")):
        return "INFINITY" if v > 0 else "(-INFINITY)"
    return f"{float(v)!r}f" if abs(v) < 1e30 else f"((float){float(v)!r})"


def _substitute(template: str, args: list[str]) -> str:
    names = {"a": 0, "b": 1, "c": 2}
    return re.sub(r"\b[abc]\b", lambda m: f"({args[names[m.group(0)]]})", template)


class _Skip(Exception):
    pass


class _Emitter:
    def __init__(self, fwd: Forward, form: Form) -> None:
        self.fwd = fwd
        self.form = form
        self.lines: list[str] = []
        self.names: dict[int, str] = {}
        self.kernels: dict[str, str] = {}
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

    def add(self, name: str, source: str, tag: str) -> str:
        self.kernels[name] = source
        if tag not in self.tags:
            self.tags.append(tag)
        return name

    def value(self, node: Node) -> str:
        """Python expression naming ``node``'s value (emitting the statements that compute it)."""
        if isinstance(node, Input):
            return node.name
        if isinstance(node, Param):
            return f"self.{node.attr}"
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
        name = f"t{len(self.names) + 1}"
        self.lines.append(f"{name} = {expr}")
        self.names[id(node)] = name
        return name

    # -- regions: trees of elementwise ops computed inside one kernel ----------------------------
    def region(self, node: Node, tensors: list[Node], scalars: list[Scalar], top: bool) -> str:
        """CUDA expression of ``node``; tensor leaves become ``@k@`` (index in ``tensors``)."""
        if isinstance(node, Scalar):
            if node.const is not None:
                return _literal(node.const)
            if node not in scalars:
                scalars.append(node)
            return f"s{scalars.index(node)}"
        fusable = isinstance(node, Elem) and (top or (self.form.fuse and id(node) not in self.names))
        if not fusable:
            for k, t in enumerate(tensors):
                if t is node:
                    return f"@{k}@"
            tensors.append(node)
            return f"@{len(tensors) - 1}@"
        arity, template = ELEMENTWISE[node.op]
        template = template.format(**{k: _literal(v) for k, v in node.params.items()})
        args = [self.region(a, tensors, scalars, False) for a in node.args[:arity]]
        return _substitute(template, args)

    @staticmethod
    def bind(expr: str, mapping: dict[int, str]) -> str:
        return re.sub(r"@(\d+)@", lambda m: mapping[int(m.group(1))], expr)

    def call(self, fn: str, name: str, tensors: list[Node], scalars: list[Scalar], *rest: str) -> str:
        ts = ", ".join(self.value(t) for t in tensors)
        ss = ", ".join(f"float({s.expr})" for s in scalars)
        return f'{fn}(_k, "{name}", [{ts}], [{ss}]' + "".join(f", {r}" for r in rest) + ")"

    def elementwise(self, node: Elem) -> str:
        tensors: list[Node] = []
        scalars: list[Scalar] = []
        expr = self.region(node, tensors, scalars, True)
        if not tensors:
            raise _Skip("elementwise region without tensors")
        if self.form.fuse_map:
            inner = [t for t in tensors if isinstance(t, (Reduce, Row)) and id(t) not in self.names
                     and self.uses.get(id(t), 0) == 1]
            if len(inner) == 1:
                (c,) = inner
                others = [t for t in tensors if t is not c]
                k = tensors.index(c)
                if isinstance(c, Reduce) and not others:
                    return self.reduce(c, self.bind(expr, {k: "r"}), scalars)
                if isinstance(c, Reduce) and c.keepdim and isinstance(c.dim, (int, str)) \
                        and c.kind != "lse":
                    fused = self.rowmap(c, expr, tensors, scalars)
                    if fused:
                        return fused
                if isinstance(c, Row) and c.kind != "cross_entropy" \
                        and all(isinstance(o, Param) for o in others):
                    return self.row(c, expr, k, others, scalars)
        mapping = {k: f"v{k}" for k in range(len(tensors))}
        name, src = kernels.elementwise(self.bind(expr, mapping), len(tensors), len(scalars),
                                        self.form.elementwise)
        self.add(name, src, f"cuda:elementwise-{self.form.elementwise}"
                 + ("-fused" if self.form.fuse else ""))
        return self.call("elementwise", name, tensors, scalars, f'"{self.form.elementwise}"')

    def _pro(self, arg: Node, scalars: list[Scalar]) -> tuple[str, list[Node]]:
        tensors: list[Node] = []
        if self.form.fuse_map and isinstance(arg, Elem):
            expr = self.region(arg, tensors, scalars, True)
            return self.bind(expr, {k: f"v{k}" for k in range(len(tensors))}), tensors
        return "v0", [arg]

    def reduce(self, node: Reduce, epi: str = "r", scalars: list[Scalar] | None = None) -> str:
        scalars = scalars if scalars is not None else []
        full = node.dim is None
        form = "block" if full else self.form.reduce
        pro, tensors = self._pro(node.arg, scalars)
        name, src = kernels.reduce(node.kind, pro, len(tensors), len(scalars), form, full, epi)
        tag = f"cuda:reduce-{node.kind}-{form}" + ("-fused-map" if pro != "v0" else "") \
            + ("-epilogue" if epi != "r" else "")
        self.add(name, src, tag)
        dims = "None" if full else node.dim if isinstance(node.dim, str) else \
            repr(list(node.dim) if isinstance(node.dim, tuple) else [node.dim])
        return self.call("reduce", name, tensors, scalars, dims, str(bool(node.keepdim)), f'"{form}"')

    def rowmap(self, node: Reduce, expr: str, leaves: list[Node], scalars: list[Scalar]) -> str | None:
        """``f(x, reduce(g(x), dim, keepdim=True))`` as one kernel per row (None when the map
        reads tensors other than the reduction's own operands and parameters)."""
        pro, tensors = self._pro(node.arg, scalars)
        n_pro = len(tensors)
        combined = list(tensors)
        for leaf in leaves:
            if leaf is node or any(leaf is t for t in combined):
                continue
            if not isinstance(leaf, Param):
                return None
            combined.append(leaf)
        mapping = {j: "r" if leaf is node else f"v{next(i for i, t in enumerate(combined) if t is leaf)}"
                   for j, leaf in enumerate(leaves)}
        epi = self.bind(expr, mapping)
        name, src = rowops.rowmap(node.kind, pro, epi, n_pro, len(combined), len(scalars), self.form.row)
        self.add(name, src, f"cuda:rowmap-{node.kind}-{self.form.row}")
        return self.call("rowwise", name, combined, scalars, str(node.dim), f'"{self.form.row}"',
                         f"n_pro={n_pro}")

    def row(self, node: Row, epi_expr: str = "", k: int = -1, epi_tensors: list[Node] | None = None,
            scalars: list[Scalar] | None = None) -> str:
        if node.kind == "cross_entropy":
            name, src = rowops.cross_entropy(self.form.row)
            self.add(name, src, f"cuda:cross-entropy-{self.form.row}")
            return (f'launch_cross_entropy(_k, "{name}", {self.value(node.arg)}, '
                    f'{self.value(node.target)}, "{self.form.row}")')
        scalars = scalars if scalars is not None else []
        pro, tensors = self._pro(node.arg, scalars)
        n_pro = len(tensors)
        epi = "r"
        if epi_expr:
            # the region's leaves: the row op itself is ``r``, the others follow the input's operands
            others = [t for t in (epi_tensors or [])]
            mapping, j = {}, 0
            leaf_order = sorted({int(m) for m in re.findall(r"@(\d+)@", epi_expr)})
            for leaf in leaf_order:
                if leaf == k:
                    mapping[leaf] = "r"
                else:
                    mapping[leaf] = f"v{n_pro + j}"
                    j += 1
            epi = self.bind(epi_expr, mapping)
            tensors = tensors + others
        form = self.form.row
        if node.kind == "layer_norm":
            name, src = rowops.layer_norm(pro, epi, n_pro, len(tensors), len(scalars), form)
            m = f"self.{node.module}"
            rest = [f"tuple({m}.normalized_shape)", f'"{form}"', f"n_pro={n_pro}",
                    f"extra=[optr({m}.weight), optr({m}.bias), f32({m}.eps)]"]
        else:
            name, src = rowops.softmax(node.kind, pro, epi, n_pro, len(tensors), len(scalars), form)
            rest = [str(node.dim), f'"{form}"', f"n_pro={n_pro}"]
        tag = f"cuda:{node.kind.replace('_', '-')}-{form}" + ("-fused-map" if pro != "v0" else "") \
            + ("-epilogue" if epi != "r" else "")
        self.add(name, src, tag)
        return self.call("rowwise", name, tensors, scalars, *rest)

    def opaque(self, node: Opaque) -> str:
        mapping = {key: self.value(child) for key, child in node.args.items()}

        class Rename(ast.NodeTransformer):
            def visit_Name(self, n: ast.Name) -> ast.AST:
                return ast.copy_location(ast.Name(mapping[id(n)], n.ctx), n) if id(n) in mapping else n

        tree = copy.deepcopy(node.call)
        # deepcopy changes ids: map by walking both trees in step
        pairs = dict(zip((id(n) for n in ast.walk(node.call)), ast.walk(tree)))
        mapping = {id(pairs[k]): v for k, v in mapping.items() if k in pairs}
        return ast.unparse(Rename().visit(tree))


def _children(node: Node) -> list[Node]:
    if isinstance(node, Elem):
        return list(node.args)
    if isinstance(node, Row) and node.target is not None:
        return [node.arg, node.target]
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


def _top_names(source: str) -> set[str]:
    tree = ast.parse(source)
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            out.add(node.name)
        for n in ast.walk(node) if isinstance(node, (ast.Assign, ast.Import, ast.ImportFrom)) else ():
            if isinstance(n, ast.Name):
                out.add(n.id)
            elif isinstance(n, ast.alias):
                out.add(n.asname or n.name.split(".")[0])
    return out


def cuda_variants(source: str, forms: tuple[Form, ...] = FORMS) -> list[CudaVariant]:
    """One ModelNew program per form; [] when no part of the forward has a template."""
    fwd = read_forward(source)
    if fwd is None or not _has_template(fwd.result) or not _float_inputs_only(source):
        return []
    if _top_names(source) & (runtime_names() | {"ModelNew", "_k", "_cuda_source"}):
        return []  # the program's own names would be shadowed by the runtime's
    out, seen = [], set()
    for form in forms:
        em = _Emitter(fwd, form)
        try:
            result = em.value(fwd.result)
        except (_Skip, KeyError):
            continue
        if not em.kernels:
            continue
        code = render(source, fwd, em, result)
        if code not in seen:
            seen.add(code)
            out.append(CudaVariant(code, [f"cuda-template:{form.name}", *em.tags]))
    return out


def render(source: str, fwd: Forward, em: _Emitter, result: str) -> str:
    kernels_src = kernels.HEADER + kernels.block_reduce_helpers() + "".join(em.kernels.values())
    body = "\n".join(f"        {line}" for line in em.lines)
    params = ", ".join(["self", *fwd.params])
    return f'''{source.rstrip()}


# CUDA kernels for the elementwise, reduction and normalization parts (generated by semforge),
# compiled to a cubin with nvcc and launched through the CUDA driver API.
{runtime_source().rstrip()}


_cuda_source = r"""
{kernels_src}
"""
_k = CudaKernels(_cuda_source)


class ModelNew(Model):
    def forward({params}):
{body}
        return {result}
'''
