"""Apache's ``.htaccess``, read as Apache reads it: each directive it holds that may serve a
file otherwise than its name says, or serve text no file holds.

A list of what to refuse always missed one (blind71: ``Header set Content-Type``, server-side
includes by ``AddOutputFilterByType`` or ``XBitHack``, ``AddDefaultCharset windows-1252``
drawing a Hebrew letter as "×", ``Add\\`` + ``Type`` over two lines, an ``ErrorDocument``
holding its own page with ``RedirectMatch gone``). So it is a list of what passes; every other
directive is refused (``FX817``). The decisions:

- Lines are joined as Apache joins them: a line ending in ``\\`` goes on in the next.
  Directive names are read in any case; a ``#`` line is a comment.
- Sections (``<IfModule>``, ``<Files>``, ``<FilesMatch>``, ``<If>``…) pass: what they hold
  is read directive by directive.
- Caching, access and logging pass: ``Expires*``, ``FileETag``, ``Require``, ``Order``,
  ``Allow``, ``Deny``, ``Satisfy``, ``Auth*``, ``SetEnv*``, ``ServerSignature``,
  ``RewriteEngine``, ``RewriteBase``, ``RewriteCond``, ``RewriteOptions``.
- ``Header``: any header but those that change what a browser draws or where it goes:
  ``Content-Type``, ``Content-Encoding``, ``Content-Disposition``, ``Content-Language``,
  ``Link`` (a stylesheet a browser loads from a header), ``Refresh``, ``Location``.
- ``Options``: only turning features off (``-Indexes``, ``-MultiViews``; ``+Includes``
  draws another file's text into a page, ``MultiViews`` serves another file for a name)
  and ``FollowSymLinks``.
- ``Redirect``/``RedirectMatch``/``RedirectPermanent``/``RedirectTemp``: a 3xx status (or
  none, 302) to a path of the same site; ``gone`` or another status serves the server's
  text, another host unaudited pages. ``RewriteRule``: a redirect (``[R]``) only, without a
  type (``[T=]``); a rewrite serves another file where it stands (blind61).
- ``ErrorDocument``: a path of the site (``/404.html``: a published page, audited), not a
  message written in the setting nor another host's page.
- ``DirectoryIndex``: ``index.html`` only. ``AddDefaultCharset``: ``utf-8`` or ``off``.
"""

from __future__ import annotations

import re

__all__ = ["DRAWING_HEADERS", "refused_directives"]

_PASSING = frozenset(
    {
        "expiresactive",
        "expiresbytype",
        "expiresdefault",
        "fileetag",
        "require",
        "order",
        "allow",
        "deny",
        "satisfy",
        "authtype",
        "authname",
        "authuserfile",
        "authgroupfile",
        "authbasicprovider",
        "setenv",
        "setenvif",
        "setenvifnocase",
        "unsetenv",
        "serversignature",
        "rewriteengine",
        "rewritebase",
        "rewritecond",
        "rewriteoptions",
    }
)
#: Headers that change what a browser draws, or which page it shows (Netlify's
#: ``_headers`` may not set them either: :mod:`.host_config`).
DRAWING_HEADERS = frozenset(
    {
        "content-type",
        "content-encoding",
        "content-disposition",
        "content-language",
        "link",
        "refresh",
        "location",
    }
)
_HEADER_ACTIONS = frozenset(
    {"set", "append", "merge", "add", "setifempty", "edit", "edit*", "unset"}
)
#: ``Options`` that serve every file as its name says: features turned off, links followed.
_OPTIONS = frozenset(
    {
        "none",
        "-indexes",
        "-multiviews",
        "-includes",
        "-execcgi",
        "followsymlinks",
        "+followsymlinks",
    }
)
_REDIRECT_STATUS = re.compile(r"(?i:permanent|temp|seeother|30[1237-8])")
_SAME_SITE = re.compile(r"/(?!/)")


def refused_directives(text: str) -> list[tuple[int, str]]:
    """(line, directive) of each directive of ``text`` that may serve a file otherwise than
    its name says; the line is the directive's first."""
    refused = []
    for line, directive in _directives(text):
        words = directive.split()
        name = words[0].lower()
        if name.startswith("<") or name in _PASSING:
            continue
        if not _passes(name, [w.strip("\"'") for w in words[1:]]):
            refused.append((line, directive))
    return refused


def _directives(text: str) -> list[tuple[int, str]]:
    """Each directive of ``text`` with the line it starts on, continuation lines joined."""
    found: list[tuple[int, str]] = []
    start, parts = 0, list[str]()
    for n, raw in enumerate(text.splitlines(), 1):
        if not parts:
            start = n
        line = raw.rstrip()
        if line.endswith("\\"):
            parts.append(line[:-1])
            continue
        parts.append(line)
        joined, parts = " ".join(p.strip() for p in parts).strip(), []
        if joined and not joined.startswith("#"):
            found.append((start, joined))
    if parts and (joined := " ".join(p.strip() for p in parts).strip()):
        found.append((start, joined))
    return found


def _passes(name: str, args: list[str]) -> bool:
    """Whether the directive ``name`` with ``args`` serves every file as its name says."""
    if name == "header":
        return _header_passes(args)
    if name == "options":
        return all(a.lower() in _OPTIONS for a in args)
    if name in ("redirect", "redirectmatch", "redirectpermanent", "redirecttemp"):
        return _redirect_passes(name, args)
    if name == "rewriterule":
        flags = args[2].lower() if len(args) > 2 else ""
        return re.search(r"[\[,]r(?:=30[1237-8])?[\],]", flags) is not None and "t=" not in flags
    if name == "errordocument":
        return len(args) == 2 and _SAME_SITE.match(args[1]) is not None
    if name == "directoryindex":
        return [a.lower() for a in args] == ["index.html"]
    if name == "adddefaultcharset":
        return len(args) == 1 and args[0].lower() in ("utf-8", "off")
    return False


def _header_passes(args: list[str]) -> bool:
    """A ``Header [always|onsuccess] action name …`` that sets no header a browser draws by."""
    words = [a.lower() for a in args]
    if words and words[0] in ("always", "onsuccess"):
        words = words[1:]
    if len(words) < 2:
        return False
    action, header = words[0], words[1]
    # Unset too: a file sent with no type is drawn as its bytes look (a page, in a ".png").
    return action in _HEADER_ACTIONS and header not in DRAWING_HEADERS


def _redirect_passes(name: str, args: list[str]) -> bool:
    """A redirect with a 3xx status to a path of the same site."""
    if name in ("redirectpermanent", "redirecttemp"):
        rest = args
    elif args and _REDIRECT_STATUS.fullmatch(args[0]):
        rest = args[1:]
    elif args and not args[0].startswith("/"):
        return False  # "gone", a 4xx: the server's text where a page was
    else:
        rest = args  # no status: 302
    return len(rest) == 2 and _SAME_SITE.match(rest[1]) is not None
