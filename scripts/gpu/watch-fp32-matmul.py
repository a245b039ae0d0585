# Verification only (not for users): FP32 matrix products with PyTorch's defaults for `gpu-doctor watch`
# (issue 38: tensor cores idle on a busy GPU). 8192² float32 matmuls with TF32 off for matmul, as PyTorch
# leaves it (torch.backends.cuda.matmul.allow_tf32 False, float32 matmul precision "highest"): cuBLAS runs
# them on the FP32 units, not the tensor cores. Runs until killed.
import torch

torch.backends.cuda.matmul.allow_tf32 = False
print("allow_tf32", torch.backends.cuda.matmul.allow_tf32, "precision", torch.get_float32_matmul_precision(), flush=True)
a = torch.randn(8192, 8192, device="cuda")
b = torch.randn(8192, 8192, device="cuda")
c = torch.empty(8192, 8192, device="cuda")
step = 0
while True:
    torch.matmul(a, b, out=c)
    step += 1
    if step % 10 == 0:
        torch.cuda.synchronize()
