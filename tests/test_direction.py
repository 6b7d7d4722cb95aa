"""A bare figure's words against its figure's: advice that would cite a gain for a fall.

blind69: ``fxsite fix`` wrote "Throughput fell [30%](…throughput_gain)", "Measured downtime
is [99.99%](…availability)", "[1.9x](…save_speedup) slower" and "Power rose
[30%](…power reduction)", each then passed. Each row is a bare figure, the sentence, the
figure's words, and what :func:`opposed` finds; the near misses say the same way or nothing.
"""

from __future__ import annotations

import pytest

from fxsite.pages.direction import opposed

OPPOSED = [
    ("30%", "Throughput fell 30% against the baseline.", "Throughput gain over baseline throughput_gain", ("fell", "gain")),
    ("30%", "Throughput fell by 30%.", "Throughput gain", ("fell", "gain")),
    ("1.9x", "Saves are 1.9x slower than on the baseline.", "save_speedup", ("slower", "speedup")),
    ("30%", "Power rose 30%.", "Power reduction", ("rose", "reduction")),
    ("30%", "Costs are 30% higher.", "Cost savings", ("higher", "savings")),
    ("99.99%", "Measured downtime is 99.99%.", "Measured availability", ("downtime", "availability")),
    ("0.01%", "Uptime lost: 0.01%.", "Annual downtime", ("uptime", "downtime")),
]  # fmt: skip
NEAR_MISSES = [
    ("30%", "Throughput rose 30% against the baseline.", "Throughput gain over baseline"),
    ("1.9x", "Saves are 1.9x faster.", "save_speedup"),
    ("30%", "Power fell 30%.", "Power reduction"),
    # a direction further off says nothing of the figure beside it
    ("1.9×", "Save time fell from 178 s to 94 s, 1.9× in all.", "save_speedup"),
    # both ways beside it, or none, or a figure whose words say both or none
    ("30%", "It fell 30% faster.", "Throughput gain"),
    ("30%", "Throughput is 30% over the baseline.", "Throughput gain"),
    ("30%", "Throughput fell 30%.", "Net gain after the reduction"),
    ("30%", "Throughput fell 30%.", "Throughput change"),
    # downtime and availability both said
    ("99.99%", "Availability is 99.99%, downtime under an hour.", "Measured availability"),
    # the figure not in the sentence (rewritten for the claim: "between 5 and 10 ms")
    ("5 to 10 ms", "Latency fell between 5 and 10 ms.", "Latency gain"),
]  # fmt: skip


@pytest.mark.parametrize(("found", "context", "own", "said"), OPPOSED)
def test_words_that_say_the_other_way_are_found(
    found: str, context: str, own: str, said: tuple[str, str]
) -> None:
    assert opposed(found, context, own) == said


@pytest.mark.parametrize(("found", "context", "own"), NEAR_MISSES)
def test_words_that_agree_or_say_nothing_pass(found: str, context: str, own: str) -> None:
    assert opposed(found, context, own) is None
