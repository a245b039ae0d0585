import type { CompatData } from '../../../shared/compat-data'
import { compareVersions } from './compare-versions'
import { cudaMinor } from './driver'

/** How current the tables are: the oldest date a table's sources were read, and the newest entries they hold. */
export interface TablesAsOfFacts {
  date: string
  torch: string
  cuda: string
  branch: number
  ngc: string
}

export function tablesAsOf(data: CompatData): TablesAsOfFacts {
  const dates = [data.releases.readOn, data.drivers.readOn, data.branches.readOn, data.gpus.readOn, data.images.readOn].sort()
  const releases = [...data.releases.releases].sort((a, b) => compareVersions(a.latestPatch, b.latestPatch))
  return {
    date: dates[0]!,
    torch: releases.at(-1)!.latestPatch,
    cuda: cudaMinor(data.drivers.toolkits.at(-1)!.cuda) ?? data.drivers.toolkits.at(-1)!.cuda,
    branch: data.branches.branches.at(-1)!.branch,
    ngc: data.images.ngc.releases.at(-1)!.release,
  }
}
