"""Small statistics for batch simulation results.

>>> low, high = wilson(5, 10)
>>> round(low, 3), round(high, 3)
(0.237, 0.763)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``k`` successes in ``n`` trials.

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` interval it stays inside ``[0, 1]`` and
    behaves well near 0% and 100% and for small ``n`` (Wilson 1927; Brown, Cai & DasGupta
    2001 recommend it). With no trials nothing is known, so the interval is ``(0, 1)``.

    >>> wilson(0, 10)[0]
    0.0
    >>> tuple(round(x, 4) for x in wilson(5, 10))
    (0.2366, 0.7634)
    >>> tuple(round(x, 4) for x in wilson(100, 100))
    (0.963, 1.0)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = (z / denom) * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n))
    # clamp the rounding noise at the ends (k = 0 or k = n give exactly 0 or 1)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (low, high)


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (``statistics.fmean``); ``nan`` for no values.

    >>> mean([1, 2, 3])
    2.0
    """
    return statistics.fmean(values) if values else math.nan


def stdev(values: Sequence[float]) -> float:
    """The sample standard deviation (``statistics.stdev``, n - 1); ``0.0`` for fewer than two
    values.

    >>> round(stdev([2, 4, 4, 4, 5, 5, 7, 9]), 4)
    2.1381
    """
    return statistics.stdev(values) if len(values) >= 2 else 0.0
