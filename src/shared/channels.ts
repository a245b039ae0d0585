// Channel names only, with no imports: the sandboxed preload can bundle this file safely.

export const INVOKE_CHANNELS = {
  getGpuState: 'gpu:get-state',
  getHostFacts: 'host:get-facts',
  checkHealth: 'health:check',
  startMonitor: 'monitor:start',
  stopMonitor: 'monitor:stop',
  openExternal: 'app:open-external',
  listInterpreters: 'diagnosis:list-interpreters',
  startDiagnosis: 'diagnosis:start',
  cancelDiagnosis: 'diagnosis:cancel',
  currentDiagnosis: 'diagnosis:current',
  dockerGetEngine: 'docker:get-engine',
  dockerListImages: 'docker:list-images',
  dockerStartPull: 'docker:pull-start',
  dockerCancelPull: 'docker:pull-cancel',
  dockerCompare: 'docker:compare',
  dockerCancelCompare: 'docker:compare-cancel',
  getRecommendations: 'recommend:get',
  checkTags: 'recommend:check-tags',
  renderReport: 'report:render',
  renderPdf: 'report:pdf',
  saveReport: 'report:save',
  mergeReports: 'report:merge',
  listHistory: 'history:list',
  loadHistory: 'history:load',
  compareHistory: 'history:compare',
  listGpuProcesses: 'gpu:processes',
  runWatch: 'watch:run',
  cancelWatch: 'watch:cancel',
} as const

export const EVENT_CHANNELS = {
  monitorSample: 'monitor:sample',
  monitorState: 'monitor:state',
  diagnosisProgress: 'diagnosis:progress',
  diagnosisDone: 'diagnosis:done',
  dockerEngineState: 'docker:engine-state',
  dockerPullProgress: 'docker:pull-progress',
  dockerPullDone: 'docker:pull-done',
  dockerCompareProgress: 'docker:compare-progress',
  watchProgress: 'watch:progress',
} as const

export type InvokeChannel = (typeof INVOKE_CHANNELS)[keyof typeof INVOKE_CHANNELS]
export type EventChannel = (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS]
