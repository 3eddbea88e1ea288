"""Recursion: the functions of a module that may be running several times at once.

Some rewrites add or remove a frame: a helper call (``extract-helper``, ``inline-helper``), a
comprehension (a frame of its own before Python 3.12 inlined list/set/dict comprehensions,
PEP 709), a generator expression or a lambda (frames on every version). Once, that is one
frame; in a function that recurses, it is one frame *per level*, and a recursion 600 deep that
fits under the limit on one side raises ``RecursionError`` on the other. Testing with small
inputs never sees it. So these rules do not fire in a function that may be on a cycle of
calls, judged by a call graph over every function of the module:

* an edge goes from a function to every function of the module whose name its body (nested
  functions and lambdas included) mentions at all: called directly, as ``self.name`` /
  ``cls.name`` / ``obj.name``, or passed as a value (``map(size, t)``, ``key=self.rank``);
  a module-level alias ``g = f`` counts as ``f``, a class name as its ``__init__``/``__new__``;
* operators and builtins call dunder methods implicitly (``len(self.child)`` runs
  ``__len__``), so every function has an edge to every dunder method of the module (a dunder
  method is thus always taken as recursive; constructors are reached by the class name);
* a call of a name that is no function of the module (a parameter: a callback) may run any
  function of the module that is passed around as a value.

Names, not resolved bindings: a name shared by two functions links to both, which errs on
the side of "may recurse". Not seen: recursion through functions of other modules (a callback
passed in by a caller outside, ``functools.reduce`` over a callable from elsewhere), and a
callback stored on an object and called as ``obj.attr()``.
"""

from __future__ import annotations

import builtins

import libcst as cst
import libcst.matchers as m

# The skip reason (``RuleTransformer.skip``) of a site in a function that may recurse.
RECURSIVE = ("the function may be recursive: the rewrite adds or removes a frame per level "
             "(RecursionError near the limit)")

_BUILTINS = frozenset(dir(builtins))
# Dunders that only a call of the class runs (``Node(...)``): linked through the class name.
_CONSTRUCTORS = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__"})


def _dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


class _Mentions(cst.CSTVisitor):
    """Identifiers a function's code mentions (names and attribute names, not the names its
    nested ``def``/``class`` statements bind), and the names it calls."""

    def __init__(self) -> None:
        super().__init__()
        self.mentioned: set[str] = set()
        self.called: set[str] = set()
        self._defining: set[int] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._defining.add(id(node.name))

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._defining.add(id(node.name))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) not in self._defining:
            self.mentioned.add(node.value)

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name):
            self.called.add(node.func.value)


class CallGraph:
    """Which functions of ``module`` may be on a cycle of calls (see the module docstring).
    Built on first use: most modules hold no candidate site for a given rule."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self._cyclic: set[int] | None = None

    def recursive(self, func: cst.FunctionDef) -> bool:
        """``func`` may call itself, directly or through other functions of the module."""
        if self._cyclic is None:
            self._cyclic = self._find_cycles()
        return id(func) in self._cyclic

    def _find_cycles(self) -> set[int]:
        funcs = [f for f in m.findall(self.module, m.FunctionDef())
                 if isinstance(f, cst.FunctionDef)]
        by_name: dict[str, list[int]] = {}
        for i, f in enumerate(funcs):
            by_name.setdefault(f.name.value, []).append(i)
        for cls in m.findall(self.module, m.ClassDef()):
            inits = [i for i, f in enumerate(funcs) if f.name.value in _CONSTRUCTORS
                     and any(f is s for s in cls.body.body)]
            by_name.setdefault(cls.name.value, []).extend(inits)
        for stmt in self.module.body:  # g = f: a call of g runs f
            if m.matches(stmt, m.SimpleStatementLine(body=[m.Assign()])):
                value = _Mentions()
                stmt.body[0].value.visit(value)
                targets = {n.value for t in stmt.body[0].targets
                           for n in m.findall(t.target, m.Name())}
                linked = [i for name in value.mentioned for i in by_name.get(name, ())]
                for target in targets:
                    by_name.setdefault(target, []).extend(linked)
        implicit = [i for i, f in enumerate(funcs)
                    if _dunder(f.name.value) and f.name.value not in _CONSTRUCTORS]
        mentions = []
        for f in funcs:
            visitor = _Mentions()
            f.visit(visitor)
            mentions.append(visitor)
        escaped = [i for i, f in enumerate(funcs)  # passed around as a value somewhere
                   if any(f.name.value in v.mentioned - v.called for v in mentions)]
        edges: list[set[int]] = []
        for v in mentions:
            out = {j for name in v.mentioned for j in by_name.get(name, ())}
            out |= set(implicit)  # `len(self.child)` in __len__ is a recursion too
            if any(name not in by_name and name not in _BUILTINS for name in v.called):
                out |= set(escaped)  # a callback: whatever the module hands out
            edges.append(out)
        return {id(funcs[i]) for i in _on_cycles(edges)}


def _on_cycles(edges: list[set[int]]) -> set[int]:
    """Nodes on a cycle: in a strongly connected component of several nodes, or a self-loop."""
    graph = dict(enumerate(edges))
    return {n for component in strongly_connected(graph)
            for n in component if len(component) > 1 or n in edges[n]}


def strongly_connected(edges: dict) -> list[list]:
    """The strongly connected components of a graph (node -> its successors; a successor that
    is not a key has none), each sorted, by Tarjan's algorithm without recursion (a module may
    define many functions, a package many modules). Nodes must be sortable."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    components = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components
