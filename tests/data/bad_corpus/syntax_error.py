def ok(x):
    return x

def broken(x)
    return x + 1
