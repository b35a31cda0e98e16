"""A third hostile-input probe, about atomicity: a refused call, anywhere in
a sequence of calls, leaves every object as it was and says what is wrong
and where."""

from __future__ import annotations

import pytest

import trapper_core as tc


def test_pettingzoo_step_once_every_agent_is_done_is_refused_by_name() -> None:
    pettingzoo = pytest.importorskip("trapper_core.pettingzoo")
    np = pytest.importorskip("numpy")
    table = pettingzoo.env("base", 2, max_actions=3)
    table.reset(seed=1)
    while table.agents:
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    before = table.game.to_dict()
    for action in (None, 0):
        with pytest.raises(tc.IllegalActionError, match=r"every agent is done.*reset\(\)"):
            table.step(action)
    assert table.game.to_dict() == before
    table.reset(seed=1)  # and the table is as good as new
    assert table.agents == table.possible_agents
