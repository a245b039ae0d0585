import type { Finding, StepResultOf } from '../../../../shared/diagnosis'
import { makeFinding } from '../../findings/finding-catalog'
import { withInstallFixes } from '../../install/install-fixes'
import { parseLdd } from '../../rules/parse-ldd'
import { classifyLibrary, libcudaOrigin, soVersion } from '../library-origin'
import { originContextOf, routesOf, strayCudnn } from '../library-route'
import { mappedCudnnFiles, mappedLibraries } from '../mapped-cudnn'
import { isCpuOnlyBuild } from '../../../knowledge/compat/versions'
import type { DiagnosisInputs } from '../step-inputs'
import { installContextOf, statusFrom, stepResult, summary, torchReport } from '../step-inputs'

const KEY_LIBS = /^lib(cudart|cublas|cublasLt|cudnn|nccl|nvrtc|nvJitLink|cusparse|cufft|curand|cusolver)\b/

export interface LinkedLibrary {
  name: string
  path: string | null
  origin: string | null
  why: string | null
  neededBy: string
}

/** Step 3: where torch's CUDA libraries resolve from, what is missing, and which cuDNN is really mapped. */
export function lddLinkageStep(inputs: DiagnosisInputs): StepResultOf<'ldd-linkage'> {
  if (inputs.platform === 'win32') return stepResult('ldd-linkage', 'skip', summary('skip.windows'), {})
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('ldd-linkage', 'skip', got.skip, {})
  const r = got.report
  if (isCpuOnlyBuild(r.torch?.version, r.torch?.cudaBuild)) return stepResult('ldd-linkage', 'skip', summary('skip.cpuBuild'), { torchVersion: r.torch?.version ?? null })
  const ctx = originContextOf(r)
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
        const known = libraries.find((l) => l.name === entry.name && l.path === path)
        // One row per library, listing every torch file that needs it.
        if (known) known.neededBy = known.neededBy.split(', ').includes(file) ? known.neededBy : `${known.neededBy}, ${file}`
        else libraries.push({ name: entry.name, path, origin, why, neededBy: file })
      }
    }
  }
  const mapped = mappedLibraries(r)
  // libcuda is never in the wheel and ldd of torch does not show it (it is dlopen'ed): the mapped one is the truth.
  const mappedLibcuda = (r.mappedLibraries ?? mapped).filter((p) => /\/libcuda\.so[^/]*$/.test(p))
  for (const p of mappedLibcuda) {
    const real = r.mappedLibrariesReal?.[p] ?? p
    const { why } = classifyLibrary('libcuda.so.1', real, ctx)
    libraries.unshift({ name: 'libcuda.so.1', path: real, origin: libcudaOrigin(real), why, neededBy: 'torch (dlopen at CUDA init)' })
    if (libcudaOrigin(real) === 'driver-stub') {
      const ld = ctx.ldLibraryPath
      const bad = (r.libcudaOnLdLibraryPath ?? []).filter((c) => libcudaOrigin(c.realPath) === 'driver-stub').map((c) => c.dir)
      findings.push(
        makeFinding('libcuda-stub-loaded', 'error', { path: real, ldLibraryPath: ld.join(':') || '(unset)', suggested: ld.filter((d) => !bad.includes(d) && !/\/stubs\/?$/.test(d)).join(':') }, p),
      )
    }
  }
  const elsewhere = (r.libraries?.outsideWheel ?? []).map((o) => {
    const version = soVersion(o.realPath)
    const wheelVersion = soVersion(o.wheelRealPath)
    const differs = version !== null && wheelVersion !== null && version !== wheelVersion
    const reallyMapped = mapped.filter((m) => m.endsWith(`/${o.name}`))
    return { ...o, version, wheelVersion, differs, mappedNow: reallyMapped }
  })
  for (const o of elsewhere) {
    const broken = o.differs || o.undefinedSymbols.length > 0
    findings.push(
      makeFinding(
        'wheel-library-loaded-from-elsewhere',
        broken ? 'error' : 'warning',
        { name: o.name, path: o.realPath, version: o.version ?? '?', wheelPath: o.wheelRealPath, wheelVersion: o.wheelVersion ?? '?', dir: o.path.replace(/\/[^/]+$/, ''), route: routesOf([o.path], r, ctx) },
        [`ldd ${o.neededBy}: ${o.name} => ${o.path} (${o.realPath})`, `wheel: ${o.wheelRealPath}`, ...o.undefinedSymbols, o.mappedNow.length ? `mapped in this process: ${o.mappedNow.join(', ')}` : ''].filter(Boolean).join('\n'),
      ),
    )
  }
  const mappedCudnn = mappedCudnnFiles(r)
  const stray = strayCudnn(r, ctx)
  // Whatever the route (LD_PRELOAD, LD_LIBRARY_PATH, the system cache), say which one brought each stray file, and let the fix undo that route.
  if (stray.paths.length)
    findings.push(
      makeFinding(
        'cudnn-shadowed-by-system-copy',
        'error',
        { paths: stray.paths.join(', '), route: stray.route },
        stray.paths.map((p) => `${p} (${classifyLibrary(p.split('/').pop() ?? p, p, ctx).origin})`).join('\n'),
      ),
    )
  // Probes before 1.1 did not name the wheel's copies: keep the coarse check for their reports.
  const cudaToolkitShadow = libraries.filter((l) => /^libcu(blas|dart)/.test(l.name) && (l.origin === 'ld-library-path' || l.origin === 'cuda-toolkit'))
  if (!r.libraries?.outsideWheel && cudaToolkitShadow.length && r.cudnnCopies.some((c) => /site-packages\/nvidia\//.test(c.path)))
    findings.push(makeFinding('system-cuda-libs-shadow-wheel-libs', 'warning', { paths: cudaToolkitShadow.map((l) => l.path).join(', ') }))
  const loadedDirs = new Set(mappedCudnn.map((p) => p.replace(/\/[^/]+$/, '')))
  const otherCopies = r.cudnnCopies.filter((c) => !loadedDirs.has(c.path.replace(/\/[^/]+$/, '')) && !/libcudnn_graph/.test(c.path))
  if (otherCopies.length) {
    const risky = otherCopies.some((c) => ctx.ldLibraryPath.some((d) => c.path.startsWith(d)))
    findings.push(makeFinding('other-cudnn-copies', risky ? 'warning' : 'info', { count: otherCopies.length, paths: otherCopies.map((c) => c.path).join(', ') }))
  }
  // How each library the process really mapped got there: LD_PRELOAD, LD_LIBRARY_PATH, the wheel's RUNPATH, the system cache, a forward-compat directory.
  const mappedOrigins = [...new Set([...(r.mappedLibraries ?? []), ...mapped])].map((p) => {
    const real = r.mappedLibrariesReal?.[p] ?? p
    const name = p.split('/').pop() ?? p
    const { origin, why } = classifyLibrary(name, p, ctx)
    return { path: p, realPath: real, origin, why }
  })
  const evidence = { mappedOrigins, libraries, resolvedOutsideWheel: elsewhere, mappedAfterCudnnOp: mapped, mappedCudnn, otherCudnnCopies: otherCopies, ldLibraryPath: ctx.ldLibraryPath, inspected: r.libraries?.inspected ?? [] }
  const status = statusFrom(findings)
  const missing = libraries.filter((l) => !l.path).length
  const cudnnFile = mappedCudnn[0]
  const stubbed = findings.find((f) => f.id === 'libcuda-stub-loaded')
  const firstElsewhere = findings.find((f) => f.id === 'wheel-library-loaded-from-elsewhere')
  const said =
    status === 'fail'
      ? missing
        ? summary('ldd.missing', { count: new Set(libraries.filter((l) => !l.path).map((l) => l.name)).size })
        : stubbed
          ? summary('ldd.stub', { path: String(stubbed.params?.path ?? '') })
          : firstElsewhere && !stray.paths.length
            ? summary('ldd.elsewhere', { count: elsewhere.length, name: String(firstElsewhere.params?.name ?? '') })
            : summary('ldd.shadow')
      : status === 'warn' && firstElsewhere
        ? summary('ldd.elsewhere', { count: elsewhere.length, name: String(firstElsewhere.params?.name ?? '') })
        : libraries.length === 0
        ? summary('ldd.noCuda')
        : summary('ldd.ok', { count: new Set(libraries.map((l) => l.name)).size, cudnnFile: cudnnFile ?? '—' })
  return stepResult('ldd-linkage', status, said, evidence, withInstallFixes(findings, installContextOf(inputs), { sayDriverTooOld: false }))
}
