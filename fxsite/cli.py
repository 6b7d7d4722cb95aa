"""The ``fxsite`` command line: a thin adapter over the core.

Exit status: 0 clean, 1 refusals found, 2 usage or configuration error. Core
errors are one exception family, translated here; a user never sees a
traceback for bad input.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from fxsite import __version__
from fxsite.evidence.schema import SCHEMA_FILE, schema_text
from fxsite.findings import ConfigError, Finding, FxsiteError
from fxsite.project import Project, ProjectPaths

__all__ = ["main"]

CONFIG_NAME = "mkdocs.yml"


class UsageFailure(click.ClickException):
    """A usage or configuration error: exit status 2."""

    exit_code = 2

    def format_message(self) -> str:
        return self.message


def _config_file(path: Path | None) -> Path:
    target = (path or Path.cwd()).resolve()
    if target.is_file():
        return target
    candidate = target / CONFIG_NAME
    if not candidate.is_file():
        raise UsageFailure(f"{target}: no {CONFIG_NAME} here; pass the folder that holds it")
    return candidate


def _load_mkdocs_config(config_file: Path, **overrides: Any) -> Any:
    # mkdocs is imported here, at the edge, never by the core.
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError

    # MkDocs logs config problems (a misspelt plugin option, say) rather than
    # raising: collect them so they are shown once, as the user's to fix.
    collected = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.setLevel(logging.WARNING)
    mkdocs_log.addHandler(collected)
    mkdocs_log.propagate = False
    try:
        config = load_config(str(config_file), **overrides)
    except ConfigurationError as exc:
        detail = "; ".join(collected.messages) or str(exc)
        raise UsageFailure(f"{config_file.name}: {detail}") from None
    except Exception as exc:  # mkdocs raises plain errors for YAML problems
        detail = "; ".join(collected.messages) or f"cannot load: {exc}"
        raise UsageFailure(f"{config_file.name}: {detail}") from None
    finally:
        mkdocs_log.removeHandler(collected)
        mkdocs_log.setLevel(logging.ERROR)
    if not overrides:
        for message in collected.messages:
            click.echo(f"{config_file.name}: warning: {message}", err=True)
    return config


class _Collect(logging.Handler):
    """Keeps the messages MkDocs logs while it loads its config."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(" ".join(record.getMessage().split()))


def _project(path: Path | None) -> tuple[Project, Any]:
    config_file = _config_file(path)
    config = _load_mkdocs_config(config_file)
    plugin = config.plugins.get("fxsite")
    if plugin is None:
        raise UsageFailure(f"{config_file.name}: add fxsite to plugins (plugins: [search, fxsite])")
    root = config_file.parent
    paths = ProjectPaths(
        root=root,
        docs_dir=Path(config.docs_dir),
        evidence_dir=root / plugin.config.evidence_dir,
        library_prefix=plugin.config.library_url.strip("/"),
        faq_page=plugin.config.faq_page or "faq.md",
    )
    try:
        return Project(paths), config
    except ConfigError as exc:
        raise UsageFailure(str(exc)) from None


def _report(findings: list[Finding], fmt: str) -> int:
    errors = [f for f in findings if f.severity == "error"]
    if fmt == "json":
        click.echo(json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False))
    else:
        for finding in findings:
            click.echo(finding.format())
        warnings = len(findings) - len(errors)
        summary = f"{len(errors)} error(s), {warnings} warning(s)"
        click.echo(("refused: " if errors else "ok: ") + summary, err=True)
    return 1 if errors else 0


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fxsite")
def cli() -> None:
    """Evidence-backed performance claims: check, build and audit a site."""


_PATH = click.argument(
    "path", required=False, type=click.Path(path_type=Path, exists=True, file_okay=True)
)
_FORMAT = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Findings as lines or as a JSON array.",
)


@cli.command()
@_PATH
@_FORMAT
def check(path: Path | None, fmt: str) -> None:
    """Validate records and pages; print findings; write nothing."""
    project, _ = _project(path)
    sys.exit(_report(project.check(), fmt))


@cli.command()
@_PATH
@_FORMAT
def build(path: Path | None, fmt: str) -> None:
    """Check, then build the site; publish nothing on a refusal."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import Abort, BuildError, PluginError

    from fxsite.publish import publish_atomically

    project, config = _project(path)
    findings = project.check()
    if _report(findings, fmt):
        click.echo("nothing published: the previous site is unchanged", err=True)
        sys.exit(1)
    site_dir = Path(config.site_dir)

    def run(staging: Path) -> None:
        staged = _load_mkdocs_config(_config_file(path), site_dir=str(staging))
        staged.plugins.on_startup(command="build", dirty=False)
        try:
            mkdocs_build(staged)
        finally:
            staged.plugins.on_shutdown()

    try:
        publish_atomically(site_dir, run)
    except (PluginError, BuildError, Abort) as exc:
        click.echo(
            f"build failed: {exc}\nnothing published: the previous site is unchanged", err=True
        )
        sys.exit(1)
    click.echo(f"built {project.paths.relative(site_dir)}/", err=True)


@cli.command()
@click.argument("site_dir", type=click.Path(path_type=Path, exists=True, file_okay=False))
@_FORMAT
def audit(site_dir: Path, fmt: str) -> None:
    """Re-verify a built site against the evidence it publishes."""
    from fxsite.verify import verify_site

    try:
        findings = verify_site(site_dir)
    except ConfigError as exc:
        if fmt == "json":  # --format json always prints JSON, even for unreadable input
            problem = Finding(str(site_dir), 1, 1, "FX901", str(exc))
            click.echo(json.dumps([problem.to_dict()], indent=2, ensure_ascii=False))
        raise UsageFailure(str(exc)) from None
    sys.exit(_report(findings, fmt))


@cli.command()
@click.option("--check", "check_only", is_flag=True, help="Exit 1 if the file is out of date.")
@click.argument("path", required=False, type=click.Path(path_type=Path, file_okay=False))
def schema(check_only: bool, path: Path | None) -> None:
    """(Re)generate schemas/evidence.schema.json from the record models."""
    target = (path or Path.cwd()) / SCHEMA_FILE
    text = schema_text()
    current = target.read_text(encoding="utf-8") if target.is_file() else None
    if check_only:
        if current != text:
            click.echo(f"{SCHEMA_FILE} is out of date: run `fxsite schema`", err=True)
            sys.exit(1)
        click.echo(f"{SCHEMA_FILE} is up to date", err=True)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {SCHEMA_FILE}", err=True)


def main() -> NoReturn:
    """Entry point: translate the core's errors at the edge."""
    try:
        cli.main(standalone_mode=True)
    except FxsiteError as exc:  # a bug's message, still not a traceback
        click.echo(f"fxsite: {exc}", err=True)
        sys.exit(2)
    sys.exit(0)
