// Types only (erased at build): the manifest is checked against the Kubernetes API's own types, and
// test/core/k8s validates it against the API's JSON schema.
import type { IJob } from 'kubernetes-models/batch/v1/Job'

export interface FleetJobOptions {
  /** How many GPU nodes: one pod on each, never two on one node. */
  nodes: number
  image: string
  gpusPerNode: number
  namespace?: string
  /** The Job's name, also the label that keeps its pods on distinct nodes. */
  name: string
  python?: string
  /** The gpu-doctor program inside the image. */
  gpuDoctor: string
  timeoutSeconds: number
  /** The label GPU nodes carry; NVIDIA GPU Feature Discovery sets nvidia.com/gpu.present=true. */
  nodeSelector: Record<string, string>
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * The container's script: the report goes to a file and only the JSON is printed, so that
 * `kubectl logs` of each pod is the node's report (progress lines would otherwise be mixed in);
 * on a failure the progress is printed instead and the pod fails.
 */
export function reportScript(o: Pick<FleetJobOptions, 'gpuDoctor' | 'python'>): string {
  const python = o.python ? ` --python ${shellQuote(o.python)}` : ''
  return [
    `${o.gpuDoctor.split(/\s+/).map(shellQuote).join(' ')} report --format json --no-save${python} -o /tmp/gpu-doctor.json 2>/tmp/gpu-doctor.log`,
    '|| { cat /tmp/gpu-doctor.log >&2; exit 1; };',
    'cat /tmp/gpu-doctor.json',
  ].join(' ')
}

/**
 * An Indexed Job with one pod per GPU node: the NVIDIA device plugin's `nvidia.com/gpu` resource,
 * its taint tolerated, the GPU node label as node selector, and a required pod anti-affinity on
 * the host name so that no two pods share a node.
 */
export function fleetJob(o: FleetJobOptions): IJob {
  const labels = { 'app.kubernetes.io/name': 'gpu-doctor', 'gpu-doctor/run': o.name }
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: o.name, ...(o.namespace ? { namespace: o.namespace } : {}), labels },
    spec: {
      completionMode: 'Indexed',
      completions: o.nodes,
      parallelism: o.nodes,
      backoffLimit: 0,
      activeDeadlineSeconds: o.timeoutSeconds,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          nodeSelector: o.nodeSelector,
          tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'gpu-doctor/run': o.name } }, topologyKey: 'kubernetes.io/hostname' }],
            },
          },
          containers: [
            {
              name: 'gpu-doctor',
              image: o.image,
              command: ['sh', '-c', reportScript(o)],
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
              resources: { limits: { 'nvidia.com/gpu': o.gpusPerNode } },
            },
          ],
        },
      },
    },
  }
}
