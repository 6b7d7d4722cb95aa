"""The ``fxsite`` command line: a thin adapter over the core.

Exit status: 0 clean, 1 refusals found, 2 usage or configuration error. Core
errors are one exception family, translated here; a user never sees a
traceback for bad input.
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from fxsite import __version__
from fxsite.evidence.schema import SCHEMA_FILE, schema_text
from fxsite.findings import ConfigError, Finding, FxsiteError
from fxsite.markdown import PageRenderer
from fxsite.mkdocs_config import (
    UsageFailure,
    config_file_of,
    load_mkdocs_config,
    option_error,
    page_relative,
)
from fxsite.output_dirs import output_problems
from fxsite.pages.template_changes import text_changers
from fxsite.policy import HELD_BACK, Enforce, Verdict, decide, enforce_mode
from fxsite.project import Project
from fxsite.project_paths import CONFIG_NAMES, ProjectPaths, find_config

__all__ = ["main"]

CONFIG_NAME, _OTHER_NAME = CONFIG_NAMES


def _locate(paths: tuple[Path, ...]) -> tuple[Path | None, list[Path]]:
    """The project folder (or config file) and the pages named on the command line.

    No path: the current folder. A folder or a ``.yml`` file: that project. Page
    files: the project of the nearest folder above them holding mkdocs.yml.
    """
    if not paths:
        return None, []
    pages = [p for p in paths if p.is_file() and p.suffix not in {".yml", ".yaml"}]
    if not pages:
        if len(paths) > 1:
            raise UsageFailure("pass one project folder, or page files")
        only = paths[0]
        if only.is_file() and not only.name.startswith("mkdocs."):
            # A record file: its project, checked whole (a record may break any page).
            for folder in only.resolve().parents:
                if find_config(folder) is not None:
                    return folder, []
        return only, []
    if len(pages) != len(paths):
        raise UsageFailure("pass one project folder, or page files, not both")
    first = pages[0].resolve()
    for folder in first.parents:
        if find_config(folder) is not None:
            return folder, pages
    raise UsageFailure(f"{pages[0]}: no {CONFIG_NAME} in any folder above it (nor {_OTHER_NAME})")


def _page_sources(project: Project, pages: list[Path]) -> list[str]:
    """Docs-relative paths of ``pages``; each must be a Markdown page in docs/."""
    docs = project.paths.docs_dir.resolve()
    out = []
    for page in pages:
        resolved = page.resolve()
        if not resolved.is_relative_to(docs) or resolved.suffix != ".md":
            where = project.paths.relative(project.paths.docs_dir)
            raise UsageFailure(f"{page}: not a Markdown page under {where}/")
        out.append(resolved.relative_to(docs).as_posix())
    return out


@contextlib.contextmanager
def _told_as(fmt: str, path: str = CONFIG_NAMES[0]) -> Any:
    """With ``--format json``, a project or configuration error (exit 2) is printed as a
    JSON array of one finding (FX901) at ``path`` too: a reader of the JSON gets JSON,
    never nothing (blind80; ``check``, ``build`` and ``audit``)."""
    try:
        yield
    except UsageFailure as exc:
        if fmt == "json":
            problem = Finding(path, 1, 1, "FX901", exc.message)
            click.echo(json.dumps([problem.to_dict()], indent=2, ensure_ascii=False))
        raise


def _project(path: Path | None) -> tuple[Project, Any, Enforce, list[Finding]]:
    """The project at ``path``, its MkDocs configuration, its enforce mode, and the
    warnings MkDocs gave loading that configuration (findings both check and build report)."""
    config_file = config_file_of(path)
    config, warnings = load_mkdocs_config(config_file)
    plugin = config.plugins.get("fxsite")
    if plugin is None:
        raise UsageFailure(f"{config_file.name}: add fxsite to plugins (plugins: [search, fxsite])")
    if "fxsite #2" in config.plugins:  # MkDocs' name for a second copy (blind35)
        raise UsageFailure(
            f"{config_file.name}: plugins: fxsite is listed more than once; list it once"
        )
    from fxsite.mkdocs_plugin import site_readers

    paths = ProjectPaths.of(config, plugin.config, readers=site_readers(config))
    # Before anything is written: a site_dir or cache_dir among the sources.
    overlaps = output_problems(paths, config)
    if overlaps:
        raise UsageFailure("\n".join(overlaps))
    try:
        mode = enforce_mode(plugin.config.enforce)
        project = Project(paths)
    except ConfigError as exc:
        raise UsageFailure(option_error(config_file, str(exc))) from None
    # Pages are rendered for check as the build renders them: with mkdocs.yml's extensions.
    try:
        at_page = page_relative(config, paths.docs_prefix)
        extensions, configs = list(config.markdown_extensions), dict(config.mdx_configs)
        project.renderer = PageRenderer(extensions, configs, at_page)
    except Exception as exc:  # an extension that cannot be loaded: MkDocs would stop too
        raise UsageFailure(f"{config_file.name}: markdown_extensions: {exc}") from None
    return project, config, mode, warnings


def _echo_warnings(warnings: list[Finding]) -> None:
    """The configuration's warnings, on stderr, for a command that reports no findings."""
    for finding in warnings:
        click.echo(finding.format(), err=True)


def _color() -> bool | None:
    """False when ``NO_COLOR`` is set (https://no-color.org); else click decides (a terminal)."""
    return False if os.environ.get("NO_COLOR") else None


def _styled(finding: Finding) -> str:
    """A finding line with its place in bold and its code coloured by severity."""
    # The place as format() escapes it: a published name holding a line break broke the
    # line, and printed its tail twice (blind21).
    place = finding.place()
    colour = "red" if finding.severity == "error" else "yellow"
    rest = finding.format()[len(place) + 1 :]
    code, _, message = rest.partition(" ")
    return f"{click.style(place, bold=True)} {click.style(code, fg=colour, bold=True)} {message}"


def _as_typed(path: Path) -> str:
    """``path`` as the user reaches it from here: relative to the current folder when it
    is under it (``mysite/site`` for ``fxsite build mysite``), else absolute."""
    absolute = path.resolve()
    try:
        return absolute.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(absolute)


def _report(
    findings: list[Finding] | Verdict, fmt: str, quiet: bool = False, summary: bool = True
) -> int:
    """Print findings; 1 when any refuses. A plain list refuses on any error.

    ``quiet`` prints only the findings that refuse, and no summary; ``summary=False``, no
    summary (a build that stopped for another reason says why instead).
    """
    verdict = findings if isinstance(findings, Verdict) else decide(findings, "all")
    shown = verdict.all
    if fmt == "json":
        click.echo(json.dumps([f.to_dict() for f in shown], indent=2, ensure_ascii=False))
    else:
        for finding in verdict.refusals if quiet else shown:
            click.echo(_styled(finding), color=_color())
        refused = len(verdict.refusals)
        counted = f"{refused} error(s), {len(shown) - refused} warning(s)"
        if summary and not quiet:
            word = (
                click.style("refused: ", fg="red") if refused else click.style("ok: ", fg="green")
            )
            click.echo(word + counted, err=True, color=_color())
    return 1 if verdict.refused else 0


class _BuildStopped(Exception):
    """The build ``check`` runs (under ``strict: true``) stopped, refusing nothing itself:
    MkDocs counted warnings; ``findings`` are what it reported before it stopped."""

    def __init__(self, reason: str, findings: list[Finding]) -> None:
        super().__init__(reason)
        self.findings = findings


class _EchoWarnings(logging.Handler):
    """MkDocs' own warnings during ``fxsite build``, shown as MkDocs shows them.

    fxsite's findings are printed by the command itself, once, in its format;
    errors MkDocs logs are held back and shown only when the build failed for
    another reason than fxsite's verdict (MkDocs logs that verdict too).
    """

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.name.startswith("mkdocs.plugins.fxsite") or message.startswith("fxsite"):
            return
        if record.levelno >= logging.ERROR:
            self.errors.append(f"{record.levelname}: {message}")
        else:
            click.echo(f"{record.levelname}: {message}", err=True)


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


_QUIET = click.option(
    "--quiet", "-q", is_flag=True, help="Print refusals only: no warnings, no summary."
)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path, exists=True, file_okay=True))
@_FORMAT
@_QUIET
@click.option(
    "--suggest-invariants",
    "suggest",
    is_flag=True,
    help="Also propose invariants the records' figures satisfy, and warn (FX315) of rates they break.",
)
def check(paths: tuple[Path, ...], fmt: str, quiet: bool, suggest: bool) -> None:
    """Validate records and pages; print findings; write nothing.

    PATHS: the project folder (default: the current one), or page files to
    check against the project's whole evidence library.
    """
    from fxsite.evidence.suggest import proposals_yaml, suggest_invariants

    path, pages = _locate(paths)
    # What is loaded now (libraries, the configuration, the records) outlives the
    # check and leaves little garbage (a few hundred objects, whatever the site): the
    # garbage collector waits until it is loaded, and need not walk it while pages are
    # read (3 to 6% of a check's time).
    gc.disable()
    try:
        with _told_as(fmt):
            project, config, mode, warnings = _project(path)
        project.load()
    finally:
        gc.enable()
    gc.freeze()
    try:
        findings = _check_findings(project, config, path, pages, quiet)
    except _BuildStopped as stopped:  # blind82: which warnings strict mode counted
        _report(decide(stopped.findings + warnings, mode, project.adopted), fmt, summary=False)
        click.echo(f"check failed: the build stopped: {stopped}", err=True)
        sys.exit(1)
    except Exception as exc:  # a Markdown extension of the site's, as the build tells it
        told = _raised_by_site(exc, Path(config.config_file_path).parent)
        if told is None:
            raise
        click.echo(f"check failed: {told}", err=True)
        sys.exit(1)
    finally:
        gc.unfreeze()
    proposals, flags = suggest_invariants(project.library) if suggest else ([], [])
    status = _report(decide(findings + flags + warnings, mode, project.adopted), fmt, quiet)
    if proposals:
        click.echo(proposals_yaml(proposals), err=fmt == "json")
    sys.exit(status)


def _check_findings(
    project: Project, config: Any, path: Path | None, pages: list[Path], quiet: bool
) -> list[Finding]:
    """What ``check`` finds: the project's pages (``pages`` only, when given) and records."""
    only = _page_sources(project, pages) if pages else None
    if only is not None:
        built = set(project.docs_tree().pages)
        for src in [s for s in only if s not in built]:  # as the build, which skips it
            if not quiet:
                shown = project.paths.page_path(src)
                click.echo(
                    f"check: {shown} is not built (exclude_docs, draft_docs, or a name MkDocs "
                    "leaves out): not checked",
                    err=True,
                )
        only = [s for s in only if s in built]
    changers = sorted(set(config.plugins) - PAGE_PURE_PLUGINS)
    # Hooks and other plugins may change a page after fxsite reads it, and under
    # `strict: true` MkDocs' own warnings refuse the build: judged by the build itself.
    why = f"{', '.join(changers)} may change pages" if changers else None
    # A custom_dir's template that writes a page's text changed (blind78 #5).
    templates = text_changers(project.paths.custom_dir)
    why = why or (f"template {templates[0]} changes pages' text" if templates else None)
    why = why or ("strict: true refuses MkDocs' warnings" if config.strict else None)
    if why:
        if not quiet:
            click.echo(f"check: {why}: judged by the build itself (staged, then deleted)", err=True)
        found = _dry_build(path, Path(config.site_dir), quiet)
        if only is None:
            return found
        # The pages asked about, and what is not another page of docs/ (records, the
        # configuration, a folder's .meta.yml): a hook's change to a page is the
        # page's (blind35).
        wanted = {project.paths.page_path(src) for src in only}
        docs = f"{project.paths.docs_prefix}/"
        return [
            f
            for f in found
            if f.path in wanted or not (f.path.startswith(docs) and f.path.endswith(".md"))
        ]
    return project.check(only)


#: Plugins known to leave a page's source and its rendered text as fxsite reads them.
PAGE_PURE_PLUGINS = frozenset(
    {"search", "material/search", "fxsite", "offline", "material/offline"}
)


def _build_into(
    path: Path | None, site_dir: Path, verdicts: list[Verdict], **settings: Any
) -> None:
    """The project built by MkDocs into ``site_dir`` as ``fxsite build`` builds it, the
    plugin set with ``settings``; its verdict goes into ``verdicts`` even when the build
    stops (``check``'s build into a temporary folder and ``build``'s staged one alike)."""
    from mkdocs.commands.build import build as mkdocs_build

    staged, _ = load_mkdocs_config(config_file_of(path), site_dir=str(site_dir))
    # Loading quiets MkDocs' logger: its warnings count again (shown, and under
    # `strict: true` they refuse the build, as `mkdocs build` does).
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    plugin = staged.plugins["fxsite"]
    plugin.stage_output = False  # the command stages (or throws away) the site itself
    for name, value in settings.items():
        setattr(plugin, name, value)
    staged.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(staged)
    except Exception as exc:
        told = _raised_by_site(exc, Path(staged.config_file_path).parent)
        if told is None:
            raise
        from mkdocs.exceptions import BuildError

        raise BuildError(told) from None
    finally:
        verdicts.append(plugin.verdict)
        staged.plugins.on_shutdown()
    # What a plugin or hook running after fxsite's gate changed was never judged.
    from mkdocs.exceptions import PluginError

    from fxsite.anchor.audit import changed_after_build

    late = decide(changed_after_build(site_dir), "all")
    if late.refusals:
        verdicts[-1] = verdicts[-1] + late
        listing = "\n".join(f.format() for f in late.refusals)
        raise PluginError(f"{listing}\nfxsite refused the build: the site changed after its gate")


def _raised_by_site(exc: Exception, root: Path) -> str | None:
    """Where the site's own code (a hook, a plugin, a Markdown extension) raised ``exc``,
    as a line naming the file and line: its innermost frame in the project folder, else
    outside fxsite's and MkDocs' own packages; None where fxsite raised it (a bug, told
    with its traceback). A hook that raises is the site's input, never a traceback
    (blind29)."""
    import traceback

    if isinstance(exc, KeyboardInterrupt | SystemExit | FxsiteError):
        return None
    ours = Path(__file__).parent.resolve()
    here = root.resolve()
    place = None
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        file = Path(frame.filename).resolve()
        if file.is_relative_to(here):
            place = f"{file.relative_to(here).as_posix()}:{frame.lineno}"
            break
        core = file.is_relative_to(ours) or any(p in file.parts for p in _CORE_PACKAGES)
        if place is None and "site-packages" in file.parts and not core:
            place = f"{frame.filename}:{frame.lineno}"
    if place is None:
        return None
    return f"{place}: {type(exc).__name__}: {exc} (raised by a hook, plugin or extension the site uses)"


#: Packages whose frames are the build's own, not the site's code.
_CORE_PACKAGES = ("mkdocs", "jinja2", "markdown", "material")


def _dry_build(path: Path | None, site_dir: Path, quiet: bool = False) -> list[Finding]:
    """What ``fxsite build`` finds, built as ``fxsite build`` builds: into a staging
    folder beside ``site_dir``, under the command line ``fxsite build`` has for the
    project ``path`` (vendor code sees the same run, none of check's own options), then
    thrown away; the published site is never touched."""
    from jinja2 import TemplateError
    from mkdocs.exceptions import Abort, BuildError, PluginError

    from fxsite.publish import discard, stage

    verdicts: list[Verdict] = []
    mkdocs_log = logging.getLogger("mkdocs")
    echo = _EchoWarnings()  # MkDocs' warnings shown as `fxsite build` shows them
    mkdocs_log.addHandler(echo)
    argv = sys.argv
    sys.argv = [argv[0], "build", *([str(path)] if path is not None else [])]
    try:
        staging = stage(site_dir)
        try:
            _build_into(path, staging, verdicts)
        finally:
            discard(staging)
    except (PluginError, BuildError, Abort, TemplateError, OSError) as exc:
        if not (verdicts and verdicts[0].refused):  # its warnings, with why it stopped
            raise _BuildStopped(str(exc), list(verdicts[0].all) if verdicts else []) from exc
    finally:
        sys.argv = argv
        mkdocs_log.removeHandler(echo)
    if verdicts[0].held_back and not quiet:
        click.echo(f"check: {HELD_BACK}", err=True)
    return list(verdicts[0].all)


@cli.command()
@_PATH
@_FORMAT
@click.option(
    "--sign",
    "sign_key",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Sign the manifest with this Ed25519 key (default: $FXSITE_SIGNING_KEY).",
)
@click.option(
    "--browser",
    is_flag=True,
    help="Also draw every staged page in headless Chromium and check the text as drawn.",
)
@_QUIET
def build(path: Path | None, fmt: str, sign_key: Path | None, browser: bool, quiet: bool) -> None:
    """Check and build the site in one pass; publish nothing on a refusal."""
    import time

    from mkdocs.exceptions import Abort, BuildError, PluginError

    from fxsite.anchor.build import signing_key_path
    from fxsite.anchor.signing import load_private_key
    from fxsite.publish import publish_atomically

    key_file = signing_key_path(sign_key, os.environ)
    if key_file is not None:
        _, problems = load_private_key(key_file)
        if problems:
            raise UsageFailure("\n".join(f.format() for f in problems))
    if browser:
        from fxsite.verify.browser import browser_missing

        if (missing := browser_missing()) is not None:
            raise UsageFailure(missing)
    with _told_as(fmt):
        _, config, _, warnings = _project(path)
    site_dir = Path(config.site_dir)
    verdicts: list[Verdict] = []

    def run(staging: Path) -> None:
        _build_into(path, staging, verdicts, signing_key=key_file, browser=browser)

    mkdocs_log = logging.getLogger("mkdocs")
    echo = _EchoWarnings()
    mkdocs_log.addHandler(echo)
    mkdocs_log.setLevel(logging.WARNING)
    # One build time for MkDocs' sitemap and the manifest, even across midnight.
    pinned = "SOURCE_DATE_EPOCH" not in os.environ
    if pinned:
        os.environ["SOURCE_DATE_EPOCH"] = str(int(time.time()))
    from jinja2 import TemplateError

    try:
        publish_atomically(site_dir, run)
    except (PluginError, BuildError, Abort, TemplateError, OSError) as exc:
        # A theme template that cannot render (a custom_dir's own) is the site's
        # input, told in a line: never a traceback.
        if verdicts and verdicts[0].refused:
            _report(verdicts[0] + decide(warnings, "all"), fmt, quiet)
            if verdicts[0].held_back and not quiet:
                click.echo(f"build: {HELD_BACK}", err=True)
        else:  # blind82: the warnings strict mode counted, then why it stopped
            if verdicts:
                _report(verdicts[0] + decide(warnings, "all"), fmt, summary=False)
            for line in echo.errors:
                click.echo(line, err=True)
            click.echo(f"build failed: {exc}", err=True)
        click.echo("nothing published: the previous site is unchanged", err=True)
        sys.exit(1)
    finally:
        mkdocs_log.removeHandler(echo)
        if pinned:
            del os.environ["SOURCE_DATE_EPOCH"]
    _report((verdicts[0] if verdicts else Verdict([], [])) + decide(warnings, "all"), fmt, quiet)
    signed = " (signed)" if key_file is not None else ""
    click.echo(f"built {_as_typed(site_dir)}/{signed}", err=True)
    demoted = len(verdicts[0].demoted) if verdicts else 0
    if demoted:  # the published text holds them: an audit judges them as errors
        click.echo(
            f"published with {demoted} error(s) as warnings (enforce): fxsite audit refuses "
            "this site until they are fixed",
            err=True,
        )


@cli.command()
@click.argument("site")
@_FORMAT
@click.option(
    "--key",
    "key_file",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    help="The vendor's public key (PEM): the signature must be by this key.",
)
@click.option("--fingerprint", help="The vendor's key fingerprint (sha256:…), published elsewhere.")
@click.option(
    "--documents",
    "documents_dir",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    help="Folder of report documents to check against the records' sha256.",
)
@click.option(
    "--rebuild",
    "rebuild_repo",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    help="A clone of the project: rebuild the manifest's commit and compare every file.",
)
@click.option(
    "--browser",
    is_flag=True,
    help="Also open every page in headless Chromium and check the text as drawn.",
)
def audit(
    site: str,
    fmt: str,
    key_file: Path | None,
    fingerprint: str | None,
    documents_dir: Path | None,
    rebuild_repo: Path | None,
    browser: bool,
) -> None:
    """Re-verify a built site (a folder or an http(s) URL) from what it publishes."""
    import tempfile

    from fxsite.anchor.audit_site import anchored_audit, published_evidence
    from fxsite.anchor.consistency import consistency_line
    from fxsite.anchor.manifest import MAX_ANCHOR_BYTES
    from fxsite.anchor.rebuild import terminated_cleanly
    from fxsite.anchor.remote import fetch_site, is_url, url_problem
    from fxsite.anchor.signing import fingerprint_problem
    from fxsite.safeio import UnreadableFile, read_bytes

    if key_file is not None and fingerprint is not None:
        raise UsageFailure("give --key or --fingerprint, not both")
    usage = fingerprint_problem(fingerprint) if fingerprint is not None else None
    usage = usage or (url_problem(site) if is_url(site) else None)
    if usage is not None:
        raise UsageFailure(usage)
    try:
        key_pem = read_bytes(key_file, MAX_ANCHOR_BYTES) if key_file is not None else None
    except UnreadableFile as exc:
        raise UsageFailure(f"--key {exc}") from None
    # A folder for the download of a site named by its URL only: a folder's audit writes
    # nothing (one left empty by a killed audit was reported: blind61). It is removed when
    # the audit is ended by SIGTERM too (blind75: only an interrupt removed it).
    fetched = tempfile.TemporaryDirectory(prefix="fxsite-audit-") if is_url(site) else None
    with terminated_cleanly(), fetched or contextlib.nullcontext() as tmp:
        findings = []
        if tmp is not None:
            site_dir = Path(tmp)
            findings += fetch_site(site, site_dir)
            if not (site_dir / "fxsite-manifest.json").is_file():
                sys.exit(_report(findings, fmt))  # nothing fetched to audit
        else:
            site_dir = Path(site)
            if not site_dir.is_dir():
                raise UsageFailure(f"{site}: not a folder or an http(s) URL")
        with _told_as(fmt, site):  # --format json prints JSON, even for unreadable input
            try:
                findings += anchored_audit(
                    site_dir, key_pem, str(key_file), fingerprint, documents_dir, rebuild_repo
                )
                if browser:
                    from fxsite.verify.browser import with_browser

                    findings = with_browser(findings, site_dir)
            except ConfigError as exc:
                raise UsageFailure(str(exc)) from None
        status = _report(findings, fmt)
        data = published_evidence(site_dir)
        if fmt != "json" and data is not None:
            click.echo(consistency_line(data, documents_dir), err=True)
    sys.exit(status)


@cli.command()
@click.argument("keyfile", type=click.Path(path_type=Path, dir_okay=False))
def keygen(keyfile: Path) -> None:
    """Write an Ed25519 key pair: KEYFILE (mode 0600) and KEYFILE.pub; print the fingerprint."""
    from fxsite.anchor.signing import write_keypair

    fingerprint, problems = write_keypair(keyfile)
    if problems or fingerprint is None:
        raise UsageFailure("\n".join(f.format() for f in problems))
    click.echo(fingerprint)
    click.echo(
        f"wrote {keyfile} (private: keep it out of the repository) and {keyfile}.pub; "
        "publish the fingerprint above where auditors can find it",
        err=True,
    )


@cli.command()
@click.argument("old")
@click.argument("new")
@click.option(
    "--project",
    "project_dir",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    help="The project whose git revisions OLD/NEW name (default: the current folder).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
)
def diff(old: str, new: str, project_dir: Path | None, fmt: str) -> None:
    """Changed figures and the pages citing them; OLD/NEW are built sites or git revisions.

    A folder holding evidence.json is a built site; one holding mkdocs.yml is a
    project as it is now on disk; anything else is a git revision of the project.
    """
    from fxsite.anchor.diff import diff_evidence, format_changes

    sides = [_evidence_of(spec, project_dir) for spec in (old, new)]
    changes = diff_evidence(sides[0], sides[1])
    click.echo(format_changes(changes, fmt), nl=False)
    sys.exit(1 if changes else 0)


def _evidence_of(spec: str, project_dir: Path | None) -> dict[str, Any]:
    from fxsite.anchor.diff import load_site_evidence, project_evidence, revision_evidence

    folder = Path(spec)
    if folder.is_dir() and (folder / "evidence.json").is_file():
        data, problems = load_site_evidence(folder)
        if data is None:
            raise UsageFailure("\n".join(f.format() for f in problems))
        return data
    if folder.is_dir() and find_config(folder) is not None:
        project, _, _, warnings = _project(folder)
        _echo_warnings(warnings)
        return project_evidence(project)[0]
    # a git revision runs none of its code: its mkdocs.yml is vetted, never loaded by MkDocs
    data, problems = revision_evidence(config_file_of(project_dir).parent, spec)
    if data is None:
        told = [f.format() for f in problems]
        raise UsageFailure("\n".join([*told, *_as_a_path(folder)]))
    return data


def _as_a_path(folder: Path) -> list[str]:
    """What ``folder``, read as neither a site, a project nor a git revision, is as a path
    (the user may have meant one: a built site's folder mistyped)."""
    if folder.is_dir():
        return [
            f"{folder}: a folder, but neither a built site (no evidence.json) nor a project (no mkdocs.yml)"
        ]
    if folder.exists():
        return [f"{folder}: a file; pass a built site's folder or a project's"]
    if "/" in str(folder) or folder.name.startswith("."):
        return [f"{folder}: no such folder"]
    return []


@cli.command()
@click.option("--check", "check_only", is_flag=True, help="Exit 1 if the file is out of date.")
@click.argument(
    "path", required=False, type=click.Path(path_type=Path, file_okay=False, exists=True)
)
def schema(check_only: bool, path: Path | None) -> None:
    """(Re)generate schemas/evidence.schema.json from the record models, in the project
    folder PATH (an existing folder; default: the current one)."""
    from fxsite.authoring.files import write_atomic

    root = path or Path.cwd()
    target = root / SCHEMA_FILE
    shown = target if path is not None else Path(SCHEMA_FILE)
    if not any((root / name).is_file() for name in CONFIG_NAMES):
        raise click.UsageError(f"{root} is not a project folder: it holds no {CONFIG_NAME}")
    folder = target.parent
    # Written in the project, never through a link out of it, nor over a folder.
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise click.UsageError(f"{folder} is not a folder of the project")
    if target.is_dir():
        raise click.UsageError(f"{shown} is a folder: remove it, and run fxsite schema again")
    text = schema_text()
    current = target.read_text(encoding="utf-8") if target.is_file() else None
    if check_only:
        if current != text:
            click.echo(f"{shown} is out of date: run `fxsite schema`", err=True)
            sys.exit(1)
        click.echo(f"{shown} is up to date", err=True)
        return
    try:
        folder.mkdir(exist_ok=True)
        write_atomic(target, text.encode("utf-8"))  # a link there is replaced, not followed
    except OSError as exc:
        raise click.ClickException(f"cannot write {shown}: {exc.strerror or exc}") from exc
    click.echo(f"wrote {shown}", err=True)


def _register_authoring() -> None:
    from fxsite.cli_authoring import fix, import_csv, init

    for command in (init, fix, import_csv):
        cli.add_command(command)


_register_authoring()


def main() -> NoReturn:
    """Entry point: translate the core's errors at the edge."""
    try:
        cli.main(standalone_mode=True)
    except FxsiteError as exc:  # a bug's message, still not a traceback
        click.echo(f"fxsite: {exc}", err=True)
        sys.exit(2)
    sys.exit(0)
