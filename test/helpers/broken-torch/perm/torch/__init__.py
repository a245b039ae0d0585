raise PermissionError(13, "Permission denied", "/opt/x/site-packages/torch/lib/libtorch_cpu.so")
