"""Model-style rewrites of real seeds whose verdict depends on the seed's input domain.

Each case is what a model answers to one of the four prompts (``equivalent``, ``faster``,
``slower``, ``explicit``) for a seed of HumanEval+ (EvalPlus's canonical solution, docstring
left out) or of the built-in corpus (read from ``pipeline/data``), with the seed's own example
inputs. Two kinds:

* **correct**: the same behaviour on every input of the seed's domain (``semforge.domain``,
  inferred from the seeds), most of them only there: a set for a list of hashable items, int
  bit tricks, a stable sort that only ints cannot tell from another, ``sorted`` where no float
  can be NaN. ``outside`` holds a call outside the domain on which the two differ (checked), so
  such a case shows the rewrite relies on the domain; ``outside`` is None for the few that hold
  for every value.
* **wrong**: a difference inside the domain (``witness``: a call of in-domain arguments on which
  the two differ in plain Python, checked): boundaries, empty input, duplicates, negatives,
  Unicode case and whitespace, float cancellation and NaN, exception types, laziness, argument
  mutation, magnitudes.

``typed_rewrites.py`` (through ``realistic_rewrites.py --set typed``) checks every label in
plain Python before verifying: witnesses and ``outside`` calls, and for correct cases the seeds
and a few hundred in-domain draws on which both must agree.
"""

from __future__ import annotations

import json
from pathlib import Path

from realistic_rewrites_data import Case

_DATA = Path(__file__).resolve().parents[1] / "pipeline" / "data"
_BUILTIN_INPUTS = json.loads((_DATA / "builtin.json").read_text())


def builtin(name: str) -> tuple[str, list]:
    return (_DATA / f"{name}.py").read_text(), _BUILTIN_INPUTS[name]


def C(name: str, seed: tuple[str, list], entry: str, variant: str, prompt: str,
      outside: str | None, source: str, cls: str = "typed") -> Case:
    """A correct rewrite (``outside``: a call outside the domain on which they differ)."""
    code, seeds = seed
    return Case(name, cls, code, variant, seeds, None, entry, prompt=prompt, outside=outside,
                source=source)


def W(name: str, cls: str, seed: tuple[str, list], entry: str, variant: str, prompt: str,
      witness: str, source: str) -> Case:
    code, seeds = seed
    return Case(name, cls, code, variant, seeds, witness, entry, prompt=prompt, source=source)


def d(text: str) -> str:
    return text.strip("\n") + "\n"


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
'''), "explicit", "unique([1.0, float('nan'), 0.5, float('nan')])", "HumanEval/34"),
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
'''), "faster", "second_largest([float('nan'), 1.0, 2.0])", "builtin:second_largest"),
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

WRONG += [
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

CASES = CORRECT + WRONG

# The subset the test suite verifies: a few of each kind.
FAST = ["he22-isinstance", "he43-seen-set", "dedupe-fromkeys", "he120-slice-tail",
        "he58-membership-scan", "binary-search-recursive", "he16-casefold", "he35-index-error",
        "he20-sorted-copy", "he43-set-any", "he151-bitand-float", "mean-median-fsum"]
