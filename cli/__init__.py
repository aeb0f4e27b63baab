"""The ``hachi`` command line."""
