// Saving a report from the app: a native save dialog (main picks the path, never the renderer),
// and printToPDF in a hidden, script-less window for PDF.
import type { BrowserWindow as BrowserWindowType, SaveDialogOptions } from 'electron'

import { verifyNotEmpty, verifyPdf, writeOutputFile } from '../core/app/output-file'

export interface SaveDeps {
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>
  printHtmlToPdf(html: string): Promise<Buffer>
}

const FILTERS: Record<string, SaveDialogOptions['filters']> = {
  md: [{ name: 'Markdown', extensions: ['md'] }],
  html: [{ name: 'HTML', extensions: ['html'] }],
  json: [{ name: 'JSON', extensions: ['json'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
}

/** The core's `saveDocument` option for the app. */
export function createSaveDocument(deps: SaveDeps) {
  return async (doc: { format: 'md' | 'html' | 'json' | 'pdf'; text: string; suggestedName: string }) => {
    const choice = await deps.showSaveDialog({ defaultPath: doc.suggestedName, filters: FILTERS[doc.format] })
    if (choice.canceled || !choice.filePath) return { saved: false, path: null }
    const body = doc.format === 'pdf' ? await deps.printHtmlToPdf(doc.text) : doc.text
    // Temporary file, checked, renamed: a failed save throws (IPC `not-written`) and leaves the old file.
    await writeOutputFile(choice.filePath, body, doc.format === 'pdf' ? verifyPdf : verifyNotEmpty)
    return { saved: true, path: choice.filePath }
  }
}

/**
 * Renders self-contained report HTML to PDF. The window never shows, runs no script, has no
 * preload and is destroyed whatever happens.
 */
export async function printHtmlToPdf(html: string, BrowserWindow: typeof BrowserWindowType): Promise<Buffer> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, javascript: false, disableBlinkFeatures: 'Auxclick' },
  })
  try {
    await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    return await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' })
  } finally {
    win.destroy()
  }
}
