"""Fixtures for the dashboard tests; the helpers live in dashboard_kit.py (a unique module name,
so importing them never depends on which conftest.py pytest loaded first)."""

from dashboard_kit import dash, dash_host  # noqa: F401  (fixtures)
