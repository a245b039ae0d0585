// A path typed in the page as "another Python" runs only once the user confirms it here, in a native
// dialog the page cannot draw or click: a compromised renderer cannot make main run a program alone.
import type { MessageBoxOptions } from 'electron'

import type { DesktopT } from './app-menu'

export interface ConfirmDeps {
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>
  t: DesktopT
}

/** The core's `confirmInterpreter` for the app: true only when the user pressed "Run it". */
export function createConfirmInterpreter(deps: ConfirmDeps): (python: string) => Promise<boolean> {
  return async (python) => {
    const shown = python.length > 300 ? `${python.slice(0, 300)}…` : python
    const { response } = await deps.showMessageBox({
      type: 'question',
      title: deps.t('python.confirmTitle'),
      message: deps.t('python.confirmMessage', { python: shown }),
      detail: deps.t('python.confirmDetail'),
      buttons: [deps.t('python.confirmCancel'), deps.t('python.confirmRun')],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    })
    return response === 1
  }
}
