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
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from fxsite.verify.htaccess import DRAWING_HEADERS, refused_directives

__all__ = ["HOST_FILES", "host_settings"]

#: Netlify's and Cloudflare's ``_headers``: a header that changes what a browser draws or
#: which page it shows (the list :mod:`.htaccess` keeps).
_HEADERS = re.compile(rf"^\s*(?i:{'|'.join(sorted(DRAWING_HEADERS))})\s*:")
#: A ``_redirects`` rule: from, to, then a status with ``200`` (a rewrite), maybe forced.
_REWRITE = re.compile(r"^\s*\S+\s+\S+\s+200!?(?:\s|$)")
#: IIS's ``web.config``: a type given to a suffix, a rewrite (blind61).
_WEB_CONFIG = re.compile(r"(?i:<mimeMap\b|<action\b[^>]*\btype\s*=\s*[\"']Rewrite)")
#: Vercel's and Azure Static Web Apps' JSON, Netlify's TOML: rewrites and content types.
_HOST_JSON = re.compile(r"(?i:\"rewrites\"\s*:|\"rewrite\"\s*:|\"mimeTypes\"\s*:|\"content-type\")")
_NETLIFY_TOML = re.compile(r"^\s*(?i:status\s*=\s*200\b|\"?content-type\"?\s*=)")

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
