import { z } from 'zod'

/** Host facts from systeminformation (never its graphics(): that blocks on nvidia-smi). */
export const HostFactsSchema = z.object({
  hostname: z.string().nullable(),
  platform: z.string(),
  distro: z.string().nullable(),
  release: z.string().nullable(),
  kernel: z.string().nullable(),
  arch: z.string(),
  cpuModel: z.string().nullable(),
  cpuCores: z.number().nullable(),
  cpuPhysicalCores: z.number().nullable(),
  memoryTotalBytes: z.number().nullable(),
  /** Driver version read from /proc/driver/nvidia/version before anything is spawned. */
  kernelModuleDriverVersion: z.string().nullable(),
  isWsl: z.boolean(),
  isContainer: z.boolean(),
})
export type HostFacts = z.infer<typeof HostFactsSchema>
