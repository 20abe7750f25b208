"""Plugin tests: every test leaves no plugin behind (games, evaluators, levels, the
plugin process) for the next test on the same worker."""

import pytest


@pytest.fixture(autouse=True)
def no_plugins_left_behind():
    yield
    from game.plugins import unload_plugins

    unload_plugins()
