// One-line step summaries (i18next namespace 'summaries'). `{{reason}}` is the first error finding's
// message; front ends translate it through the 'findings' namespace using the `findingId` param.

import type { MessageParams } from '../message'

export const summariesEn = {
  'skip.probe': 'Skipped: the probe could not run ({{reason}})',
  'skip.noTorch': 'Skipped: PyTorch could not be imported (see step 1)',
  'skip.cpuBuild': 'Skipped: this PyTorch is a CPU-only build (step 1)',
  'skip.noCuda': 'Skipped: PyTorch cannot use CUDA (step 1)',
  'skip.notRequested': 'Skipped: not requested',
  'skip.windows': 'Skipped on Windows: ldd and /proc/self/maps are Linux tools; DLL problems show as WinError 126 in step 1',
  'skip.noSmi': 'Skipped: nvidia-smi cannot sample this GPU',
  'skip.workload': 'Skipped: {{reason}}',
  'probe.failed': 'The probe could not run: {{reason}}',
  'workload.failed': 'The workload failed: {{reason}}',
  'workload.oom': 'The workload ran out of GPU memory; the memory is held by {{holders}}',
  'gpuVisible.noTorch': 'PyTorch cannot be imported by {{python}}',
  'gpuVisible.importFailed': 'PyTorch is installed but `import torch` fails: {{reason}}',
  'verdict.lowered': 'Lowered after a consistency check: {{reason}}',
  'gpuVisible.fail': 'PyTorch {{torch}} cannot use the GPU: {{reason}}',
  'gpuVisible.ok': 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPUs: {{names}}',
  'gpuVisible.ok_one': 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPU: {{names}}',
  'cudnn.fail': 'cuDNN is not in use: {{reason}}',
  'cudnn.shadowed': 'cuDNN {{found}} is loaded instead of {{built}}, the version torch was built with: another copy shadows the bundled one',
  'cudnn.ok': 'cuDNN {{version}} is loaded and enabled (cuDNN {{expected}} expected for torch {{torch}})',
  'ldd.missing': '{{count}} of torch\'s libraries cannot be found',
  'ldd.shadow': 'A different cuDNN than the bundled one is loaded',
  'ldd.stub': 'libcuda is the CUDA toolkit\'s stub ({{path}}), not the driver',
  'ldd.elsewhere': '{{count}} wheel libraries resolve outside the wheel, first {{name}}',
  'ldd.elsewhere_one': '{{count}} wheel library resolves outside the wheel: {{name}}',
  'ldd.noCuda': 'torch links no CUDA libraries (a CPU-only build)',
  'ldd.ok': '{{count}} CUDA libraries resolve; cuDNN mapped from {{cudnnFile}}',
  'sm.ok': 'SM {{load}}% under load (idle {{idle}}%), {{tflops}} TFLOP/s = {{percent}}% of peak',
  'sm.okMulti': 'Least busy of {{count}} GPUs: SM {{load}}% under load (idle {{idle}}%), {{tflops}} TFLOP/s = {{percent}}% of peak',
  'sm.noGpu': 'No GPU ran the load',
  'sm.contended': 'GPU {{gpu}} was already {{idle}}% busy before the load (another process): {{tflops}} TFLOP/s = {{percent}}% of peak while shared, not representative',
  'conv.ok': 'cuDNN on vs off: {{repOn}} ms vs {{repOff}} ms ({{repRatio}}×) on 256→256 3×3; seed case {{seedOn}} vs {{seedOff}} ms ({{seedRatio}}×)',
  'sm.someBusy': 'GPU {{busy}} was busy with another process ({{tflops}} TFLOP/s while shared); free: GPU {{free}} ({{freeTflops}} TFLOP/s): run there with {{command}}',
  'sm.allGpus': '{{count}} GPUs loaded at once: {{list}} TFLOP/s; SM ≥ {{load}}% under load',
  'skip.oneGpu': 'Skipped: one GPU is visible; the links step needs two or more',
  'sm.allGpusSequential': '{{count}} GPUs loaded one after another ({{setting}} enables expandable segments): {{list}} TFLOP/s; SM ≥ {{load}}% under load',
  'skip.afterCudaError': 'Not run: an earlier CUDA error in this process (step {{step}}) can leave CUDA unusable, so this result would not be about the links: {{error}}',
  'links.ok': '{{count}} GPUs: NCCL all-reduce {{busbw}} GB/s bus bandwidth (links allow {{expected}}) via {{transports}}; peer access {{peers}} of {{pairs}} pairs, copies {{min}}–{{max}} GB/s',
  'links.failed': '{{count}} GPUs: the NCCL all-reduce did not complete: {{reason}}',
  'conv.okMulti': 'cuDNN on vs off on GPU {{gpu}}: {{repOn}} ms vs {{repOff}} ms ({{repRatio}}×) on 256→256 3×3; seed {{seedOn}} vs {{seedOff}} ms ({{seedRatio}}×). Every GPU, 256→256 with cuDNN (ms): {{list}}',
  'conv.busyMark': ' (busy)',
} as const

export type SummaryKey = keyof typeof summariesEn

export const summariesZh: Record<SummaryKey, string> = {
  'skip.probe': '跳过：探针无法运行（{{reason}}）',
  'skip.noTorch': '跳过：无法导入 PyTorch（见第 1 步）',
  'skip.cpuBuild': '跳过：当前 PyTorch 是纯 CPU 版本（第 1 步）',
  'skip.noCuda': '跳过：PyTorch 无法使用 CUDA（第 1 步）',
  'skip.notRequested': '跳过：未选择此步骤',
  'skip.windows': 'Windows 上跳过：ldd 与 /proc/self/maps 是 Linux 工具；DLL 问题会在第 1 步以 WinError 126 的形式出现',
  'skip.noSmi': '跳过：nvidia-smi 无法采样这块 GPU',
  'skip.workload': '跳过：{{reason}}',
  'probe.failed': '探针无法运行：{{reason}}',
  'workload.failed': '负载运行失败：{{reason}}',
  'workload.oom': '负载运行时 GPU 显存不足；显存被 {{holders}} 占用',
  'gpuVisible.noTorch': '{{python}} 无法导入 PyTorch',
  'gpuVisible.importFailed': 'PyTorch 已安装，但 `import torch` 失败：{{reason}}',
  'verdict.lowered': '一致性检查后降级：{{reason}}',
  'gpuVisible.fail': 'PyTorch {{torch}} 无法使用 GPU：{{reason}}',
  'gpuVisible.ok': 'PyTorch {{torch}}（CUDA {{cuda}}）看到 {{count}} 块 GPU：{{names}}',
  'gpuVisible.ok_one': 'PyTorch {{torch}}（CUDA {{cuda}}）看到 {{count}} 块 GPU：{{names}}',
  'cudnn.fail': 'cuDNN 未被使用：{{reason}}',
  'cudnn.shadowed': '加载的是 cuDNN {{found}}，而不是 torch 编译时使用的 {{built}}：另一份副本覆盖了自带的那份',
  'cudnn.ok': 'cuDNN {{version}} 已加载并启用（torch {{torch}} 预期 cuDNN {{expected}}）',
  'ldd.missing': 'torch 有 {{count}} 个依赖库找不到',
  'ldd.shadow': '加载的 cuDNN 不是 PyTorch 自带的那一份',
  'ldd.stub': 'libcuda 是 CUDA 工具包的桩库（{{path}}），而不是驱动',
  'ldd.elsewhere': '{{count}} 个 pip 包中的库被解析到包外，首个为 {{name}}',
  'ldd.elsewhere_one': '{{count}} 个 pip 包中的库被解析到包外：{{name}}',
  'ldd.noCuda': 'torch 没有链接任何 CUDA 库（纯 CPU 版本）',
  'ldd.ok': '{{count}} 个 CUDA 库均已解析；cuDNN 实际映射自 {{cudnnFile}}',
  'sm.ok': '负载下 SM {{load}}%（空闲 {{idle}}%），{{tflops}} TFLOP/s = 峰值的 {{percent}}%',
  'sm.okMulti': '{{count}} 块 GPU 中最空闲的一块：负载下 SM {{load}}%（空闲 {{idle}}%），{{tflops}} TFLOP/s = 峰值的 {{percent}}%',
  'sm.noGpu': '没有 GPU 运行负载',
  'sm.contended': 'GPU {{gpu}} 在负载开始前已有 {{idle}}% 在忙（其他进程）：共享状态下 {{tflops}} TFLOP/s = 峰值的 {{percent}}%，不具代表性',
  'conv.ok': 'cuDNN 开 vs 关：256→256 3×3 卷积 {{repOn}} 毫秒 vs {{repOff}} 毫秒（{{repRatio}}×）；种子用例 {{seedOn}} vs {{seedOff}} 毫秒（{{seedRatio}}×）',
  'sm.someBusy': 'GPU {{busy}} 正被其他进程占用（共享状态下 {{tflops}} TFLOP/s）；空闲的 GPU {{free}}（{{freeTflops}} TFLOP/s）：用 {{command}} 在其上运行',
  'sm.allGpus': '{{count}} 块 GPU 同时加载：{{list}} TFLOP/s；负载下 SM ≥ {{load}}%',
  'skip.oneGpu': '跳过：只有一块 GPU 可见；互联检查需要两块或更多',
  'sm.allGpusSequential': '{{count}} 块 GPU 依次加载（{{setting}} 启用了 expandable segments）：{{list}} TFLOP/s；负载下 SM ≥ {{load}}%',
  'skip.afterCudaError': '未运行：本进程之前出现了 CUDA 错误（第 {{step}} 步），CUDA 可能已不可用，此时的结果与互联无关：{{error}}',
  'links.ok': '{{count}} 块 GPU：NCCL all-reduce 总线带宽 {{busbw}} GB/s（互联允许 {{expected}}），经由 {{transports}}；{{pairs}} 对中 {{peers}} 对可直接访问，拷贝 {{min}}–{{max}} GB/s',
  'links.failed': '{{count}} 块 GPU：NCCL all-reduce 未完成：{{reason}}',
  'conv.okMulti': 'GPU {{gpu}} 上 cuDNN 开 vs 关：256→256 3×3 卷积 {{repOn}} 毫秒 vs {{repOff}} 毫秒（{{repRatio}}×）；种子用例 {{seedOn}} vs {{seedOff}} 毫秒（{{seedRatio}}×）。各 GPU 的 256→256 卷积（开 cuDNN，毫秒）：{{list}}',
  'conv.busyMark': '（占用中）',
}

/**
 * English wordings of summaries that diagnoses saved by earlier versions carry, under the key that
 * says the same today (they were saved before steps had a summaryKey).
 */
const LEGACY_EN: ReadonlyArray<[SummaryKey, string]> = [
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPU: {{names}}'],
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPUs: {{names}}'],
  ['gpuVisible.ok', 'PyTorch {{torch}} (CUDA {{cuda}}) sees {{count}} GPU(s): {{names}}'],
  ['ldd.elsewhere', '{{count}} wheel librar(ies) resolve outside the wheel, first {{name}}'],
  ['skip.noCuda', 'Skipped: CUDA is not available to PyTorch'],
  ['skip.noCuda', 'Skipped: PyTorch cannot use CUDA'],
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Each English template as a regular expression with one group per placeholder; most literal text
 * first. Made on first use: building them is a millisecond of every start that never needs them.
 * The singular forms (`_one`) are left out: the key without the suffix says the same (i18next picks
 * the form from the count).
 */
let matchers: ReturnType<typeof makeMatchers> | null = null
const makeMatchers = () =>
  [...(Object.entries(summariesEn) as Array<[SummaryKey, string]>).filter(([key]) => !key.endsWith('_one')), ...LEGACY_EN]
    .map(([key, template]) => {
      const names: string[] = []
      const parts = template.split(/\{\{(\w+)\}\}/)
      const source = parts.map((part, i) => (i % 2 === 1 ? (names.push(part), '(.+?)') : escapeRegExp(part))).join('')
      const literal = parts.filter((_, i) => i % 2 === 0).join('').length
      return { key, names, re: new RegExp(`^${source}$`, 's'), literal }
    })
    .sort((a, b) => b.literal - a.literal)

interface SummaryFinding {
  id: string
  severity?: string
  message: string
  params?: MessageParams
}

/**
 * The key and params of an English summary saved without them (diagnoses from before summary
 * keys), found by matching it against the English templates; a `{{reason}}` that is a finding's
 * message gets that finding's id, so it is translated too. Null when no template matches.
 */
export function recoverSummary(summary: string, findings: readonly SummaryFinding[] = []): { key: SummaryKey; params: MessageParams } | null {
  for (const m of (matchers ??= makeMatchers())) {
    const match = m.re.exec(summary)
    if (!match) continue
    const params: MessageParams = {}
    m.names.forEach((name, i) => (params[name] = match[i + 1]!))
    if (typeof params.reason === 'string') {
      const finding = findings.find((f) => f.message === params.reason)
      if (finding) params.findingId = finding.id
    }
    return { key: m.key, params }
  }
  return null
}

/**
 * Translates a step summary with any `t` (i18next or not); the reason follows the finding's
 * language (with that finding's own params). A summary saved without its key is recognised by its
 * English text where it can be.
 */
export function translateSummary(
  step: { summary: string; summaryKey?: string | null; summaryParams?: MessageParams; findings?: readonly SummaryFinding[] },
  t: (key: string, options: Record<string, unknown>) => string,
): string {
  const said = step.summaryKey ? { key: step.summaryKey, params: step.summaryParams ?? {} } : recoverSummary(step.summary, step.findings)
  if (!said) return step.summary
  const params: Record<string, unknown> = { ...said.params }
  // A count recovered from saved English text is a string; i18next picks the plural form from a number.
  if (typeof params.count === 'string' && /^\d+$/.test(params.count)) params.count = Number(params.count)
  if (typeof params.findingId === 'string') {
    const finding = step.findings?.find((f) => f.id === params.findingId)
    params.reason = t(`${params.findingId}.message`, { ns: 'findings', ...(finding?.params ?? {}), defaultValue: params.reason })
  }
  // Step 5's list of GPUs marks a busy one in the core's English: in the reader's words here.
  if (typeof params.list === 'string') params.list = params.list.replaceAll(' (busy)', t('conv.busyMark', { ns: 'summaries', defaultValue: ' (busy)' }))
  return t(said.key, { ns: 'summaries', ...params, defaultValue: step.summary })
}
