/**
 * Hands a document (text, or a PDF's bytes) to the user as a file: a Blob behind an <a download>
 * made here, clicked, removed. No path crosses the contract; the browser (or Electron's download
 * handling) asks where to put it.
 */
export function downloadFile(doc: Document, data: string | Uint8Array<ArrayBuffer>, name: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: mime }))
  const a = doc.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  a.hidden = true
  doc.body.append(a)
  a.click()
  a.remove()
  // The click starts the download synchronously; the URL may go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A picked file's text, through FileReader (UTF-8). */
export function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'))
    reader.readAsText(file)
  })
}
