import { MAX_REPORT_JSON } from '../../shared/constants'
import { parseReportInput, type ReportInput } from '../domain/report/load-input'
import { readTextInput } from '../platform/files/read-input'

/**
 * A saved report or diagnosis file (`-` is stdin): InputError when it is empty, binary or larger
 * than MAX_REPORT_JSON; `unparseable` with the reason when it is text but neither.
 */
export async function readReportFile(file: string): Promise<{ ok: true; input: ReportInput } | { ok: false; problem: 'unparseable'; detail: string }> {
  const text = await readTextInput(file, MAX_REPORT_JSON)
  try {
    return { ok: true, input: parseReportInput(text) }
  } catch (error) {
    return { ok: false, problem: 'unparseable', detail: error instanceof Error ? error.message : String(error) }
  }
}
