import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * GPU Doctor's data directory: GPU_DOCTOR_DATA_DIR, else %APPDATA%\gpu-doctor on Windows, else
 * $XDG_DATA_HOME/gpu-doctor or ~/.local/share/gpu-doctor. The Electron app passes its userData instead.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.GPU_DOCTOR_DATA_DIR) return env.GPU_DOCTOR_DATA_DIR
  if (platform === 'win32') return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'gpu-doctor')
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'gpu-doctor')
}

/** Where saved diagnoses live under a data directory. */
export function historyDir(dataDir: string): string {
  return join(dataDir, 'history')
}
