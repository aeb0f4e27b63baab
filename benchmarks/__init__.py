"""The benchmark suite: ``python -m benchmarks run [NAME...] [--quick]`` from the repository's root.

Benchmarks measure; tests assert. Every benchmark of the suite times its subject against a baseline
measured in the same run and appends its figures to ``benchmarks/results/NAME.jsonl`` (see
``benchmarks/README.md``). The modules here import the library as ``hachihachi`` and the tests'
cases and oracles as the package ``tests`` (so they run with ``-m`` from the repository's root).
"""
