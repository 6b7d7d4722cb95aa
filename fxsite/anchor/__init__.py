"""Anchored evidence: manifest, signature, documents, history, diff, SQLite.

Pure functions returning results and findings; the CLI and the MkDocs plugin
call them (see :mod:`fxsite.anchor.build` for the build's hooks).
"""
