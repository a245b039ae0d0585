raise ImportError("/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by /opt/x/site-packages/torch/lib/libtorch_cpu.so)")
