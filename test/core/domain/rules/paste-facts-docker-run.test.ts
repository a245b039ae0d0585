import { describe, expect, it } from 'vitest'

import { pasteFacts } from '../../../../src/core/domain/rules/paste-facts'

// A `docker run` split over lines with `\` is one command: its GPU request may be on any line.
describe('a pasted docker run, continued over lines', () => {
  it('with --gpus on a continuation line: a container with the GPU, the whole command quoted', () => {
    const facts = pasteFacts('$ docker run --rm -it \\\n    --gpus all \\\n    pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime python -c "import torch"\nFalse\n')
    expect(facts.dockerRunWithoutGpu).toBeNull()
    expect(facts.container).toBe('$ docker run --rm -it --gpus all pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime python -c "import torch"')
  })

  it('with no GPU request on any of its lines: started without the GPU', () => {
    const facts = pasteFacts('$ podman run --rm \\\n    -v /data:/data \\\n    pytorch/pytorch:2.5.1 python\n')
    expect(facts.dockerRunWithoutGpu).toBe('$ podman run --rm -v /data:/data pytorch/pytorch:2.5.1 python')
  })
})
