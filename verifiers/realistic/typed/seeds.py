"""The seeds the typed cases rewrite: HumanEval+ tasks (EvalPlus's canonical solution, docstring
left out, a few of the base inputs) and built-in corpus functions (as semforge ships them)."""

from __future__ import annotations

from .make import d

# The built-in corpus's seeds used here, as semforge ships them (pipeline/data), with their
# example inputs.
_BUILTIN = {
    'all_positive': ('def all_positive(nums: list[int]) -> bool:\n    """True when every number is above zero (vacuously true for an empty list)."""\n    return all(x > 0 for x in nums)\n',
        [[[1, 2, 3]], [[4, -1, 5]], [[]], [[0, 1]]]),
    'binary_search': ('def binary_search(items: list[int], target: int) -> int:\n    """Index of `target` in the sorted list `items`, or -1."""\n    lo, hi = 0, len(items) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if items[mid] == target:\n            return mid\n        elif items[mid] < target:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return -1\n',
        [[[1, 3, 5, 7, 9, 11], 7], [[1, 3, 5, 7], 4], [[], 1], [[2, 2, 2], 2], [[-5, 0, 5], -5]]),
    'common_prefix': ('def common_prefix(words: list[str]) -> str:\n    """Longest prefix shared by all words (\'\' for no words)."""\n    if not words:\n        return ""\n    prefix = words[0]\n    for word in words[1:]:\n        i = 0\n        while i < len(prefix) and i < len(word) and prefix[i] == word[i]:\n            i += 1\n        prefix = prefix[:i]\n        if not prefix:\n            break\n    return prefix\n',
        [[["flower", "flow", "flight"]], [["dog", "racecar", "car"]], [[]], [["same", "same"]], [["", "a"]]]),
    'count_in_range': ('def count_in_range(values: list[int], lo: int, hi: int) -> int:\n    """How many values lie in the closed interval [lo, hi]."""\n    count = 0\n    for v in values:\n        if lo <= v and v <= hi:\n            count += 1\n    return count\n',
        [[[1, 5, 10, 15], 5, 10], [[], 0, 1], [[3, 3, 3], 3, 3], [[1, 2], 5, 1]]),
    'count_vowels': ('def count_vowels(text):\n    """Number of vowels (a, e, i, o, u, either case) in `text`."""\n    count = 0\n    for ch in text.lower():\n        if ch in ["a", "e", "i", "o", "u"]:\n            count += 1\n    return count\n',
        [["hello world"], ["AEIOU"], ["rhythm"], [""]]),
    'dedupe': ('def dedupe(items):\n    """Drop repeated items, keeping the first occurrence of each, in order."""\n    result = []\n    for item in items:\n        if item not in result:\n            result.append(item)\n    return result\n',
        [[[3, 1, 3, 2, 1]], [[]], [["a", "b", "a"]], [[1, 1, 1, 1]]]),
    'digit_sum': ('def digit_sum(n: int) -> int:\n    """Sum of the decimal digits of |n|."""\n    n = abs(n)\n    total = 0\n    while n > 0:\n        total += n % 10\n        n = n // 10\n    return total\n',
        [[0], [12345], [-907], [99999999999]]),
    'find_duplicates': ('def find_duplicates(items: list[int]) -> list[int]:\n    """Values occurring more than once, sorted."""\n    counts = {}\n    for x in items:\n        counts[x] = counts.get(x, 0) + 1\n    return sorted([x for x, c in counts.items() if c > 1])\n',
        [[[1, 2, 3, 2, 1, 5]], [[]], [[4, 4, 4]], [[1, 2, 3]]]),
    'gcd': ('def gcd(a: int, b: int) -> int:\n    """Greatest common divisor by Euclid\'s algorithm (always >= 0)."""\n    a, b = abs(a), abs(b)\n    while b != 0:\n        a, b = b, a % b\n    return a\n',
        [[12, 18], [17, 5], [0, 9], [-24, 36], [0, 0]]),
    'has_negative': ('def has_negative(nums: list[int]) -> bool:\n    """True when some number is below zero."""\n    for x in nums:\n        if x < 0:\n            return True\n    return False\n',
        [[[1, 2, 3]], [[4, -1, 5]], [[]], [[0]]]),
    'histogram': ('def histogram(values: list[int], width: int) -> dict[int, int]:\n    """Count values per bucket [k*width, (k+1)*width), keyed by the bucket\'s lower bound."""\n    if width <= 0:\n        return {}\n    buckets = {}\n    for v in values:\n        low = (v // width) * width\n        buckets[low] = buckets.get(low, 0) + 1\n    return dict(sorted(buckets.items()))\n',
        [[[1, 2, 11, 15, 27], 10], [[], 5], [[-3, -1, 0, 4], 2], [[5, 5], 0]]),
    'insertion_sort': ('def insertion_sort(values: list[int]) -> list[int]:\n    """A sorted copy of `values` (insertion sort; the argument is left alone)."""\n    result = list(values)\n    for i in range(1, len(result)):\n        j = i\n        while j > 0 and result[j - 1] > result[j]:\n            result[j - 1], result[j] = result[j], result[j - 1]\n            j -= 1\n    return result\n',
        [[[5, 2, 9, 1, 5, 6]], [[]], [[1]], [[3, -1, 2, -1]]]),
    'is_leap_year': ('def is_leap_year(year: int) -> bool:\n    """Gregorian leap year rule."""\n    return (year % 4 == 0 and year % 100 != 0) or year % 400 == 0\n',
        [[2000], [1900], [2024], [2023]]),
    'is_palindrome': ('def is_palindrome(text: str) -> bool:\n    """True when the letters and digits of `text` read the same both ways, ignoring case."""\n    chars = [c.lower() for c in text if c.isalnum()]\n    left = 0\n    right = len(chars) - 1\n    while left < right:\n        if chars[left] != chars[right]:\n            return False\n        left += 1\n        right -= 1\n    return True\n',
        [["A man, a plan, a canal: Panama"], ["racecar"], ["hello"], [""], ["No 'x' in Nixon"]]),
    'max_subarray': ('def max_subarray(nums: list[int]) -> int:\n    """Largest sum of a non-empty contiguous run (Kadane); 0 for an empty list."""\n    if not nums:\n        return 0\n    best = current = nums[0]\n    for x in nums[1:]:\n        current = max(x, current + x)\n        best = max(best, current)\n    return best\n',
        [[[-2, 1, -3, 4, -1, 2, 1, -5, 4]], [[-3, -1, -2]], [[]], [[5]]]),
    'mean_median': ('def _median(sorted_values):\n    n = len(sorted_values)\n    mid = n // 2\n    if n % 2 == 1:\n        return sorted_values[mid]\n    return (sorted_values[mid - 1] + sorted_values[mid]) / 2\n\n\ndef mean_median(values: list[float]) -> list[float]:\n    """[mean, median] of `values`; [0.0, 0.0] for an empty list."""\n    if not values:\n        return [0.0, 0.0]\n    total = 0.0\n    for v in values:\n        total += v\n    return [total / len(values), _median(sorted(values))]\n',
        [[[3.0, 1.0, 2.0]], [[4.0, 1.0, 3.0, 2.0]], [[]], [[-1.5]]]),
    'merge_intervals': ('def merge_intervals(intervals: list[list[int]]) -> list[list[int]]:\n    """Merge overlapping [start, end] intervals; the result is sorted."""\n    merged = []\n    for start, end in sorted(intervals):\n        if merged and start <= merged[-1][1]:\n            merged[-1][1] = max(merged[-1][1], end)\n        else:\n            merged.append([start, end])\n    return merged\n',
        [[[[1, 3], [2, 6], [8, 10], [15, 18]]], [[[1, 4], [4, 5]]], [[]], [[[5, 7], [1, 2], [2, 3]]]]),
    'moving_average': ('def moving_average(values: list[float], window: int) -> list[float]:\n    """Mean of every run of `window` consecutive values."""\n    if window <= 0 or window > len(values):\n        return []\n    averages = []\n    total = 0.0\n    for i in range(len(values)):\n        total += values[i]\n        if i >= window:\n            total -= values[i - window]\n        if i >= window - 1:\n            averages.append(total / window)\n    return averages\n',
        [[[1.0, 2.0, 3.0, 4.0, 5.0], 2], [[10.0, 20.0], 3], [[1.5, -1.5, 3.0], 1], [[4.0], 0]]),
    'normalize_scores': ('def normalize_scores(scores: list[float]) -> list[float]:\n    """Scale scores linearly to [0, 1]; all equal -> all 0.0."""\n    if not scores:\n        return []\n    lo = min(scores)\n    hi = max(scores)\n    if hi == lo:\n        return [0.0 for _ in scores]\n    return [(s - lo) / (hi - lo) for s in scores]\n',
        [[[50.0, 75.0, 100.0]], [[3.0, 3.0]], [[]], [[-1.0, 0.0, 4.0]]]),
    'poly_eval': ('def poly_eval(coeffs: list[int], x: int) -> int:\n    """Value at `x` of the polynomial coeffs[0] + coeffs[1]*x + coeffs[2]*x**2 + ..."""\n    result = 0\n    for i in range(len(coeffs)):\n        result += coeffs[i] * x ** i\n    return result\n',
        [[[1, 2, 3], 2], [[], 5], [[0, 0, 1], -3], [[7], 100]]),
    'power_mod': ('def power_mod(base: int, exp: int, mod: int) -> int:\n    """base ** exp % mod by repeated squaring; 0 when mod < 1, 1 % mod when exp < 1."""\n    if mod < 1:\n        return 0\n    result = 1 % mod\n    base = base % mod\n    while exp > 0:\n        if exp & 1:\n            result = result * base % mod\n        base = base * base % mod\n        exp >>= 1\n    return result\n',
        [[2, 10, 1000], [3, 0, 7], [7, 128, 13], [-2, 5, 9], [5, 3, 0]]),
    'prefix_sums': ('def prefix_sums(values: list[int]) -> list[int]:\n    """Running totals: [a, a+b, a+b+c, ...]."""\n    sums = []\n    total = 0\n    for v in values:\n        total += v\n        sums.append(total)\n    return sums\n',
        [[[1, 2, 3, 4]], [[]], [[-5, 5, -5]], [[10]]]),
    'reverse_digits': ('def reverse_digits(n: int) -> int:\n    """Digits of n in reverse order, sign kept: 120 -> 21, -34 -> -43."""\n    sign = -1 if n < 0 else 1\n    n = abs(n)\n    result = 0\n    while True:\n        if n == 0:\n            break\n        result = result * 10 + n % 10\n        n //= 10\n    return sign * result\n',
        [[120], [-34], [0], [7], [1000000007]]),
    'second_largest': ('def second_largest(values: list[int]) -> int | None:\n    """The second-largest distinct value, or None when there is none."""\n    first = None\n    second = None\n    for v in values:\n        if first is None or v > first:\n            first, second = v, first\n        elif v != first and (second is None or v > second):\n            second = v\n    return second\n',
        [[[3, 1, 4, 1, 5, 9, 2, 6]], [[7, 7, 7]], [[]], [[-1, -2]], [[2, 10, 10]]]),
    'sum_even_squares': ('def sum_even_squares(nums):\n    """Sum of the squares of the even numbers."""\n    return sum([x * x for x in nums if x % 2 == 0])\n',
        [[[1, 2, 3, 4]], [[]], [[-2, -3, 0]], [[7, 9, 11]]]),
    'to_binary': ('def to_binary(n: int) -> str:\n    """Binary digits of n, with a leading \'-\' for negatives: 6 -> \'110\', 0 -> \'0\'."""\n    if n == 0:\n        return "0"\n    sign = "-" if n < 0 else ""\n    n = abs(n)\n    digits = []\n    while n:\n        digits.append(str(n % 2))\n        n //= 2\n    return sign + "".join(reversed(digits))\n',
        [[0], [6], [255], [-5], [1024]]),
    'total_length': ('def total_length(words: list[str]) -> int:\n    """Number of characters over all words."""\n    return sum(len(w) for w in words)\n',
        [[["ab", "cde", ""]], [[]], [["hello", "world"]]]),
}


def builtin(name: str) -> tuple[str, list]:
    return _BUILTIN[name]


def builtin(name: str) -> tuple[str, list]:
    return _BUILTIN[name]


# ------------------------------------------------------------------ HumanEval+ seeds

HE0 = (d('''
from typing import List

def has_close_elements(numbers: List[float], threshold: float) -> bool:
    sorted_numbers = sorted(numbers)
    for i in range(len(sorted_numbers) - 1):
        if sorted_numbers[i + 1] - sorted_numbers[i] < threshold:
            return True
    return False
'''), [[[1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3], [[1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.05],
       [[1.0, 2.0, 5.9, 4.0, 5.0], 0.95], [[1.0, 2.0, 3.0, 4.0, 5.0, 2.0], 0.1]])

HE3 = (d('''
from typing import List

def below_zero(operations: List[int]) -> bool:
    account = 0
    for operation in operations:
        account += operation
        if account < 0:
            return True
    return False
'''), [[[]], [[1, 2, -3, 1, 2, -3]], [[1, 2, -4, 5, 6]], [[1, -1, 2, -2, 5, -5, 4, -4]]])

HE12 = (d('''
from typing import List, Optional

def longest(strings: List[str]) -> Optional[str]:
    if not strings:
        return None
    maxlen = max((len(x) for x in strings))
    for s in strings:
        if len(s) == maxlen:
            return s
'''), [[[]], [["x", "y", "z"]], [["x", "yyy", "zzzz", "www", "kkkk", "abc"]]])

HE13 = (d('''
def greatest_common_divisor(a: int, b: int) -> int:
    def query_gcd(a: int, b: int) -> int:
        return a if b == 0 else query_gcd(b, a % b)
    return query_gcd(a, b)
'''), [[3, 7], [10, 15], [49, 14], [144, 60]])

HE16 = (d('''
def count_distinct_characters(string: str) -> int:
    return len(set(string.lower()))
'''), [[""], ["abcde"], ["abcdecadeCADE"], ["aaaaAAAAaaaa"], ["Jerry jERRY JeRRRY"]])

HE18 = (d('''
def how_many_times(string: str, substring: str) -> int:
    occurences = 0
    for i in range(len(string)):
        if string[i:].startswith(substring):
            occurences += 1
    return occurences
'''), [["", "x"], ["xyxyxyx", "x"], ["cacacacac", "cac"], ["john doe", "john"]])

HE20 = (d('''
from typing import List, Tuple

def find_closest_elements(numbers: List[float]) -> Tuple[float, float]:
    numbers.sort()
    min_diff = float('inf')
    min_pair = None
    for l, r in zip(numbers[:-1], numbers[1:]):
        diff = r - l
        if diff < min_diff:
            min_diff = diff
            min_pair = (l, r)
    return min_pair
'''), [[[1.0, 2.0, 3.9, 4.0, 5.0, 2.2]], [[1.0, 2.0, 5.9, 4.0, 5.0]], [[1.1, 2.2, 3.1, 4.1, 5.1]]])

HE22 = (d('''
from typing import List, Any

def filter_integers(values: List[Any]) -> List[int]:
    return list(filter(lambda x: type(x) == int, values))
'''), [[[]], [[4, {}, [], 23.2, 9, "adasd"]], [[3, "c", 3, 3, "a", "b"]]])

HE24 = (d('''
def largest_divisor(n: int) -> int:
    for i in range(2, n):
        if n % i == 0:
            return n // i
    return 1
'''), [[3], [7], [10], [100], [49]])

HE26 = (d('''
from typing import List

def remove_duplicates(numbers: List[int]) -> List[int]:
    num_cnt = dict()
    for number in numbers:
        if number not in num_cnt:
            num_cnt[number] = 0
        num_cnt[number] += 1
    return [number for number in numbers if num_cnt[number] == 1]
'''), [[[]], [[1, 2, 3, 4]], [[1, 2, 3, 2, 4, 3, 5]]])

HE30 = (d('''
def get_positive(l: list):
    return list(filter(lambda x: x > 0, l))
'''), [[[-1, -2, 4, 5, 6]], [[5, 3, -5, 2, 3, 3, 9, 0, 123, 1, -10]], [[-1, -2]], [[]]])

HE34 = (d('''
def unique(l: list):
    return sorted(set(l))
'''), [[[5, 3, 5, 2, 3, 3, 9, 0, 123]], [[]], [[1]]])

HE35 = (d('''
def max_element(l: list):
    return max(l)
'''), [[[1, 2, 3]], [[5, 3, -5, 2, -3, 3, 9, 0, 124, 1, -10]]])

HE37 = (d('''
def sort_even(l: list):
    even = [l[i] for i in range(len(l)) if i % 2 == 0]
    even.sort()
    return [even[i // 2] if i % 2 == 0 else l[i] for i in range(len(l))]
'''), [[[1, 2, 3]], [[5, 3, -5, 2, -3, 3, 9, 0, 123, 1, -10]], [[5, 8, -12, 4, 23, 2, 3, 11, 12, -10]]])

HE40 = (d('''
def triples_sum_to_zero(l: list):
    for i in range(len(l)):
        for j in range(len(l)):
            for k in range(len(l)):
                if i != j and i != k and j != k and l[i] + l[j] + l[k] == 0:
                    return True
    return False
'''), [[[1, 3, 5, 0]], [[1, 3, 5, -1]], [[1, 3, -2, 1]], [[1, 2, 3, 7]], [[2, 4, -5, 3, 9, 7]]])

HE42 = (d('''
def incr_list(l: list):
    return [x + 1 for x in l]
'''), [[[]], [[3, 2, 1]], [[5, 2, 5, 2, 3, 3, 9, 0, 123]]])

HE43 = (d('''
def pairs_sum_to_zero(l):
    for i in range(len(l)):
        for j in range(len(l)):
            if i != j and l[i] + l[j] == 0:
                return True
    return False
'''), [[[1, 3, 5, 0]], [[1, 3, -2, 1]], [[1, 2, 3, 7]], [[2, 4, -5, 3, 5, 7]], [[1]], [[-3, 9, -1, 3, 2, 30]]])

HE47 = (d('''
def median(l: list):
    sorted_l = sorted(l)
    if len(l) % 2 == 1:
        return sorted_l[len(l) // 2]
    else:
        return (sorted_l[len(l) // 2 - 1] + sorted_l[len(l) // 2]) / 2
'''), [[[3, 1, 2, 4, 5]], [[-10, 4, 6, 1000, 10, 20]], [[5]], [[6, 5]], [[8, 1, 3, 9, 9, 2, 7]]])

HE52 = (d('''
def below_threshold(l: list, t: int):
    return all((x < t for x in l))
'''), [[[1, 2, 4, 10], 100], [[1, 20, 4, 10], 5], [[1, 20, 4, 10], 21], [[1, 8, 4, 10], 10]])

HE55 = (d('''
def fib(n: int):
    if n == 0:
        return 0
    if n <= 2:
        return 1
    a, b = (1, 1)
    for _ in range(3, n + 1):
        a, b = (b, a + b)
    return b
'''), [[10], [1], [8], [11], [12]])

HE57 = (d('''
def monotonic(l: list):
    inc, dec = (True, True)
    for i in range(len(l) - 1):
        if l[i] > l[i + 1]:
            inc = False
        if l[i] < l[i + 1]:
            dec = False
    return inc or dec
'''), [[[1, 2, 4, 10]], [[1, 2, 4, 20]], [[1, 20, 4, 10]], [[4, 1, 0, -10]], [[4, 1, 1, 0]], [[1, 2, 3, 2, 5, 60]]])

HE58 = (d('''
def common(l1: list, l2: list):
    return sorted(list(set(l1).intersection(set(l2))))
'''), [[[1, 4, 3, 34, 653, 2, 5], [5, 7, 1, 5, 9, 653, 121]], [[5, 3, 2, 8], [3, 2]], [[4, 3, 2, 8], [3, 2, 4]], [[4, 3, 2, 8], []]])

HE60 = (d('''
def sum_to_n(n: int):
    return (n + 1) * n // 2
'''), [[1], [6], [11], [30], [100]])

HE73 = (d('''
def smallest_change(arr):
    arr_reversed, cnt = (arr[::-1], 0)
    for i in range(len(arr) // 2):
        if arr[i] != arr_reversed[i]:
            cnt += 1
    return cnt
'''), [[[1, 2, 3, 5, 4, 7, 9, 6]], [[1, 2, 3, 4, 3, 2, 2]], [[1, 4, 2]], [[1, 4, 4, 2]], [[3, 1, 1, 3]]])

HE85 = (d('''
def add(lst):
    s = 0
    for i in range(1, len(lst), 2):
        if lst[i] % 2 == 0:
            s += lst[i]
    return s
'''), [[[4, 88]], [[4, 5, 6, 7, 2, 122]], [[4, 0, 6, 7]], [[4, 4, 6, 8]]])

HE88 = (d('''
def sort_array(array):
    if array == []:
        return []
    return sorted(array, reverse=(array[0] + array[-1]) % 2 == 0)
'''), [[[]], [[5]], [[2, 4, 3, 0, 1, 5]], [[2, 4, 3, 0, 1, 5, 6]], [[2, 1]], [[15, 42, 87, 32, 11, 0]]])

HE90 = (d('''
def next_smallest(lst):
    if len(lst) <= 1:
        return None
    sorted_list = sorted(lst)
    for x in sorted_list:
        if x != sorted_list[0]:
            return x
'''), [[[1, 2, 3, 4, 5]], [[5, 1, 4, 3, 2]], [[]], [[1, 1]], [[1, 1, 1, 1, 0]]])

HE98 = (d('''
def count_upper(s):
    cnt = 0
    for i in range(0, len(s), 2):
        if s[i] in 'AEIOU':
            cnt += 1
    return cnt
'''), [["aBCdEf"], ["abcdefg"], ["dBBE"], ["B"], ["U"], [""]])

HE104 = (d('''
def unique_digits(x):
    def judge(x):
        for ch in str(x):
            if int(ch) % 2 == 0:
                return False
        return True
    return sorted(list(filter(judge, x)))
'''), [[[15, 33, 1422, 1]], [[152, 323, 1422, 10]], [[12345, 2033, 111, 151]], [[135, 103, 31]]])

HE112 = (d('''
def reverse_delete(s, c):
    ss = ''.join(filter(lambda ch: ch not in c, s))
    return (ss, ss == ss[::-1])
'''), [["abcde", "ae"], ["abcdef", "b"], ["abcdedcba", "ab"], ["dwik", "w"], ["a", "a"], ["abcdedcba", ""]])

HE116 = (d('''
def sort_array(arr):
    from functools import cmp_to_key

    def cmp(x: int, y: int) -> int:
        x1 = len(list(filter(lambda ch: ch == '1', bin(x))))
        y1 = len(list(filter(lambda ch: ch == '1', bin(y))))
        if x1 != y1:
            return x1 - y1
        return x - y
    return sorted(arr, key=cmp_to_key(cmp))
'''), [[[1, 5, 2, 3, 4]], [[-2, -3, -4, -5, -6]], [[1, 0, 2, 3, 4]], [[]], [[2, 5, 77, 4, 5, 3, 5, 7, 2, 3, 4]]])

HE120 = (d('''
def maximum(arr, k):
    return sorted(sorted(arr)[::-1][:k])
'''), [[[-3, -4, 5], 3], [[4, -4, 4], 2], [[-3, 2, 1, 2, -1, -2, 1], 1], [[123, -123, 20, 0, 1, 2, -3], 3], [[5, 15, 0, 3, -13, -8, 0], 7]])

HE121 = (d('''
def solution(lst):
    return sum((lst[i] for i in range(len(lst)) if i % 2 == 0 and lst[i] % 2 == 1))
'''), [[[5, 8, 7, 1]], [[3, 3, 3, 3, 3]], [[30, 13, 24, 321]], [[5, 9]], [[2, 4, 8]]])

HE122 = (d('''
def add_elements(arr, k):
    def digits(x: int) -> int:
        s = str(x)
        return len(s) - 1 if s[0] == '-' else len(s)
    return sum(filter(lambda x: digits(x) <= 2, arr[:k]))
'''), [[[1, -2, -3, 41, 57, 76, 87, 88, 99], 3], [[111, 121, 3, 4000, 5, 6], 2], [[11, 21, 3, 90, 5, 6, 7, 8, 9], 4], [[1], 1]])

HE133 = (d('''
def sum_squares(lst):
    import math
    return sum(map(lambda x: math.ceil(x) ** 2, lst))
'''), [[[1, 2, 3]], [[1.0, 2, 3]], [[1, 3, 5, 7]], [[1.4, 4.2, 0]], [[-2.4, 1, 1]], [[100, 1, 15, 2]]])

HE146 = (d('''
def specialFilter(nums):
    ans, odd = (0, ['1', '3', '5', '7', '9'])
    for num in nums:
        if num > 10 and str(num)[0] in odd and (str(num)[-1] in odd):
            ans += 1
    return ans
'''), [[[5, -2, 1, -5]], [[15, -73, 14, -15]], [[33, -2, -3, 45, 21, 109]], [[43, -12, 93, 125, 121, 109]], [[1]]])

HE149 = (d('''
def sorted_list_sum(lst):
    from functools import cmp_to_key

    def cmp(s: str, t: str):
        if len(s) != len(t):
            return len(s) - len(t)
        return -1 if s < t else 1
    return sorted(list(filter(lambda s: len(s) % 2 == 0, lst)), key=cmp_to_key(cmp))
'''), [[["aa", "a", "aaa"]], [["school", "AI", "asdf", "b"]], [["d", "dcba", "abcd", "a"]], [["AI", "ai", "au"]]])

HE151 = (d('''
def double_the_difference(lst):
    ans = 0
    for num in lst:
        if num % 2 == 1 and num > 0 and ('.' not in str(num)):
            ans += num ** 2
    return ans
'''), [[[]], [[5, 4]], [[0.1, 0.2, 0.3]], [[-10, -20, -30]], [[-1, -2, 8]], [[0.2, 3, 5]]])

HE11 = (d('''
from typing import List

def string_xor(a: str, b: str) -> str:
    return ''.join((str(int(a[i]) ^ int(b[i])) for i in range(len(a))))
'''), [["111000", "101010"], ["1", "1"], ["0101", "0000"]])

HE27 = (d('''
def flip_case(string: str) -> str:
    return ''.join(map(lambda x: x.swapcase(), string))
'''), [[""], ["Hello!"], ["These violent delights have violent ends"]])
