"""Programs that load a module of a real package in a sandboxed child, its source given as text.

A function or method of real code leans on its module (helpers, constants, compiled regexes,
classes) and on the rest of its package. :func:`module_program` writes a program for
``Sandbox.open`` that makes the package importable (its directory first on ``sys.path``) and
loads the module ``name`` from the text it is given rather than from its file, under its own
name, so that the package's other modules, a pickle or ``sys.modules`` see that very module:
the original module, or the same module with a variant swapped in. The rest of the package
loads from its files, as an import would.

Everything runs under the child's rules: the package's imports are allowed (``re``,
``functools``, ``typing``, its own modules...) except those the audit hook refuses
(``ctypes`` and friends), and what the module does while loading (open a file for writing,
a socket, a subprocess) is refused as any program's would be; ``Session.load`` then says why.

The module's code is compiled under the name ``<module NAME>``, not under its file's path: code
compiled under the path of installed code must be that file's own text (``_guard``), and a
variant is not. ``__file__`` is still the file's path, so data files next to it can be read.
A module already imported in the child (the zygote preloads parts of the standard library) is
loaded afresh, with the rest of its top-level package, so both loads of a pair start alike.
"""

from __future__ import annotations

LOADER_NAME = "__semforge_module__"

_LOADER = '''
def __semforge_module__(root, name, source, path, is_package):
    import importlib
    import importlib.util
    import sys

    top = name.partition(".")[0]
    for key in [k for k in sys.modules if k == top or k.startswith(top + ".")]:
        del sys.modules[key]
    sys.path.insert(0, root)

    class ModuleFromText:
        """Finds and loads ``name`` only, from ``source``."""

        def find_spec(self, fullname, target_path=None, target=None):
            if fullname != name:
                return None
            spec = importlib.util.spec_from_loader(fullname, self, origin=path,
                                                   is_package=is_package)
            spec.has_location = True  # __file__ is the file's path
            if is_package:
                spec.submodule_search_locations = [path.rpartition("/")[0]]
            return spec

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            exec(compile(source, "<module " + name + ">", "exec"), module.__dict__)

    sys.meta_path.insert(0, ModuleFromText())
    return importlib.import_module(name)
'''


def compiled_name(module: str) -> str:
    """The file name the module's code objects carry (``co_filename``) in the child."""
    return f"<module {module}>"


def module_program(root: str, module: str, source: str, path: str, body: str = "",
                   binding: str = "module") -> str:
    """A program that loads ``module`` (dotted name) from ``source`` with ``root`` first on
    ``sys.path``, binds it to ``binding``, then runs ``body`` (which defines the entry point).

    ``path``: the module's file (``__file__``; an ``__init__.py`` makes it a package).
    """
    is_package = path.endswith("/__init__.py") or path == "__init__.py"
    call = (f"{binding} = {LOADER_NAME}({root!r}, {module!r}, {source!r}, {path!r}, "
            f"{is_package!r})\n")
    return _LOADER.lstrip("\n") + "\n\n" + call + ("\n\n" + body if body else "")
