import { useSyncExternalStore } from 'react'

export const PAGES = ['monitor', 'diagnose', 'images', 'report'] as const
export type Page = (typeof PAGES)[number]

/** The page a location hash names: '#diagnose' → 'diagnose', '#images', '#report'; anything else is the live monitor. */
export function pageFromHash(hash: string): Page {
  const name = hash.replace(/^#\/?/, '')
  return (PAGES as readonly string[]).includes(name) ? (name as Page) : 'monitor'
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/** The page in the location hash, so a reload or a shared link keeps it. */
export function usePage(): Page {
  return useSyncExternalStore(subscribe, () => pageFromHash(window.location.hash))
}

export function goTo(page: Page): void {
  window.location.hash = page === 'monitor' ? '' : page
}
