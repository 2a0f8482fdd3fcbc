"""Checks that each Etch output holds exactly the input's values: an independent JSON parser
(Python's) reads both, keeping object key order, integers exact and every other number as an
exact decimal (so 1e-400 is not 0 and 0.1000000000000000055511151231257827 is not 0.1)."""
import decimal, json, sys

def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=list, parse_float=decimal.Decimal, parse_int=int)

failed = False
for original, written in zip(sys.argv[1::2], sys.argv[2::2]):
    if load(original) != load(written):
        print(f"round trip changed values: {original} -> {written}", file=sys.stderr)
        failed = True
    else:
        print(f"round trip identical: {original}")
sys.exit(1 if failed else 0)
