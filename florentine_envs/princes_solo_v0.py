"""Deprecated: version 0 of the solo game's environment was replaced by ``princes_solo_v1`` (see its
changelog); PettingZoo's convention is that an old version raises instead of silently
giving the new rules.

    >>> from florentine_envs import princes_solo_v0
    >>> princes_solo_v0.env(dummies=2)
    Traceback (most recent call last):
    ...
    pettingzoo.utils.deprecated_module.DeprecatedEnv: princes_solo_v0 is now deprecated, use princes_solo_v1 instead
"""

from .core.aec import deprecated_module_attribute

__getattr__ = deprecated_module_attribute("princes_solo", 0, 1)
