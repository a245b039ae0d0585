"""A stand-in torch with two 'GPUs': device 0 works, device 1 fails its first kernel with the error in
GD_FAKE_DEVICE1_ERROR (a real CUDA error text), or crashes the process there (GD_FAKE_DEVICE1_SEGV=1, a real
SIGSEGV); for exercising the probe's per-device calls without a GPU."""
import os
import types

__version__ = "2.11.0+cu130"
version = types.SimpleNamespace(cuda="13.0", hip=None, git_version="fake", debug=False)
float32 = "float32"


class device(object):
    def __init__(self, kind, index):
        self.type, self.index = kind, index


class _Props(object):
    def __init__(self, i):
        self.name = os.environ.get("GD_FAKE_DEVICE%d_NAME" % i, "NVIDIA H100 80GB HBM3")
        self.major, self.minor, self.total_memory, self.multi_processor_count = 9, 0, 85 << 30, 132
        self.uuid = "GPU-0000000%d" % i


class _Tensor(object):
    def __init__(self, n, dev):
        self.n, self.dev, self.v = n, dev, 0.0

    def fill_(self, v):
        self.v = v

    def add_(self, v):
        if os.environ.get("GD_FAKE_DEVICE%d_SEGV" % self.dev.index):
            import ctypes
            ctypes.string_at(0)  # reads address 0: the kernel sends SIGSEGV, as a crash in a CUDA library would
        err = os.environ.get("GD_FAKE_DEVICE%d_ERROR" % self.dev.index)
        if err:
            raise RuntimeError(err)
        self.v += v

    def sum(self):
        return types.SimpleNamespace(item=lambda: self.v * self.n)


def empty(n, dtype=None, device=None):
    return _Tensor(n, device)


def _cuda():
    m = types.SimpleNamespace()
    m.is_available = lambda: True
    m.get_arch_list = lambda: ["sm_80", "sm_90", "sm_100", "sm_120"]
    m.device_count = lambda: 2
    m.get_device_properties = _Props
    m.set_device = lambda d: None
    m.synchronize = lambda d=None: None
    m.mem_get_info = lambda d=None: (80 << 30, 85 << 30)
    m.empty_cache = lambda: None
    m.nccl = types.SimpleNamespace(version=lambda: (2, 27, 7))
    return m


cuda = _cuda()
_C = types.SimpleNamespace(_cuda_getDriverVersion=lambda: 13000)


def _current_device_recorder():
    state = {"current": 0}

    def set_device(d):
        state["current"] = d.index if hasattr(d, "index") else int(d)

    cuda.set_device = set_device
    cuda.current_device = lambda: state["current"]


_current_device_recorder()
