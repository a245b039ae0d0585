import type { Finding, StepResult } from '../../../shared/diagnosis'
import { makeFinding } from '../../rules/finding-catalog'
import { parseLdd } from '../../rules/parse-ldd'
import { classifyLibrary } from '../library-origin'
import type { DiagnosisInputs } from '../step-inputs'
import { statusFrom, stepResult, summary, torchReport } from '../step-inputs'

const KEY_LIBS = /^lib(cudart|cublas|cublasLt|cudnn|nccl|nvrtc|nvJitLink|cusparse|cufft|curand|cusolver)\b/

export interface LinkedLibrary {
  name: string
  path: string | null
  origin: string | null
  why: string | null
  neededBy: string
}

/** Step 3: where torch's CUDA libraries resolve from, what is missing, and which cuDNN is really mapped. */
export function lddLinkageStep(inputs: DiagnosisInputs): StepResult {
  if (inputs.platform === 'win32') return stepResult('ldd-linkage', 'skip', summary('skip.windows'), {})
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('ldd-linkage', 'skip', got.skip, {})
  const r = got.report
  const ctx = {
    ldLibraryPath: (r.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean),
    condaPrefix: r.env.CONDA_PREFIX ?? r.python?.condaPrefix ?? null,
  }
  const libraries: LinkedLibrary[] = []
  const findings: Finding[] = []
  for (const ldd of r.libraries?.ldd ?? []) {
    const file = ldd.file.split('/').pop() ?? ldd.file
    for (const entry of parseLdd(ldd.output)) {
      if (entry.notFound) {
        libraries.push({ name: entry.name, path: null, origin: null, why: null, neededBy: file })
        const id = /^libcudnn/.test(entry.name) ? 'bundled-cudnn-not-found' : 'library-not-found'
        findings.push(makeFinding(id, 'error', { library: entry.name, file }, `${file}: ${entry.name} => not found`))
      } else if (entry.path && KEY_LIBS.test(entry.name)) {
        const { origin, why, path } = classifyLibrary(entry.name, entry.path, ctx)
        libraries.push({ name: entry.name, path, origin, why, neededBy: file })
      }
    }
  }
  const mapsWorkload = r.workloads?.['cudnn-maps']
  const mapped = mapsWorkload && 'mapped' in mapsWorkload ? (mapsWorkload.mapped ?? []) : (r.mappedLibraries ?? [])
  const mappedCudnn = mapped.filter((p) => /\/libcudnn[^/]*\.so/.test(p))
  const bundledCudnnDir = libraries.find((l) => l.name.startsWith('libcudnn') && l.origin === 'wheel')?.path?.replace(/\/[^/]+$/, '')
  const strayCudnn = bundledCudnnDir ? mappedCudnn.filter((p) => !p.startsWith(bundledCudnnDir)) : []
  if (strayCudnn.length) findings.push(makeFinding('cudnn-shadowed-by-system-copy', 'error', { paths: strayCudnn.join(', ') }, strayCudnn.join('\n')))
  const cudaToolkitShadow = libraries.filter((l) => /^libcu(blas|dart)/.test(l.name) && (l.origin === 'ld-library-path' || l.origin === 'cuda-toolkit'))
  if (cudaToolkitShadow.length && r.cudnnCopies.some((c) => /site-packages\/nvidia\//.test(c.path)))
    findings.push(makeFinding('system-cuda-libs-shadow-wheel-libs', 'warning', { paths: cudaToolkitShadow.map((l) => l.path).join(', ') }))
  const loadedDirs = new Set(mappedCudnn.map((p) => p.replace(/\/[^/]+$/, '')))
  const otherCopies = r.cudnnCopies.filter((c) => !loadedDirs.has(c.path.replace(/\/[^/]+$/, '')) && !/libcudnn_graph/.test(c.path))
  if (otherCopies.length) {
    const risky = otherCopies.some((c) => ctx.ldLibraryPath.some((d) => c.path.startsWith(d)))
    findings.push(makeFinding('other-cudnn-copies', risky ? 'warning' : 'info', { count: otherCopies.length, paths: otherCopies.map((c) => c.path).join(', ') }))
  }
  const evidence = { libraries, mappedAfterCudnnOp: mapped, mappedCudnn, otherCudnnCopies: otherCopies, ldLibraryPath: ctx.ldLibraryPath, inspected: r.libraries?.inspected ?? [] }
  const status = statusFrom(findings)
  const missing = libraries.filter((l) => !l.path).length
  const cudnnFile = mappedCudnn[0]
  const said =
    status === 'fail'
      ? missing
        ? summary('ldd.missing', { count: new Set(libraries.filter((l) => !l.path).map((l) => l.name)).size })
        : summary('ldd.shadow')
      : libraries.length === 0
        ? summary('ldd.noCuda')
        : summary('ldd.ok', { count: new Set(libraries.map((l) => l.name)).size, cudnnFile: cudnnFile ?? '—' })
  return stepResult('ldd-linkage', status, said, evidence, findings)
}
