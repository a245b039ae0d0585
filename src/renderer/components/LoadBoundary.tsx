import { Component, type ReactNode } from 'react'

interface Props {
  /** What stands in when the code could not be loaded (the server stopped while a chunk was on its way). */
  failed: ReactNode
  children: ReactNode
}

/**
 * Catches a lazily loaded part that failed to load, so one missing chunk (the server went away
 * meanwhile) costs that part only, never the whole page.
 */
export class LoadBoundary extends Component<Props, { error: boolean }> {
  override state = { error: false }

  static getDerivedStateFromError(): { error: boolean } {
    return { error: true }
  }

  override render(): ReactNode {
    return this.state.error ? this.props.failed : this.props.children
  }
}
