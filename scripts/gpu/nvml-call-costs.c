// Verification on a GPU machine (not for users): CPU of single NVML calls, each alone, back to back and
// after 1–200 ms asleep or spinning; whole samples per wake-up; the driver's sample buffers. In C, so
// no runtime is measured. Build: cc -O2 -o nvml-call-costs nvml-call-costs.c -ldl; modes: all|calls|gaps|wakes|buffers|load
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

typedef void *dev_t_;
typedef int (*fn0)(void);
static void *lib;
static dev_t_ dev;
static unsigned char buf[65536];
static unsigned u32;
static unsigned long long u64, lastSeen;

static void *S(const char *n) { void *p = dlsym(lib, n); if (!p) fprintf(stderr, "missing %s\n", n); return p; }

static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static void sys_user(double *u, double *s) { struct rusage r; getrusage(RUSAGE_THREAD, &r); *u = r.ru_utime.tv_sec * 1e6 + r.ru_utime.tv_usec; *s = r.ru_stime.tv_sec * 1e6 + r.ru_stime.tv_usec; }

static int (*util)(dev_t_, void *), (*memv1)(dev_t_, void *), (*memv2)(dev_t_, void *), (*power)(dev_t_, unsigned *),
    (*limit)(dev_t_, unsigned *), (*temp)(dev_t_, int, unsigned *), (*clock_)(dev_t_, int, unsigned *),
    (*reasons)(dev_t_, unsigned long long *), (*fields)(dev_t_, int, void *), (*samples)(dev_t_, int, unsigned long long, int *, unsigned *, void *),
    (*energy)(dev_t_, unsigned long long *), (*pstate)(dev_t_, int *), (*putil)(dev_t_, void *, unsigned *, unsigned long long);

static int call(const char *name) {
  if (!strcmp(name, "none")) return 0;
  if (!strcmp(name, "util")) return !util ? -1 : util(dev, buf);
  if (!strcmp(name, "memV1")) return !memv1 ? -1 : memv1(dev, buf);
  if (!strcmp(name, "memV2")) { *(unsigned *)buf = 40 | (2 << 24); return !memv2 ? -1 : memv2(dev, buf); }
  if (!strcmp(name, "power")) return !power ? -1 : power(dev, &u32);
  if (!strcmp(name, "limit")) return !limit ? -1 : limit(dev, &u32);
  if (!strcmp(name, "temp")) return !temp ? -1 : temp(dev, 0, &u32);
  if (!strcmp(name, "smClock")) return !clock_ ? -1 : clock_(dev, 1, &u32);
  if (!strcmp(name, "reasons")) return !reasons ? -1 : reasons(dev, &u64);
  if (!strcmp(name, "fieldPowerInstant")) { memset(buf, 0, 40); *(unsigned *)buf = 186; if (!fields) return -1; int r = fields(dev, 1, buf); return r ? r : *(int *)(buf + 28); }
  if (!strcmp(name, "energy")) return !energy ? -1 : energy(dev, &u64);
  if (!strcmp(name, "pstate")) return !pstate ? -1 : pstate(dev, (int *)&u32);
  if (!strcmp(name, "samplesGpuUtil") || !strcmp(name, "samplesPower") || !strcmp(name, "samplesSmClock")) {
    int type = !strcmp(name, "samplesGpuUtil") ? 1 : !strcmp(name, "samplesPower") ? 0 : 5;
    int vt; unsigned n = 1024;
    if (!samples) return -1;
    int r = samples(dev, type, lastSeen, &vt, &n, buf);
    return r == 6 ? 0 : r; // NOT_FOUND: nothing new since lastSeen
  }
  if (!strcmp(name, "processUtil")) { u32 = 256; int r = putil(dev, buf, &u32, 0); return r == 6 ? 0 : r; }
  if (!strcmp(name, "sampleShipped")) {
    if (!util || !memv2 || !power || !limit || !temp || !clock_) return -1; // what NvmlSampler.gpuSample calls today
    int r = util(dev, buf); *(unsigned *)(buf + 64) = 40 | (2 << 24); r |= memv2(dev, buf + 64); r |= power(dev, &u32); r |= limit(dev, &u32);
    r |= temp(dev, 0, &u32); r |= clock_(dev, 1, &u32); return r;
  }
  if (!strcmp(name, "sampleMemV1")) {
    int r = util(dev, buf); r |= memv1(dev, buf + 64); r |= power(dev, &u32); r |= limit(dev, &u32); r |= temp(dev, 0, &u32); r |= clock_(dev, 1, &u32); return r;
  }
  if (!strcmp(name, "sampleNoMem")) {
    int r = util(dev, buf); r |= power(dev, &u32); r |= temp(dev, 0, &u32); r |= clock_(dev, 1, &u32); return r;
  }
  fprintf(stderr, "unknown %s\n", name); exit(2);
}

static void spin_until(double t) { while (now_us() < t) ; }

// gap in µs; mode 0 = sleep, 1 = busy-wait (core stays awake)
static void measure(const char *name, int n, double gap, int mode) {
  double cpu = 0, wall = 0, u0, s0, u1, s1, worst = 0; int bad = 0;
  sys_user(&u0, &s0);
  for (int i = 0; i < n; i++) {
    if (gap > 0) {
      if (mode == 0) { struct timespec ts = { (time_t)(gap / 1e6), (long)((long long)gap % 1000000) * 1000 }; nanosleep(&ts, 0); }
      else spin_until(now_us() + gap);
    }
    double c0 = tcpu(), w0 = now_us();
    if (call(name)) bad++;
    double c = tcpu() - c0; cpu += c; wall += now_us() - w0; if (c > worst) worst = c;
  }
  sys_user(&u1, &s1);
  printf("{\"call\":\"%s\",\"gapMs\":%g,\"wait\":\"%s\",\"n\":%d,\"cpuUs\":%.1f,\"wallUs\":%.1f,\"maxCpuUs\":%.1f,\"failed\":%d}\n", name, gap / 1000, mode ? "spin" : "sleep", n,
         cpu / n, wall / n, worst, bad);
  fflush(stdout);
}

// a whole wake: sleep then the call, thread CPU over all n (what a sampler thread would cost)
static void per_wake(const char *name, int n, double gap) {
  double c0 = tcpu(), u0, s0, u1, s1; sys_user(&u0, &s0);
  for (int i = 0; i < n; i++) { struct timespec ts = { (time_t)(gap / 1e6), (long)((long long)gap % 1000000) * 1000 }; nanosleep(&ts, 0); call(name); }
  double c = tcpu() - c0; sys_user(&u1, &s1);
  printf("{\"wake\":\"%s\",\"gapMs\":%g,\"n\":%d,\"cpuUsPerWake\":%.1f,\"userUs\":%.1f,\"sysUs\":%.1f}\n", name, gap / 1000, n, c / n, (u1 - u0) / n, (s1 - s0) / n);
  fflush(stdout);
}


// how many samples the driver keeps per second, per sampling type, read once a second
static void buffers(int seconds) {
  const char *names[] = { "power", "gpuUtil", "memUtil", "enc", "dec", "smClock", "memClock" };
  unsigned long long seen[7] = { 0 };
  for (int s = 0; s < seconds; s++) {
    struct timespec ts = { 1, 0 }; nanosleep(&ts, 0);
    for (int t = 0; t < 7; t++) {
      if (t == 3 || t == 4) continue;
      int vt; unsigned n = 4096; static unsigned char sb[4096 * 16];
      double c0 = tcpu();
      if (!samples) return;
      int r = samples(dev, t, seen[t], &vt, &n, sb);
      double c = tcpu() - c0;
      unsigned long long first = 0, last = 0; unsigned long long v0 = 0;
      if (r == 0 && n) { first = *(unsigned long long *)sb; last = *(unsigned long long *)(sb + (n - 1) * 16); v0 = *(unsigned long long *)(sb + 8); }
      printf("{\"buffer\":\"%s\",\"second\":%d,\"rc\":%d,\"valueType\":%d,\"count\":%u,\"spanMs\":%.1f,\"firstValueRaw\":%llu,\"cpuUs\":%.1f}\n", names[t], s, r, vt, r ? 0 : n,
             (last - first) / 1000.0, v0, c);
      if (r == 0 && n) seen[t] = last;
    }
    fflush(stdout);
  }
}

int main(int argc, char **argv) {
  lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  if (!lib) { fprintf(stderr, "%s\n", dlerror()); return 1; }
  if (((fn0)S("nvmlInit_v2"))()) return 1;
  if (((int (*)(unsigned, dev_t_ *))S("nvmlDeviceGetHandleByIndex_v2"))(0, &dev)) return 1;
  util = S("nvmlDeviceGetUtilizationRates"); memv1 = S("nvmlDeviceGetMemoryInfo"); memv2 = S("nvmlDeviceGetMemoryInfo_v2");
  power = S("nvmlDeviceGetPowerUsage"); limit = S("nvmlDeviceGetEnforcedPowerLimit"); temp = S("nvmlDeviceGetTemperature");
  clock_ = S("nvmlDeviceGetClockInfo"); reasons = S("nvmlDeviceGetCurrentClocksEventReasons"); fields = S("nvmlDeviceGetFieldValues");
  samples = S("nvmlDeviceGetSamples"); energy = S("nvmlDeviceGetTotalEnergyConsumption"); pstate = S("nvmlDeviceGetPerformanceState");
  putil = S("nvmlDeviceGetProcessUtilization");
  const char *calls[] = { "none", "util", "memV1", "memV2", "power", "limit", "temp", "smClock", "reasons", "fieldPowerInstant", "energy", "pstate",
                          "samplesGpuUtil", "samplesPower", "samplesSmClock", "sampleShipped", "sampleMemV1", "sampleNoMem" };
  int ncalls = sizeof calls / sizeof *calls;
  const char *what = argc > 1 ? argv[1] : "all";
  for (int i = 0; i < ncalls; i++) call(calls[i]); // warm every path once
  if (!strcmp(what, "all") || !strcmp(what, "calls")) {
    for (int i = 0; i < ncalls; i++) {
      measure(calls[i], 200, 0, 0);
      measure(calls[i], 15, 100000, 0);
      measure(calls[i], 15, 100000, 1);
    }
  }
  if (!strcmp(what, "all") || !strcmp(what, "gaps")) {
    const char *g[] = { "util", "memV2", "memV1", "sampleShipped" };
    double gaps[] = { 1000, 5000, 20000, 50000, 200000 };
    for (int i = 0; i < 4; i++) for (int j = 0; j < 5; j++) measure(g[i], j == 4 ? 8 : 20, gaps[j], 0);
  }
  if (!strcmp(what, "all") || !strcmp(what, "wakes")) {
    per_wake("none", 30, 100000);
    per_wake("sampleShipped", 30, 100000);
    per_wake("sampleMemV1", 30, 100000);
    per_wake("sampleNoMem", 30, 100000);
    per_wake("none", 5, 1000000);
    per_wake("sampleShipped", 5, 1000000);
  }
  if (!strcmp(what, "all") || !strcmp(what, "buffers")) buffers(4);
  if (!strcmp(what, "load")) {
    buffers(4);
    measure("sampleShipped", 15, 100000, 0); measure("memV2", 15, 100000, 0); measure("memV1", 15, 100000, 0); measure("util", 15, 100000, 0);
    measure("samplesGpuUtil", 15, 100000, 0); per_wake("sampleShipped", 20, 100000);
  }
  return 0;
}
