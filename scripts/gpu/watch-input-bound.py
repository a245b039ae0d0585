# Verification only (not for users): an input-bound job for `gpu-doctor watch`. Slow CPU transforms
# (blurs on 1024² images) in the Dataset, loaded with num_workers=0 by default (the main process
# prepares every batch), or with --workers N. A small conv net trains on the GPU. Runs until killed.
import sys

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

WORKERS = int(sys.argv[sys.argv.index("--workers") + 1]) if "--workers" in sys.argv else 0


class SlowImages(Dataset):
    def __len__(self):
        return 1_000_000

    def __getitem__(self, i):
        img = torch.rand(1, 3, 1024, 1024)
        kernel = torch.full((3, 1, 7, 7), 1 / 49)
        for _ in range(4):
            img = F.conv2d(img, kernel, padding=3, groups=3)
        return F.interpolate(img, size=224, mode="bilinear")[0], i % 10


model = torch.nn.Sequential(
    torch.nn.Conv2d(3, 32, 3, padding=1), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(32, 10)
).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
loader = DataLoader(SlowImages(), batch_size=16, num_workers=WORKERS)
for x, y in loader:
    loss = F.cross_entropy(model(x.cuda()), y.cuda())
    opt.zero_grad()
    loss.backward()
    opt.step()
