"""Wrong rewrites of HumanEval+ seeds: a difference inside the domain, with a witness."""

from __future__ import annotations

from .make import W, d
from .seeds import (HE0, HE3, HE11, HE12, HE13, HE16, HE18, HE20, HE24, HE26, HE27, HE30, HE34, HE35,
                    HE37, HE40, HE42, HE43, HE47, HE52, HE55, HE57, HE58, HE60, HE73, HE85, HE88, HE90,
                    HE98, HE104, HE112, HE116, HE120, HE121, HE122, HE133, HE146, HE149, HE151)

# ------------------------------------------------------------------ wrong rewrites

WRONG = [
    W("he0-quadratic-nan", "nan", HE0, "has_close_elements", d('''
from typing import List

def has_close_elements(numbers: List[float], threshold: float) -> bool:
    for i, a in enumerate(numbers):
        for j, b in enumerate(numbers):
            if i != j and abs(a - b) < threshold:
                return True
    return False
'''), "explicit", "f([1.0, float('nan'), 1.05], 0.1)", "HumanEval/0"),
    W("he3-final-balance", "boundary", HE3, "below_zero", d('''
from typing import List

def below_zero(operations: List[int]) -> bool:
    return sum(operations) < 0
'''), "faster", "f([-1, 2])", "HumanEval/3"),
    W("he3-any-negative-op", "boundary", HE3, "below_zero", d('''
from typing import List

def below_zero(operations: List[int]) -> bool:
    return any(op < 0 for op in operations)
'''), "faster", "f([2, -1])", "HumanEval/3"),
    W("he12-last-longest", "duplicates", HE12, "longest", d('''
from typing import List, Optional

def longest(strings: List[str]) -> Optional[str]:
    return sorted(strings, key=len)[-1] if strings else None
'''), "equivalent", "f(['ab', 'cd'])", "HumanEval/12"),
    W("he12-no-empty-check", "empty", HE12, "longest", d('''
from typing import List, Optional

def longest(strings: List[str]) -> Optional[str]:
    return max(strings, key=len)
'''), "faster", "f([])", "HumanEval/12"),
    W("he13-math-gcd", "negatives", HE13, "greatest_common_divisor", d('''
import math

def greatest_common_divisor(a: int, b: int) -> int:
    return math.gcd(a, b)
'''), "faster", "f(4, -6)", "HumanEval/13"),
    W("he16-casefold", "unicode", HE16, "count_distinct_characters", d('''
def count_distinct_characters(string: str) -> int:
    return len(set(string.casefold()))
'''), "equivalent", "f('ßs')", "HumanEval/16"),
    W("he16-per-char-lower", "unicode", HE16, "count_distinct_characters", d('''
def count_distinct_characters(string: str) -> int:
    return len({ch.lower() for ch in string})
'''), "faster", "f('İ')", "HumanEval/16"),
    W("he18-str-count", "duplicates", HE18, "how_many_times", d('''
def how_many_times(string: str, substring: str) -> int:
    return string.count(substring)
'''), "faster", "f('aaa', 'aa')", "HumanEval/18"),
    W("he18-regex-lookahead", "empty", HE18, "how_many_times", d('''
import re

def how_many_times(string: str, substring: str) -> int:
    return len(re.findall('(?=' + re.escape(substring) + ')', string))
'''), "faster", "f('ab', '')", "HumanEval/18"),
    W("he20-sorted-copy", "mutation", HE20, "find_closest_elements", d('''
from typing import List, Tuple

def find_closest_elements(numbers: List[float]) -> Tuple[float, float]:
    ordered = sorted(numbers)
    best = None
    for l, r in zip(ordered, ordered[1:]):
        if best is None or r - l < best[1] - best[0]:
            best = (l, r)
    return best
'''), "equivalent", "f([2.0, 1.0, 4.0])", "HumanEval/20"),
    W("he20-min-key-nan", "nan", HE20, "find_closest_elements", d('''
from typing import List, Tuple

def find_closest_elements(numbers: List[float]) -> Tuple[float, float]:
    numbers.sort()
    return min(zip(numbers, numbers[1:]), key=lambda p: p[1] - p[0], default=None)
'''), "faster", "f([float('nan'), 1.0, 2.0])", "HumanEval/20"),
    W("he24-float-sqrt", "negatives", HE24, "largest_divisor", d('''
def largest_divisor(n: int) -> int:
    for i in range(2, int(n ** 0.5) + 1):
        if n % i == 0:
            return n // i
    return 1
'''), "faster", "f(-5)", "HumanEval/24"),
    W("he24-max-divisors", "boundary", HE24, "largest_divisor", d('''
def largest_divisor(n: int) -> int:
    return max(d for d in range(1, n) if n % d == 0)
'''), "explicit", "f(1)", "HumanEval/24"),
    W("he26-fromkeys", "duplicates", HE26, "remove_duplicates", d('''
from typing import List

def remove_duplicates(numbers: List[int]) -> List[int]:
    return list(dict.fromkeys(numbers))
'''), "faster", "f([1, 1])", "HumanEval/26"),
    W("he30-nonnegative", "boundary", HE30, "get_positive", d('''
def get_positive(l: list):
    return [x for x in l if x >= 0]
'''), "faster", "f([0])", "HumanEval/30"),
    W("he34-no-dedupe", "duplicates", HE34, "unique", d('''
def unique(l: list):
    return sorted(l)
'''), "faster", "f([1, 1])", "HumanEval/34"),
    W("he35-index-error", "exception", HE35, "max_element", d('''
def max_element(l: list):
    m = l[0]
    for e in l:
        if e > m:
            m = e
    return m
'''), "explicit", "f([])", "HumanEval/35"),
    W("he37-in-place", "mutation", HE37, "sort_even", d('''
def sort_even(l: list):
    l[::2] = sorted(l[::2])
    return l
'''), "faster", "f([3, 0, 1])", "HumanEval/37"),
    W("he40-reused-item", "duplicates", HE40, "triples_sum_to_zero", d('''
from itertools import combinations

def triples_sum_to_zero(l: list):
    present = set(l)
    return any(-(a + b) in present for a, b in combinations(l, 2))
'''), "faster", "f([1, -2])", "HumanEval/40"),
    W("he42-lazy-map", "laziness", HE42, "incr_list", d('''
def incr_list(l: list):
    return map(lambda x: x + 1, l)
'''), "faster", "f([1])", "HumanEval/42"),
    W("he43-set-any", "duplicates", HE43, "pairs_sum_to_zero", d('''
def pairs_sum_to_zero(l):
    values = set(l)
    return any(-x in values for x in values)
'''), "faster", "f([0])", "HumanEval/43"),
    W("he43-j-from-i", "boundary", HE43, "pairs_sum_to_zero", d('''
def pairs_sum_to_zero(l):
    for i in range(len(l)):
        for j in range(i, len(l)):
            if l[i] + l[j] == 0:
                return True
    return False
'''), "faster", "f([0, 5])", "HumanEval/43"),
    W("he47-statistics", "exception", HE47, "median", d('''
import statistics

def median(l: list):
    return statistics.median(l)
'''), "faster", "f([])", "HumanEval/47"),
    W("he52-max-empty", "empty", HE52, "below_threshold", d('''
def below_threshold(l: list, t: int):
    return max(l) < t
'''), "faster", "f([], 3)", "HumanEval/52"),
    W("he52-le", "boundary", HE52, "below_threshold", d('''
def below_threshold(l: list, t: int):
    for x in l:
        if x > t:
            return False
    return True
'''), "explicit", "f([5], 5)", "HumanEval/52"),
    W("he55-doubling-negative", "negatives", HE55, "fib", d('''
def fib(n: int):
    def pair(k):
        if k == 0:
            return (0, 1)
        a, b = pair(k // 2)
        c = a * (2 * b - a)
        e = a * a + b * b
        return (e, c + e) if k % 2 else (c, e)
    return pair(n)[0]
'''), "faster", "f(-3)", "HumanEval/55"),
    W("he55-binet", "float-int", HE55, "fib", d('''
import math

def fib(n: int):
    phi = (1 + math.sqrt(5)) / 2
    return round(phi ** n / math.sqrt(5))
'''), "faster", "f(80)", "HumanEval/55"),
    W("he57-strict", "duplicates", HE57, "monotonic", d('''
def monotonic(l: list):
    pairs = list(zip(l, l[1:]))
    return all(a < b for a, b in pairs) or all(a > b for a, b in pairs)
'''), "faster", "f([1, 1])", "HumanEval/57"),
    W("he58-keeps-duplicates", "duplicates", HE58, "common", d('''
def common(l1: list, l2: list):
    other = set(l2)
    return sorted(x for x in l1 if x in other)
'''), "faster", "f([1, 1], [1])", "HumanEval/58"),
    W("he60-range-sum", "negatives", HE60, "sum_to_n", d('''
def sum_to_n(n: int):
    return sum(range(n + 1))
'''), "slower", "f(-3)", "HumanEval/60"),
    W("he73-no-halving", "boundary", HE73, "smallest_change", d('''
def smallest_change(arr):
    return sum(a != b for a, b in zip(arr, reversed(arr)))
'''), "faster", "f([1, 2])", "HumanEval/73"),
    W("he85-even-indices", "boundary", HE85, "add", d('''
def add(lst):
    return sum(x for x in lst[::2] if x % 2 == 0)
'''), "faster", "f([2, 3])", "HumanEval/85"),
    W("he88-first-parity", "boundary", HE88, "sort_array", d('''
def sort_array(array):
    if not array:
        return []
    return sorted(array, reverse=array[0] % 2 == 0)
'''), "faster", "f([2, 1])", "HumanEval/88"),
    W("he90-second-item", "duplicates", HE90, "next_smallest", d('''
def next_smallest(lst):
    return sorted(lst)[1] if len(lst) > 1 else None
'''), "faster", "f([1, 1, 2])", "HumanEval/90"),
    W("he98-odd-indices", "boundary", HE98, "count_upper", d('''
def count_upper(s):
    return sum(1 for c in s[1::2] if c in 'AEIOU')
'''), "faster", "f('A')", "HumanEval/98"),
    W("he104-skips-sign", "negatives", HE104, "unique_digits", d('''
def unique_digits(x):
    return sorted(n for n in x if all(ch in '13579' for ch in str(n)))
'''), "faster", "f([-13])", "HumanEval/104"),
    W("he112-replace-substring", "boundary", HE112, "reverse_delete", d('''
def reverse_delete(s, c):
    ss = s.replace(c, '')
    return (ss, ss == ss[::-1])
'''), "faster", "f('abc', 'ca')", "HumanEval/112"),
    W("he116-abs-tiebreak", "negatives", HE116, "sort_array", d('''
def sort_array(arr):
    return sorted(arr, key=lambda x: (bin(x).count('1'), abs(x)))
'''), "faster", "f([3, -3])", "HumanEval/116"),
    W("he120-nlargest", "negatives", HE120, "maximum", d('''
import heapq

def maximum(arr, k):
    return sorted(heapq.nlargest(k, arr))
'''), "faster", "f([1, 2, 3], -1)", "HumanEval/120"),
    W("he120-zero-k", "boundary", HE120, "maximum", d('''
def maximum(arr, k):
    return sorted(arr)[-k:]
'''), "faster", "f([1, 2], 0)", "HumanEval/120"),
    W("he121-odd-indices", "boundary", HE121, "solution", d('''
def solution(lst):
    return sum(x for x in lst[1::2] if x % 2 == 1)
'''), "faster", "f([1, 3])", "HumanEval/121"),
    W("he122-sign-digit", "negatives", HE122, "add_elements", d('''
def add_elements(arr, k):
    return sum(x for x in arr[:k] if len(str(x)) <= 2)
'''), "faster", "f([-10], 1)", "HumanEval/122"),
    W("he122-range-bound", "magnitude", HE122, "add_elements", d('''
def add_elements(arr, k):
    return sum(x for x in arr[:k] if -99 <= x <= 99)
'''), "faster", "f([10 ** 4400], 1)", "HumanEval/122"),
    W("he133-float-ceil", "float-int", HE133, "sum_squares", d('''
def sum_squares(lst):
    return sum((-(-x // 1)) ** 2 for x in lst)
'''), "faster", "f([1.5])", "HumanEval/133"),
    W("he133-truncate-up", "negatives", HE133, "sum_squares", d('''
def sum_squares(lst):
    total = 0
    for x in lst:
        c = int(x) + 1 if x % 1 else int(x)
        total += c * c
    return total
'''), "explicit", "f([-2.4])", "HumanEval/133"),
    W("he146-abs", "negatives", HE146, "specialFilter", d('''
def specialFilter(nums):
    count = 0
    for num in nums:
        s = str(abs(num))
        if abs(num) > 10 and s[0] in '13579' and s[-1] in '13579':
            count += 1
    return count
'''), "explicit", "f([-13])", "HumanEval/146"),
    W("he149-length-only", "duplicates", HE149, "sorted_list_sum", d('''
def sorted_list_sum(lst):
    return sorted((s for s in lst if len(s) % 2 == 0), key=len)
'''), "faster", "f(['ab', 'aa'])", "HumanEval/149"),
    W("he151-bitand-float", "float-int", HE151, "double_the_difference", d('''
def double_the_difference(lst):
    return sum(x * x for x in lst if x > 0 and x & 1)
'''), "faster", "f([0.2, 3])", "HumanEval/151"),
    W("he11-int-xor", "boundary", HE11, "string_xor", d('''
def string_xor(a: str, b: str) -> str:
    return format(int(a, 2) ^ int(b, 2), '0' + str(len(a)) + 'b')
'''), "faster", "f('1', '10')", "HumanEval/11"),
    W("he11-zip-truncates", "boundary", HE11, "string_xor", d('''
def string_xor(a: str, b: str) -> str:
    return ''.join('0' if x == y else '1' for x, y in zip(a, b))
'''), "faster", "f('10', '1')", "HumanEval/11"),
    W("he27-whole-swapcase", "unicode", HE27, "flip_case", d('''
def flip_case(string: str) -> str:
    return string.swapcase()
'''), "faster", "f('AΣ')", "HumanEval/27"),
    W("he27-upper-lower", "unicode", HE27, "flip_case", d('''
def flip_case(string: str) -> str:
    return ''.join(c.lower() if c.isupper() else c.upper() for c in string)
'''), "explicit", "f('ǅ')", "HumanEval/27"),
]
