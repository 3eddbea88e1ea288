"""Read a KernelBench ``Model.forward`` as an expression graph that CUDA templates can cover.

Each value the forward computes becomes a node:

* ``Input``: a forward argument; ``Scalar``: a number, or a ``self.<attr>`` that ``__init__``
  sets from a plain argument (passed to kernels at run time, never baked in);
* ``Elem``: an elementwise op with a CUDA expression (``ELEMENTWISE``);
* ``Reduce``: sum / mean / amax / amin over one dim, or over everything (``dim=None``);
* ``Row``: softmax, log-softmax or layer norm over the last dims;
* ``Opaque``: anything else (matmul, conv, linear, ...), kept as PyTorch.

Only straight-line forwards (assignments to names, one return) are read; anything else returns
``None`` and the generator makes no CUDA variant. Nothing here is a guess about run-time shapes:
wrappers check dtype and sizes when they run, and the verifier checks the rest.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# op -> (arity, CUDA expression over a, b, and params p0.. given as keyword args)
ELEMENTWISE = {
    "relu": (1, "((a) != (a) ? (a) : fmaxf((a), 0.f))"),
    "sigmoid": (1, "(1.f / (1.f + expf(-(a))))"),
    "tanh": (1, "tanhf(a)"),
    "gelu": (1, "(0.5f * (a) * (1.f + erff((a) * 0.70710678118654752f)))"),
    "gelu_tanh": (1, "(0.5f * (a) * (1.f + tanhf(0.7978845608028654f * ((a) + 0.044715f * (a) * (a) * (a)))))"),
    "silu": (1, "((a) / (1.f + expf(-(a))))"),
    "elu": (1, "((a) > 0.f ? (a) : {alpha}f * expm1f(a))"),
    "leaky_relu": (1, "((a) > 0.f ? (a) : (a) * {slope}f)"),
    "hardtanh": (1, "fminf(fmaxf((a), {lo}f), {hi}f)"),
    "softplus": (1, "((a) > 20.f ? (a) : log1pf(expf(a)))"),
    "abs": (1, "fabsf(a)"),
    "exp": (1, "expf(a)"),
    "log": (1, "logf(a)"),
    "sqrt": (1, "sqrtf(a)"),
    "rsqrt": (1, "rsqrtf(a)"),
    "neg": (1, "(-(a))"),
    "square": (1, "((a) * (a))"),
    "add": (2, "((a) + (b))"),
    "sub": (2, "((a) - (b))"),
    "mul": (2, "((a) * (b))"),
    "div": (2, "((a) / (b))"),
}

_TORCH_PREFIXES = ("torch", "F", "nn.functional", "torch.nn.functional")
_UNARY_CALLS = {"relu", "sigmoid", "tanh", "gelu", "silu", "elu", "leaky_relu", "hardtanh",
                "softplus", "abs", "exp", "log", "sqrt", "rsqrt", "neg", "square"}
_MODULE_UNARY = {"ReLU": "relu", "Sigmoid": "sigmoid", "Tanh": "tanh", "GELU": "gelu",
                 "SiLU": "silu", "ELU": "elu", "LeakyReLU": "leaky_relu", "Hardtanh": "hardtanh",
                 "Softplus": "softplus"}
_REDUCE = {"sum": "sum", "mean": "mean", "amax": "max", "amin": "min"}


@dataclass(eq=False)
class Node:
    pass


@dataclass(eq=False)
class Input(Node):
    name: str


@dataclass(eq=False)
class Scalar(Node):
    expr: str           # Python source of a float value (a literal or self.attr)
    const: float | None  # the value when it is a literal


@dataclass(eq=False)
class Elem(Node):
    op: str
    args: list[Node]
    params: dict[str, float] = field(default_factory=dict)


@dataclass(eq=False)
class Reduce(Node):
    kind: str            # sum | mean | max | min
    arg: Node
    dim: int | None      # None: every element
    keepdim: bool = False


@dataclass(eq=False)
class Row(Node):
    kind: str            # softmax | log_softmax | layer_norm
    arg: Node
    dim: int = -1
    module: str | None = None   # layer_norm: the nn.LayerNorm attribute (weight, bias, eps)


@dataclass(eq=False)
class Opaque(Node):
    call: ast.expr             # the original expression; tensor sub-expressions in ``args``
    args: dict[int, Node]      # id(ast node) -> node, for sub-expressions that are graph values


@dataclass
class Forward:
    params: list[str]
    result: Node
    init_modules: dict[str, tuple[str, ast.Call]]   # self.attr -> (nn class name, call)
    init_scalars: set[str]                          # self.attr set from plain values


class Unsupported(Exception):
    pass


def _dotted(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        base = _dotted(expr.value)
        return f"{base}.{expr.attr}" if base else None
    return None


def _literal(expr: ast.expr):
    try:
        return ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError):
        raise Unsupported(f"non-literal argument {ast.unparse(expr)}") from None


def _kw(call: ast.Call, name: str, pos: int, default):
    for kw in call.keywords:
        if kw.arg == name:
            return _literal(kw.value)
    if len(call.args) > pos:
        return _literal(call.args[pos])
    return default


def read_forward(source: str) -> Forward | None:
    """The forward of ``class Model`` as a graph, or None when it is not straight-line."""
    try:
        tree = ast.parse(source)
        model = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model")
        methods = {n.name: n for n in model.body if isinstance(n, ast.FunctionDef)}
        return _Reader(methods).read()
    except (StopIteration, Unsupported, SyntaxError, KeyError, RecursionError):
        return None


class _Reader:
    def __init__(self, methods: dict[str, ast.FunctionDef]) -> None:
        self.forward = methods["forward"]
        self.modules: dict[str, tuple[str, ast.Call]] = {}
        self.scalars: set[str] = set()
        init = methods.get("__init__")
        init_params = {a.arg for a in init.args.args} if init else set()
        for stmt in init.body if init else []:
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Attribute)
                    and isinstance(stmt.targets[0].value, ast.Name)
                    and stmt.targets[0].value.id == "self"):
                attr = stmt.targets[0].attr
                value = stmt.value
                if isinstance(value, ast.Call):
                    name = _dotted(value.func) or ""
                    self.modules[attr] = (name.rsplit(".", 1)[-1], value)
                elif isinstance(value, ast.Name) and value.id in init_params:
                    self.scalars.add(attr)
                elif isinstance(value, ast.Constant) and isinstance(value.value, (int, float)):
                    self.scalars.add(attr)
        self.env: dict[str, Node] = {}

    def read(self) -> Forward:
        params = [a.arg for a in self.forward.args.args[1:]]
        if self.forward.args.vararg or self.forward.args.kwarg or self.forward.args.kwonlyargs:
            raise Unsupported("variadic forward")
        for p in params:
            self.env[p] = Input(p)
        result = None
        for stmt in self.forward.body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # docstring
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)):
                self.env[stmt.targets[0].id] = self.node(stmt.value)
            elif isinstance(stmt, ast.Return) and stmt.value is not None and result is None:
                result = self.node(stmt.value)
            else:
                raise Unsupported(f"statement {type(stmt).__name__}")
        if result is None or isinstance(result, Scalar):
            raise Unsupported("no tensor result")
        return Forward(params, result, self.modules, self.scalars)

    def node(self, expr: ast.expr) -> Node:
        if isinstance(expr, ast.Name):
            if expr.id not in self.env:
                raise Unsupported(f"free name {expr.id}")
            return self.env[expr.id]
        if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) \
                and not isinstance(expr.value, bool):
            return Scalar(repr(float(expr.value)), float(expr.value))
        if isinstance(expr, ast.Attribute) and _dotted(expr) == f"self.{expr.attr}" \
                and expr.attr in self.scalars:
            return Scalar(f"float(self.{expr.attr})", None)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            inner = self.node(expr.operand)
            if isinstance(inner, Scalar):
                return Scalar(f"(-{inner.expr})", -inner.const if inner.const is not None else None)
            return Elem("neg", [inner])
        if isinstance(expr, ast.BinOp):
            return self.binop(expr)
        if isinstance(expr, ast.Call):
            return self.call(expr)
        return self.opaque(expr)

    def binop(self, expr: ast.BinOp) -> Node:
        ops = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div"}
        left = self.node(expr.left)
        if isinstance(expr.op, ast.Pow) and isinstance(expr.right, ast.Constant) \
                and expr.right.value == 2:
            return Elem("square", [left])
        op = ops.get(type(expr.op))
        if op is None:
            return self.opaque(expr)
        right = self.node(expr.right)
        if isinstance(left, Scalar) and isinstance(right, Scalar):
            raise Unsupported("scalar arithmetic")
        if isinstance(left, Opaque) or isinstance(right, Opaque):
            pass
        return Elem(op, [left, right])

    def call(self, call: ast.Call) -> Node:
        name = _dotted(call.func) or ""
        head, _, op = name.rpartition(".")
        # method call on a value: x.relu(), x.sum(dim=-1)
        if isinstance(call.func, ast.Attribute) and head not in _TORCH_PREFIXES and not head.startswith("self"):
            target = self.node(call.func.value) if not isinstance(call.func.value, ast.Name) \
                or call.func.value.id in self.env else None
            if target is not None:
                return self.method(call, target, op)
        if head in _TORCH_PREFIXES:
            return self.function(call, op)
        if head == "self" and op in self.modules:
            return self.module(call, op)
        return self.opaque(call)

    def _unary(self, op: str, call: ast.Call, arg: Node, first_param: int) -> Node:
        if op == "gelu":
            approx = _kw(call, "approximate", first_param, "none")
            return Elem("gelu_tanh" if approx == "tanh" else "gelu", [arg])
        if op == "elu":
            return Elem("elu", [arg], {"alpha": float(_kw(call, "alpha", first_param, 1.0))})
        if op == "leaky_relu":
            return Elem("leaky_relu", [arg], {"slope": float(_kw(call, "negative_slope", first_param, 0.01))})
        if op == "hardtanh":
            return Elem("hardtanh", [arg], {"lo": float(_kw(call, "min_val", first_param, -1.0)),
                                            "hi": float(_kw(call, "max_val", first_param + 1, 1.0))})
        if op == "softplus":
            if _kw(call, "beta", first_param, 1.0) != 1.0 or _kw(call, "threshold", first_param + 1, 20.0) != 20.0:
                raise Unsupported("softplus with beta/threshold")
        return Elem(op, [arg])

    def function(self, call: ast.Call, op: str) -> Node:
        if not call.args:
            return self.opaque(call)
        if op in _UNARY_CALLS:
            if any(kw.arg == "inplace" for kw in call.keywords):
                raise Unsupported("inplace")
            return self._unary(op, call, self.node(call.args[0]), 1)
        if op in ("softmax", "log_softmax"):
            return Row(op, self.node(call.args[0]), int(_kw(call, "dim", 1, -1)))
        if op in _REDUCE:
            return Reduce(_REDUCE[op], self.node(call.args[0]), _kw(call, "dim", 1, None),
                          bool(_kw(call, "keepdim", 2, False)))
        if op == "mse_loss" and len(call.args) == 2 and not call.keywords:
            diff = Elem("sub", [self.node(call.args[0]), self.node(call.args[1])])
            return Reduce("mean", Elem("square", [diff]), None)
        return self.opaque(call)

    def method(self, call: ast.Call, target: Node, op: str) -> Node:
        if op in _UNARY_CALLS and not call.args and not call.keywords:
            return Elem(op, [target])
        if op in ("sum", "mean", "amax", "amin"):
            return Reduce(_REDUCE[op], target, _kw(call, "dim", 0, None), bool(_kw(call, "keepdim", 1, False)))
        if op in ("softmax", "log_softmax"):
            return Row(op, target, int(_kw(call, "dim", 0, -1)))
        return self.opaque(call)

    def module(self, call: ast.Call, attr: str) -> Node:
        cls, init = self.modules[attr]
        if len(call.args) != 1 or call.keywords:
            return self.opaque(call)
        arg = self.node(call.args[0])
        if cls in _MODULE_UNARY:
            return self._unary(_MODULE_UNARY[cls], init, arg, 0)
        if cls in ("Softmax", "LogSoftmax"):
            return Row("softmax" if cls == "Softmax" else "log_softmax", arg, int(_kw(init, "dim", 0, -1)))
        if cls == "LayerNorm":
            return Row("layer_norm", arg, -1, module=attr)
        return self.opaque(call)

    def opaque(self, expr: ast.expr) -> Node:
        args: dict[int, Node] = {}
        for sub in ast.walk(expr):
            if isinstance(sub, ast.Name) and sub.id in self.env:
                args[id(sub)] = self.env[sub.id]
        for sub in ast.walk(expr):
            if isinstance(sub, ast.Call) and sub is not expr:
                # nested calls inside an opaque call: keep the whole expression opaque, but
                # read the names it uses
                pass
        return Opaque(expr, args)
