raise ImportError("/opt/x/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommWindowRegister")
