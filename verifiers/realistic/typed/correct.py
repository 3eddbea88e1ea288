"""Correct rewrites: the same behaviour on every input of the seed's domain."""

from __future__ import annotations

from .make import C, d
from .seeds import (HE0, HE12, HE18, HE22, HE24, HE26, HE30, HE34, HE35, HE40, HE42, HE43, HE52, HE55,
                    HE57, HE58, HE60, HE85, HE88, HE90, HE98, HE112, HE116, HE120, HE121, HE146,
                    builtin)

# ------------------------------------------------------------------ correct rewrites

CORRECT = [
    C("he22-isinstance", HE22, "filter_integers", d('''
from typing import List, Any

def filter_integers(values: List[Any]) -> List[int]:
    return [x for x in values if isinstance(x, int)]
'''), "faster", "filter_integers([True])", "HumanEval/22"),
    C("he24-sqrt-bound", HE24, "largest_divisor", d('''
def largest_divisor(n: int) -> int:
    i = 2
    while i * i <= n:
        if n % i == 0:
            return n // i
        i += 1
    return 1
'''), "faster", "largest_divisor(9.0)", "HumanEval/24"),
    C("he30-bound-lt", HE30, "get_positive", d('''
def get_positive(l: list):
    return list(filter((0).__lt__, l))
'''), "faster", "get_positive([-1.5])", "HumanEval/30"),
    C("he35-sorted-last", HE35, "max_element", d('''
def max_element(l: list):
    if not l:
        raise ValueError("max() arg is an empty sequence")
    return sorted(l)[-1]
'''), "slower", "max_element([1, 1.0])", "HumanEval/35"),
    C("he40-two-pointers", HE40, "triples_sum_to_zero", d('''
def triples_sum_to_zero(l: list):
    s = sorted(l)
    n = len(s)
    for i in range(n - 2):
        lo, hi = i + 1, n - 1
        while lo < hi:
            total = s[i] + s[lo] + s[hi]
            if total == 0:
                return True
            if total < 0:
                lo += 1
            else:
                hi -= 1
    return False
'''), "faster", "triples_sum_to_zero([0.5, float('nan'), -0.25, -0.25])", "HumanEval/40"),
    C("he42-bound-add", HE42, "incr_list", d('''
def incr_list(l: list):
    return list(map((1).__add__, l))
'''), "faster", "incr_list([1.5])", "HumanEval/42"),
    C("he43-seen-set", HE43, "pairs_sum_to_zero", d('''
def pairs_sum_to_zero(l):
    seen = set()
    for x in l:
        if -x in seen:
            return True
        seen.add(x)
    return False
'''), "faster", "pairs_sum_to_zero([float('inf'), float('-inf')])", "HumanEval/43"),
    C("he52-max", HE52, "below_threshold", d('''
def below_threshold(l: list, t: int):
    return not l or max(l) < t
'''), "faster", "below_threshold([1.0, float('nan')], 5)", "HumanEval/52"),
    C("he57-sorted-compare", HE57, "monotonic", d('''
def monotonic(l: list):
    return l == sorted(l) or l == sorted(l, reverse=True)
'''), "faster", "monotonic((1, 2, 4, 10))", "HumanEval/57"),
    C("he58-membership-scan", HE58, "common", d('''
def common(l1: list, l2: list):
    result = []
    for x in l1:
        if x in l2 and x not in result:
            result.append(x)
    return sorted(result)
'''), "slower", "common([1], [True])", "HumanEval/58"),
    C("he60-shift", HE60, "sum_to_n", d('''
def sum_to_n(n: int):
    return (n + 1) * n >> 1
'''), "faster", "sum_to_n(3.0)", "HumanEval/60"),
    C("he85-bitand", HE85, "add", d('''
def add(lst):
    return sum(x for x in lst[1::2] if not x & 1)
'''), "faster", "add([1, 2.0])", "HumanEval/85"),
    C("he88-reversed-sort", HE88, "sort_array", d('''
def sort_array(array):
    if not array:
        return []
    result = sorted(array)
    if (array[0] + array[-1]) % 2 == 0:
        result = result[::-1]
    return result
'''), "slower", "sort_array([2, 2.0])", "HumanEval/88"),
    C("he90-two-mins", HE90, "next_smallest", d('''
def next_smallest(lst):
    if len(lst) <= 1:
        return None
    smallest = min(lst)
    rest = [x for x in lst if x != smallest]
    return min(rest) if rest else None
'''), "faster", "next_smallest([1, float('nan'), 0])", "HumanEval/90"),
    C("he98-count-vowels", HE98, "count_upper", d('''
def count_upper(s):
    evens = s[::2]
    return sum(map(evens.count, 'AEIOU'))
'''), "faster", "count_upper(['AE'])", "HumanEval/98"),
    C("he112-translate", HE112, "reverse_delete", d('''
def reverse_delete(s, c):
    ss = s.translate(str.maketrans('', '', c))
    return (ss, ss == ss[::-1])
'''), "faster", "reverse_delete('abc', ['a'])", "HumanEval/112"),
    C("he116-bit-count", HE116, "sort_array", d('''
def sort_array(arr):
    return sorted(arr, key=lambda x: (x.bit_count(), x))
'''), "faster", "sort_array([1.0])", "HumanEval/116"),
    C("he120-slice-tail", HE120, "maximum", d('''
def maximum(arr, k):
    return sorted(arr)[-k:] if k else []
'''), "faster", "maximum([1.0, float('nan'), 0.5], 2)", "HumanEval/120"),
    C("he121-bitand", HE121, "solution", d('''
def solution(lst):
    return sum(x for x in lst[::2] if x & 1)
'''), "faster", "solution([3.0])", "HumanEval/121"),
    C("he121-truthy-mod", HE121, "solution", d('''
def solution(lst):
    total = 0
    for x in lst[::2]:
        if x % 2:
            total += x
    return total
'''), "explicit", "solution([1.5])", "HumanEval/121"),
    C("he146-odd-bit", HE146, "specialFilter", d('''
def specialFilter(nums):
    count = 0
    for num in nums:
        if num > 10:
            digits = str(num)
            if digits[0] in '13579' and num & 1:
                count += 1
    return count
'''), "faster", "specialFilter([11.5])", "HumanEval/146"),
    C("he34-adjacent-dedupe", HE34, "unique", d('''
def unique(l: list):
    out = []
    for x in sorted(l):
        if not out or out[-1] != x:
            out.append(x)
    return out
'''), "explicit", "unique([[2], [1]])", "HumanEval/34"),
]

# Built-in seeds: the original is read from pipeline/data, with its own example inputs.
CORRECT += [
    C("dedupe-fromkeys", builtin("dedupe"), "dedupe", d('''
def dedupe(items):
    return list(dict.fromkeys(items))
'''), "faster", "dedupe([[1], [1]])", "builtin:dedupe"),
    C("dedupe-seen-set", builtin("dedupe"), "dedupe", d('''
def dedupe(items):
    seen = set()
    result = []
    for item in items:
        if item not in seen:
            seen.add(item)
            result.append(item)
    return result
'''), "explicit", "dedupe([[1], [1]])", "builtin:dedupe"),
    C("count-vowels-str-count", builtin("count_vowels"), "count_vowels", d('''
def count_vowels(text):
    lowered = text.lower()
    return sum(lowered.count(v) for v in "aeiou")
'''), "faster", "count_vowels(b'aei')", "builtin:count_vowels"),
    C("has-negative-min", builtin("has_negative"), "has_negative", d('''
def has_negative(nums: list[int]) -> bool:
    return min(nums, default=0) < 0
'''), "faster", "has_negative([float('nan'), -1.0])", "builtin:has_negative"),
    C("all-positive-min", builtin("all_positive"), "all_positive", d('''
def all_positive(nums: list[int]) -> bool:
    return not nums or min(nums) > 0
'''), "faster", "all_positive([1.0, float('nan')])", "builtin:all_positive"),
    C("find-duplicates-sets", builtin("find_duplicates"), "find_duplicates", d('''
def find_duplicates(items: list[int]) -> list[int]:
    seen = set()
    duplicates = set()
    for x in items:
        if x in seen:
            duplicates.add(x)
        else:
            seen.add(x)
    return sorted(duplicates)
'''), "faster", "find_duplicates([1, True])", "builtin:find_duplicates"),
    C("histogram-mod", builtin("histogram"), "histogram", d('''
def histogram(values: list[int], width: int) -> dict[int, int]:
    if width <= 0:
        return {}
    buckets = {}
    for v in values:
        low = v - v % width
        buckets[low] = buckets.get(low, 0) + 1
    return dict(sorted(buckets.items()))
'''), "faster", "histogram([2.5], float('inf'))", "builtin:histogram"),
    C("gcd-math", builtin("gcd"), "gcd", d('''
import math

def gcd(a: int, b: int) -> int:
    return math.gcd(a, b)
'''), "faster", "gcd(2.0, 4.0)", "builtin:gcd"),
    C("digit-sum-divmod", builtin("digit_sum"), "digit_sum", d('''
def digit_sum(n: int) -> int:
    n = abs(n)
    total = 0
    while n:
        n, digit = divmod(n, 10)
        total += digit
    return total
'''), "explicit", "digit_sum(float('inf'))", "builtin:digit_sum"),
    C("leap-year-bitand", builtin("is_leap_year"), "is_leap_year", d('''
def is_leap_year(year: int) -> bool:
    return not year & 3 and (year % 100 != 0 or year % 400 == 0)
'''), "faster", "is_leap_year(2000.0)", "builtin:is_leap_year"),
    C("poly-eval-horner", builtin("poly_eval"), "poly_eval", d('''
def poly_eval(coeffs: list[int], x: int) -> int:
    result = 0
    for c in reversed(coeffs):
        result = result * x + c
    return result
'''), "faster", "poly_eval([0.1, 0.2, 0.3], 0.7)", "builtin:poly_eval"),
    C("max-subarray-conditionals", builtin("max_subarray"), "max_subarray", d('''
def max_subarray(nums: list[int]) -> int:
    if not nums:
        return 0
    best = current = nums[0]
    for x in nums[1:]:
        current = x if current < 0 else current + x
        if current > best:
            best = current
    return best
'''), "faster", "max_subarray([1.0, float('nan'), 2.0])", "builtin:max_subarray"),
    C("insertion-sort-sorted", builtin("insertion_sort"), "insertion_sort", d('''
def insertion_sort(values: list[int]) -> list[int]:
    return sorted(values)
'''), "faster", "insertion_sort([7, float('nan'), 7, float('nan'), 7, 0.1])", "builtin:insertion_sort"),
    C("count-in-range-bisect", builtin("count_in_range"), "count_in_range", d('''
from bisect import bisect_left, bisect_right

def count_in_range(values: list[int], lo: int, hi: int) -> int:
    ordered = sorted(values)
    return max(0, bisect_right(ordered, hi) - bisect_left(ordered, lo))
'''), "slower", "count_in_range([float('nan'), 1.0, 2.0], 0, 3)", "builtin:count_in_range"),
    C("common-prefix-min-max", builtin("common_prefix"), "common_prefix", d('''
def common_prefix(words: list[str]) -> str:
    if not words:
        return ""
    first, last = min(words), max(words)
    i = 0
    while i < len(first) and first[i] == last[i]:
        i += 1
    return first[:i]
'''), "faster", "common_prefix(['ab', ['a']])", "builtin:common_prefix"),
    C("power-mod-builtin", builtin("power_mod"), "power_mod", d('''
def power_mod(base: int, exp: int, mod: int) -> int:
    if mod < 1:
        return 0
    if exp < 1:
        return 1 % mod
    return pow(base, exp, mod)
'''), "faster", "power_mod(2.0, 3, 5)", "builtin:power_mod"),
    C("second-largest-set", builtin("second_largest"), "second_largest", d('''
def second_largest(values: list[int]) -> int | None:
    distinct = set(values)
    if len(distinct) < 2:
        return None
    distinct.remove(max(distinct))
    return max(distinct)
'''), "faster", "second_largest([[1], [2]])", "builtin:second_largest"),
    C("prefix-sums-accumulate", builtin("prefix_sums"), "prefix_sums", d('''
from itertools import accumulate

def prefix_sums(values: list[int]) -> list[int]:
    return list(accumulate(values))
'''), "faster", "prefix_sums([-0.0])", "builtin:prefix_sums"),
    C("sum-even-squares-bitand", builtin("sum_even_squares"), "sum_even_squares", d('''
def sum_even_squares(nums):
    return sum(x * x for x in nums if not x & 1)
'''), "faster", "sum_even_squares([2.0])", "builtin:sum_even_squares"),
    C("to-binary-format", builtin("to_binary"), "to_binary", d('''
def to_binary(n: int) -> str:
    return format(n, "b")
'''), "faster", "to_binary(6.0)", "builtin:to_binary"),
    C("to-binary-bin", builtin("to_binary"), "to_binary", d('''
def to_binary(n: int) -> str:
    return bin(n).replace("0b", "")
'''), "equivalent", "to_binary(6.0)", "builtin:to_binary"),
    C("total-length-join", builtin("total_length"), "total_length", d('''
def total_length(words: list[str]) -> int:
    return len("".join(words))
'''), "faster", "total_length([[1, 2]])", "builtin:total_length"),
]

# Correct rewrites that hold for every value (no domain needed): kept to show that the typed
# policy does not cost what strict already accepted.
CORRECT += [
    C("he0-zip-any", HE0, "has_close_elements", d('''
from typing import List

def has_close_elements(numbers: List[float], threshold: float) -> bool:
    s = sorted(numbers)
    return any(b - a < threshold for a, b in zip(s, s[1:]))
'''), "faster", None, "HumanEval/0", cls="any-value"),
    C("he12-max-key", HE12, "longest", d('''
from typing import List, Optional

def longest(strings: List[str]) -> Optional[str]:
    return max(strings, key=len) if strings else None
'''), "faster", "longest(iter(['x']))", "HumanEval/12"),
    C("he18-startswith-at", HE18, "how_many_times", d('''
def how_many_times(string: str, substring: str) -> int:
    return sum(string.startswith(substring, i) for i in range(len(string)))
'''), "faster", None, "HumanEval/18", cls="any-value"),
    C("he26-count-scan", HE26, "remove_duplicates", d('''
from typing import List

def remove_duplicates(lst: List[int]) -> List[int]:
    return [n for n in lst if lst.count(n) == 1]
'''), "slower", "remove_duplicates(numbers=[1])", "HumanEval/26"),
    C("he55-fast-doubling", HE55, "fib", d('''
def fib(n: int):
    if n <= 2:
        return 0 if n == 0 else 1

    def pair(k):
        if k == 0:
            return (0, 1)
        a, b = pair(k >> 1)
        c = a * (2 * b - a)
        e = a * a + b * b
        return (e, c + e) if k & 1 else (c, e)
    return pair(n)[0]
'''), "faster", None, "HumanEval/55", cls="any-value"),
    C("binary-search-recursive", builtin("binary_search"), "binary_search", d('''
def binary_search(items: list[int], target: int) -> int:
    def search(lo, hi):
        if lo > hi:
            return -1
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            return search(mid + 1, hi)
        return search(lo, mid - 1)
    return search(0, len(items) - 1)
'''), "slower", None, "builtin:binary_search", cls="any-value"),
    C("find-duplicates-count", builtin("find_duplicates"), "find_duplicates", d('''
def find_duplicates(items: list[int]) -> list[int]:
    return sorted({x for x in items if items.count(x) > 1})
'''), "slower", "find_duplicates(iter([4, 4]))", "builtin:find_duplicates"),
]
