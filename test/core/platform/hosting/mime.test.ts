import { describe, expect, it } from 'vitest'

import { contentTypeOf } from '../../../../src/core/platform/hosting'

describe('contentTypeOf', () => {
  it.each([
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.mjs', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['index.html', 'text/html; charset=utf-8'],
    ['icon.svg', 'image/svg+xml'],
    ['font.woff2', 'font/woff2'],
    ['FONT.WOFF2', 'font/woff2'],
    ['index.js.map', 'application/json; charset=utf-8'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type)
  })

  it.each(['run.sh', 'a.exe', 'noext', '.constructor', 'a.__proto__', 'a.toString'])('does not serve %s', (name) => {
    expect(contentTypeOf(name)).toBeNull()
  })
})
