import type { historyUiEn } from './en-history'

/** 历史记录的保存与读取；类型保证与英文的键一一对应。 */
export const historyUiZh: Record<keyof typeof historyUiEn, string> = {
  'hist.keeps': '历史记录保留最新的 {{count}} 次诊断，更早的会被删除（在 settings.json 中设置 historyLimit，或使用 GPU_DOCTOR_HISTORY_LIMIT）。',
  'hist.unreadable_one': '有 1 条已保存的诊断无法读取，未列出：',
  'hist.unreadable_other': '有 {{count}} 条已保存的诊断无法读取，未列出：',
  'hist.unreadableItem': '{{id}}：{{why}}',
  'hist.damage.empty': '文件为空',
  'hist.damage.cut-short': '文件不完整（被截断）',
  'hist.damage.not-json': '文件不是 JSON',
  'hist.damage.wrong-schema': '文件不是 GPU Doctor 的诊断',
  'hist.damage.unreadable': '文件无法打开',
  'hist.openFailed': '诊断 {{id}} 无法读取：{{why}}。',
  'hist.notFound': '诊断 {{id}} 已不在历史记录中。',
  'hist.saveFailed': '本次诊断没有保存到历史记录：{{why}}（{{path}}）。下面的结果是完整的；如需保留，请复制或保存报告。',
  'hist.why.not-writable': '文件夹不可写',
  'hist.why.no-space': '磁盘已满',
  'hist.why.cannot-create-folder': '无法在该位置创建文件夹',
  'hist.why.timeout': '磁盘未及时响应',
  'hist.why.other': '出现错误',
  'hist.pruned_one': '已保存。历史记录最多保留 {{keeps}} 次诊断，因此删除了最早的 1 条。',
  'hist.pruned_other': '已保存。历史记录最多保留 {{keeps}} 次诊断，因此删除了最早的 {{count}} 条。',
}
