def poly_eval(coeffs: list[int], x: int) -> int:
    """Value at `x` of the polynomial coeffs[0] + coeffs[1]*x + coeffs[2]*x**2 + ..."""
    result = 0
    for i in range(len(coeffs)):
        result += coeffs[i] * x ** i
    return result
