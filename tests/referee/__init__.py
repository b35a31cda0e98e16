"""An independent referee for the base game, the children's variant and the
tactical variant.

``rules`` is the referee itself, written from the rules specification;
``tactical`` extends it to the auction turn of the tactical variant;
``compare`` plays it beside the engine and reports where they disagree.
"""

from .compare import PLAY, Disagreement, Outcome, play_and_compare
from .rules import Referee
from .tactical import TacticalReferee

__all__ = [
    "PLAY",
    "Disagreement",
    "Outcome",
    "Referee",
    "TacticalReferee",
    "play_and_compare",
]
