import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { checkConsistency, makeConsistent } from '../../../../src/core/domain/diagnosis/consistency'
import { classifyLibrary } from '../../../../src/core/domain/diagnosis/library-origin'
import { cudnnLoadedStep } from '../../../../src/core/domain/diagnosis/steps/cudnn-loaded'
import { lddLinkageStep } from '../../../../src/core/domain/diagnosis/steps/ldd-linkage'
import type { StepResult } from '../../../../src/shared/diagnosis'
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

  it('an LD_PRELOAD entry names the soname symlink of the mapped file, not any file of its directory', () => {
    const ctx = { ldLibraryPath: [], condaPrefix: null, ldPreload: [PRELOAD] }
    expect(classifyLibrary('libcudnn.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0', ctx).origin).toBe('ld-preload')
    expect(classifyLibrary('libcudnn_graph.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn_graph.so.9.14.0', ctx).origin).toBe('system')
    expect(classifyLibrary('libcudnn.so.9', '/opt/x/libcudnn.so.9', ctx).origin).toBe('other')
    expect(classifyLibrary('libcudnn.so.9.14.0', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9.14.0', { ...ctx, ldPreload: ['libcudnn.so.9'] }).origin).toBe('ld-preload')
  })
})
