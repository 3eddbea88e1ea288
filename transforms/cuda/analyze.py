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
import math

from .graph import (_IDENTITY, _MATH, _MODULE_UNARY, _REDUCE, _TORCH_PREFIXES, _UNARY_CALLS, Elem,
                    Forward, Input, Node, Opaque, Param, Reduce, Row, Scalar, Unsupported, _dims,
                    _dotted, _fold, _kw, _leaf_input, _literal)

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
        self.params: set[str] = set()
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
                    if name.rsplit(".", 1)[-1] == "Parameter":
                        self.params.add(attr)
                        continue
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
        if isinstance(expr, ast.Attribute) and _dotted(expr) == f"self.{expr.attr}" \
                and expr.attr in self.params:
            return Param(expr.attr)
        if isinstance(expr, ast.Attribute) and _dotted(expr) in ("math.pi", "math.e"):
            value = math.pi if expr.attr == "pi" else math.e
            return Scalar(repr(value), value)
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Call) \
                and isinstance(expr.slice, ast.Constant) and expr.slice.value == 0:
            return self.indexed_reduction(expr.value)
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
        if isinstance(expr.op, ast.Pow) and not isinstance(left, Scalar):
            return self._power(left, expr.right)
        op = ops.get(type(expr.op))
        if op is None and not isinstance(expr.op, ast.Pow):
            return self.opaque(expr)
        right = self.node(expr.right)
        if isinstance(left, Scalar) and isinstance(right, Scalar):
            return _fold(expr.op, left, right)
        return Elem(op, [left, right])

    def _power(self, base: Node, exponent: ast.expr) -> Node:
        p = _literal(exponent)
        if not isinstance(p, (int, float)) or isinstance(p, bool):
            raise Unsupported("non-constant exponent")
        # torch computes these exponents exactly so (pow_tensor_scalar's special cases)
        special = {2: "square", 3: "cube", 0.5: "sqrt", -1: "reciprocal", -0.5: "rsqrt"}
        if float(p) in special:
            return Elem(special[float(p)], [base])
        return Elem("pow", [base], {"p": float(p)})

    def call(self, call: ast.Call) -> Node:
        name = _dotted(call.func) or ""
        head, _, op = name.rpartition(".")
        if not name and isinstance(call.func, ast.Attribute):  # a method of a call's result
            op = call.func.attr
        if head == "math" and op in _MATH:
            args = [self.node(a) for a in call.args]
            if len(args) == 1 and isinstance(args[0], Scalar) and args[0].const is not None:
                value = getattr(math, op)(args[0].const)
                return Scalar(repr(value), value)
            raise Unsupported(f"math.{op} of a non-constant")
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

    def _param(self, call: ast.Call, name: str, pos: int, default: float,
               module: str | None) -> Scalar:
        """An op's numeric parameter: a literal, or read at run time (``self.act.negative_slope``
        of a module, a ``self.<attr>`` number for a function)."""
        expr = next((k.value for k in call.keywords if k.arg == name), None)
        if expr is None and len(call.args) > pos:
            expr = call.args[pos]
        if expr is None:
            return Scalar(repr(float(default)), float(default))
        try:
            value = float(ast.literal_eval(expr))
            return Scalar(repr(value), value)
        except (ValueError, TypeError, SyntaxError):
            pass
        if module is not None:
            return Scalar(f"float(self.{module}.{name})", None)
        node = self.node(expr)
        if not isinstance(node, Scalar):
            raise Unsupported(f"{name} that is not a number")
        return node

    def _unary(self, op: str, call: ast.Call, arg: Node, first_param: int,
               module: str | None = None) -> Node:
        if op == "gelu":
            approx = _kw(call, "approximate", first_param, "none")
            return Elem("gelu_tanh" if approx == "tanh" else "gelu", [arg])
        if op in ("elu", "leaky_relu"):
            name, default = ("alpha", 1.0) if op == "elu" else ("negative_slope", 0.01)
            p = self._param(call, name, first_param, default, module)
            if p.const is not None:
                return Elem(op, [arg], {"alpha" if op == "elu" else "slope": p.const})
            return Elem(op + "_s", [arg, p])
        if op == "hardtanh":
            lo = self._param(call, "min_val", first_param, -1.0, module)
            hi = self._param(call, "max_val", first_param + 1, 1.0, module)
            if lo.const is not None and hi.const is not None:
                return Elem("hardtanh", [arg], {"lo": lo.const, "hi": hi.const})
            return Elem("clamp_s", [arg, lo, hi])
        if op == "softplus":
            if _kw(call, "beta", first_param, 1.0) != 1.0 or _kw(call, "threshold", first_param + 1, 20.0) != 20.0:
                raise Unsupported("softplus with beta/threshold")
        return Elem(op, [arg])

    def function(self, call: ast.Call, op: str) -> Node:
        if not call.args:
            return self.opaque(call)
        if op in _IDENTITY and len(call.args) == 1 and not call.keywords:
            return self.node(call.args[0])
        if op in ("clamp", "clip"):
            return self._clamp(call, self.node(call.args[0]), 1)
        arith = {"add": "add", "sub": "sub", "subtract": "sub", "mul": "mul", "multiply": "mul",
                 "div": "div", "divide": "div", "true_divide": "div"}
        if op in arith and len(call.args) == 2 and not call.keywords:
            a, b = self.node(call.args[0]), self.node(call.args[1])
            if isinstance(a, Scalar) and isinstance(b, Scalar):
                raise Unsupported("scalar arithmetic")
            return Elem(arith[op], [a, b])
        if op == "pow" and len(call.args) == 2 and not call.keywords:
            return self._power(self.node(call.args[0]), call.args[1])
        if op in ("maximum", "minimum", "max", "min") and len(call.args) == 2 \
                and not call.keywords and not isinstance(call.args[1], ast.Constant):
            a, b = self.node(call.args[0]), self.node(call.args[1])
            if isinstance(a, Scalar) or isinstance(b, Scalar):
                raise Unsupported("max/min with a number")
            return Elem("maximum" if op in ("maximum", "max") else "minimum", [a, b])
        if op == "norm":
            p = _kw(call, "p", 1, "fro")
            if p not in (2, 2.0, "fro"):
                raise Unsupported("norm other than 2 / Frobenius")
            dim = _dims(_kw(call, "dim", 2, None))
            red = Reduce("sum", Elem("square", [self.node(call.args[0])]), dim,
                         bool(_kw(call, "keepdim", 3, False)))
            return Elem("sqrt", [red])
        if op == "cross_entropy" and len(call.args) == 2 and not call.keywords:
            return Row("cross_entropy", self.node(call.args[0]), 1, target=self.node(call.args[1]))
        if op in ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "kl_div") \
                and len(call.args) == 2:
            return self._loss(call, op)
        if op in _UNARY_CALLS:
            if any(kw.arg == "inplace" for kw in call.keywords):
                raise Unsupported("inplace")
            return self._unary(op, call, self.node(call.args[0]), 1)
        if op in ("softmax", "log_softmax"):
            return Row(op, self.node(call.args[0]), self._row_dim(call, 1))
        if op in _REDUCE:
            dim = self._dim(call, 1, None)
            if op == "logsumexp" and dim is None:
                raise Unsupported("logsumexp needs dims")
            return Reduce(_REDUCE[op], self.node(call.args[0]), dim,
                          bool(_kw(call, "keepdim", 2, False)))
        return self.opaque(call)

    def _dim(self, call: ast.Call, pos: int, default):
        """A reduction's dims: literal, or ``self.<attr>`` set from an __init__ argument (read
        at run time)."""
        expr = next((k.value for k in call.keywords if k.arg == "dim"), None)
        if expr is None and len(call.args) > pos:
            expr = call.args[pos]
        if expr is None:
            return default
        if isinstance(expr, ast.Attribute) and _dotted(expr) == f"self.{expr.attr}" \
                and expr.attr in self.scalars:
            return f"self.{expr.attr}"
        return _dims(_literal(expr))

    def _row_dim(self, call: ast.Call, pos: int):
        dim = self._dim(call, pos, -1)
        if not isinstance(dim, (int, str)):
            raise Unsupported("softmax over several dims")
        return dim

    def _clamp(self, call: ast.Call, arg: Node, first: int) -> Node:
        def bound(name: str, pos: int) -> Node | None:
            expr = next((k.value for k in call.keywords if k.arg == name), None)
            if expr is None and len(call.args) > pos:
                expr = call.args[pos]
            if expr is None or (isinstance(expr, ast.Constant) and expr.value is None):
                return None
            node = self.node(expr)
            if not isinstance(node, Scalar):
                raise Unsupported("clamp with tensor bounds")
            return node

        lo, hi = bound("min", first), bound("max", first + 1)
        if lo is None and hi is None:
            raise Unsupported("clamp without bounds")
        if all(b is None or b.const is not None for b in (lo, hi)):
            return Elem("clamp", [arg], {"lo": lo.const if lo else -math.inf,
                                         "hi": hi.const if hi else math.inf})
        if lo is not None and hi is not None:
            return Elem("clamp_s", [arg, lo, hi])
        return Elem("clamp_min_s", [arg, lo]) if lo is not None else Elem("clamp_max_s", [arg, hi])

    def _loss(self, call: ast.Call, op: str) -> Node:
        a, b = self.node(call.args[0]), self.node(call.args[1])
        reduction = _kw(call, "reduction", 99, "mean")
        allowed = {k.arg for k in call.keywords} <= {"reduction", "beta", "delta"}
        if not allowed or isinstance(a, Scalar) or isinstance(b, Scalar):
            raise Unsupported("loss arguments")
        if op == "mse_loss":
            m = Elem("square", [Elem("sub", [a, b])])
        elif op == "l1_loss":
            m = Elem("abs", [Elem("sub", [a, b])])
        elif op in ("smooth_l1_loss", "huber_loss"):
            beta = float(_kw(call, "beta" if op == "smooth_l1_loss" else "delta", 99, 1.0))
            if beta <= 0:
                raise Unsupported("smooth L1 with beta <= 0")
            m = Elem("huber", [a, b], {"beta": beta})
            if op == "huber_loss":  # huber = beta * smooth_l1
                m = Elem("mul", [m, Scalar(repr(beta), beta)])
        else:
            m = Elem("kl", [a, b])
        if reduction == "none":
            return m
        if reduction in ("mean", "sum"):
            return Reduce(reduction, m, None)
        if reduction == "batchmean" and op == "kl_div":
            leaf = _leaf_input(a)
            if leaf is None:
                raise Unsupported("batchmean of an input we cannot name")
            return Elem("div", [Reduce("sum", m, None), Scalar(f"float({leaf}.shape[0])", None)])
        raise Unsupported(f"reduction {reduction!r}")

    def indexed_reduction(self, call: ast.Call) -> Node:
        """``torch.max(x, dim=1)[0]`` (values of a max/min over a dim)."""
        name = _dotted(call.func) or ""
        head, _, op = name.rpartition(".")
        if op not in ("max", "min"):
            return self.opaque(call)
        if head in _TORCH_PREFIXES and call.args:
            target, first = self.node(call.args[0]), 1
        elif isinstance(call.func, ast.Attribute):
            target, first = self.node(call.func.value), 0
        else:
            return self.opaque(call)
        dim = self._dim(call, first, None)
        if not isinstance(dim, (int, str)) or isinstance(dim, bool):
            raise Unsupported("max/min over a dim needs one dim")
        return Reduce(op, target, dim, bool(_kw(call, "keepdim", first + 1, False)))

    def method(self, call: ast.Call, target: Node, op: str) -> Node:
        if op in _IDENTITY and not call.args and not call.keywords:
            return target
        if op in _UNARY_CALLS and not call.args and not call.keywords:
            return Elem(op, [target])
        if op in ("clamp", "clip"):
            return self._clamp(call, target, 0)
        if op in ("sum", "mean", "amax", "amin", "logsumexp"):
            dim = self._dim(call, 0, None)
            if op == "logsumexp" and dim is None:
                raise Unsupported("logsumexp needs dims")
            return Reduce(_REDUCE[op], target, dim, bool(_kw(call, "keepdim", 1, False)))
        if op in ("softmax", "log_softmax"):
            return Row(op, target, self._row_dim(call, 0))
        return self.opaque(call)

    def module(self, call: ast.Call, attr: str) -> Node:
        cls, init = self.modules[attr]
        if len(call.args) != 1 or call.keywords:
            return self.opaque(call)
        arg = self.node(call.args[0])
        if cls in _MODULE_UNARY:
            return self._unary(_MODULE_UNARY[cls], init, arg, 0, module=attr)
        if cls in ("Softmax", "LogSoftmax"):
            return Row("softmax" if cls == "Softmax" else "log_softmax", arg, int(_kw(init, "dim", 0, -1)))
        if cls == "LayerNorm":
            return Row("layer_norm", arg, -1, module=attr)
        if cls in ("Identity",) or (cls == "Dropout" and float(_kw(init, "p", 0, 0.5)) == 0.0):
            return arg
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

