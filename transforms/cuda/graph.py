"""The expression graph ``analyze.py`` reads a forward into, and the elementwise ops' CUDA.

Nodes: ``Input`` (a forward argument), ``Param`` (an ``nn.Parameter``), ``Scalar`` (a number or
a ``self.<attr>`` read at run time), ``Elem`` (an elementwise op of ``ELEMENTWISE``), ``Reduce``,
``Row`` (softmax, log-softmax, layer norm, cross entropy) and ``Opaque`` (kept as PyTorch).
"""

from __future__ import annotations

import ast
import operator
from dataclasses import dataclass, field

# op -> (arity, CUDA expression over a, b, and params p0.. given as keyword args)
ELEMENTWISE = {
    "relu": (1, "((a) != (a) ? (a) : fmaxf((a), 0.f))"),
    "sigmoid": (1, "(1.f / (1.f + expf(-(a))))"),
    "tanh": (1, "tanhf(a)"),
    "gelu": (1, "(0.5f * (a) * (1.f + erff((a) * 0.70710678118654752f)))"),
    "gelu_tanh": (1, "(0.5f * (a) * (1.f + tanhf(0.7978845608028654f * ((a) + 0.044715f * (a) * (a) * (a)))))"),
    "silu": (1, "((a) / (1.f + expf(-(a))))"),
    "elu": (1, "((a) > 0.f || (a) != (a) ? (a) : {alpha} * expm1f(a))"),
    "leaky_relu": (1, "((a) > 0.f ? (a) : (a) * {slope})"),
    "leaky_relu_s": (2, "((a) > 0.f ? (a) : (a) * (b))"),
    "elu_s": (2, "((a) > 0.f || (a) != (a) ? (a) : (b) * expm1f(a))"),
    "hardtanh": (1, "((a) != (a) ? (a) : fminf(fmaxf((a), {lo}), {hi}))"),
    "softplus": (1, "((a) > 20.f ? (a) : log1pf(expf(a)))"),
    "abs": (1, "fabsf(a)"),
    "exp": (1, "expf(a)"),
    "log": (1, "logf(a)"),
    "sqrt": (1, "sqrtf(a)"),
    "rsqrt": (1, "rsqrtf(a)"),
    "neg": (1, "(-(a))"),
    "square": (1, "((a) * (a))"),
    "clamp": (1, "((a) != (a) ? (a) : fminf(fmaxf((a), {lo}), {hi}))"),
    "clamp_s": (3, "((a) != (a) ? (a) : fminf(fmaxf((a), (b)), (c)))"),
    "clamp_min_s": (2, "((a) != (a) ? (a) : fmaxf((a), (b)))"),
    "clamp_max_s": (2, "((a) != (a) ? (a) : fminf((a), (b)))"),
    "hardswish": (1, "((a) != (a) ? (a) : (a) * fminf(fmaxf((a) + 3.f, 0.f), 6.f) / 6.f)"),
    "hardsigmoid": (1, "((a) != (a) ? (a) : fminf(fmaxf((a) + 3.f, 0.f), 6.f) / 6.f)"),
    "relu6": (1, "((a) != (a) ? (a) : fminf(fmaxf((a), 0.f), 6.f))"),
    "mish": (1, "((a) * tanhf((a) > 20.f ? (a) : log1pf(expf(a))))"),
    "selu": (1, "(1.0507009873554805f * ((a) > 0.f ? (a) : 1.6732632423543772f * expm1f(a)))"),
    "softsign": (1, "((a) / (1.f + fabsf(a)))"),
    "cube": (1, "((a) * (a) * (a))"),
    "reciprocal": (1, "(1.f / (a))"),
    "pow": (1, "powf((a), {p})"),
    "huber": (2, "(fabsf((a) - (b)) < {beta} ? 0.5f * ((a) - (b)) * ((a) - (b)) / {beta} : fabsf((a) - (b)) - 0.5f * {beta})"),
    "kl": (2, "((((b) == 0.f) ? 0.f : (b) * logf(b)) - (b) * (a))"),
    "maximum": (2, "(((a) != (a) || (b) != (b)) ? NAN : fmaxf((a), (b)))"),
    "minimum": (2, "(((a) != (a) || (b) != (b)) ? NAN : fminf((a), (b)))"),
    "add": (2, "((a) + (b))"),
    "sub": (2, "((a) - (b))"),
    "mul": (2, "((a) * (b))"),
    "div": (2, "((a) / (b))"),
}

_TORCH_PREFIXES = ("torch", "F", "nn.functional", "torch.nn.functional")
_UNARY_CALLS = {"relu", "sigmoid", "tanh", "gelu", "silu", "elu", "leaky_relu", "hardtanh",
                "softplus", "abs", "exp", "log", "sqrt", "rsqrt", "neg", "square", "hardswish",
                "hardsigmoid", "relu6", "mish", "selu", "softsign", "reciprocal"}
_MODULE_UNARY = {"ReLU": "relu", "Sigmoid": "sigmoid", "Tanh": "tanh", "GELU": "gelu",
                 "SiLU": "silu", "ELU": "elu", "LeakyReLU": "leaky_relu", "Hardtanh": "hardtanh",
                 "Softplus": "softplus", "Hardswish": "hardswish", "Hardsigmoid": "hardsigmoid",
                 "ReLU6": "relu6", "Mish": "mish", "SELU": "selu", "Softsign": "softsign"}
_REDUCE = {"sum": "sum", "mean": "mean", "amax": "max", "amin": "min", "logsumexp": "lse"}
_IDENTITY = {"clone", "detach", "contiguous"}
_MATH = {"sqrt", "exp", "log", "tanh", "pi", "e", "erf", "cos", "sin"}


@dataclass(eq=False)
class Node:
    pass


@dataclass(eq=False)
class Input(Node):
    name: str


@dataclass(eq=False)
class Param(Node):
    attr: str            # self.<attr>, an nn.Parameter made in __init__ (any shape)


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
    kind: str            # sum | mean | max | min | lse (logsumexp)
    arg: Node
    dim: int | tuple[int, ...] | str | None  # None: every element; str: read at run time (self.dim)
    keepdim: bool = False


@dataclass(eq=False)
class Row(Node):
    kind: str            # softmax | log_softmax | layer_norm | cross_entropy
    arg: Node
    dim: int | str = -1  # str: read at run time
    module: str | None = None   # layer_norm: the nn.LayerNorm attribute (weight, bias, eps)
    target: Node | None = None  # cross_entropy: the class indices


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



def _dims(dim):
    """An int, a run of adjacent ints (list or tuple) as a tuple, or None."""
    if dim is None or (isinstance(dim, int) and not isinstance(dim, bool)):
        return dim
    if isinstance(dim, (list, tuple)) and dim and all(isinstance(d, int) for d in dim):
        ds = sorted(dim)
        if all(d < 0 for d in ds) or all(d >= 0 for d in ds):
            if ds == list(range(ds[0], ds[0] + len(ds))):
                return tuple(ds) if len(ds) > 1 else ds[0]
    raise Unsupported(f"reduction dims {dim!r}")


def _fold(op: ast.operator, a: Scalar, b: Scalar) -> Scalar:
    """Arithmetic of two numbers (constants fold; attributes stay an expression)."""
    fns = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.Pow: operator.pow}
    sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
    if type(op) not in fns:
        raise Unsupported("scalar arithmetic")
    if a.const is not None and b.const is not None:
        try:
            value = float(fns[type(op)](a.const, b.const))
        except (ZeroDivisionError, OverflowError):
            raise Unsupported("scalar arithmetic") from None
        return Scalar(repr(value), value)
    return Scalar(f"({a.expr} {sym[type(op)]} {b.expr})", None)


def _leaf_input(node: Node) -> str | None:
    """The forward argument an elementwise chain of one tensor reads (its shape is the chain's)."""
    while isinstance(node, Elem):
        tensors = [a for a in node.args if not isinstance(a, Scalar)]
        if len(tensors) != 1:
            return None
        node = tensors[0]
    return node.name if isinstance(node, Input) else None
