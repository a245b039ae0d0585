# A `torch` whose import writes two lines to stderr and aborts the process (SIGABRT), as a C++
# exception escaping PyTorch's allocator-config parser would; the probe then prints no JSON at all.
import os
import sys

sys.stderr.write("terminate called after throwing an instance of 'c10::Error'\n")
sys.stderr.write("  what():  gd-test: allocator config could not be parsed: garbage:yes\n")
sys.stderr.flush()
os.abort()
