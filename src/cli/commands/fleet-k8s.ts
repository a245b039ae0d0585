import { checkOutputTarget, writeOutputFile } from '../../core/app/output-file'
import { k8sFleetJob } from '../../core/app/k8s-fleet-job'
import { CliError, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption } from '../parse-options'

interface K8sValues {
  image?: string
  nodes?: string
  'gpus-per-node'?: string
  namespace?: string
  python?: string
  'gpu-doctor'?: string
  timeout?: string
  output?: string
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/

/** `gpu-doctor fleet --k8s-manifest --image IMAGE --nodes N [--gpus-per-node N] [--namespace NS] [-o FILE]`: the Job as JSON (kubectl applies JSON as it does YAML). */
export async function k8sManifestCommand(values: K8sValues, ctx: CliContext): Promise<number> {
  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  if (!values.image) throw new CliError(ctx.t('fleet.k8sImage'), EXIT_USAGE)
  if (values.nodes === undefined || !/^\d+$/.test(values.nodes)) throw new CliError(ctx.t('fleet.k8sNodes'), EXIT_USAGE)
  if (values.namespace !== undefined && !DNS_LABEL.test(values.namespace)) throw new CliError(ctx.t('fleet.k8sNamespace', { value: values.namespace }), EXIT_USAGE)
  const job = k8sFleetJob({
    nodes: parseIntOption(values.nodes, '--nodes', 1, 10_000, 1, say),
    image: values.image,
    gpusPerNode: parseIntOption(values['gpus-per-node'], '--gpus-per-node', 1, 64, 8, say),
    namespace: values.namespace,
    name: 'gpu-doctor',
    python: values.python,
    gpuDoctor: values['gpu-doctor'] ?? 'gpu-doctor',
    timeoutSeconds: parseIntOption(values.timeout, '--timeout', 60, 86_400, 1800, say),
    nodeSelector: { 'nvidia.com/gpu.present': 'true' },
  })
  const text = `${JSON.stringify(job, null, 2)}\n`
  if (values.output === undefined) {
    ctx.stdout.write(text)
    await ctx.flushStdout()
  } else {
    await checkOutputTarget(values.output)
    await writeOutputFile(values.output, text)
    ctx.say(ctx.t('report.wrote', { file: values.output }))
  }
  return EXIT_OK
}
