import { describe, expect, it } from 'vitest'

import { APP_ORIGIN, devServerUrl, originOf, trustedOrigins } from '../../src/main/app-url'
import type { SenderFacts, SenderPolicy } from '../../src/main/sender-policy'
import { checkSender, isAllowedOrigin } from '../../src/main/sender-policy'

const policy: SenderPolicy = {
  allowedOrigins: [APP_ORIGIN],
  isTrustedWebContents: (id) => id === 1,
}

function facts(url: string | null, isMainFrame = true, webContentsId = 1): SenderFacts {
  return { frame: url === null ? null : { url, isMainFrame }, webContentsId }
}

describe('checkSender', () => {
  it('accepts the main frame of our window on the app origin', () => {
    expect(checkSender(facts('app://gpu-doctor/index.html'), policy)).toEqual({ ok: true })
    expect(checkSender(facts('app://gpu-doctor/'), policy)).toEqual({ ok: true })
  })

  it('refuses a sender whose frame is gone', () => {
    expect(checkSender(facts(null), policy)).toEqual({ ok: false, reason: 'no-frame' })
  })

  it('refuses sub-frames, even on the app origin', () => {
    expect(checkSender(facts('app://gpu-doctor/index.html', false), policy)).toEqual({ ok: false, reason: 'sub-frame' })
  })

  it.each([
    'https://evil.example/',
    'file:///home/user/index.html',
    'app://gpu-doctor.evil.example/index.html',
    'app://evil/index.html',
    'app:gpu-doctor/index.html',
    'http://localhost:5173/',
    'about:blank',
    'data:text/html,<script>1</script>',
    'not a url',
    '',
  ])('refuses origin of %j', (url) => {
    expect(checkSender(facts(url), policy)).toEqual({ ok: false, reason: 'bad-origin' })
  })

  it('refuses a WebContents this app did not create', () => {
    expect(checkSender(facts('app://gpu-doctor/index.html', true, 2), policy)).toEqual({
      ok: false,
      reason: 'unknown-window',
    })
  })

  it('accepts the dev-server origin only when it is in the allowed list', () => {
    const dev = { ...policy, allowedOrigins: trustedOrigins('http://localhost:5173/') }
    expect(checkSender(facts('http://localhost:5173/index.html'), dev)).toEqual({ ok: true })
    expect(checkSender(facts('http://localhost:5174/'), dev).ok).toBe(false)
  })
})

describe('originOf', () => {
  it('gives custom standard schemes a comparable origin (URL.origin says "null")', () => {
    expect(new URL('app://gpu-doctor/x').origin).toBe('null')
    expect(originOf('app://gpu-doctor/a/b?c#d')).toBe('app://gpu-doctor')
  })

  it('ignores credentials and keeps ports', () => {
    expect(originOf('app://user:pw@gpu-doctor/')).toBe('app://gpu-doctor')
    expect(originOf('http://localhost:5173/x')).toBe('http://localhost:5173')
    expect(originOf('https://example.com:443/')).toBe('https://example.com')
  })

  it('is null for URLs without a host', () => {
    expect(originOf('about:blank')).toBeNull()
    expect(originOf('app:gpu-doctor')).toBeNull()
    expect(originOf('::')).toBeNull()
  })
})

describe('devServerUrl / trustedOrigins', () => {
  it('uses the dev server only unpackaged and only on loopback http', () => {
    expect(devServerUrl(false, 'http://localhost:5173/')).toBe('http://localhost:5173/')
    expect(devServerUrl(false, 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
    expect(devServerUrl(true, 'http://localhost:5173/')).toBeNull()
    expect(devServerUrl(false, 'http://evil.example:5173/')).toBeNull()
    expect(devServerUrl(false, 'https://localhost:5173/')).toBeNull()
    expect(devServerUrl(false, 'http://localhost.evil.example:5173/')).toBeNull()
    expect(devServerUrl(false, undefined)).toBeNull()
  })

  it('always trusts the app origin, plus the dev server when given', () => {
    expect(trustedOrigins(null)).toEqual([APP_ORIGIN])
    expect(trustedOrigins('http://localhost:5173/')).toEqual([APP_ORIGIN, 'http://localhost:5173'])
  })

  it('isAllowedOrigin compares whole origins, not prefixes', () => {
    expect(isAllowedOrigin('app://gpu-doctor/x', [APP_ORIGIN])).toBe(true)
    expect(isAllowedOrigin('app://gpu-doctorx/x', [APP_ORIGIN])).toBe(false)
    expect(isAllowedOrigin('app://gpu-doctor:8080/x', [APP_ORIGIN])).toBe(false)
  })
})
