def fizzbuzz(n: int) -> str:
    """Classic classification: Fizz for multiples of 3, Buzz of 5, FizzBuzz of both."""
    if n % 3 == 0 and n % 5 == 0:
        return "FizzBuzz"
    elif n % 3 == 0:
        return "Fizz"
    elif n % 5 == 0:
        return "Buzz"
    else:
        return str(n)
