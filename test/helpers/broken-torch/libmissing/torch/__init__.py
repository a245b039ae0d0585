import ctypes
ctypes.CDLL("libgd_missing_dependency.so.3")
