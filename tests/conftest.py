"""Shared test settings: hypothesis without deadlines (CI machines vary), examples fixed per run.

How many games the random simulations play, and how many examples hypothesis draws, follows one
knob, the RULESBOOK_TEST_SCALE environment variable (1 unless set; `make mutate` sets 0.05): see
tests/simulation_scale.py, which the simulation tests import.
"""

from hypothesis import HealthCheck, settings
from simulation_scale import scaled

settings.register_profile(
    "rulesbook",
    deadline=None,
    max_examples=scaled(100),  # hypothesis's own default at scale 1
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rulesbook")
