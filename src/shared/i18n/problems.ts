// Texts of GpuProblem.messageKey / fixKey, shared by the CLI and the UI (i18next namespace 'problems').

export const problemsEn = {
  'problem.nvidiaSmiMissing': 'nvidia-smi was not found, so no NVIDIA driver is visible on this machine.',
  'problem.nvidiaSmiMissing.fix':
    'Install the NVIDIA driver for your GPU (it ships nvidia-smi). If it is installed in an unusual place, pass --nvidia-smi PATH or set GPU_DOCTOR_NVIDIA_SMI. Inside a container, start it with --gpus all (NVIDIA Container Toolkit).',
  'problem.driverNotLoaded': "nvidia-smi could not talk to the NVIDIA driver: the kernel module is not loaded.",
  'problem.driverNotLoaded.fix':
    'Usually a kernel update without a rebuilt driver module, Secure Boot rejecting an unsigned module, or nouveau holding the GPU. Reinstall the driver for the running kernel (with its headers), sign the module or enrol the MOK, blacklist nouveau, then reboot. In a container: start it with --gpus all.',
  'problem.driverLibraryMismatch': 'The driver libraries were updated but the old kernel module is still loaded (Driver/library version mismatch).',
  'problem.driverLibraryMismatch.fix':
    'Reboot, or stop every GPU process and reload the nvidia kernel modules. Then hold the driver packages so unattended upgrades cannot do this again.',
  'problem.noDevices': 'The NVIDIA driver is loaded but reports no GPU.',
  'problem.noDevices.fix':
    'Check that the GPU is seated and powered (lspci | grep -i nvidia), that the driver supports it, and, in a VM or container, that the GPU is passed through. An unsupported -i index also prints this.',
  'problem.timeout': 'nvidia-smi did not answer in time.',
  'problem.timeout.fix':
    'A GPU that hangs the driver (look for Xid errors in dmesg) or a headless server without persistence mode can do this. Enable persistence mode (sudo nvidia-smi -pm 1 or nvidia-persistenced) and check dmesg for Xid 79/119.',
  'problem.garbageOutput': 'nvidia-smi printed something GPU Doctor cannot read.',
  'problem.garbageOutput.fix':
    'Run the command shown under "Details" yourself. If its output looks normal, please report it with the output attached.',
  'problem.failed': 'nvidia-smi failed.',
  'problem.failed.fix': 'Run the command shown under "Details" yourself and read its error message.',
} as const

export type ProblemKey = keyof typeof problemsEn

export const problemsZh: Record<ProblemKey, string> = {
  'problem.nvidiaSmiMissing': '未找到 nvidia-smi，本机看不到 NVIDIA 驱动。',
  'problem.nvidiaSmiMissing.fix':
    '为你的 GPU 安装 NVIDIA 驱动（驱动自带 nvidia-smi）。如果装在非常规位置，请使用 --nvidia-smi PATH 或设置 GPU_DOCTOR_NVIDIA_SMI。在容器里：用 --gpus all 启动容器（需要 NVIDIA Container Toolkit）。',
  'problem.driverNotLoaded': 'nvidia-smi 无法与 NVIDIA 驱动通信：内核模块没有加载。',
  'problem.driverNotLoaded.fix':
    '常见原因：内核升级后没有重新编译驱动模块、安全启动（Secure Boot）拒绝了未签名的模块、nouveau 占用了 GPU。请为当前内核重新安装驱动（含内核头文件），为模块签名或登记 MOK，屏蔽 nouveau，然后重启。在容器里：用 --gpus all 启动。',
  'problem.driverLibraryMismatch': '驱动库已经更新，但旧的内核模块仍在运行（Driver/library version mismatch）。',
  'problem.driverLibraryMismatch.fix': '重启机器，或停止所有 GPU 进程后重新加载 nvidia 内核模块。然后锁定驱动包版本，避免自动升级再次造成此问题。',
  'problem.noDevices': 'NVIDIA 驱动已加载，但没有报告任何 GPU。',
  'problem.noDevices.fix':
    '确认 GPU 插好并已供电（lspci | grep -i nvidia），驱动支持该型号；在虚拟机或容器中确认 GPU 已直通。指定了不存在的 -i 序号也会出现此提示。',
  'problem.timeout': 'nvidia-smi 没有在规定时间内响应。',
  'problem.timeout.fix':
    'GPU 让驱动卡住（查看 dmesg 中的 Xid 错误）或无显示器服务器未开启持久模式都会导致此问题。开启持久模式（sudo nvidia-smi -pm 1 或 nvidia-persistenced），并检查 dmesg 中的 Xid 79/119。',
  'problem.garbageOutput': 'nvidia-smi 的输出无法被 GPU Doctor 解析。',
  'problem.garbageOutput.fix': '请自己运行“详情”中的命令。如果输出看起来正常，请附上输出向我们报告。',
  'problem.failed': 'nvidia-smi 运行失败。',
  'problem.failed.fix': '请自己运行“详情”中的命令并查看其错误信息。',
}
