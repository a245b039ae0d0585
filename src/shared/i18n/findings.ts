// Texts of Finding ids (i18next namespace 'findings'): `<id>.title`, `<id>.message`, `<id>.fix`.
// Ids are the failure modes of shared/reference/failure-modes.md plus the product's own checks.
// Commands, flags, package names and identifiers stay untranslated in every language.

/** English finding texts, keyed `<id>.title|message|fix`; messages may use `{{param}}`. */
export const findingsEn: Record<string, string> = {
  // ---- A. Driver / host
  'driver-not-loaded.title': 'NVIDIA driver not loaded',
  'driver-not-loaded.message': 'The NVIDIA kernel driver is not running, so nvidia-smi and PyTorch cannot reach the GPU.',
  'driver-not-loaded.fix':
    'Reinstall the driver for the running kernel (with its headers: `dkms install` or the distro driver package), sign it or enrol the MOK if Secure Boot is on, blacklist nouveau, then reboot. In a container: start it with `--gpus all` (Docker) or `--device nvidia.com/gpu=all` (Podman, CDI).',

  'nvml-driver-library-mismatch.title': 'Driver/library version mismatch',
  'nvml-driver-library-mismatch.message':
    "The driver's user-space libraries were updated, but the old kernel module is still loaded.",
  'nvml-driver-library-mismatch.fix':
    'Reboot, or stop every GPU process and reload the nvidia kernel modules. Then hold the driver packages so unattended upgrades cannot do it again.',

  'driver-too-old-for-cuda-runtime.title': 'Driver too old for this CUDA build',
  'driver-too-old-for-cuda-runtime.message':
    'The NVIDIA driver is older than the CUDA version PyTorch (or this program) was built with.',
  'driver-too-old-for-cuda-runtime.fix':
    'Upgrade the driver to a branch that supports that CUDA (CUDA 12.x needs R525+, CUDA 13 needs R580+), or install a PyTorch wheel built for a CUDA the driver supports: `{{install}}`.',

  'fabric-manager-not-running.title': 'Fabric Manager not running (CUDA error 802)',
  'fabric-manager-not-running.message':
    'CUDA reports "system not yet initialized": on NVSwitch systems (HGX/DGX) the nvidia-fabricmanager service is not running or does not match the driver.',
  'fabric-manager-not-running.fix':
    'Install the `nvidia-fabricmanager` package of exactly the driver version, run `sudo systemctl enable --now nvidia-fabricmanager`, then try again.',

  'uvm-broken-after-suspend.title': 'CUDA unknown error (nvidia_uvm)',
  'uvm-broken-after-suspend.message':
    'CUDA failed to start with an unknown error. Usually the nvidia_uvm module is broken after suspend/resume or /dev/nvidia-uvm is missing; the hint about CUDA_VISIBLE_DEVICES is a red herring.',
  'uvm-broken-after-suspend.fix':
    'Run `sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm` (or `sudo nvidia-modprobe -c 0 -u` to create the device nodes); reboot if the module is in use.',

  'persistence-mode-off.title': 'Persistence mode off',
  'persistence-mode-off.message':
    'Persistence mode is off, so the driver re-initialises the GPU whenever a program starts; on servers this is slow and can time out container starts.',
  'persistence-mode-off.fix': 'Run `sudo systemctl enable --now nvidia-persistenced` (older alternative: `sudo nvidia-smi -pm 1`).',

  'gpu-fallen-off-bus.title': 'GPU fell off the bus (Xid 79)',
  'gpu-fallen-off-bus.message':
    'The GPU dropped off the PCIe bus. Causes are power delivery, heat, the riser or slot, or an old system BIOS.',
  'gpu-fallen-off-bus.fix':
    'Reboot to recover, then check PSU capacity and power cables, reseat the card, improve cooling and update the BIOS and driver. Repeated Xid 79 on one board: RMA.',

  'ecc-uncorrectable-or-row-remap.title': 'Uncorrectable GPU memory error',
  'ecc-uncorrectable-or-row-remap.message': 'The GPU reported an uncorrectable ECC error or a memory row remap.',
  'ecc-uncorrectable-or-row-remap.fix':
    'Drain the GPU and reset it (`nvidia-smi -r` when idle) or reboot to apply pending remaps. If the errors recur or `Remapping Failure Occurred` is `Yes`, take the GPU out of service (RMA).',

  'gsp-firmware-timeout.title': 'GSP firmware timeout (Xid 119/120)',
  'gsp-firmware-timeout.message': "The driver timed out waiting for the GPU's GSP firmware.",
  'gsp-firmware-timeout.fix':
    'Reboot and move to a newer (or known-good) driver branch; collect `nvidia-bug-report.sh`. On pre-Blackwell GPUs with the proprietary module, `options nvidia NVreg_EnableGpuFirmware=0` is a known workaround.',

  'exclusive-compute-mode-busy.title': 'GPU busy (exclusive compute mode)',
  'exclusive-compute-mode-busy.message':
    'The GPU is in an exclusive or prohibited compute mode and another process already holds it.',
  'exclusive-compute-mode-busy.fix':
    'Use a free GPU (`CUDA_VISIBLE_DEVICES`), stop the other process, or as an admin run `nvidia-smi -i N -c DEFAULT`.',

  // ---- B. Container runtime
  'docker-gpu-support-missing.title': 'Docker has no GPU support',
  'docker-gpu-support-missing.message':
    'Docker found no device driver for `--gpus`: the NVIDIA Container Toolkit is missing, or Docker was not restarted after installing it.',
  'docker-gpu-support-missing.fix':
    'Install `nvidia-container-toolkit`, then run `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`. On Linux use Docker Engine (docker-ce), not the snap or Docker Desktop.',

  'nvidia-runtime-not-registered.title': 'nvidia runtime not registered',
  'nvidia-runtime-not-registered.message': 'The Docker daemon does not know the `nvidia` runtime.',
  'nvidia-runtime-not-registered.fix':
    'Run `sudo nvidia-ctk runtime configure --runtime=docker` and restart that daemon, or drop `--runtime=nvidia` and use `--gpus all`.',

  'container-cli-cannot-load-nvml.title': 'Container toolkit cannot load NVML',
  'container-cli-cannot-load-nvml.message':
    'The NVIDIA container hook cannot find libnvidia-ml.so.1: no host driver is visible where it runs (no driver, the Docker Desktop VM, or snap Docker).',
  'container-cli-cannot-load-nvml.fix':
    'Install the host driver; on Linux use Docker Engine (`docker context use default`) instead of Docker Desktop, and avoid snap Docker.',

  'image-requires-newer-driver.title': 'Image needs a newer driver',
  'image-requires-newer-driver.message':
    'The CUDA image requires a newer CUDA (NVIDIA_REQUIRE_CUDA) than the host driver supports.',
  'image-requires-newer-driver.fix': 'Upgrade the host driver, or use an image tag built for an older CUDA.',

  'container-lost-gpu-after-daemon-reload.title': 'Container lost its GPU',
  'container-lost-gpu-after-daemon-reload.message':
    'A running container lost access to /dev/nvidia* (NVML "Unknown Error"), typically after `systemctl daemon-reload` with the systemd cgroup driver.',
  'container-lost-gpu-after-daemon-reload.fix':
    'Recreate the container now. To prevent it: `sudo nvidia-ctk system create-dev-char-symlinks --create-all` plus its udev rule, or inject GPUs through CDI.',

  'rootless-cgroup-device-access.title': 'Rootless container cannot access the GPU',
  'rootless-cgroup-device-access.message': 'The rootless container runtime cannot grant GPU device access through cgroups.',
  'rootless-cgroup-device-access.fix':
    'Run `sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place` and use CDI (`--device nvidia.com/gpu=all`); on hosts with only rootful containers keep `no-cgroups = false`.',

  'container-missing-gpu-env.title': 'Container started without a GPU',
  'container-missing-gpu-env.message':
    'The container was started without a GPU request, so the driver libraries and nvidia-smi were not injected.',
  'container-missing-gpu-env.fix':
    'Run it with `--gpus all` on Docker, `--device nvidia.com/gpu=all` on Podman (CDI) (or `-e NVIDIA_VISIBLE_DEVICES=all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility`); in Compose use `deploy.resources.reservations.devices` with `capabilities: [gpu]`.',

  'cdi-spec-missing-or-stale.title': 'CDI spec missing or stale',
  'cdi-spec-missing-or-stale.message':
    'The CDI device name (nvidia.com/gpu=…) does not resolve: there is no CDI spec, or it was generated for an older driver.',
  'cdi-spec-missing-or-stale.fix':
    'Run `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, and regenerate it after every driver change.',

  'k8s-device-plugin-no-gpus.title': 'Kubernetes node offers no GPUs',
  'k8s-device-plugin-no-gpus.message': 'The NVIDIA device plugin cannot load NVML, so the node advertises no nvidia.com/gpu.',
  'k8s-device-plugin-no-gpus.fix':
    'Run `sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default` and restart containerd (or use an nvidia RuntimeClass); restart the plugin after driver changes.',

  'container-shm-too-small.title': 'Shared memory too small',
  'container-shm-too-small.message':
    "DataLoader workers (num_workers > 0) pass batches through /dev/shm; at Docker's 64 MB default they crash with a bus error or \"No space left on device\".",
  'container-shm-too-small.fix':
    'Run the container with `--ipc=host` or `--shm-size=8g`; in Kubernetes mount an `emptyDir: {medium: Memory}` at /dev/shm. As a stop-gap, lower `num_workers`.',

  'container-processes-hidden.title': 'Processes hidden inside the container',
  'container-processes-hidden.message':
    'nvidia-smi in a container lists no processes although memory is in use, because the driver reports host PIDs. This is not a failure.',
  'container-processes-hidden.fix': 'Look from the host, or run the monitoring container with `--pid=host`.',

  // ---- C. PyTorch wheel / build / environment
  'cpu-only-torch-build.title': 'CPU-only PyTorch installed',
  'cpu-only-torch-build.message': 'This PyTorch build has no CUDA support, so it can never use the GPU.',
  'cpu-only-torch-build.fix':
    'Install a CUDA build of PyTorch from the index that matches your driver: `{{install}}`. Then run your code with that Python, and pin the index in your requirements.',

  'gpu-arch-not-in-wheel.title': 'GPU not supported by this PyTorch build',
  'gpu-arch-not-in-wheel.message': "The installed PyTorch has no kernels for this GPU's compute capability.",
  'gpu-arch-not-in-wheel.fix':
    'Install a PyTorch build with kernels for this GPU: `{{install}}`; for a GPU older than the current wheels support, pin an older PyTorch; rebuild extensions with `TORCH_CUDA_ARCH_LIST`.',

  'cuda-visible-devices-misconfigured.title': 'No usable CUDA device selected',
  'cuda-visible-devices-misconfigured.message':
    'The process sees no CUDA device, or asked for a device number that does not exist; often CUDA_VISIBLE_DEVICES is empty or names a GPU that is not there.',
  'cuda-visible-devices-misconfigured.fix':
    'Unset `CUDA_VISIBLE_DEVICES` or set it to indices/UUIDs from `nvidia-smi -L`; inside containers count from 0; match `--nproc_per_node` to the visible GPUs.',

  'cuda-visible-devices-set-too-late.title': 'CUDA_VISIBLE_DEVICES set too late',
  'cuda-visible-devices-set-too-late.message': 'CUDA_VISIBLE_DEVICES was changed after CUDA started, so it has no effect.',
  'cuda-visible-devices-set-too-late.fix':
    'Set it in the launching shell (`CUDA_VISIBLE_DEVICES=2 python train.py`) or before `import torch`.',

  'device-order-mismatch.title': 'GPU numbers may differ from nvidia-smi',
  'device-order-mismatch.message':
    "This machine has different GPU models. CUDA numbers them fastest first and nvidia-smi by PCI bus, so `cuda:0` may not be nvidia-smi's GPU 0.",
  'device-order-mismatch.fix': 'Run `export CUDA_DEVICE_ORDER=PCI_BUS_ID` before starting the process, or address GPUs by UUID.',

  'mig-single-instance-per-process.title': 'MIG: one instance per process',
  'mig-single-instance-per-process.message':
    'MIG is enabled: CUDA shows each process at most one MIG instance, however many exist.',
  'mig-single-instance-per-process.fix':
    'Give each process one slice with `CUDA_VISIBLE_DEVICES=MIG-<uuid>`; disable MIG for multi-GPU training.',

  'torchvision-torch-mismatch.title': 'torchvision does not match torch',
  'torchvision-torch-mismatch.message': 'torchvision was built for another torch version or CUDA variant than the installed torch.',
  'torchvision-torch-mismatch.fix':
    'Reinstall them together from one index: `{{install}}`.',

  'extension-build-cuda-mismatch.title': 'Extension build: CUDA toolkit mismatch',
  'extension-build-cuda-mismatch.message':
    "The CUDA toolkit (nvcc) used to build an extension has another major version than PyTorch's CUDA.",
  'extension-build-cuda-mismatch.fix':
    'Point `CUDA_HOME` and PATH at a toolkit with the same major version as `torch.version.cuda`, or use a prebuilt wheel of the extension.',

  'cuda-oom-or-memory-held.title': 'Out of GPU memory',
  'cuda-oom-or-memory-held.message':
    'The GPU ran out of memory: other processes hold it, the allocator is fragmented, or the work does not fit.',
  'cuda-oom-or-memory-held.fix':
    'Stop other processes on the GPU (see `nvidia-smi`) or pick a free one; against fragmentation set `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`; otherwise use a smaller batch, mixed precision or activation checkpointing.',

  'async-kernel-error-not-env.title': 'CUDA kernel error (likely code, not setup)',
  'async-kernel-error-not-env.message':
    'A kernel hit an illegal memory access or a device-side assert. This is almost always a bug in the model or an extension, and the stack trace may point at the wrong line.',
  'async-kernel-error-not-env.fix':
    'Rerun with `CUDA_LAUNCH_BLOCKING=1` (and asserts on the CPU) to find the real operation; if it happens at random together with Xid 48/79/94 in dmesg, suspect the hardware.',

  // ---- D. cuDNN / CUDA user-space libraries
  'bundled-cudnn-not-found.title': "PyTorch's CUDA libraries not found",
  'bundled-cudnn-not-found.message':
    'A cuDNN, cuBLAS or CUDA runtime library that the PyTorch wheel loads from its nvidia-* pip packages cannot be found.',
  'bundled-cudnn-not-found.fix':
    'Reinstall torch with its dependencies into one environment: `{{install}}`; avoid `--no-deps` and split lib/lib64 site-packages.',

  'cudnn-shadowed-by-system-copy.title': "Another cuDNN may shadow PyTorch's",
  'cudnn-shadowed-by-system-copy.message':
    'A cuDNN other than the one PyTorch was built with is where the loader can find it (a system package or LD_LIBRARY_PATH), and it can be loaded instead of the bundled copy.',
  'cudnn-shadowed-by-system-copy.fix':
    'Remove CUDA/cuDNN directories from `LD_LIBRARY_PATH` for PyTorch, or remove/upgrade the system cuDNN. collect_env only lists files on disk; `python -c "import torch;print(torch.backends.cudnn.version())"` shows the one actually loaded.',

  'system-cuda-libs-shadow-wheel-libs.title': "System CUDA libraries override the wheel's",
  'system-cuda-libs-shadow-wheel-libs.message':
    'A CUDA library from a system toolkit (or a stubs directory) was loaded instead of the matching pip nvidia-* library.',
  'system-cuda-libs-shadow-wheel-libs.fix':
    'Drop `/usr/local/cuda*/lib64` (and never `stubs`) from `LD_LIBRARY_PATH`; run `pip install -U nvidia-nvjitlink-cu12` to match, or reinstall torch.',

  'forward-compat-lib-misuse.title': 'CUDA forward-compatibility library misused',
  'forward-compat-lib-misuse.message':
    'A cuda-compat libcuda is loaded on a GPU or driver that it does not support (CUDA error 803/804).',
  'forward-compat-lib-misuse.fix':
    'Remove the compat directory from `LD_LIBRARY_PATH` and ld.so.conf (or uninstall `cuda-compat-*`) and upgrade the host driver instead; reboot if error 803 follows a driver update.',

  // ---- E. Performance
  'input-pipeline-bottleneck.title': 'GPU waits for data',
  'input-pipeline-bottleneck.message': 'The GPU keeps waiting for the next batch: data loading cannot keep up with it.',
  'input-pipeline-bottleneck.fix':
    'Raise `num_workers` (about the CPUs per GPU), set `pin_memory=True` and `persistent_workers=True`, and cache or pre-decode data on a local SSD.',

  'cpu-oversubscription-in-container.title': 'Too many CPU threads or workers',
  'cpu-oversubscription-in-container.message':
    'Threads or DataLoader workers are sized from all host cores, not from the CPUs this process may use.',
  'cpu-oversubscription-in-container.fix':
    'Set `OMP_NUM_THREADS` (or `torch.set_num_threads()`) to the available CPUs divided by the processes, and cap `num_workers` at the available CPUs.',

  'launch-bound-small-kernels.title': 'The GPU waits on the Python side',
  'launch-bound-small-kernels.message':
    'One Python thread is busy {{thread}} % of the time while the GPU is busy only {{sm}} % of the time: the GPU runs many small kernels one after another, each waiting for Python to launch it (or the loop waits in a CUDA synchronisation such as `.item()`).',
  'launch-bound-small-kernels.fix':
    'Give the GPU more work per launch: a larger batch, `torch.compile(model)` (fuses small kernels), CUDA graphs (`torch.compile(mode="reduce-overhead")` or `torch.cuda.graphs`), AMP (`torch.autocast`), and no `.item()`, `.cpu()` or `print(tensor)` inside the loop. If this thread also prepares the data (`num_workers=0`), move that into DataLoader workers.',

  'host-device-transfer-bound.title': 'Host-to-GPU copies hold the GPU back',
  'host-device-transfer-bound.message':
    'PCIe carries {{pcie}} MB/s between host and GPU while the GPU is busy only {{sm}} % of the time: the job waits for copies.',
  'host-device-transfer-bound.fix':
    'Keep data and model on the GPU between steps (no `.cpu()` / `.to("cuda")` round trips), use `pin_memory=True` in the DataLoader and `.to("cuda", non_blocking=True)`, send compact data (uint8 images, not float32) and convert on the GPU.',

  'gpu-waits-not-on-cpu.title': 'The GPU waits, and not on the job\'s CPU',
  'gpu-waits-not-on-cpu.message':
    'The GPU is busy only {{sm}} % of the time, yet the job\'s CPU ({{main}} % in the main process, {{workersCpu}} % in {{workers}} workers) and PCIe ({{pcie}} MB/s) are quiet: it waits on something else (disk or network reads, a lock, another process, a sleep).',
  'gpu-waits-not-on-cpu.fix':
    'See where the main thread waits: `py-spy dump --pid {{pid}}` (or `torch.profiler`); check disk and network reads (`iostat -x 1`, reading from a network file system), and whether another rank or process holds it up.',

  'gpu-shared-by-other-jobs.title': 'Other processes take the GPU\'s time',
  'gpu-shared-by-other-jobs.message':
    'The job kept GPU {{gpu}} busy only {{job}} % of the time while other processes kept it busy {{others}} %: {{processes}}. The GPU switches between them, so the job runs slower than it would on a GPU of its own.',
  'gpu-shared-by-other-jobs.fix':
    'Run the job on a GPU of its own: pick an idle one in `nvidia-smi` and start the job with `CUDA_VISIBLE_DEVICES=<index>`. On a shared server ask who runs {{owners}}; where GPUs must be shared, partition them (MIG) or share them through MPS instead of switching between processes.',

  'watch-sm-includes-other-processes.title': 'The SM figure includes other processes',
  'watch-sm-includes-other-processes.message':
    'Other processes hold a context on GPU {{gpu}}: {{processes}}. {{sampler}} measures the whole GPU, so part of the {{sm}} % may be theirs; per-process utilisation (NVML) was not available to tell them apart.',
  'watch-sm-includes-other-processes.fix': 'Look at each process\'s share with `nvidia-smi pmon -s u`, or watch again where GPU Doctor can load NVML (libnvidia-ml).',

  'cudnn-benchmark-dynamic-shapes.title': 'cudnn.benchmark with changing shapes',
  'cudnn-benchmark-dynamic-shapes.message':
    'With `torch.backends.cudnn.benchmark = True`, every new input shape starts a slow autotuning run.',
  'cudnn-benchmark-dynamic-shapes.fix':
    'Set `torch.backends.cudnn.benchmark = False` when shapes vary, or pad/bucket inputs to a few fixed sizes.',

  'gpu-clock-throttling.title': 'GPU clocks throttled',
  'gpu-clock-throttling.message': 'The GPU lowers its clocks because of temperature, a power brake or a power cap.',
  'gpu-clock-throttling.fix':
    'Improve cooling, check the PSU and power cables, and restore default limits (`nvidia-smi -rac`, `nvidia-smi -rgc`, `nvidia-smi -pl <default>`).',

  'pcie-link-degraded.title': 'PCIe link degraded',
  'pcie-link-degraded.message': 'The GPU negotiated a lower PCIe generation or width than it supports.',
  'pcie-link-degraded.fix':
    'Check under load (idle GPUs slow the link on purpose); reseat the card, avoid risers, use a full x16 slot, set the PCIe generation in the BIOS.',

  'ptx-jit-slow-first-call.title': 'Slow first CUDA call (PTX JIT)',
  'ptx-jit-slow-first-call.message': 'The first CUDA call is slow because the driver compiles PTX for this GPU.',
  'ptx-jit-slow-first-call.fix':
    'Install a build with native kernels for the GPU; otherwise keep the cache (`CUDA_CACHE_PATH` on a volume) and raise `CUDA_CACHE_MAXSIZE=4294967296`.',

  'tf32-disabled-fp32-matmul.title': 'TF32 off for float32 matmuls',
  'tf32-disabled-fp32-matmul.message': 'Float32 matrix multiplications run without TF32 tensor cores on this Ampere-or-newer GPU.',
  'tf32-disabled-fp32-matmul.fix':
    "If the precision trade-off is acceptable, call `torch.set_float32_matmul_precision('high')`, or use `torch.autocast(dtype=torch.bfloat16)`.",

  // ---- F. Multi-GPU / NCCL
  'nccl-p2p-hang-consumer-gpus.title': 'NCCL P2P on consumer GPUs',
  'nccl-p2p-hang-consumer-gpus.message':
    'NCCL peer-to-peer over PCIe hangs or is unsupported on these GPUs (GeForce RTX 40xx and similar).',
  'nccl-p2p-hang-consumer-gpus.fix':
    'Run `export NCCL_P2P_DISABLE=1` (plus `NCCL_IB_DISABLE=1` without InfiniBand) and update the driver.',

  'pcie-acs-blocks-p2p.title': 'PCIe ACS blocks GPU peer traffic',
  'pcie-acs-blocks-p2p.message':
    'PCIe Access Control Services send GPU-to-GPU traffic through the root complex, which hangs or slows NCCL.',
  'pcie-acs-blocks-p2p.fix':
    'Disable ACS in the BIOS (or boot with `pci=noacs`) and keep the IOMMU in passthrough (`iommu=pt`); workaround: `NCCL_P2P_DISABLE=1`.',

  'nccl-shm-too-small.title': 'NCCL shared memory too small',
  'nccl-shm-too-small.message': "NCCL could not create its shared-memory segment in /dev/shm (a container's 64 MB default).",
  'nccl-shm-too-small.fix': 'Start the container with `--shm-size=1g` or more (or `--ipc=host`); last resort: `NCCL_SHM_DISABLE=1`.',

  'nccl-watchdog-timeout.title': 'NCCL collective timed out',
  'nccl-watchdog-timeout.message':
    'A collective operation never completed: one rank is stuck or much slower than the others, or the transport hangs.',
  'nccl-watchdog-timeout.fix':
    'Make every rank run the same collectives (move rank-0-only work out or add barriers), raise `timeout=` in `init_process_group` for long single-rank phases, and use `NCCL_DEBUG=INFO` to find the straggler.',

  'nccl-wrong-network-interface.title': 'NCCL uses the wrong network interface',
  'nccl-wrong-network-interface.message': 'NCCL could not set up its socket transport: the interface is missing or wrong (lo, docker0).',
  'nccl-wrong-network-interface.fix':
    'Set `NCCL_SOCKET_IFNAME` to the routable interface (e.g. `eth0`, or `^docker0,lo`) and run multi-node containers with `--network=host`.',

  // ---- G. Windows / WSL2
  'wsl-linux-driver-installed.title': 'Linux driver installed inside WSL',
  'wsl-linux-driver-installed.message':
    'NVML says "GPU access blocked by the operating system". Under WSL2 this usually means a Linux NVIDIA driver package in the distro shadows the libraries that WSL provides.',
  'wsl-linux-driver-installed.fix':
    'Remove the `nvidia-driver-*` and `nvidia-utils-*` packages inside WSL, install only `cuda-toolkit-X-Y` from the WSL-Ubuntu repository if you need a toolkit, update the Windows driver and run `wsl --update`.',

  'wsl-gpu-in-tcc-mode.title': 'GPU in TCC mode is hidden from WSL',
  'wsl-gpu-in-tcc-mode.message': 'WSL2 can only use GPUs in WDDM mode, and this GPU runs in TCC mode.',
  'wsl-gpu-in-tcc-mode.fix':
    'Switch to WDDM where supported (`nvidia-smi -i <n> -dm 0` as Administrator, then reboot); otherwise run Linux natively or in a VM with GPU passthrough.',

  'wsl-libcuda-not-on-loader-path.title': 'libcuda.so not on the loader path (WSL)',
  'wsl-libcuda-not-on-loader-path.message':
    'A library looks for the unversioned libcuda.so, which under WSL2 exists only in /usr/lib/wsl/lib.',
  'wsl-libcuda-not-on-loader-path.fix':
    "Run `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` and keep it in the environment's activation script.",

  'wsl-pinned-memory-limit.title': 'Pinned memory limited under WSL2',
  'wsl-pinned-memory-limit.message':
    'WSL2 limits pinned host memory, so `pin_memory=True` or large pinned buffers run out of memory.',
  'wsl-pinned-memory-limit.fix': 'Use `pin_memory=False` or smaller pinned buffers; for heavy training use native Linux.',

  'windows-dll-load-failure.title': 'Windows DLL failed to load',
  'windows-dll-load-failure.message': 'Windows could not load a torch DLL or one of its dependencies.',
  'windows-dll-load-failure.fix':
    'Install the latest Microsoft Visual C++ x64 Redistributable, then `pip uninstall torch` (until none is left) and reinstall one build from the official index; remove stray CUDA/cuDNN folders from PATH.',

  // ---- Product checks
  'torch-not-installed.title': 'PyTorch not installed',
  'torch-not-installed.message': '`import torch` failed in {{python}}: {{error}}',
  'torch-not-installed.fix':
    'Install PyTorch: `{{install}}`, or run GPU Doctor with the Python that has torch.',

  'driver-too-old-for-pytorch.title': 'Driver too old for any PyTorch build',
  'driver-too-old-for-pytorch.message':
    'The driver supports CUDA {{driverCuda}} at most, older than every CUDA build of PyTorch GPU Doctor knows (the oldest needs CUDA {{minCuda}}).',
  'driver-too-old-for-pytorch.fix': 'Upgrade the NVIDIA driver to a current branch first, then install PyTorch: `{{install}}`.',

  'gpu-not-visible-to-torch.title': 'PyTorch sees no GPU',
  'gpu-not-visible-to-torch.message':
    'PyTorch is built with CUDA, but `torch.cuda.is_available()` is False. GPUs on the host: {{hostGpus}}.',
  'gpu-not-visible-to-torch.fix':
    'Check that `nvidia-smi` works, that `CUDA_VISIBLE_DEVICES` is unset or valid, and that a container was started with `--gpus all` (Docker) or `--device nvidia.com/gpu=all` (Podman). `python -c "import torch;torch.cuda.init()"` prints the reason.',

  'fewer-devices-than-host.title': 'PyTorch sees fewer GPUs than the host',
  'fewer-devices-than-host.message': 'PyTorch sees {{torchCount}} GPU(s), but nvidia-smi lists {{hostCount}}.',
  'fewer-devices-than-host.fix':
    'Check `CUDA_VISIBLE_DEVICES` (in containers also `--gpus` and `NVIDIA_VISIBLE_DEVICES`). With MIG, CUDA shows one instance per process.',

  'cuda-minor-version-compat.title': 'Running through CUDA minor-version compatibility',
  'cuda-minor-version-compat.message':
    'PyTorch is built for CUDA {{torchCuda}} and the driver supports up to CUDA {{driverCuda}}: it runs through minor-version compatibility, with a limited feature set.',
  'cuda-minor-version-compat.fix':
    'Upgrade the driver to one that supports CUDA {{torchCuda}}, or install a PyTorch wheel built for CUDA {{driverCuda}} or older.',

  'cudnn-disabled.title': 'cuDNN disabled',
  'cudnn-disabled.message': '`torch.backends.cudnn.enabled` is False, so convolutions run without cuDNN and are much slower.',
  'cudnn-disabled.fix': 'Remove the code that sets `torch.backends.cudnn.enabled = False`.',

  'cudnn-major-mismatch.title': 'cuDNN major version mismatch',
  'cudnn-major-mismatch.message': 'PyTorch {{torch}} expects cuDNN {{expected}}, but cuDNN {{loaded}} is loaded.',
  'cudnn-major-mismatch.fix':
    'Remove other cuDNN directories from `LD_LIBRARY_PATH` and reinstall torch with its pip dependencies (`nvidia-cudnn-cu12` / `nvidia-cudnn-cu13`) from the matching index.',

  'cudnn-benchmark-off.title': 'cudnn.benchmark is off',
  'cudnn-benchmark-off.message':
    '`torch.backends.cudnn.benchmark` is False: cuDNN does not search for the fastest convolution algorithm.',
  'cudnn-benchmark-off.fix':
    'With fixed input shapes set `torch.backends.cudnn.benchmark = True`; keep it False when shapes change from step to step.',

  'cudnn-deterministic-on.title': 'cudnn.deterministic is on',
  'cudnn-deterministic-on.message':
    '`torch.backends.cudnn.deterministic` is True, which limits cuDNN to deterministic, often slower, algorithms.',
  'cudnn-deterministic-on.fix': 'Set it to False unless you need bit-exact reproducible results.',

  'library-not-found.title': 'Library not found',
  'library-not-found.message': 'The dynamic loader cannot find {{library}} ({{file}}).',
  'library-not-found.fix':
    "Install the package that provides it, or add its directory to the loader path (`ldconfig` or `LD_LIBRARY_PATH`); for torch's own libraries reinstall torch.",

  'other-cudnn-copies.title': 'Other cuDNN copies on this machine',
  'other-cudnn-copies.message': '{{count}} other cuDNN copies are on this machine: {{paths}}',
  'other-cudnn-copies.fix':
    'They are harmless while PyTorch loads its own. If one is on `LD_LIBRARY_PATH` or in the system library path, remove it from there for PyTorch processes.',

  'low-sm-utilisation.title': 'Low GPU utilisation',
  'low-sm-utilisation.message': "The GPU's SMs were busy {{mean}}% of the time on average, below {{threshold}}%.",
  'low-sm-utilisation.fix':
    'The GPU is waiting: usually for data loading (raise `num_workers`, set `pin_memory=True`), small batches, or CPU work between steps. Profile with `torch.profiler`.',

  'cudnn-not-effective.title': 'cuDNN does not speed up convolutions',
  'cudnn-not-effective.message': 'Convolutions with cuDNN were only {{ratio}}× as fast as without it.',
  'cudnn-not-effective.fix':
    'Check that the loaded cuDNN is the one PyTorch was built with and that `torch.backends.cudnn.enabled` is True; for fixed shapes try `torch.backends.cudnn.benchmark = True`.',

  'libcuda-stub-loaded.title': 'The CUDA stub library was loaded instead of the driver',
  'libcuda-stub-loaded.message':
    'The process loaded {{path}}, the CUDA toolkit\'s link-time stub of libcuda, not the driver\'s libcuda: every CUDA call fails ("CUDA driver is a stub library", error 34).',
  'libcuda-stub-loaded.fix':
    'Remove the stubs directory from the loader path: `export LD_LIBRARY_PATH={{suggested}}` (it was {{ldLibraryPath}}), and delete any libcuda.so.1 copied or linked from `stubs/`. The stub is only for linking (`-L/usr/local/cuda/lib64/stubs`), never for running.',

  'wheel-library-loaded-from-elsewhere.title': "A wheel library resolves to another copy",
  'wheel-library-loaded-from-elsewhere.message':
    '{{name}} resolves to {{path}} ({{version}}) instead of the wheel\'s {{wheelPath}} ({{wheelVersion}}).',
  'wheel-library-loaded-from-elsewhere.fix':
    'Let torch use its own copy: remove {{dir}} from `LD_LIBRARY_PATH` for PyTorch processes (or set it only for the program that needs the toolkit).',

  'gpu-memory-held-by-other-processes.title': 'Most of the GPU memory is held by other processes',
  'gpu-memory-held-by-other-processes.message':
    'Before the check started, other processes held {{held}} GiB of {{total}} GiB on GPU {{gpu}}; {{free}} GiB were free. Holders: {{holders}}.',
  'gpu-memory-held-by-other-processes.fix':
    'A job that needs more than {{free}} GiB will fail with "CUDA out of memory" here. Stop or move the holders (`nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`), or pick another GPU with `CUDA_VISIBLE_DEVICES`.',

  'gpu-contended.title': 'The GPU was busy with another process',
  'gpu-contended.message':
    'GPU {{gpu}} was already {{idle}}% busy before this check\'s load started: it was shared with {{processes}}. Utilisation and timings measured now describe the sharing, not the GPU.',
  'gpu-contended.fix':
    'Run the check again when the GPU is free (see `nvidia-smi`), or on another GPU with `CUDA_VISIBLE_DEVICES`. On a shared server, ask who runs {{processes}}.',

  'gpu-shared-with-other-processes.title': 'Other processes use this GPU',
  'gpu-shared-with-other-processes.message': 'Other processes had a CUDA context on the GPU while the check ran: {{processes}}. They were idle, so the results stand.',
  'gpu-shared-with-other-processes.fix': 'Nothing to do unless they start working; then results like these change.',

  'timings-not-representative.title': 'Timings taken on a shared GPU',
  'timings-not-representative.message':
    'GPU {{gpu}} was {{idle}}% busy with other work ({{processes}}) while the convolutions were timed: these timings are slower than the GPU is and are not representative.',
  'timings-not-representative.fix': 'Repeat the timing step when the GPU is idle; compare ratios (cuDNN on vs off) rather than milliseconds in the meantime.',

  'gpu-power-capped-under-load.title': 'Clocks held at the power limit under full load',
  'gpu-power-capped-under-load.message':
    'Under this deliberately maximal load the GPU drew its power limit ({{limit}} W) and held its clocks there (software power cap). That is how data-centre GPUs are designed to run.',
  'gpu-power-capped-under-load.fix':
    'Nothing to fix. Only if the limit is below the default (`nvidia-smi -q -d POWER`: "Current Power Limit" vs "Default Power Limit") restore it with `nvidia-smi -pl <default>`.',

  'host-gpu-problem.title': 'GPU problem on the host',
  'host-gpu-problem.message': '{{message}}',
  'host-gpu-problem.fix': 'Fix the host problem first (see the nvidia-smi status): PyTorch cannot use a GPU that nvidia-smi cannot.',

  'probe-failed.title': 'PyTorch check failed',
  'probe-failed.message': 'The PyTorch check could not run: {{reason}}',
  'probe-failed.fix': 'Run the Python command shown in the details yourself and read its error.',

  'docker-socket-permission-denied.title': 'No permission to use Docker',
  'docker-socket-permission-denied.message': 'Your user may not connect to the Docker daemon socket (/var/run/docker.sock).',
  'docker-socket-permission-denied.fix':
    'Run `sudo usermod -aG docker $USER`, then log out and back in (or `newgrp docker`); or run the command with `sudo`. Membership of the docker group is equivalent to root.',

  'nvidia-container-toolkit-install.title': 'Installing the NVIDIA Container Toolkit',
  'nvidia-container-toolkit-install.message': 'How to give Docker (a runtime) or Podman (a CDI spec) GPU support on {{os}}.',
  'nvidia-container-toolkit-install.fix': 'Run, in order:\n{{commands}}',

  'power-reading-above-limit.title': 'Power reading above the limit',
  'power-reading-above-limit.message':
    'GPU {{index}} reports {{power}} W against a {{limit}} W power limit. A reading this far above the limit is a sensor or driver glitch, not real power draw.',
  'power-reading-above-limit.fix':
    'Ignore it if the GPU otherwise behaves normally; update the driver if it persists, and do not base power monitoring on this reading.',

  'conda-build-other-cuda.title': "conda pytorch build's CUDA",
  'conda-build-other-cuda.message':
    'conda installed pytorch {{version}} as build {{build}}, which is built for CUDA {{buildCuda}}. If you asked conda for another CUDA, it picked this build because none matched.',
  'conda-build-other-cuda.fix':
    'Ask for the variant explicitly (e.g. `conda install pytorch=<version>=*cuda<XY>* -c pytorch`), or install with pip from the matching `--index-url https://download.pytorch.org/whl/cuXYZ`.',

  // ---- Hardware health (gpu-doctor health)
  'gpu-recovery-action-pending.title': 'The driver asks for a GPU recovery action',
  'gpu-recovery-action-pending.message': 'nvidia-smi reports "GPU Recovery Action: {{action}}" for {{gpu}}: the GPU needs it before it can be trusted again.',
  'gpu-recovery-action-pending.fix':
    'Drain the GPU and do what it asks: `Reset` → `sudo nvidia-smi -r -i <index>` with no process on it; `Reboot` → reboot the node; `Drain P2P` → stop peer-to-peer jobs, then reset. If it comes back, collect `sudo nvidia-bug-report.sh` and open an RMA.',

  'power-limit-below-default.title': 'Power limit below the default',
  'power-limit-below-default.message': '{{gpu}} is capped at {{limit}} W, below its default of {{default}} W: under load it runs at lower clocks than it can.',
  'power-limit-below-default.fix':
    'If nobody capped it on purpose (a power budget, noise), restore the default: `sudo nvidia-smi -pl {{default}}` (per GPU with `-i`), and check the tool or boot script that set it.',

  'application-clocks-locked.title': 'Clocks locked or application clocks lowered',
  'application-clocks-locked.message': '{{gpu}} runs with locked or lowered application clocks, so it cannot boost to its full speed.',
  'application-clocks-locked.fix': 'Reset them: `sudo nvidia-smi -rac` and `sudo nvidia-smi -rgc` (per GPU with `-i`), unless the cap is intended.',

  'mig-enabled.title': 'MIG is enabled',
  'mig-enabled.message': '{{gpu}} is split into MIG instances: a process sees one instance, not the whole GPU.',
  'mig-enabled.fix': 'Use a MIG instance UUID in `CUDA_VISIBLE_DEVICES`, or turn MIG off for whole-GPU jobs: `sudo nvidia-smi -i <index> -mig 0` (then reset the GPU).',

  'xid-reported.title': 'The driver logged Xid errors',
  'xid-reported.message': 'The kernel log holds {{count}} NVIDIA Xid event(s) (Xid {{xids}}): the driver saw a GPU or application error.',
  'xid-reported.fix':
    'Look each Xid up in NVIDIA\'s Xid catalog (docs.nvidia.com/deploy/xid-errors); application Xids (13, 31, 43) point at a program, others at the GPU or driver. Collect `sudo nvidia-bug-report.sh` if they repeat.',
}

/** Simplified Chinese finding texts; same keys and `{{param}}` names as findingsEn. */
export const findingsZh: Record<string, string> = {
  // ---- A. 驱动 / 主机
  'driver-not-loaded.title': 'NVIDIA 驱动未加载',
  'driver-not-loaded.message': 'NVIDIA 内核驱动没有运行，nvidia-smi 和 PyTorch 都无法访问 GPU。',
  'driver-not-loaded.fix':
    '为当前内核重新安装驱动（连同内核头文件：`dkms install` 或发行版的驱动包）；开启了安全启动（Secure Boot）时为模块签名或登记 MOK；屏蔽 nouveau，然后重启。在容器里：用 `--gpus all`（Docker）或 `--device nvidia.com/gpu=all`（Podman，CDI）启动。',

  'nvml-driver-library-mismatch.title': '驱动与库版本不一致',
  'nvml-driver-library-mismatch.message': '驱动的用户态库已经更新，但旧的内核模块仍在运行。',
  'nvml-driver-library-mismatch.fix': '重启机器，或停止所有 GPU 进程后重新加载 nvidia 内核模块。之后锁定驱动包版本，避免自动升级再次造成此问题。',

  'driver-too-old-for-cuda-runtime.title': '驱动版本低于 CUDA 要求',
  'driver-too-old-for-cuda-runtime.message': 'NVIDIA 驱动比 PyTorch（或该程序）编译时所用的 CUDA 版本旧。',
  'driver-too-old-for-cuda-runtime.fix':
    '把驱动升级到支持该 CUDA 的分支（CUDA 12.x 需要 R525+，CUDA 13 需要 R580+），或安装针对驱动所支持 CUDA 编译的 PyTorch：`{{install}}`。',

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
    '从与驱动匹配的源安装支持 CUDA 的 PyTorch：`{{install}}`。之后用这个 Python 运行你的代码，并在依赖文件中固定该源。',

  'gpu-arch-not-in-wheel.title': '当前 PyTorch 不支持这块 GPU',
  'gpu-arch-not-in-wheel.message': '安装的 PyTorch 没有为这块 GPU 的计算能力（compute capability）编译内核。',
  'gpu-arch-not-in-wheel.fix':
    '安装带有该 GPU 内核的 PyTorch：`{{install}}`；若 GPU 比当前版本支持的更旧，请固定较旧的 PyTorch；自定义扩展用 `TORCH_CUDA_ARCH_LIST` 重新编译。',

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
    '从同一个源一起重装：`{{install}}`。',

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
    '把 torch 连同依赖重新装进同一个环境：`{{install}}`；不要用 `--no-deps`，避免 lib/lib64 两个 site-packages 分开安装。',

  'cudnn-shadowed-by-system-copy.title': '另一份 cuDNN 可能覆盖了 PyTorch 自带的',
  'cudnn-shadowed-by-system-copy.message':
    '加载器能找到一份与 PyTorch 编译时不同的 cuDNN（系统包或 LD_LIBRARY_PATH 中），它可能会代替 PyTorch 自带的那份被加载。',
  'cudnn-shadowed-by-system-copy.fix':
    '为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉 CUDA/cuDNN 目录，或卸载/升级系统 cuDNN。collect_env 只列出磁盘上的文件；`python -c "import torch;print(torch.backends.cudnn.version())"` 才显示实际加载的版本。',

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
  'host-device-transfer-bound.message': '主机与 GPU 之间的 PCIe 流量为 {{pcie}} MB/s，而 GPU 只有 {{sm}}% 的时间在工作：任务在等数据拷贝。',
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

  'windows-dll-load-failure.title': 'Windows DLL 加载失败',
  'windows-dll-load-failure.message': 'Windows 无法加载 torch 的某个 DLL 或它的依赖。',
  'windows-dll-load-failure.fix':
    '安装最新的 Microsoft Visual C++ x64 运行库，然后反复执行 `pip uninstall torch` 直到卸干净，再从官方源重装一个版本；把多余的 CUDA/cuDNN 目录从 PATH 中去掉。',

  // ---- 产品自身的检查
  'torch-not-installed.title': '未安装 PyTorch',
  'torch-not-installed.message': '在 {{python}} 中执行 `import torch` 失败：{{error}}',
  'torch-not-installed.fix':
    '安装 PyTorch：`{{install}}`，或用装有 torch 的 Python 运行 GPU Doctor。',

  'driver-too-old-for-pytorch.title': '驱动太旧，没有能用的 PyTorch',
  'driver-too-old-for-pytorch.message':
    '驱动最高只支持 CUDA {{driverCuda}}，比 GPU Doctor 所知的每个 PyTorch CUDA 版本都旧（最旧的也需要 CUDA {{minCuda}}）。',
  'driver-too-old-for-pytorch.fix': '先把 NVIDIA 驱动升级到当前分支，再安装 PyTorch：`{{install}}`。',

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
  'wheel-library-loaded-from-elsewhere.fix': '让 torch 使用自带的库：为 PyTorch 进程从 `LD_LIBRARY_PATH` 中去掉 {{dir}}（或只为需要工具包的程序设置它）。',

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

  'gpu-power-capped-under-load.title': '满载时频率被功耗上限限制',
  'gpu-power-capped-under-load.message': '在这一刻意打满的负载下，GPU 达到了功耗上限（{{limit}} W）并把频率维持在该水平（软件功耗上限）。数据中心 GPU 本就如此设计。',
  'gpu-power-capped-under-load.fix':
    '无需修复。只有当上限低于默认值时（`nvidia-smi -q -d POWER`：比较 "Current Power Limit" 与 "Default Power Limit"），才用 `nvidia-smi -pl <默认值>` 恢复。',

  'host-gpu-problem.title': '主机 GPU 有问题',
  'host-gpu-problem.message': '{{message}}',
  'host-gpu-problem.fix': '先解决主机上的问题（见 nvidia-smi 状态）：nvidia-smi 用不了的 GPU，PyTorch 也用不了。',

  'probe-failed.title': 'PyTorch 检查失败',
  'probe-failed.message': 'PyTorch 检查无法运行：{{reason}}',
  'probe-failed.fix': '自己运行详情中显示的 Python 命令，查看报错信息。',

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
}
