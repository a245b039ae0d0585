// Texts of the desktop app's own chrome: the native menu and the About box.

export const desktopEn = {
  'menu.file': 'File',
  'menu.exportReport': 'Export report…',
  'menu.quit': 'Quit',
  'menu.edit': 'Edit',
  'menu.view': 'View',
  'menu.help': 'Help',
  'menu.about': 'About GPU Doctor',
  'about.title': 'About GPU Doctor',
  'about.message': 'GPU Doctor {{version}}',
  'about.runtime': 'Electron {{electron}}, Chromium {{chrome}}, Node.js {{node}}',
  'about.dataTables': 'Compatibility tables (version = date read):',
  'about.noDataTables': 'Compatibility tables: none could be read.',
  'export.failedTitle': 'The report could not be exported',
} as const

export const desktopZh: Record<keyof typeof desktopEn, string> = {
  'menu.file': '文件',
  'menu.exportReport': '导出报告…',
  'menu.quit': '退出',
  'menu.edit': '编辑',
  'menu.view': '视图',
  'menu.help': '帮助',
  'menu.about': '关于 GPU Doctor',
  'about.title': '关于 GPU Doctor',
  'about.message': 'GPU Doctor {{version}}',
  'about.runtime': 'Electron {{electron}}，Chromium {{chrome}}，Node.js {{node}}',
  'about.dataTables': '兼容性数据表（版本 = 读取日期）：',
  'about.noDataTables': '兼容性数据表：无法读取。',
  'export.failedTitle': '无法导出报告',
}

export type DesktopKey = keyof typeof desktopEn
