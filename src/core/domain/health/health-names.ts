type Path = readonly string[]

/** Where each health fact sits in `nvidia-smi -q` (text, left) and `-q -x` (XML, right), from the GPU node. */
export const HEALTH_PATHS = {
  pcieGenMax: [['PCI', 'GPU Link Info', 'PCIe Generation', 'Max'], ['pci', 'pci_gpu_link_info', 'pcie_gen', 'max_link_gen']],
  pcieGenCurrent: [['PCI', 'GPU Link Info', 'PCIe Generation', 'Current'], ['pci', 'pci_gpu_link_info', 'pcie_gen', 'current_link_gen']],
  pcieWidthMax: [['PCI', 'GPU Link Info', 'Link Width', 'Max'], ['pci', 'pci_gpu_link_info', 'link_widths', 'max_link_width']],
  pcieWidthCurrent: [['PCI', 'GPU Link Info', 'Link Width', 'Current'], ['pci', 'pci_gpu_link_info', 'link_widths', 'current_link_width']],
  eccMode: [['ECC Mode', 'Current'], ['ecc_mode', 'current_ecc']],
  volatileDramUncorrectable: [['ECC Errors', 'Volatile', 'DRAM Uncorrectable'], ['ecc_errors', 'volatile', 'dram_uncorrectable']],
  volatileSramParity: [['ECC Errors', 'Volatile', 'SRAM Uncorrectable Parity'], ['ecc_errors', 'volatile', 'sram_uncorrectable_parity']],
  volatileSramSecded: [['ECC Errors', 'Volatile', 'SRAM Uncorrectable SEC-DED'], ['ecc_errors', 'volatile', 'sram_uncorrectable_secded']],
  aggregateDramUncorrectable: [['ECC Errors', 'Aggregate', 'DRAM Uncorrectable'], ['ecc_errors', 'aggregate', 'dram_uncorrectable']],
  /** Drivers before R525 print one "Double Bit / Device Memory" counter instead. */
  volatileDoubleBit: [['ECC Errors', 'Volatile', 'Double Bit', 'Device Memory'], ['ecc_errors', 'volatile', 'double_bit', 'device_memory']],
  retiredPending: [['Retired Pages', 'Pending Page Blacklist'], ['retired_pages', 'pending_blacklist']],
  retiredPendingRetirement: [['Retired Pages', 'Pending'], ['retired_pages', 'pending_retirement']],
  remappedUncorrectable: [['Remapped Rows', 'Uncorrectable Error'], ['remapped_rows', 'remapped_row_unc']],
  remappedPending: [['Remapped Rows', 'Pending'], ['remapped_rows', 'remapped_row_pending']],
  remappedFailure: [['Remapped Rows', 'Remapping Failure Occurred'], ['remapped_rows', 'remapped_row_failure']],
  recoveryAction: [['GPU Recovery Action'], ['gpu_recovery_action']],
  persistenceMode: [['Persistence Mode'], ['persistence_mode']],
  powerLimit: [['GPU Power Readings', 'Current Power Limit'], ['gpu_power_readings', 'current_power_limit']],
  powerLimitOld: [['Power Readings', 'Power Limit'], ['power_readings', 'power_limit']],
  powerLimitDefault: [['GPU Power Readings', 'Default Power Limit'], ['gpu_power_readings', 'default_power_limit']],
  powerLimitDefaultOld: [['Power Readings', 'Default Power Limit'], ['power_readings', 'default_power_limit']],
  appClockGraphics: [['Applications Clocks', 'Graphics'], ['applications_clocks', 'graphics_clock']],
  appClockGraphicsDefault: [['Default Applications Clocks', 'Graphics'], ['default_applications_clocks', 'graphics_clock']],
  appClocksReason: [['Clocks Event Reasons', 'Applications Clocks Setting'], ['clocks_event_reasons', 'clocks_event_reason_applications_clocks_setting']],
  appClocksReasonOld: [['Clocks Throttle Reasons', 'Applications Clocks Setting'], ['clocks_throttle_reasons', 'clocks_throttle_reason_applications_clocks_setting']],
  migMode: [['MIG Mode', 'Current'], ['mig_mode', 'current_mig']],
  fabricState: [['Fabric', 'State'], ['fabric', 'state']],
  fabricStatus: [['Fabric', 'Status'], ['fabric', 'status']],
  utilizationGpu: [['Utilization', 'GPU'], ['utilization', 'gpu_util']],
  name: [['Product Name'], ['product_name']],
  busId: [['PCI', 'Bus Id'], ['pci', 'pci_bus_id']],
  uuid: [['GPU UUID'], ['uuid']],
} as const satisfies Record<string, readonly [Path, Path]>

export type HealthField = keyof typeof HEALTH_PATHS
