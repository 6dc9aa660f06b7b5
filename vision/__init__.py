"""croupier's eyes: cameras, models, calibration and tracking. Emits observation events; never decides rules."""
