"""Shared test settings: hypothesis without deadlines (CI machines vary), examples fixed per run."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "rulesbook",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rulesbook")
