"""Settings a site publishes for its web host that change how its files are served.

The gate and the audit read each published file as its name says a server sends it
(:mod:`.kinds`). A host reads settings the site itself may publish: Apache's
``.htaccess`` (``AddType text/html .png``, ``ForceType``, ``SetHandler``, a
``RewriteRule`` with a type ``[T=…]``), and Netlify's and Cloudflare Pages' ``_headers``
(a ``Content-Type:``) and ``_redirects`` (a rewrite, status 200, that serves one path's
file at another's), IIS's ``web.config`` (a ``mimeMap``, a rewrite), Vercel's
``vercel.json``, Azure's ``staticwebapp.config.json`` and Netlify's ``netlify.toml``
(rewrites and content types); an ``.htaccess`` ``RewriteRule`` that is no redirect
serves another file where it stands. An ``.htaccess`` is read by a list of what passes
(:mod:`.htaccess`): a list of what to refuse always missed one. With them, ``assets/x.png`` holding "<p>Took 77 s</p>" is served as a
page the audit read as an image (blind21). Each such setting is refused where it stands
(``FX817``, as a live site serving a file with another type is): a site that needs
one can be audited at its URL, where the types served are checked. Other settings
(caching headers, redirects with 301 or 302 within the site) pass.

Code a host runs in front of the files is refused by its path, whatever it holds
(:func:`host_program`, blind75: a ``_worker.js`` that turned every "1.9×" into "2.9×"
passed). Cloudflare Pages runs ``_worker.js`` (a file, or a folder of modules) from the
output folder as the Worker that answers every request, and sends the requests
``_routes.json`` names to Functions; the code a host runs from its project's root, which
is the site's folder when that folder is what is deployed, is refused there: Cloudflare
Pages' ``functions/`` (``_middleware.js`` included), Netlify's ``netlify/functions/``
and ``netlify/edge-functions/``, Vercel's ``api/`` and ``middleware.js``. Only the file
types each host runs are refused in its folders, so a page about functions
(``functions/index.html``, ``api/index.html``) passes. In ``netlify.toml`` an edge
function declared on a path or its folder moved (``edge_functions =``), and in ``vercel.json`` a legacy
route's ``dest`` (a rewrite), are refused as the settings above are. Code kept outside
the site (a repository's ``functions/``) cannot be seen by reading the site.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from fxsite.verify.htaccess import DRAWING_HEADERS, refused_directives

__all__ = ["HOST_FILES", "host_program", "host_settings"]

#: Netlify's and Cloudflare's ``_headers``: a header that changes what a browser draws or
#: which page it shows (the list :mod:`.htaccess` keeps).
_HEADERS = re.compile(rf"^\s*(?i:{'|'.join(sorted(DRAWING_HEADERS))})\s*:")
#: A ``_redirects`` rule: from, to, then a status with ``200`` (a rewrite), maybe forced.
_REWRITE = re.compile(r"^\s*\S+\s+\S+\s+200!?(?:\s|$)")
#: IIS's ``web.config``: a type given to a suffix, a rewrite (blind61).
_WEB_CONFIG = re.compile(r"(?i:<mimeMap\b|<action\b[^>]*\btype\s*=\s*[\"']Rewrite)")
#: Vercel's and Azure Static Web Apps' JSON, Netlify's TOML: rewrites and content types.
_HOST_JSON = re.compile(r"(?i:\"rewrites?\"\s*:|\"dest\"\s*:|\"mimeTypes\"\s*:|\"content-type\")")
_NETLIFY_TOML = re.compile(
    r"^\s*(?i:status\s*=\s*200\b|\"?content-type\"?\s*=|\[\[edge_functions\]\]"
    r"|edge_functions\s*=)"
)

#: The files a host reads its settings from, by name, with the settings that change how
#: a file is served.
_RULES = {
    "_headers": _HEADERS,
    "_redirects": _REWRITE,
    "web.config": _WEB_CONFIG,
    "vercel.json": _HOST_JSON,
    "staticwebapp.config.json": _HOST_JSON,
    "netlify.toml": _NETLIFY_TOML,
}
HOST_FILES = frozenset({".htaccess", *_RULES})

#: The suffixes of the code the hosts run: JavaScript, TypeScript and WebAssembly; Vercel's
#: ``api/`` also runs Python, Go and Ruby.
_JS = r"(?:[cm]?js|[cm]?ts|jsx|tsx|wasm)"
#: The code a host runs in front of the files, by its path from the site's root: what
#: the host does with it.
_PROGRAMS = (
    (
        re.compile(r"_worker\.js(?:/.*)?"),
        "Cloudflare Pages runs it as the Worker that answers every request",
    ),
    (
        re.compile(r"_routes\.json"),
        "Cloudflare Pages sends the requests it names to Functions, code that answers "
        "them in the files' place",
    ),
    (
        re.compile(rf"functions/.*\.{_JS}"),
        "Cloudflare Pages runs it as a Function answering requests (Pages Functions) when "
        "the site's folder is deployed as the project",
    ),
    (
        re.compile(rf"netlify/(?:edge-)?functions/.*\.{_JS}"),
        "Netlify runs it as a function answering requests when the site's folder is "
        "deployed as the project",
    ),
    (
        re.compile(rf"api/.*\.(?:{_JS}|py|go|rb)"),
        "Vercel runs it as a function answering requests when the site's folder is "
        "deployed as the project",
    ),
    (
        re.compile(rf"middleware\.{_JS}"),
        "Vercel runs it as Routing Middleware in front of every request when the site's "
        "folder is deployed as the project",
    ),
)


def host_program(rel: str) -> str | None:
    """Why the file at ``rel`` (its path from the site's root) is code a host runs in
    front of the files (None for any other file), as an ``FX817`` message."""
    for path, runs in _PROGRAMS:
        if path.fullmatch(rel):
            return (
                f"{runs}: what it serves can differ from every file the audit read; publish "
                "the site without it (code a site needs is kept outside the published folder)"
            )
    return None


def host_settings(rel: str, text: str) -> list[tuple[int, str]]:
    """(line, message) of each setting in the host file ``rel`` (``text``) that changes how
    a file is served; none for a file of another name."""
    name = PurePosixPath(rel).name
    if name == ".htaccess":
        return [(n, _message(d, "may serve")) for n, d in refused_directives(text)]
    rule = _RULES.get(name)
    if rule is None:
        return []
    return [
        (n, _message(line, "serves"))
        for n, line in enumerate(text.splitlines(), 1)
        if rule.search(line)  # a line's start (``^``), or anywhere: XML and JSON hold several
    ]


def _message(setting: str, serves: str) -> str:
    return (
        f"a host setting {serves} files otherwise than their names say "
        f"({setting.strip()[:80]!r}): the audit reads a file as its name says; audit the "
        "live site's URL instead"
    )
