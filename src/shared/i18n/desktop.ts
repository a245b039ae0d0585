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
  'python.confirmTitle': 'Run this program as Python?',
  'python.confirmMessage': 'The page asks to run {{python}} as the Python for GPU Doctor. GPU Doctor did not find it among this machine\'s Pythons.',
  'python.confirmDetail': 'Run it only if you typed this path yourself and trust the program. GPU Doctor will remember your answer until it quits.',
  'python.confirmRun': 'Run it',
  'python.confirmCancel': 'Cancel',
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
  'python.confirmTitle': '要把这个程序作为 Python 运行吗？',
  'python.confirmMessage': '页面请求把 {{python}} 作为 GPU Doctor 使用的 Python 来运行。GPU Doctor 没有在本机找到的 Python 中发现它。',
  'python.confirmDetail': '只有在这个路径是你自己输入、并且你信任这个程序时才运行。GPU Doctor 会记住你的选择，直到退出。',
  'python.confirmRun': '运行',
  'python.confirmCancel': '取消',
}

export type DesktopKey = keyof typeof desktopEn
