"""Hand-written oracles the tests check the library against (and the benchmarks time it against)."""
