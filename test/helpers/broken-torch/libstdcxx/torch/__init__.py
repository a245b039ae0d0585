raise ImportError("/usr/lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.32' not found (required by /opt/x/site-packages/torch/lib/libtorch_cpu.so)")
