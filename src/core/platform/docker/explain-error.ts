import type { DockerProblem, DockerProblemCode } from '../../../shared/docker'
import type { FindingId } from '../../../shared/i18n/findings'

/** What dockerode / docker-modem put on an error: a socket errno, or the engine's HTTP answer. */
interface ModemError {
  code?: string
  syscall?: string
  statusCode?: number
  json?: unknown
  message?: string
  name?: string
}

type Explanation = Omit<DockerProblem, 'detail'>

const problem = (code: DockerProblemCode, failureModeId: FindingId | null, message: string, fix: string): Explanation => ({
  code,
  failureModeId,
  message,
  fix,
})

const TOOLKIT_FIX =
  'Install the NVIDIA Container Toolkit, then `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`.'

/** Engine and registry messages worth a name, matched on text: the same error may arrive re-wrapped. */
const TEXT_RULES: Array<[RegExp, Explanation]> = [
  [
    /could not select device driver ".*" with capabilities: \[\[gpu\]\]/i,
    problem('gpu-support-missing', 'docker-gpu-support-missing', 'Docker has no GPU device driver: the NVIDIA Container Toolkit is not installed or not configured for this engine.', TOOLKIT_FIX),
  ],
  [
    /unknown or invalid runtime name: nvidia|unknown runtime specified nvidia/i,
    problem('nvidia-runtime-not-registered', 'nvidia-runtime-not-registered', 'This Docker engine does not know the `nvidia` runtime.', 'Run `sudo nvidia-ctk runtime configure --runtime=docker` and restart the engine, or use `--gpus` instead of `--runtime nvidia`.'),
  ],
  [
    /unsatisfied condition: cuda>=/i,
    problem('image-requires-newer-driver', 'image-requires-newer-driver', "The image needs a newer CUDA than the host driver supports (its NVIDIA_REQUIRE_CUDA).", 'Upgrade the host driver, or use an image tag built for an older CUDA.'),
  ],
  [
    /load library failed: libnvidia-ml\.so\.1/i,
    problem('container-cli-cannot-load-nvml', 'container-cli-cannot-load-nvml', 'The NVIDIA container hook cannot find the host driver (libnvidia-ml.so.1).', 'Install the host driver; on Linux use Docker Engine, not Docker Desktop or the snap.'),
  ],
  [
    /unresolvable CDI devices|failed to inject CDI devices/i,
    problem('cdi-device-unresolvable', 'cdi-spec-missing-or-stale', 'Podman cannot resolve the CDI device nvidia.com/gpu: there is no CDI spec for this driver.', 'Run `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` (NVIDIA Container Toolkit), again after every driver change.'),
  ],
  [
    /invalid reference format|repository name must be lowercase/i,
    problem('invalid-reference', null, 'Docker rejected the image name.', 'Write it as [registry/]name[:tag][@sha256:digest], in lowercase, e.g. pytorch/pytorch:2.9.1-cuda12.8-cudnn9-runtime.'),
  ],
  [
    /manifest unknown|manifest for \S+ not found|not found: manifest/i,
    problem('manifest-unknown', null, 'The registry has no such tag (manifest unknown).', "Check the tag on the registry's page; tags are exact, e.g. 2.9.1-cuda12.8-cudnn9-runtime, not 2.9.1."),
  ],
  [
    /pull access denied|unauthorized|authentication required|no basic auth credentials|denied: requested access|access to the resource is denied/i,
    problem('auth-failed', null, 'The registry refused access: the image is private, the name is wrong, or you are not logged in.', 'Run `docker login REGISTRY` with an account that may pull it, and check the name.'),
  ],
  [
    /no space left on device/i,
    problem('no-space', null, "The engine's disk is full.", 'Free space with `docker system prune` (removes stopped containers and unused images) or grow the disk under Docker Root Dir (`docker info`).'),
  ],
  [
    /dial tcp|lookup \S+.*no such host|network is unreachable|i\/o timeout|TLS handshake timeout|Client\.Timeout exceeded|connection reset by peer|connect: connection refused/i,
    problem('registry-unreachable', null, 'The engine cannot reach the registry (no network, DNS, a proxy or a firewall).', 'Check the network of the machine running the engine; behind a proxy, configure it for the Docker daemon (not only the shell).'),
  ],
  [
    /client version [\d.]+ is too new|minimum supported API version|is too old/i,
    problem('api-too-old', null, 'This Docker engine is too old for GPU Doctor (it needs Engine API 1.40, Docker 19.03, or newer).', 'Upgrade Docker Engine.'),
  ],
  [
    /No such image/i,
    problem('image-not-found', null, 'The image is not on this machine.', 'Pull it first: `gpu-doctor pull IMAGE` (or `docker pull IMAGE`).'),
  ],
]

function socketProblem(code: string, endpoint: string): Explanation | null {
  switch (code) {
    case 'ENOENT':
      return problem(
        'engine-not-running',
        null,
        `The Docker engine is not running: nothing at ${endpoint}.`,
        'Start it (`sudo systemctl start docker`, or open Docker Desktop), or install Docker Engine. A rootless engine: set DOCKER_HOST=unix://$XDG_RUNTIME_DIR/docker.sock.',
      )
    case 'EACCES':
    case 'EPERM':
      return problem(
        'permission-denied',
        'docker-socket-permission-denied',
        `You may not use the Docker socket ${endpoint}: your user is not in the docker group.`,
        'Run `sudo usermod -aG docker $USER`, then log out and back in (or `newgrp docker`). Membership of the docker group is equivalent to root.',
      )
    case 'ECONNREFUSED':
      return problem(
        'connection-refused',
        null,
        `Nothing answers at ${endpoint}: the engine stopped or is still starting.`,
        'Restart it (`sudo systemctl restart docker`) and read `journalctl -u docker` if it does not stay up; check DOCKER_HOST.',
      )
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EPIPE':
      return problem('timeout', null, `The Docker engine at ${endpoint} did not answer in time.`, 'Check that the engine is healthy (`docker info`); a busy or hung engine needs a restart.')
    default:
      return null
  }
}

/** The engine's own message: docker-modem keeps it in `json.message`, else in the Error text. */
export function engineMessage(error: unknown): string {
  const e = (error ?? {}) as ModemError
  const json = e.json as { message?: unknown } | string | undefined
  if (json && typeof json === 'object' && typeof json.message === 'string') return json.message
  if (typeof json === 'string' && json.trim()) return json.trim()
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error)
  return text.replace(/^\(HTTP code \d+\)\s*[\w\s]*-\s*/, '').trim()
}

/**
 * Turns anything Docker threw (a socket errno, an HTTP error, a message from a pull stream or a
 * container start) into a problem a person can act on. `endpoint` is shown in socket problems.
 */
export function explainDockerError(error: unknown, endpoint: string): DockerProblem {
  const e = (error ?? {}) as ModemError
  const detail = engineMessage(error)
  if (e.name === 'TimeoutError' || (e.name === 'AbortError' && /timeout|timed out/i.test(String((e as { cause?: unknown }).cause ?? '')))) {
    return { ...problem('timeout', null, `The Docker engine at ${endpoint} did not answer in time.`, 'Check that the engine is healthy (`docker info`); a busy or hung engine needs a restart.'), detail }
  }
  if (e.name === 'AbortError') return { ...problem('cancelled', null, 'Cancelled.', ''), detail }
  if (e.code && e.statusCode === undefined) {
    const socket = socketProblem(e.code, endpoint)
    if (socket) return { ...socket, detail: `${e.code}${e.syscall ? ` (${e.syscall})` : ''}: ${detail}` }
  }
  for (const [pattern, explanation] of TEXT_RULES) {
    if (pattern.test(detail)) return { ...explanation, detail }
  }
  if (e.statusCode === 401 || e.statusCode === 403) return { ...TEXT_RULES.find(([, x]) => x.code === 'auth-failed')![1], detail }
  if (e.statusCode === 404) return { ...TEXT_RULES.find(([, x]) => x.code === 'image-not-found')![1], detail }
  return { ...problem('failed', null, `Docker failed: ${detail.split('\n')[0] ?? ''}`, 'Read the detail; `docker info` and the engine log say more.'), detail }
}
