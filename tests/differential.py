"""Shared by the differential tests: one comparison of a batched engine state with the scalar
references playing the same games (masks, scores, current player, termination, observations)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def field_of(game, k: int) -> str:
    """The observation field that holds flat index ``k``."""
    return next(name for name, sl in game.obs_layout.items() if sl.start <= k < sl.stop)


def assert_matches_references(game, state, refs, where: Callable[[int], str], every_player: bool) -> list[int]:
    """Assert game b of ``state`` equals ``refs[b]`` now; return the games still live.

    Observations: every player's if ``every_player``, else the mover's; finished games are
    frozen, so their (final) views are compared once, when no game is live any more."""
    B, P = state.batch_size, game.num_players
    live = [i for i, r in enumerate(refs) if not r.terminated]
    for b, r in enumerate(refs):
        assert bool(state.terminated[b]) == r.terminated, f"terminated differs {where(b)}"
        assert bool(state.truncated[b]) == r.truncated, f"truncated differs {where(b)}"
        ref_mask = r.legal_action_mask()
        if not np.array_equal(state.legal_action_mask[b], ref_mask):
            engine_only = np.flatnonzero(state.legal_action_mask[b] & ~ref_mask)
            ref_only = np.flatnonzero(ref_mask & ~state.legal_action_mask[b])
            raise AssertionError(
                f"masks differ {where(b)}: engine only {[game.action_names[a] for a in engine_only]}, "
                f"reference only {[game.action_names[a] for a in ref_only]}"
            )
        assert list(state.scores[b]) == r.scores, f"scores differ {where(b)}: {state.scores[b]} vs {r.scores}"
        if not r.terminated:
            assert int(state.current_player[b]) == r.current_player, f"current player differs {where(b)}"
    rows = np.array(live if live else range(B))
    viewers = range(P) if (every_player or not live) else [None]
    for p in viewers:
        seen_by = state.current_player.astype(int) if p is None else np.full(B, p)
        batched = game.observe(state, seen_by)[rows]
        reference = np.array([refs[b].observe(int(seen_by[b])) for b in rows])
        if not np.array_equal(batched, reference):
            i, k = np.argwhere(batched != reference)[0]
            b = int(rows[i])
            field = field_of(game, k)
            sl = game.obs_layout[field]
            raise AssertionError(
                f"observation of player {int(seen_by[b])} differs {where(b)}, field {field!r} index "
                f"{k - sl.start}: engine {batched[i, sl].tolist()} reference {reference[i, sl].tolist()}"
            )
    return live
