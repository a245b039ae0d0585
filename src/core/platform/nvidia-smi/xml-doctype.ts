// nvidia-smi writes `<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v13.dtd">`; any other DOCTYPE (one
// that declares entities, above all) is not its output, and is refused rather than parsed. Every
// reader of nvidia-smi XML (status, health, a report's input) asks this one question first.
const OWN_DOCTYPE = /^<!DOCTYPE\s+nvidia_smi_log\s+SYSTEM\s+"[\w.-]*"\s*>$/

/** Whether the XML declares a DOCTYPE nvidia-smi never writes, or any entity. */
export function foreignDoctype(text: string): boolean {
  // A declaration ends at the next "<" too (then it is not nvidia-smi's): "<!DOCTYPE" repeated read to the end from each.
  const doctypes = text.match(/<!DOCTYPE[^>[<]*(?:\[|>|<)/gi) ?? []
  return doctypes.some((d) => !OWN_DOCTYPE.test(d)) || /<!ENTITY/i.test(text)
}

export const FOREIGN_DOCTYPE_REASON = 'A DOCTYPE is not accepted: this XML declares its own (nvidia-smi -q -x writes only <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">).'
