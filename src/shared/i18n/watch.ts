// Texts of `gpu-doctor watch` and the app's Watch dialog (i18next namespace 'watch'): the verdict
// headline with its numbers, the evidence labels and the reasons a watch cannot run.

export const watchEn = {
  'verdict.healthy': 'Healthy: the GPU is busy {{sm}} % of the time (70 % or more is the GPU doing the work).',
  'verdict.gpuShared':
    'The GPU is shared: the job keeps it busy only {{job}} % of the time while other processes keep it busy {{others}} % ({{processes}}).',
  'verdict.inputBoundWorkers': 'Input-bound: the GPU is busy only {{sm}} % of the time while its {{workers}} worker process(es) (DataLoader workers) use {{workersCpu}} % CPU, the busiest runnable {{worker}} % of the time: data loading cannot keep up.',
  'verdict.inputBoundMain':
    'Input-bound: the GPU is busy only {{sm}} % of the time (idle in {{idle}} % of samples) while the main process is busy on the CPU at {{main}} % (several threads) with no worker processes: data is prepared in the training process (num_workers=0).',
  'verdict.launchBound':
    'The GPU waits on the Python side: it is busy only {{sm}} % of the time while one thread is busy {{thread}} % of the time (running or waiting for a CPU) and no data-loading worker is (many small kernels launched one by one, or a CUDA synchronisation in the loop).',
  'verdict.transferBound': 'Transfer-bound: {{pcie}} MB/s cross PCIe while the GPU is busy only {{sm}} % of the time.',
  'verdict.cpuOversubscribed':
    'CPU oversubscribed: the job may use {{limit}} CPUs and was throttled {{throttled}} % of the time, while the GPU is busy only {{sm}} % of the time.',
  'verdict.waitsElsewhere': 'The GPU is busy only {{sm}} % of the time, and neither the job\'s CPU nor PCIe explains the wait.',
  'label.gpus': 'GPUs',
  'label.sm': 'SM busy (mean)',
  'label.idle': 'Samples with the GPU idle (SM < 10 %)',
  'label.memBw': 'Memory bandwidth (mean)',
  'label.pcie': 'PCIe rx + tx (mean)',
  'label.gpuMemory': 'GPU memory of the job',
  'label.jobSm': 'SM busy with the job\'s own processes (mean)',
  'label.others': 'Other processes on the GPU',
  'value.noOthers': 'none',
  'label.mainCpu': 'Main process CPU (all threads)',
  'label.busiestThread': 'Busiest thread',
  'label.workers': 'Worker processes',
  'label.cgroup': 'CPU limit (cgroup)',
  'value.workers': '{{count}}, {{percent}} % CPU together, busiest {{busiest}} %',
  'value.noWorkers': 'none',
  'value.mainCpu': '{{percent}} % (threads: {{threads}}; runnable {{runnable}} %)',
  'value.thread': '{{name}} (tid {{tid}}) {{percent}} %, runnable {{runnable}} %',
  'value.cgroup': '{{limit}} CPUs, throttled {{throttled}} % of the time',
  'value.unlimited': 'none',
  'title': 'Watching PID {{pid}} ({{command}}) for {{seconds}} s on GPU {{gpus}} · {{sampler}}',
  'note.sm': 'SM busy is the share of time a kernel was running, not how much of the GPU it used. Runnable is running or waiting for a CPU: what a thread wanted.',
  'progress': 'Watching PID {{pid}}: {{elapsed}} / {{seconds}} s, SM now {{sm}} %',
  'fixes': 'What to do:',
  'error.pidNotFound': 'There is no process with PID {{pid}} on this machine.',
  'error.notOnGpu':
    'PID {{pid}} ({{command}}) and its child processes hold no GPU context: nvidia-smi lists {{count}} compute process(es), none of them this job. In a container without the host PID namespace nvidia-smi shows no processes; watch from the host.',
  'error.noSamples': 'nvidia-smi dmon gave no sample for GPU {{gpus}} in {{seconds}} s.',
  'error.noEngine': 'Cannot reach the Docker engine to find container {{name}}: {{reason}}',
  'error.noContainer': 'There is no container named {{name}} on this Docker engine.',
  'error.containerNotRunning': 'Container {{name}} is not running (state: {{state}}).',
  'error.notLinux': 'watch reads /proc, so it runs on Linux only.',
} as const

export type WatchKey = keyof typeof watchEn

export const watchZh: Record<WatchKey, string> = {
  'verdict.healthy': '正常：GPU 有 {{sm}}% 的时间在工作（70% 及以上说明工作确实在 GPU 上）。',
  'verdict.gpuShared': 'GPU 被共享：任务只让它有 {{job}}% 的时间在工作，而其他进程占用了 {{others}}%（{{processes}}）。',
  'verdict.inputBoundWorkers': '受输入限制：GPU 只有 {{sm}}% 的时间在工作，而它的 {{workers}} 个 worker 进程（DataLoader 的 worker）共占用 {{workersCpu}}% CPU，最忙的一个有 {{worker}}% 的时间处于可运行状态：数据加载跟不上。',
  'verdict.inputBoundMain':
    '受输入限制：GPU 只有 {{sm}}% 的时间在工作（{{idle}}% 的采样中空闲），而主进程的多个线程共占用 {{main}}% 的 CPU（含等待 CPU 的时间），且没有 worker 进程：数据是在训练进程里准备的（num_workers=0）。',
  'verdict.launchBound':
    'GPU 在等 Python 端：GPU 只有 {{sm}}% 的时间在工作，而一个线程有 {{thread}}% 的时间处于忙碌状态（正在运行或在等 CPU），也没有忙碌的数据加载 worker（许多小内核逐个发起，或者循环中有 CUDA 同步）。',
  'verdict.transferBound': '受传输限制：PCIe 上有 {{pcie}} MB/s 的流量，而 GPU 只有 {{sm}}% 的时间在工作。',
  'verdict.cpuOversubscribed': 'CPU 超额订阅：任务最多可用 {{limit}} 个 CPU，有 {{throttled}}% 的时间被限流，而 GPU 只有 {{sm}}% 的时间在工作。',
  'verdict.waitsElsewhere': 'GPU 只有 {{sm}}% 的时间在工作，而任务的 CPU 和 PCIe 都解释不了这种等待。',
  'label.gpus': 'GPU',
  'label.sm': 'SM 忙碌（平均）',
  'label.idle': 'GPU 空闲的采样（SM < 10%）',
  'label.memBw': '显存带宽（平均）',
  'label.pcie': 'PCIe 收 + 发（平均）',
  'label.gpuMemory': '任务占用的显存',
  'label.jobSm': '任务自身进程的 SM 忙碌（平均）',
  'label.others': 'GPU 上的其他进程',
  'value.noOthers': '无',
  'label.mainCpu': '主进程 CPU（所有线程）',
  'label.busiestThread': '最忙的线程',
  'label.workers': 'worker 进程',
  'label.cgroup': 'CPU 限制（cgroup）',
  'value.workers': '{{count}} 个，共 {{percent}}% CPU，最忙的 {{busiest}}%',
  'value.noWorkers': '无',
  'value.mainCpu': '{{percent}}%（{{threads}} 个线程；可运行 {{runnable}}%）',
  'value.thread': '{{name}}（tid {{tid}}）{{percent}}%，可运行 {{runnable}}%',
  'value.cgroup': '{{limit}} 个 CPU，{{throttled}}% 的时间被限流',
  'value.unlimited': '无',
  'title': '观察 PID {{pid}}（{{command}}）{{seconds}} 秒，GPU {{gpus}} · {{sampler}}',
  'note.sm': 'SM 忙碌是有内核在运行的时间占比，不代表内核用了 GPU 的多少。可运行 = 正在运行或在等 CPU：线程想要的 CPU 时间。',
  'progress': '正在观察 PID {{pid}}：{{elapsed}} / {{seconds}} 秒，当前 SM {{sm}}%',
  'fixes': '怎么做：',
  'error.pidNotFound': '本机上没有 PID 为 {{pid}} 的进程。',
  'error.notOnGpu':
    'PID {{pid}}（{{command}}）及其子进程都没有 GPU 上下文：nvidia-smi 列出了 {{count}} 个计算进程，都不是这个任务。在没有共享主机 PID 命名空间的容器里 nvidia-smi 看不到进程；请在主机上观察。',
  'error.noSamples': 'nvidia-smi dmon 在 {{seconds}} 秒内没有给出 GPU {{gpus}} 的采样。',
  'error.noEngine': '无法连接 Docker 引擎来查找容器 {{name}}：{{reason}}',
  'error.noContainer': '这个 Docker 引擎上没有名为 {{name}} 的容器。',
  'error.containerNotRunning': '容器 {{name}} 没有在运行（状态：{{state}}）。',
  'error.notLinux': 'watch 读取 /proc，所以只能在 Linux 上运行。',
}
