"""The Princes of Florence (Kramer / Ulrich), 2-5 players: component data, encoding (SPEC.md)
and the batched engine."""
