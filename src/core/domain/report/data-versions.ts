import type { CompatData } from '../../../shared/compat-data'
import type { DataTableVersion } from '../../../shared/report'
import { COMPAT_FILES, compatData } from '../../knowledge/compat/data'

/** `dataVersion` of every data table bundled into this build (resources/data/*.json). */
export function dataTableVersions(): DataTableVersion[] {
  try {
    const data = compatData()
    return (Object.keys(COMPAT_FILES) as Array<keyof CompatData>).map((key) => ({
      name: COMPAT_FILES[key].replace(/\.json$/, ''),
      dataVersion: data[key].dataVersion,
    }))
  } catch {
    // A broken table is reported by `recommend`; the report still lists what it can.
    return []
  }
}
