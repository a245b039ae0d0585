import { describe, expect, it } from 'vitest'

import { clocksEventMaskHex, clocksEventReasonNames, nvmlReturnName } from '../../../../src/core/platform/nvml/nvml-codes'

describe('NVML return codes', () => {
  it('names the codes a user meets when NVML cannot start', () => {
    expect(nvmlReturnName(9)).toBe('NVML_ERROR_DRIVER_NOT_LOADED (9)')
    expect(nvmlReturnName(18)).toBe('NVML_ERROR_LIB_RM_VERSION_MISMATCH (18)')
    expect(nvmlReturnName(4)).toBe('NVML_ERROR_NO_PERMISSION (4)')
    expect(nvmlReturnName(999)).toBe('NVML_ERROR_UNKNOWN (999)')
  })

  it('keeps the number of a code this table does not know', () => {
    expect(nvmlReturnName(31)).toBe('NVML return 31')
  })
})

describe('clocks event (throttle) reasons', () => {
  it('names each bit as nvidia-smi -q does', () => {
    expect(clocksEventReasonNames(0x1n)).toEqual(['gpu_idle'])
    // Captured on an H100 under a bf16 matmul at 696 of 700 W.
    expect(clocksEventReasonNames(0x4n)).toEqual(['sw_power_cap'])
    expect(clocksEventReasonNames(0x4n | 0x40n | 0x80n)).toEqual(['sw_power_cap', 'hw_thermal_slowdown', 'hw_power_brake_slowdown'])
    expect(clocksEventReasonNames(0n)).toEqual([])
  })

  it('keeps an unnamed bit as its hex value instead of dropping it', () => {
    expect(clocksEventReasonNames(0x8n | 0x1000n)).toEqual(['hw_slowdown', '0x1000'])
  })

  it('prints the mask as nvidia-smi prints clocks_event_reasons.active', () => {
    expect(clocksEventMaskHex(0x5n)).toBe('0x0000000000000005')
  })
})
