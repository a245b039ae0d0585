import { useMemo } from 'react'

import type { StepResult } from '../../../shared/diagnosis'
import type { LiveSample } from './sm-chart'
import { ConvView } from './ConvView'
import { CudnnView } from './CudnnView'
import { GpuVisibleView } from './GpuVisibleView'
import { LinkageView } from './LinkageView'
import { LinksView } from './LinksView'
import { SmView } from './SmView'

/** The step's own evidence view; nothing for a skipped step with no evidence. */
export function EvidenceView({ step }: { step: StepResult }) {
  const view = useMemo(() => {
    switch (step.id) {
      case 'gpu-visible':
        // Without torch there is only the host's GPU list: nothing to compare.
        return step.evidence.torchVersion !== undefined ? <GpuVisibleView ev={step.evidence} /> : null
      case 'cudnn-loaded':
        return step.evidence.flags || step.evidence.version !== undefined ? <CudnnView ev={step.evidence} /> : null
      case 'ldd-linkage':
        return step.evidence.libraries ? <LinkageView ev={step.evidence} /> : null
      case 'sm-utilisation':
        return step.evidence.perGpu ? <SmView ev={step.evidence} live={null} /> : null
      case 'conv-timing':
        return step.evidence.cases ? <ConvView ev={step.evidence} /> : null
      case 'gpu-links':
        return step.evidence.pairs ? <LinksView ev={step.evidence} findings={step.findings} /> : null
    }
  }, [step])
  return view
}

/** Step 4 while it runs: the chart fed by progress samples. */
export function LiveSmView({ samples }: { samples: readonly LiveSample[] }) {
  return <SmView ev={null} live={samples} />
}
