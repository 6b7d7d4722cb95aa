"""Settings a site publishes for its web host that change how its files are served.

The gate and the audit read each published file as its name says a server sends it
(:mod:`.kinds`). A host reads settings the site itself may publish: Apache's
``.htaccess`` (``AddType text/html .png``, ``ForceType``, ``SetHandler``, a
``RewriteRule`` with a type ``[T=…]``), and Netlify's and Cloudflare Pages' ``_headers``
(a ``Content-Type:``) and ``_redirects`` (a rewrite, status 200, that serves one path's
file at another's). With them, ``assets/x.png`` holding "<p>Took 77 s</p>" is served as a
page the audit read as an image (blind21). Each such setting is refused where it stands
(``FX817``, as a live site serving a file with another type is): a site that needs
one can be audited at its URL, where the types served are checked. Other settings
(caching headers, redirects with 301 or 302) pass.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

__all__ = ["HOST_FILES", "host_settings"]

#: The files a host reads its settings from, by name.
HOST_FILES = frozenset({".htaccess", "_headers", "_redirects"})

_HTACCESS = re.compile(
    r"^\s*(?:(?i:AddType|ForceType|DefaultType|SetHandler|AddHandler|AddOutputFilter"
    r"|RemoveType)\b|(?i:RewriteRule)\b.*\[[^\]]*\b(?i:T)=)"
)
_HEADERS = re.compile(r"^\s*(?i:content-type)\s*:")
#: A ``_redirects`` rule: from, to, then a status with ``200`` (a rewrite), maybe forced.
_REWRITE = re.compile(r"^\s*\S+\s+\S+\s+200!?(?:\s|$)")


def host_settings(rel: str, text: str) -> list[tuple[int, str]]:
    """(line, message) of each setting in the host file ``rel`` (``text``) that changes how
    a file is served; none for a file of another name."""
    name = PurePosixPath(rel).name
    rule = {".htaccess": _HTACCESS, "_headers": _HEADERS, "_redirects": _REWRITE}.get(name)
    if rule is None:
        return []
    return [
        (
            n,
            f"a host setting serves files otherwise than their names say ({line.strip()[:80]!r}): "
            "the audit reads a file as its name says; audit the live site's URL instead",
        )
        for n, line in enumerate(text.splitlines(), 1)
        if rule.match(line)
    ]
