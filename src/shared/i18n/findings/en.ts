// English texts of the findings catalogue (./index.ts): `<id>.title`, `<id>.message`, `<id>.fix`;
// a message or fix may use `{{param}}`. The ids written here (with those of ../env-findings.ts) are the type
// FindingId: the failure modes of shared/reference/failure-modes.md plus the product's own checks.
// Commands, flags, package names and identifiers stay untranslated in every language.

import { envFindingsEn } from '../env-findings'

/** A venv on Debian or Ubuntu needs python3-venv, which a stock install lacks: said where the install command makes one (renderFinding keeps [[venv]] sections only then). */
const VENV_NOTE_EN = '[[venv]] On Debian and Ubuntu, making a venv needs the venv module, which a stock install lacks (`ensurepip is not available`): install it first with `sudo apt install python3-venv`.[[/venv]]'

// Object.assign, not `...envFindings` inside the literal: V8 builds a literal that holds a spread one
// property at a time (about 3 ms at every start of the CLI); the keys keep the same order.
/** English finding texts, keyed `<id>.title|message|fix`. */
export const findingsEnTexts = Object.assign({}, {
  // ---- A. Driver / host
  'driver-not-loaded.title': 'NVIDIA driver not loaded',
  'driver-not-loaded.message': 'The NVIDIA kernel driver is not running, so nvidia-smi and PyTorch cannot reach the GPU.',
  'driver-not-loaded.fix':
    'Reinstall the driver for the running kernel (with its headers: `dkms install` or the distro driver package), sign it or enrol the MOK if Secure Boot is on, blacklist nouveau, then reboot. In a container: start it with `--gpus all` (Docker) or `--device nvidia.com/gpu=all` (Podman, CDI).',

  'no-nvidia-gpu.title': 'No NVIDIA GPU on this machine',
  'no-nvidia-gpu.message':
    "[[route:none]]This machine has no NVIDIA GPU to reach: none of the {{devices}} devices on its PCI bus ({{root}}) is NVIDIA's (vendor 0x10de), and there is no /dev/nvidia* device. That, not the driver, is why nvidia-smi and PyTorch find no GPU.[[/route]][[route:paste]]Perhaps this machine has no NVIDIA GPU at all: the message (\"Found no NVIDIA driver\", \"couldn't communicate with the NVIDIA driver\", Docker's \"could not select device driver\", WSL's \"no adapters were found\") is also what a machine without any NVIDIA GPU says (a CPU-only server, a laptop with only an Intel or AMD GPU): then installing a driver or a container toolkit cannot help.[[/route]]",
  'no-nvidia-gpu.fix':
    'Run GPU Doctor where the GPU is: on the GPU server itself (`gpu-doctor diagnose`, or `gpu-doctor serve` there and open it through an SSH tunnel), on a cloud instance type that has a GPU, or in a virtual machine the GPU is passed through to. Installing or reloading a driver here cannot help.',

  'driver-older-than-gpu.title': 'Driver older than the GPU',
  'driver-older-than-gpu.message':
    'The NVIDIA GPU at {{address}} ({{gpu}}, PCI ID 10de:{{deviceId}}) is on the PCI bus, but driver {{driver}} does not run it: the driver predates the GPU. The first driver that runs it is {{minimum}} (source: {{source}}). nvidia-smi and PyTorch do not see this GPU.',
  'driver-older-than-gpu.fix':
    'Install driver {{minimum}} or newer, then reboot. `sudo dmesg | grep -i NVRM` shows what the driver itself said about this GPU.',

  'driver-dropped-gpu-architecture.title': "Driver too new for the GPU's architecture",
  'driver-dropped-gpu-architecture.message':
    'The NVIDIA GPU at {{address}} ({{gpu}}, PCI ID 10de:{{deviceId}}) is on the PCI bus, but driver {{driver}} does not run it: R{{lastBranch}} is the last driver branch for {{arch}} GPUs (source: {{source}}). nvidia-smi and PyTorch do not see this GPU.',
  'driver-dropped-gpu-architecture.fix':
    "Install a driver of the R{{lastBranch}} branch (NVIDIA's legacy branch for {{arch}}; on Ubuntu the `nvidia-driver-{{lastBranch}}` package, where the release has it), then reboot. One driver runs every GPU of a machine, so a GPU here that needs a newer branch cannot run beside this one. `sudo dmesg | grep -i NVRM` shows what the driver itself said about this GPU.",

  'gpu-on-bus-not-listed-by-driver.title': 'A GPU on the PCI bus that the driver does not run',
  'gpu-on-bus-not-listed-by-driver.message':
    "The NVIDIA GPU at {{address}} ({{gpu}}, PCI ID 10de:{{deviceId}}) is on the PCI bus with no driver bound, and driver {{driver}} does not list it: nvidia-smi and PyTorch do not see it. GPU Doctor's tables give no reason (they say this driver runs it, or they do not know the GPU).",
  'gpu-on-bus-not-listed-by-driver.fix':
    'Run `sudo dmesg | grep -i NVRM`: the driver writes there why it did not take a GPU. Check also that the GPU is not excluded on purpose (`NVreg_ExcludedGpus` in /etc/modprobe.d). A GPU newer than the driver needs a newer driver.',

  'nvml-driver-library-mismatch.title': 'Driver/library version mismatch',
  'nvml-driver-library-mismatch.message':
    "The driver's user-space libraries were updated, but the old kernel module is still loaded.",
  'nvml-driver-library-mismatch.fix':
    'Reboot, or stop every GPU process and reload the nvidia kernel modules. Then hold the driver packages so unattended upgrades cannot do it again.',

  'driver-too-old-for-cuda-runtime.title': 'Driver too old for this CUDA build',
  'driver-too-old-for-cuda-runtime.message':
    'The NVIDIA driver is older than the CUDA version PyTorch (or this program) was built with.',
  'driver-too-old-for-cuda-runtime.fix':
    'Upgrade the driver to a branch that supports that CUDA (CUDA 12.x needs R525+, CUDA 13 needs R580+), or install a PyTorch wheel built for a CUDA the driver supports: `{{install}}`.' + VENV_NOTE_EN,

  'driver-library-not-visible.title': 'The program did not reach the driver',
  'driver-library-not-visible.message':
    'CUDA said the driver is too old, but the program did not load this driver\'s library (libcuda): e.g. it ran in a container started without the GPU, or libcuda is missing from its loader path. The details give the facts of the paste that point here (a driver new enough for the CUDA the program uses, or no driver tools where it ran).',
  'driver-library-not-visible.fix':
    'Run the program where nvidia-smi works: start its container with `--gpus all` (Docker) or `--device nvidia.com/gpu=all` (Podman, CDI); on the host, check `ldconfig -p | grep libcuda.so.1` and remove any `stubs` or `compat` directory from `LD_LIBRARY_PATH`. Do not downgrade CUDA or upgrade the driver for this.',

  'driver-insufficient-undecided.title': 'Driver too old, or the program did not reach it: the paste does not say which',
  'driver-insufficient-undecided.message':
    'CUDA said the driver is insufficient for the CUDA runtime. That means one of these causes, most likely first: {{causes}}. The paste does not state both the driver\'s CUDA and the CUDA the program was built with, nor whether the program ran where the driver is.',
  'driver-insufficient-undecided.fix':
    'Tell them apart where the program runs: `nvidia-smi` (its "CUDA Version" is the newest CUDA the driver runs) and `python -c "import torch; print(torch.version.cuda)"`. The program\'s CUDA is newer: upgrade the driver or install a wheel for the driver\'s CUDA. It is not newer, or nvidia-smi is missing there: the program does not reach the driver (`ldconfig -p | grep libcuda.so.1`; a container needs `--gpus all`).',

  'no-kernel-image-undecided.title': 'No kernel image: PyTorch\'s build or an extension',
  'no-kernel-image-undecided.message':
    'CUDA found no kernel image for this GPU. That means one of these causes, most likely first: {{causes}}. The paste does not name both the PyTorch build and the GPU, nor PyTorch saying the GPU is not compatible.',
  'no-kernel-image-undecided.fix':
    'Tell them apart: `python -c "import torch; print(torch.__version__, torch.cuda.get_arch_list(), torch.cuda.get_device_capability())"`. The GPU\'s sm_XY (or a compute_ below it) is missing from the list: install a PyTorch build for this GPU. It is in the list: the kernel belongs to an extension in the traceback; rebuild that for this GPU.',

  'device-handle-undecided.title': 'nvidia-smi cannot reach a GPU: cause not singled out',
  'device-handle-undecided.message':
    '"Unable to determine the device handle" with "Unknown Error" means one of these causes, most likely first: {{causes}}. The paste has no line that singles one out (an Xid 79 or "fallen off the bus", a driver/library version mismatch, WSL with TCC and WDDM GPUs).',
  'device-handle-undecided.fix':
    'Tell them apart: `sudo dmesg | grep -iE "NVRM|Xid"` (Xid 79 or "fallen off the bus": the GPU left the bus), `cat /proc/driver/nvidia/version` against `nvidia-smi`\'s library version (different: reboot to load the new driver), and under WSL `nvidia-smi.exe -q | findstr /i "Driver Model"` on Windows (a TCC GPU beside WDDM ones).',

  'libcuda-missing-undecided.title': 'libcuda.so.1 missing: no driver where the program ran',
  'libcuda-missing-undecided.message':
    'libcuda.so.1 is the NVIDIA driver\'s own library, never part of a PyTorch or CUDA package: reinstalling them cannot help. Where the program ran there was no driver library; one of these causes, most likely first: {{causes}}.',
  'libcuda-missing-undecided.fix':
    'Tell them apart where the program runs: `ls /.dockerenv` (present: a container, start it with `--gpus all` or `--device nvidia.com/gpu=all`), `nvidia-smi` (missing or failing on the host: install or load the driver), `uname -r` (ends in microsoft-standard-WSL2: add /usr/lib/wsl/lib to the loader path).',

  'no-driver-or-gpu-undecided.title': 'No NVIDIA driver reached: no driver, or no NVIDIA GPU',
  'no-driver-or-gpu-undecided.message':
    'The message says no NVIDIA driver answered. That means one of these causes, most likely first: {{causes}}. The paste shows nothing that tells them apart (an NVIDIA GPU on the PCI bus, a /dev/nvidia* device, nvidia-smi working, where the program ran).',
  'no-driver-or-gpu-undecided.fix':
    'Tell them apart where the program runs: `lspci | grep -i nvidia` (nothing: there is no NVIDIA GPU here, run on a machine that has one), `nvidia-smi` and `lsmod | grep nvidia` (a GPU but no module: install or load the driver). In a Slurm job, `echo $CUDA_VISIBLE_DEVICES` (empty: request a GPU with `--gres=gpu:1` or `--gpus=1`); in a container, `ls /dev/nvidia*` (none: start it with `--gpus all`).',

  'docker-gpu-undecided.title': 'Docker found no GPU driver: no GPU support in Docker, or no NVIDIA GPU',
  'docker-gpu-undecided.message':
    'Docker answered `--gpus` with no device driver. That means one of these causes, most likely first: {{causes}}. The paste shows nothing that tells them apart (an NVIDIA GPU named, lspci, nvidia-smi working on the host).',
  'docker-gpu-undecided.fix':
    'On the host, run `nvidia-smi` (or `lspci | grep -i nvidia`). A GPU listed: install the NVIDIA Container Toolkit, then `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`. No NVIDIA GPU: a GPU container cannot run on this machine; run it where there is one, or without `--gpus`.',

  'wsl-no-adapters-undecided.title': 'WSL gave Linux no GPU: WSL 1, or no NVIDIA GPU',
  'wsl-no-adapters-undecided.message':
    'nvidia-container-cli found no GPU adapter in WSL. That means one of these causes, most likely first: {{causes}}. The paste does not say which WSL version runs the distribution nor whether the machine has an NVIDIA GPU.',
  'wsl-no-adapters-undecided.fix':
    'In Windows, run `wsl -l -v` (VERSION 1: convert with `wsl --set-version <distro> 2`) and `nvidia-smi` in PowerShell (no GPU listed: this machine has no NVIDIA GPU or no Windows driver for it; install the Windows driver, never a Linux one inside WSL).',

  'no-device-undecided.title': 'No CUDA device seen: hidden, or none given to the job',
  'no-device-undecided.message':
    'The process saw no CUDA device. That means one of these causes, most likely first: {{causes}}. The paste does not show CUDA_VISIBLE_DEVICES nor what the job was allocated.',
  'no-device-undecided.fix':
    'Tell them apart inside the job: `echo $CUDA_VISIBLE_DEVICES` (empty or an index that is not there: unset it or use indices from `nvidia-smi -L`) and `nvidia-smi -L` (no GPU listed: the job got none; request one with `--gres=gpu:1` / `--gpus=1`, or `nvidia.com/gpu: 1` in Kubernetes).',

  'extension-built-for-other-torch.title': 'Extension built for another PyTorch',
  'extension-built-for-other-torch.message':
    '{{library}} lacks the PyTorch symbol {{symbol}}: this compiled extension (flash-attn, xformers, torch-scatter, mmcv …) was built against a different PyTorch version than the one installed, whose C++ interface differs.',
  'extension-built-for-other-torch.fix':
    'Install the extension\'s build for the installed torch (`python -c "import torch; print(torch.__version__)"`; wheels name it, e.g. `+pt21cu118` or `torch2.1`), or rebuild it against this torch (`pip install --no-build-isolation --force-reinstall --no-cache-dir <package>`), or install the torch it was built for.',

  'job-without-gpu.title': 'The job was given no GPU',
  'job-without-gpu.message':
    'The program ran inside a scheduler job (Slurm, Kubernetes) that was not allocated a GPU: the node may have GPUs and a driver, but the job sees no GPU device, so nvidia-smi and CUDA find none.',
  'job-without-gpu.fix':
    'Request a GPU for the job: Slurm `srun --gres=gpu:1 …` or `#SBATCH --gpus=1` (and a GPU partition), Kubernetes `resources.limits: nvidia.com/gpu: 1`. Inside the job, `echo $CUDA_VISIBLE_DEVICES` and `nvidia-smi -L` show what it got.',

  'wsl1-has-no-gpu.title': 'WSL 1 has no GPU',
  'wsl1-has-no-gpu.message': 'The program runs under WSL 1, which gives Linux no access to the GPU: CUDA in WSL needs WSL 2, whatever driver Windows has.',
  'wsl1-has-no-gpu.fix':
    'Convert the distribution to WSL 2 (`wsl --set-version <distro> 2`, `wsl -l -v` to check), keep the NVIDIA driver on Windows only, and do not install a Linux driver inside WSL.',

  'library-missing-for-package.title': 'A CUDA library is missing for {{package}}',
  'library-missing-for-package.message':
    '{{package}} could not load {{library}}. Unlike PyTorch wheels, it does not bring its own copy: the library must be installed where the loader finds it.',
  'library-missing-for-package.fix':
    'Install the CUDA/cuDNN version {{package}} was built for (its pip extras, `pip install nvidia-cudnn-cuXX`, or the system package) and put its lib directory on `LD_LIBRARY_PATH`; PyTorch itself does not need to change.',

  'extension-arch-missing.title': 'Kernel missing for this GPU outside PyTorch',
  'extension-arch-missing.message':
    'The missing kernel image comes from a compiled extension or another CUDA library the program loaded, not from PyTorch\'s own build (the details say what shows it: PyTorch\'s build has code for this GPU).',
  'extension-arch-missing.fix':
    'Find the extension in the traceback and rebuild it for this GPU (`TORCH_CUDA_ARCH_LIST` with its compute capability, then reinstall it without build isolation), or install a build of it made for {{arch}}.',

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
    'Install a CUDA build of PyTorch from the index that matches your driver: `{{install}}`. Then run your code with that Python, and pin the index in your requirements.' + VENV_NOTE_EN,

  'gpu-arch-not-in-wheel.title': 'GPU not supported by this PyTorch build',
  'gpu-arch-not-in-wheel.message': "The installed PyTorch has no kernels for this GPU's compute capability.",
  'gpu-arch-not-in-wheel.fix':
    'Install a PyTorch build with kernels for this GPU: `{{install}}`; for a GPU older than the current wheels support, pin an older PyTorch; rebuild extensions with `TORCH_CUDA_ARCH_LIST`.' + VENV_NOTE_EN,

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
    'Reinstall them together from one index: `{{install}}`.' + VENV_NOTE_EN,

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
    'Reinstall torch with its dependencies into one environment: `{{install}}`; avoid `--no-deps` and split lib/lib64 site-packages.' + VENV_NOTE_EN,

  'cudnn-shadowed-by-system-copy.title': "Another cuDNN may shadow PyTorch's",
  'cudnn-shadowed-by-system-copy.message':
    "A cuDNN other than the one PyTorch was built with [[route:none]]is where the loader can find it (a system package or LD_LIBRARY_PATH), and it can be loaded instead of the bundled copy.[[/route]][[route:ld-preload]]is named in `LD_PRELOAD`, which loads it before anything else, so it wins over the wheel's copy whatever LD_LIBRARY_PATH or RUNPATH say. [[/route]][[route:ld-library-path]]was found through `LD_LIBRARY_PATH`, which the loader searches before torch's RUNPATH. [[/route]][[route:system]]was found on the system library path (ld.so.conf, the ldconfig cache). [[/route]][[route:runpath]]was found through a RUNPATH (a conda environment's or another package's lib directory). [[/route]]",
  'cudnn-shadowed-by-system-copy.fix':
    '[[route:none]]Remove CUDA/cuDNN directories from `LD_LIBRARY_PATH` for PyTorch, or remove/upgrade the system cuDNN. [[/route]][[route:ld-preload]]Take that cuDNN out of `LD_PRELOAD` (`unset LD_PRELOAD`, or drop the entry where it is set: shell profile, job script, container ENV); LD_LIBRARY_PATH is not the route here. [[/route]][[route:ld-library-path]]Remove its directory from `LD_LIBRARY_PATH` for PyTorch processes (or set it only for the program that needs it). [[/route]][[route:system]]Remove or upgrade the system cuDNN package, or take its directory out of `/etc/ld.so.conf.d` and run `sudo ldconfig`. [[/route]][[route:runpath]]Reinstall torch with its pip dependencies in a clean environment so that its own RUNPATH finds the matching cuDNN (`pip install --force-reinstall torch`). [[/route]]collect_env only lists files on disk; `python -c "import torch;print(torch.backends.cudnn.version())"` shows the one actually loaded.',

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
    'PCIe carries {{pcie}} MB/s between host and GPU ({{linkShare}} % of what the link carries one way: {{link}}; "?" where it is not known), the utilisation counter at {{sm}} %: the job waits for copies.',
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

  'watch-job-ended.title': 'The job ended during the watch',
  'watch-job-ended.message':
    'The watched process ended ({{state}}) {{after}} s into the watch. What it did before then is judged; its last second (the exit) is left out.',
  'watch-job-ended.fix': 'If it was not meant to stop, read its output or exit status; watch a job that keeps running for the whole watch.',

  'watch-not-enough-samples.title': 'Too few samples for a verdict',
  'watch-not-enough-samples.message': 'Too few GPU samples were taken from the job for a verdict: {{samples}}, where a verdict needs {{min}}.',
  'watch-not-enough-samples.fix': 'Watch again for longer (`--seconds 30`), while the job is in its steady state (after start-up, before it ends).',

  'main-thread-cpu-bound.title': 'The training process computes on the CPU',
  'main-thread-cpu-bound.message':
    'One thread of the job ({{threadName}}) is busy {{thread}} % of the time while the GPU is nearly idle ({{sm}} % busy): the work is CPU work in the main process, such as decoding, augmenting or collating data, not kernel launches.',
  'main-thread-cpu-bound.fix':
    'Move data preparation out of the training loop: a DataLoader with `num_workers` > 0 (and `persistent_workers=True`), or do the transforms on the GPU; profile the thread with `py-spy top --pid <pid>` to see which function holds it.',

  'gpu-sms-mostly-idle.title': 'Kernels keep few SMs busy',
  'gpu-sms-mostly-idle.message':
    'The utilisation counter reads {{counter}} % (a kernel was running), but NVML GPM shows the SMs active only {{smActive}} % of the time and occupancy {{occupancy}} %: the kernels are too small or too few blocks to fill the GPU.',
  'gpu-sms-mostly-idle.fix':
    'Give each kernel more work: a larger batch, `torch.compile` to fuse small operations, mixed precision; for a custom kernel, launch more blocks (at least a few per SM).',

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

  'windows-paging-file-too-small.title': 'Windows paging file too small',
  'windows-paging-file-too-small.message':
    'Windows refused to load a DLL because its paging file (virtual memory) is too small: "[WinError 1455] The paging file is too small for this operation to complete". PyTorch\'s CUDA DLLs are large, and each worker process (DataLoader workers, several ranks) maps them again. Nothing is missing: reinstalling PyTorch or the Visual C++ runtime does not help.',
  'windows-paging-file-too-small.fix':
    'Enlarge the paging file: System Properties → Advanced → Performance Settings → Advanced → Virtual memory → Change, on the drive Python runs from (system managed, or a custom size of several times the RAM), then restart Windows. Or load fewer copies at once: fewer DataLoader workers (`num_workers`), fewer processes.',

  'windows-dll-load-failure.title': 'Windows DLL failed to load',
  'windows-dll-load-failure.message': 'Windows could not load a torch DLL or one of its dependencies.',
  'windows-dll-load-failure.fix':
    'Install the latest Microsoft Visual C++ x64 Redistributable, then `pip uninstall torch` (until none is left) and reinstall one build from the official index; remove stray CUDA/cuDNN folders from PATH.',

  // ---- Product checks
  'torch-not-installed.title': 'PyTorch not installed',
  'torch-not-installed.message': '`import torch` failed in {{python}}: {{error}}',
  'torch-not-installed.fix':
    'Install PyTorch: `{{install}}`, or run GPU Doctor with the Python that has torch.' + VENV_NOTE_EN,

  'driver-too-old-for-pytorch.title': 'Driver too old for any PyTorch build',
  'driver-too-old-for-pytorch.message':
    'The driver supports CUDA {{driverCuda}} at most, older than every CUDA build of PyTorch GPU Doctor knows (the oldest needs CUDA {{minCuda}}).',
  'driver-too-old-for-pytorch.fix': 'Upgrade the NVIDIA driver to a current branch first, then install PyTorch: `{{install}}`.' + VENV_NOTE_EN,

  'gpu-not-visible-to-torch.title': 'PyTorch sees no GPU',
  'gpu-not-visible-to-torch.message':
    'PyTorch is built with CUDA, but `torch.cuda.is_available()` is False. GPUs on the host: {{hostGpus}}.',
  'gpu-not-visible-to-torch.fix':
    'Check that `nvidia-smi` works, that `CUDA_VISIBLE_DEVICES` is unset or valid, and that a container was started with `--gpus all` (Docker) or `--device nvidia.com/gpu=all` (Podman). `python -c "import torch;torch.cuda.init()"` prints the reason.',

  'fewer-devices-than-host.title': 'PyTorch sees fewer GPUs than the host',
  'fewer-devices-than-host.message': 'PyTorch sees fewer GPUs than nvidia-smi lists: {{torchCount}} of {{hostCount}}.',
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

  'same-as-step.title': 'Same cause as step {{step}}',
  'same-as-step.message': 'Step {{step}} found this already: “{{findingTitle}}”. It is said once, there; this step’s results are what it causes.',
  'same-as-step.fix': 'See step {{step}}: its fix fixes this step too.',

  'cudnn-disabled-by-option.title': 'cuDNN switched off by this run\'s option',
  'cudnn-disabled-by-option.message':
    'This run was made with "Run with cuDNN switched off" (`--disable-cudnn`): GPU Doctor set `torch.backends.cudnn.enabled = False` itself, to show what a broken cuDNN looks like. Steps 2 and 5 fail because of the option, not because of your setup or code.',
  'cudnn-disabled-by-option.fix': 'Nothing to change in your code. Run the diagnosis again without "Run with cuDNN switched off" to check cuDNN itself.',

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
    'Let torch use its own copy: [[route:none]]remove {{dir}} from `LD_LIBRARY_PATH` for PyTorch processes (or set it only for the program that needs the toolkit).[[/route]][[route:ld-library-path]]remove {{dir}} from `LD_LIBRARY_PATH` for PyTorch processes (or set it only for the program that needs the toolkit).[[/route]][[route:ld-preload]]take {{name}} out of `LD_PRELOAD` (`unset LD_PRELOAD`, or drop the entry where it is set).[[/route]][[route:system]]{{dir}} is on the system library path: take it out of `/etc/ld.so.conf.d` and run `sudo ldconfig`, or remove that package.[[/route]][[route:runpath]]reinstall torch with its pip dependencies in a clean environment (`pip install --force-reinstall torch`).[[/route]]',

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

  'p2p-unavailable.title': 'GPUs cannot reach each other\'s memory directly (P2P)',
  'p2p-unavailable.message':
    'CUDA peer access is off between GPU pairs {{pairs}}: copies and NCCL between them go through host memory. Checked: virtual machine {{vm}}; {{iommu}}.',
  'p2p-unavailable.fix':
    'Across CPU sockets (SYS) this is how many platforms work. On a PCIe switch (PIX/PXB) or NVLink it is not: disable ACS on the switch ports (`setpci` / BIOS "ACS"), boot with `iommu=pt` (or turn the IOMMU off), and in a VM pass the GPUs with their switch and P2P enabled by the hypervisor. Check with `nvidia-smi topo -p2p r`.',

  'nvlink-link-down.title': 'NVLink links down',
  'nvlink-link-down.message': 'GPU {{gpu}} has NVLink links down: {{inactive}} inactive, {{active}} active (`nvidia-smi nvlink -s`): traffic to its peers runs on fewer links.',
  'nvlink-link-down.fix':
    'Check `nvidia-smi nvlink -e` for errors and `nvidia-smi -q | grep -A3 Fabric` on NVSwitch systems (Fabric Manager running, matching the driver); reset the GPU or reboot; if the link stays down, it is a hardware or cabling fault for the vendor.',

  'gpu-numa-mismatch.title': 'GPUs far from the CPUs this process runs on',
  'gpu-numa-mismatch.message': 'GPU {{gpus}} is attached to CPUs this process may not run on (it runs on CPUs {{cpus}}): every copy to it crosses the link between the sockets.',
  'gpu-numa-mismatch.fix': 'Start each rank on the CPUs of its GPU: `numactl --cpunodebind=<node> --membind=<node>`, torchrun\'s `--numa-binding` (recent versions) or your launcher\'s CPU binding; check the affinity in `nvidia-smi topo -m`.',

  'p2p-copy-slow.title': 'Copies between GPUs far below the link',
  'p2p-copy-slow.message': 'Copies between these GPU pairs reached less than {{percent}}% of what their link should carry: {{pairs}}.',
  'p2p-copy-slow.fix':
    'Without peer access copies go through host memory (see `p2p-unavailable`); with it, check the NVLink state (`nvidia-smi nvlink -s`), the PCIe link under load (`gpu-doctor health --under-load`) and other processes on the GPUs.',

  'nccl-collective-hang.title': 'An NCCL all-reduce did not finish',
  'nccl-collective-hang.message': 'The all-reduce across the GPUs (one process per GPU) was still running after {{seconds}} s and was stopped. NCCL\'s last lines: {{last}}. Environment: {{env}}.',
  'nccl-collective-hang.fix':
    'Run again with `NCCL_DEBUG=INFO` and read where it stops. Try `NCCL_P2P_DISABLE=1`: if it then completes, P2P is broken on this machine (ACS, IOMMU, a VM: see `p2p-unavailable`). On NVSwitch systems check Fabric Manager; in containers give enough /dev/shm (`--shm-size`).',

  'nccl-allreduce-failed.title': 'NCCL all-reduce failed',
  'nccl-allreduce-failed.message': 'The all-reduce across the GPUs failed: {{reason}}. NCCL itself said: {{warn}}. Environment: {{env}}.',
  'nccl-allreduce-failed.fix': 'NCCL\'s own WARN line names what it could not do (an interface, a transport, a peer). Where NCCL settings are listed under Environment, run once without them (`env -u NAME …`, or with the line taken out of the config file named beside it): if it then completes, that setting is the cause. Otherwise run your job with `NCCL_DEBUG=INFO` and read the same lines there.',

  'nccl-fell-back.title': 'NCCL did not use the direct links',
  'nccl-fell-back.message': 'The GPUs can reach each other directly (NVLink or a PCIe switch, peer access on), but NCCL connected them via {{transports}}. Environment: {{env}}.',
  'nccl-fell-back.fix':
    'Unset `NCCL_P2P_DISABLE` (and `NCCL_P2P_LEVEL` if it is lower than the path), in the environment or in the config file named beside it under Environment (/etc/nccl.conf, ~/.nccl.conf, $NCCL_CONF_FILE), then run again; `NCCL_DEBUG=INFO` prints "via P2P" for each channel when the direct links are used.',

  'links-slower-than-topology.title': 'NCCL slower than the links allow',
  'links-slower-than-topology.message':
    'The all-reduce reached {{busbw}} GB/s bus bandwidth; the slowest GPU\'s links carry {{expected}} GB/s per direction: {{percent}}% less, via {{transports}}. Environment: {{env}}.',
  'links-slower-than-topology.fix':
    'Look at the transport: SHM or sockets where NVLink or P2P exist (see `nccl-fell-back`, `p2p-unavailable`), links down (`nvidia-smi nvlink -s`), a PCIe link trained down (`gpu-doctor health --under-load`), other processes on the GPUs. NCCL settings listed under Environment (channels, buffer size, algorithm, protocol), from the environment or a config file, can cap the bandwidth too: run once without them.',

  'links-measured-cpu-starved.title': 'Links timed with too few CPUs',
  'links-measured-cpu-starved.message':
    'This process may run only on CPUs {{cpus}}, fewer than the {{needed}} processes the link test runs at once (the probe and one NCCL rank per GPU); the copies and the all-reduce are timed by the host\'s clock, so waiting for a CPU counts as transfer time. Measured low: {{measured}}. These figures are not put on the links.',
  'links-measured-cpu-starved.fix':
    'Give the process at least one CPU per GPU plus one (`taskset -c`, `docker run --cpuset-cpus`, Slurm `--cpus-per-task`), then run again: a figure still low then is the links\'. A training job confined the same way starves its data loaders and NCCL threads too.',

  'links-measured-while-busy.title': 'Links measured while a GPU was busy',
  'links-measured-while-busy.message':
    'GPU {{gpus}} was busy with other work ({{processes}}) while the links were measured: {{measured}} (measured / what the link carries). A collective runs at the pace of its slowest GPU and a copy shares the GPU with the other work, so these figures describe the sharing, not the links.',
  'links-measured-while-busy.fix':
    'Measure the links again when GPU {{gpus}} is free (`gpu-doctor diagnose --steps gpu-visible,gpu-links`), or only between the free GPUs with `--gpus`{{freeGpus}}.',

  'distributed-rank-straggler.title': 'One rank holds the others back',
  'distributed-rank-straggler.message':
    'Of the {{count}} ranks of this job ({{job}}), rank {{rank}} (pid {{pid}}, GPU {{gpu}}) is the one the others wait for: its GPU moved memory {{mem}}% of the time and ran kernels {{sm}}%, the others {{othersMem}}% and {{othersSm}}%. Ranks waiting in a collective show their GPU busy (NCCL spins on it) but move little memory; decided by {{by}}.',
  'distributed-rank-straggler.fix':
    'Find what rank {{rank}} does more of: work only that rank does (logging, evaluation, checkpoints on rank 0), uneven batches or sequence lengths, a slower or shared GPU (`gpu-doctor diagnose --gpus {{gpu}}`), or its input pipeline (`gpu-doctor watch --pid {{pid}}`).',

  'gpu-workload-failed.title': 'The load failed on one GPU',
  'gpu-workload-failed.message': 'The load failed on GPU {{gpu}} while the others ran it: {{reason}}',
  'gpu-workload-failed.fix': 'Read the error; run `nvidia-smi -i {{gpu}} -q` and `gpu-doctor health` for that GPU, and try the GPU alone with `CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES={{gpu}}`.',
  'timings-under-debug-mode.title': 'Timed with a debugging mode on',
  'timings-under-debug-mode.message': 'These timings were taken with {{variables}} set: a debugging mode that makes every call of this library slow (debug logging, or synchronous launches). What looked wrong ({{observed}}; GPU {{gpus}}) is most likely this mode, not cuDNN, the driver or the GPU.',
  'timings-under-debug-mode.fix': 'Unset it and run the diagnosis again: `unset {{names}}`. Keep debugging modes for debugging only; a training run with them on is slow in the same way.',
  'timings-under-slowing-variable.title': 'Timed with a variable that slows this work',
  'timings-under-slowing-variable.message': 'These timings were taken with {{variables}} set, which step 1 lists as slowing this work down. What looked slow ({{observed}}; GPU {{gpus}}) is most likely this setting, not the power limit, clocks, temperature or the GPU.',
  'timings-under-slowing-variable.fix': 'Unset it and run the diagnosis again: `unset {{names}}`. A training run with it set is slowed in the same way.',
  'conv-timings-with-other-cudnn.title': 'Convolutions timed with another cuDNN loaded',
  'conv-timings-with-other-cudnn.message': 'The convolutions ran on a cuDNN other than the one PyTorch was built with ({{paths}}; step 3), [[route:ld-preload]]brought in by `LD_PRELOAD`[[/route]][[route:ld-library-path]]found through `LD_LIBRARY_PATH`[[/route]][[route:system]]found on the system library path[[/route]][[route:runpath]]found through a RUNPATH[[/route]]. What looked slow ({{observed}}; GPU {{gpus}}) is most likely that copy, not the power limit, clocks, temperature or the GPU.',
  'conv-timings-with-other-cudnn.fix': 'Let torch load its own cuDNN ([[route:ld-preload]]take it out of `LD_PRELOAD`[[/route]][[route:ld-library-path]]remove its directory from `LD_LIBRARY_PATH`[[/route]][[route:system]]remove or upgrade the system cuDNN[[/route]][[route:runpath]]reinstall torch with its pip dependencies[[/route]][[route:none]]see step 3[[/route]]) and run the diagnosis again.',
  'gpus-measured-one-after-another.title': 'GPUs measured one after another',
  'gpus-measured-one-after-another.message': 'GPUs {{gpus}} were loaded one after another, not at once: {{setting}} enables expandable segments, and loading the GPUs from one thread each crashed with it ("an illegal memory access was encountered", 2× H100, PyTorch 2.11). Each figure is that GPU alone; a GPU that slows when its siblings work at the same time would not show here.',
  'gpus-measured-one-after-another.fix': 'Nothing to fix. To measure every GPU at the same time, run the diagnosis once without expandable_segments in {{variable}}.',

  'gpu-not-measured.title': 'A GPU was not measured',
  'gpu-not-measured.message':
    'GPU {{gpus}} was not measured: step 1 could not use it ({{reason}}). GPUs this step measured without it: {{measured}}.',
  'gpu-not-measured.fix':
    'Step 1 says what holds or broke GPU {{gpus}}; free it and run again to measure it. Meanwhile diagnose the usable GPUs alone with `gpu-doctor diagnose --gpus {{usable}}`, and run jobs on them with `{{command}} python train.py`.',

  'gpus-free-to-use.title': 'Some GPUs were free',
  'gpus-free-to-use.message': 'GPU {{busy}} was busy with another process; GPU {{free}} was free.',
  'gpus-free-to-use.fix': 'Run your job on the free GPUs: `{{command}} python train.py` (nvidia-smi\'s numbers, which CUDA_DEVICE_ORDER=PCI_BUS_ID makes CUDA use too).',

  'cuda-ordinal-unmapped.title': 'A CUDA device could not be matched to nvidia-smi',
  'cuda-ordinal-unmapped.message': 'CUDA device {{ordinals}} (CUDA_VISIBLE_DEVICES={{cvd}}) matches no GPU nvidia-smi lists by UUID: its SM%, power and other processes are not known, and its numbers are CUDA\'s, not nvidia-smi\'s.',
  'cuda-ordinal-unmapped.fix': 'Compare `nvidia-smi -L` with the UUIDs in the evidence. A MIG instance or a GPU nvidia-smi cannot see (another container, a VM) gives this; name GPUs by UUID in CUDA_VISIBLE_DEVICES.',

  'gpu-slower-than-siblings.title': 'One GPU is slower than the others of its model',
  'gpu-slower-than-siblings.message':
    'GPU {{gpu}} ({{name}}) reached {{tflops}} TFLOP/s while GPU {{siblings}} of the same model reached {{reference}} at the same time: {{percent}}% slower, more than the {{threshold}}% that the loads\' steadiness and a margin allow. Checked: {{causes}}.',
  'gpu-slower-than-siblings.fix':
    'Look at what the evidence shows for that GPU: a lower power limit (`nvidia-smi -q -d POWER`, restore with `nvidia-smi -i {{gpu}} -pl <default>`), lower clocks or thermal throttling (airflow, `nvidia-smi -q -d PERFORMANCE`), a degraded PCIe link or retired memory (`gpu-doctor health --under-load`). Until it is fixed, leave it out of jobs with CUDA_VISIBLE_DEVICES.',

  'gpu-slower-than-expected.title': 'Slower than this GPU model should be',
  'gpu-slower-than-expected.message':
    'GPU {{gpu}} ({{name}}) reached {{tflops}} TFLOP/s; GPU Doctor\'s probe measured {{expected}} on an {{model}}: {{percent}}% slower, more than the {{threshold}}% that the model\'s spread, the load\'s steadiness and a margin allow. Checked: {{causes}}.',
  'gpu-slower-than-expected.fix':
    'Go through the causes checked: another process (free the GPU), a power limit below the default (`nvidia-smi -q -d POWER`), clocks held low or thermal throttling (`nvidia-smi -q -d PERFORMANCE`, airflow), a PCIe link below its maximum or retired memory rows (`gpu-doctor health --under-load`), environment variables that change CUDA (step 1) and library versions (steps 2–3).',

  'gpu-selection-unusable.title': '--gpus names a GPU the probe cannot use',
  'gpu-selection-unusable.message':
    '`--gpus {{requested}}` asks for GPU {{unusable}} (as nvidia-smi numbers them), which the probe\'s CUDA cannot use: with CUDA_VISIBLE_DEVICES={{cvd}} it sees nvidia-smi GPU {{visible}} only.',
  'gpu-selection-unusable.fix':
    'Choose among the GPUs it sees (`--gpus {{visible}}`), or change CUDA_VISIBLE_DEVICES (unset, every GPU is visible); `nvidia-smi -L` lists the machine\'s GPUs with their indices and UUIDs.',

  'gpu-throughput-unsteady.title': 'A GPU\'s speed moved while it was measured',
  'gpu-throughput-unsteady.message':
    'GPU {{gpu}} did {{first}} TFLOP/s in the first half of the load and {{second}} in the second: {{percent}}% apart, more than the {{threshold}}% of a steady GPU. A figure that moved is not compared with what the model should reach, nor with other GPUs. Checked: {{causes}}.',
  'gpu-throughput-unsteady.fix':
    'Something changed during the load: another process starting on the GPU, throttling setting in (power, temperature), or a load too short to pass the clocks\' first ramp (`--seconds` below 2). Run the diagnosis again with `--seconds 8` while `nvidia-smi dmon -s pucv` runs beside it, and look at which column moves with the speed.',

  'gpu-far-below-datasheet.title': 'Far below this GPU model\'s datasheet',
  'gpu-far-below-datasheet.message':
    'GPU {{gpu}} ({{name}}) reached {{tflops}} TFLOP/s, {{percent}}% below {{expected}} (half of the {{datasheet}} TFLOP/s dense BF16 of the {{model}} datasheet; GPU Doctor has not measured this model itself). Checked: {{causes}}.',
  'gpu-far-below-datasheet.fix':
    'Sustained matmuls on a healthy GPU reach well over half of the datasheet figure. Go through the causes checked: another process, the power limit, clocks and temperature (`nvidia-smi -q -d POWER,PERFORMANCE`), the PCIe link and memory (`gpu-doctor health --under-load`).',

  'gpu-memory-bandwidth-low.title': 'Memory bandwidth below this GPU model',
  'gpu-memory-bandwidth-low.message':
    'A device-to-device copy on GPU {{gpu}} ({{name}}) moved {{measured}} GB/s (bytes read plus written), {{percent}}% of the {{datasheet}} GB/s of the {{model}} datasheet; below {{threshold}}% is more than a copy loses on a healthy GPU.',
  'gpu-memory-bandwidth-low.fix':
    'Check for another process using the GPU, memory clocks held low (`nvidia-smi -q -d CLOCK`), and retired or remapped memory rows (`nvidia-smi -q -d ROW_REMAPPER`, `gpu-doctor health --under-load`).',

  'host-copies-below-link.title': 'Host copies below the PCIe link',
  'host-copies-below-link.message':
    'Copies between pinned host memory and GPU {{gpu}} ran at {{h2d}} GB/s host→device and {{d2h}} GB/s device→host; its PCIe link, {{link}}, carries {{linkGBps}} GB/s per direction at its maximum, and below {{threshold}}% of that is more than the protocol costs.',
  'host-copies-below-link.fix':
    'A link running below its maximum generation or width: reseat the card or check the slot and BIOS PCIe settings (`nvidia-smi -q -d PCIE` under load). A link at its maximum: the host side (a NUMA node far from the GPU, `nvidia-smi topo -m`; other traffic on the same switch).',

  'pageable-copies-far-below-pinned.title': 'Copies from pageable memory far slower than from pinned',
  'pageable-copies-far-below-pinned.message':
    'On GPU {{gpu}}, copies from ordinary (pageable) host memory ran at {{h2dPageable}} GB/s host→device and {{d2hPageable}} GB/s device→host; from pinned memory {{h2dPinned}} and {{d2hPinned}} GB/s. A job that feeds the GPU from pageable tensors waits on these slower copies and cannot overlap them with compute.',
  'pageable-copies-far-below-pinned.fix':
    'Pin the host buffers the GPU reads: `DataLoader(..., pin_memory=True)`, or `tensor.pin_memory()`, and copy with `.to("cuda", non_blocking=True)` so the copy overlaps the compute.',

  'busy-gpu-tensor-cores-idle.title': 'Busy GPU, tensor cores idle',
  'busy-gpu-tensor-cores-idle.message':
    'On GPU {{gpu}} the SMs are active {{smActive}}% of the time (GPM), the FP32 units {{fp32Active}}% and the tensor cores {{tensor}}%, with DRAM at {{dram}}% of its bandwidth: the work computes without tensor cores, as FP32 matrix products and convolutions do with PyTorch\'s defaults (TF32 off for matmuls). On this GPU ({{model}}) the datasheet gives FP32 {{fp32}}, TF32 {{tf32}} and bf16 {{bf16}} TFLOP/s dense: TF32 up to {{tf32Times}}×, bf16 up to {{bf16Times}}× for matrix work ({{source}}).',
  'busy-gpu-tensor-cores-idle.fix':
    'Allow TF32 for FP32 matmuls: `torch.set_float32_matmul_precision("high")` at the start of the program; or run the model in bf16 with `torch.autocast("cuda", dtype=torch.bfloat16)`. Check the loss curve after the change.',

  'busy-gpu-tensor-cores-idle-model-unknown.title': 'Busy GPU, tensor cores idle',
  'busy-gpu-tensor-cores-idle-model-unknown.message':
    'On GPU {{gpu}} the SMs are active {{smActive}}% of the time (GPM), the FP32 units {{fp32Active}}% and the tensor cores {{tensor}}%, with DRAM at {{dram}}% of its bandwidth: the work computes without tensor cores, as FP32 matrix products and convolutions do with PyTorch\'s defaults (TF32 off for matmuls). How much TF32 or bf16 gains on this GPU ({{name}}) is unknown: GPU Doctor has no FP32, TF32 and bf16 figures for this model.',
  'busy-gpu-tensor-cores-idle-model-unknown.fix':
    'Allow TF32 for FP32 matmuls: `torch.set_float32_matmul_precision("high")` at the start of the program; or run the model in bf16 with `torch.autocast("cuda", dtype=torch.bfloat16)`. Check the loss curve after the change.',

  'busy-gpu-low-occupancy.title': 'Busy GPU with too few warps per SM',
  'busy-gpu-low-occupancy.message':
    'On GPU {{gpu}} the SMs are active {{smActive}}% of the time (GPM) but hold only {{occupancy}}% of the warps they could, with tensor cores at {{tensor}}% and DRAM at {{dram}}% of its bandwidth: the kernels or batches are too small for this GPU, so each SM waits on memory latency it has no other warps to hide.',
  'busy-gpu-low-occupancy.fix':
    'Give each kernel more work: a larger batch (or several small tensors stacked into one). For many small kernels, capture them once with CUDA graphs: `torch.compile(model, mode="reduce-overhead")`, or `torch.cuda.CUDAGraph` by hand.',

  'watch-no-gpm.title': 'How the busy GPU is used cannot be judged here',
  'watch-no-gpm.message':
    'GPU {{gpu}} ({{name}}) gives no GPM metrics through {{sampler}} (GPM is in NVML for Hopper and newer data-centre GPUs), so watch cannot tell whether the tensor cores work or how full the SMs are (occupancy): those verdicts are out of reach here. What NVML gave: device memory busy {{memBw}}% of the time (the share of time memory was read or written, not a share of its bandwidth), SM clock {{clock}} MHz, power {{power}} W of a {{powerLimit}} W limit.',
  'watch-no-gpm.fix':
    'Nothing to fix. For tensor-core use and occupancy on this GPU, profile a few steps with Nsight Systems or Nsight Compute (`nsys profile`, `ncu`), or `torch.profiler`.',

  'busy-gpu-memory-bound.title': 'Busy GPU waiting on memory',
  'busy-gpu-memory-bound.message':
    'GPU {{gpu}} is busy (GPM: SMs active {{smActive}}%) with DRAM at {{dram}}% of its bandwidth and tensor cores at {{tensor}}%: the kernels are elementwise or reductions that wait on memory, so more compute will not help.',
  'busy-gpu-memory-bound.fix':
    'Fuse the elementwise operations so each value is read once: `model = torch.compile(model)`; use bf16 to halve the bytes moved; a larger batch helps only where the same weights are read again.',

  'gpu-expected-unknown.title': 'No expected figures for this GPU model',
  'gpu-expected-unknown.message': 'GPU Doctor has no measured or datasheet figure for {{name}}: its TFLOP/s and timings were not compared with what this model should do.',
  'gpu-expected-unknown.fix': 'Nothing to fix. Compare with a GPU of the same model you trust, or with its datasheet.',

  'conv-slower-than-expected.title': 'Convolutions slower than this GPU model should be',
  'conv-slower-than-expected.message':
    'On GPU {{gpu}} the {{case}} convolution took {{ms}} ms with cuDNN; GPU Doctor\'s probe measured {{expected}} ms on an {{model}}: {{percent}}% slower, more than the {{threshold}}% that spread and margin allow. Checked (under step 4\'s load): {{causes}}.',
  'conv-slower-than-expected.fix':
    'Go through the causes checked (another process, power limit, clocks, temperature, PCIe link, memory); then the cuDNN version (step 2) and the libraries actually loaded (step 3).',

  'gpu-power-capped-under-load.title': 'Clocks held at the power limit under full load',
  'gpu-power-capped-under-load.message':
    'Under this deliberately maximal load the GPU drew its power limit ({{limit}} W) and held its clocks there (software power cap). That is how data-centre GPUs are designed to run.',
  'gpu-power-capped-under-load.fix':
    'Nothing to fix: this is the GPU working as designed. (Only if `nvidia-smi -q -d POWER` shows "Current Power Limit" below "Default Power Limit" was the limit lowered; the `-pl` option of nvidia-smi with the default value restores it.)',

  'host-gpu-problem.title': 'GPU problem on the host',
  'host-gpu-problem.message': '{{message}}',
  'host-gpu-problem.fix': 'Fix the host problem first (see the nvidia-smi status): PyTorch cannot use a GPU that nvidia-smi cannot.',

  'probe-failed.title': 'PyTorch check failed',
  'probe-failed.message': 'The PyTorch check could not run: {{reason}}',
  'probe-failed.fix': 'Run the Python command shown in the details yourself and read its error.',
  'probe-crashed.title': 'The PyTorch check crashed',
  'probe-crashed.message': 'The probe (Python with PyTorch) was killed by {{signal}} before it printed its report: a crash inside PyTorch or a library it loaded, an abort, or the kernel ending it. Its last lines on stderr: {{tail}}',
  'probe-crashed.fix': 'Run `python3 -c "import torch; torch.zeros(1, device=\'cuda\')"` with the same environment and read what it prints; for a segmentation fault, `gdb -batch -ex run -ex bt --args python3 -c "import torch; torch.zeros(1, device=\'cuda\')"` shows the library it crashed in. `dmesg | tail` says whether the kernel (OOM killer) ended it.',
  'probe-crashed-allocator-setting.title': 'The PyTorch check crashed with an allocator setting active',
  'probe-crashed-allocator-setting.message': 'The probe (Python with PyTorch) was killed by {{signal}} before it printed its report, with {{variable}}={{value}} set, which changes PyTorch\'s memory allocator. Its last lines on stderr: {{tail}}',
  'probe-crashed-allocator-setting.fix': 'Check {{variable}} first: run `env -u {{variable}} python3 -c "import torch; torch.zeros(1, device=\'cuda\')"`. If that works, the value is the cause: fix its options (comma-separated key:value, e.g. expandable_segments:True) or `unset {{variable}}`.',

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
  'xid-reported.message': 'The kernel log holds NVIDIA Xid events (count: {{count}}; Xid {{xids}}): the driver saw a GPU or application error.',
  'xid-reported.fix':
    'Look each Xid up in NVIDIA\'s Xid catalog (docs.nvidia.com/deploy/xid-errors); application Xids (13, 31, 43) point at a program, others at the GPU or driver. Collect `sudo nvidia-bug-report.sh` if they repeat.',

  // ---- Issue 23: live errors, import failures, the environment (env-findings.ts), the consistency check
}, envFindingsEn, {
  'cuda-error-quotes-environment.title': 'A CUDA error that quotes an environment variable',
  'cuda-error-quotes-environment.message': '{{where}} failed: {{error}} The error quotes "{{token}}", which is part of {{name}}="{{value}}" in this environment: that variable is the likely cause.',
  'cuda-error-quotes-environment.fix':
    'Run once without it (`env -u {{name}} …`); if that works, correct the value ({{name}} is described in step 1\'s environment table, with its source) or leave it unset.',

  'cuda-error-unrecognised.title': 'CUDA error GPU Doctor does not recognise',
  'cuda-error-unrecognised.message': '{{where}} failed with an error no rule knows: {{error}}',
  'cuda-error-unrecognised.fix':
    'Search for the message without your paths: "{{search}}" (PyTorch issues, NVIDIA forums). Reproduce it in the smallest program that still fails: `{{repro}}`; if that passes, add your code back step by step until it fails. Include the full error shown in the details when you report it.',

  'torch-import-wrong-python.title': 'PyTorch was installed for another Python',
  'torch-import-wrong-python.message':
    "`import torch` failed in {{python}} (Python {{pythonVersion}}): torch's compiled part is built for Python {{builtFor}} ({{extensions}}).",
  'torch-import-wrong-python.fix':
    'Run the program with the Python that torch was installed for, or reinstall torch with this one: `{{python}} -m pip install --force-reinstall torch` (a wheel exists only for the Python versions PyTorch supports).',

  'torch-import-glibc-too-old.title': 'The C library is too old for this PyTorch',
  'torch-import-glibc-too-old.message': '{{neededBy}} needs GLIBC {{required}}, but this system has {{libc}}.',
  'torch-import-glibc-too-old.fix':
    'Use a PyTorch release built for this glibc (an older release), or run on a newer OS or in a container with a newer base image; do not replace the system C library.',

  'torch-import-libstdcxx-too-old.title': 'An old libstdc++ was loaded',
  'torch-import-libstdcxx-too-old.message': '{{neededBy}} needs {{required}}, but the libstdc++ loaded first ({{library}}) is older.',
  'torch-import-libstdcxx-too-old.fix':
    'Remove the directory of that libstdc++ from `LD_LIBRARY_PATH` (often a conda env or an old toolkit) or update it (`conda install -c conda-forge libstdcxx-ng`); the system one is usually new enough.',

  'torch-import-library-missing.title': 'A library torch needs is missing',
  'torch-import-library-missing.message': '`import torch` could not load {{library}}. Searched: {{searched}}. Found at: {{foundAt}}.',
  'torch-import-library-missing.fix':
    'If it was found elsewhere, that copy is not on the loader path: reinstall torch with its pip dependencies (`pip install --force-reinstall torch`) rather than adding directories. If it was found nowhere, the nvidia-* wheel that provides it is missing: reinstall torch from the index of its CUDA build.',

  'torch-import-undefined-symbol.title': 'A torch library misses a symbol',
  'torch-import-undefined-symbol.message':
    '{{library}} needs {{symbol}}, which the copy loaded for it does not provide. CUDA libraries mapped when it failed: {{mapped}}.',
  'torch-import-undefined-symbol.fix':
    'A different copy of a library than the one torch was built with was loaded first (`LD_LIBRARY_PATH`, `LD_PRELOAD` or a toolkit directory): remove it from the loader path for PyTorch processes, or reinstall torch so its libraries match (`pip install --force-reinstall torch`).',

  'torch-import-dependency-broken.title': 'A compiled dependency of torch refuses to load',
  'torch-import-dependency-broken.message': '`import torch` failed in {{python}} because {{dependency}} cannot be loaded (it was built against another version).',
  'torch-import-dependency-broken.fix':
    'Install the {{dependency}} version this torch supports (for NumPy 2 errors with an older torch: `pip install "numpy<2"`), or upgrade torch; then import again.',

  'torch-import-dependency-missing.title': 'A Python package torch needs is missing',
  'torch-import-dependency-missing.message': '`import torch` failed in {{python}}: the module {{module}} is not installed. PyTorch itself is installed.',
  'torch-import-dependency-missing.fix': 'Install it into the same environment: `{{python}} -m pip install {{module}}` (or reinstall torch to bring all its dependencies).',

  'torch-import-permission-denied.title': 'No permission to load torch',
  'torch-import-permission-denied.message': '`import torch` in {{python}} was refused access to {{path}}.',
  'torch-import-permission-denied.fix':
    'Make the files readable for your user (`ls -l` the path; `chmod -R a+rX` on the environment), or, when the message is "failed to map segment", move the environment off a `noexec` mount.',

  'verdict-lowered-by-consistency-check.title': 'Verdict lowered: the evidence disagreed',
  'verdict-lowered-by-consistency-check.message': 'GPU Doctor lowered this verdict because its own checks disagreed ({{rule}}): {{detail}}',
  'verdict-lowered-by-consistency-check.fix':
    "Read this step's evidence and the other steps'; run the diagnosis again. If it repeats, please report it with the saved diagnosis: GPU Doctor's own checks disagreed.",
})
