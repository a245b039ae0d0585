import { useMemo } from 'react'

import type { StepResult } from '../../shared/diagnosis'
import type { LiveSample } from '../stores/diagnosis-store'
import { hasEvidence, readConv, readCudnn, readGpuVisible, readLinkage, readSm } from './evidence'
import { ConvView } from './evidence/ConvView'
import { CudnnView } from './evidence/CudnnView'
import { GpuVisibleView } from './evidence/GpuVisibleView'
import { LinkageView } from './evidence/LinkageView'
import { SmView } from './evidence/SmView'

/** The step's own evidence view; nothing for a skipped step with no evidence. */
export function EvidenceView({ step }: { step: StepResult }) {
  const e = step.evidence
  const view = useMemo(() => {
    if (!hasEvidence(e)) return null
    switch (step.id) {
      case 'gpu-visible':
        // Without torch there is only the host's GPU list: nothing to compare.
        return 'torchVersion' in e ? <GpuVisibleView ev={readGpuVisible(e)} /> : null
      case 'cudnn-loaded':
        return 'flags' in e || 'version' in e ? <CudnnView ev={readCudnn(e)} /> : null
      case 'ldd-linkage':
        return <LinkageView ev={readLinkage(e)} />
      case 'sm-utilisation':
        return 'perGpu' in e ? <SmView ev={readSm(e)} live={null} /> : null
      case 'conv-timing':
        return 'cases' in e ? <ConvView ev={readConv(e)} /> : null
    }
  }, [step.id, e])
  return view
}

/** Step 4 while it runs: the chart fed by progress samples. */
export function LiveSmView({ samples }: { samples: readonly LiveSample[] }) {
  return <SmView ev={null} live={samples} />
}
