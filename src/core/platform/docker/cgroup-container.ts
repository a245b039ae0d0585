import { readRegularText } from '../files/read-regular'

export type ContainerRuntime = 'docker' | 'containerd' | 'cri-o' | 'podman'

export interface CgroupContainer {
  id: string
  runtime: ContainerRuntime
}

const ID = '([0-9a-f]{64})'
// Most specific first: a kubepods path also contains "docker-" on dockershim nodes.
const PATTERNS: Array<[RegExp, ContainerRuntime]> = [
  [new RegExp(`cri-containerd[-:]${ID}`), 'containerd'],
  [new RegExp(`crio-(?:conmon-)?${ID}`), 'cri-o'],
  [new RegExp(`libpod-(?:conmon-)?${ID}`), 'podman'],
  [new RegExp(`docker-${ID}\\.scope`), 'docker'],
  [new RegExp(`/docker/${ID}(?:/|$)`), 'docker'],
  [new RegExp(`/kubepods[^\\s]*/${ID}(?:/|$)`), 'docker'],
  [new RegExp(`/containerd/${ID}|/k8s\\.io/${ID}`), 'containerd'],
]

/**
 * The container a process runs in, from the text of /proc/PID/cgroup: cgroup v1 lines
 * (`12:memory:/docker/<id>`) and v2 (`0::/system.slice/docker-<id>.scope`), containerd/CRI
 * (`cri-containerd-<id>.scope`, `…:cri-containerd:<id>`), CRI-O and Podman. Null for a host process.
 */
export function containerFromCgroup(text: string): CgroupContainer | null {
  for (const line of text.split('\n')) {
    const path = line.split(':').slice(2).join(':')
    if (!path || path === '/') continue
    for (const [pattern, runtime] of PATTERNS) {
      const m = pattern.exec(path)
      const id = m?.slice(1).find(Boolean)
      if (id) return { id, runtime }
    }
  }
  return null
}

/** Reads /proc/PID/cgroup; null when the process is gone or the file unreadable (not Linux). */
export async function readProcessCgroup(pid: number, proc = '/proc'): Promise<string | null> {
  try {
    return await readRegularText(`${proc}/${pid}/cgroup`, { maxBytes: 1024 * 1024 })
  } catch {
    return null
  }
}
