"""The games croupier referees. Importing this package registers each of them (`referee.registry`)."""

from . import bonedoneskis, stud  # noqa: F401  (each module registers its game)
