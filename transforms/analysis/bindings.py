"""The part of ``TypeEvidence`` that reads scopes: which names are builtins, which function a
node is in, and the type of a variable from *every* binding of it (see ``types``)."""

from __future__ import annotations

from functools import cached_property

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (Assignment, ComprehensionScope, FunctionScope, ParentNodeProvider,
                             ScopeProvider)

from .callsite_evidence import CallSiteEvidence
from .domain_evidence import NOT_ENTRY, DomainEvidence, read_only
from .names import assigned_names
from .recursion import RECURSIVE, CallGraph
from .scopes import global_nonlocal_names, uses_dynamic_scope
from .syntax import AUG_TO_BIN
from .types import INT, STR, T, annotation_type, is_int, same, star_imported


class BindingEvidence:
    """Scope and variable questions about the nodes of one module; ``TypeEvidence`` adds the
    expression rules (``_type``, ``elem_of``...) this class calls."""

    # Whether parameter annotations count as evidence: they admit subclasses of the builtin
    # they name, so only a rule that checks the exact type at run time may set it (see types).
    TRUST_ANNOTATIONS = False

    def __init__(self, module: cst.Module, metadata, skip=None, domain=None) -> None:
        """``metadata``: a mapping with ScopeProvider and ParentNodeProvider data for ``module``
        (a transformer's ``self.metadata``); read only when a question needs it. ``skip``: the
        transformer's ``RuleTransformer.skip``, which the shared checks call (``self.skip``)
        to say why a candidate was left alone. ``domain``: the seed's input domain
        (``semforge.domain.Domain``), evidence for the entry point's parameters
        (``domain_evidence``) in rules that declare ``Rule.uses_domain``."""
        self.module = module
        self._domain = DomainEvidence(self, domain) if domain is not None else None
        # With a domain, helpers' parameters get the types their call sites pass.
        self._callsites = CallSiteEvidence(self) if domain is not None else None
        self.protected: frozenset[str] = frozenset()  # names code outside the module calls
        self._skip = skip
        self._metadata = metadata
        self._names: dict[tuple[int, str], T | None] = {}
        self._assumed: dict[tuple[int, str], T] = {}
        self._busy: set[tuple[int, str]] = set()
        self._func_ok: dict[int, bool] = {}
        self._hidden: dict[int, set[str]] = {}
        self.notes: set[str] = set()  # evidence that was there but not trusted (skip reasons)

    def skip(self, reason: str) -> bool:
        """Report ``reason`` to the rule (``RuleTransformer.skip``); False, like it."""
        if self._skip is not None:
            self._skip(reason)
        return False

    # Computed on first use: most questions are asked of few modules (see LazyMetadata).
    @cached_property
    def scopes(self):
        return self._metadata[ScopeProvider]

    @cached_property
    def parents(self):
        return self._metadata[ParentNodeProvider]

    @cached_property
    def calls(self) -> CallGraph:
        return CallGraph(self.module)

    def not_recursive(self, func: cst.FunctionDef) -> bool:
        """``func`` is on no cycle of calls of the module (``recursion``): a rewrite that adds
        or removes a frame (a comprehension, a generator, a helper) changes the depth at which
        a recursion hits the limit only by a constant. Says why not."""
        return not self.calls.recursive(func) or self.skip(RECURSIVE)

    @cached_property
    def _shadowable(self) -> set[str]:
        return assigned_names(self.module)

    @cached_property
    def _star(self) -> bool:
        return star_imported(self.module)

    # ------------------------------------------------------------------ builtins and scopes

    def is_builtin(self, name: str) -> bool:
        """``name`` is never bound in this module (so a bare ``name`` is the builtin)."""
        return not self._star and name not in self._shadowable

    @cached_property
    def builtins_pinned(self) -> bool:
        """No code in this module can rebind a builtin at run time: no ``exec``/``eval``/
        ``globals()``/``vars()``/``__import__``/frame access anywhere (``uses_dynamic_scope``),
        no ``builtins`` module and no ``__builtins__`` (not even as a string:
        ``sys.modules["builtins"]``)."""
        touches = any(n.value in ("builtins", "__builtins__")
                      for n in m.findall(self.module, m.Name())) or any(
            "builtins" in s.value for s in m.findall(self.module, m.SimpleString()))
        return not (touches or self._star or uses_dynamic_scope(self.module))

    def real_builtin(self, name: str) -> bool:
        """A bare ``name`` is the builtin whenever it runs: never bound in the module
        (``is_builtin``) and ``builtins_pinned``. For a rule that folds, drops or adds a call of
        it. Says why not."""
        if not self.is_builtin(name):
            return self.skip(f"{name} is shadowed")
        return self.builtins_pinned or self.skip(
            "the module can rebind builtins at run time (exec, globals(), builtins, ...)")

    def is_builtin_call(self, node: cst.CSTNode, *names: str) -> bool:
        """``node`` is a call of one of the builtins ``names``, unshadowed."""
        return (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
                and node.func.value in names and self.is_builtin(node.func.value))

    def function_of(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        """The function whose own scope ``node`` is in (None in a class body, at module level,
        in a lambda or a comprehension)."""
        scope = self.scopes.get(node)
        if isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef):
            return scope.node
        return None

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.parents.get(node)

    def simple_function(self, func: cst.FunctionDef) -> bool:
        """A function whose locals can only change through visible bindings: no exec/eval/
        locals()/vars()/globals()/dir()/super()."""
        key = id(func)
        if key not in self._func_ok:
            self._func_ok[key] = not uses_dynamic_scope(func)
        return self._func_ok[key]

    def hidden_bindings(self, func: cst.FunctionDef) -> set[str]:
        """Names bound in ``func`` in ways ScopeProvider does not record as assignments of the
        function: match-pattern captures, and walrus targets inside comprehensions."""
        key = id(func)
        if key not in self._hidden:
            names: set[str] = set()
            for node in m.findall(func, m.MatchAs() | m.MatchStar()):
                if node.name is not None:
                    names.add(node.name.value)
            for node in m.findall(func, m.MatchMapping()):
                if node.rest is not None:
                    names.add(node.rest.value)
            for node in m.findall(func, m.NamedExpr(target=m.Name())):
                names.add(node.target.value)
            self._hidden[key] = names
        return self._hidden[key]

    # ------------------------------------------------------------------ expressions

    # ------------------------------------------------------------------ names

    def name_type(self, name: cst.Name) -> T | None:
        """Evidence for a variable read: from an enclosing comprehension's ``for`` clause or
        from every binding in the enclosing function. Globals and free variables: None."""
        scope = self.scopes.get(name)
        while isinstance(scope, ComprehensionScope):
            bound = scope.assignments[name.value]
            if bound:
                return self._comprehension_target_type(bound)
            scope = scope.parent
        if not (isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef)
                or self._callsites is not None and isinstance(scope, FunctionScope)
                and isinstance(scope.node, cst.Lambda)):
            return None
        return self.local_type(scope, name.value)

    def _comprehension_target_type(self, bound) -> T | None:
        result = None
        for a in bound:
            parent = self.parents.get(a.node)
            if not (isinstance(a.node, cst.Name) and isinstance(parent, cst.CompFor)
                    and parent.target is a.node):
                return None
            t = self.elem_of(parent.iter)
            if t is None:
                return None
            result = t if result is None else same(result, t)
        return result

    def local_type(self, scope: FunctionScope, name: str) -> T | None:
        key = (id(scope), name)
        if key in self._assumed:
            return self._assumed[key]
        if key in self._names:
            return self._names[key]
        if key in self._busy:
            return None
        self._busy.add(key)
        try:
            result = self._local_type(scope, name, key)
        finally:
            self._busy.discard(key)
        if not self._busy and not self._assumed and not (
                self._callsites is not None and self._callsites.assumed):
            self._names[key] = result
        return result

    def _local_type(self, scope: FunctionScope, name: str, key) -> T | None:
        func = scope.node
        if (not self.simple_function(func) or name in global_nonlocal_names(func)
                or name in self.hidden_bindings(func)):
            return None
        bindings = list(scope.assignments[name])
        if not bindings or not all(type(a) is Assignment for a in bindings):
            return None
        # First pass: candidate from the bindings that do not depend on the name itself.
        candidate = None
        for a in bindings:
            t = self._binding_type(scope, a, None)
            if t is not None:
                candidate = t if candidate is None else same(candidate, t)
                if candidate is None:
                    return None
        if candidate is None:
            return None
        # Second pass: assuming the name holds `candidate`, every binding must store one.
        self._assumed[key] = candidate
        try:
            for a in bindings:
                if same(self._binding_type(scope, a, candidate), candidate) != candidate:
                    return None
        finally:
            del self._assumed[key]
        if candidate == T("list") and len(bindings) == 1:
            return self._fresh_list_type(func, name, bindings[0]) or candidate
        return candidate

    def _fresh_list_type(self, func, name: str, a: Assignment) -> T | None:
        """``words = s.split()``, ``xs = sorted(lst)``, ``ys = lst[::-1]``, ``cs = list(s)``:
        a local bound once, by a one-target assignment, to a list built there whose items'
        type is known (``elem_of`` the value), and afterwards only read (``read_only``: no
        append, no alias, never handed to code that could add an item) holds items of that
        type for its whole life."""
        node = a.node
        target = self.parents.get(node)
        value = None
        if isinstance(target, cst.Element):  # ``xs, acc = sorted(lst), []``: its own item
            value = self._unpacked_value(target)
            target = self.parents.get(self.parents.get(target))
        assign = self.parents.get(target)
        if not (isinstance(node, cst.Name) and isinstance(target, cst.AssignTarget)
                and (target.target is node or value is not None)
                and isinstance(assign, cst.Assign)
                and len(assign.targets) == 1 and read_only(func, name, self, binding=node)):
            return None
        elem = self.elem_of(value if value is not None else assign.value)
        return T("list", elem) if elem is not None else None

    def _unpacked_value(self, element: cst.Element) -> cst.BaseExpression | None:
        """The item of the display that ``a, b = e1, e2`` binds ``element``'s name to (a
        tuple/list unpacking of a display of as many items, none starred), or None."""
        target = self.parents.get(element)
        assign_target = self.parents.get(target)
        assign = self.parents.get(assign_target)
        if not (isinstance(target, (cst.Tuple, cst.List))
                and isinstance(assign_target, cst.AssignTarget)
                and assign_target.target is target and isinstance(assign, cst.Assign)
                and isinstance(assign.value, (cst.Tuple, cst.List))):
            return None
        items, values = target.elements, assign.value.elements
        if len(items) != len(values) or any(
                isinstance(el, cst.StarredElement) for el in (*items, *values)):
            return None
        return values[next(i for i, el in enumerate(items) if el is element)].value

    def _binding_type(self, scope: FunctionScope, a: Assignment, assumed: T | None) -> T | None:
        node = a.node
        if isinstance(node, cst.Param):
            return self._param_type(node)
        if not isinstance(node, cst.Name) or self.scopes.get(node) is not scope:
            return None
        parent = self.parents.get(node)
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            assign = self.parents.get(parent)
            return self._type(assign.value) if isinstance(assign, cst.Assign) else None
        if isinstance(parent, cst.AnnAssign) and parent.target is node and parent.value:
            return self._type(parent.value)
        if isinstance(parent, cst.AugAssign) and parent.target is node:
            if assumed is None:
                return None
            op = AUG_TO_BIN.get(type(parent.operator))
            if op is None or op is cst.Power:  # ``x **= e`` stays untyped (conservative)
                return None
            return self._binop_type(op(), assumed, self._type(parent.value), parent.value)
        if isinstance(parent, cst.For) and parent.target is node and parent.asynchronous is None:
            return self.elem_of(parent.iter)
        if isinstance(parent, cst.Element):
            return (self._enumerate_target_type(node, parent)
                    or self._unpacked_display_type(node, parent)
                    or self._divmod_target_type(parent))
        return None

    def _unpacked_display_type(self, node: cst.Name, element: cst.Element) -> T | None:
        """``a, b = [], n``: a target of a tuple/list unpacking of a display of as many items,
        none starred, gets the type of its item (the display is built, then unpacked in
        order, so ``a`` is bound to exactly the list ``[]`` built there)."""
        value = self._unpacked_value(element)
        return None if value is None else self._type(value)

    def _divmod_target_type(self, element: cst.Element) -> T | None:
        """``q, r = divmod(a, b)`` of two ints (the builtin): both are ints."""
        target = self.parents.get(element)
        assign_target = self.parents.get(target)
        assign = self.parents.get(assign_target)
        if not (isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2
                and isinstance(assign_target, cst.AssignTarget) and assign_target.target is target
                and isinstance(assign, cst.Assign) and self.is_builtin_call(assign.value, "divmod")):
            return None
        args = assign.value.args
        if len(args) != 2 or any(a.star or a.keyword for a in args) \
                or any(isinstance(el, cst.StarredElement) for el in target.elements):
            return None
        return INT if all(is_int(self._type(a.value)) for a in args) else None

    def _enumerate_target_type(self, node: cst.Name, element: cst.Element) -> T | None:
        """``for i, x in enumerate(xs)``: ``i`` is an int, ``x`` an item of ``xs``."""
        target = self.parents.get(element)
        loop = self.parents.get(target)
        if not (isinstance(target, cst.Tuple) and isinstance(loop, cst.For)
                and loop.target is target and len(target.elements) == 2
                and self.is_builtin_call(loop.iter, "enumerate")):
            return None
        args = loop.iter.args
        if not args or any(a.star or a.keyword for a in args[:1]) or len(args) > 2:
            return None
        if len(args) == 2 and not isinstance(args[1].value, cst.Integer):
            return None
        if target.elements[0] is element:
            return INT
        return self.elem_of(args[0].value)

    def _param_type(self, param: cst.Param) -> T | None:
        if self._domain is not None:
            t = self._domain.param_type(param)
            if t is not NOT_ENTRY:
                return t
            t = self._callsites.param_type(param)
            if t is not None:
                return t
        parent = self.parents.get(param)
        if param.annotation is None:
            return None
        if not self.TRUST_ANNOTATIONS:
            self.notes.add("annotation is not evidence (it admits subclasses)")
            return None
        t = annotation_type(param.annotation.annotation)
        if t is None:
            return None
        if isinstance(parent, cst.Parameters):
            if param is parent.star_arg:
                return T("tuple", t)
            if param is parent.star_kwarg:
                return T("dict", STR)
        if param.default is not None and same(self._type(param.default), t) != t:
            return None  # ``x: int = None``: the default breaks the annotation's promise
        return t
