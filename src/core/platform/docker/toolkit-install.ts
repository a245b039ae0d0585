import { CDI_GENERATE } from './cdi-spec'

/** /etc/os-release as key → value (quotes removed). */
export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim())
    if (m) out[m[1]!] = m[2]!.replace(/^["']|["']$/g, '')
  }
  return out
}

const REPO = 'https://nvidia.github.io/libnvidia-container'
const CONFIGURE = 'sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker'

export interface ToolkitInstall {
  /** The system as os-release names it, e.g. "Debian GNU/Linux 12 (bookworm)". */
  os: string
  commands: string[]
}

/**
 * NVIDIA Container Toolkit install commands for this system (NVIDIA's install guide, per package
 * manager), ending with registering the runtime with Docker and restarting it, or for Podman with
 * writing the CDI spec.
 */
export function toolkitInstall(osRelease: string | null, platform: NodeJS.Platform = 'linux', rootless = false, engine: 'docker' | 'podman' = 'docker'): ToolkitInstall {
  if (platform === 'win32') {
    return { os: 'Windows', commands: ['Use Docker Desktop with the WSL 2 backend and the NVIDIA Windows driver; GPU support needs no toolkit inside WSL.'] }
  }
  if (platform === 'darwin') return { os: 'macOS', commands: ['Docker on macOS cannot use NVIDIA GPUs: run the container on a Linux machine with the GPU.'] }
  const os = parseOsRelease(osRelease ?? '')
  const name = os.PRETTY_NAME ?? os.NAME ?? 'Linux'
  const family = `${os.ID ?? ''} ${os.ID_LIKE ?? ''}`.toLowerCase()
  let install: string[]
  if (/\b(debian|ubuntu)\b/.test(family)) {
    install = [
      `curl -fsSL ${REPO}/gpgkey | sudo gpg --dearmor -o /usr/share/keyrings/nvidia-container-toolkit-keyring.gpg`,
      `curl -fsSL ${REPO}/stable/deb/nvidia-container-toolkit.list | sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://#g' | sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list`,
      'sudo apt-get update && sudo apt-get install -y nvidia-container-toolkit',
    ]
  } else if (/\b(suse|sles|opensuse)/.test(family)) {
    install = [`sudo zypper ar ${REPO}/stable/rpm/nvidia-container-toolkit.repo`, 'sudo zypper --gpg-auto-import-keys install -y nvidia-container-toolkit']
  } else if (/\b(rhel|fedora|centos|rocky|almalinux|amzn)\b/.test(family)) {
    const dnf = /\bamzn\b/.test(family) && os.VERSION_ID === '2' ? 'yum' : 'dnf'
    install = [`curl -fsSL ${REPO}/stable/rpm/nvidia-container-toolkit.repo | sudo tee /etc/yum.repos.d/nvidia-container-toolkit.repo`, `sudo ${dnf} install -y nvidia-container-toolkit`]
  } else if (/\barch\b/.test(family)) {
    install = ['sudo pacman -S --needed nvidia-container-toolkit']
  } else {
    install = ['Install nvidia-container-toolkit with your package manager (https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html)']
  }
  const configure = engine === 'podman'
    ? [CDI_GENERATE, 'nvidia-ctk cdi list']
    : rootless
    ? [
        'nvidia-ctk runtime configure --runtime=docker --config=$HOME/.config/docker/daemon.json && systemctl --user restart docker',
        'sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place',
      ]
    : [CONFIGURE]
  return { os: name, commands: [...install, ...configure] }
}
