"""``python -m hachihachi``: the ``hachi`` command.

This folder is the top of the package ``hachihachi`` itself (pyproject.toml maps ``hachihachi``
to ``entry/``, as it maps ``hachihachi.cli`` to ``cli/``); it holds nothing but this module.
"""

from hachihachi.cli.main import cli

if __name__ == "__main__":
    cli()
