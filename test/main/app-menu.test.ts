import { describe, expect, it, vi } from 'vitest'

import { aboutText, appMenuTemplate, type DesktopT } from '../../src/main/app-menu'
import { desktopEn, desktopZh } from '../../src/shared/i18n/desktop'
import { interpolate } from '../../src/shared/i18n/interpolate'

const tIn =
  (texts: Record<string, string>): DesktopT =>
  (key, params = {}) =>
    interpolate(texts[key] ?? key, params)

describe('the native menu', () => {
  it('File → Export report… and Help → About, in English and Chinese', () => {
    const exportReport = vi.fn()
    const showAbout = vi.fn()
    const en = appMenuTemplate(tIn(desktopEn), { exportReport, showAbout })
    expect(en.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help'])
    const file = en[0]!.submenu as Electron.MenuItemConstructorOptions[]
    expect(file[0]).toMatchObject({ label: 'Export report…', accelerator: 'CmdOrCtrl+E' })
    expect(file.at(-1)).toMatchObject({ role: 'quit' })
    const help = en[3]!.submenu as Electron.MenuItemConstructorOptions[]
    expect(help[0]).toMatchObject({ label: 'About GPU Doctor' })

    ;(file[0]!.click as () => void)()
    ;(help[0]!.click as () => void)()
    expect(exportReport).toHaveBeenCalledTimes(1)
    expect(showAbout).toHaveBeenCalledTimes(1)

    const zh = appMenuTemplate(tIn(desktopZh), { exportReport, showAbout })
    expect(zh.map((m) => m.label)).toEqual(['文件', '编辑', '视图', '帮助'])
    expect((zh[0]!.submenu as Electron.MenuItemConstructorOptions[])[0]!.label).toBe('导出报告…')
  })
})

describe('About', () => {
  it('names the app, Electron, Chromium and Node versions, and each data table with its dated version', () => {
    const text = aboutText(tIn(desktopEn), {
      appVersion: '0.1.0',
      versions: { electron: '45.4.1', chrome: '142.0.7444.59', node: '22.20.0' },
      dataTables: [
        { name: 'gpus', dataVersion: '2026-11-23.1' },
        { name: 'cuda-drivers', dataVersion: '2026-11-20.2' },
      ],
    })
    expect(text.title).toBe('About GPU Doctor')
    expect(text.message).toBe('GPU Doctor 0.1.0')
    expect(text.detail.split('\n')).toEqual([
      'Electron 45.4.1, Chromium 142.0.7444.59, Node.js 22.20.0',
      '',
      'Compatibility tables (version = date read):',
      '  gpus: 2026-11-23.1',
      '  cuda-drivers: 2026-11-20.2',
    ])
  })

  it('says so when no data table could be read, in Chinese too', () => {
    const text = aboutText(tIn(desktopZh), { appVersion: '0.1.0', versions: {}, dataTables: [] })
    expect(text.message).toBe('GPU Doctor 0.1.0')
    expect(text.detail).toContain('兼容性数据表：无法读取。')
  })
})
