"""Rendering: charts, generated library pages and the machine-readable exports."""
