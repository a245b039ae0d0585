#!/usr/bin/env python3
"""GPU Doctor probe: what PyTorch actually sees and loads, as ONE JSON document on stdout.

Standard library + torch only, Python 3.8+. Never prints a traceback on stdout: a missing or
broken torch, a CUDA error or a failed workload is recorded as data. GPU workloads run only when
asked with --workload. Used unchanged on the host and inside containers.
"""
import argparse
import glob
import json
import os
import platform
import re
import subprocess
import sys
import sysconfig
import time
import traceback
import warnings

SCHEMA_VERSION = 1
PROBE_VERSION = "1.9.0"
ENV_KEYS = (
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "LD_PRELOAD", "CONDA_PREFIX",
    "VIRTUAL_ENV", "CUDA_HOME", "CUDA_PATH", "PYTORCH_CUDA_ALLOC_CONF", "TORCH_CUDA_ARCH_LIST",
    "CUDA_DEVICE_ORDER", "CUDA_LAUNCH_BLOCKING", "CUBLAS_WORKSPACE_CONFIG", "NVIDIA_REQUIRE_CUDA",
)
# The variables that change what CUDA, cuDNN, NCCL or PyTorch do: the names of
# resources/data/cuda-environment.json (test/core/probe/probe-environment.test.ts keeps them equal).
ENVIRONMENT_NAMES = (
    "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "CUDA_LAUNCH_BLOCKING", "CUDA_MODULE_LOADING", "CUDA_CACHE_DISABLE",
    "CUDA_CACHE_PATH", "CUDA_CACHE_MAXSIZE", "CUDA_FORCE_PTX_JIT", "CUDA_DISABLE_PTX_JIT", "CUDA_DEVICE_MAX_CONNECTIONS",
    "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "NVIDIA_TF32_OVERRIDE", "NVIDIA_VISIBLE_DEVICES",
    "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF", "PYTORCH_NO_CUDA_MEMORY_CACHING", "PYTORCH_NVML_BASED_CUDA_CHECK",
    "TORCH_CUDNN_V8_API_DISABLED", "TORCH_CUDNN_V8_API_LRU_CACHE_LIMIT", "TORCH_ALLOW_TF32_CUBLAS_OVERRIDE",
    "TORCH_USE_CUDA_DSA", "TORCH_SHOW_CPP_STACKTRACES", "TORCH_CUDA_ARCH_LIST", "CUBLAS_WORKSPACE_CONFIG",
    "CUBLASLT_WORKSPACE_SIZE", "CUBLAS_LOGINFO_DBG", "CUBLASLT_LOG_LEVEL", "CUDNN_LOGLEVEL_DBG", "CUDNN_LOGINFO_DBG",
    "CUDNN_LOGWARN_DBG", "CUDNN_LOGERR_DBG", "NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL", "NCCL_IB_DISABLE", "NCCL_SHM_DISABLE",
    "NCCL_NVLS_ENABLE", "NCCL_DEBUG", "NCCL_SOCKET_IFNAME", "NCCL_ALGO", "NCCL_PROTO", "TORCH_NCCL_BLOCKING_WAIT",
    "TORCH_NCCL_ASYNC_ERROR_HANDLING", "TORCH_NCCL_DESYNC_DEBUG", "LD_PRELOAD", "LD_LIBRARY_PATH",
)
ENV_VALUE_MAX = 512
CUDA_LIB_RE = re.compile(r"lib(cudart|cublas|cublasLt|cudnn[\w]*|nccl|nvrtc|nvJitLink|cufft|curand|cusparse|cusolver|cuda|nvToolsExt|cupti)\b[^/]*\.so[\d.]*$")


def watch_parent():
    """End this probe the moment the program that started it is gone, however it died (kill -9 included).

    Asked for with --parent-watch by a runner that holds a pipe on our stdin. Three ways, because a
    probe can be stuck where Python code does not run (CUDA init, a long kernel launch holding the GIL):
    on Linux the kernel SIGKILLs us when the parent dies (PR_SET_PDEATHSIG); everywhere a daemon thread
    waits for end-of-file on stdin (the parent's end closes when it dies, on Windows too); on POSIX the
    same thread notices being re-parented. The thread exits with os._exit, which a busy main thread
    cannot block.
    """
    import threading
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal
            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
        except Exception:
            pass
    first_parent = os.getppid()  # a parent already gone by now is caught by stdin's end-of-file

    def stdin_closed():
        try:
            while os.read(sys.stdin.fileno(), 4096):
                pass
        except Exception:
            pass
        os._exit(3)

    def reparented():
        while os.getppid() == first_parent:
            time.sleep(0.25)
        os._exit(3)

    threading.Thread(target=stdin_closed, name="gpu-doctor-stdin-watch", daemon=True).start()
    if os.name == "posix":
        threading.Thread(target=reparented, name="gpu-doctor-parent-watch", daemon=True).start()


def progress(stage, **extra):
    """A line on stderr the runner turns into live progress; stdout carries only the final JSON."""
    extra.update({"stage": stage, "t": time.time() * 1000.0})
    sys.__stderr__.write("GPU_DOCTOR_PROGRESS " + json.dumps(extra) + "\n")
    sys.__stderr__.flush()


LDD_KEEP_RE = re.compile(r"lib(cuda|cudart|cublas|cudnn|nccl|nvrtc|nvJitLink|nvToolsExt|cupti|cufft|curand|cusparse|cusolver|torch|c10|nvidia|cufile|nvshmem)", re.I)


def err_text(exc):
    return "%s: %s" % (type(exc).__name__, str(exc).strip().splitlines()[0] if str(exc).strip() else "")


def full_err_text(exc, limit=4000):
    """The whole message, every line, as the user would see it: rules and the user read it verbatim."""
    text = "%s: %s" % (type(exc).__name__, str(exc).strip())
    return text if len(text) <= limit else text[:limit] + "..."


def environment_values():
    """The interpreter's values of ENVIRONMENT_NAMES that are set, each capped (none of them is a secret)."""
    out = {}
    for name in ENVIRONMENT_NAMES:
        value = os.environ.get(name)
        if value is not None:
            out[name] = value if len(value) <= ENV_VALUE_MAX else value[:ENV_VALUE_MAX] + "..."
    return out


class Probe(object):
    def __init__(self):
        self.doc = {"schemaVersion": SCHEMA_VERSION, "probeVersion": PROBE_VERSION, "errors": [], "warnings": []}

    def error(self, stage, exc):
        self.doc["errors"].append({"stage": stage, "message": err_text(exc), "trace": traceback.format_exc()[-2000:]})


def in_venv():
    """A venv (sys.prefix != sys.base_prefix) or an old virtualenv (sys.real_prefix): pip's own test."""
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or hasattr(sys, "real_prefix")


def externally_managed():
    """PEP 668: an EXTERNALLY-MANAGED file in the stdlib folder, outside a venv, makes pip refuse to install.

    None when the stdlib folder cannot be read. Debian's and Ubuntu's python3 (since bookworm / 23.04),
    Homebrew's and Fedora's newer ones carry the marker.
    """
    if in_venv():
        return False
    try:
        stdlib = sysconfig.get_path("stdlib")
        return bool(stdlib) and os.path.isfile(os.path.join(stdlib, "EXTERNALLY-MANAGED"))
    except Exception:
        return None


def python_facts():
    return {
        "version": platform.python_version(),
        "executable": sys.executable,
        "prefix": sys.prefix,
        "platform": sys.platform,
        "machine": platform.machine(),
        "virtualEnv": os.environ.get("VIRTUAL_ENV") or (sys.prefix if sys.prefix != getattr(sys, "base_prefix", sys.prefix) else None),
        "condaPrefix": os.environ.get("CONDA_PREFIX"),
        "externallyManaged": externally_managed(),
        "inVenv": in_venv(),
        "inConda": os.path.isdir(os.path.join(sys.prefix, "conda-meta")),
    }


def start_cuda_driver_early(ordinals=None, on_count=None):
    """Starts the CUDA driver and the primary context of each visible GPU (or of `ordinals`) in a thread while torch imports.

    torch's own first CUDA call then finds them ready: the same driver, the same contexts (CUDA's
    runtime uses the primary context), just created a few tenths of a second earlier. Every failure
    is ignored here on purpose: step 1 still makes each call through torch and reports its error.
    on_count(n) is called in that thread with the driver's GPU count before any context is made
    (EarlyRanks); the thread then stays alive, because Linux's parent-death signal, which the
    children's --parent-watch sets, follows the thread that started them.
    Returns a threading.Event set once on_count has run or can no longer run.
    """
    import threading
    counted = threading.Event()
    if not sys.platform.startswith("linux") or os.environ.get("GPU_DOCTOR_NO_EARLY_CUDA"):
        counted.set()
        return counted
    import ctypes

    def work():
        started_children = False
        try:
            cuda = ctypes.CDLL("libcuda.so.1")
            if cuda.cuInit(0) != 0:
                return
            count = ctypes.c_int(0)
            if cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
                return
            if on_count is not None:
                try:
                    started_children = bool(on_count(count.value))
                finally:
                    counted.set()
            for i in (range(count.value) if ordinals is None else [o for o in ordinals if o < count.value]):
                dev, ctx = ctypes.c_int(0), ctypes.c_void_p()
                if cuda.cuDeviceGet(ctypes.byref(dev), i) == 0:
                    cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)
        except Exception:
            pass
        finally:
            counted.set()
        if started_children:
            threading.Event().wait()

    threading.Thread(target=work, name="gpu-doctor-cuda-early", daemon=True).start()
    return counted


def import_torch(probe):
    info = {"importable": False, "error": None}
    started = time.time()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            import torch  # noqa: F401
        except BaseException as exc:  # ImportError, OSError from a missing .so, anything else (SystemExit included)
            if isinstance(exc, KeyboardInterrupt):
                raise
            info["error"] = err_text(exc)
            info["errorText"] = full_err_text(exc)
            info["errorType"] = type(exc).__name__
            info["importS"] = time.time() - started
            try:
                info["failure"] = import_failure_context(exc)
            except Exception as ctx_exc:  # the context is a help, never a reason to lose the error
                info["failure"] = {"contextError": err_text(ctx_exc)}
            return None, info
        for w in caught:
            probe.doc["warnings"].append(str(w.message)[:2000])
    import torch
    info.update({
        "importable": True,
        "importS": time.time() - started,
        "version": torch.__version__,
        "file": torch.__file__,
        "cudaBuild": getattr(torch.version, "cuda", None),
        "hipBuild": getattr(torch.version, "hip", None),
        "gitVersion": getattr(torch.version, "git_version", None),
        "debug": bool(getattr(torch.version, "debug", False)),
    })
    return torch, info


MISSING_LIB_RE = re.compile(r"(lib[\w.+-]*\.so[\w.]*): cannot open shared object file")
NEEDS_SYMBOL_RE = re.compile(r"(/\S+\.so[\w.]*): undefined symbol")


def import_failure_context(exc):
    """What a failed `import torch` needs explaining: where torch is (without importing it), which
    Python its compiled part was built for, where a missing library was looked for and found, which
    libraries the process had mapped when it failed, and the C library it runs on."""
    import importlib.util
    text = str(exc)
    out = {"extSuffix": sysconfig.get_config_var("EXT_SUFFIX"), "libc": " ".join(platform.libc_ver()).strip() or None}
    try:
        spec = importlib.util.find_spec("torch")
    except Exception:
        spec = None
    pkg = os.path.dirname(spec.origin) if spec is not None and spec.origin else None
    out["torchFound"] = spec is not None
    out["torchDir"] = pkg
    if pkg:
        out["torchCExtensions"] = sorted(os.path.basename(p) for p in glob.glob(os.path.join(pkg, "_C*.so")) + glob.glob(os.path.join(pkg, "_C*.pyd")))
        out["torchDirReadable"] = os.access(pkg, os.R_OK | os.X_OK)
    missing = MISSING_LIB_RE.search(text)
    if missing:
        name = missing.group(1)
        searched = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
        if pkg:
            searched.append(os.path.join(pkg, "lib"))
        searched += wheel_library_dirs()
        searched += ["(ld.so.cache: /etc/ld.so.conf.d)", "/lib64", "/usr/lib64", "/lib", "/usr/lib"]
        out["missingLibrary"] = name
        out["searched"] = searched[:40]
        elsewhere = []
        for d in searched + ["/usr/local/cuda/lib64", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"]:
            if not d.startswith("(") and os.path.exists(os.path.join(d, name)):
                elsewhere.append(os.path.join(d, name))
        out["foundAt"] = sorted(set(elsewhere))[:10]
    needer = NEEDS_SYMBOL_RE.search(text)
    if needer:
        out["needsSymbol"] = needer.group(1)
    out["mappedAtFailure"] = mapped_libraries_now()
    return out


def mapped_libraries_now():
    """Every shared object this process has mapped (bounded): after a failed import, the copies that won."""
    try:
        with open("/proc/self/maps") as fh:
            paths = []
            for line in fh:
                parts = line.split()
                if len(parts) >= 6 and ".so" in parts[5] and parts[5] not in paths:
                    paths.append(parts[5])
                    if len(paths) >= 300:
                        break
            return paths
    except Exception:
        return None


def cuda_facts(torch, probe):
    out = {"available": False, "deviceCount": 0, "archList": [], "devices": [], "initError": None, "driverApiVersion": None}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out["available"] = bool(torch.cuda.is_available())
        except Exception as exc:
            out["initError"] = full_err_text(exc)
        for w in caught:
            probe.doc["warnings"].append(str(w.message)[:2000])
    try:
        out["archList"] = list(torch.cuda.get_arch_list())
    except Exception as exc:
        probe.error("cuda.arch_list", exc)
    if not out["available"]:
        return out
    try:
        out["deviceCount"] = torch.cuda.device_count()
    except Exception as exc:
        out["initError"] = full_err_text(exc)
        probe.error("cuda.device_count", exc)
    for i in range(out["deviceCount"]):
        out["devices"].append(exercise_device(torch, i))
    failed = [d for d in out["devices"] if not d["exercise"]["ok"]]
    usable = [d["index"] for d in out["devices"] if d["exercise"]["ok"]]
    if out["deviceCount"] > 1 and usable:
        try:
            torch.cuda.set_device(usable[0])  # the workloads' "cuda" means the first usable GPU, as before the exercise
        except Exception:
            pass
    for d in failed:
        probe.error("cuda.exercise", RuntimeError("device %d, %s: %s" % (d["index"], d["exercise"]["failedCall"], d["exercise"]["error"])))
    # One GPU that fails its exercise (full memory, a lost GPU) leaves the others usable: CUDA as a whole
    # failed only where no device passed.
    if failed and not usable and not out["initError"]:
        out["initError"] = failed[0]["exercise"]["error"]
    try:
        out["driverApiVersion"] = int(torch._C._cuda_getDriverVersion())
    except Exception:
        pass
    return out


def exercise_device(torch, index):
    """Use device `index` for real, one call at a time: a context, an allocation, a kernel, a
    synchronise, its name and memory, a free. The first call that raises is named with its error,
    verbatim; the calls before it are the evidence of how far CUDA got."""
    dev = {"index": index, "name": "", "cc": "0.0", "totalMemory": 0, "smCount": 0, "uuid": None}
    done = []
    call = "torch.cuda.get_device_properties(%d)" % index
    try:
        p = torch.cuda.get_device_properties(index)
        dev.update({"name": str(p.name), "cc": "%d.%d" % (p.major, p.minor), "totalMemory": int(p.total_memory),
                    "smCount": int(p.multi_processor_count), "uuid": str(getattr(p, "uuid", "")) or None})
        done.append(call)
        device = torch.device("cuda", index)
        call = "torch.cuda.set_device(%d) (context)" % index
        torch.cuda.set_device(device)
        done.append(call)
        call = "torch.empty(1 MiB, device=cuda:%d) (allocate)" % index
        x = torch.empty(262144, dtype=torch.float32, device=device)
        done.append(call)
        call = "x.fill_(1.0); x.add_(1.0) (kernel on cuda:%d)" % index
        x.fill_(1.0)
        x.add_(1.0)
        done.append(call)
        call = "torch.cuda.synchronize(%d)" % index
        torch.cuda.synchronize(device)
        done.append(call)
        call = "x.sum().item() (result from cuda:%d)" % index
        total = float(x.sum().item())
        if total != 2.0 * 262144:
            raise RuntimeError("the kernel's result is wrong: sum %r instead of %r" % (total, 2.0 * 262144))
        done.append(call)
        call = "torch.cuda.mem_get_info(%d)" % index
        free, total_now = torch.cuda.mem_get_info(device)
        dev["freeMemory"], dev["totalMemoryNow"] = int(free), int(total_now)
        done.append(call)
        call = "del x; torch.cuda.empty_cache() (free on cuda:%d)" % index
        del x
        torch.cuda.empty_cache()
        done.append(call)
        if not dev["name"].strip():
            call = "torch.cuda.get_device_properties(%d).name" % index
            raise RuntimeError("CUDA returned an empty device name")
        dev["exercise"] = {"ok": True, "calls": done, "failedCall": None, "error": None}
    except Exception as exc:
        dev["exercise"] = {"ok": False, "calls": done, "failedCall": call, "error": full_err_text(exc)}
    return dev


def cudnn_facts(torch, probe):
    cudnn = torch.backends.cudnn
    out = {"available": False, "enabled": bool(cudnn.enabled), "version": None, "benchmark": bool(cudnn.benchmark),
           "deterministic": bool(cudnn.deterministic), "allowTf32": bool(getattr(cudnn, "allow_tf32", False)),
           "matmulAllowTf32": bool(torch.backends.cuda.matmul.allow_tf32), "error": None}
    try:
        out["available"] = bool(cudnn.is_available())
        out["version"] = cudnn.version()
    except Exception as exc:
        out["error"] = err_text(exc)
    try:
        out["nccl"] = ".".join(str(x) for x in torch.cuda.nccl.version()) if hasattr(torch.cuda, "nccl") else None
    except Exception:
        out["nccl"] = None
    return out


def run_ldd(path):
    try:
        res = subprocess.run(["ldd", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
        lines = res.stdout.decode("utf-8", "replace").splitlines()
        # Keep what matters for CUDA: torch's own libs, NVIDIA's, and anything not found.
        kept = [l for l in lines if "not found" in l or LDD_KEEP_RE.search(l)]
        return {"file": path, "exitCode": res.returncode, "output": "\n".join(kept), "totalLines": len(lines),
                "stderr": res.stderr.decode("utf-8", "replace")[:4000]}
    except Exception as exc:
        return {"file": path, "exitCode": None, "output": "", "stderr": err_text(exc)}


def run_ldd_all(paths):
    """ldd of every library at once (each is its own process), in the order given."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(1, min(8, len(paths)))) as pool:
        return list(pool.map(run_ldd, paths))


def torch_cuda_libraries(torch):
    lib_dir = os.path.join(os.path.dirname(torch.__file__), "lib")
    pkg_dir = os.path.dirname(torch.__file__)
    wanted = [os.path.join(lib_dir, n) for n in ("libtorch_cuda.so", "libc10_cuda.so")]
    wanted += sorted(glob.glob(os.path.join(pkg_dir, "_C*.so")))
    return lib_dir, [p for p in wanted if os.path.exists(p)]


def wheel_library_dirs():
    """The lib/ folders of the pip nvidia-* packages torch's RUNPATH points at."""
    dirs = []
    for entry in sys.path:
        dirs += sorted(glob.glob(os.path.join(entry, "nvidia", "*", "lib")))
    return dirs


def resolved_outside_wheel(ldd_runs):
    """Each CUDA library ldd resolves outside the wheel while the wheel ships its own copy: both real files."""
    wheel_dirs = wheel_library_dirs()
    seen, out = set(), []
    for run in ldd_runs:
        for line in run.get("output", "").splitlines():
            m = re.match(r"\s*(\S+)\s+=>\s+(/\S+)", line)
            if not m or m.group(1) in seen or "/nvidia/" in m.group(2) or "/torch/lib/" in m.group(2):
                continue
            name, path = m.group(1), m.group(2)
            if not CUDA_LIB_RE.search(name) or name.startswith("libcuda.so"):
                continue
            copies = [os.path.join(d, name) for d in wheel_dirs if os.path.exists(os.path.join(d, name))]
            if copies:
                seen.add(name)
                out.append({"name": name, "path": path, "realPath": os.path.realpath(path),
                            "wheelPath": copies[0], "wheelRealPath": os.path.realpath(copies[0]), "neededBy": run["file"]})
    return out


def undefined_symbols(path):
    """`ldd -r` lists symbols the resolved libraries do not provide: the classic __nvJitLinkComplete_12_4."""
    try:
        res = subprocess.run(["ldd", "-r", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
        text = (res.stdout + res.stderr).decode("utf-8", "replace")
        return [l.strip() for l in text.splitlines() if "undefined symbol" in l][:20]
    except Exception as exc:
        return ["ldd -r failed: " + err_text(exc)]


def cudnn_copies():
    """Every libcudnn.so* on the usual paths: one of them may shadow the copy torch bundles."""
    dirs = []
    for entry in sys.path:
        dirs += glob.glob(os.path.join(entry, "nvidia", "cudnn", "lib"))
        dirs.append(os.path.join(entry, "torch", "lib"))
    dirs += [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    if os.environ.get("CONDA_PREFIX"):
        dirs.append(os.path.join(os.environ["CONDA_PREFIX"], "lib"))
    dirs += ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]
    dirs += glob.glob("/usr/local/cuda*/lib64") + glob.glob("/usr/local/cuda*/targets/*/lib")
    found, seen = [], set()
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "libcudnn.so*")) + glob.glob(os.path.join(d, "libcudnn_graph.so*"))):
            real = os.path.realpath(f)
            if f in seen:
                continue
            seen.add(f)
            found.append({"path": f, "realPath": real})
    return found


def mapped_cuda_libraries():
    try:
        with open("/proc/self/maps") as fh:
            paths = set()
            for line in fh:
                parts = line.split()
                if len(parts) >= 6 and CUDA_LIB_RE.search(os.path.basename(parts[5])):
                    paths.add(parts[5])
            return sorted(paths)
    except Exception:
        return None


CONV_WARMUP_SECONDS = 0.1  # before each case; 0.25 agreed no better with torch.utils.benchmark on H100


def cuda_timer(torch, fn, warmup, min_seconds, dev=None):
    """Median ms per call over blocks of ~50 ms until min_seconds have been timed, and the spread.

    A few dozen calls finish in milliseconds at boost clocks; a real layer runs for seconds, at the
    clocks the GPU holds under sustained load. Timing that long (like torch.utils.benchmark's
    blocked_autorange) lands on the sustained figure, and the spread between blocks says how stable it is.
    `dev` is the CUDA ordinal the calls run on (the thread's current device); None: the current one.
    """
    sync = (lambda: torch.cuda.synchronize(dev)) if dev is not None else torch.cuda.synchronize
    # Warm up by time, not by count: clocks settle after the previous case (step 4's load comes first).
    warm_until = time.time() + CONV_WARMUP_SECONDS
    done = 0
    while done < warmup or time.time() < warm_until:
        fn()
        done += 1
        if done % 10 == 0:
            sync()
    sync()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    sync()
    per_call = max(start.elapsed_time(end), 0.001)
    block = max(1, int(50.0 / per_call))
    blocks, timed = [], 0.0
    while timed < min_seconds * 1000.0 or len(blocks) < 5:
        start.record()
        for _ in range(block):
            fn()
        end.record()
        sync()
        ms = start.elapsed_time(end)
        timed += ms
        blocks.append(ms / block)
    blocks.sort()
    median = blocks[len(blocks) // 2]
    lo, hi = blocks[len(blocks) // 10], blocks[-1 - len(blocks) // 10]
    # The interquartile range (what torch.utils.benchmark reports) says how sure the median is; the
    # 10th-90th range is led by one odd block: 4-36 % on H100 while the median repeats within 3 %.
    q1, q3 = blocks[len(blocks) // 4], blocks[-1 - len(blocks) // 4]
    return {"ms": median, "blocks": len(blocks), "callsPerBlock": block, "spreadPercent": (hi - lo) / median * 100.0,
            "iqrPercent": (q3 - q1) / median * 100.0}


def conv_case(torch, n, cin, cout, hw, k, pad, dtype, channels_last, cudnn_on, benchmark, warmup, seconds, dev=None, flags=True):
    """One Conv2d timed on CUDA ordinal `dev` (None: the current device). flags=False: the caller has set cuDNN's flags."""
    where = "cuda" if dev is None else "cuda:%d" % dev
    x = torch.randn(n, cin, hw, hw, device=where, dtype=dtype)
    conv = torch.nn.Conv2d(cin, cout, k, padding=pad).to(device=where, dtype=dtype)
    if channels_last:
        x = x.to(memory_format=torch.channels_last)
        conv = conv.to(memory_format=torch.channels_last)
    out_hw = hw + 2 * pad - k + 1
    flops = 2.0 * n * cout * out_hw * out_hw * cin * k * k
    if flags:
        with torch.backends.cudnn.flags(enabled=cudnn_on, benchmark=benchmark, deterministic=False), torch.no_grad():
            timing = cuda_timer(torch, lambda: conv(x), warmup, seconds, dev)
    else:
        with torch.no_grad():
            timing = cuda_timer(torch, lambda: conv(x), warmup, seconds, dev)
    ms = timing["ms"]
    timing.update({"tflops": flops / (ms / 1000.0) / 1e12, "flops": flops})
    return timing


def device_uuid(torch, ordinal):
    """The physical GPU behind a CUDA ordinal, as nvidia-smi names it without its "GPU-"/"MIG-" prefix."""
    try:
        return str(getattr(torch.cuda.get_device_properties(ordinal), "uuid", "")) or None
    except Exception:
        return None


def expandable_segments_setting(environ=None):
    """The allocator setting that enables expandable segments, as "NAME=value", else None.

    PyTorch reads PYTORCH_ALLOC_CONF and, when that is unset, PYTORCH_CUDA_ALLOC_CONF: comma-separated
    key:value options; the last expandable_segments option wins.
    """
    environ = os.environ if environ is None else environ
    for name in ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF"):
        raw = environ.get(name)
        if raw is None:
            continue
        value = None
        for option in raw.split(","):
            key, _, val = option.partition(":")
            if key.strip() == "expandable_segments":
                value = val.strip()
        return "%s=%s" % (name, raw) if value is not None and value.lower() == "true" else None
    return None


def measurement_mode(ordinals):
    """How steps 4 and 5 load several GPUs: at once (threads), or one after another where concurrent threads crash.

    With expandable segments, one Python thread per GPU made steps 5 and 6 fail with "an illegal memory
    access was encountered" on 2x H100 (torch 2.11.0+cu130, driver 580.159.04).
    """
    setting = expandable_segments_setting()
    if setting and ordinals is not None and len(ordinals) > 1:
        return {"mode": "sequential", "reason": "expandable-segments", "setting": setting}
    return {"mode": "concurrent", "reason": None, "setting": None}


def on_each_device(torch, ordinals, work, sequential=False):
    """work(ordinal) on every ordinal at once, one thread per GPU with that GPU current in it.

    Threads, not one loop over the GPUs: a loop waits for the slowest GPU each round, so a busy GPU
    would slow the figures of its idle siblings. Kernels run asynchronously; Python only launches them.
    sequential=True: one GPU after another in this thread (see measurement_mode).
    Returns {ordinal: result or {"error": text}}.
    """
    import threading
    results = {}

    def run(ordinal):
        try:
            with torch.cuda.device(ordinal):
                results[ordinal] = work(ordinal)
        except Exception as exc:
            results[ordinal] = {"error": err_text(exc)}

    if len(ordinals) == 1 or sequential:
        for o in ordinals:
            run(o)
        return results
    threads = [threading.Thread(target=run, args=(o,), name="gpu-doctor-cuda-%d" % o) for o in ordinals]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


CONV_CASES = (
    ("seed", "Conv2d(3,64,3) x 32x3x224x224 fp32", False,
     lambda torch: dict(n=32, cin=3, cout=64, hw=224, k=3, pad=0, dtype=torch.float32, channels_last=False)),
    ("representative", "Conv2d(256,256,3,p=1) x 64x256x56x56 fp16 channels_last, benchmark on", True,
     lambda torch: dict(n=64, cin=256, cout=256, hw=56, k=3, pad=1, dtype=torch.float16, channels_last=True)),
)


def conv_workload(torch, disable_cudnn, seconds=1.0, ordinals=None, mode=None):
    """Step 5 on every GPU in `ordinals` at once (default: the current device only).

    cuDNN's flags are process-wide, so each case (seed/representative × on/off) runs on all GPUs
    together, the flags set once around it; the first GPU's figures stay at the top level.
    """
    on = not disable_cudnn
    multi = ordinals is not None
    sequential = bool(mode and mode["mode"] == "sequential")
    ordinals = list(ordinals) if multi else [None]
    per = {o: {} for o in ordinals}
    for name, shape, bench, shape_of in CONV_CASES:
        for side, cudnn_on in (("on", on), ("off", False)):
            kw = dict(shape_of(torch), cudnn_on=cudnn_on, benchmark=bench, warmup=5, seconds=seconds)
            with torch.backends.cudnn.flags(enabled=cudnn_on, benchmark=bench, deterministic=False):
                if multi:
                    got = on_each_device(torch, ordinals, lambda o: conv_case(torch, dev=o, flags=False, **kw), sequential)
                else:
                    got = {None: conv_case(torch, flags=False, **kw)}
            for o in ordinals:
                per[o].setdefault(name, {"shape": shape})[side] = got[o]
    first = per[ordinals[0]]
    failed = [r for o in ordinals for c in per[o].values() for r in (c["on"], c["off"]) if "error" in r]
    if failed and not multi:
        raise RuntimeError(failed[0]["error"])
    out = {"seed": first["seed"], "representative": first["representative"], "cudnnRequested": on, "secondsPerCase": seconds}
    if multi:
        out["perGpu"] = []
        for o in ordinals:
            errors = [r["error"] for c in per[o].values() for r in (c["on"], c["off"]) if "error" in r]
            row = {"index": o, "uuid": device_uuid(torch, o)}
            if errors:
                row["error"] = errors[0]
            else:
                row.update({"seed": per[o]["seed"], "representative": per[o]["representative"]})
            out["perGpu"].append(row)
        if mode:
            out["measured"] = mode
        if "error" in out["perGpu"][0]:
            raise RuntimeError("cuda:%d: %s" % (ordinals[0], out["perGpu"][0]["error"]))
    return out


def throughput_halves(ends, times, flops_per_chunk, elapsed):
    """The load's first and second half by wall time, each as TFLOP/s, and how far apart they are (% of the whole).

    The chunks' own spread says little about the figure reported: under a power cap the clocks swing
    by 10-20 % about once a second (H100), yet the load's mean repeats within 1 %. Two halves that agree
    say the figure is steady; halves that differ say it moved while measured (a ramp, throttling that
    set in, another process that started). {} with fewer than two chunks in a half.
    """
    first = [t for at, t in zip(ends, times) if at <= elapsed / 2.0]
    second = [t for at, t in zip(ends, times) if at > elapsed / 2.0]
    if len(first) < 2 or len(second) < 2 or not all(t > 0 for t in times):
        return {}
    rate = lambda ts: len(ts) * flops_per_chunk / sum(ts) / 1e12
    whole = rate(times)
    a, b = rate(first), rate(second)
    return {"firstHalfTflops": a, "secondHalfTflops": b, "halvesPercent": abs(a - b) / whole * 100.0}


def sustained_workload(torch, seconds, devices, mode=None):
    """bf16 matmuls on each GPU in `devices` (a count: ordinals 0..n-1, or a list of ordinals) for `seconds`, concurrently.

    Each GPU's time is cut into chunks of 20 matmuls timed with CUDA events: TFLOP/s is the median
    chunk, the spread (10th–90th percentile of the chunks, % of the median) says how steady it was.
    """
    size = 8192
    flops_per = 2.0 * size ** 3
    chunk = 20
    ordinals = list(range(devices)) if isinstance(devices, int) else list(devices)
    ready = {"at": None}
    import threading
    sequential = bool(mode and mode["mode"] == "sequential")
    gate = threading.Barrier(len(ordinals)) if len(ordinals) > 1 and not sequential else None

    def load(o):
        try:
            a = torch.randn(size, size, device="cuda:%d" % o, dtype=torch.bfloat16)
            a @ a
            torch.cuda.synchronize(o)
        except Exception:
            if gate is not None:
                gate.abort()  # the others start without this GPU instead of waiting for it
            raise
        if gate is not None:
            try:
                gate.wait(timeout=60)
            except threading.BrokenBarrierError:
                pass
        if ready["at"] is None:
            ready["at"] = time.time()
        started = time.time()
        times, ends, iters = [], [], 0
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        while time.time() - started < seconds:
            start.record()
            for _ in range(chunk):
                a @ a
            end.record()
            torch.cuda.synchronize(o)
            times.append(start.elapsed_time(end) / 1000.0)
            ends.append(time.time() - started)
            iters += chunk
        elapsed = time.time() - started
        ordered = sorted(times)
        median = ordered[len(ordered) // 2]
        lo, hi = ordered[len(ordered) // 10], ordered[-1 - len(ordered) // 10]
        row = {"index": o, "uuid": device_uuid(torch, o), "iters": iters, "seconds": elapsed,
               "tflops": iters * flops_per / elapsed / 1e12, "medianTflops": chunk * flops_per / median / 1e12,
               "chunks": len(times), "spreadPercent": (hi - lo) / median * 100.0,
               "startedAt": started * 1000.0, "endedAt": time.time() * 1000.0}
        row.update(throughput_halves(ends, times, chunk * flops_per, elapsed))
        return row

    got = on_each_device(torch, ordinals, load, sequential)
    ended = time.time()
    started = ready["at"] or ended
    failed = ["cuda:%d: %s" % (o, got[o]["error"]) for o in ordinals if "error" in got[o]]
    if failed and len(failed) == len(ordinals):
        raise RuntimeError(failed[0])
    per_gpu = [dict(got[o], index=o) if "error" in got[o] else got[o] for o in ordinals]
    out = {"startedAt": started * 1000.0, "endedAt": ended * 1000.0, "seconds": ended - started,
           "kernel": "bf16 matmul %dx%d" % (size, size), "perGpu": per_gpu}
    if mode:
        out["measured"] = mode
    return out


PCIE_GENERATION_OF_GTPS = {2.5: 1, 5.0: 2, 8.0: 3, 16.0: 4, 32.0: 5, 64.0: 6}


def pcie_link_of(torch, ordinal):
    """The GPU's PCIe link from sysfs (generation and width, current and maximum), or None where it cannot be read.

    A GPU at rest may train its link down to save power: the current figures are read right after the host copies.
    """
    try:
        props = torch.cuda.get_device_properties(ordinal)
        address = "%04x:%02x:%02x.0" % (props.pci_domain_id, props.pci_bus_id, props.pci_device_id)
        base = "/sys/bus/pci/devices/%s/" % address

        def read(name):
            with open(base + name) as f:
                return f.read(64).strip()

        def generation(text):
            m = re.match(r"([\d.]+)\s*GT/s", text)
            return PCIE_GENERATION_OF_GTPS.get(float(m.group(1))) if m else None

        def width(text):
            return int(text) if text.isdigit() else None

        return {"address": address, "genCurrent": generation(read("current_link_speed")), "genMax": generation(read("max_link_speed")),
                "widthCurrent": width(read("current_link_width")), "widthMax": width(read("max_link_width"))}
    except Exception:
        return None


MEMORY_D2D_BYTES = 1 << 30
MEMORY_HOST_BYTES = 256 << 20
MEMORY_REPS = 5


def memory_workload(torch, ordinals):
    """Device memory bandwidth and host copies per GPU, one GPU after another (host copies share the host's memory).

    Device: a 1 GiB device-to-device copy, bytes read plus written / time. Host: 256 MiB host-to-device
    and device-to-host from pinned and from pageable memory, bytes / time. Each: one warm-up (which also
    touches every pageable page), then MEMORY_REPS copies each timed with CUDA events; the median is the figure.
    """

    def timed(o, copy, nbytes):
        copy()
        torch.cuda.synchronize(o)
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        rates = []
        for _ in range(MEMORY_REPS):
            start.record()
            copy()
            end.record()
            end.synchronize()
            rates.append(nbytes / (start.elapsed_time(end) / 1000.0) / 1e9)
        ordered = sorted(rates)
        return {"GBps": ordered[len(ordered) // 2], "minGBps": ordered[0], "maxGBps": ordered[-1]}

    def measure(o):
        started = time.time()
        dev = "cuda:%d" % o
        # Two buffers of at most a quarter of the free memory each: a small or busy GPU measures a smaller copy instead of failing.
        try:
            free = torch.cuda.mem_get_info(o)[0]
        except Exception:
            free = 4 * MEMORY_D2D_BYTES
        nbytes = max(64 << 20, min(MEMORY_D2D_BYTES, (free // 4) >> 20 << 20))
        src = torch.empty(nbytes, dtype=torch.uint8, device=dev)
        dst = torch.empty_like(src)
        device = dict(timed(o, lambda: dst.copy_(src), 2 * nbytes), bytes=nbytes)
        del src, dst
        gpu = torch.empty(MEMORY_HOST_BYTES, dtype=torch.uint8, device=dev)
        pinned = torch.empty(MEMORY_HOST_BYTES, dtype=torch.uint8, pin_memory=True)
        pageable = torch.empty(MEMORY_HOST_BYTES, dtype=torch.uint8)
        row = {"index": o, "uuid": device_uuid(torch, o), "deviceCopy": device,
               "h2dPinned": timed(o, lambda: gpu.copy_(pinned, non_blocking=True), MEMORY_HOST_BYTES),
               "d2hPinned": timed(o, lambda: pinned.copy_(gpu, non_blocking=True), MEMORY_HOST_BYTES),
               "h2dPageable": timed(o, lambda: gpu.copy_(pageable), MEMORY_HOST_BYTES),
               "d2hPageable": timed(o, lambda: pageable.copy_(gpu), MEMORY_HOST_BYTES)}
        row["pcie"] = pcie_link_of(torch, o)
        del gpu, pinned, pageable
        row["seconds"] = time.time() - started
        return row

    got = on_each_device(torch, ordinals, measure, sequential=True)
    failed = ["cuda:%d: %s" % (o, got[o]["error"]) for o in ordinals if "error" in got[o]]
    if failed and len(failed) == len(ordinals):
        raise RuntimeError(failed[0])
    per_gpu = [dict(got[o], index=o) if "error" in got[o] else got[o] for o in ordinals]
    return {"deviceCopyBytes": MEMORY_D2D_BYTES, "hostCopyBytes": MEMORY_HOST_BYTES, "reps": MEMORY_REPS, "perGpu": per_gpu}


def platform_facts():
    """What decides whether GPUs may talk directly: a hypervisor, the IOMMU, this process's CPUs. Bounded reads of small /proc and /sys files."""
    def read(path, limit=65536):
        try:
            with open(path, "rb") as fh:
                return fh.read(limit).decode("utf-8", "replace")
        except Exception:
            return None
    cpuinfo = read("/proc/cpuinfo", 1 << 20) or ""
    try:
        groups = len(os.listdir("/sys/kernel/iommu_groups"))
    except Exception:
        groups = None
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except Exception:
        cpus = None
    return {"hypervisor": (" hypervisor" in cpuinfo) if cpuinfo else None,
            "dmiProduct": (read("/sys/class/dmi/id/product_name", 256) or "").strip() or None,
            "iommuGroups": groups, "kernelCmdline": (read("/proc/cmdline", 4096) or "").strip() or None, "cpus": cpus}


NCCL_KEEP_RE = re.compile(r"NCCL INFO .*(NCCL version|via |NET/|SHM|P2P|NVLS|Using network|Init COMPLETE|Connected all|ncclCommInitRank|comm 0x|Channel 00|P2P plugin|disabled|set by environment to)|NCCL WARN")
NCCL_SETTINGS_MAX = 40
NCCL_CONF_MAX_BYTES = 64 * 1024


def nccl_environment():
    """Every NCCL_* variable this process has (NCCL reads dozens; any of them can slow or break the links), capped."""
    # NCCL_VERSION is a label NVIDIA's images set (the NCCL they shipped); NCCL itself never reads it.
    names = sorted(k for k in os.environ if k.startswith("NCCL_") and k != "NCCL_VERSION")[:NCCL_SETTINGS_MAX]
    return {k: (os.environ[k] if len(os.environ[k]) <= ENV_VALUE_MAX else os.environ[k][:ENV_VALUE_MAX] + "...") for k in names}


def nccl_conf_paths():
    """The files NCCL reads its settings from, in its own order: $NCCL_CONF_FILE, else the user's ~/.nccl.conf (NCCL
    takes the home directory from the password database), then /etc/nccl.conf. A variable already set wins."""
    user = os.environ.get("NCCL_CONF_FILE")
    if not user:
        try:
            import pwd
            user = os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".nccl.conf")
        except Exception:
            user = None
    return [p for p in (user, "/etc/nccl.conf") if p]


def nccl_conf_files():
    """NCCL settings found in its config files: path and NAME=VALUE lines, or why the file could not be read.
    Only regular files are opened (a FIFO would block), and only the first 64 KiB of each is read."""
    import stat
    out = []
    for path in nccl_conf_paths():
        try:
            st = os.stat(path)
        except OSError:
            continue
        entry = {"path": path, "settings": {}}
        if not stat.S_ISREG(st.st_mode):
            entry["error"] = "not a regular file"
        else:
            try:
                with open(path, "rb") as f:
                    text = f.read(NCCL_CONF_MAX_BYTES).decode("utf-8", "replace")
                for line in text.splitlines():
                    line = line.strip()
                    if not line or line.startswith("#") or "=" not in line:
                        continue
                    name, value = line.split("=", 1)
                    name = name.strip()
                    if name and len(entry["settings"]) < NCCL_SETTINGS_MAX:
                        entry["settings"][name] = value.strip()[:ENV_VALUE_MAX]
            except OSError as exc:
                entry["error"] = err_text(exc)
        out.append(entry)
    return out


def wait_for_file(path):
    while path and not os.path.exists(path):
        time.sleep(0.01)


def connect_nccl_now(dist, device):
    """Makes NCCL's communicator now rather than at the first all-reduce (torch 2.4+; older ones make it then)."""
    try:
        backend = dist.distributed_c10d._get_default_group()._get_backend(device)
        connect = getattr(backend, "eager_connect_single_device", None)
    except Exception:
        return False
    if connect is None:
        return False
    connect(device)
    return True


def finish_with_siblings(dist, world, seconds=10.0):
    """After this rank's output is written: wait (through the rendezvous store, no GPU) until every rank is
    past its last collective, so none leaves while a sibling's kernel may still read its memory; no
    NCCL teardown either, which costs tenths of a second and can only add noise after the facts."""
    try:
        store = dist.distributed_c10d._get_default_store()
        store.add("gpu-doctor-finished", 1)
        ends = time.time() + seconds
        while store.add("gpu-doctor-finished", 0) < world and time.time() < ends:
            time.sleep(0.005)
    except Exception:
        pass  # rank 0 holds the store and may already be gone: every rank was past its collectives then


AFTER_OUTPUT = []  # what __main__ runs once the JSON document is written


def nccl_worker(args):
    """One rank of the all-reduce measurement (run as a child of the probe): prints one JSON line.

    Started once step 1's facts are in, so that importing torch (seconds) overlaps steps 2 to 5.
    Then, in three stages the probe sets off with files: nothing but this GPU's CUDA context and
    the CPU-only rendezvous until --nccl-prepare (step 6 has started); then the buffer and NCCL's
    communicator while the probe measures its peer copies, and --nccl-ready says so; then, at --nccl-go, the all-reduces, the only part that uses the links.
    """
    start_cuda_driver_early([args.nccl_device])  # a context, no work: steps 4 and 5 on this GPU see no kernel of ours
    import datetime
    import torch
    import torch.distributed as dist
    # A failure here (a torch without NCCL) is reported after the prepare, as any other of step 6.
    try:
        dist.init_process_group("nccl", init_method="tcp://127.0.0.1:%d" % args.nccl_port, rank=args.nccl_rank,
                                world_size=args.nccl_world, timeout=datetime.timedelta(seconds=args.nccl_timeout))
        early_error = None
    except Exception as exc:
        early_error = exc
    wait_for_file(args.nccl_prepare)
    if early_error is not None:
        raise early_error
    phases = {}
    mark = time.time()
    device = torch.device("cuda", args.nccl_device)
    torch.cuda.set_device(device)
    n = 64 * 1024 * 1024  # 256 MiB of float32, nccl-tests' large-message range
    x = torch.ones(n, device=device, dtype=torch.float32)
    torch.cuda.synchronize()
    phases["contextS"], mark = time.time() - mark, time.time()
    connect_nccl_now(dist, device)
    phases["communicatorS"] = time.time() - mark
    if args.nccl_ready:
        with open(args.nccl_ready, "w"):
            pass
    wait_for_file(args.nccl_go)
    mark = time.time()
    for _ in range(3):
        dist.all_reduce(x)
    torch.cuda.synchronize()
    phases["connectS"], mark = time.time() - mark, time.time()
    # 10 all-reduces, then more until about 50 ms are timed: at NVLink speed 10 take ~12 ms, where one late
    # launch moves the figure by several per cent (nccl-tests times 20 after 5 warm-ups). Every rank must
    # run the same number, so the ranks agree on it (the largest wish) by an all-reduce left out of the timing.
    def timed(count):
        began = time.time()
        for _ in range(count):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        return time.time() - began

    dist.barrier()
    first = timed(10)
    wish = 0 if first >= 0.05 else min(190, 10 * int((0.05 - first) / (first / 10) / 10 + 1))
    more = torch.tensor([wish], device=device, dtype=torch.int64)
    dist.all_reduce(more, op=dist.ReduceOp.MAX)
    extra = int(more.item())
    iters = 10 + extra
    elapsed = (first + (timed(extra) if extra else 0.0)) / iters
    size = n * 4
    algbw = size / elapsed / 1e9
    world = args.nccl_world
    phases["measureS"] = time.time() - mark
    AFTER_OUTPUT.append(lambda: finish_with_siblings(dist, world))
    return {"rank": args.nccl_rank, "bytes": size, "iterations": iters, "ms": elapsed * 1000.0, "algbwGBps": algbw, "busbwGBps": algbw * 2.0 * (world - 1) / world,
            "phasesS": phases}


class NcclRanks:
    """One process per GPU for the all-reduce, started early: each imports torch, then waits for prepare() and run().
    Started as soon as the probe knows the GPUs: the ranks' own torch import is what step 6 otherwise waits for.

    Their stdin stays open (--parent-watch: they end when the probe does); their output goes to files
    read once they end. The children see the same GPUs as this probe: ordinal o here is ordinal o there.
    """

    def __init__(self, ordinals, deadline):
        import socket
        import tempfile
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        env = dict(os.environ)
        # NCCL's INFO lines are step 6's evidence: a user's NCCL_DEBUG_FILE would send them to a file, and a
        # NCCL_DEBUG_SUBSYS without INIT would drop the transport lines. An empty file name means stdout to NCCL,
        # and set here these win over /etc/nccl.conf too (NCCL never overwrites a variable already set).
        env.update({"NCCL_DEBUG": "INFO", "NCCL_DEBUG_FILE": "", "NCCL_DEBUG_SUBSYS": "INIT,BOOTSTRAP,ENV", "NCCL_NVLS_ENABLE": "0", "PYTHONUNBUFFERED": "1"})
        self.deadline = deadline
        self.ordinals = list(ordinals)
        self.ends = None  # run() sets it
        self.tmp = tempfile.mkdtemp(prefix="gpu-doctor-nccl-")
        self.prepare_file = os.path.join(self.tmp, "prepare")
        self.go_file = os.path.join(self.tmp, "go")
        self.ready_files = [os.path.join(self.tmp, "%d.ready" % rank) for rank in range(len(ordinals))]
        self.procs, self.files = [], []
        for rank, o in enumerate(ordinals):
            cmd = [sys.executable, os.path.abspath(__file__), "--parent-watch", "--nccl-rank", str(rank), "--nccl-world", str(len(ordinals)),
                   "--nccl-port", str(port), "--nccl-device", str(o), "--nccl-timeout", str(int(deadline)),
                   "--nccl-prepare", self.prepare_file, "--nccl-ready", self.ready_files[rank], "--nccl-go", self.go_file]
            out_f = open(os.path.join(self.tmp, "%d.out" % rank), "w+b")
            err_f = open(os.path.join(self.tmp, "%d.err" % rank), "w+b")
            self.files.append((out_f, err_f))
            self.procs.append(subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=out_f, stderr=err_f, env=env))

    def prepare(self):
        """Lets the ranks make their buffers and NCCL's communicator: no traffic on the links, so it may overlap
        the probe's peer copies (not steps 4 and 5, which it disturbs)."""
        if not os.path.exists(self.prepare_file):
            with open(self.prepare_file, "w"):
                pass

    def run(self):
        """Waits until every rank is ready (or one has ended), lets them go and waits for them, all within the deadline
        (plus what is left of their torch import). Returns the result and how long the probe waited for ready."""
        self.prepare()
        self.ends = time.time() + self.deadline
        waited = time.time()
        while (time.time() < self.ends and not all(os.path.exists(f) for f in self.ready_files)
               and all(p.poll() is None for p in self.procs)):
            time.sleep(0.005)
        waited = time.time() - waited
        killed = set()
        if any(p.poll() not in (None, 0) for p in self.procs):
            # A rank failed before the all-reduce: its siblings would wait for it until the deadline.
            grace = time.time() + 2.0
            while time.time() < grace and any(p.poll() is None for p in self.procs):
                time.sleep(0.02)
            killed = {i for i, p in enumerate(self.procs) if p.poll() is None}
            self.stop()
        with open(self.go_file, "w"):
            pass
        while time.time() < self.ends and any(p.poll() is None for p in self.procs):
            time.sleep(0.005)
        timed_out = any(p.poll() is None for p in self.procs)
        self.stop()
        outputs = []
        for out_f, err_f in self.files:
            out_f.seek(0)
            err_f.seek(0)
            outputs.append((out_f.read(1 << 20), err_f.read(4 << 20)))
        self.close()
        result = nccl_result(self.procs, outputs, timed_out, self.deadline, killed)
        if result.get("result") and isinstance(result["result"].get("phasesS"), dict):
            result["result"]["phasesS"]["probeWaitedS"] = waited
        return result

    def stop(self):
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            try:
                p.wait(10)
            except Exception:
                pass
            try:
                p.stdin.close()
            except Exception:
                pass

    def close(self):
        for pair in self.files:
            for f in pair:
                f.close()
        self.files = []
        import shutil
        shutil.rmtree(self.tmp, ignore_errors=True)


class EarlyRanks:
    """Step 6's ranks started from the CUDA driver's GPU count while the probe itself imports torch, for a
    diagnosis of every GPU (no --gpus): their torch import, which step 6 otherwise waits for, then
    overlaps the probe's. Taken once the probe knows its GPUs, if they are the same; else stopped.
    """

    def __init__(self, deadline, wanted):
        self.deadline = deadline
        self.wanted = wanted
        self.ranks = None

    def start(self, count):
        if count > 1:
            self.ranks = NcclRanks(list(range(count)), self.deadline)
        return self.ranks is not None

    def take(self, counted, ordinals):
        """The early ranks if they are for exactly these ordinals, else None (and they are stopped)."""
        if not self.wanted:
            return None
        counted.wait(10)
        ranks, self.ranks = self.ranks, None
        if ranks is not None and ranks.ordinals == list(ordinals):
            return ranks
        if ranks is not None:
            ranks.stop()
            ranks.close()
        return None

    def discard(self, counted):
        self.take(counted, [])


def nccl_allreduce(ordinals, deadline, ranks=None):
    """NCCL all-reduce across the GPUs, one process per GPU, with a deadline; NCCL's own INFO lines are the evidence."""
    ranks = ranks or NcclRanks(ordinals, deadline)
    try:
        return ranks.run()
    finally:
        ranks.stop()
        ranks.close()


def nccl_result(procs, outputs, timed_out, deadline, killed=()):
    lines, results, errors = [], [], []
    for i, o in enumerate(outputs):
        out, err = o if o else (b"", b"")
        text = err.decode("utf-8", "replace")
        if i == 0:
            # NCCL writes its INFO lines to the C stdout (fd 1), Python's own output went to stderr.
            both = out.decode("utf-8", "replace") + "\n" + text
            lines = [l.strip() for l in both.splitlines() if NCCL_KEEP_RE.search(l)][:60]
        for l in out.decode("utf-8", "replace").splitlines():
            if l.startswith("{"):
                try:
                    got = json.loads(l)
                except Exception:
                    continue
                if "fatal" in got:
                    errors.append("rank %d: %s" % (i, got["fatal"][:500]))
                else:
                    results.append(got)
        if procs[i].returncode not in (0, None) and not timed_out and i not in killed:
            last = [l for l in text.splitlines() if l.strip() and "NCCL INFO" not in l]
            errors.append("rank %d exit %s: %s" % (i, procs[i].returncode, last[-1][:500] if last else ""))
    return {"deadlineS": deadline, "timedOut": timed_out, "env": nccl_environment(), "confFiles": nccl_conf_files(),
            "result": next((r for r in results if r.get("rank") == 0), None), "errors": errors[:4], "debugLines": lines}


COPY_REPS = 5
# From this many GPUs on, the ordered pairs (n(n-1): 56 at 8) are copied in rounds of disjoint pairs.
CONCURRENT_COPIES_FROM = 4


def copy_rounds(ordinals):
    """Every ordered pair of `ordinals` in rounds where each GPU is in at most one copy (as source or
    destination), so that no GPU's links carry two copies at once: the circle method's rounds of
    unordered pairs, each pair once per direction. n - 1 rounds of n / 2 pairs, twice (an odd n
    gets a rest seat: n rounds of (n - 1) / 2 pairs, twice)."""
    seats = list(ordinals) + ([None] if len(ordinals) % 2 else [])
    m = len(seats)
    rounds = []
    for _ in range(m - 1):
        pairs = [(seats[i], seats[m - 1 - i]) for i in range(m // 2)]
        pairs = [(a, b) for a, b in pairs if a is not None and b is not None]
        if pairs:
            rounds.append(pairs)
        seats = [seats[0], seats[-1]] + seats[1:-1]
    return rounds + [[(b, a) for a, b in r] for r in rounds]


def measure_copies(torch, ordinals, size):
    """A P2P copy per ordered pair, GB/s each: one pair at a time below CONCURRENT_COPIES_FROM GPUs; from
    there on in copy_rounds, each pair timed by CUDA events on its own stream (the pairs of a round run
    together, none sharing a GPU). Returns (copies, mode)."""
    if len(ordinals) < CONCURRENT_COPIES_FROM:
        return sequential_copies(torch, ordinals, size), {"mode": "sequential", "rounds": len(ordinals) * (len(ordinals) - 1)}
    rounds = copy_rounds(ordinals)
    src = {o: torch.empty(size, dtype=torch.uint8, device="cuda:%d" % o) for o in ordinals}
    dst = {o: torch.empty(size, dtype=torch.uint8, device="cuda:%d" % o) for o in ordinals}
    streams = {o: torch.cuda.Stream(device=o) for o in ordinals}
    copies = []
    for pairs in rounds:
        timed = []
        for a, b in pairs:
            dst[b].copy_(src[a])  # warm-up, outside the timing
        for o in ordinals:
            torch.cuda.synchronize(o)
        for a, b in pairs:
            with torch.cuda.device(a), torch.cuda.stream(streams[a]):
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                start.record(streams[a])
                for _ in range(COPY_REPS):
                    dst[b].copy_(src[a], non_blocking=True)
                end.record(streams[a])
            timed.append((a, b, start, end))
        for o in ordinals:
            torch.cuda.synchronize(o)
        for a, b, start, end in timed:
            seconds = start.elapsed_time(end) / 1000.0
            copies.append({"from": a, "to": b, "GBps": size * COPY_REPS / seconds / 1e9 if seconds > 0 else 0.0})
    del src, dst
    order = {(a, b): i for i, (a, b) in enumerate((a, b) for a in ordinals for b in ordinals if a != b)}
    copies.sort(key=lambda c: order[(c["from"], c["to"])])
    # Pairs of a round may still share a path (two PCIe switches' uplinks, the CPUs' interconnect): a
    # pair well below the others is measured again alone, and that figure is the one reported.
    for c in slower_than_most(copies):
        c["GBps"], c["alone"] = copy_alone(torch, c["from"], c["to"], size), True
    return copies, {"mode": "concurrent", "rounds": len(rounds), "pairsPerRound": max(len(r) for r in rounds),
                    "measuredAlone": sum(1 for c in copies if c.get("alone"))}


RECHECK_BELOW = 0.7


def slower_than_most(copies):
    """The copies below RECHECK_BELOW of the median pair's GB/s."""
    if not copies:
        return []
    rates = sorted(c["GBps"] for c in copies)
    median = rates[len(rates) // 2]
    return [c for c in copies if c["GBps"] < RECHECK_BELOW * median]


def sequential_copies(torch, ordinals, size):
    """One ordered pair at a time."""
    return [{"from": a, "to": b, "GBps": copy_alone(torch, a, b, size)} for a in ordinals for b in ordinals if a != b]


def copy_alone(torch, a, b, size):
    """GB/s of one copy from GPU a to GPU b with nothing else copying, timed by the wall clock around synchronised copies."""
    src = torch.empty(size, dtype=torch.uint8, device="cuda:%d" % a)
    dst = torch.empty(size, dtype=torch.uint8, device="cuda:%d" % b)
    dst.copy_(src)
    torch.cuda.synchronize(a)
    torch.cuda.synchronize(b)
    started = time.time()
    for _ in range(COPY_REPS):
        dst.copy_(src, non_blocking=True)
    torch.cuda.synchronize(a)
    torch.cuda.synchronize(b)
    elapsed = time.time() - started
    del src, dst
    return size * COPY_REPS / elapsed / 1e9


def links_workload(torch, ordinals, deadline=60.0, ranks=None):
    """Step 6: the peer-access matrix, a P2P copy per ordered pair, and an NCCL all-reduce across all GPUs
    (by `ranks` when they were started early)."""
    n = len(ordinals)
    if ranks is not None:
        # Their communicator is made now, while the copies below are measured, and not during steps 4 and 5:
        # made while step 4 ran, it cost 3-5 % of step 4's TFLOP/s and once a step 5 warning (4 x H200).
        ranks.prepare()
    peer = [[True if a == b else bool(torch.cuda.can_device_access_peer(a, b)) for b in ordinals] for a in ordinals]
    size = 128 * 1024 * 1024
    copies, copy_mode = measure_copies(torch, ordinals, size)
    return {"ordinals": list(ordinals), "uuids": [device_uuid(torch, o) for o in ordinals], "peerAccess": peer, "copies": copies,
            "copyBytes": size, "copyMode": copy_mode, "nccl": nccl_allreduce(ordinals, deadline, ranks) if n > 1 else None, "platform": platform_facts()}


def chosen_ordinals(torch, wanted):
    """The CUDA ordinals --gpus names: ordinals ("0,3"), UUIDs ("GPU-a3bf…", a unique prefix is enough) or "all".

    Returns (ordinals, problem): problem is a sentence when an entry matches no visible GPU.
    """
    count = torch.cuda.device_count()
    if not wanted or wanted.strip().lower() == "all":
        return list(range(count)), None
    uuids = [(device_uuid(torch, i) or "").lower() for i in range(count)]
    out = []
    for raw in wanted.split(","):
        entry = raw.strip()
        if not entry:
            continue
        if re.match(r"^\d+$", entry):
            if int(entry) >= count:
                return None, "--gpus %s: only %d GPU(s) are visible to PyTorch (CUDA ordinals 0-%d)" % (entry, count, count - 1)
            o = int(entry)
        else:
            bare = re.sub(r"^(GPU|MIG)-", "", entry, flags=re.I).lower()
            hits = [i for i, u in enumerate(uuids) if u and u.startswith(bare)]
            if len(hits) != 1:
                return None, "--gpus %s: %s visible GPU has this UUID" % (entry, "no" if not hits else "more than one")
            o = hits[0]
        if o not in out:
            out.append(o)
    return out, None


def usable_ordinals(devices, ordinals):
    """The chosen ordinals split into those step 1's exercise used and those it could not use.

    Returns (kept, left_out): left_out names each GPU the workloads leave out, with the call that
    failed and its error, so that a full or lost GPU stops only itself.
    """
    failed = {d["index"]: d.get("exercise") or {} for d in devices if not (d.get("exercise") or {}).get("ok", True)}
    kept = [o for o in ordinals if o not in failed]
    left_out = [{"index": o, "failedCall": failed[o].get("failedCall"), "error": failed[o].get("error")} for o in ordinals if o in failed]
    return kept, left_out


def workload_gpus(torch, wanted, cuda):
    """The GPUs steps 4-6 load: those --gpus chose that step 1 could use. Returns (ordinals, problem, left_out)."""
    ordinals, problem = chosen_ordinals(torch, wanted)
    if not ordinals:
        return ordinals, problem, []
    kept, left_out = usable_ordinals(cuda.get("devices") or [], ordinals)
    if not kept:
        problem = "every GPU chosen failed in step 1: %s" % ", ".join("cuda:%d" % u["index"] for u in left_out)
    return kept, problem, left_out


def run_workloads(torch, args, doc, probe, cuda_ok, ordinals, gpus_problem, mode, ranks):
    """The workloads asked for, in order, into doc["workloads"]; after a CUDA error the ones that need a sane context are skipped."""
    cuda_broken = None  # the first CUDA error of a workload: the context may be unusable after it
    for name in args.workload:
        if cuda_broken and name in ("links", "cudnn-maps"):
            doc["workloads"][name] = {"skipped": "an earlier CUDA error in this process", "earlierError": cuda_broken}
            continue
        if cuda_ok and gpus_problem and name in ("conv", "sustained", "memory", "links"):
            doc["workloads"][name] = {"error": gpus_problem}
            continue
        if not cuda_ok:
            doc["workloads"][name] = {"skipped": "CUDA is not available to PyTorch"}
            continue
        progress("workload:" + name)
        try:
            if name == "conv":
                doc["workloads"]["conv"] = conv_workload(torch, args.disable_cudnn, args.conv_seconds, ordinals, mode)
            elif name == "sustained":
                doc["workloads"]["sustained"] = sustained_workload(torch, args.seconds, ordinals, mode)
            elif name == "memory":
                doc["workloads"]["memory"] = memory_workload(torch, ordinals)
            elif name == "links":
                doc["workloads"]["links"] = (links_workload(torch, ordinals, args.links_deadline, ranks) if len(ordinals) > 1
                                             else {"skipped": "one GPU usable by PyTorch" if doc.get("unmeasured") else "one GPU visible to PyTorch"})
            elif name == "cudnn-maps":
                x = torch.randn(1, 3, 32, 32, device="cuda")
                with torch.no_grad():
                    torch.nn.functional.conv2d(x, torch.randn(8, 3, 3, 3, device="cuda"))
                torch.cuda.synchronize()
                doc["workloads"]["cudnn-maps"] = {"mapped": mapped_cuda_libraries()}
        except Exception as exc:
            doc["workloads"][name] = {"error": err_text(exc)}
            probe.error("workload." + name, exc)
            if "CUDA error" in str(exc) or "AcceleratorError" in type(exc).__name__:
                cuda_broken = {"workload": name, "error": err_text(exc)}
        if not cuda_broken and name in ("conv", "sustained", "memory"):
            w = doc["workloads"].get(name) or {}
            bad = [g for g in (w.get("perGpu") or []) if "CUDA error" in str(g.get("error", ""))]
            if bad:
                cuda_broken = {"workload": name, "error": "cuda:%d: %s" % (bad[0]["index"], bad[0]["error"])}


def run_probe_body(args, doc, probe, early, counted):
    """Everything after the early start: import torch, the facts, ldd and the workloads, into doc."""
    torch, doc["torch"] = import_torch(probe)
    doc["cudnnCopies"] = cudnn_copies()
    if torch is not None:
        if args.disable_cudnn:
            torch.backends.cudnn.enabled = False
        progress("facts")
        try:
            doc["cuda"] = cuda_facts(torch, probe)
        except Exception as exc:
            probe.error("cuda", exc)
        cuda_ok = bool(doc.get("cuda", {}).get("available")) and not doc.get("cuda", {}).get("initError")
        ordinals, gpus_problem, left_out = (workload_gpus(torch, args.gpus, doc["cuda"]) if cuda_ok else (None, None, []))
        if left_out:
            doc["unmeasured"] = left_out
        ranks = None
        if "links" in args.workload and cuda_ok and not gpus_problem and ordinals and len(ordinals) > 1:
            try:
                # Started with torch's import where every GPU is measured; else now, while steps 2 to 5 run.
                ranks = early.take(counted, ordinals) or NcclRanks(ordinals, args.links_deadline)
            except Exception as exc:
                probe.error("workload.links", exc)
        else:
            early.discard(counted)
        try:
            doc["cudnn"] = cudnn_facts(torch, probe)
        except Exception as exc:
            probe.error("cudnn", exc)
        progress("ldd")
        try:
            lib_dir, libs = torch_cuda_libraries(torch)
            ldd_runs = [] if args.no_ldd or sys.platform != "linux" else run_ldd_all(libs)
            outside = resolved_outside_wheel(ldd_runs)
            for item in outside:
                item["undefinedSymbols"] = undefined_symbols(item["neededBy"])
            doc["libraries"] = {"torchLibDir": lib_dir, "inspected": libs, "ldd": ldd_runs, "outsideWheel": outside}
        except Exception as exc:
            probe.error("ldd", exc)
        doc["workloads"] = {}
        mode = measurement_mode(ordinals)
        try:
            run_workloads(torch, args, doc, probe, cuda_ok, ordinals, gpus_problem, mode, ranks)
        finally:
            if ranks is not None:
                ranks.stop()
                ranks.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workload", action="append", default=[], choices=["conv", "sustained", "memory", "cudnn-maps", "links"])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--disable-cudnn", action="store_true", help="run with torch.backends.cudnn.enabled = False")
    ap.add_argument("--no-ldd", action="store_true")
    ap.add_argument("--conv-seconds", type=float, default=0.25, help="time each conv case for at least this long")
    ap.add_argument("--gpus", default=None, help="the GPUs steps 4 and 5 load: CUDA ordinals or UUIDs, comma-separated, or all (default: all)")
    ap.add_argument("--parent-watch", action="store_true", help="exit when stdin closes or the parent dies (the runner holds stdin open)")
    ap.add_argument("--links-deadline", type=float, default=60.0, help="seconds the NCCL all-reduce may take before it counts as hung")
    for hidden in ("--nccl-rank", "--nccl-world", "--nccl-port", "--nccl-device", "--nccl-timeout"):
        ap.add_argument(hidden, type=int, default=None, help=argparse.SUPPRESS)
    for hidden in ("--nccl-prepare", "--nccl-ready", "--nccl-go"):
        ap.add_argument(hidden, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.nccl_rank is not None:
        return nccl_worker(args)

    probe = Probe()
    doc = probe.doc
    started = time.time()
    doc["python"] = python_facts()
    doc["env"] = {k: os.environ.get(k) for k in ENV_KEYS}
    doc["environment"] = environment_values()
    progress("import-torch")
    wants_links = "links" in args.workload and (not args.gpus or args.gpus.strip().lower() == "all")
    early = EarlyRanks(args.links_deadline, wants_links)
    counted = start_cuda_driver_early(on_count=early.start if wants_links else None)
    try:
        run_probe_body(args, doc, probe, early, counted)
    finally:
        early.discard(counted)
    progress("done")
    doc["mappedLibraries"] = mapped_cuda_libraries()
    doc["mappedLibrariesReal"] = {p: os.path.realpath(p) for p in (doc["mappedLibraries"] or [])}
    # Which LD_LIBRARY_PATH entry hands out a libcuda.so.1, and what that file really is (a stub?).
    doc["libcudaOnLdLibraryPath"] = [
        {"dir": d, "realPath": os.path.realpath(os.path.join(d, "libcuda.so.1"))}
        for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d and os.path.exists(os.path.join(d, "libcuda.so.1"))
    ]
    doc["elapsedS"] = time.time() - started
    return doc


if __name__ == "__main__":
    # A crash inside PyTorch or a library (SIGSEGV, SIGABRT) prints the Python call it happened in:
    # the runner quotes it, so "killed by SIGSEGV" comes with where.
    import faulthandler
    faulthandler.enable(file=sys.__stderr__)
    if "--parent-watch" in sys.argv[1:]:
        watch_parent()  # before anything slow: torch's import alone can take seconds
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # anything torch prints must not corrupt the JSON document
    try:
        result = main()
    except SystemExit:
        raise
    except BaseException as exc:  # even here: data, not a traceback on stdout
        result = {"schemaVersion": SCHEMA_VERSION, "probeVersion": PROBE_VERSION, "fatal": err_text(exc), "errors": []}
    real_stdout.write(json.dumps(result, default=str) + "\n")
    real_stdout.flush()
    sys.__stderr__.flush()
    for after in AFTER_OUTPUT:
        after()
    # Everything is written: skip the interpreter's teardown of torch, CUDA contexts and NCCL, which
    # costs tenths of a second and can only add noise (or a crash in a broken library) after the facts.
    os._exit(0)
