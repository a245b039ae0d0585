import { spawnSync } from 'node:child_process'

import { Job } from 'kubernetes-models/batch/v1/Job'
import { describe, expect, it } from 'vitest'

import { mergeReports } from '../../../../src/core/domain/report'
import { CLI, runBuiltCli } from '../../../helpers/cli'
import { TORCH_PYTHON } from '../../../helpers/pythons'

// kubernetes-models ships validators generated from the Kubernetes API's OpenAPI schema (types,
// required fields, enums); src/core/platform/k8s/fleet-job.ts is also typed with its interfaces.
const validate = (manifest: unknown) => new Job(manifest as ConstructorParameters<typeof Job>[0]).validate()

async function manifest(...extra: string[]) {
  const r = await runBuiltCli(['fleet', '--k8s-manifest', '--image', 'registry.example.com/ml/train-gpu-doctor:2025.11', '--nodes', '4', ...extra], {})
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('gpu-doctor fleet --k8s-manifest', () => {
  it('is a valid batch/v1 Job by the Kubernetes API schema, and the validator does refuse a broken one', async () => {
    const job = await manifest('--gpus-per-node', '8', '--namespace', 'ml-infra')
    expect(() => validate(job)).not.toThrow()
    expect(() => validate({ ...job, spec: { ...job.spec, completions: '4' } })).toThrow(/completions must be integer/)
    const noImage = structuredClone(job)
    delete noImage.spec.template.spec.containers[0].name
    expect(() => validate(noImage)).toThrow(/name/)
  })

  it('one pod on each of N GPU nodes: the device plugin resource, its taint tolerated, GPU nodes selected, never two pods on one node', async () => {
    const job = await manifest('--gpus-per-node', '8', '--namespace', 'ml-infra')
    expect(job.metadata.namespace).toBe('ml-infra')
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4, backoffLimit: 0 })
    const pod = job.spec.template.spec
    expect(pod.containers[0].resources.limits).toEqual({ 'nvidia.com/gpu': 8 })
    expect(pod.tolerations).toContainEqual({ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' })
    expect(pod.nodeSelector).toEqual({ 'nvidia.com/gpu.present': 'true' })
    const anti = pod.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]
    expect(anti.topologyKey).toBe('kubernetes.io/hostname')
    expect(job.spec.template.metadata.labels).toMatchObject(anti.labelSelector.matchLabels)
  })

  it("the container's command prints only the node's JSON report (what kubectl logs collects), and fails with the progress when the report fails", async () => {
    const job = await manifest('--gpu-doctor', `node ${CLI}`, '--python', TORCH_PYTHON)
    const [shell, flag, script] = job.spec.template.spec.containers[0].command as string[]
    const run = spawnSync(shell!, [flag!, script!], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_NAME: 'gpu-a17' } })
    expect(run.status, run.stderr).toBe(0)
    const table = mergeReports([{ name: 'gpu-a17', text: run.stdout }])
    expect(table.rejected).toEqual([])
    expect(table.nodes.map((n) => n.name)).toEqual(['gpu-a17'])

    // An image without gpu-doctor: the pod fails, and its log says why instead of a partial JSON.
    const broken = await manifest('--gpu-doctor', '/nonexistent/gpu-doctor')
    const [, , brokenScript] = broken.spec.template.spec.containers[0].command as string[]
    const failed = spawnSync('sh', ['-c', brokenScript!], { encoding: 'utf8', timeout: 60_000 })
    expect(failed.status).toBe(1)
    expect(failed.stdout).toBe('')
    expect(failed.stderr).toMatch(/\/nonexistent\/gpu-doctor.*not found/)
  })

  it('needs --image and --nodes, and says so', async () => {
    const noImage = await runBuiltCli(['fleet', '--k8s-manifest', '--nodes', '2'], {})
    expect(noImage.code).toBe(2)
    expect(noImage.stderr).toContain('--k8s-manifest needs --image')
    const noNodes = await runBuiltCli(['fleet', '--k8s-manifest', '--image', 'x', '--lang', 'zh-CN'], {})
    expect(noNodes.code).toBe(2)
    expect(noNodes.stderr).toContain('--k8s-manifest 需要 --nodes N')
  })
})
