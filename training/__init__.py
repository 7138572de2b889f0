"""Training, matches, tournaments, balance studies, benchmarks and the ``florentine`` command line.

Installed as ``florentine_envs.training`` (the repository keeps the folder ``training/`` at its root).
"""

if __name__ == "training":  # pragma: no cover - the pre-0.2 top-level name
    # Until 0.2 the wheel installed ``agents`` and ``training`` at the top of site-packages, where a
    # user's own ``training/`` folder shadowed them. They live in ``florentine_envs`` now; the old name
    # still imports from a source checkout (the repository root on ``sys.path``) for one release.
    import warnings

    warnings.warn(
        "the top-level package 'training' is deprecated: import florentine_envs.training instead",
        DeprecationWarning,
        stacklevel=2,
    )
