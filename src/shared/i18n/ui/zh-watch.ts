import type { watchUiEn } from './en-watch'

/** 进程表与“观察”对话框的界面文字。 */
export const watchUiZh: Record<keyof typeof watchUiEn, string> = {
  'processes.title': '这块 GPU 上的进程',
  'processes.count': '进程：{{count}} 个',
  'processes.refresh': '刷新',
  'processes.loading': '正在读取进程…',
  'processes.none': '这块 GPU 上没有计算进程。',
  'processes.error': '无法列出进程：{{message}}',
  'processes.col.pid': 'PID',
  'processes.col.user': '用户',
  'processes.col.command': '命令',
  'processes.col.container': '容器',
  'processes.col.sm': 'SM',
  'processes.col.memory': '显存',
  'processes.seconds': '观察时长',
  'processes.secondsValue': '{{count}} 秒',
  'processes.watch': '观察',
  'processes.watchLabel': '观察 PID {{pid}} {{seconds}} 秒，说明瓶颈在哪里',
  'watch.dialogTitle': '正在观察 PID {{pid}}',
  'watch.running': '{{elapsed}} / {{seconds}} 秒',
  'watch.smNow': '当前 SM：{{sm}}',
  'watch.cancel': '取消',
  'watch.close': '关闭',
  'watch.cancelled': '已取消：没有结论。',
  'watch.failed': '无法观察：{{message}}',
  'watch.evidence': '证据',
}
