"""One message catalogue: every string fxsite writes on a page, in each language.

:data:`MESSAGES` holds one table per language, English (``en``) and
Simplified Chinese (``zh``), with the same keys; a value may hold
``{fields}`` that :func:`message` fills in. A language fxsite does not write,
or a key its table lacks, falls back to English. Markup in a value is fxsite's
own (``<span class="fx-mark">``); a value is inserted into HTML as it is.
"""

from __future__ import annotations

import json
import re

__all__ = ["DEFAULT", "LABEL_WORDS", "LANGUAGES", "MESSAGES", "message", "script_messages"]

DEFAULT = "en"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # Generated pages: the Evidence Library's navigation label and headings
        "library.title": "Evidence Library",
        "faq": "Frequently asked questions",
        "sources": "Data sources",
        "related": "Related reading",
        "sources_none": "This page cites no evidence records.",
        "related_none": "No related pages yet.",
        "faq_none": "No page has questions yet.",
        "label.measured": "measured",
        "label.spec": "vendor spec",
        "label.public": "public source",
        "label.estimate": "estimate",
        "legend": "Markers",
        "legend.link": (
            '<span class="fx-legend-sample">underlined</span> a figure links to the '
            'record behind it<span class="fx-on-screen">; hover, focus or tap it for its '
            "evidence card</span>"
        ),
        "legend.id": (
            '<span class="fx-mark fx-mark--id">{id}</span> the test report or record behind '
            "the figure it follows; each one is in the Evidence Library"
        ),
        "legend.estimate": (
            '<span class="fx-mark">{mark}</span> an estimate from a model, '
            "not a measurement; its figures are underlined with dashes"
        ),
        "estimate.one": (
            'Figures marked <span class="fx-mark">{mark}</span> are estimates from a model, '
            "not measurements: {models}. Its assumptions and formulas are on its record page."
        ),
        "estimate.many": (
            'Figures marked <span class="fx-mark">{mark}</span> are estimates from models, '
            "not measurements: {models}. Their assumptions and formulas are on their "
            "record pages."
        ),
        "list_sep": ", ",
        "mark.estimate": "est.",
        # A claim's tooltip and screen-reader text: "measured, report R1"
        "source.measured": "measured, report {id}",
        "source.spec": "vendor spec, record {id}",
        "source.public": "public source, record {id}",
        "source.estimate": "estimate from model {id}",
        "versus": "vs {baseline}",
        "setup": "Test condition ({name}) of {noun} {id}",
        "setup.spoken": "test condition, {noun} {id}",
        "noun.measured": "report",
        "noun.spec": "record",
        "noun.public": "record",
        "noun.estimate": "model",
        "spoken": " ({label})",
        # A claim's evidence card (fxsite.js draws it; the build writes these words into it)
        "card.view": "View evidence →",
        "card.close": "Close",
        "card.baseline": "Baseline",
        "card.source": "Source",
        "card.source.measured": "Report {id}",
        "card.source.spec": "Vendor spec, record {id}",
        "card.source.public": "Public source, record {id}",
        "card.source.estimate": "Model {id}",
        "card.setup": "Test condition ({name})",
        # The source line of a headline card (evidence-stats)
        "stat.measured": "Measured · {id}",
        "stat.spec": "Vendor spec · {id}",
        "stat.public": "Public source · {id}",
        "stat.estimate": "Estimate · model {id}",
        "stat.setup": "Test condition · {id}",
        # After a link to a page in another language: "Training bubbles (English)"
        "other_language": " ({name})",
        # The language switch's entry where a page has no version in its language
        "alternate.missing": "{name} (no English version)",
        "name.en": "English",
        "name.zh": "Chinese",
        # A heading's permalink title on a page in another language than the site's
        "permalink": "Permanent link",
        # Setup keys a tooltip names ("Test condition (baseline) of report R1")
        "setup.name.baseline": "baseline",
        "setup.name.system": "system under test",
        "setup.name.workload": "workload",
        "setup.name.workloads": "workloads",
        "setup.name.platform": "platform",
        "setup.name.gpus": "GPUs",
        "setup.name.basis": "basis of the projection",
        # Charts: the source line under a chart, its data table's column headings
        "chart.source": "Source: {records}",
        "chart.sources": "Sources: {records}",
        "chart.record": "{id} ({labels})",
        "chart.baseline": "baseline: {baseline}",
        "chart.col.group": "Group",
        "chart.col.bar": "Bar",
        "chart.col.value": "Value",
        "chart.col.evidence": "Evidence",
        "chart.col.label": "Label",
        # Record pages (result sheets) and the Evidence Library's summary line
        "library.summary": "{count} records: {labels}.",
        "library.none": "No record can be read yet.",
        "library.page": "{title}, page {page} of {pages}",
        "library.pages": "Pages of the Evidence Library",
        "record.provenance": "Provenance",
        "record.id": "Report ID",
        "record.model_id": "Model ID",
        "record.issuer": "Issuer",
        "record.date": "Test date",
        "record.document": "Document",
        "record.unpublished": "(not published)",
        "record.sha256": "SHA-256",
        "record.url": "Public copy",
        "record.setup": "Test setup",
        "record.model_setup": "Model setup",
        "record.figures": "Figures",
        "record.assumptions": "Assumptions",
        "record.derived": "Derived figures",
        "record.results": "Results",
        "record.figure": "Figure",
        "record.value": "Value",
        "record.label": "Label",
        "record.cited": "Cited by",
        "record.cited_count": "Cited on pages ({count})",
        "record.cited_none": "Not cited on any page yet.",
        "library.unreadable": "Could not be read, so not listed below: {ids}.",
        "record.unreadable": (
            "This record could not be read: the errors below say what to fix in "
            "<code>{path}</code>. Its page comes back once they are fixed."
        ),
        "record.permalink": "Permanent link to this figure",
        "record.computed_as": "Computed as",
        "record.source_states": "the source states {value}",
        "record.invariants": "How the figures agree",
        "record.unrounded": (
            "Computed from the figures as their formulas give them, not as shown rounded: {figures}."
        ),
        "record.invariants_lead": (
            "Each relation below is computed again from the figures by every build and by "
            "fxsite audit, and compared with the figure it should match: it holds when the "
            "two differ by no more than the difference the record allows. The note under "
            "each says why the relation is stated."
        ),
        "record.relation": "Computed",
        "record.equals": "Compared with",
        "record.within": "Difference allowed",
        "record.apart": "found:",
        "record.check": "Result",
        "record.holds": "holds",
        "record.fails": "does not hold",
        "record.notes": "Notes",
        # The evidence-consistency block (fxsite.pages.consistency)
        "consistency.held.one": "{done} of {total} invariant holds",
        "consistency.held.many": "{done} of {total} invariants hold",
        "consistency.no_invariant": "No record declares an invariant",
        "consistency.found.one": "{done} of {total} figure was found in its report document",
        "consistency.found.many": "{done} of {total} figures were found in their report documents",
        "consistency.none_looked": "no figure was looked for in a report document",
        "consistency.summary": "{invariants}; {documents}.",
        "consistency.record": "Record",
        "consistency.invariants": "Invariants",
        "consistency.document": "Report document",
        "consistency.row_held": "{done} of {total} hold",
        "consistency.row_none_declared": "none declared",
        "consistency.row_no_document": "no report document",
        "consistency.row_found": "{done} of {total} found in {document}",
        "consistency.row_none_looked": "none looked for in {document}",
        "consistency.fails": "does not hold",
        "consistency.unchecked": "cannot be checked",
        "consistency.broken": "{record}: {expr} equals {equals} {why}",
        "consistency.missing": "{record} is not stated in {document}",
        "consistency.all_hold": "Every invariant holds",
        "consistency.all_found": "Every figure looked for was found in its report document",
        "consistency.both": "Every invariant holds, and every figure looked for was found in its report document",
        "consistency.end": ".",
        "consistency.empty": "No record declares an invariant or a report document.",
    },
    "zh": {
        "library.title": "证据库",
        "faq": "常见问题",
        "sources": "数据来源",
        "related": "相关阅读",
        "sources_none": "本页未引用证据记录。",
        "related_none": "暂无相关页面。",
        "faq_none": "还没有页面提出问题。",
        "label.measured": "实测",
        "label.spec": "厂商规格",
        "label.public": "公开来源",
        "label.estimate": "估算",
        "legend": "标记说明",
        "legend.link": (
            '<span class="fx-legend-sample">下划线</span>：数字链接到其背后的证据记录'
            '<span class="fx-on-screen">；悬停、聚焦或轻点可查看证据卡片</span>'
        ),
        "legend.id": (
            '<span class="fx-mark fx-mark--id">{id}</span>：其前数字所依据的测试报告或记录，'
            "均可在证据库中查阅"
        ),
        "legend.estimate": (
            '<span class="fx-mark">{mark}</span>：模型估算，而非实测；估算数字带虚线下划线'
        ),
        "estimate.one": (
            '标有<span class="fx-mark">{mark}</span>的数字是模型估算，而非实测：{models}。'
            "其假设和公式见该模型的记录页。"
        ),
        "estimate.many": (
            '标有<span class="fx-mark">{mark}</span>的数字是模型估算，而非实测：{models}。'
            "其假设和公式见各模型的记录页。"
        ),
        "list_sep": "、",
        "mark.estimate": "估算",
        "source.measured": "实测，报告 {id}",
        "source.spec": "厂商规格，记录 {id}",
        "source.public": "公开来源，记录 {id}",
        "source.estimate": "模型 {id} 估算",
        "versus": "对比 {baseline}",
        "setup": "{noun} {id} 的测试条件（{name}）",
        "setup.spoken": "测试条件，{noun} {id}",
        "noun.measured": "报告",
        "noun.spec": "记录",
        "noun.public": "记录",
        "noun.estimate": "模型",
        "spoken": "（{label}）",
        "card.view": "查看证据 →",
        "card.close": "关闭",
        "card.baseline": "基线",
        "card.source": "来源",
        "card.source.measured": "报告 {id}",
        "card.source.spec": "厂商规格，记录 {id}",
        "card.source.public": "公开来源，记录 {id}",
        "card.source.estimate": "模型 {id}",
        "card.setup": "测试条件（{name}）",
        "stat.measured": "实测 · {id}",
        "stat.spec": "厂商规格 · {id}",
        "stat.public": "公开来源 · {id}",
        "stat.estimate": "估算 · 模型 {id}",
        "stat.setup": "测试条件 · {id}",
        "other_language": "（{name}）",
        "alternate.missing": "{name}（此页无中文版）",
        "name.en": "英文",
        "name.zh": "中文",
        "permalink": "永久链接",
        "setup.name.baseline": "基线",
        "setup.name.system": "被测系统",
        "setup.name.workload": "负载",
        "setup.name.workloads": "负载",
        "setup.name.platform": "平台",
        "setup.name.gpus": "GPU 数",
        "setup.name.basis": "预测依据",
        "chart.source": "来源：{records}",
        "chart.sources": "来源：{records}",
        "chart.record": "{id}（{labels}）",
        "chart.baseline": "基准：{baseline}",
        "chart.col.group": "分组",
        "chart.col.bar": "项目",
        "chart.col.value": "数值",
        "chart.col.evidence": "证据",
        "chart.col.label": "标签",
        "library.summary": "共 {count} 条记录：{labels}。",
        "library.none": "尚无可读取的记录。",
        "library.page": "{title}（第 {page} 页，共 {pages} 页）",
        "library.pages": "证据库分页",
        "record.provenance": "来源信息",
        "record.id": "报告编号",
        "record.model_id": "模型编号",
        "record.issuer": "出具方",
        "record.date": "测试日期",
        "record.document": "报告文件",
        "record.unpublished": "（未公开）",
        "record.sha256": "SHA-256 哈希值",
        "record.url": "公开副本",
        "record.setup": "测试条件",
        "record.model_setup": "模型设定",
        "record.figures": "指标",
        "record.assumptions": "假设",
        "record.derived": "推导指标",
        "record.results": "结果",
        "record.figure": "指标",
        "record.value": "数值",
        "record.label": "标签",
        "record.cited": "引用页面",
        "record.cited_count": "引用页面（{count}）",
        "record.cited_none": "尚无页面引用。",
        "library.unreadable": "以下记录无法读取，未列入下表：{ids}。",
        "record.unreadable": "此记录无法读取：请按下方错误修改 <code>{path}</code>，修正后此页即恢复。",
        "record.permalink": "此指标的永久链接",
        "record.computed_as": "计算方式",
        "record.source_states": "来源写作 {value}",
        "record.invariants": "指标之间如何吻合",
        "record.unrounded": "按公式给出的未舍入值计算，而非显示的舍入值：{figures}。",
        "record.invariants_lead": (
            "下列每个关系都由每次构建和 fxsite audit 根据指标重新计算，并与应当吻合的指标比较："
            "两者之差不超过记录允许的差值即为成立。每项下方的说明解释为何声明该关系。"
        ),
        "record.relation": "计算",
        "record.equals": "比较对象",
        "record.within": "允许差值",
        "record.apart": "实际：",
        "record.check": "结果",
        "record.holds": "成立",
        "record.fails": "不成立",
        "record.notes": "说明",
        "consistency.held.one": "{total} 个不变式中 {done} 个成立",
        "consistency.held.many": "{total} 个不变式中 {done} 个成立",
        "consistency.no_invariant": "没有记录声明不变式",
        "consistency.found.one": "{total} 个数字中 {done} 个在其报告文件中找到",
        "consistency.found.many": "{total} 个数字中 {done} 个在其报告文件中找到",
        "consistency.none_looked": "没有在报告文件中查找任何数字",
        "consistency.summary": "{invariants}；{documents}。",
        "consistency.record": "记录",
        "consistency.invariants": "不变式",
        "consistency.document": "报告文件",
        "consistency.row_held": "{total} 个中 {done} 个成立",
        "consistency.row_none_declared": "未声明",
        "consistency.row_no_document": "无报告文件",
        "consistency.row_found": "在 {document} 中找到 {total} 个中的 {done} 个",
        "consistency.row_none_looked": "未在 {document} 中查找",
        "consistency.fails": "不成立",
        "consistency.unchecked": "无法检验",
        "consistency.broken": "{record}：{expr} 等于 {equals}，{why}",
        "consistency.missing": "{record} 未在 {document} 中写明",
        "consistency.all_hold": "所有不变式均成立",
        "consistency.all_found": "查找的每个数字均在其报告文件中找到",
        "consistency.both": "所有不变式均成立，查找的每个数字均在其报告文件中找到",
        "consistency.end": "。",
        "consistency.empty": "没有记录声明不变式或报告文件。",
    },
}


#: The languages the catalogue writes.
LANGUAGES = tuple(MESSAGES)


def message(key: str, lang: str, /, **values: str) -> str:
    """The message ``key`` in ``lang``, its ``{fields}`` filled (English where ``lang`` lacks it).

    An unknown key raises :class:`KeyError`: every key is in the English table.
    """
    table = MESSAGES.get(lang, MESSAGES[DEFAULT])
    text = table.get(key, MESSAGES[DEFAULT][key])
    return text.format(**values) if values else text


#: The words the build writes for a record's label, in every language ("measured", "vendor
#: spec", "实测"…), and "measured", "measurement" and "estimate" (not "spec" and "public",
#: words of much else): a text a page does not show that holds one says what the evidence
#: does not (a search entry, :mod:`fxsite.verify.scan`).
LABEL_WORDS = re.compile(
    "|".join(
        rf"\b{re.escape(word)}\b" if word.isascii() else re.escape(word)
        for word in sorted(
            {t for table in MESSAGES.values() for k, t in table.items() if k.startswith("label.")}
            | {"measured", "measurement", "estimate"},
            key=len,
            reverse=True,
        )
    ),
    re.IGNORECASE,
)


#: The messages fxsite.js draws: a claim's evidence card and its label words.
SCRIPT_KEYS = ("card.", "label.")


def script_messages() -> str:
    """The messages of :data:`SCRIPT_KEYS` in every language, as a JSON object."""
    tables = {
        lang: {key: text for key, text in table.items() if key.startswith(SCRIPT_KEYS)}
        for lang, table in MESSAGES.items()
    }
    return json.dumps(tables, sort_keys=True)
