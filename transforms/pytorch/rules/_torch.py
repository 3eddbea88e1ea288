"""What every PyTorch rule needs: which names are ``torch`` and ``torch.nn.functional`` in this
module, which ``self.<attr>`` are which ``nn`` modules, and how to build replacement code."""

from __future__ import annotations

import libcst as cst

from ...base import RuleTransformer

_EMPTY = cst.Module([])


def code(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def is_simple(node: cst.BaseExpression) -> bool:
    """A name or attribute chain: safe to evaluate twice (no calls, no side effects)."""
    if isinstance(node, cst.Name):
        return True
    return isinstance(node, cst.Attribute) and is_simple(node.value)


def kwarg(call: cst.Call, name: str, pos: int | None = None) -> cst.Arg | None:
    for i, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
        if arg.keyword is None and pos is not None and i == pos and arg.star == "":
            return arg
    return None


def literal(arg: cst.Arg | None):
    if arg is None:
        return None
    import ast

    try:
        return ast.literal_eval(code(arg.value))
    except (ValueError, SyntaxError):
        return ...


class TorchTransformer(RuleTransformer):
    """Knows the module's torch aliases and the ``nn`` modules each class sets in ``__init__``."""

    def visit_Module(self, node: cst.Module) -> bool:
        self.torch_names: set[str] = set()
        self.functional_names: set[str] = set()
        self.nn_names: set[str] = set()
        self.modules: dict[str, tuple[str, cst.Call]] = {}
        for stmt in node.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        full = code(alias.name)
                        if alias.asname is None:
                            if full.split(".")[0] == "torch":
                                self.torch_names.add("torch")
                            continue
                        bound = code(alias.asname.name)
                        if full == "torch":
                            self.torch_names.add(bound)
                        elif full == "torch.nn.functional":
                            self.functional_names.add(bound)
                        elif full == "torch.nn":
                            self.nn_names.add(bound)
                elif isinstance(small, cst.ImportFrom) and small.module is not None \
                        and not isinstance(small.names, cst.ImportStar):
                    mod = code(small.module)
                    for alias in small.names:
                        name = alias.name.value if isinstance(alias.name, cst.Name) else code(alias.name)
                        bound = alias.asname.name.value if alias.asname else name
                        if mod == "torch.nn" and name == "functional":
                            self.functional_names.add(bound)
                        if mod == "torch" and name == "nn":
                            self.nn_names.add(bound)
        return True

    @property
    def torch(self) -> str | None:
        return "torch" if "torch" in self.torch_names else next(iter(sorted(self.torch_names)), None)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.modules = {}
        for stmt in node.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init__":
                for line in stmt.body.body:
                    for small in line.body if isinstance(line, cst.SimpleStatementLine) else []:
                        if (isinstance(small, cst.Assign) and len(small.targets) == 1
                                and isinstance(small.targets[0].target, cst.Attribute)
                                and code(small.targets[0].target.value) == "self"
                                and isinstance(small.value, cst.Call)):
                            callee = code(small.value.func)
                            head, _, cls = callee.rpartition(".")
                            if head in self.nn_names or head == "torch.nn":
                                self.modules[small.targets[0].target.attr.value] = (cls, small.value)
        return True

    def op(self, call: cst.Call) -> tuple[str, str] | None:
        """("torch" | "F", name) when ``call`` calls torch.<name> or functional.<name>."""
        func = call.func
        if not isinstance(func, cst.Attribute):
            return None
        owner = code(func.value)
        name = func.attr.value
        if owner in self.torch_names:
            return "torch", name
        if owner in self.functional_names or owner in {f"{t}.nn.functional" for t in self.torch_names} \
                or owner in {f"{n}.functional" for n in self.nn_names}:
            return "F", name
        return None

    def module_of(self, call: cst.Call) -> tuple[str, str, cst.Call] | None:
        """(attr, nn class, constructor call) when ``call`` is ``self.<attr>(...)``."""
        func = call.func
        if isinstance(func, cst.Attribute) and code(func.value) == "self" \
                and func.attr.value in self.modules:
            cls, ctor = self.modules[func.attr.value]
            return func.attr.value, cls, ctor
        return None

    def replace(self, text: str) -> cst.BaseExpression:
        self.sites += 1
        return cst.parse_expression(text)
