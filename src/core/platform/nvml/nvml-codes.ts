// Numbers from nvml.h that the sampler needs, and their names. Pure: tested without a GPU.

/** nvmlReturn_t: every code nvml.h (CUDA 13) defines, by name as nvml.h spells it after NVML_. */
const RETURN_NAMES: Record<number, string> = {
  0: 'SUCCESS',
  1: 'ERROR_UNINITIALIZED',
  2: 'ERROR_INVALID_ARGUMENT',
  3: 'ERROR_NOT_SUPPORTED',
  4: 'ERROR_NO_PERMISSION',
  5: 'ERROR_ALREADY_INITIALIZED',
  6: 'ERROR_NOT_FOUND',
  7: 'ERROR_INSUFFICIENT_SIZE',
  8: 'ERROR_INSUFFICIENT_POWER',
  9: 'ERROR_DRIVER_NOT_LOADED',
  10: 'ERROR_TIMEOUT',
  11: 'ERROR_IRQ_ISSUE',
  12: 'ERROR_LIBRARY_NOT_FOUND',
  13: 'ERROR_FUNCTION_NOT_FOUND',
  14: 'ERROR_CORRUPTED_INFOROM',
  15: 'ERROR_GPU_IS_LOST',
  16: 'ERROR_RESET_REQUIRED',
  17: 'ERROR_OPERATING_SYSTEM',
  18: 'ERROR_LIB_RM_VERSION_MISMATCH',
  19: 'ERROR_IN_USE',
  20: 'ERROR_MEMORY',
  21: 'ERROR_NO_DATA',
  22: 'ERROR_VGPU_ECC_NOT_SUPPORTED',
  23: 'ERROR_INSUFFICIENT_RESOURCES',
  24: 'ERROR_FREQ_NOT_SUPPORTED',
  25: 'ERROR_ARGUMENT_VERSION_MISMATCH',
  26: 'ERROR_DEPRECATED',
  27: 'ERROR_NOT_READY',
  28: 'ERROR_GPU_NOT_FOUND',
  29: 'ERROR_INVALID_STATE',
  999: 'ERROR_UNKNOWN',
}

export const NVML_SUCCESS = 0
export const NVML_ERROR_NOT_SUPPORTED = 3
export const NVML_ERROR_NOT_FOUND = 6
export const NVML_ERROR_INSUFFICIENT_SIZE = 7

/** "NVML_ERROR_DRIVER_NOT_LOADED (9)"; a code this table does not know keeps its number. */
export function nvmlReturnName(code: number): string {
  const name = RETURN_NAMES[code]
  return name ? `NVML_${name} (${code})` : `NVML return ${code}`
}

export const NVML_TEMPERATURE_GPU = 0
export const NVML_CLOCK_SM = 1
export const NVML_PCIE_UTIL_TX_BYTES = 0
export const NVML_PCIE_UTIL_RX_BYTES = 1
/** NVML_DEVICE_NAME_V2_BUFFER_SIZE and NVML_DEVICE_UUID_V2_BUFFER_SIZE. */
export const NVML_NAME_BUFFER = 96
export const NVML_UUID_BUFFER = 96

/**
 * nvmlClocksEventReasons bits (nvml.h; "throttle reasons" before driver 535). Named as nvidia-smi -q
 * prints them, so both sources read alike.
 */
export const CLOCKS_EVENT_REASONS: ReadonlyArray<readonly [bigint, string]> = [
  [0x1n, 'gpu_idle'],
  [0x2n, 'applications_clocks_setting'],
  [0x4n, 'sw_power_cap'],
  [0x8n, 'hw_slowdown'],
  [0x10n, 'sync_boost'],
  [0x20n, 'sw_thermal_slowdown'],
  [0x40n, 'hw_thermal_slowdown'],
  [0x80n, 'hw_power_brake_slowdown'],
  [0x100n, 'display_clock_setting'],
]

/** The reasons set in a mask; a bit nvml.h does not name comes back as its hex value. */
export function clocksEventReasonNames(mask: bigint): string[] {
  const names: string[] = []
  let rest = mask
  for (const [bit, name] of CLOCKS_EVENT_REASONS) {
    if (mask & bit) names.push(name)
    rest &= ~bit
  }
  for (let bit = 1n; rest !== 0n; bit <<= 1n) {
    if (rest & bit) {
      names.push(`0x${bit.toString(16)}`)
      rest &= ~bit
    }
  }
  return names
}

/** The mask as nvidia-smi prints clocks_event_reasons.active, e.g. "0x0000000000000001". */
export function clocksEventMaskHex(mask: bigint): string {
  return `0x${mask.toString(16).padStart(16, '0')}`
}
