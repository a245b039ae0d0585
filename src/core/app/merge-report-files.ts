import { basename } from 'node:path'

import { FLEET_MAX_BYTES } from '../../shared/constants'
import type { FleetTable } from '../../shared/fleet'
import { mergeReports } from '../domain/report/fleet/merge-reports'
import { readTextInput } from '../platform/files/read-input'

/**
 * `report --merge FILES`: each node's JSON report (its name the file's, less `.json`), merged into
 * one fleet table; a file that is not a report is a rejected row, one that cannot be read an InputError.
 */
export async function mergeReportFiles(files: readonly string[]): Promise<FleetTable> {
  const inputs = await Promise.all(files.map(async (file) => ({ name: basename(file).replace(/\.json$/i, ''), text: await readTextInput(file, FLEET_MAX_BYTES) })))
  return mergeReports(inputs)
}
