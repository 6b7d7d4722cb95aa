"""CSS that sets the numbers a browser draws before a list's items.

``<li style="counter-increment: list-item 94">seconds per save</li>`` draws "94.
seconds per save" (blind74): the item's marker is drawn from the ``list-item``
counter, and CSS can set that counter to any number. Decisions:

- A ``counter-reset``, ``counter-set`` or ``counter-increment`` that names the
  ``list-item`` counter, in a ``style`` attribute, a ``<style>`` block or a stylesheet
  file, draws text: it is a writer (:func:`~fxsite.verify.css.writes`), as a string
  marker (``list-style: '94 s '``) is: ``FX506`` in ``fxsite check`` and the build,
  ``FX505`` in an audit, however the number is reached (``list-item 94``, ``list-item``
  named 94 times, an increment on an element between the items, a reset of the list,
  ``!important``, an ``@import``-ed sheet, a frame's ``srcdoc``). The value is not
  worked out: the number drawn depends on which elements a rule matches, in which
  order, with which counters in scope.
- So is one whose value the gate does not read as names and integers: a function
  (``var(--n)``, ``env()``, ``attr()``) may name ``list-item``.
- The name is matched in any case (counter names are case-sensitive in CSS Lists 3,
  but refusing ``LIST-ITEM`` costs nothing), with CSS escapes decoded by tinycss2
  (``list-it\\65m``).
- Other counters pass: a browser draws them only through ``content``'s
  ``counter()``/``counters()``, which is a writer whatever sets them; so
  ``counter-reset: section`` is no finding of its own, and an ``<ol>`` counted from 1
  draws the ordinary sequence, as before.
- What to write instead: the HTML attributes, ``<ol start>`` and ``<li value>``, whose
  numbers are read with the item's text (:mod:`.list_numbers`).
"""

from __future__ import annotations

from tinycss2 import ast  # type: ignore[import-untyped]

__all__ = ["COUNTER_PROPERTIES", "INSTEAD", "sets_list_numbers"]

#: The properties that set a counter's value.
COUNTER_PROPERTIES = frozenset({"counter-reset", "counter-set", "counter-increment"})
#: What a message says to write instead.
INSTEAD = "write <ol start> or <li value> instead, read with the item's text"


def sets_list_numbers(name: str, value: tuple[ast.Node, ...]) -> ast.Node | None:
    """The token by which a declaration ``name: value`` sets the numbers drawn before a
    list's items (the ``list-item`` counter's name, or a function that may give it), or
    None."""
    if name not in COUNTER_PROPERTIES:
        return None
    for token in value:
        if isinstance(token, ast.IdentToken) and token.lower_value == "list-item":
            return token
        if isinstance(token, ast.FunctionBlock):
            return token
    return None
