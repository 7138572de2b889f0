"""Balance studies: ``florentine balance <game>`` (see :func:`run_study`).

A study plays a designed sample of games of one game (duplicate deals, seats rotated, any
agents, several player counts, rule variants side by side, a skill ladder) and reports seat
and first-player advantage, the effect of the player count, game length, score spread and
winning margin, decisiveness and drama from the running score, skill depth and component
attribution, each with a 95 % interval. The modules:

* :mod:`~florentine_envs.training.balance.design` -- cells, duplicate deals, chunks (the sampling design);
* :mod:`~florentine_envs.training.balance.variants` -- ``--set key=value`` changes to options and data;
* :mod:`~florentine_envs.training.balance.play` -- playing one chunk and recording the running score;
* :mod:`~florentine_envs.training.balance.stats` -- Wilson, cluster bootstrap, delta method, Benjamini-Hochberg;
* :mod:`~florentine_envs.training.balance.metrics` -- the statistics of a cell, a ladder pair, a comparison;
* :mod:`~florentine_envs.training.balance.attribution` -- which components go with winning;
* :mod:`~florentine_envs.training.balance.ray_backend` -- chunks as local calls or Ray tasks;
* :mod:`~florentine_envs.training.balance.report` and
  :mod:`~florentine_envs.training.balance.figures` -- Markdown, HTML,
  CSV and JSON under ``runs/balance/<game>-<stamp>/``;
* :mod:`~florentine_envs.training.balance.study` -- :class:`StudySpec`, :func:`run_study`.

Games take part through the balance hooks of :class:`florentine_envs.core.game.Game`
(``component_names``, ``acquisitions``, ``running_scores``); nothing here knows a game.
"""

from .study import StudyResult, StudySpec, run_study
from .variants import Variant, parse_variant

__all__ = ["StudySpec", "StudyResult", "run_study", "Variant", "parse_variant"]
