// Reads the one [Desktop Entry] group of a .desktop file into key → value (Name[zh_CN] stays a key).
'use strict'

function parseDesktopEntry(text) {
  const entry = {}
  let inEntry = false
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    if (line.startsWith('[')) {
      inEntry = line === '[Desktop Entry]'
      continue
    }
    const eq = line.indexOf('=')
    if (inEntry && eq > 0) entry[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
  }
  return entry
}

module.exports = { parseDesktopEntry }
