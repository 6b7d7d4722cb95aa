"""Authoring tools: start a project, convert a page, import a test lab's CSV."""
