import { type CudaVersion, parseCudaVersion } from './cuda-version'

// Minimum driver per CUDA toolkit GA release, Linux and Windows, from NVIDIA's CUDA Toolkit release
// notes, "Table 3: CUDA Toolkit and Corresponding Driver Versions"
// (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html; summarised in
// shared/reference/compat-matrix.md §3a). There is no 12.7 toolkit, but R565 drivers report
// "CUDA Version: 12.7" in nvidia-smi (observed on 565.57.01 Linux and 566.36 Windows).
const DRIVER_TABLE: ReadonlyArray<readonly [cuda: string, linux: string, windows: string | null]> = [
  ['13.3', '610.43.02', null],
  ['13.2', '595.45.04', null],
  ['13.1', '590.44.01', null],
  ['13.0', '580.65.06', null],
  ['12.9', '575.51.03', '576.02'],
  ['12.8', '570.26', '570.65'],
  ['12.7', '565.57.01', null],
  ['12.6', '560.28.03', '560.76'],
  ['12.5', '555.42.02', '555.85'],
  ['12.4', '550.54.14', '551.61'],
  ['12.3', '545.23.06', '545.84'],
  ['12.2', '535.54.03', '536.25'],
  ['12.1', '530.30.02', '531.14'],
  ['12.0', '525.60.13', '527.41'],
  ['11.8', '520.61.05', '520.06'],
  ['11.7', '515.43.04', '516.01'],
  ['11.6', '510.39.01', '511.23'],
  ['11.5', '495.29.05', '496.04'],
  ['11.4', '470.42.01', '471.11'],
  ['11.3', '465.19.01', '465.89'],
  ['11.2', '460.27.03', '460.82'],
  ['11.1', '455.23', '456.38'],
  ['11.0', '450.51.05', '451.48'],
  ['10.2', '440.33', '441.22'],
  ['10.1', '418.39', '418.96'],
  ['10.0', '410.48', '411.31'],
  ['9.2', '396.26', '397.44'],
  ['9.1', '390.46', '391.29'],
  ['9.0', '384.81', '385.54'],
  ['8.0', '367.48', '369.30'],
]

function driverParts(version: string): number[] | null {
  if (!/^\d+(?:\.\d+)*$/.test(version.trim())) return null
  return version.trim().split('.').map(Number)
}

function atLeast(driver: number[], minimum: number[]): boolean {
  for (let i = 0; i < Math.max(driver.length, minimum.length); i++) {
    const a = driver[i] ?? 0
    const b = minimum[i] ?? 0
    if (a !== b) return a > b
  }
  return true
}

/**
 * The newest CUDA a driver version supports natively (`418.67` → 10.1), or null for an unreadable
 * version or one older than the table. The collect_env text does not say which OS column applies,
 * so the lower of the two minimums counts: a driver is never called too old by mistake.
 */
export function driverMaxCuda(driverVersion: string | null | undefined): CudaVersion | null {
  const driver = driverParts(driverVersion ?? '')
  if (!driver) return null
  for (const [cuda, linux, windows] of DRIVER_TABLE) {
    const minimums = [linux, windows].flatMap((v) => (v ? [driverParts(v) ?? []] : []))
    if (minimums.some((minimum) => atLeast(driver, minimum))) return parseCudaVersion(cuda)
  }
  return null
}
