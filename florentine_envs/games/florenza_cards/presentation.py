"""Text views of Florenza: The Card Game (placeholder, completed below)."""


class FlorenzaPresentation:
    pass
