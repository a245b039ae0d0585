import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkConsistency, makeConsistent } from '../../../../src/core/domain/diagnosis/consistency'
import { classifyLibrary } from '../../../../src/core/domain/diagnosis/library-origin'
import { cudnnLoadedStep } from '../../../../src/core/domain/diagnosis/steps/cudnn-loaded'
import { lddLinkageStep } from '../../../../src/core/domain/diagnosis/steps/ldd-linkage'
import type { StepResult } from '../../../../src/shared/diagnosis'
import type { ConvGpu } from '../../../../src/shared/evidence'
import { convTimingStep } from '../../../../src/core/domain/diagnosis/steps/conv-timing'
import { findingsZh } from '../../../../src/shared/i18n/findings'
import { renderFinding } from '../../../../src/shared/i18n/render-finding'
import { h100ProbeInputs } from '../../../helpers/probe-inputs'
import { type ProbeReport, ProbeReportSchema } from '../../../../src/shared/probe'

// 2×H100, LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libcudnn.so.9 (the system's cuDNN 9.14 over the wheel's 9.19):
// step 2 FAILed cudnn-shadowed-by-system-copy while step 3 PASSed, listing the system files as "system".
const fixture = (f: string) => readFileSync(new URL(`../../../fixtures/h100-x2-issue23/${f}`, import.meta.url), 'utf8')
const realRun = JSON.parse(fixture('12-ld-preload-system-cudnn.json')) as { steps: StepResult[] }
const PRELOAD = '/usr/lib/x86_64-linux-gnu/libcudnn.so.9'
const WHEEL = '/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9'

// The probe document of the clean run on the same machine, with what LD_PRELOAD changed in that run:
// the maps (verbatim from the run's step 3 evidence) and ldd resolving libcudnn.so.9 to the preloaded copy.
function preloadedReport(): ProbeReport {
  const clean = ProbeReportSchema.parse(JSON.parse(fixture('probe-normal.json')))
  const ldd3 = realRun.steps.find((s) => s.id === 'ldd-linkage')!
  const mapped = (ldd3.evidence as { mappedOrigins: Array<{ path: string }> }).mappedOrigins.map((m) => m.path)
  // What torch.backends.cudnn.version() raised in that run, verbatim from its step 2 finding.
  const raised = realRun.steps.find((s) => s.id === 'cudnn-loaded')!.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')!.evidence!
  return {
    ...clean,
    cudnn: { ...clean.cudnn!, version: null, error: raised },
    env: { ...clean.env, LD_PRELOAD: PRELOAD },
    environment: { ...clean.environment, LD_PRELOAD: PRELOAD },
    libraries: {
      ...clean.libraries!,
      ldd: clean.libraries!.ldd.map((l) => ({
        ...l,
        output: l.output.replace(/libcudnn\.so\.9 => \S+/, `libcudnn.so.9 => ${PRELOAD}`),
      })),
    },
    workloads: { 'cudnn-maps': { mapped } },
    mappedLibraries: mapped,
    mappedLibrariesReal: Object.fromEntries(mapped.map((p) => [p, p])),
  }
}

const inputs = h100ProbeInputs

describe('a cuDNN brought in through LD_PRELOAD', () => {
  it('the real run: the consistency checker catches step 3 passing while step 2 says cuDNN is shadowed', () => {
    const violations = checkConsistency(realRun.steps)
    expect(violations.map((v) => [v.rule, v.step])).toContainEqual(['cudnn-shadow-unflagged', 'ldd-linkage'])
    const fixed = makeConsistent(realRun.steps).steps.find((s) => s.id === 'ldd-linkage')!
    expect(fixed.status).toBe('fail')
  })

  it("the 2026-12-08 H100 run: step 3 pointing to step 2's finding (said once) is step 3 saying so, not a contradiction", () => {
    const run = JSON.parse(readFileSync('docs/verification/round-h100-2026-12-08/round/preload-cudnn.json', 'utf8')) as { steps: StepResult[] }
    const two = run.steps.find((s) => s.id === 'cudnn-loaded')!
    const saved = run.steps.find((s) => s.id === 'ldd-linkage')!
    // Step 3 as the run made it, before the checker lowered it: the pointer and the mapped origin `ld-preload`.
    const three = { ...saved, findings: saved.findings.filter((f) => f.id !== 'verdict-lowered-by-consistency-check') } as StepResult
    expect(three.findings.map((f) => [f.id, f.params.findingId])).toEqual([['same-as-step', 'cudnn-shadowed-by-system-copy']])
    expect((three.evidence as { mappedOrigins: Array<{ origin: string }> }).mappedOrigins.map((m) => m.origin)).toContain('ld-preload')
    expect(checkConsistency([two, three]).map((v) => v.rule)).not.toContain('cudnn-shadow-unflagged')
  })

  it('step 3 flags the mapped cuDNN from the other copy, and its origin reads LD_PRELOAD', () => {
    const r = preloadedReport()
    const three = lddLinkageStep(inputs(r))
    expect(three.status).toBe('fail')
    const shadow = three.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')!
    expect(shadow.params.paths).toContain('/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0')
    expect(shadow.params.paths).not.toContain(WHEEL)
    expect(shadow.evidence).toContain('/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0 (ld-preload)')
    const origin = (p: string) => three.evidence.mappedOrigins!.find((m) => m.path === p)?.origin
    expect(origin('/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0')).toBe('ld-preload')
    // The sub-libraries were loaded by the preloaded libcudnn from its own (system) directory.
    expect(origin('/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9.14.0')).toBe('system')
    expect(origin(WHEEL)).toBe('wheel')
    const two = cudnnLoadedStep(inputs(r))
    expect(two.findings.map((f) => f.id)).toContain('cudnn-shadowed-by-system-copy')
    expect(checkConsistency([two, three])).toEqual([])
  })

  it('steps 2 and 3 say the route that brought it, LD_PRELOAD, and the fix undoes that route, not LD_LIBRARY_PATH', () => {
    const r = preloadedReport()
    for (const step of [cudnnLoadedStep(inputs(r)), lddLinkageStep(inputs(r))]) {
      const shadow = step.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')!
      // The preloaded libcudnn's siblings come from its own directory: no route of their own.
      expect(shadow.params.route).toBe('ld-preload')
      expect(shadow.message).toContain('`LD_PRELOAD`')
      expect(shadow.fix).toContain('unset LD_PRELOAD')
      expect(shadow.fix).not.toMatch(/Remove .* from `LD_LIBRARY_PATH`/)
      const zh = renderFinding(shadow, findingsZh)
      expect(zh.fix).toContain('`LD_PRELOAD`')
      expect(zh.fix).not.toContain('从 `LD_LIBRARY_PATH` 中去掉')
    }
  })

  it('step 5 slower than the model with the preloaded cuDNN names that cuDNN and its route, not power or clocks', () => {
    // The conv timings of a real 2×H100 run slowed by cuDNN's debug logging (step 5 found them slower than the model), verbatim.
    const step5 = (JSON.parse(fixture('09-nccl-and-debug.json')) as { steps: StepResult[] }).steps.find((s) => s.id === 'conv-timing')!
    const pair = (c: ConvGpu['cases'][number]) => ({ shape: c.shape, on: { ms: c.onMs, tflops: c.onTflops, spreadPercent: c.spreadOnPercent ?? 0 }, off: { ms: c.offMs, tflops: c.offTflops, spreadPercent: c.spreadOffPercent ?? 0 } })
    const runs = (step5.evidence as { perGpu: ConvGpu[] }).perGpu.map((g) => ({ index: g.cudaOrdinal, uuid: g.uuid, seed: pair(g.cases[0]!), representative: pair(g.cases[1]!) }))
    const r = preloadedReport()
    const conv = { seed: runs[0]!.seed, representative: runs[0]!.representative, cudnnRequested: true, secondsPerCase: 1, perGpu: runs }
    const five = convTimingStep(inputs({ ...r, workloads: { ...r.workloads, conv } }))
        const cause = five.findings[0]!
    expect(cause.id).toBe('conv-timings-with-other-cudnn')
    expect(cause.params.route).toBe('ld-preload')
    expect(cause.params.paths).toContain('/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0')
    expect(cause.message).toContain('brought in by `LD_PRELOAD`')
    expect(cause.fix).toContain('take it out of `LD_PRELOAD`')
    expect(five.findings.map((f) => f.id)).not.toContain('conv-slower-than-expected')
  })

  it('a saved finding without a route keeps the general message and fix', () => {
    const old = renderFinding({ id: 'cudnn-shadowed-by-system-copy', params: { paths: '/x' } }, findingsZh)
    expect(old.fix).toContain('从 `LD_LIBRARY_PATH` 中去掉 CUDA/cuDNN 目录')
    expect(old.fix).not.toContain('[[')
  })

  it('an LD_PRELOAD entry names the soname symlink of the mapped file, not any file of its directory', () => {
    const ctx = { ldLibraryPath: [], condaPrefix: null, ldPreload: [PRELOAD] }
    expect(classifyLibrary('libcudnn.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0', ctx).origin).toBe('ld-preload')
    expect(classifyLibrary('libcudnn_graph.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9.14.0', ctx).origin).toBe('system')
    expect(classifyLibrary('libcudnn.so.9', '/opt/x/libcudnn.so.9', ctx).origin).toBe('other')
    expect(classifyLibrary('libcudnn.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0', { ...ctx, ldPreload: ['libcudnn.so.9'] }).origin).toBe('ld-preload')
  })
})

// The H200 run with LD_LIBRARY_PATH=/tmp/shadow holding symlinks to the system's cuDNN 9.14 (the maps show the real files).
describe('a cuDNN brought in through LD_LIBRARY_PATH', () => {
  const shadowed = ProbeReportSchema.parse(JSON.parse(readFileSync(new URL('../../../fixtures/h200-x1/probe/probe-cudnn-shadow.json', import.meta.url), 'utf8')))

  it('steps 2 and 3 name LD_LIBRARY_PATH as the route, though the maps show the files under /usr/lib', () => {
    for (const step of [cudnnLoadedStep(inputs(shadowed)), lddLinkageStep(inputs(shadowed))]) {
      const shadow = step.findings.find((f) => f.id === 'cudnn-shadowed-by-system-copy')!
      expect(shadow.params.route).toBe('ld-library-path')
      expect(shadow.fix).toContain('Remove its directory from `LD_LIBRARY_PATH`')
      expect(shadow.fix).not.toContain('LD_PRELOAD')
    }
  })
})

describe('LD_PRELOAD written as ldconfig -p prints it (/lib/…, on a merged-/usr system)', () => {
  // The H100 run of this round: LD_PRELOAD=/lib/x86_64-linux-gnu/libcudnn.so.9 mapped
  // /usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0, and step 2 named the system library path as the route.
  it('is still the preload: /lib is /usr/lib there', () => {
    const ctx = { ldLibraryPath: [], condaPrefix: null, ldPreload: ['/lib/x86_64-linux-gnu/libcudnn.so.9'] }
    expect(classifyLibrary('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0', ctx).origin).toBe('ld-preload')
    expect(classifyLibrary('libcudnn.so.9', '/usr/lib64/libcudnn.so.9.14.0', ctx).origin).toBe('system')
  })
})
