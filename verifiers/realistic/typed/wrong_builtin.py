"""Wrong rewrites of built-in seeds: a difference inside the domain, with a witness."""

from __future__ import annotations

from .make import W, d
from .seeds import builtin

WRONG_BUILTIN = [
    W("dedupe-set", "duplicates", builtin("dedupe"), "dedupe", d('''
def dedupe(items):
    return list(set(items))
'''), "faster", "f([3, 1, 2])", "builtin:dedupe"),
    W("count-vowels-ascii-case", "unicode", builtin("count_vowels"), "count_vowels", d('''
def count_vowels(text):
    return sum(1 for ch in text if ch in "aeiouAEIOU")
'''), "faster", "f('İ')", "builtin:count_vowels"),
    W("has-negative-sorted", "empty", builtin("has_negative"), "has_negative", d('''
def has_negative(nums: list[int]) -> bool:
    return sorted(nums)[0] < 0
'''), "slower", "f([])", "builtin:has_negative"),
    W("all-positive-min-empty", "empty", builtin("all_positive"), "all_positive", d('''
def all_positive(nums: list[int]) -> bool:
    return min(nums) > 0
'''), "faster", "f([])", "builtin:all_positive"),
    W("binary-search-bisect", "duplicates", builtin("binary_search"), "binary_search", d('''
from bisect import bisect_left

def binary_search(items: list[int], target: int) -> int:
    i = bisect_left(items, target)
    return i if i < len(items) and items[i] == target else -1
'''), "faster", "f([1, 2, 2, 2, 3], 2)", "builtin:binary_search"),
    W("digit-sum-str", "magnitude", builtin("digit_sum"), "digit_sum", d('''
def digit_sum(n: int) -> int:
    return sum(int(c) for c in str(abs(n)))
'''), "faster", "f(10 ** 4400)", "builtin:digit_sum"),
    W("leap-year-no-400", "boundary", builtin("is_leap_year"), "is_leap_year", d('''
def is_leap_year(year: int) -> bool:
    return year % 4 == 0 and year % 100 != 0
'''), "faster", "f(2000)", "builtin:is_leap_year"),
    W("poly-eval-wrong-order", "boundary", builtin("poly_eval"), "poly_eval", d('''
def poly_eval(coeffs: list[int], x: int) -> int:
    result = 0
    for c in coeffs:
        result = result * x + c
    return result
'''), "faster", "f([1, 2], 3)", "builtin:poly_eval"),
    W("max-subarray-zero-floor", "negatives", builtin("max_subarray"), "max_subarray", d('''
def max_subarray(nums: list[int]) -> int:
    best = current = 0
    for x in nums:
        current = max(0, current + x)
        best = max(best, current)
    return best
'''), "faster", "f([-3, -1])", "builtin:max_subarray"),
    W("merge-intervals-in-place", "mutation", builtin("merge_intervals"), "merge_intervals", d('''
def merge_intervals(intervals: list[list[int]]) -> list[list[int]]:
    intervals.sort()
    merged = []
    for start, end in intervals:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
'''), "faster", "f([[3, 4], [1, 2]])", "builtin:merge_intervals"),
    W("moving-average-slices", "float", builtin("moving_average"), "moving_average", d('''
def moving_average(values: list[float], window: int) -> list[float]:
    if window <= 0 or window > len(values):
        return []
    return [sum(values[i - window + 1:i + 1]) / window for i in range(window - 1, len(values))]
'''), "explicit", "f([1.0, 1e16, -1e16, 1.0], 2)", "builtin:moving_average"),
    W("mean-median-fsum", "float", builtin("mean_median"), "mean_median", d('''
import math

def _median(sorted_values):
    n = len(sorted_values)
    mid = n // 2
    if n % 2 == 1:
        return sorted_values[mid]
    return (sorted_values[mid - 1] + sorted_values[mid]) / 2

def mean_median(values: list[float]) -> list[float]:
    if not values:
        return [0.0, 0.0]
    return [math.fsum(values) / len(values), _median(sorted(values))]
'''), "faster", "f([1e16, 1.0, -1e16])", "builtin:mean_median"),
    W("normalize-no-flat-check", "boundary", builtin("normalize_scores"), "normalize_scores", d('''
def normalize_scores(scores: list[float]) -> list[float]:
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    return [(s - lo) / (hi - lo) for s in scores]
'''), "faster", "f([1.0, 1.0])", "builtin:normalize_scores"),
    W("insertion-sort-in-place", "mutation", builtin("insertion_sort"), "insertion_sort", d('''
def insertion_sort(values: list[int]) -> list[int]:
    values.sort()
    return values
'''), "faster", "f([2, 1])", "builtin:insertion_sort"),
    W("is-palindrome-lower-first", "unicode", builtin("is_palindrome"), "is_palindrome", d('''
def is_palindrome(text: str) -> bool:
    s = "".join(c for c in text.lower() if c.isalnum())
    return s == s[::-1]
'''), "faster", "f('İi')", "builtin:is_palindrome"),
    W("power-mod-negative-exp", "negatives", builtin("power_mod"), "power_mod", d('''
def power_mod(base: int, exp: int, mod: int) -> int:
    if mod < 1:
        return 0
    return pow(base, exp, mod)
'''), "faster", "f(2, -1, 5)", "builtin:power_mod"),
    W("second-largest-index", "boundary", builtin("second_largest"), "second_largest", d('''
def second_largest(values: list[int]) -> int | None:
    distinct = sorted(set(values))
    return distinct[-2]
'''), "faster", "f([1])", "builtin:second_largest"),
    W("reverse-digits-str", "negatives", builtin("reverse_digits"), "reverse_digits", d('''
def reverse_digits(n: int) -> int:
    return int(str(n)[::-1])
'''), "faster", "f(-34)", "builtin:reverse_digits"),
    W("find-duplicates-unsorted", "duplicates", builtin("find_duplicates"), "find_duplicates", d('''
def find_duplicates(items: list[int]) -> list[int]:
    return [x for x in set(items) if items.count(x) > 1]
'''), "faster", "f([9, 1, 9, 1])", "builtin:find_duplicates"),
]
