import ctypes
ctypes.CDLL("libcudnn_graph.so.9")
