"""croupier's referee: a pure core (state + event -> new state + announcements).

No I/O, no clock, no randomness: a hand is its event log, and replaying the log rebuilds the state.
The core (`engine`, `game`, `work`, `state`, `rulebook`, `registry`) knows no game; the games in
`referee.games` join the registry when the package is imported, here.
"""

from . import games  # noqa: F401,E402  (the built-in games join the registry)
