from torch._C import *
