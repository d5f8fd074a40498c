"""The AI's remembered answers stay within a byte budget as well as a count (limits.MAX_MEMO_BYTES)."""

from __future__ import annotations

import numpy as np

from game.rules import limits
from game.rules.threat_zones import Memo, ZoneMemo


def test_a_memo_forgets_its_oldest_answers_past_its_byte_budget() -> None:
    # Answers of 400 bytes each (100 int32) under a budget of 1,000 bytes: two fit, never three.
    memo: Memo[np.ndarray] = Memo(size=100, max_bytes=1000)
    for key in "abc":
        memo.put(key, np.zeros(100, dtype=np.int32))
    assert memo.get("a") is None and len(memo) == 2 and memo.nbytes == 800  # "a" fell off when "c" came
    assert memo.get("b") is not None  # reading "b" makes it newer than "c"
    memo.put("d", np.zeros(100, dtype=np.int32))
    assert memo.get("c") is None and memo.get("b") is not None and memo.get("d") is not None
    assert memo.nbytes == 800


def test_an_answer_bigger_than_the_budget_is_still_kept_alone() -> None:
    memo: Memo[tuple[np.ndarray, np.ndarray]] = Memo(size=10, max_bytes=100)
    memo.put("small", (np.zeros(10, dtype=np.int8), np.zeros(10, dtype=np.int8)))
    memo.put("big", (np.zeros(1000, dtype=bool), np.zeros(1000, dtype=bool)))
    assert memo.get("small") is None and memo.get("big") is not None and memo.nbytes == 2000


def test_a_policy_s_memos_all_carry_the_budget() -> None:
    memo = ZoneMemo()
    parts = [memo.reach, memo.ends, memo.windows, memo.discs, memo.tables, memo.distance, memo.terrain, memo.sight,
             memo.views]
    assert all(m.max_bytes == limits.MAX_MEMO_BYTES for m in parts)
