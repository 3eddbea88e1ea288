"""Hostile values, executed as source text inside each program's namespace by the harness
(``semforge.transforms.harness``), so a rewrite and its original see the same classes: str,
list, dict... subclasses whose dunders differ from the builtins', objects defining every
operator and logging each call, objects that raise ``StopIteration`` everywhere, and
``HostileBuiltins.wrap`` for shadowed builtins. Nothing here is imported by semforge."""

LOG = []

def _log(name):
    LOG.append(name)

class HStr(str):
    def __len__(self): _log("str.len"); return str.__len__(self) + 1
    def __iter__(self): _log("str.iter"); return iter(list(str.__iter__(self))[::-1])
    def __eq__(self, o): _log("str.eq"); return str.__eq__(self.lower(), o)
    def __ne__(self, o): _log("str.ne"); return not self.__eq__(o)
    def __hash__(self): _log("str.hash"); return 7
    def __contains__(self, o): _log("str.contains"); return True
    def __getitem__(self, i): _log("str.getitem"); return HStr(str.__getitem__(self, i))
    def __add__(self, o): _log("str.add"); return HStr(str.__add__(self, str(o)) + "+")
    def __radd__(self, o): _log("str.radd"); return HStr(str(o) + str(self) + "r")
    def __mul__(self, n): _log("str.mul"); return HStr(str.__mul__(self, n + 1))
    __rmul__ = __mul__
    def __mod__(self, o): _log("str.mod"); return "mod"
    def __rmod__(self, o): _log("str.rmod"); return "rmod"
    def __bool__(self): _log("str.bool"); return not str.__len__(self)
    def __str__(self): _log("str.str"); return self
    def __format__(self, spec): _log("str.format"); return HStr("F" + str.__str__(self))
    def lower(self): _log("str.lower"); return HStr(str.upper(self))
    def upper(self): _log("str.upper"); return HStr(str.lower(self))
    def strip(self, *a): _log("str.strip"); return HStr(str.strip(self, *a) + " ")
    def split(self, *a): _log("str.split"); return HList(str.split(self, *a))
    def startswith(self, *a): _log("str.startswith"); return not str.startswith(self, *a)
    def endswith(self, *a): _log("str.endswith"); return not str.endswith(self, *a)
    def isdigit(self): _log("str.isdigit"); return True
    def isalpha(self): _log("str.isalpha"); return False
    def swapcase(self): _log("str.swapcase"); return HStr(str(self))
    def join(self, it): _log("str.join"); return HStr(str.join(self, [str(x) for x in it]) + "j")
    def count(self, *a): _log("str.count"); return 99
    def find(self, *a): _log("str.find"); return -5

class HList(list):
    def __len__(self): _log("list.len"); return list.__len__(self) + 1
    def __iter__(self): _log("list.iter"); return iter(list(list.__iter__(self))[::-1])
    def __reversed__(self): _log("list.reversed"); return list.__iter__(self)
    def __getitem__(self, i): _log("list.getitem"); return list.__getitem__(self, i)
    def __contains__(self, o): _log("list.contains"); return not list.__contains__(self, o)
    def __eq__(self, o): _log("list.eq"); return True
    def __add__(self, o): _log("list.add"); return HList(list.__add__(self, list(o)) + [0])
    def __mul__(self, n): _log("list.mul"); return HList(list.__mul__(self, n + 1))
    __rmul__ = __mul__
    def __bool__(self): _log("list.bool"); return not list.__len__(self)
    def __hash__(self): _log("list.hash"); return 3
    def append(self, x): _log("list.append"); list.append(self, x); list.append(self, x)
    def copy(self): _log("list.copy"); return HList(self)
    def index(self, *a): _log("list.index"); return 0
    def count(self, *a): _log("list.count"); return 42

class HTuple(tuple):
    def __len__(self): _log("tuple.len"); return tuple.__len__(self) + 1
    def __iter__(self): _log("tuple.iter"); return iter(list(tuple.__iter__(self))[::-1])
    def __getitem__(self, i): _log("tuple.getitem"); return tuple.__getitem__(self, i)
    def __contains__(self, o): _log("tuple.contains"); return True
    def __bool__(self): _log("tuple.bool"); return False

class HSet(set):
    def __len__(self): _log("set.len"); return set.__len__(self) + 1
    def __iter__(self): _log("set.iter"); return iter(sorted(set.__iter__(self), key=repr))
    def __contains__(self, o): _log("set.contains"); return not set.__contains__(self, o)
    def __bool__(self): _log("set.bool"); return False
    def add(self, x): _log("set.add"); set.add(self, x)

class HDict(dict):
    def keys(self): _log("dict.keys"); return ["not-a-key"]
    def values(self): _log("dict.values"); return [0]
    def items(self): _log("dict.items"); return [("k", 0)]
    def __contains__(self, k): _log("dict.contains"); return not dict.__contains__(self, k)
    def __iter__(self): _log("dict.iter"); return iter(list(dict.__iter__(self))[::-1])
    def __len__(self): _log("dict.len"); return dict.__len__(self) + 1
    def __getitem__(self, k): _log("dict.getitem"); return dict.get(self, k, "missing")
    def get(self, k, d=None): _log("dict.get"); return "got"
    def __bool__(self): _log("dict.bool"); return False

class HInt(int):
    def _w(name, op):
        def f(self, *a):
            _log("int." + name)
            r = op(int(self), *[int(x) if isinstance(x, int) else x for x in a])
            return HInt(r + 1) if isinstance(r, int) and not isinstance(r, bool) else r
        return f
    __add__ = _w("add", int.__add__); __radd__ = _w("radd", int.__radd__)
    __sub__ = _w("sub", int.__sub__); __rsub__ = _w("rsub", int.__rsub__)
    __mul__ = _w("mul", int.__mul__); __rmul__ = _w("rmul", int.__rmul__)
    __pow__ = _w("pow", int.__pow__); __floordiv__ = _w("floordiv", int.__floordiv__)
    __mod__ = _w("mod", int.__mod__); __neg__ = _w("neg", int.__neg__)
    __and__ = _w("and", int.__and__); __xor__ = _w("xor", int.__xor__)
    def __eq__(self, o): _log("int.eq"); return int(self) == o + 1 if isinstance(o, int) else False
    def __ne__(self, o): _log("int.ne"); return not self.__eq__(o)
    def __lt__(self, o): _log("int.lt"); return int(self) > o
    def __gt__(self, o): _log("int.gt"); return int(self) < o
    def __le__(self, o): _log("int.le"); return int(self) >= o
    def __ge__(self, o): _log("int.ge"); return int(self) <= o
    def __hash__(self): _log("int.hash"); return 1
    def __bool__(self): _log("int.bool"); return not int(self)
    def __index__(self): _log("int.index"); return int(self)
    def __str__(self): _log("int.str"); return HStr("int")
    def __repr__(self): _log("int.repr"); return "HInt(%d)" % int(self)
    def __format__(self, spec): _log("int.format"); return HStr("fmt")
    del _w

class HFloat(float):
    def __add__(self, o): _log("float.add"); return HFloat(float(self) + o + 0.5)
    __radd__ = __add__
    def __mul__(self, o): _log("float.mul"); return HFloat(float(self) * o * 2)
    __rmul__ = __mul__
    def __pow__(self, o): _log("float.pow"); return 1.0
    def __sub__(self, o): _log("float.sub"); return HFloat(float(self) - o - 0.5)
    def __lt__(self, o): _log("float.lt"); return float(self) > o
    def __gt__(self, o): _log("float.gt"); return float(self) < o
    def __eq__(self, o): _log("float.eq"); return True
    def __hash__(self): _log("float.hash"); return 2
    def __bool__(self): _log("float.bool"); return False
    def __str__(self): _log("float.str"); return HStr("flt")

class Dunder:
    """Every operator defined, each logging; values stay Dunders."""
    def __init__(self, tag=0): self.tag = tag
    def __repr__(self): return "Dunder(%r)" % (self.tag,)
    def _op(name):
        def f(self, *a):
            _log("D." + name)
            return Dunder(name)
        return f
    for _n in ("add radd sub rsub mul rmul truediv rtruediv floordiv mod rmod pow rpow neg pos "
               "abs and or xor lshift rshift getitem").split():
        locals()["__%s__" % _n] = _op(_n)
    def __eq__(self, o): _log("D.eq"); return isinstance(o, Dunder)
    def __ne__(self, o): _log("D.ne"); return not isinstance(o, Dunder)
    def __lt__(self, o): _log("D.lt"); return Dunder("lt")
    def __gt__(self, o): _log("D.gt"); return Dunder("gt")
    def __le__(self, o): _log("D.le"); return Dunder("le")
    def __ge__(self, o): _log("D.ge"); return Dunder("ge")
    def __hash__(self): _log("D.hash"); return 5
    def __bool__(self): _log("D.bool"); return True
    def __len__(self): _log("D.len"); return 2
    def __iter__(self): _log("D.iter"); return iter([Dunder(1), Dunder(2)])
    def __contains__(self, o): _log("D.contains"); return False
    def __index__(self): _log("D.index"); return 2
    def __int__(self): _log("D.int"); return 2
    def __str__(self): _log("D.str"); return "dunder"
    def __format__(self, spec): _log("D.format"); return "dunder"
    def keys(self): _log("D.keys"); return ["k"]
    def __getattr__(self, name): _log("D.getattr"); return Dunder(name)
    del _op, _n

class Stop:
    """Raises StopIteration from everything a rule might move into or out of a generator."""
    def __repr__(self): return "Stop()"
    def _raise(name):
        def f(self, *a):
            _log("S." + name)
            raise StopIteration(name)
        return f
    for _n in ("add radd sub rsub mul rmul truediv floordiv mod rmod pow neg abs getitem lt gt "
               "le ge eq ne bool len iter contains index int str format call").split():
        locals()["__%s__" % _n] = _raise(_n)
    __hash__ = _raise("hash")
    @property
    def value(self): _log("S.value"); raise StopIteration("property")
    def __getattr__(self, name): _log("S.getattr"); raise StopIteration(name)
    del _raise, _n

class HostileBuiltins:
    """Stand-ins for builtins, for a module that rebinds them."""
    import builtins as _b
    @staticmethod
    def wrap(name):
        real = getattr(HostileBuiltins._b, name)
        def f(*a, **k):
            _log("builtin." + name)
            r = real(*a, **k)
            if isinstance(r, bool):
                return not r
            if isinstance(r, int):
                return r + 1
            return r
        return f
