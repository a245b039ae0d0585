import type { Reason } from './types'

/**
 * English text of every reason and blocker, i18next-style: {{var}} placeholders. The CLI keeps the
 * zh-CN texts under the same codes (src/cli/i18n-recommend.ts); JSON output is always English.
 */
export const REASON_TEXT_EN = {
  'driver.native': 'Driver {{driver}} supports CUDA up to {{driverCuda}}; this image uses CUDA {{cuda}}, so it runs natively.',
  'driver.assumed':
    'Driver unknown: this assumes a current driver. CUDA {{cuda}} needs driver ≥ {{nativeMin}} ({{platform}}); pass --driver to check yours.',
  'driver.minor':
    'Driver {{driver}} supports CUDA up to {{driverCuda}}; this image uses CUDA {{cuda}} and runs only through CUDA {{major}}.x minor-version compatibility (driver ≥ {{floor}}): features that need a newer driver are unavailable, and PTX from the newer toolkit cannot be JIT-compiled by this driver. Driver ≥ {{nativeMin}} runs it natively.',
  'driver.tooOld':
    'Driver {{driver}} supports CUDA up to {{driverCuda}}; CUDA {{cuda}} needs driver ≥ {{nativeMin}} ({{platform}}), or ≥ {{floor}} through minor-version compatibility.',
  'driver.tooOldMajor':
    'Driver {{driver}} supports CUDA up to {{driverCuda}}; a CUDA {{major}}.x image needs driver ≥ {{floor}} (≥ {{nativeMin}} to run CUDA {{cuda}} natively). Data-center GPUs can bridge this with the CUDA forward-compatibility package.',
  'driver.blackwell': '{{gpu}} is a Blackwell GPU ({{sm}}): no driver below {{min}} (R570) supports it, and this one is {{driver}}.',
  'driver.windows': 'Compared with the Windows driver numbers: WSL2 and Docker Desktop run on the Windows driver.',
  'arch.sass': '{{gpu}} ({{sm}}) has native code in this build.',
  'arch.compatible': "{{gpu}} ({{sm}}) runs this build's {{entry}} code (same architecture generation).",
  'arch.ptx': '{{gpu}} ({{sm}}) has no native code here; the driver JIT-compiles the {{entry}} PTX at first use (slow first start).',
  'arch.missing':
    'No code for {{gpu}} ({{sm}}) in this build ({{archs}}): PyTorch would fail with "no kernel image is available for execution on the device".',
  'arch.ptxNeedsNative':
    '{{gpu}} ({{sm}}) would need the driver to JIT-compile PTX from a newer toolkit, which minor-version compatibility cannot do.',
  'arch.unknown': "[U] Which GPU architectures this image has code for is not known; check torch.cuda.get_arch_list() inside it.",
  'arch.cudnn': 'cuDNN {{cudnnMajor}} does not support {{gpu}} (compute capability {{cc}}; it needs {{minCc}} or newer).',
  'arch.ngcMin': 'NGC {{release}} supports compute capability {{minCc}} and newer; {{gpu}} is {{cc}}.',
  'arch.ngcUnknown':
    "[U] The lowest compute capability NGC {{release}} supports is not in GPU Doctor's data; check torch.cuda.get_arch_list() inside it for {{gpu}} ({{sm}}).",
  'arch.needsCuda': 'This image is built with CUDA {{cuda}}; {{gpu}} ({{sm}}) needs CUDA {{minCuda}} or newer.',
  'arch.develCaveat':
    '[U] -devel tags may carry a PyTorch built from source without {{sm}} code; check torch.cuda.get_arch_list() inside the image before relying on it for {{gpu}}.',
  'pick.newest': 'Newest PyTorch release with an image that runs natively on this driver and has code for every GPU.',
  'pick.newestMinor': 'No image runs natively on this driver; this is the newest that runs through minor-version compatibility.',
  'pick.pinned': 'PyTorch {{torch}}, as pinned with --torch.',
  'limit.arch': 'Newer images (PyTorch {{torch}} with CUDA {{cuda}}) have no code for {{gpu}} ({{sm}}).',
  'limit.driver': 'Newer images need CUDA {{cuda}}, which runs natively from driver {{nativeMin}}.',
  'alt.minor': 'A newer build than the first choice, but it runs only through minor-version compatibility.',
  'alt.ngc': "NVIDIA's NGC container, release {{release}}: NVIDIA's own PyTorch build with the CUDA toolkit and tuned libraries; a large image.",
  'alt.devel': 'The first choice plus the CUDA toolkit (nvcc), for compiling CUDA extensions; a much larger image.',
  'alt.runtime': 'The first choice without the CUDA toolkit: a much smaller image.',
  'mark.tag': "[{{mark}}] The tag {{tag}} is attested by public use, not read from Docker Hub's tag list.",
  'mark.cudnn': '[{{mark}}] The cuDNN version ({{cudnn}}) of this build comes from a secondary or conflicting source.',
  'mark.arch': "[{{mark}}] This build's architecture list comes from secondary sources.",
  'mark.ptx': '[U] Whether this build embeds PTX is unverified, and {{gpu}} ({{sm}}) relies on it.',
  'mark.driverTable':
    '[{{mark}}] That driver {{driver}} runs CUDA {{driverCuda}} is derived from the driver branch table, not read from nvidia-smi.',
  'mark.floor': '[{{mark}}] NVIDIA states no exact minimum {{platform}} driver for CUDA {{major}}.x; {{floor}} is assumed.',
  'mark.ngcCuda': "[{{mark}}] The CUDA version of NGC {{release}} comes from its sibling containers' release notes.",
  'mark.ngcTorch': '[U] The PyTorch version inside NGC {{release}} is not in the sources.',
  'mark.gpuName': "[{{mark}}] That {{gpu}} has compute capability {{cc}} is not from NVIDIA's list; pass --cc if it is wrong.",
  'block.noGpu': 'No GPU to recommend an image for.',
  'block.gpuUnknown':
    'GPU "{{name}}" is not in GPU Doctor\'s table: pass its compute capability with --cc (nvidia-smi --query-gpu=compute_cap --format=csv shows it).',
  'block.gpuAmbiguous': '"{{name}}" could be {{candidates}}: pass --cc or the full name.',
  'block.archNone': 'No published image has code for {{gpu}} ({{sm}}).',
  'block.noCommonArch':
    "No single image has code for every GPU in this machine. Run one container per GPU type, e.g. docker run --gpus '\"device=0\"' ….",
  'block.archRange': '{{gpu}} ({{sm}}) has code only in images with CUDA {{minCuda}}–{{maxCuda}}; for it alone: {{image}}.',
  'block.archRangeNone': '{{gpu}} ({{sm}}) has code only in images with CUDA {{minCuda}}–{{maxCuda}}, and none of them runs on this driver.',
  'block.driverBlackwell': '{{gpu}} is a Blackwell GPU ({{sm}}): it needs driver ≥ {{min}} (R570 or newer), and driver {{driver}} cannot run it. Upgrade the driver.',
  'block.driverTooOld':
    'Driver {{driver}} (CUDA {{driverCuda}}) is too old for every image with code for these GPUs: the least demanding, {{image}}, needs driver ≥ {{floor}} (minor-version compatibility) or ≥ {{nativeMin}} (native). Upgrade the driver.',
  'block.pinArch': 'No PyTorch {{torch}} image has code for {{gpu}} ({{sm}}).',
  'block.pinDriver': 'Every PyTorch {{torch}} image needs a newer driver than {{driver}} (CUDA {{driverCuda}}): at least {{floor}}.',
  'block.pinUnknown': 'PyTorch {{torch}} is not in GPU Doctor\'s data (known: {{known}}).',
  'block.unpinned': 'Without --torch: {{image}} ({{compatibility}}).',
  'block.smi': 'The nvidia-smi output could not be read: {{message}}',
  'block.machine': "This machine's GPUs could not be read: {{message}}",
} as const

/** Every reason and blocker the engine can give. */
export type ReasonCode = keyof typeof REASON_TEXT_EN

/** A reason or blocker with its values. */
export function reason(code: ReasonCode, vars: Record<string, string | number> = {}): Reason {
  return { code, vars }
}

/** Fills {{var}} placeholders; an unknown placeholder stays as written. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole))
}

/** The English text of a reason. */
export function reasonText(r: Reason): string {
  const template = (REASON_TEXT_EN as Record<string, string>)[r.code]
  return template ? fill(template, r.vars) : r.code
}
