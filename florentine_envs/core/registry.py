"""Registry of games: ``make(name, num_players=…, **options)`` and ``available_games()``."""

from __future__ import annotations

from collections.abc import Callable

from .game import Game, check_integer_players

_REGISTRY: dict[str, Callable[..., Game]] = {}


def register(name: str, factory: Callable[..., Game]) -> None:
    """Register a game class (or factory) under ``name``; it must accept ``num_players`` and options."""
    _REGISTRY[name] = factory


def make(name: str, num_players: int | None = None, **options) -> Game:
    """A :class:`Game` for ``name``; raises ``ValueError`` for an unknown name or player count
    (an integer among the game's ``player_counts``: 2.0 and True are refused)."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(available_games())}")
    factory = _REGISTRY[name]
    check_options(name, factory, options)
    check_integer_players(name, num_players, tuple(getattr(factory, "player_counts", ())))
    if num_players is None:
        return factory(**options)
    return factory(num_players=num_players, **options)


def option_names(name: str) -> tuple[str, ...] | None:
    """The options ``make(name, ...)`` accepts besides ``num_players`` (the factory's
    ``option_names``), or None when the factory does not declare them."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(available_games())}")
    allowed = getattr(_REGISTRY[name], "option_names", None)
    return None if allowed is None else tuple(allowed)


def check_options(name: str, factory: Callable[..., Game], options: dict) -> None:
    """``ValueError`` naming the unknown options and the allowed ones (``factory.option_names``)."""
    allowed = getattr(factory, "option_names", None)
    if allowed is not None:
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise ValueError(f"{name}: unknown option(s) {unknown}; allowed: num_players, {', '.join(allowed)}")


def check_choice(game_name: str, option: str, value, allowed: tuple) -> None:
    """``ValueError`` naming ``option``'s value and the allowed ones, unless ``value in allowed``."""
    if value not in allowed:
        raise ValueError(f"{game_name}: {option}={value!r}; allowed: {', '.join(map(repr, allowed))}")


def env_module(name: str) -> str:
    """The game's PettingZoo module id, ``<name>_v<version>`` (``florentine_envs.medici_v1``): the
    version is the game's own, bumped whenever its behaviour changes (PettingZoo's convention)."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(available_games())}")
    return f"{name}_v{_REGISTRY[name].version}"


def available_games() -> list[str]:
    return sorted(_REGISTRY)


def player_counts(name: str) -> tuple[int, ...]:
    """The player counts a registered game supports."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available: {', '.join(available_games())}")
    return tuple(_REGISTRY[name].player_counts)
