"""Settings a site publishes for its host that serve files otherwise than their names say
(blind21: ``AddType text/html .png`` made ``assets/x.png`` a page the audit read as an
image, and the folder audit passed it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.verify.host_config import host_settings


@pytest.mark.parametrize(
    ("rel", "text", "lines"),
    [
        (".htaccess", "AddType text/html .png\n", [1]),
        (".htaccess", "# comment\n  ForceType text/html\n", [2]),
        ("sub/.htaccess", "SetHandler server-parsed\n", [1]),
        (".htaccess", "RewriteRule ^x$ x.png [T=text/html]\n", [1]),
        ("_headers", "/assets/x.png\n  Content-Type: text/html\n", [2]),
        ("_redirects", "/pricing /assets/x.png 200\n", [1]),
        ("_redirects", "/pricing /assets/x.png 200!\n", [1]),
        # blind61: an internal rewrite, IIS, Vercel, Azure and Netlify settings
        (
            ".htaccess",
            "RewriteEngine On\nRewriteRule ^evidence/R1/$ evidence/R9/index.html [L]\n",
            [2],
        ),
        (".htaccess", "RewriteRule ^a$ b\n", [1]),
        ("web.config", '<staticContent><mimeMap fileExtension=".txt" mimeType="text/html"/>', [1]),
        (
            "web.config",
            '<rule name="r">\n<action type="Rewrite" url="evidence/R9/"/>\n</rule>',
            [2],
        ),
        ("vercel.json", '{"rewrites": [{"source": "/a", "destination": "/b"}]}', [1]),
        ("staticwebapp.config.json", '{"routes": [{"route": "/a", "rewrite": "/b"}]}', [1]),
        ("netlify.toml", '[[redirects]]\n  from = "/a"\n  to = "/b"\n  status = 200\n', [4]),
        (
            "netlify.toml",
            '[[headers]]\n  for = "/x.png"\n  [headers.values]\n  Content-Type = "text/html"\n',
            [4],
        ),
        # blind71: what a list of refusals missed (an .htaccess is read by what passes)
        (".htaccess", '<Files "note.png">\nHeader set Content-Type "text/html"\n</Files>\n', [2]),
        (".htaccess", "Header always edit Content-Type ^ text/html\n", [1]),
        (".htaccess", "Header unset Content-Type\n", [1]),
        (".htaccess", 'Header set Link "</x.css>; rel=stylesheet"\n', [1]),
        (".htaccess", "Options +Includes\nAddOutputFilterByType INCLUDES text/html\n", [1, 2]),
        (".htaccess", "SetOutputFilter INCLUDES\n", [1]),
        (".htaccess", "XBitHack on\n", [1]),
        (".htaccess", "AddDefaultCharset windows-1252\n", [1]),
        (".htaccess", "AddCharset windows-1252 .html\n", [1]),
        (".htaccess", "# a type\nAdd\\\nType text/html .png\n", [2]),
        (
            ".htaccess",
            'ErrorDocument 410 "<h1>Saves in 77 s</h1>"\nRedirectMatch gone ^/x/$\n',
            [1, 2],
        ),
        (".htaccess", "ErrorDocument 404 https://elsewhere.example/404\n", [1]),
        (".htaccess", "Redirect 301 /x/ https://elsewhere.example/x\n", [1]),
        (".htaccess", "Redirect 410 /x/\n", [1]),
        (".htaccess", "DirectoryIndex note.txt\n", [1]),
        (".htaccess", "Options +MultiViews\n", [1]),
        (".htaccess", "AddEncoding x-gzip .html\n", [1]),
        (".htaccess", "Action text/html /cgi-bin/x\n", [1]),
        (".htaccess", "FooBar on\n", [1]),  # a directive fxsite does not know
        ("_headers", "/*\n  Link: </x.css>; rel=stylesheet\n  Refresh: 0; url=/x/\n", [2, 3]),
        # near misses: settings that serve every file as its name says
        (".htaccess", "RewriteRule ^x$ /y [r,L]\n", []),
        (
            ".htaccess",
            '<IfModule mod_expires.c>\n  ExpiresActive On\n  ExpiresByType text/css "access plus'
            ' 1 year"\n</IfModule>\nFileETag None\nOptions -Indexes -MultiViews\n'
            "ErrorDocument 404 /404.html\nRedirect 301 /old/ /new/\nRedirectMatch 302 ^/a$ /b/\n"
            "DirectoryIndex index.html\nAddDefaultCharset UTF-8\nHeader set X-Frame-Options DENY\n"
            "Header always set Strict-Transport-Security max-age=31536000\nRequire all granted\n"
            "RewriteEngine On\nRewriteCond %{HTTPS} off\nRewriteRule ^(.*)$ /$1 [R=301,L]\n",
            [],
        ),
        ("web.config", '<action type="Redirect" url="/new"/>', []),
        (
            "vercel.json",
            '{"cleanUrls": true, "redirects": [{"source": "/a", "destination": "/b"}]}',
            [],
        ),
        ("netlify.toml", '[[redirects]]\n  from = "/a"\n  to = "/b"\n  status = 301\n', []),
        (".htaccess", "Header set Cache-Control max-age=60\nRewriteRule ^old$ /new [R=301]\n", []),
        ("_headers", "/*\n  Cache-Control: max-age=60\n  X-Frame-Options: DENY\n", []),
        ("_redirects", "/old /new 301\n/blog/* /news/:splat 302\n", []),
        ("notes/_headers.txt", "Content-Type: text/html\n", []),  # another name
    ],
)
def test_host_settings_that_retype_a_file(rel: str, text: str, lines: list[int]) -> None:
    assert [line for line, _ in host_settings(rel, text)] == lines


def test_the_audit_refuses_a_host_setting_where_it_stands(demo_site: Path, tmp_path: Path) -> None:
    import shutil

    from fxsite.verify import verify_site

    site = tmp_path / "site"
    shutil.copytree(demo_site, site)
    (site / ".htaccess").write_text("AddType text/html .png\n", encoding="utf-8")
    (site / "assets" / "x.png").write_text("<p>Took 77 s</p>", encoding="utf-8")
    found = [(f.path, f.line, f.code) for f in verify_site(site) if f.code == "FX817"]
    assert found == [(".htaccess", 1, "FX817")]
