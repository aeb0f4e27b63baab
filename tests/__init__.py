"""The test suite (a package, so that benchmarks import its cases as ``tests.hostile_cases``)."""
