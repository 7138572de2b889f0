"""Deprecated: version 0 of this game's environment was replaced by ``princes_v2`` (see its
changelog); PettingZoo's convention is that an old version raises instead of silently
giving the new rules.

    >>> from florentine_envs import princes_v0
    >>> princes_v0.env(num_players=2)
    Traceback (most recent call last):
    ...
    pettingzoo.utils.deprecated_module.DeprecatedEnv: princes_v0 is now deprecated, use princes_v2 instead
"""

from .core.aec import deprecated_module_attribute

__getattr__ = deprecated_module_attribute("princes", 0, 2)
