"""Verification of published output: the build's last gate and ``fxsite audit``."""
