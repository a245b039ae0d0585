/** Programs whose command lines appear in fixes; a code span starting with one is a command to copy. */
const PROGRAMS = new Set([
  'apt', 'apt-get', 'bash', 'cd', 'conda', 'dkms', 'dmesg', 'dnf', 'docker', 'export', 'git', 'gpu-doctor', 'journalctl', 'kubectl', 'ldconfig',
  'ldd', 'lspci', 'mamba', 'micromamba', 'modprobe', 'mokutil', 'nvcc', 'nvidia-ctk', 'nvidia-smi', 'pip', 'pip3', 'podman', 'py',
  'python', 'python3', 'reboot', 'set', 'setx', 'sh', 'source', 'sudo', 'systemctl', 'uv', 'wsl', 'yum', 'zypper', '$env:',
  // What Watch's fixes ask for to see where a job waits (the process's stack, the disks, the CPU).
  'py-spy', 'iostat', 'vmstat', 'pidstat', 'top', 'htop', 'perf', 'strace', 'nvtop', 'ps',
])

/**
 * Whether a code span in a text is a command a user would paste into a shell (and so gets a Copy
 * button): it starts with a known program, a path to a Python, or `VAR=value program`. A lone flag,
 * a path or an identifier is not.
 */
export function isCommand(code: string): boolean {
  const text = code.trim()
  if (!/\s/.test(text)) return false
  // `nvidia-smi -pl <default>` is a template: a shell reads `<default>` as a redirect, so it gets no Copy button.
  if (/<[^\s<>]+>/.test(text)) return false
  // A quoted program path ("C:\Program Files\…\python.exe", '/opt/my env/bin/python') is one word.
  const quoted = /^(["'])([^"']+)\1(?=\s)/.exec(text)
  const first = quoted?.[2] ?? text.split(/\s+/)[0] ?? ''
  if (PROGRAMS.has(first.toLowerCase())) return true
  if (/^\$env:\w+/i.test(first)) return true
  if (/(?:^|[\\/])python(?:\d(?:\.\d+)?)?(?:\.exe)?$/i.test(first)) return true
  return /^[A-Z_][A-Z0-9_]*=\S*$/.test(first) && text.split(/\s+/).length > 1
}
