"""Deprecated: version 0 of this game's environment was replaced by ``florenza_v1`` (see its
changelog); PettingZoo's convention is that an old version raises instead of silently
giving the new rules.

    >>> from florentine_envs import florenza_v0
    >>> florenza_v0.env(num_players=2)
    Traceback (most recent call last):
    ...
    pettingzoo.utils.deprecated_module.DeprecatedEnv: florenza_v0 is now deprecated, use florenza_v1 instead
"""

from .core.aec import deprecated_module_attribute

__getattr__ = deprecated_module_attribute("florenza", 0, 1)
