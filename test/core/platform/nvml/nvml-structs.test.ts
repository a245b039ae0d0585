import { describe, expect, it } from 'vitest'

import {
  decodeCString,
  decodeMemoryV1,
  decodeMemoryV2,
  decodeProcessInfos,
  decodeProcessUtilization,
  decodeUtilization,
  encodeMemoryV2Request,
  MEMORY_V1_OFFSETS,
  MEMORY_V2_OFFSETS,
  MEMORY_V2_SIZE,
  MEMORY_V2_VERSION,
  PROCESS_INFO_V1_SIZE,
  PROCESS_INFO_V2_SIZE,
  PROCESS_UTILIZATION_SIZE,
  readWholeMiB,
} from '../../../../src/core/platform/nvml/nvml-structs'

const MiB = 1024n * 1024n

describe('NVML struct decoding (little-endian, natural alignment)', () => {
  it('reads nvmlUtilization_t', () => {
    const b = Buffer.alloc(8)
    b.writeUInt32LE(100, 0)
    b.writeUInt32LE(33, 4)
    expect(decodeUtilization(b)).toEqual({ gpu: 100, memory: 33 })
  })

  it('asks for nvmlMemory_v2_t with its version word and reads used without the reservation', () => {
    const b = encodeMemoryV2Request(Buffer.alloc(MEMORY_V2_SIZE, 0xff))
    expect(b.readUInt32LE(0)).toBe(MEMORY_V2_VERSION)
    expect(MEMORY_V2_VERSION).toBe(0x02000028)
    expect(b.subarray(4).every((x) => x === 0)).toBe(true)
    b.writeBigUInt64LE(81559n * MiB, 8)
    b.writeBigUInt64LE(500n * MiB, 16)
    b.writeBigUInt64LE(79921n * MiB, 24)
    b.writeBigUInt64LE(1138n * MiB, 32)
    expect(decodeMemoryV2(b)).toEqual({ totalBytes: 81559n * MiB, reservedBytes: 500n * MiB, freeBytes: 79921n * MiB, usedBytes: 1138n * MiB })
  })

  it('gives the hot path the same whole MiB as the BigInt decoder, above 4 GiB and up to 2^53 bytes', () => {
    const b = Buffer.alloc(MEMORY_V2_SIZE)
    const cases = [0n, MiB - 1n, MiB, 81559n * MiB + 123n, 143771n * MiB + MiB - 1n, 2n ** 53n - 1n]
    for (const bytes of cases) {
      b.writeBigUInt64LE(bytes, MEMORY_V2_OFFSETS.used)
      b.writeBigUInt64LE(bytes, MEMORY_V1_OFFSETS.total)
      const expected = Number(bytes / MiB)
      expect(readWholeMiB(b, MEMORY_V2_OFFSETS.used)).toBe(expected)
      expect(readWholeMiB(b, MEMORY_V1_OFFSETS.total)).toBe(expected)
      expect(decodeMemoryV2(b).usedBytes / MiB).toBe(BigInt(expected))
    }
  })

  it('reads nvmlMemory_t (v1: total, free, used)', () => {
    const b = Buffer.alloc(24)
    b.writeBigUInt64LE(10n, 0)
    b.writeBigUInt64LE(3n, 8)
    b.writeBigUInt64LE(7n, 16)
    expect(decodeMemoryV1(b)).toEqual({ totalBytes: 10n, freeBytes: 3n, usedBytes: 7n, reservedBytes: null })
  })

  it('reads nvmlProcessUtilizationSample_t arrays (pid, then a 64-bit timestamp after 4 bytes of padding)', () => {
    const b = Buffer.alloc(2 * PROCESS_UTILIZATION_SIZE)
    const put = (i: number, pid: number, ts: bigint, u: number[]) => {
      const o = i * PROCESS_UTILIZATION_SIZE
      b.writeUInt32LE(pid, o)
      b.writeBigUInt64LE(ts, o + 8)
      u.forEach((v, k) => b.writeUInt32LE(v, o + 16 + 4 * k))
    }
    put(0, 1007, 1_795_609_901_674_000n, [99, 33, 0, 0])
    put(1, 42, 5n, [1, 2, 3, 4])
    expect(decodeProcessUtilization(b, 2)).toEqual([
      { pid: 1007, timeStampUs: 1_795_609_901_674_000n, smUtil: 99, memUtil: 33, encUtil: 0, decUtil: 0 },
      { pid: 42, timeStampUs: 5n, smUtil: 1, memUtil: 2, encUtil: 3, decUtil: 4 },
    ])
  })

  it('reads process infos of either layout; an unavailable memory or MIG instance becomes null', () => {
    const v2 = Buffer.alloc(2 * PROCESS_INFO_V2_SIZE)
    v2.writeUInt32LE(1007, 0)
    v2.writeBigUInt64LE(1130n * MiB, 8)
    v2.writeUInt32LE(0xffffffff, 16)
    v2.writeUInt32LE(0xffffffff, 20)
    v2.writeUInt32LE(9, 24)
    v2.writeBigUInt64LE(0xffffffffffffffffn, 32)
    v2.writeUInt32LE(1, 40)
    v2.writeUInt32LE(0, 44)
    expect(decodeProcessInfos(v2, 2, PROCESS_INFO_V2_SIZE)).toEqual([
      { pid: 1007, usedMemoryMiB: 1130, gpuInstanceId: null, computeInstanceId: null },
      { pid: 9, usedMemoryMiB: null, gpuInstanceId: 1, computeInstanceId: 0 },
    ])
    const v1 = Buffer.alloc(PROCESS_INFO_V1_SIZE)
    v1.writeUInt32LE(5, 0)
    v1.writeBigUInt64LE(512n * MiB, 8)
    expect(decodeProcessInfos(v1, 1, PROCESS_INFO_V1_SIZE)).toEqual([{ pid: 5, usedMemoryMiB: 512, gpuInstanceId: null, computeInstanceId: null }])
  })

  it('reads a NUL-terminated name from a fixed buffer', () => {
    const b = Buffer.alloc(96)
    b.write('NVIDIA H100 80GB HBM3')
    expect(decodeCString(b)).toBe('NVIDIA H100 80GB HBM3')
    expect(decodeCString(Buffer.from('abc'))).toBe('abc')
  })
})
