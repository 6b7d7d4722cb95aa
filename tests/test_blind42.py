"""What the forty-second blind tester, a dishonest vendor's writer, got past the detector by
dressing a performance figure as a name, and the names it still refused:

* A number with a scale letter and no unit after a verb of performance ("The FX100 sustains
  350K.", "Versus 120K on NFS, the FX100 delivers 2M.", "Random reads: 800K.").
* A name stretched to a claim: a network's class in a sentence about its rate ("Replication
  saturates 400Gb Ethernet"), a power supply in one about power drawn ("Power draw: two
  1600 W power supplies"), a drive's capacity in one about capacity ("Usable capacity:
  15.36 TB NVMe drives") or of no drive ("368 TB 的 NVMe 硬盘"), a set size made a rate ("a
  block size of 1 MiB every microsecond"), "64K random read IOPS per drive" (only 4K and 8K
  name a workload, and only where the IOPS are named as a test's or a result's).
* "over the [X](…) run" after a verb of lasting ("take over the", "well over the") or before
  "run limit"; a Chinese schedule whose clause finishes work ("NFS 每 60 秒才能完成一次"); a
  reading time in seconds ("故障切换阅读约需 5 秒").
* Refused, naming a part: lists ("16Gb, 32Gb and 64Gb Fibre Channel", "7.68 TB, 15.36 TB or
  30.72 TB NVMe SSDs", "a stripe size of 64 KiB or 128 KiB"), networks in Chinese ("100Gb
  以太网", "32Gb 光纤通道"), "Over the [10 h](…) modelled run".
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

R = "[10 h](evidence:E1#run_duration)"

ROWS = [
    # a scale letter with no unit
    ("sustains 350K", "The FX100 sustains 350K.", [("FX501", 3, 20)]),
    ("versus and delivers", "Versus 120K on NFS, the FX100 delivers 2M.", [("FX501", 3, 8), ("FX501", 3, 40)]),
    ("work and a colon", "Random reads: 800K.", [("FX501", 3, 15)]),
    ("words between", "The FX100 serves random reads beyond 800K.", [("FX501", 3, 38)]),
    ("near miss: a count of people", "It serves 350K users.", []),
    ("near miss: a resolution", "We serve customers in 4K.", []),
    # a name stretched to a claim
    ("a network saturated", "Replication saturates 400Gb Ethernet.", [("FX501", 3, 23)]),
    ("a network's throughput", "Backup throughput: 400 Gb Ethernet.", [("FX501", 3, 20)]),
    ("a network every second", "Each node writes over 400Gb Ethernet every second.", [("FX501", 3, 18)]),
    ("at a network's speed", "Rebuilds finish at 32Gb Fibre Channel speed.", [("FX501", 3, 20)]),
    ("near miss: a network named", "NVMe over 100Gb Ethernet cuts hops.", []),
    ("power drawn", "Power draw: two 1600 W power supplies.", [("FX501", 3, 17)]),
    ("power drawn in Chinese", "功耗：1600W 钛金电源。", [("FX501", 3, 4)]),
    ("just one supply", "Full performance on just one 450 W power supply.", [("FX501", 3, 30)]),
    ("near miss: supplies shipped", "Ships with two 1600 W power supplies.", []),
    ("a capacity", "Usable capacity: 15.36 TB NVMe drives.", [("FX501", 3, 18)]),
    ("no drive holds it", "单柜可用容量达 368 TB 的 NVMe 硬盘。", [("FX501", 3, 9)]),
    ("stored", "Each shelf stores 1000 TB NVMe drives.", [("FX501", 3, 19)]),
    ("written every minute", "The FX100 writes 15.36 TB NVMe drives every minute.", [("FX501", 3, 18)]),
    ("near miss: drives taken", "Each node takes twelve 15.36 TB NVMe drives.", []),
    ("a set size made a rate", "The FX100 writes a block size of 1 MiB every microsecond.", [("FX501", 3, 34)]),
    ("per second", "A block size of 1 MiB per second per drive.", [("FX501", 3, 17)]),
    ("IOPS per drive", "The FX100 delivers 64K random read IOPS per drive.", [("FX501", 3, 20)]),
    ("near miss: a test named", "The 4K random read IOPS test uses a queue depth of 32.", []),
    # over the run, schedules, reading times
    ("takes over the run", f"Checkpoint saves take over the {R} run on NFS.", [("FX503", 3, 33)]),
    ("the run limit", f"With NFS, jobs go over the {R} run limit.", [("FX503", 3, 29)]),
    ("well over", f"Legacy arrays need well over the {R} run.", [("FX503", 3, 35)]),
    ("a colon", f"Endurance: over the {R} run.", [("FX503", 3, 22)]),
    ("near miss: during the run", f"Over the {R} run, it saved.", []),
    ("near miss: a modelled run", f"Over the {R} modelled run, bubbles shrink.", []),
    ("a schedule of finishing", "训练任务每 5 秒采样一次，而 NFS 每 60 秒才能完成一次。", [("FX501", 3, 23)]),
    ("a checkpoint recorded", "训练任务每 5 秒记录一次检查点。", [("FX501", 3, 7)]),
    ("near miss: sampling", "训练任务每 5 秒采样一次。", []),
    ("a reading in seconds", "故障切换阅读约需 5 秒。", [("FX501", 3, 10)]),
    ("near miss: a reading in minutes", "阅读约需 5 分钟。", []),
    # names still refused before
    ("Fibre Channel list", "The FX100 supports 16Gb, 32Gb and 64Gb Fibre Channel.", []),
    ("Ethernet ports in Chinese", "每个控制器提供 4 个 100Gb 以太网端口。", []),
    ("networks in Chinese", "支持 100Gb 以太网和 32Gb 光纤通道。", []),
    ("a stripe size chosen", "Choose a stripe size of 64 KiB or 128 KiB.", []),
    ("in Chinese", "条带大小可设为 64 KiB 或 128 KiB。", []),
    ("a list of drives", "Choose 7.68 TB, 15.36 TB or 30.72 TB NVMe SSDs.", []),
    ("drives counted", "The shelf takes 24 × 15.36 TB or 30.72 TB NVMe drives.", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind42(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors
