/** The HTML report's whole stylesheet: inline, no web fonts, light on screen and on paper. */
export const REPORT_CSS = `
:root { color-scheme: light; --fg: #111827; --muted: #4b5563; --line: #e5e7eb; --pass: #047857; --warn: #b45309; --fail: #b91c1c; --skip: #6b7280; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 980px; padding: 24px 28px 48px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: var(--fg); background: #fff; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; }
h4 { font-size: 13px; margin: 14px 0 4px; color: var(--muted); text-transform: none; }
p { margin: 6px 0; }
.meta { color: var(--muted); margin: 0 0 16px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
td:last-child { overflow-wrap: anywhere; }
th { background: #f3f4f6; font-weight: 600; }
table.facts th { width: 32%; }
code { font: 12px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #f3f4f6; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
pre { font: 12px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #f3f4f6; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }
.verdict { display: inline-block; white-space: nowrap; min-width: 4.5em; padding: 0 6px; border-radius: 4px; font-weight: 700; font-size: 12px; letter-spacing: 0.03em; text-align: center; border: 1px solid var(--skip); color: var(--skip); background: #f3f4f6; }
.verdict.pass { color: #fff; background: var(--pass); border-color: var(--pass); } .verdict.warn { color: #fff; background: var(--warn); border-color: var(--warn); } .verdict.fail { color: #fff; background: var(--fail); border-color: var(--fail); }
.step { border: 1px solid var(--line); border-left: 5px solid var(--skip); border-radius: 6px; padding: 8px 14px 4px; margin: 14px 0; }
.step.pass { border-left-color: var(--pass); } .step.warn { border-left-color: var(--warn); } .step.fail { border-left-color: var(--fail); }
.step h3 { margin-top: 4px; display: flex; gap: 10px; align-items: baseline; }
.summary { font-weight: 600; }
.what { color: var(--muted); font-size: 13px; }
.finding { border-left: 3px solid var(--skip); padding: 2px 10px; margin: 8px 0; }
.finding.error { border-left-color: var(--fail); } .finding.warning { border-left-color: var(--warn); }
.finding .fix { margin-top: 2px; }
.sev { display: inline-block; padding: 0 5px; border-radius: 3px; border: 1px solid currentColor; font-size: 11px; font-weight: 700; text-transform: uppercase; color: var(--muted); }
.sev.error { color: var(--fail); } .sev.warning { color: var(--warn); }
.chart { display: block; max-width: 680px; margin: 8px 0 12px; }
.note { color: var(--muted); font-size: 12px; }
.privacy { padding: 6px 10px; background: #f0fdf4; border: 1px solid #bbf7d0; border-radius: 4px; font-size: 12px; }
.privacy.off { background: #fff7ed; border-color: #fed7aa; }
.differs td.flag, td.flag { background: #fef3c7; font-weight: 600; }
.read-now { border: 1px dashed #9ca3af; border-radius: 6px; padding: 0 14px 8px; margin: 28px 0 0; background: #f9fafb; }
.read-now h2 { margin-top: 12px; }
.warning-box { padding: 8px 12px; background: #fef3c7; border: 1px solid #f59e0b; border-radius: 4px; margin: 8px 0; }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  h2 { break-after: avoid; page-break-after: avoid; }
  h3, h4 { break-after: avoid; }
  .step, .finding, tr, .chart, table.facts { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  th { background: #f3f4f6 !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .verdict, .sev, .step, .privacy, td.flag, .warning-box { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
`
