// Chinese texts of the findings catalogue (./index.ts): the keys of en.ts, no more, no fewer (the
// type says so), with the same `{{param}}` names (test/shared/i18n/every-text.test.ts).

import { envFindingsZh } from '../env-findings'

/** A venv on Debian or Ubuntu needs python3-venv, which a stock install lacks: said where the install command makes one (renderFinding keeps [[venv]] sections only then). */
const VENV_NOTE_ZH = '[[venv]]在 Debian 和 Ubuntu 上，创建 venv 需要默认未安装的 venv 模块（提示 `ensurepip is not available`）：请先执行 `sudo apt install python3-venv`。[[/venv]]'
import type { FindingKey } from './keys'

type Some = Partial<Record<FindingKey, string>>

/** Simplified Chinese finding texts, keyed as findingsEnTexts. */
export const findingsZhTexts: Readonly<Record<FindingKey, string>> = Object.assign({}, {
  // ---- A. 驱动 / 主机
  'driver-not-loaded.title': 'NVIDIA 驱动未加载',
  'driver-not-loaded.message': 'NVIDIA 内核驱动没有运行，nvidia-smi 和 PyTorch 都无法访问 GPU。',
  'driver-not-loaded.fix':
    '为当前内核重新安装驱动（连同内核头文件：`dkms install` 或发行版的驱动包）；开启了安全启动（Secure Boot）时为模块签名或登记 MOK；屏蔽 nouveau，然后重启。在容器里：用 `--gpus all`（Docker）或 `--device nvidia.com/gpu=all`（Podman，CDI）启动。',

  'no-nvidia-gpu.title': '本机没有 NVIDIA GPU',
  'no-nvidia-gpu.message':
    '[[route:none]]本机没有可用的 NVIDIA GPU：PCI 总线（{{root}}）上的 {{devices}} 个设备都不是 NVIDIA 的（厂商号 0x10de），也没有 /dev/nvidia* 设备。nvidia-smi 和 PyTorch 找不到 GPU 的原因在此，而不在驱动。[[/route]][[route:paste]]本机可能根本没有 NVIDIA GPU：这条信息（"Found no NVIDIA driver"、"couldn\'t communicate with the NVIDIA driver"、Docker 的 "could not select device driver"、WSL 的 "no adapters were found"）也是完全没有 NVIDIA GPU 的机器（只有 CPU 的服务器、只有 Intel 或 AMD 显卡的笔记本）给出的信息：那样的话安装驱动或容器工具包都无济于事。[[/route]]',
  'no-nvidia-gpu.fix':
    '请在有 GPU 的地方运行 GPU Doctor：在 GPU 服务器本机上（`gpu-doctor diagnose`，或在那里运行 `gpu-doctor serve` 并通过 SSH 隧道打开），换用带 GPU 的云实例规格，或在已直通 GPU 的虚拟机里运行。在这台机器上安装或重新加载驱动都无济于事。',

  'driver-older-than-gpu.title': '驱动比 GPU 旧',
  'driver-older-than-gpu.message':
    '位于 {{address}} 的 NVIDIA GPU（{{gpu}}，PCI ID 10de:{{deviceId}}）在 PCI 总线上，但驱动 {{driver}} 无法驱动它：这个驱动早于该 GPU。最早支持它的驱动是 {{minimum}}（来源：{{source}}）。nvidia-smi 和 PyTorch 都看不到这块 GPU。',
  'driver-older-than-gpu.fix': '安装 {{minimum}} 或更新的驱动，然后重启。`sudo dmesg | grep -i NVRM` 可查看驱动自己关于这块 GPU 的记录。',

  'driver-dropped-gpu-architecture.title': '驱动对该 GPU 架构而言太新',
  'driver-dropped-gpu-architecture.message':
    '位于 {{address}} 的 NVIDIA GPU（{{gpu}}，PCI ID 10de:{{deviceId}}）在 PCI 总线上，但驱动 {{driver}} 无法驱动它：R{{lastBranch}} 是支持 {{arch}} 架构 GPU 的最后一个驱动分支（来源：{{source}}）。nvidia-smi 和 PyTorch 都看不到这块 GPU。',
  'driver-dropped-gpu-architecture.fix':
    '安装 R{{lastBranch}} 分支的驱动（NVIDIA 为 {{arch}} 保留的旧版分支；Ubuntu 上为 `nvidia-driver-{{lastBranch}}` 软件包，若该发行版提供），然后重启。一台机器上所有 GPU 共用一个驱动，因此本机上需要更新分支的 GPU 无法与这块 GPU 同时运行。`sudo dmesg | grep -i NVRM` 可查看驱动自己关于这块 GPU 的记录。',

  'gpu-on-bus-not-listed-by-driver.title': 'PCI 总线上有驱动未接管的 GPU',
  'gpu-on-bus-not-listed-by-driver.message':
    '位于 {{address}} 的 NVIDIA GPU（{{gpu}}，PCI ID 10de:{{deviceId}}）在 PCI 总线上，但没有绑定任何驱动，驱动 {{driver}} 也没有列出它：nvidia-smi 和 PyTorch 都看不到它。GPU Doctor 的数据表给不出原因（表中说这个驱动支持它，或者表中没有这块 GPU）。',
  'gpu-on-bus-not-listed-by-driver.fix':
    '运行 `sudo dmesg | grep -i NVRM`：驱动会在那里写明它为何没有接管某块 GPU。另请确认这块 GPU 没有被有意排除（/etc/modprobe.d 中的 `NVreg_ExcludedGpus`）。比驱动更新的 GPU 需要更新的驱动。',

  'nvml-driver-library-mismatch.title': '驱动与库版本不一致',
  'nvml-driver-library-mismatch.message': '驱动的用户态库已经更新，但旧的内核模块仍在运行。',
  'nvml-driver-library-mismatch.fix': '重启机器，或停止所有 GPU 进程后重新加载 nvidia 内核模块。之后锁定驱动包版本，避免自动升级再次造成此问题。',

  'driver-too-old-for-cuda-runtime.title': '驱动版本低于 CUDA 要求',
  'driver-too-old-for-cuda-runtime.message': 'NVIDIA 驱动比 PyTorch（或该程序）编译时所用的 CUDA 版本旧。',
  'driver-too-old-for-cuda-runtime.fix':
    '把驱动升级到支持该 CUDA 的分支（CUDA 12.x 需要 R525+，CUDA 13 需要 R580+），或安装针对驱动所支持 CUDA 编译的 PyTorch：`{{install}}`。' + VENV_NOTE_ZH,

  'driver-library-not-visible.title': '程序没有连到驱动',
  'driver-library-not-visible.message':
    'CUDA 报告驱动过旧，但程序没有加载到这个驱动的库（libcuda）：例如它运行在未分配 GPU 的容器中，或加载路径上没有 libcuda。详情列出粘贴中指向这一点的事实（驱动已足够支持程序所用的 CUDA，或程序运行处没有驱动工具）。',
  'driver-library-not-visible.fix':
    '在 nvidia-smi 能正常运行的环境中运行程序：容器用 `--gpus all`（Docker）或 `--device nvidia.com/gpu=all`（Podman，CDI）启动；在主机上检查 `ldconfig -p | grep libcuda.so.1`，并从 `LD_LIBRARY_PATH` 中去掉 `stubs` 或 `compat` 目录。不要为此降级 CUDA 或升级驱动。',

  'driver-insufficient-undecided.title': '驱动过旧，或程序没有连到驱动：粘贴内容无法判断是哪一个',
  'driver-insufficient-undecided.message':
    'CUDA 报告驱动版本不足以支持 CUDA 运行时。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容没有同时给出驱动支持的 CUDA 和程序构建所用的 CUDA，也没有说明程序是否运行在有驱动的地方。',
  'driver-insufficient-undecided.fix':
    '在程序运行的地方区分：`nvidia-smi`（其 "CUDA Version" 是驱动能运行的最高 CUDA）和 `python -c "import torch; print(torch.version.cuda)"`。程序的 CUDA 更新：升级驱动，或安装适配驱动 CUDA 的 wheel。不更新，或那里没有 nvidia-smi：程序没有连到驱动（`ldconfig -p | grep libcuda.so.1`；容器需要 `--gpus all`）。',

  'no-kernel-image-undecided.title': '没有内核映像：PyTorch 的构建还是扩展',
  'no-kernel-image-undecided.message':
    'CUDA 找不到适用于这块 GPU 的内核映像。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容没有同时给出 PyTorch 构建和 GPU，也没有 PyTorch 说明该 GPU 不兼容的信息。',
  'no-kernel-image-undecided.fix':
    '区分方法：`python -c "import torch; print(torch.__version__, torch.cuda.get_arch_list(), torch.cuda.get_device_capability())"`。列表中没有该 GPU 的 sm_XY（或更低的 compute_）：安装支持这块 GPU 的 PyTorch 构建。列表中有：内核属于 traceback 中的某个扩展，为这块 GPU 重新编译它。',

  'device-handle-undecided.title': 'nvidia-smi 无法访问某块 GPU：原因未能确定',
  'device-handle-undecided.message':
    '"Unable to determine the device handle" 加 "Unknown Error" 对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容中没有能确定其中之一的行（Xid 79 或 "fallen off the bus"、驱动/库版本不一致、WSL 下 TCC 与 WDDM GPU 混用）。',
  'device-handle-undecided.fix':
    '区分方法：`sudo dmesg | grep -iE "NVRM|Xid"`（Xid 79 或 "fallen off the bus"：GPU 掉出了总线），对比 `cat /proc/driver/nvidia/version` 与 `nvidia-smi` 的库版本（不同：重启以加载新驱动），在 WSL 下于 Windows 运行 `nvidia-smi.exe -q | findstr /i "Driver Model"`（TCC GPU 与 WDDM GPU 并存）。',

  'libcuda-missing-undecided.title': '缺少 libcuda.so.1：程序运行处没有驱动',
  'libcuda-missing-undecided.message':
    'libcuda.so.1 是 NVIDIA 驱动自身的库，从不属于 PyTorch 或 CUDA 软件包：重装它们无济于事。程序运行的地方没有驱动库；原因是以下之一（可能性从高到低）：{{causes}}。',
  'libcuda-missing-undecided.fix':
    '在程序运行的地方区分：`ls /.dockerenv`（存在：在容器中，用 `--gpus all` 或 `--device nvidia.com/gpu=all` 启动），`nvidia-smi`（主机上缺失或失败：安装或加载驱动），`uname -r`（以 microsoft-standard-WSL2 结尾：把 /usr/lib/wsl/lib 加入加载路径）。',

  'no-driver-or-gpu-undecided.title': '没有连到 NVIDIA 驱动：没有驱动，或没有 NVIDIA GPU',
  'no-driver-or-gpu-undecided.message':
    '该信息表示没有 NVIDIA 驱动应答。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容中没有能区分它们的信息（PCI 总线上的 NVIDIA GPU、/dev/nvidia* 设备、能运行的 nvidia-smi、程序运行的位置）。',
  'no-driver-or-gpu-undecided.fix':
    '在程序运行的地方区分：`lspci | grep -i nvidia`（没有输出：这里没有 NVIDIA GPU，请在有 GPU 的机器上运行），`nvidia-smi` 和 `lsmod | grep nvidia`（有 GPU 但没有内核模块：安装或加载驱动）。在 Slurm 作业中运行 `echo $CUDA_VISIBLE_DEVICES`（为空：用 `--gres=gpu:1` 或 `--gpus=1` 申请 GPU）；在容器中运行 `ls /dev/nvidia*`（没有：用 `--gpus all` 启动容器）。',

  'docker-gpu-undecided.title': 'Docker 没有找到 GPU 驱动：Docker 没有 GPU 支持，或没有 NVIDIA GPU',
  'docker-gpu-undecided.message':
    'Docker 对 `--gpus` 的回答是没有设备驱动。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容中没有能区分它们的信息（写出的 NVIDIA GPU 型号、lspci、主机上能运行的 nvidia-smi）。',
  'docker-gpu-undecided.fix':
    '在主机上运行 `nvidia-smi`（或 `lspci | grep -i nvidia`）。列出了 GPU：安装 NVIDIA Container Toolkit，然后运行 `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`。没有 NVIDIA GPU：这台机器上无法运行 GPU 容器；请在有 GPU 的机器上运行，或去掉 `--gpus`。',

  'wsl-no-adapters-undecided.title': 'WSL 没有把 GPU 交给 Linux：WSL 1，或没有 NVIDIA GPU',
  'wsl-no-adapters-undecided.message':
    'nvidia-container-cli 在 WSL 中没有找到 GPU 适配器。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容没有说明发行版运行在哪个 WSL 版本上，也没有说明机器是否有 NVIDIA GPU。',
  'wsl-no-adapters-undecided.fix':
    '在 Windows 中运行 `wsl -l -v`（VERSION 为 1：用 `wsl --set-version <发行版> 2` 转换），并在 PowerShell 中运行 `nvidia-smi`（没有列出 GPU：这台机器没有 NVIDIA GPU 或没有装 Windows 驱动；请安装 Windows 驱动，不要在 WSL 里安装 Linux 驱动）。',

  'no-device-undecided.title': '没有看到 CUDA 设备：被隐藏，或作业没有分配到',
  'no-device-undecided.message':
    '进程没有看到任何 CUDA 设备。这对应以下原因之一（可能性从高到低）：{{causes}}。粘贴内容没有显示 CUDA_VISIBLE_DEVICES，也没有显示作业分配到了什么。',
  'no-device-undecided.fix':
    '在作业内区分：`echo $CUDA_VISIBLE_DEVICES`（为空或指向不存在的编号：取消设置，或使用 `nvidia-smi -L` 列出的编号）和 `nvidia-smi -L`（没有列出 GPU：作业没有分配到；用 `--gres=gpu:1` / `--gpus=1` 申请，Kubernetes 中用 `nvidia.com/gpu: 1`）。',

  'extension-built-for-other-torch.title': '扩展是为另一个 PyTorch 版本构建的',
  'extension-built-for-other-torch.message':
    '{{library}} 缺少 PyTorch 符号 {{symbol}}：这个编译好的扩展（flash-attn、xformers、torch-scatter、mmcv 等）是针对另一个 PyTorch 版本构建的，与已安装版本的 C++ 接口不同。',
  'extension-built-for-other-torch.fix':
    '安装与已安装 torch 匹配的扩展版本（用 `python -c "import torch; print(torch.__version__)"` 查看；wheel 名中会写明，如 `+pt21cu118` 或 `torch2.1`），或针对当前 torch 重新编译（`pip install --no-build-isolation --force-reinstall --no-cache-dir <包名>`），或安装该扩展所针对的 torch 版本。',

  'job-without-gpu.title': '作业没有分配到 GPU',
  'job-without-gpu.message':
    '程序运行在调度器作业（Slurm、Kubernetes）中，而该作业没有分配 GPU：节点上可能有 GPU 和驱动，但作业看不到任何 GPU 设备，所以 nvidia-smi 和 CUDA 都找不到 GPU。',
  'job-without-gpu.fix':
    '为作业申请 GPU：Slurm 用 `srun --gres=gpu:1 …` 或 `#SBATCH --gpus=1`（以及 GPU 分区），Kubernetes 用 `resources.limits: nvidia.com/gpu: 1`。在作业内用 `echo $CUDA_VISIBLE_DEVICES` 和 `nvidia-smi -L` 查看分到了什么。',

  'wsl1-has-no-gpu.title': 'WSL 1 没有 GPU',
  'wsl1-has-no-gpu.message': '程序运行在 WSL 1 下，而 WSL 1 不让 Linux 访问 GPU：WSL 中使用 CUDA 需要 WSL 2，无论 Windows 装的是什么驱动。',
  'wsl1-has-no-gpu.fix': '把发行版转换为 WSL 2（`wsl --set-version <发行版> 2`，用 `wsl -l -v` 检查），NVIDIA 驱动只装在 Windows 上，不要在 WSL 里安装 Linux 驱动。',

  'library-missing-for-package.title': '{{package}} 缺少 CUDA 库',
  'library-missing-for-package.message':
    '{{package}} 无法加载 {{library}}。它不像 PyTorch wheel 那样自带一份：这个库必须安装在加载器能找到的位置。',
  'library-missing-for-package.fix':
    '安装 {{package}} 编译时对应的 CUDA/cuDNN 版本（它的 pip extras、`pip install nvidia-cudnn-cuXX` 或系统包），并把其 lib 目录加入 `LD_LIBRARY_PATH`；PyTorch 本身无需改动。',

  'extension-arch-missing.title': 'PyTorch 之外缺少这块 GPU 的内核',
  'extension-arch-missing.message':
    '缺少的内核映像来自程序加载的某个编译扩展或其他 CUDA 库，而不是 PyTorch 自身的构建（详情说明依据：PyTorch 的构建含有这块 GPU 的代码）。',
  'extension-arch-missing.fix':
    '在 traceback 中找到该扩展，为这块 GPU 重新编译（`TORCH_CUDA_ARCH_LIST` 包含其计算能力，然后不带构建隔离重新安装），或安装为 {{arch}} 构建的版本。',

  'fabric-manager-not-running.title': 'Fabric Manager 未运行（CUDA 错误 802）',
  'fabric-manager-not-running.message':
    'CUDA 报告 "system not yet initialized"：在 NVSwitch 机器（HGX/DGX）上，nvidia-fabricmanager 服务没有运行，或其版本与驱动不一致。',
  'fabric-manager-not-running.fix':
    '安装与驱动版本完全一致的 `nvidia-fabricmanager` 包，执行 `sudo systemctl enable --now nvidia-fabricmanager`，然后重试。',

  'uvm-broken-after-suspend.title': 'CUDA 未知错误（nvidia_uvm）',
  'uvm-broken-after-suspend.message':
    'CUDA 初始化时报未知错误。通常是休眠/唤醒后 nvidia_uvm 模块状态异常，或缺少 /dev/nvidia-uvm；报错里关于 CUDA_VISIBLE_DEVICES 的提示多半是误导。',
  'uvm-broken-after-suspend.fix':
    '执行 `sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm`（或用 `sudo nvidia-modprobe -c 0 -u` 创建设备节点）；模块被占用时请重启。',

  'persistence-mode-off.title': '持久模式未开启',
  'persistence-mode-off.message': '持久模式（Persistence Mode）关闭，每次有程序启动时驱动都要重新初始化 GPU；在服务器上这会很慢，还可能导致容器启动超时。',
  'persistence-mode-off.fix': '执行 `sudo systemctl enable --now nvidia-persistenced`（旧方法：`sudo nvidia-smi -pm 1`）。',

  'gpu-fallen-off-bus.title': 'GPU 掉卡（Xid 79）',
  'gpu-fallen-off-bus.message': 'GPU 从 PCIe 总线上掉线了，常见原因是供电、过热、转接线/插槽问题或主板 BIOS 过旧。',
  'gpu-fallen-off-bus.fix':
    '先重启恢复，再检查电源功率和供电线、重新插紧显卡、改善散热，并更新 BIOS 和驱动。同一块卡反复出现 Xid 79：申请返修（RMA）。',

  'ecc-uncorrectable-or-row-remap.title': '不可纠正的显存错误',
  'ecc-uncorrectable-or-row-remap.message': 'GPU 报告了不可纠正的 ECC 错误或显存行重映射。',
  'ecc-uncorrectable-or-row-remap.fix':
    '让该 GPU 空闲后复位（空闲时执行 `nvidia-smi -r`）或重启，以应用待处理的重映射。如果错误反复出现，或 `Remapping Failure Occurred` 为 `Yes`，请停用该 GPU 并返修。',

  'gsp-firmware-timeout.title': 'GSP 固件超时（Xid 119/120）',
  'gsp-firmware-timeout.message': '驱动等待 GPU 的 GSP 固件响应超时。',
  'gsp-firmware-timeout.fix':
    '重启，并换用更新的（或已知稳定的）驱动分支；用 `nvidia-bug-report.sh` 收集信息。Blackwell 之前的 GPU 使用闭源内核模块时，可用 `options nvidia NVreg_EnableGpuFirmware=0` 规避。',

  'exclusive-compute-mode-busy.title': 'GPU 被占用（独占计算模式）',
  'exclusive-compute-mode-busy.message': 'GPU 处于独占（或禁止）计算模式，且已被另一个进程占用。',
  'exclusive-compute-mode-busy.fix': '换一块空闲的 GPU（`CUDA_VISIBLE_DEVICES`），停止占用它的进程，或由管理员执行 `nvidia-smi -i N -c DEFAULT`。',

  // ---- B. 容器运行时
  'docker-gpu-support-missing.title': 'Docker 没有 GPU 支持',
  'docker-gpu-support-missing.message':
    'Docker 找不到处理 `--gpus` 的设备驱动：没有安装 NVIDIA Container Toolkit，或安装后没有重启 Docker。',
  'docker-gpu-support-missing.fix':
    '安装 `nvidia-container-toolkit`，然后执行 `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`。Linux 上请使用 Docker Engine（docker-ce），不要用 snap 版或 Docker Desktop。',

  'nvidia-runtime-not-registered.title': '未注册 nvidia 运行时',
  'nvidia-runtime-not-registered.message': 'Docker 守护进程不认识 `nvidia` 运行时。',
  'nvidia-runtime-not-registered.fix':
    '执行 `sudo nvidia-ctk runtime configure --runtime=docker` 并重启该守护进程；或者去掉 `--runtime=nvidia`，改用 `--gpus all`。',

  'container-cli-cannot-load-nvml.title': '容器工具无法加载 NVML',
  'container-cli-cannot-load-nvml.message':
    'NVIDIA 容器钩子找不到 libnvidia-ml.so.1：它运行的环境里看不到主机驱动（没装驱动、Docker Desktop 虚拟机或 snap 版 Docker）。',
  'container-cli-cannot-load-nvml.fix':
    '在主机上安装驱动；Linux 上用 Docker Engine（`docker context use default`）代替 Docker Desktop，并避免使用 snap 版 Docker。',

  'image-requires-newer-driver.title': '镜像需要更新的驱动',
  'image-requires-newer-driver.message': '该 CUDA 镜像要求的 CUDA 版本（NVIDIA_REQUIRE_CUDA）高于主机驱动支持的版本。',
  'image-requires-newer-driver.fix': '升级主机驱动，或改用针对较旧 CUDA 构建的镜像标签。',

  'container-lost-gpu-after-daemon-reload.title': '容器丢失了 GPU',
  'container-lost-gpu-after-daemon-reload.message':
    '运行中的容器失去了对 /dev/nvidia* 的访问（NVML 报 "Unknown Error"），通常发生在使用 systemd cgroup 驱动时执行了 `systemctl daemon-reload` 之后。',
  'container-lost-gpu-after-daemon-reload.fix':
    '现在先重建容器。长期方案：执行 `sudo nvidia-ctk system create-dev-char-symlinks --create-all` 并添加对应的 udev 规则，或改用 CDI 注入 GPU。',

  'rootless-cgroup-device-access.title': 'Rootless 容器无法访问 GPU',
  'rootless-cgroup-device-access.message': 'Rootless 容器运行时无法通过 cgroup 授予 GPU 设备访问权限。',
  'rootless-cgroup-device-access.fix':
    '执行 `sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place` 并使用 CDI（`--device nvidia.com/gpu=all`）；只跑 rootful 容器的主机请保持 `no-cgroups = false`。',

  'container-missing-gpu-env.title': '容器启动时没有请求 GPU',
  'container-missing-gpu-env.message': '容器启动时没有请求 GPU，所以驱动库和 nvidia-smi 没有被注入容器。',
  'container-missing-gpu-env.fix':
    'Docker 用 `--gpus all`、Podman 用 `--device nvidia.com/gpu=all`（CDI）启动（或 `-e NVIDIA_VISIBLE_DEVICES=all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility`）；Compose 中使用 `deploy.resources.reservations.devices` 并设置 `capabilities: [gpu]`。',

  'cdi-spec-missing-or-stale.title': 'CDI 配置缺失或过期',
  'cdi-spec-missing-or-stale.message': 'CDI 设备名（nvidia.com/gpu=…）无法解析：没有生成 CDI 配置，或配置是为旧驱动生成的。',
  'cdi-spec-missing-or-stale.fix': '执行 `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`，并在每次更换驱动后重新生成。',

  'k8s-device-plugin-no-gpus.title': 'Kubernetes 节点没有可用 GPU',
  'k8s-device-plugin-no-gpus.message': 'NVIDIA device plugin 无法加载 NVML，节点因此没有上报 nvidia.com/gpu。',
  'k8s-device-plugin-no-gpus.fix':
    '执行 `sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default` 并重启 containerd（或使用 nvidia RuntimeClass）；更换驱动后重启 device plugin。',

  'container-shm-too-small.title': '共享内存不足',
  'container-shm-too-small.message': 'DataLoader worker（num_workers > 0）通过 /dev/shm 共享内存传递数据；在 Docker 默认的 64 MB 下会因 Bus error 或 “No space left on device” 而崩溃。',
  'container-shm-too-small.fix':
    '用 `--ipc=host` 或 `--shm-size=8g` 启动容器；Kubernetes 中在 /dev/shm 挂载 `emptyDir: {medium: Memory}`。临时办法：调小 `num_workers`。',

  'container-processes-hidden.title': '容器内看不到进程',
  'container-processes-hidden.message': '容器里的 nvidia-smi 显示显存被占用却列不出进程，因为驱动返回的是主机上的 PID。这不是故障。',
  'container-processes-hidden.fix': '在主机上查看，或用 `--pid=host` 运行监控容器。',

  // ---- C. PyTorch 安装包 / 构建 / 环境变量
  'cpu-only-torch-build.title': '安装的是 CPU 版 PyTorch',
  'cpu-only-torch-build.message': '当前 PyTorch 不含 CUDA 支持，永远无法使用 GPU。',
  'cpu-only-torch-build.fix':
    '从与驱动匹配的源安装支持 CUDA 的 PyTorch：`{{install}}`。之后用这个 Python 运行你的代码，并在依赖文件中固定该源。' + VENV_NOTE_ZH,

  'gpu-arch-not-in-wheel.title': '当前 PyTorch 不支持这块 GPU',
  'gpu-arch-not-in-wheel.message': '安装的 PyTorch 没有为这块 GPU 的计算能力（compute capability）编译内核。',
  'gpu-arch-not-in-wheel.fix':
    '安装带有该 GPU 内核的 PyTorch：`{{install}}`；若 GPU 比当前版本支持的更旧，请固定较旧的 PyTorch；自定义扩展用 `TORCH_CUDA_ARCH_LIST` 重新编译。' + VENV_NOTE_ZH,

  'cuda-visible-devices-misconfigured.title': '没有选中可用的 CUDA 设备',
  'cuda-visible-devices-misconfigured.message':
    '进程看不到任何 CUDA 设备，或请求了不存在的设备编号；常见原因是 CUDA_VISIBLE_DEVICES 为空，或指向了本机没有的 GPU。',
  'cuda-visible-devices-misconfigured.fix':
    '取消设置 `CUDA_VISIBLE_DEVICES`，或设为 `nvidia-smi -L` 中存在的编号/UUID；容器内编号从 0 开始；`--nproc_per_node` 要与可见 GPU 数一致。',

  'cuda-visible-devices-set-too-late.title': 'CUDA_VISIBLE_DEVICES 设置太晚',
  'cuda-visible-devices-set-too-late.message': 'CUDA 初始化之后才修改 CUDA_VISIBLE_DEVICES，所以不起作用。',
  'cuda-visible-devices-set-too-late.fix': '在启动命令里设置（`CUDA_VISIBLE_DEVICES=2 python train.py`），或放在 `import torch` 之前。',

  'device-order-mismatch.title': 'GPU 编号可能与 nvidia-smi 不同',
  'device-order-mismatch.message':
    '本机有不同型号的 GPU。CUDA 默认按速度从快到慢编号，nvidia-smi 按 PCI 总线编号，所以 `cuda:0` 不一定是 nvidia-smi 里的 GPU 0。',
  'device-order-mismatch.fix': '在进程启动前执行 `export CUDA_DEVICE_ORDER=PCI_BUS_ID`，或用 UUID 指定 GPU。',

  'mig-single-instance-per-process.title': 'MIG：每个进程只能用一个实例',
  'mig-single-instance-per-process.message': '已启用 MIG：无论有多少个 MIG 实例，CUDA 在每个进程里最多只显示一个。',
  'mig-single-instance-per-process.fix': '每个进程通过 `CUDA_VISIBLE_DEVICES=MIG-<uuid>` 使用一个实例；多卡训练请关闭 MIG，使用整卡。',

  'torchvision-torch-mismatch.title': 'torchvision 与 torch 不匹配',
  'torchvision-torch-mismatch.message': 'torchvision 是针对另一个 torch 版本或 CUDA 变体构建的。',
  'torchvision-torch-mismatch.fix':
    '从同一个源一起重装：`{{install}}`。' + VENV_NOTE_ZH,

  'extension-build-cuda-mismatch.title': '编译扩展时 CUDA 工具包版本不一致',
  'extension-build-cuda-mismatch.message': '用来编译扩展的 CUDA 工具包（nvcc）与 PyTorch 的 CUDA 主版本不同。',
  'extension-build-cuda-mismatch.fix': '让 `CUDA_HOME` 和 PATH 指向与 `torch.version.cuda` 主版本相同的工具包，或使用该扩展的预编译包。',

  'cuda-oom-or-memory-held.title': '显存不足',
  'cuda-oom-or-memory-held.message': 'GPU 显存耗尽：被其他进程占用、分配器碎片化，或任务本身放不下。',
  'cuda-oom-or-memory-held.fix':
    '停止 GPU 上的其他进程（见 `nvidia-smi`）或换一块空闲的卡；碎片化时设置 `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`；否则减小 batch、使用混合精度或激活检查点（activation checkpointing）。',

  'async-kernel-error-not-env.title': 'CUDA 内核错误（多半是代码问题）',
  'async-kernel-error-not-env.message':
    '某个内核发生非法内存访问或 device-side assert。这几乎总是模型或扩展代码的 bug，而且报错堆栈可能指向错误的位置。',
  'async-kernel-error-not-env.fix':
    '加上 `CUDA_LAUNCH_BLOCKING=1` 重跑（断言类错误可放到 CPU 上跑）以定位真正出错的算子；如果随机出现且 dmesg 里同时有 Xid 48/79/94，则怀疑硬件。',

  // ---- D. cuDNN / CUDA 用户态库
  'bundled-cudnn-not-found.title': '找不到 PyTorch 自带的 CUDA 库',
  'bundled-cudnn-not-found.message': 'PyTorch 从 nvidia-* pip 包加载的 cuDNN、cuBLAS 或 CUDA 运行时库找不到。',
  'bundled-cudnn-not-found.fix':
    '把 torch 连同依赖重新装进同一个环境：`{{install}}`；不要用 `--no-deps`，避免 lib/lib64 两个 site-packages 分开安装。' + VENV_NOTE_ZH,

  'cudnn-shadowed-by-system-copy.title': '另一份 cuDNN 可能覆盖了 PyTorch 自带的',
  'cudnn-shadowed-by-system-copy.message':
    '[[route:none]]加载器能找到一份与 PyTorch 编译时不同的 cuDNN（系统包或 LD_LIBRARY_PATH 中），它可能会代替 PyTorch 自带的那份被加载。[[/route]][[route:ld-preload]]一份与 PyTorch 编译时不同的 cuDNN 写在 `LD_PRELOAD` 中：它先于一切加载，无论 LD_LIBRARY_PATH 或 RUNPATH 如何都会压过 pip 包自带的那份。[[/route]][[route:ld-library-path]]一份与 PyTorch 编译时不同的 cuDNN 经 `LD_LIBRARY_PATH` 被找到，加载器先搜索它，再搜索 torch 的 RUNPATH。[[/route]][[route:system]]一份与 PyTorch 编译时不同的 cuDNN 在系统库路径（ld.so.conf、ldconfig 缓存）中被找到。[[/route]][[route:runpath]]一份与 PyTorch 编译时不同的 cuDNN 经某个 RUNPATH（conda 环境或其他包的 lib 目录）被找到。[[/route]]',
  'cudnn-shadowed-by-system-copy.fix':
    '[[route:none]]为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉 CUDA/cuDNN 目录，或卸载/升级系统 cuDNN。[[/route]][[route:ld-preload]]把这份 cuDNN 从 `LD_PRELOAD` 中去掉（`unset LD_PRELOAD`，或在设置它的地方删掉该条目：shell 配置、作业脚本、容器 ENV）；这里的途径不是 LD_LIBRARY_PATH。[[/route]][[route:ld-library-path]]为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉它所在的目录（或只为需要它的程序设置）。[[/route]][[route:system]]卸载或升级系统 cuDNN 包，或把它的目录从 `/etc/ld.so.conf.d` 中去掉并运行 `sudo ldconfig`。[[/route]][[route:runpath]]在干净的环境中连同 pip 依赖重装 torch，让它自己的 RUNPATH 找到匹配的 cuDNN（`pip install --force-reinstall torch`）。[[/route]]collect_env 只列出磁盘上的文件；`python -c "import torch;print(torch.backends.cudnn.version())"` 才显示实际加载的版本。',

  'system-cuda-libs-shadow-wheel-libs.title': '系统 CUDA 库覆盖了 pip 包中的库',
  'system-cuda-libs-shadow-wheel-libs.message': '加载的是系统 CUDA 工具包（或 stubs 目录）里的库，而不是匹配的 pip nvidia-* 库。',
  'system-cuda-libs-shadow-wheel-libs.fix':
    '从 `LD_LIBRARY_PATH` 中去掉 `/usr/local/cuda*/lib64`（绝不要加入 `stubs`）；执行 `pip install -U nvidia-nvjitlink-cu12` 使版本一致，或重装 torch。',

  'forward-compat-lib-misuse.title': 'CUDA 前向兼容库使用不当',
  'forward-compat-lib-misuse.message': '加载了 cuda-compat 提供的 libcuda，但当前 GPU 或驱动并不支持它（CUDA 错误 803/804）。',
  'forward-compat-lib-misuse.fix':
    '从 `LD_LIBRARY_PATH` 和 ld.so.conf 中去掉 compat 目录（或卸载 `cuda-compat-*`），改为升级主机驱动；驱动更新后出现 803 时请重启。',

  // ---- E. 性能
  'input-pipeline-bottleneck.title': 'GPU 在等数据',
  'input-pipeline-bottleneck.message': 'GPU 一直在等下一个 batch：数据加载跟不上。',
  'input-pipeline-bottleneck.fix':
    '调大 `num_workers`（约等于每块 GPU 分到的 CPU 核数），设置 `pin_memory=True` 和 `persistent_workers=True`，把数据缓存或预解码到本地 SSD。',

  'cpu-oversubscription-in-container.title': 'CPU 线程或 worker 过多',
  'cpu-oversubscription-in-container.message': '线程数或 DataLoader worker 数按主机全部核数设置，而不是按本进程可用的 CPU 数。',
  'cpu-oversubscription-in-container.fix':
    '把 `OMP_NUM_THREADS`（或 `torch.set_num_threads()`）设为可用 CPU 数除以进程数，`num_workers` 不超过可用 CPU 数。',

  'launch-bound-small-kernels.title': 'GPU 在等 Python 端',
  'launch-bound-small-kernels.message':
    '一个 Python 线程有 {{thread}}% 的时间在忙，而 GPU 只有 {{sm}}% 的时间在工作：GPU 依次执行许多小内核，每个都要等 Python 发起（或者循环在 `.item()` 之类的 CUDA 同步上等待）。',
  'launch-bound-small-kernels.fix':
    '让每次发起给 GPU 更多工作：更大的 batch、`torch.compile(model)`（融合小内核）、CUDA graphs（`torch.compile(mode="reduce-overhead")` 或 `torch.cuda.graphs`）、AMP（`torch.autocast`），循环内不要调用 `.item()`、`.cpu()` 或 `print(tensor)`。如果这个线程同时在准备数据（`num_workers=0`），把数据准备交给 DataLoader worker。',

  'host-device-transfer-bound.title': '主机与 GPU 之间的拷贝拖慢了 GPU',
  'host-device-transfer-bound.message': '主机与 GPU 之间的 PCIe 流量为 {{pcie}} MB/s（链路单向容量的 {{linkShare}}%：{{link}}；未知时为“?”），利用率计数器为 {{sm}}%：任务在等数据拷贝。',
  'host-device-transfer-bound.fix':
    '在各步之间把数据和模型留在 GPU 上（不要来回 `.cpu()` / `.to("cuda")`），DataLoader 使用 `pin_memory=True` 并用 `.to("cuda", non_blocking=True)`，传输紧凑的数据（uint8 图像而不是 float32），在 GPU 上再转换。',

  'gpu-waits-not-on-cpu.title': 'GPU 在等待，但不是在等任务的 CPU',
  'gpu-waits-not-on-cpu.message':
    'GPU 只有 {{sm}}% 的时间在工作，而任务的 CPU（主进程 {{main}}%，{{workers}} 个 worker 共 {{workersCpu}}%）和 PCIe（{{pcie}} MB/s）都很空闲：它在等别的东西（磁盘或网络读取、锁、另一个进程、sleep）。',
  'gpu-waits-not-on-cpu.fix':
    '查看主线程在哪里等待：`py-spy dump --pid {{pid}}`（或 `torch.profiler`）；检查磁盘和网络读取（`iostat -x 1`，是否从网络文件系统读数据），以及是否有别的 rank 或进程拖住了它。',

  'gpu-shared-by-other-jobs.title': '其他进程占用了 GPU 的时间',
  'gpu-shared-by-other-jobs.message':
    '任务只让 GPU {{gpu}} 有 {{job}}% 的时间在工作，而其他进程占用了 {{others}}% 的时间：{{processes}}。GPU 在它们之间轮流切换，所以任务比独占一块 GPU 时慢。',
  'gpu-shared-by-other-jobs.fix':
    '让任务独占一块 GPU：在 `nvidia-smi` 中找一块空闲的，用 `CUDA_VISIBLE_DEVICES=<编号>` 启动任务。共享服务器上请询问谁在运行 {{owners}}；必须共享时，用 MIG 划分 GPU 或通过 MPS 共享，而不是在进程之间轮流切换。',

  'watch-sm-includes-other-processes.title': 'SM 数值包含了其他进程',
  'watch-sm-includes-other-processes.message':
    '其他进程也在 GPU {{gpu}} 上持有上下文：{{processes}}。{{sampler}} 测的是整块 GPU，{{sm}}% 中可能有一部分是它们的；没有可用的按进程利用率（NVML）来区分。',
  'watch-sm-includes-other-processes.fix': '用 `nvidia-smi pmon -s u` 查看每个进程的占比，或在 GPU Doctor 能加载 NVML（libnvidia-ml）的地方重新观察。',

  'watch-job-ended.title': '任务在观察期间结束了',
  'watch-job-ended.message': '被观察的进程在观察开始 {{after}} 秒后结束（{{state}}）。只判断它在此之前的行为；最后一秒（退出过程）的数据未计入。',
  'watch-job-ended.fix': '如果它不该停止，请查看它的输出或退出码；观察一个在整个观察期间都在运行的任务。',

  'watch-not-enough-samples.title': '采样太少，无法判断',
  'watch-not-enough-samples.message': '只从任务取到了 {{samples}} 个 GPU 采样，少于判断所需的 {{min}} 个。',
  'watch-not-enough-samples.fix': '在任务进入稳定状态后（启动完成后、结束之前）观察更长时间（`--seconds 30`）。',

  'main-thread-cpu-bound.title': '训练进程在用 CPU 计算',
  'main-thread-cpu-bound.message':
    '任务的一个线程（{{threadName}}）有 {{thread}}% 的时间在忙，而 GPU 几乎空闲（忙碌 {{sm}}%）：这是主进程里的 CPU 工作（例如解码、增强或整理数据），而不是发起内核。',
  'main-thread-cpu-bound.fix':
    '把数据准备移出训练循环：使用 `num_workers` > 0 的 DataLoader（并设 `persistent_workers=True`），或把变换放到 GPU 上做；用 `py-spy top --pid <pid>` 看是哪个函数占着这个线程。',

  'gpu-sms-mostly-idle.title': '内核只让很少的 SM 在忙',
  'gpu-sms-mostly-idle.message':
    '利用率计数器显示 {{counter}}%（有内核在运行），但 NVML GPM 显示 SM 只有 {{smActive}}% 的时间活跃，占用率 {{occupancy}}%：内核太小或 block 太少，填不满 GPU。',
  'gpu-sms-mostly-idle.fix': '让每个内核做更多工作：更大的 batch、用 `torch.compile` 融合小操作、混合精度；自定义内核请发起更多 block（每个 SM 至少几个）。',

  'cudnn-benchmark-dynamic-shapes.title': '输入尺寸变化时开启了 cudnn.benchmark',
  'cudnn-benchmark-dynamic-shapes.message': '`torch.backends.cudnn.benchmark = True` 时，每出现一种新的输入尺寸都会触发一次很慢的自动调优。',
  'cudnn-benchmark-dynamic-shapes.fix': '输入尺寸变化时设 `torch.backends.cudnn.benchmark = False`，或把输入补齐/分桶到少数几种固定尺寸。',

  'gpu-clock-throttling.title': 'GPU 降频',
  'gpu-clock-throttling.message': 'GPU 因温度、功率刹车或功耗上限而降低了频率。',
  'gpu-clock-throttling.fix': '改善散热，检查电源和供电线，恢复默认限制（`nvidia-smi -rac`、`nvidia-smi -rgc`、`nvidia-smi -pl <default>`）。',

  'pcie-link-degraded.title': 'PCIe 链路降级',
  'pcie-link-degraded.message': 'GPU 协商到的 PCIe 代数或通道宽度低于其支持的规格。',
  'pcie-link-degraded.fix': '在负载下检查（空闲时 GPU 会主动降速）；重新插紧显卡，避免使用转接线，使用完整的 x16 插槽，在 BIOS 中指定 PCIe 代数。',

  'ptx-jit-slow-first-call.title': '首次 CUDA 调用很慢（PTX JIT）',
  'ptx-jit-slow-first-call.message': '首次 CUDA 调用很慢，因为驱动要为这块 GPU 即时编译 PTX。',
  'ptx-jit-slow-first-call.fix':
    '安装带有该 GPU 原生内核的版本；否则保留编译缓存（把 `CUDA_CACHE_PATH` 放到持久卷上）并调大 `CUDA_CACHE_MAXSIZE=4294967296`。',

  'tf32-disabled-fp32-matmul.title': 'float32 矩阵乘法未启用 TF32',
  'tf32-disabled-fp32-matmul.message': '在 Ampere 或更新的 GPU 上，float32 矩阵乘法没有使用 TF32 Tensor Core。',
  'tf32-disabled-fp32-matmul.fix': "如果能接受精度上的取舍，调用 `torch.set_float32_matmul_precision('high')`，或使用 `torch.autocast(dtype=torch.bfloat16)`。",

  // ---- F. 多卡 / NCCL
  'nccl-p2p-hang-consumer-gpus.title': '消费级 GPU 上的 NCCL P2P',
  'nccl-p2p-hang-consumer-gpus.message': '这些 GPU（GeForce RTX 40 系列等）上经 PCIe 的 NCCL 点对点通信会卡住或不受支持。',
  'nccl-p2p-hang-consumer-gpus.fix': '执行 `export NCCL_P2P_DISABLE=1`（没有 InfiniBand 时再加 `NCCL_IB_DISABLE=1`），并更新驱动。',

  'pcie-acs-blocks-p2p.title': 'PCIe ACS 阻断了 GPU 间通信',
  'pcie-acs-blocks-p2p.message': 'PCIe ACS（访问控制服务）把 GPU 之间的流量绕经根复合体，导致 NCCL 卡住或变慢。',
  'pcie-acs-blocks-p2p.fix': '在 BIOS 中关闭 ACS（或用 `pci=noacs` 启动），IOMMU 保持直通（`iommu=pt`）；临时办法：`NCCL_P2P_DISABLE=1`。',

  'nccl-shm-too-small.title': 'NCCL 共享内存不足',
  'nccl-shm-too-small.message': 'NCCL 无法在 /dev/shm 中创建共享内存段（容器默认只有 64 MB）。',
  'nccl-shm-too-small.fix': '用 `--shm-size=1g` 或更大（或 `--ipc=host`）启动容器；最后手段：`NCCL_SHM_DISABLE=1`。',

  'nccl-watchdog-timeout.title': 'NCCL 集合通信超时',
  'nccl-watchdog-timeout.message': '某个集合通信操作一直没有完成：有一个 rank 卡住或明显慢于其他 rank，或者传输层挂起。',
  'nccl-watchdog-timeout.fix':
    '确保所有 rank 执行相同的集合通信（把只在 rank 0 上做的工作移出去或加 barrier），单个 rank 的耗时阶段较长时调大 `init_process_group` 的 `timeout=`，并用 `NCCL_DEBUG=INFO` 找出掉队的 rank。',

  'nccl-wrong-network-interface.title': 'NCCL 使用了错误的网卡',
  'nccl-wrong-network-interface.message': 'NCCL 无法建立 socket 传输：网卡不存在或选错了（lo、docker0）。',
  'nccl-wrong-network-interface.fix': '把 `NCCL_SOCKET_IFNAME` 设为可路由的网卡（例如 `eth0`，或 `^docker0,lo`），多机容器用 `--network=host` 运行。',

  // ---- G. Windows / WSL2
  'wsl-linux-driver-installed.title': 'WSL 内安装了 Linux 驱动',
  'wsl-linux-driver-installed.message':
    'NVML 报告 "GPU access blocked by the operating system"。在 WSL2 中，这通常是发行版里安装的 Linux NVIDIA 驱动包覆盖了 WSL 提供的库。',
  'wsl-linux-driver-installed.fix':
    '在 WSL 中卸载 `nvidia-driver-*` 和 `nvidia-utils-*` 包；需要工具包时只从 WSL-Ubuntu 软件源安装 `cuda-toolkit-X-Y`；更新 Windows 驱动并执行 `wsl --update`。',

  'wsl-gpu-in-tcc-mode.title': 'TCC 模式的 GPU 对 WSL 不可见',
  'wsl-gpu-in-tcc-mode.message': 'WSL2 只能使用 WDDM 模式的 GPU，而这块 GPU 运行在 TCC 模式。',
  'wsl-gpu-in-tcc-mode.fix': '在支持的卡上切换到 WDDM（以管理员身份执行 `nvidia-smi -i <n> -dm 0` 后重启）；否则请直接运行 Linux，或使用 GPU 直通的虚拟机。',

  'wsl-libcuda-not-on-loader-path.title': '加载路径中没有 libcuda.so（WSL）',
  'wsl-libcuda-not-on-loader-path.message': '某个库在查找不带版本号的 libcuda.so，而在 WSL2 中它只存在于 /usr/lib/wsl/lib。',
  'wsl-libcuda-not-on-loader-path.fix': '执行 `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`，并写入环境的激活脚本。',

  'wsl-pinned-memory-limit.title': 'WSL2 下锁页内存受限',
  'wsl-pinned-memory-limit.message': 'WSL2 限制了锁页（pinned）主机内存，`pin_memory=True` 或较大的锁页缓冲区会报内存不足。',
  'wsl-pinned-memory-limit.fix': '使用 `pin_memory=False` 或更小的锁页缓冲区；大规模训练请使用原生 Linux。',

  'windows-paging-file-too-small.title': 'Windows 页面文件太小',
  'windows-paging-file-too-small.message':
    'Windows 因页面文件（虚拟内存）太小而拒绝加载 DLL："[WinError 1455] 页面文件太小，无法完成操作"。PyTorch 的 CUDA DLL 很大，每个工作进程（DataLoader 的 worker、多个 rank）都会再映射一次。并没有缺少任何文件：重装 PyTorch 或 Visual C++ 运行库无济于事。',
  'windows-paging-file-too-small.fix':
    '增大页面文件：系统属性 → 高级 → 性能设置 → 高级 → 虚拟内存 → 更改，在 Python 所在的驱动器上设为系统管理或自定义为内存的数倍，然后重启 Windows。或者减少同时加载的副本：减少 DataLoader 的 worker（`num_workers`）和进程数。',

  'windows-dll-load-failure.title': 'Windows DLL 加载失败',
  'windows-dll-load-failure.message': 'Windows 无法加载 torch 的某个 DLL 或它的依赖。',
  'windows-dll-load-failure.fix':
    '安装最新的 Microsoft Visual C++ x64 运行库，然后反复执行 `pip uninstall torch` 直到卸干净，再从官方源重装一个版本；把多余的 CUDA/cuDNN 目录从 PATH 中去掉。',

  // ---- 产品自身的检查
  'torch-not-installed.title': '未安装 PyTorch',
  'torch-not-installed.message': '在 {{python}} 中执行 `import torch` 失败：{{error}}',
  'torch-not-installed.fix':
    '安装 PyTorch：`{{install}}`，或用装有 torch 的 Python 运行 GPU Doctor。' + VENV_NOTE_ZH,

  'driver-too-old-for-pytorch.title': '驱动太旧，没有能用的 PyTorch',
  'driver-too-old-for-pytorch.message':
    '驱动最高只支持 CUDA {{driverCuda}}，比 GPU Doctor 所知的每个 PyTorch CUDA 版本都旧（最旧的也需要 CUDA {{minCuda}}）。',
  'driver-too-old-for-pytorch.fix': '先把 NVIDIA 驱动升级到当前分支，再安装 PyTorch：`{{install}}`。' + VENV_NOTE_ZH,

  'gpu-not-visible-to-torch.title': 'PyTorch 看不到 GPU',
  'gpu-not-visible-to-torch.message': 'PyTorch 带有 CUDA 支持，但 `torch.cuda.is_available()` 为 False。主机上的 GPU：{{hostGpus}}。',
  'gpu-not-visible-to-torch.fix':
    '确认 `nvidia-smi` 能正常运行、`CUDA_VISIBLE_DEVICES` 未设置或取值有效、容器用 `--gpus all`（Docker）或 `--device nvidia.com/gpu=all`（Podman）启动。`python -c "import torch;torch.cuda.init()"` 会打印具体原因。',

  'fewer-devices-than-host.title': 'PyTorch 看到的 GPU 比主机少',
  'fewer-devices-than-host.message': 'PyTorch 看到 {{torchCount}} 块 GPU，而 nvidia-smi 列出 {{hostCount}} 块。',
  'fewer-devices-than-host.fix': '检查 `CUDA_VISIBLE_DEVICES`（容器中还要检查 `--gpus` 和 `NVIDIA_VISIBLE_DEVICES`）。启用 MIG 时，每个进程只能看到一个实例。',

  'cuda-minor-version-compat.title': '通过 CUDA 次版本兼容运行',
  'cuda-minor-version-compat.message':
    'PyTorch 针对 CUDA {{torchCuda}} 构建，而驱动最高支持 CUDA {{driverCuda}}：依靠次版本兼容（minor-version compatibility）运行，部分功能受限。',
  'cuda-minor-version-compat.fix': '把驱动升级到支持 CUDA {{torchCuda}} 的版本，或安装针对 CUDA {{driverCuda}} 及以下构建的 PyTorch。',

  'cudnn-disabled.title': 'cuDNN 被禁用',
  'cudnn-disabled.message': '`torch.backends.cudnn.enabled` 为 False，卷积不走 cuDNN，会慢很多。',
  'cudnn-disabled.fix': '删掉设置 `torch.backends.cudnn.enabled = False` 的代码。',
  'same-as-step.title': '与第 {{step}} 步原因相同',
  'same-as-step.message': '第 {{step}} 步已经发现了这一点：“{{findingTitle}}”。只在那里说明一次；本步的结果正是它造成的。',
  'same-as-step.fix': '见第 {{step}} 步：那里的修复也会修好本步。',

  'cudnn-disabled-by-option.title': 'cuDNN 被本次运行的选项关闭',
  'cudnn-disabled-by-option.message':
    '本次运行使用了“关闭 cuDNN 运行”（`--disable-cudnn`）：是 GPU Doctor 自己设置了 `torch.backends.cudnn.enabled = False`，用来展示 cuDNN 失效时的样子。第 2 步和第 5 步失败是这个选项造成的，不是你的环境或代码。',
  'cudnn-disabled-by-option.fix': '你的代码无需改动。去掉“关闭 cuDNN 运行”再诊断一次，即可检查 cuDNN 本身。',

  'cudnn-major-mismatch.title': 'cuDNN 主版本不一致',
  'cudnn-major-mismatch.message': 'PyTorch {{torch}} 需要 cuDNN {{expected}}，但加载的是 cuDNN {{loaded}}。',
  'cudnn-major-mismatch.fix':
    '从 `LD_LIBRARY_PATH` 中去掉其他 cuDNN 目录，并从匹配的源连同 pip 依赖（`nvidia-cudnn-cu12` / `nvidia-cudnn-cu13`）重装 torch。',

  'cudnn-benchmark-off.title': 'cudnn.benchmark 未开启',
  'cudnn-benchmark-off.message': '`torch.backends.cudnn.benchmark` 为 False：cuDNN 不会搜索最快的卷积算法。',
  'cudnn-benchmark-off.fix': '输入尺寸固定时设置 `torch.backends.cudnn.benchmark = True`；每步尺寸都变化时保持 False。',

  'cudnn-deterministic-on.title': 'cudnn.deterministic 已开启',
  'cudnn-deterministic-on.message': '`torch.backends.cudnn.deterministic` 为 True，cuDNN 只能使用确定性的算法，通常更慢。',
  'cudnn-deterministic-on.fix': '除非需要逐位可复现的结果，否则设为 False。',

  'library-not-found.title': '找不到库',
  'library-not-found.message': '动态加载器找不到 {{library}}（{{file}}）。',
  'library-not-found.fix': '安装提供该库的软件包，或把它所在的目录加入加载路径（`ldconfig` 或 `LD_LIBRARY_PATH`）；torch 自己的库缺失时请重装 torch。',

  'other-cudnn-copies.title': '本机还有其他 cuDNN',
  'other-cudnn-copies.message': '本机还有 {{count}} 份其他 cuDNN：{{paths}}',
  'other-cudnn-copies.fix': '只要 PyTorch 加载的是自带的那份，它们就无害。如果某一份位于 `LD_LIBRARY_PATH` 或系统库路径中，请为 PyTorch 进程把它去掉。',

  'low-sm-utilisation.title': 'GPU 利用率低',
  'low-sm-utilisation.message': 'GPU 的 SM 平均只有 {{mean}}% 的时间在工作，低于 {{threshold}}%。',
  'low-sm-utilisation.fix':
    'GPU 在等待：通常是数据加载（调大 `num_workers`，设置 `pin_memory=True`）、batch 太小，或步与步之间的 CPU 工作。用 `torch.profiler` 分析。',

  'cudnn-not-effective.title': 'cuDNN 没有加速卷积',
  'cudnn-not-effective.message': '使用 cuDNN 的卷积只比不用时快 {{ratio}} 倍。',
  'cudnn-not-effective.fix':
    '确认加载的 cuDNN 正是 PyTorch 编译时所用的版本、`torch.backends.cudnn.enabled` 为 True；输入尺寸固定时试试 `torch.backends.cudnn.benchmark = True`。',

  'libcuda-stub-loaded.title': '加载的是 CUDA 桩库，而不是驱动',
  'libcuda-stub-loaded.message':
    '进程加载了 {{path}}，这是 CUDA 工具包中仅供链接用的 libcuda 桩库，而不是驱动的 libcuda：所有 CUDA 调用都会失败（"CUDA driver is a stub library"，错误 34）。',
  'libcuda-stub-loaded.fix':
    '把 stubs 目录从加载路径中去掉：`export LD_LIBRARY_PATH={{suggested}}`（原值为 {{ldLibraryPath}}），并删除从 `stubs/` 复制或链接出来的 libcuda.so.1。桩库只用于链接（`-L/usr/local/cuda/lib64/stubs`），绝不用于运行。',

  'wheel-library-loaded-from-elsewhere.title': 'pip 包中的库被解析到了另一份副本',
  'wheel-library-loaded-from-elsewhere.message': '{{name}} 解析到了 {{path}}（{{version}}），而不是 pip 包自带的 {{wheelPath}}（{{wheelVersion}}）。',
  'wheel-library-loaded-from-elsewhere.fix': '让 torch 使用自带的库：[[route:none]]为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉 {{dir}}（或只为需要工具包的程序设置它）。[[/route]][[route:ld-library-path]]为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉 {{dir}}（或只为需要工具包的程序设置它）。[[/route]][[route:ld-preload]]把 {{name}} 从 `LD_PRELOAD` 中去掉（`unset LD_PRELOAD`，或在设置它的地方删掉该条目）。[[/route]][[route:system]]{{dir}} 在系统库路径上：把它从 `/etc/ld.so.conf.d` 中去掉并运行 `sudo ldconfig`，或卸载那个包。[[/route]][[route:runpath]]在干净的环境中连同 pip 依赖重装 torch（`pip install --force-reinstall torch`）。[[/route]]',

  'gpu-memory-held-by-other-processes.title': 'GPU 显存大部分被其他进程占用',
  'gpu-memory-held-by-other-processes.message': '检查开始前，其他进程已占用 GPU {{gpu}} 的 {{held}} GiB（共 {{total}} GiB），只剩 {{free}} GiB。占用者：{{holders}}。',
  'gpu-memory-held-by-other-processes.fix':
    '需要超过 {{free}} GiB 的任务在这里会报 "CUDA out of memory"。停止或迁走占用进程（`nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`），或用 `CUDA_VISIBLE_DEVICES` 换一块 GPU。',

  'gpu-contended.title': 'GPU 正被其他进程使用',
  'gpu-contended.message': '本检查的负载开始之前，GPU {{gpu}} 已有 {{idle}}% 的时间在忙：它与 {{processes}} 共享。此时测得的利用率和耗时反映的是共享状态，而不是这块 GPU 本身。',
  'gpu-contended.fix': '等 GPU 空闲后（看 `nvidia-smi`）再检查，或用 `CUDA_VISIBLE_DEVICES` 换一块 GPU。共享服务器上请询问谁在运行 {{processes}}。',

  'gpu-shared-with-other-processes.title': '其他进程也在使用这块 GPU',
  'gpu-shared-with-other-processes.message': '检查期间其他进程在这块 GPU 上持有 CUDA 上下文：{{processes}}。它们处于空闲状态，结果有效。',
  'gpu-shared-with-other-processes.fix': '无需处理；但它们开始工作后，这类结果会改变。',

  'timings-not-representative.title': '耗时是在共享的 GPU 上测得的',
  'timings-not-representative.message': '计时卷积时，GPU {{gpu}} 有 {{idle}}% 的时间在运行其他任务（{{processes}}）：这些耗时比 GPU 的真实能力慢，不具代表性。',
  'timings-not-representative.fix': '在 GPU 空闲时重新运行计时这一步；在此之前请比较比值（cuDNN 开 vs 关），而不是毫秒数。',

  'p2p-unavailable.title': 'GPU 之间无法直接访问显存（P2P）',
  'p2p-unavailable.message':
    'GPU 对 {{pairs}} 之间没有 CUDA 对等访问：它们之间的拷贝和 NCCL 通信都要经过主机内存。已检查：虚拟机 {{vm}}；{{iommu}}。',
  'p2p-unavailable.fix':
    '跨 CPU 插槽（SYS）时许多平台本就如此。在 PCIe 交换芯片（PIX/PXB）或 NVLink 上则不应如此：关闭交换芯片端口的 ACS（`setpci` 或 BIOS 中的 "ACS"），以 `iommu=pt` 启动（或关闭 IOMMU），在虚拟机中连同交换芯片一起直通 GPU 并在虚拟化层开启 P2P。用 `nvidia-smi topo -p2p r` 检查。',

  'nvlink-link-down.title': 'NVLink 链路断开',
  'nvlink-link-down.message': 'GPU {{gpu}} 有 {{inactive}} 条 NVLink 链路未激活、{{active}} 条激活（`nvidia-smi nvlink -s`）：与对端的通信只能走更少的链路。',
  'nvlink-link-down.fix':
    '用 `nvidia-smi nvlink -e` 查看错误，NVSwitch 系统上用 `nvidia-smi -q | grep -A3 Fabric` 检查（Fabric Manager 是否运行且与驱动版本一致）；重置 GPU 或重启；若链路仍断开，则是硬件或线缆故障，需联系厂商。',

  'gpu-numa-mismatch.title': 'GPU 离本进程所在的 CPU 较远',
  'gpu-numa-mismatch.message': 'GPU {{gpus}} 连接在本进程不能运行的 CPU 上（本进程运行在 CPU {{cpus}}）：每次拷贝都要跨越插槽间的互联。',
  'gpu-numa-mismatch.fix': '让每个 rank 运行在其 GPU 所属的 CPU 上：`numactl --cpunodebind=<节点> --membind=<节点>`、torchrun 的 `--numa-binding`（新版本）或启动器的 CPU 绑定；亲和性见 `nvidia-smi topo -m`。',

  'p2p-copy-slow.title': 'GPU 之间的拷贝远低于链路带宽',
  'p2p-copy-slow.message': '这些 GPU 对之间的拷贝不到其链路应有带宽的 {{percent}}%：{{pairs}}。',
  'p2p-copy-slow.fix':
    '没有对等访问时拷贝会经过主机内存（见 `p2p-unavailable`）；有对等访问时，检查 NVLink 状态（`nvidia-smi nvlink -s`）、负载下的 PCIe 链路（`gpu-doctor health --under-load`）以及 GPU 上的其他进程。',

  'nccl-collective-hang.title': 'NCCL all-reduce 没有完成',
  'nccl-collective-hang.message': '跨 GPU 的 all-reduce（每块 GPU 一个进程）在 {{seconds}} 秒后仍未结束，已被停止。NCCL 最后的输出：{{last}}。环境：{{env}}。',
  'nccl-collective-hang.fix':
    '用 `NCCL_DEBUG=INFO` 重新运行，看它停在哪里。试试 `NCCL_P2P_DISABLE=1`：若这样能完成，说明本机 P2P 有问题（ACS、IOMMU、虚拟机：见 `p2p-unavailable`）。NVSwitch 系统上检查 Fabric Manager；容器中请给足 /dev/shm（`--shm-size`）。',

  'nccl-allreduce-failed.title': 'NCCL all-reduce 失败',
  'nccl-allreduce-failed.message': '跨 GPU 的 all-reduce 失败：{{reason}}。NCCL 自己的输出：{{warn}}。环境：{{env}}。',
  'nccl-allreduce-failed.fix': 'NCCL 自己的 WARN 行会说明它做不到什么（某个网络接口、传输方式或对端）。若“环境”中列出了 NCCL 设置，先去掉它们运行一次（`env -u NAME …`，或从旁边注明的配置文件中删去该行）：若能完成，原因就是该设置。否则在你的任务中用 `NCCL_DEBUG=INFO` 运行，查看同样的输出。',

  'nccl-fell-back.title': 'NCCL 没有使用直连链路',
  'nccl-fell-back.message': '这些 GPU 可以直接互访（NVLink 或 PCIe 交换芯片，对等访问已开启），但 NCCL 通过 {{transports}} 连接它们。环境：{{env}}。',
  'nccl-fell-back.fix': '在环境变量中或“环境”里注明的配置文件（/etc/nccl.conf、~/.nccl.conf、$NCCL_CONF_FILE）中取消 `NCCL_P2P_DISABLE`（以及低于实际路径的 `NCCL_P2P_LEVEL`）后重新运行；使用直连链路时，`NCCL_DEBUG=INFO` 会为每个通道打印 "via P2P"。',

  'links-slower-than-topology.title': 'NCCL 比链路允许的慢',
  'links-slower-than-topology.message':
    'all-reduce 的总线带宽为 {{busbw}} GB/s；最慢的那块 GPU 的链路单向可达 {{expected}} GB/s：低了 {{percent}}%，经由 {{transports}}。环境：{{env}}。',
  'links-slower-than-topology.fix':
    '查看传输方式：在有 NVLink 或 P2P 时却用了 SHM 或套接字（见 `nccl-fell-back`、`p2p-unavailable`）、链路断开（`nvidia-smi nvlink -s`）、PCIe 链路降速（`gpu-doctor health --under-load`）、GPU 上的其他进程。“环境”中列出的 NCCL 设置（通道数、缓冲区大小、算法、协议），无论来自环境变量还是配置文件，也会限制带宽：去掉它们运行一次。',

  'links-measured-cpu-starved.title': '链路测试时 CPU 不足',
  'links-measured-cpu-starved.message':
    '本进程只能在 CPU {{cpus}} 上运行，少于链路测试同时运行的 {{needed}} 个进程（探针和每块 GPU 一个 NCCL rank）；复制和 all-reduce 按主机时钟计时，等待 CPU 的时间也被算作传输时间。偏低的测量值：{{measured}}。这些数值不归咎于链路。',
  'links-measured-cpu-starved.fix':
    '至少为进程分配每块 GPU 一个 CPU 再加一个（`taskset -c`、`docker run --cpuset-cpus`、Slurm `--cpus-per-task`）后重新运行：若数值仍然偏低，才是链路的问题。同样受限的训练任务也会让数据加载进程和 NCCL 线程缺少 CPU。',

  'links-measured-while-busy.title': '测量链路时有 GPU 正忙',
  'links-measured-while-busy.message':
    '测量链路时 GPU {{gpus}} 正在运行其他任务（{{processes}}）：{{measured}}（实测 / 链路应有带宽）。集合通信的速度取决于最慢的 GPU，拷贝也要与其他任务分享这块 GPU，因此这些数字反映的是共享状态，而不是链路本身。',
  'links-measured-while-busy.fix':
    '等 GPU {{gpus}} 空闲后重新测量链路（`gpu-doctor diagnose --steps gpu-visible,gpu-links`），或用 `--gpus` 只测空闲的 GPU{{freeGpus}}。',

  'distributed-rank-straggler.title': '一个 rank 拖慢了其他 rank',
  'distributed-rank-straggler.message':
    '该任务（{{job}}）的 {{count}} 个 rank 中，其他 rank 都在等 rank {{rank}}（pid {{pid}}，GPU {{gpu}}）：它的 GPU 有 {{mem}}% 的时间在读写显存、{{sm}}% 的时间在运行内核，其他 rank 分别为 {{othersMem}}% 和 {{othersSm}}%。在集合通信中等待的 rank，GPU 看起来很忙（NCCL 在 GPU 上自旋），但几乎不读写显存；判断依据：{{by}}。',
  'distributed-rank-straggler.fix':
    '找出 rank {{rank}} 多做了什么：只有它做的工作（只在 rank 0 上记录日志、评估、保存检查点）、各 rank 的批次或序列长度不均、GPU 更慢或被共享（`gpu-doctor diagnose --gpus {{gpu}}`），或它的数据输入（`gpu-doctor watch --pid {{pid}}`）。',

  'gpu-workload-failed.title': '负载在其中一块 GPU 上失败',
  'gpu-workload-failed.message': '其他 GPU 运行负载时，GPU {{gpu}} 上的负载失败：{{reason}}',
  'gpu-workload-failed.fix': '阅读错误信息；对这块 GPU 运行 `nvidia-smi -i {{gpu}} -q` 和 `gpu-doctor health`，并用 `CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES={{gpu}}` 单独测试它。',
  'timings-under-debug-mode.title': '计时时开启了调试模式',
  'timings-under-debug-mode.message': '这些计时是在设置了 {{variables}} 的情况下测得的：这种调试模式（调试日志或同步启动）会让该库的每次调用都变慢。看起来有问题的地方（{{observed}}；GPU {{gpus}}）很可能是这种模式造成的，而不是 cuDNN、驱动或 GPU 的问题。',
  'timings-under-debug-mode.fix': '取消设置后重新运行诊断：`unset {{names}}`。调试模式只应在调试时使用；开着它训练也会同样变慢。',
  'timings-under-slowing-variable.title': '计时时设置了拖慢这项工作的变量',
  'timings-under-slowing-variable.message': '这些计时是在设置了 {{variables}} 的情况下测得的，步骤 1 把它列为会拖慢这项工作的变量。看起来偏慢的地方（{{observed}}；GPU {{gpus}}）很可能是这个设置造成的，而不是功耗上限、时钟、温度或 GPU 本身。',
  'timings-under-slowing-variable.fix': '取消设置后重新运行诊断：`unset {{names}}`。设置着它训练也会同样变慢。',
  'conv-timings-with-other-cudnn.title': '计时时加载的是另一份 cuDNN',
  'conv-timings-with-other-cudnn.message': '卷积运行在一份与 PyTorch 编译时不同的 cuDNN 上（{{paths}}；步骤 3），[[route:ld-preload]]由 `LD_PRELOAD` 带入[[/route]][[route:ld-library-path]]经 `LD_LIBRARY_PATH` 找到[[/route]][[route:system]]在系统库路径上找到[[/route]][[route:runpath]]经某个 RUNPATH 找到[[/route]]。看起来偏慢的地方（{{observed}}；GPU {{gpus}}）很可能是这份 cuDNN 造成的，而不是功耗上限、时钟、温度或 GPU 本身。',
  'conv-timings-with-other-cudnn.fix': '让 torch 加载自带的 cuDNN（[[route:ld-preload]]把它从 `LD_PRELOAD` 中去掉[[/route]][[route:ld-library-path]]从 `LD_LIBRARY_PATH` 中去掉它的目录[[/route]][[route:system]]卸载或升级系统 cuDNN[[/route]][[route:runpath]]连同 pip 依赖重装 torch[[/route]][[route:none]]见步骤 3[[/route]]），然后重新运行诊断。',
  'gpus-measured-one-after-another.title': 'GPU 依次测量',
  'gpus-measured-one-after-another.message': 'GPU {{gpus}} 是依次加载的，而不是同时加载：{{setting}} 启用了 expandable segments，在这种设置下每块 GPU 一个线程同时加载会崩溃（"an illegal memory access was encountered"，2× H100，PyTorch 2.11）。每个数值都是该 GPU 单独运行的结果；与其他 GPU 同时工作才会变慢的情况在这里看不出来。',
  'gpus-measured-one-after-another.fix': '无需修复。若要同时测量所有 GPU，请在 {{variable}} 中去掉 expandable_segments 后再运行一次诊断。',

  'gpu-not-measured.title': '有 GPU 未被测量',
  'gpu-not-measured.message':
    'GPU {{gpus}} 未被测量：第 1 步无法使用它（{{reason}}）。本步骤在没有它的情况下测量的 GPU：{{measured}}。',
  'gpu-not-measured.fix':
    '第 1 步说明了是什么占用或破坏了 GPU {{gpus}}；释放它后重新运行即可测量它。在此之前，可用 `gpu-doctor diagnose --gpus {{usable}}` 单独诊断可用的 GPU，并用 `{{command}} python train.py` 在这些 GPU 上运行任务。',

  'gpus-free-to-use.title': '有空闲的 GPU',
  'gpus-free-to-use.message': 'GPU {{busy}} 正被其他进程占用；GPU {{free}} 空闲。',
  'gpus-free-to-use.fix': '把任务放到空闲的 GPU 上：`{{command}} python train.py`（编号与 nvidia-smi 一致；CUDA_DEVICE_ORDER=PCI_BUS_ID 让 CUDA 也采用这一编号）。',

  'cuda-ordinal-unmapped.title': '有 CUDA 设备无法对应到 nvidia-smi',
  'cuda-ordinal-unmapped.message': 'CUDA 设备 {{ordinals}}（CUDA_VISIBLE_DEVICES={{cvd}}）按 UUID 对应不到 nvidia-smi 列出的任何 GPU：它的 SM%、功耗和其他进程都无从得知，编号是 CUDA 的而不是 nvidia-smi 的。',
  'cuda-ordinal-unmapped.fix': '把 `nvidia-smi -L` 与证据中的 UUID 对照。MIG 实例或 nvidia-smi 看不到的 GPU（其他容器、虚拟机）会出现这种情况；请在 CUDA_VISIBLE_DEVICES 中用 UUID 指定 GPU。',

  'gpu-slower-than-siblings.title': '一块 GPU 比同型号的其他 GPU 慢',
  'gpu-slower-than-siblings.message':
    'GPU {{gpu}}（{{name}}）达到 {{tflops}} TFLOP/s，而同时运行的同型号 GPU {{siblings}} 达到 {{reference}}：慢 {{percent}}%，超过负载稳定度与余量允许的 {{threshold}}%。已检查：{{causes}}。',
  'gpu-slower-than-siblings.fix':
    '查看证据中这块 GPU 的情况：功耗上限偏低（`nvidia-smi -q -d POWER`，用 `nvidia-smi -i {{gpu}} -pl <默认值>` 恢复）、频率偏低或过热降频（检查风道，`nvidia-smi -q -d PERFORMANCE`）、PCIe 链路降级或显存行被停用（`gpu-doctor health --under-load`）。修好之前，用 CUDA_VISIBLE_DEVICES 把它排除在任务之外。',

  'gpu-slower-than-expected.title': '比这一型号应有的速度慢',
  'gpu-slower-than-expected.message':
    'GPU {{gpu}}（{{name}}）达到 {{tflops}} TFLOP/s；GPU Doctor 的探针在 {{model}} 上测得 {{expected}}：慢 {{percent}}%，超过该型号的波动、本次负载的稳定度与余量允许的 {{threshold}}%。已检查：{{causes}}。',
  'gpu-slower-than-expected.fix':
    '逐一排查已检查的原因：其他进程（释放 GPU）、低于默认值的功耗上限（`nvidia-smi -q -d POWER`）、频率被压低或过热降频（`nvidia-smi -q -d PERFORMANCE`，风道）、PCIe 链路低于最大值或显存行被停用（`gpu-doctor health --under-load`）、改变 CUDA 行为的环境变量（第 1 步）以及库版本（第 2–3 步）。',

  'gpu-selection-unusable.title': '--gpus 指定了探针无法使用的 GPU',
  'gpu-selection-unusable.message':
    '`--gpus {{requested}}` 要求使用 GPU {{unusable}}（按 nvidia-smi 的编号），但探针的 CUDA 无法使用它：在 CUDA_VISIBLE_DEVICES={{cvd}} 下，它只能看到 nvidia-smi 的 GPU {{visible}}。',
  'gpu-selection-unusable.fix':
    '在它能看到的 GPU 中选择（`--gpus {{visible}}`），或修改 CUDA_VISIBLE_DEVICES（取消设置则所有 GPU 可见）；`nvidia-smi -L` 会列出本机所有 GPU 的编号和 UUID。',

  'gpu-throughput-unsteady.title': '测量过程中 GPU 的速度发生了变化',
  'gpu-throughput-unsteady.message':
    'GPU {{gpu}} 在负载前半段达到 {{first}} TFLOP/s，后半段 {{second}}：相差 {{percent}}%，超过稳定 GPU 的 {{threshold}}%。变化中的数字不与该型号应有的速度比较，也不与其他 GPU 比较。已检查：{{causes}}。',
  'gpu-throughput-unsteady.fix':
    '负载期间有情况发生了变化：GPU 上有其他进程开始运行、开始降频（功耗、温度），或负载太短、没走完频率的初始爬升（`--seconds` 小于 2）。请在旁边运行 `nvidia-smi dmon -s pucv` 的同时用 `--seconds 8` 再诊断一次，看哪一列随速度一起变化。',

  'gpu-far-below-datasheet.title': '远低于该型号的规格',
  'gpu-far-below-datasheet.message':
    'GPU {{gpu}}（{{name}}）达到 {{tflops}} TFLOP/s，比 {{expected}} 低 {{percent}}%（{{model}} 规格书中稠密 BF16 {{datasheet}} TFLOP/s 的一半；GPU Doctor 尚未亲自测过这一型号）。已检查：{{causes}}。',
  'gpu-far-below-datasheet.fix':
    '健康的 GPU 在持续矩阵乘法下远超规格值的一半。逐一排查已检查的原因：其他进程、功耗上限、频率与温度（`nvidia-smi -q -d POWER,PERFORMANCE`）、PCIe 链路与显存（`gpu-doctor health --under-load`）。',

  'gpu-memory-bandwidth-low.title': '显存带宽低于该 GPU 型号',
  'gpu-memory-bandwidth-low.message':
    'GPU {{gpu}}（{{name}}）上的设备内拷贝达到 {{measured}} GB/s（读加写的字节数），是 {{model}} 规格书 {{datasheet}} GB/s 的 {{percent}}%；低于 {{threshold}}% 超出了健康 GPU 上拷贝应有的损耗。',
  'gpu-memory-bandwidth-low.fix':
    '检查是否有其他进程在用这块 GPU、显存时钟是否被压低（`nvidia-smi -q -d CLOCK`），以及显存行是否被停用或重映射（`nvidia-smi -q -d ROW_REMAPPER`、`gpu-doctor health --under-load`）。',

  'host-copies-below-link.title': '主机拷贝低于 PCIe 链路',
  'host-copies-below-link.message':
    '锁页主机内存与 GPU {{gpu}} 之间的拷贝：主机→设备 {{h2d}} GB/s，设备→主机 {{d2h}} GB/s；它的 PCIe 链路 {{link}} 在最高规格下每个方向可达 {{linkGBps}} GB/s，低于其 {{threshold}}% 超出了协议本身的开销。',
  'host-copies-below-link.fix':
    '链路低于最高代数或宽度：重新插好显卡，检查插槽和 BIOS 的 PCIe 设置（负载下看 `nvidia-smi -q -d PCIE`）。链路已是最高规格：问题在主机侧（GPU 离所在 NUMA 节点较远，见 `nvidia-smi topo -m`；同一交换芯片上的其他流量）。',

  'pageable-copies-far-below-pinned.title': '可分页内存的拷贝远慢于锁页内存',
  'pageable-copies-far-below-pinned.message':
    'GPU {{gpu}} 上，从普通（可分页）主机内存拷贝：主机→设备 {{h2dPageable}} GB/s，设备→主机 {{d2hPageable}} GB/s；从锁页内存则为 {{h2dPinned}} 和 {{d2hPinned}} GB/s。用可分页张量给 GPU 送数据的任务要等这些更慢的拷贝，也无法让拷贝与计算重叠。',
  'pageable-copies-far-below-pinned.fix':
    '把 GPU 要读的主机缓冲区锁页：`DataLoader(..., pin_memory=True)` 或 `tensor.pin_memory()`，并用 `.to("cuda", non_blocking=True)` 拷贝，让拷贝与计算重叠。',

  'busy-gpu-tensor-cores-idle.title': 'GPU 很忙，但张量核心闲着',
  'busy-gpu-tensor-cores-idle.message':
    'GPU {{gpu}} 的 SM 有 {{smActive}}% 的时间活跃（GPM），FP32 单元 {{fp32Active}}%，张量核心只有 {{tensor}}%，DRAM 为带宽的 {{dram}}%：计算没有用上张量核心，PyTorch 默认设置下（矩阵乘法关闭 TF32）的 FP32 矩阵乘法和卷积就是这样。这块 GPU（{{model}}）的规格书给出的稠密算力为 FP32 {{fp32}}、TF32 {{tf32}}、bf16 {{bf16}} TFLOP/s：矩阵运算用 TF32 最多可快 {{tf32Times}} 倍，用 bf16 最多可快 {{bf16Times}} 倍（{{source}}）。',
  'busy-gpu-tensor-cores-idle.fix':
    '为 FP32 矩阵乘法启用 TF32：在程序开头调用 `torch.set_float32_matmul_precision("high")`；或用 `torch.autocast("cuda", dtype=torch.bfloat16)` 以 bf16 运行模型。修改后检查损失曲线。',

  'busy-gpu-tensor-cores-idle-model-unknown.title': 'GPU 很忙，但张量核心闲着',
  'busy-gpu-tensor-cores-idle-model-unknown.message':
    'GPU {{gpu}} 的 SM 有 {{smActive}}% 的时间活跃（GPM），FP32 单元 {{fp32Active}}%，张量核心只有 {{tensor}}%，DRAM 为带宽的 {{dram}}%：计算没有用上张量核心，PyTorch 默认设置下（矩阵乘法关闭 TF32）的 FP32 矩阵乘法和卷积就是这样。TF32 或 bf16 在这块 GPU（{{name}}）上能快多少未知：GPU Doctor 没有这一型号的 FP32、TF32 和 bf16 数据。',
  'busy-gpu-tensor-cores-idle-model-unknown.fix':
    '为 FP32 矩阵乘法启用 TF32：在程序开头调用 `torch.set_float32_matmul_precision("high")`；或用 `torch.autocast("cuda", dtype=torch.bfloat16)` 以 bf16 运行模型。修改后检查损失曲线。',

  'busy-gpu-low-occupancy.title': 'GPU 很忙，但每个 SM 上的 warp 太少',
  'busy-gpu-low-occupancy.message':
    'GPU {{gpu}} 的 SM 有 {{smActive}}% 的时间活跃（GPM），但只驻留了可容纳 warp 数的 {{occupancy}}%，张量核心 {{tensor}}%，DRAM 为带宽的 {{dram}}%：内核或批量对这块 GPU 来说太小，每个 SM 没有别的 warp 来掩盖显存延迟。',
  'busy-gpu-low-occupancy.fix':
    '让每个内核做更多的工作：加大批量（或把多个小张量拼成一个）。对大量小内核，用 CUDA 图一次捕获：`torch.compile(model, mode="reduce-overhead")`，或手动使用 `torch.cuda.CUDAGraph`。',

  'watch-no-gpm.title': '这里无法判断繁忙的 GPU 用得好不好',
  'watch-no-gpm.message':
    'GPU {{gpu}}（{{name}}）通过 {{sampler}} 拿不到 GPM 指标（NVML 只对 Hopper 及更新的数据中心 GPU 提供 GPM），因此 watch 无法判断张量核心是否在工作、SM 是否被填满（占用率）：这些结论在这里无法得出。NVML 给出的数据：显存有 {{memBw}}% 的时间在读写（这是时间占比，不是带宽占比），SM 时钟 {{clock}} MHz，功耗 {{power}} W（上限 {{powerLimit}} W）。',
  'watch-no-gpm.fix':
    '无需修复。要了解这块 GPU 上张量核心的使用和占用率，用 Nsight Systems 或 Nsight Compute（`nsys profile`、`ncu`）或 `torch.profiler` 分析几个训练步。',

  'busy-gpu-memory-bound.title': 'GPU 很忙，但在等显存',
  'busy-gpu-memory-bound.message':
    'GPU {{gpu}} 很忙（GPM：SM 活跃 {{smActive}}%），DRAM 达到带宽的 {{dram}}%，张量核心 {{tensor}}%：内核是逐元素运算或归约，在等显存，增加算力无济于事。',
  'busy-gpu-memory-bound.fix':
    '融合逐元素运算，让每个值只读一次：`model = torch.compile(model)`；用 bf16 让搬运的字节减半；只有在同一份权重会被重复读取时，加大批量才有帮助。',

  'gpu-expected-unknown.title': '没有这一型号的参考值',
  'gpu-expected-unknown.message': 'GPU Doctor 没有 {{name}} 的实测或规格数据：它的 TFLOP/s 和耗时未与该型号应有的水平比较。',
  'gpu-expected-unknown.fix': '无需修复。可与你信任的同型号 GPU 或其规格书比较。',

  'conv-slower-than-expected.title': '卷积比这一型号应有的速度慢',
  'conv-slower-than-expected.message':
    'GPU {{gpu}} 上 {{case}} 卷积开启 cuDNN 耗时 {{ms}} 毫秒；GPU Doctor 的探针在 {{model}} 上测得 {{expected}} 毫秒：慢 {{percent}}%，超过波动与余量允许的 {{threshold}}%。已检查（第 4 步负载下）：{{causes}}。',
  'conv-slower-than-expected.fix':
    '逐一排查已检查的原因（其他进程、功耗上限、频率、温度、PCIe 链路、显存）；然后检查 cuDNN 版本（第 2 步）和实际加载的库（第 3 步）。',

  'gpu-power-capped-under-load.title': '满载时频率被功耗上限限制',
  'gpu-power-capped-under-load.message': '在这一刻意打满的负载下，GPU 达到了功耗上限（{{limit}} W）并把频率维持在该水平（软件功耗上限）。数据中心 GPU 本就如此设计。',
  'gpu-power-capped-under-load.fix':
    '无需修复：这是 GPU 按设计工作。（只有当 `nvidia-smi -q -d POWER` 显示 "Current Power Limit" 低于 "Default Power Limit" 时，说明上限被调低；用 nvidia-smi 的 `-pl` 选项加默认值即可恢复。）',

  'host-gpu-problem.title': '主机 GPU 有问题',
  'host-gpu-problem.message': '{{message}}',
  'host-gpu-problem.fix': '先解决主机上的问题（见 nvidia-smi 状态）：nvidia-smi 用不了的 GPU，PyTorch 也用不了。',

  'probe-failed.title': 'PyTorch 检查失败',
  'probe-failed.message': 'PyTorch 检查无法运行：{{reason}}',
  'probe-failed.fix': '自己运行详情中显示的 Python 命令，查看报错信息。',
  'probe-crashed.title': 'PyTorch 检查崩溃',
  'probe-crashed.message': '探针（带 PyTorch 的 Python）在输出报告之前被 {{signal}} 终止：可能是 PyTorch 或其加载的库内部崩溃、主动中止，或被内核结束。它在 stderr 上的最后几行：{{tail}}',
  'probe-crashed.fix': '在相同环境下运行 `python3 -c "import torch; torch.zeros(1, device=\'cuda\')"` 并阅读输出；若是段错误，`gdb -batch -ex run -ex bt --args python3 -c "import torch; torch.zeros(1, device=\'cuda\')"` 会显示崩溃所在的库。`dmesg | tail` 可看出是否是内核（OOM killer）结束了它。',
  'probe-crashed-allocator-setting.title': '设置了分配器变量时 PyTorch 检查崩溃',
  'probe-crashed-allocator-setting.message': '探针（带 PyTorch 的 Python）在输出报告之前被 {{signal}} 终止，此时设置了 {{variable}}={{value}}，它会改变 PyTorch 的显存分配器。它在 stderr 上的最后几行：{{tail}}',
  'probe-crashed-allocator-setting.fix': '首先检查 {{variable}}：运行 `env -u {{variable}} python3 -c "import torch; torch.zeros(1, device=\'cuda\')"`。如果这样能正常运行，原因就是这个值：修正其选项（以逗号分隔的 key:value，例如 expandable_segments:True）或 `unset {{variable}}`。',

  'docker-socket-permission-denied.title': '没有使用 Docker 的权限',
  'docker-socket-permission-denied.message': '当前用户无权连接 Docker 守护进程的套接字（/var/run/docker.sock）。',
  'docker-socket-permission-denied.fix':
    '执行 `sudo usermod -aG docker $USER`，然后注销并重新登录（或执行 `newgrp docker`）；也可以用 `sudo` 运行命令。注意：docker 组成员等同于拥有 root 权限。',

  'nvidia-container-toolkit-install.title': '安装 NVIDIA Container Toolkit',
  'nvidia-container-toolkit-install.message': '在 {{os}} 上让 Docker（注册运行时）或 Podman（CDI 配置）支持 GPU 的方法。',
  'nvidia-container-toolkit-install.fix': '依次执行：\n{{commands}}',

  'power-reading-above-limit.title': '功耗读数超过上限',
  'power-reading-above-limit.message':
    'GPU {{index}} 报告功耗 {{power}} W，而功耗上限为 {{limit}} W。超出上限这么多的读数是传感器或驱动的异常，并非真实功耗。',
  'power-reading-above-limit.fix': '如果 GPU 其他表现正常可以忽略；若一直如此请更新驱动，并且不要依据这个读数做功耗监控。',

  'conda-build-other-cuda.title': 'conda 安装的 pytorch 构建所用的 CUDA',
  'conda-build-other-cuda.message':
    'conda 安装的 pytorch {{version}} 是构建 {{build}}，针对 CUDA {{buildCuda}}。如果你向 conda 要的是别的 CUDA 版本，说明没有匹配的构建，conda 改选了这个。',
  'conda-build-other-cuda.fix':
    '明确指定变体（例如 `conda install pytorch=<version>=*cuda<XY>* -c pytorch`），或用 pip 从匹配的 `--index-url https://download.pytorch.org/whl/cuXYZ` 安装。',

  // ---- 硬件健康（gpu-doctor health）
  'gpu-recovery-action-pending.title': '驱动要求对 GPU 执行恢复操作',
  'gpu-recovery-action-pending.message': 'nvidia-smi 显示 {{gpu}} 的“GPU Recovery Action: {{action}}”：执行该操作之前，这块 GPU 不可信。',
  'gpu-recovery-action-pending.fix':
    '清空这块 GPU 上的任务并按要求处理：`Reset` → 在没有进程时运行 `sudo nvidia-smi -r -i <index>`；`Reboot` → 重启节点；`Drain P2P` → 停止点对点任务后重置。如果反复出现，收集 `sudo nvidia-bug-report.sh` 并申请返修（RMA）。',

  'power-limit-below-default.title': '功耗上限低于默认值',
  'power-limit-below-default.message': '{{gpu}} 的功耗上限为 {{limit}} W，低于默认的 {{default}} W：负载下的时钟频率会低于它的能力。',
  'power-limit-below-default.fix':
    '如果不是有意限制（功耗预算、噪音），请恢复默认值：`sudo nvidia-smi -pl {{default}}`（用 `-i` 指定 GPU），并检查设置它的工具或开机脚本。',

  'application-clocks-locked.title': '时钟被锁定或应用时钟被调低',
  'application-clocks-locked.message': '{{gpu}} 的时钟被锁定或应用时钟被调低，无法提升到最高频率。',
  'application-clocks-locked.fix': '除非是有意为之，请恢复：`sudo nvidia-smi -rac` 和 `sudo nvidia-smi -rgc`（用 `-i` 指定 GPU）。',

  'mig-enabled.title': '已启用 MIG',
  'mig-enabled.message': '{{gpu}} 被划分为多个 MIG 实例：一个进程只能看到一个实例，而不是整块 GPU。',
  'mig-enabled.fix': '在 `CUDA_VISIBLE_DEVICES` 中使用 MIG 实例的 UUID；需要整块 GPU 时关闭 MIG：`sudo nvidia-smi -i <index> -mig 0`（然后重置 GPU）。',

  'xid-reported.title': '驱动记录了 Xid 错误',
  'xid-reported.message': '内核日志中有 {{count}} 个 NVIDIA Xid 事件（Xid {{xids}}）：驱动发现了 GPU 或应用程序错误。',
  'xid-reported.fix':
    '在 NVIDIA 的 Xid 目录（docs.nvidia.com/deploy/xid-errors）中逐个查找；应用类 Xid（13、31、43）指向某个程序，其余指向 GPU 或驱动。如果反复出现，收集 `sudo nvidia-bug-report.sh`。',

  // ---- Issue 23: live errors, import failures, the environment (env-findings.ts), the consistency check
} satisfies Some, envFindingsZh, {
  'cuda-error-quotes-environment.title': '报错中引用了某个环境变量的内容',
  'cuda-error-quotes-environment.message': '{{where}} 失败：{{error}} 报错中的 "{{token}}" 来自本环境中的 {{name}}="{{value}}"：这个变量很可能就是原因。',
  'cuda-error-quotes-environment.fix':
    '先去掉它运行一次（`env -u {{name}} …`）；若能正常运行，就更正 {{name}} 的值（第 1 步的环境变量表中有它的说明和出处）或不再设置它。',

  'cuda-error-unrecognised.title': 'GPU Doctor 无法识别的 CUDA 错误',
  'cuda-error-unrecognised.message': '{{where}} 失败，报错不在任何规则中：{{error}}',
  'cuda-error-unrecognised.fix':
    '去掉你自己的路径后搜索报错："{{search}}"（PyTorch issues、NVIDIA 论坛）。用仍会失败的最小程序复现：`{{repro}}`；若它能通过，就把你的代码逐步加回，直到失败为止。报告时附上详情中的完整报错。',

  'torch-import-wrong-python.title': 'PyTorch 是为另一个 Python 安装的',
  'torch-import-wrong-python.message': '在 {{python}}（Python {{pythonVersion}}）中 `import torch` 失败：torch 的编译部分是为 Python {{builtFor}} 构建的（{{extensions}}）。',
  'torch-import-wrong-python.fix':
    '用安装 torch 时的那个 Python 运行程序，或用当前 Python 重新安装 torch：`{{python}} -m pip install --force-reinstall torch`（只有 PyTorch 支持的 Python 版本才有 wheel）。',

  'torch-import-glibc-too-old.title': 'C 库版本过旧，无法运行此 PyTorch',
  'torch-import-glibc-too-old.message': '{{neededBy}} 需要 GLIBC {{required}}，但本系统是 {{libc}}。',
  'torch-import-glibc-too-old.fix': '使用为此 glibc 构建的 PyTorch（较旧的版本），或在更新的系统或基础镜像更新的容器中运行；不要替换系统 C 库。',

  'torch-import-libstdcxx-too-old.title': '加载了过旧的 libstdc++',
  'torch-import-libstdcxx-too-old.message': '{{neededBy}} 需要 {{required}}，但先被加载的 libstdc++（{{library}}）版本更旧。',
  'torch-import-libstdcxx-too-old.fix':
    '把该 libstdc++ 所在目录从 `LD_LIBRARY_PATH` 中移除（常见于 conda 环境或旧工具包），或更新它（`conda install -c conda-forge libstdcxx-ng`）；系统自带的通常足够新。',

  'torch-import-library-missing.title': 'torch 需要的库缺失',
  'torch-import-library-missing.message': '`import torch` 无法加载 {{library}}。已搜索：{{searched}}。找到位置：{{foundAt}}。',
  'torch-import-library-missing.fix':
    '如果在别处找到了，说明那份副本不在加载路径上：请连同 pip 依赖重新安装 torch（`pip install --force-reinstall torch`），而不是添加目录。如果哪里都没有，说明提供它的 nvidia-* wheel 缺失：从与 torch CUDA 版本对应的索引重新安装 torch。',

  'torch-import-undefined-symbol.title': 'torch 的库缺少符号',
  'torch-import-undefined-symbol.message': '{{library}} 需要 {{symbol}}，但为它加载的副本不提供该符号。失败时已映射的 CUDA 库：{{mapped}}。',
  'torch-import-undefined-symbol.fix':
    '先被加载的是与 torch 构建时不同的库副本（`LD_LIBRARY_PATH`、`LD_PRELOAD` 或工具包目录）：对 PyTorch 进程将其从加载路径中移除，或重新安装 torch 使其库版本一致（`pip install --force-reinstall torch`）。',

  'torch-import-dependency-broken.title': 'torch 的一个编译依赖无法加载',
  'torch-import-dependency-broken.message': '在 {{python}} 中 `import torch` 失败，因为 {{dependency}} 无法加载（它是针对另一个版本构建的）。',
  'torch-import-dependency-broken.fix': '安装此 torch 支持的 {{dependency}} 版本（旧版 torch 遇到 NumPy 2 报错时：`pip install "numpy<2"`），或升级 torch；然后再次导入。',

  'torch-import-dependency-missing.title': 'torch 需要的 Python 包缺失',
  'torch-import-dependency-missing.message': '在 {{python}} 中 `import torch` 失败：模块 {{module}} 未安装。PyTorch 本身已安装。',
  'torch-import-dependency-missing.fix': '安装到同一环境中：`{{python}} -m pip install {{module}}`（或重新安装 torch 以补齐全部依赖）。',

  'torch-import-permission-denied.title': '没有权限加载 torch',
  'torch-import-permission-denied.message': '在 {{python}} 中 `import torch` 访问 {{path}} 被拒绝。',
  'torch-import-permission-denied.fix':
    '让你的用户可以读取这些文件（对该路径执行 `ls -l`；对环境执行 `chmod -R a+rX`）；若报错是 "failed to map segment"，把环境移出 `noexec` 挂载点。',

  'verdict-lowered-by-consistency-check.title': '结论已降级：证据相互矛盾',
  'verdict-lowered-by-consistency-check.message': 'GPU Doctor 自身的检查结果相互矛盾（{{rule}}），已降低此结论：{{detail}}',
  'verdict-lowered-by-consistency-check.fix': '查看本步骤及其他步骤的证据，然后重新诊断。如果再次出现，请附上保存的诊断结果报告：GPU Doctor 自身的检查结果不一致。',
} satisfies Some)
