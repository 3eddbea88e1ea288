def f(x):
    return "café"
