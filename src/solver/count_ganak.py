"""Counts the solutions of a DIMACS CNF on its projection set with Ganak.

Run by `solve --count` as `python3 -c SCRIPT FILE`: reads FILE (the
`c p show ... 0` lines give the projection set; without them every
variable counts), counts with the Ganak model counter of the PyPI package
pyganak, and prints the count in the model counting competition's format
(`s mc N`, `c s exact arb int N`). Exit 3 when pyganak is missing.
"""
import sys

try:
    import pyganak
except ImportError:
    sys.stderr.write("the Python package pyganak is not installed (pip install pyganak)\n")
    sys.exit(3)


def main(path):
    counter = pyganak.Counter()
    show = None
    num_vars = 0
    clause = []
    with open(path) as text:
        for line in text:
            words = line.split()
            if not words:
                continue
            if words[0] == "c":
                if words[1:3] == ["p", "show"]:
                    show = (show or []) + [int(w) for w in words[3:] if w != "0"]
                continue
            if words[0] == "p":
                num_vars = int(words[2])
                continue
            for word in words:
                literal = int(word)
                if literal == 0:
                    counter.add_clause(clause)
                    clause = []
                else:
                    clause.append(literal)
    if num_vars > counter.nof_vars():
        counter.new_vars(num_vars - counter.nof_vars())
    if show is not None:
        counter.set_sampling_set(show)
    count = counter.count()
    print("s mc %d" % count)
    print("c s exact arb int %d" % count)


main(sys.argv[1])
