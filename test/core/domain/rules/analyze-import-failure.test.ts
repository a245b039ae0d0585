import { describe, expect, it } from 'vitest'

import { analyzeText } from '../../../../src/core/domain/rules/analyze-text'

// A pasted failed `import torch` gets the same classification step 1 gives the live failure.
describe('analyze: a pasted failed import torch', () => {
  it('GLIBC too old', () => {
    const paste = [
      '>>> import torch',
      'Traceback (most recent call last):',
      '  File "/opt/venv/lib/python3.12/site-packages/torch/__init__.py", line 290, in <module>',
      "ImportError: /lib64/libc.so.6: version `GLIBC_2.28' not found (required by /opt/venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so)",
    ].join('\n')
    const ids = analyzeText(paste).findings.map((f) => f.id)
    expect(ids).toEqual(['torch-import-glibc-too-old'])
  })

  it('a library the rules know keeps its rule (cuDNN missing), not the generic one', () => {
    const paste = 'import torch\nOSError: libcudnn.so.9: cannot open shared object file: No such file or directory'
    expect(analyzeText(paste).findings.map((f) => f.id)).toEqual(['bundled-cudnn-not-found'])
  })

  it('without an import torch traceback nothing is added', () => {
    expect(analyzeText("ImportError: /lib64/libc.so.6: version `GLIBC_2.28' not found (required by /x/libfoo.so)").findings).toEqual([])
  })
})
