"""An independent referee for the base game and the children's variant.

``rules`` is the referee itself, written from the rules specification;
``compare`` plays it beside the engine and reports where they disagree.
"""

from .compare import PLAY, Disagreement, Outcome, play_and_compare
from .rules import Referee

__all__ = ["PLAY", "Disagreement", "Outcome", "Referee", "play_and_compare"]
