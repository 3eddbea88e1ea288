"""The probe harness: appended as text to the program's source (``harness.harness``), never
imported by the verifier, and run in the program's namespace in the sandbox.

``harness.py`` appends this file after the program, then one line that passes the parameters:
``__sf_probe__ = __sf_install(entry_point, sentinel, lazy_steps, history_changes)``. The
sandbox then calls ``__sf_probe__(plan)`` once per probe (``plan.py`` says what plans are); it
looks the entry point up in the program's namespace at each call, as a caller would.

The harness takes its builtins from ``__builtins__`` (a program that redefines ``list`` or
``type`` at module level does not change it) and binds only ``__sf_*`` names at module level. A
variant that goes looking for it needs ``globals()``/``__builtins__``, which the static guard
refuses. This file must stay plain Python that can follow any program: no ``__future__``
import, no import at all.
"""


def __sf_make_probe(__sf_b, __sf_sentinel, __sf_lazy_steps, __sf_history_changes):
    """The probe function ``probe(fn, plan)``, with ``__sf_b`` the builtins' dict."""
    _type, _list, _tuple, _dict, _set, _frozenset = (__sf_b[n] for n in (
        "type", "list", "tuple", "dict", "set", "frozenset"))
    _bytearray, _len, _range, _next, _iter, _id = (__sf_b[n] for n in (
        "bytearray", "len", "range", "next", "iter", "id"))
    _BaseException, _StopIteration, _str = (__sf_b[n] for n in (
        "BaseException", "StopIteration", "str"))
    _hasattr, _reversed, _map = __sf_b["hasattr"], __sf_b["reversed"], __sf_b["map"]
    _int, _bool, _float, _complex, _bytes, _repr, _object = (__sf_b[n] for n in (
        "int", "bool", "float", "complex", "bytes", "repr", "object"))
    _sentinel = __sf_sentinel
    _mutable = (_list, _dict, _set, _bytearray)
    _plain = (_list, _tuple, _dict, _set, _frozenset)
    _atoms = (_int, _bool, _str, _bytes, _type(None))
    _immutable = _atoms + (_float, _complex)
    _atom_set, _immutable_set = _set(_atoms), _set(_immutable)
    _LIMIT = 3000

    def tname(t):
        try:
            mod = _type.__getattribute__(t, "__module__")
            qn = _type.__getattribute__(t, "__qualname__")
            return qn if mod == "builtins" else _str(mod) + "." + _str(qn)
        except _BaseException:
            return "?"

    def is_mutable(o):
        t = _type(o)
        if t in _mutable:
            return True
        if t in _immutable:  # (before tname: the history plan mutates many results)
            return False
        # instances of the program's classes (their state is observable through identity)
        return t not in _plain and tname(t).startswith("__program__.") and not _type(o) is _type

    def children(o):
        t = _type(o)
        if t is _list or t is _tuple:
            return o
        if t is _dict:
            return _list(o.values())
        return ()

    def nodes(o):
        """Mutable nodes of o, preorder, bounded; every node once."""
        out, seen, stack = [], {}, [o]
        while stack and _len(out) < _LIMIT:
            x = stack.pop()
            if is_mutable(x):
                if _id(x) in seen:
                    out.append(x)
                    continue
                seen[_id(x)] = 1
                out.append(x)
            stack.extend(_reversed(_list(children(x))))
        return out

    def alias_signature(result, args):
        """Where the result's mutable parts come from: an argument (its index), an earlier part
        of the result, or nowhere (fresh). Fresh parts are left out: only sharing shows."""
        owner = {}
        for k, a in enumerate(args):
            for x in nodes(a):
                owner.setdefault(_id(x), "arg" + _str(k))
        sig, seen = [], {}
        for pos, x in enumerate(nodes(result)):
            i = _id(x)
            if i in owner:
                sig.append((pos, owner[i]))
            elif i in seen:
                sig.append((pos, "part" + _str(seen[i])))
            else:
                seen[i] = pos
        return _tuple(sig)

    def snapshot(o, depth=0):
        """A copy of the builtin containers of o (objects kept by reference)."""
        t = _type(o)
        if depth > 40:
            return o
        if t is _list:
            return [x if _type(x) in _immutable else snapshot(x, depth + 1) for x in o]
        if t is _tuple:
            return _tuple(snapshot(x, depth + 1) for x in o)
        if t is _dict:
            return {k: snapshot(v, depth + 1) for k, v in o.items()}
        if t is _set:
            return _set(o)
        if t is _bytearray:
            return _bytearray(o)
        return o

    def mutate(o):
        if _type(o) is _list and _set(_map(_type, o)) <= _immutable_set:
            o.append(_sentinel)  # what the walk below does to a flat list, in one step
            return
        for x in nodes(o):
            t = _type(x)
            try:
                if t is _list:
                    x.append(_sentinel)
                elif t is _dict:
                    x[_sentinel] = _sentinel
                elif t is _set:
                    x.add(_sentinel)
                elif t is _bytearray:
                    x.append(0)
            except _BaseException:
                pass

    def is_iterator(o):
        t = _type(o)
        return t not in _plain and _hasattr(t, "__next__") and _hasattr(t, "__iter__")

    def drain(it, limit):
        items = []
        try:
            for _ in _range(limit):
                items.append(snapshot(_next(it)))
        except _StopIteration:
            items.append("<end>")
        except _BaseException as e:
            items.append(("raise", tname(_type(e))))
        return items

    def call(fn, args, kw):
        try:
            return True, fn(*args, **kw)
        except _BaseException as e:
            return False, tname(_type(e))

    def flatten(o):
        """Tokens of o in preorder, iteratively (results nested past any recursion limit)."""
        out, stack = [], [o]
        while stack and _len(out) < 20000:
            x = stack.pop()
            t = _type(x)
            if t is _list or t is _tuple:
                out.append("[" if t is _list else "(")
                stack.append("<close>")
                stack.extend(_reversed(x))
            else:
                out.append(x)
        return out

    def key(o, depth=0):
        """A value equal for equal results only: types exact (1, True and 1.0 apart), floats
        by repr (-0.0 and nan are themselves), dicts in order. Objects of other types, and
        values nested too deep, get a fresh key: never the same, always recorded."""
        t = _type(o)
        if t in _atoms:
            return (t, o)
        if t is _float or t is _complex:
            return (t, _repr(o))
        if depth < 40:
            if t is _list or t is _tuple:
                types = _tuple(_map(_type, o))
                kinds = _set(types)
                if kinds <= _atom_set:  # flat: one step (floats by repr: nan is not nan)
                    return (t, _tuple(o), types)
                if kinds <= _immutable_set:
                    return (t, _tuple([x if _type(x) in _atoms else _repr(x) for x in o]), types)
                return (t, _tuple([key(x, depth + 1) for x in o]))
            if t is _dict:
                return (t, _tuple([(key(k, depth + 1), key(v, depth + 1)) for k, v in o.items()]))
            if t is _set or t is _frozenset:
                return (t, _frozenset([key(x, depth + 1) for x in o]))
        return (t, _object())

    def history(fn, distinct, count):
        """``count`` calls over ``distinct`` inputs: each once, then again at long distance,
        forward, then reverse, forward... The reply stays small: every input's first outcome,
        then only the later calls whose outcome (result, or argument after the call) differs
        from that input's first."""
        n = _len(distinct)
        before = [key(a) for a in distinct]
        # Arguments that no call can change need no copy and no second look (the common case,
        # and this loop is most of the plan's cost).
        fixed = [_len([x for x in a if _type(x) not in _immutable]) == 0 for a in distinct]
        firsts, changes, first_keys = [], [], [None] * n
        done, sweep = 0, 0
        while done < count and n:
            order = _range(n) if sweep < 2 or sweep % 2 else _range(n - 1, -1, -1)
            for i in order:
                if done >= count:
                    break
                args = distinct[i] if fixed[i] else snapshot(distinct[i])
                try:
                    ok, r = True, fn(*args)
                except _BaseException as e:
                    ok, r = False, tname(_type(e))
                t = _type(r)
                if not ok:
                    record, k = ("raise", r), ("raise", r)
                elif t not in _immutable and is_iterator(r):
                    items = drain(r, 50)
                    record, k = ("iter", items), key(items)
                else:
                    record, k = None, key(r)
                after = before[i] if fixed[i] else key(args)
                done += 1
                if sweep == 0:
                    first_keys[i] = (k, after)
                elif first_keys[i] != (k, after):
                    if record is None:
                        record = ("return", snapshot(r))
                    if after != before[i]:
                        record = record + (snapshot(args),)
                    if _len(changes) < __sf_history_changes:
                        changes.append((done - 1, record))
                    else:  # past the cap only where: a long run of changes stays cheap to send
                        changes.append(done - 1)
                if sweep == 0:
                    if record is None:
                        record = ("return", snapshot(r))
                    firsts.append(record if after == before[i] else record + (snapshot(args),))
                if ok and t not in _immutable:
                    mutate(r)  # a cache that hands out its objects shows it a sweep later
            sweep += 1
        return ("history", firsts, changes)

    def probe(fn, plan):
        kind = plan[0]
        if kind == "history":
            return history(fn, plan[1], plan[2])
        if kind == "calls":
            records = []
            for args, kw in plan[1]:
                ok, r = call(fn, args, kw)
                if not ok:
                    records.append(("raise", r))
                    continue
                if is_iterator(r):
                    records.append(("iter", drain(r, 200)))
                    continue
                records.append(("return", snapshot(r), alias_signature(r, _list(args) + _list(kw.values()))))
                mutate(r)
            return ("calls", records)
        if kind == "lazy":
            args = plan[1]
            ok, r = call(fn, args, {})
            if not ok:
                return ("raise", r)
            if not is_iterator(r):
                return ("eager",)
            items = []
            for step in _range(__sf_lazy_steps):
                got = drain(r, 1)
                items.append(got[0] if got else "<none>")
                if got and (got[0] == "<end>" or _type(got[0]) is _tuple and got[0][:1] == ("raise",)):
                    break
                for a in args:  # the caller changes the argument between two steps
                    t = _type(a)
                    try:
                        if t is _list:
                            if step % 3 == 2 and a:
                                a.pop()
                            elif step % 3 == 0 and a:
                                a.insert(0, a[-1])  # shifts every index (reversed(), i-loops)
                            else:
                                a.append(a[0] if a else 0)
                        elif t is _dict or t is _set:
                            if t is _dict:
                                a[_sentinel + _str(step)] = 0
                            else:
                                a.add(_sentinel + _str(step))
                    except _BaseException:
                        pass
            return ("lazy", items)
        if kind == "nest":
            args, index, depth = _list(plan[1]), plan[2], plan[3]
            x = args[index]
            for _ in _range(depth):
                x = [x]
            args[index] = x
            ok, r = call(fn, args, {})
            after = flatten(args[index])
            if not ok:
                return ("raise", r, _len(after))
            return ("nest", flatten(r), _len(after))
        return ("unknown-plan",)

    return probe


def __sf_install(__sf_entry, __sf_sentinel, __sf_lazy_steps, __sf_history_changes):
    """The function the sandbox calls: ``plan`` run on the entry point named ``__sf_entry``,
    looked up when the probe runs (in the program's namespace, then the builtins)."""
    __sf_b = __builtins__ if __builtins__.__class__ is {}.__class__ else __builtins__.__dict__
    make = __sf_make_probe(__sf_b, __sf_sentinel, __sf_lazy_steps, __sf_history_changes)
    namespace = __sf_b["globals"]()

    def probe_entry(plan):
        if __sf_entry in namespace:
            return make(namespace[__sf_entry], plan)
        if __sf_entry in __sf_b:
            return make(__sf_b[__sf_entry], plan)
        raise __sf_b["NameError"]("name " + __sf_b["repr"](__sf_entry) + " is not defined")

    return probe_entry
