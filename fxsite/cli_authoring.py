"""The authoring commands of the command line: ``init``, ``fix`` and ``import``.

A thin adapter like :mod:`fxsite.cli`, which registers these commands: the
work is done in :mod:`fxsite.authoring`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fxsite.evidence.models import LABELS, RECORD_ID_PATTERN

if TYPE_CHECKING:
    from fxsite.authoring.fix import Change

__all__ = ["fix", "import_csv", "init"]


#: Largest CSV file ``fxsite import`` reads.
MAX_CSV_BYTES = 64 << 20


def _usage(message: str) -> click.ClickException:
    from fxsite.mkdocs_config import UsageFailure

    return UsageFailure(message)


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option(
    "--name",
    "site_name",
    help="The site's name (mkdocs.yml's site_name); default: the folder's name, as written.",
)
def init(directory: Path | None, site_name: str | None) -> None:
    """Start a new project in DIRECTORY (default: the current folder).

    Writes mkdocs.yml, an example record and its schema, a page citing it and a
    .gitignore. Never overwrites a file: if any of them exists, nothing is written.
    """
    import shlex

    from fxsite.authoring.init import folder_name, init_project, name_figure

    root = directory or Path.cwd()
    if root.exists() and not root.is_dir():
        raise _usage(f"{root}: not a folder")
    if site_name is not None and not site_name.strip():
        raise _usage("--name: give the site a name, like --name 'AutoMQ benchmarks'")
    figure = name_figure(site_name) if site_name is not None else None
    if figure is not None:  # the check would refuse it in mkdocs.yml (blind62)
        raise _usage(
            f"--name: '{site_name}' reads as the figure '{figure}', which a site's name "
            "cannot cite; name the site without it"
        )
    try:
        written, refused = init_project(root, site_name)
    except OSError as exc:
        raise _usage(f"{root}: cannot write the project: {exc.strerror}") from None
    if refused:
        listed = "\n".join(f"  {p}" for p in refused)
        raise _usage(
            f"fxsite init: these files already exist; nothing was written:\n{listed}\n"
            "Move them away, or start the project in an empty folder."
        )
    for path in written:
        click.echo(f"wrote {path}")
    unnamed = folder_name(root)[1] if site_name is None else None
    if unnamed is not None:
        click.echo(f"site_name: My site ({unnamed}); set it in mkdocs.yml", err=True)
    target = "" if directory is None else f" {shlex.quote(str(directory))}"
    click.echo(
        f"next: fxsite build{target}   (or fxsite check{target}; mkdocs serve for a preview)",
        err=True,
    )


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path, exists=True))
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff; write nothing.")
def fix(path: Path | None, show_diff: bool) -> None:
    """Rewrite bare figures into claims where one record figure states them.

    PATH: the project folder (default: the current one) or one page. Prints what
    it changed and what it could not, with the candidates. Exit 1 when bare
    figures remain.
    """
    from fxsite.authoring.files import PageFile, write_atomic
    from fxsite.authoring.fix import fix_page, unified_diff
    from fxsite.cli import _echo_warnings, _locate, _page_sources, _project
    from fxsite.mkdocs_config import UsageFailure
    from fxsite.pages.docs_tree import MAX_PAGE_BYTES
    from fxsite.safeio import UnreadableFile, read_bytes

    root, pages = _locate((path,) if path else ())
    if path is not None and path.is_file() and not pages:  # a record, the configuration
        raise UsageFailure(f"{path}: fix rewrites pages; pass the project folder or a page")
    project, _, _, warnings = _project(root)
    _echo_warnings(warnings)
    library = project.load()
    sources = _page_sources(project, pages) if pages else project.doc_pages()
    report = click.echo if not show_diff else (lambda line: click.echo(line, err=True))
    fixed = left = touched = 0
    for src in sources:
        file = project.paths.docs_dir / src
        shown = project.paths.relative(file)
        try:
            page = PageFile.read(read_bytes(file, MAX_PAGE_BYTES), file)
        except UnreadableFile as exc:
            line, col = exc.where
            report(f"{shown}:{line}:{col}: FX105 cannot read page: it {exc.reason}")
            left += 1
            continue
        result = fix_page(page.text, shown, library, project.renderer)
        lines = [(c.line, c.col, _fixed(c)) for c in result.changes] + [
            (
                u.line,
                u.col,
                f"not fixed '{u.text}': {u.reason}"
                + (f" (candidates: {', '.join(u.candidates)})" if u.candidates else ""),
            )
            for u in result.unfixed
        ]
        for line, col, what in sorted(lines):
            report(f"{shown}:{line}:{col}: {what}")
        fixed += len(result.changes)
        left += len(result.unfixed)
        if not result.changed:
            continue
        touched += 1
        if show_diff:
            click.echo(unified_diff(result), nl=False)
        else:
            write_atomic(file, page.encode(result.text))
    action = "would fix" if show_diff else "fixed"
    click.echo(
        f"{action} {fixed} figure(s) in {touched} page(s); {left} left to cite by hand"
        + (" (nothing written)" if show_diff else ""),
        err=True,
    )
    sys.exit(1 if left else 0)


@click.command("import")
@click.argument(
    "csv_file", metavar="CSV", type=click.Path(path_type=Path, exists=True, dir_okay=False)
)
@click.option("--id", "record_id", required=True, help="The record's report ID, e.g. R12.")
@click.option("--label", required=True, type=click.Choice(LABELS), help="The record's label.")
@click.option("--title", help="The record's title (default: names the CSV file).")
@click.option(
    "--output",
    "-o",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The record file to write (default: evidence/ID.yaml).",
)
def import_csv(
    csv_file: Path, record_id: str, label: str, title: str | None, output: Path | None
) -> None:
    """A record from a test lab's CSV (columns figure, value, unit, what; min/max).

    Refuses rows it cannot type, each at path:line:col; never overwrites a file.
    """
    from fxsite.authoring.files import write_new
    from fxsite.authoring.importer import record_from_csv
    from fxsite.cli import _report
    from fxsite.safeio import UnreadableFile, read_bytes

    if not re.fullmatch(RECORD_ID_PATTERN, record_id):
        raise _usage(
            f"--id '{record_id}': a record ID starts with a letter and has only letters, "
            "digits and _ (at most 32), like R12"
        )
    target = output or Path("evidence") / f"{record_id}.yaml"
    if target.stem != record_id or target.suffix not in (".yaml", ".yml"):
        raise _usage(  # a record's ID is its file's name (FX301)
            f"--output {target}: a record's file is named after its ID: {record_id}.yaml"
        )
    if target.exists():
        instead = "choose another --output" if output else "pass --output for another file"
        raise _usage(f"{target}: already exists; nothing was written ({instead})")
    if output is None and target.parent.is_dir():
        from fxsite.evidence.library import record_files

        for other in record_files(target.parent):
            if other.stem.lower() == record_id.lower():
                raise _usage(f"{other}: record {other.stem} already exists; nothing was written")
    try:
        data = read_bytes(csv_file, MAX_CSV_BYTES)
        text = data.decode("utf-8")
    except UnreadableFile as exc:
        raise _usage(str(exc)) from None
    except UnicodeDecodeError:
        kind = (
            'UTF-16 text (a spreadsheet\'s "Unicode text")'
            if data[:2] in (b"\xff\xfe", b"\xfe\xff")
            else "not UTF-8 text"
        )
        raise _usage(f'{csv_file}: {kind}; save the CSV as UTF-8 ("CSV UTF-8")') from None
    record, findings = record_from_csv(
        text, csv_file.as_posix(), record_id, label, title or f"Test results from {csv_file.name}"
    )
    if record is None:
        _report(findings, "text")
        click.echo(f"nothing written: fix the rows above in {csv_file}", err=True)
        sys.exit(1)
    try:
        write_new(target, record)
    except FileExistsError:
        raise _usage(f"{target}: already exists; nothing was written") from None
    click.echo(f"wrote {target}", err=True)


def _fixed(change: Change) -> str:
    """What ``fix`` says of a figure it cited."""
    said = f"fixed '{change.before}' -> {change.after}"
    if change.copies == 1:
        said += "; a copy of it elsewhere on the page (an alt text, a title) now repeats the claim"
    elif change.copies:
        said += f"; {change.copies} copies of it elsewhere on the page now repeat the claim"
    return said
