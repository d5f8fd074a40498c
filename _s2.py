import random, itertools
from game.rules.textmap import board_from_rows
from game.rules.sight import sight_line, sight_map, sees
from tests.sight_reference import reference_line, reference_sees
for axis, idx in itertools.product("xy", ["odd","even"]):
    rng = random.Random(1)
    for trial in range(4):
        rows = ["".join(rng.choice("....#") for _ in range(12)) for _ in range(10)]
        b = board_from_rows(rows, axis, idx)
        L = b.layout
        for _ in range(300):
            a = (rng.randrange(12), rng.randrange(10)); c = (rng.randrange(12), rng.randrange(10))
            line = sight_line(L, a, c)
            rc, rs = reference_line(L, a, c)
            assert list(line.crossed) == rc, (axis, idx, a, c, line.crossed, rc)
            assert [frozenset(p) for p in line.skirted] == rs, (a, c, line.skirted, rs)
        for a in [(0,0),(5,5),(11,9),(3,7)]:
            m = sight_map(b, a)
            for r in range(10):
                for cc in range(12):
                    exp = reference_sees(L, lambda x: b.is_on_map(x) and bool(b.blocks_sight[x[1],x[0]]), a, (cc, r))
                    assert m[r, cc] == exp, (axis, idx, a, (cc, r), m[r,cc], exp)
print("ok")
