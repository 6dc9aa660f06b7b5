"""croupier's referee: a pure core (state + event -> new state + announcements).

No I/O, no clock, no randomness: a hand is its event log, and replaying the log rebuilds the state.
"""
