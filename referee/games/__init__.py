"""The games croupier referees. Importing this package registers each of them (`referee.registry`)."""

from . import bonedoneskis, boonaken, stud  # noqa: F401  (each module registers its game)
from .boneyard import game as boneyard_game  # noqa: F401  (registers Boneyard euchre)
from .bonnu import game as bonnu_game  # noqa: F401  (registers Bonnu)
