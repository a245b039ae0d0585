/*
 * A stand-in libnvidia-ml.so.1 for tests on machines without a GPU: the functions GPU Doctor's NVML
 * sampler binds, with the real signatures and struct layouts, answering fixed values for two GPUs.
 * FAKE_NVML_INIT_RETURN=N makes nvmlInit_v2 return N; compiled with -DFAKE_NVML_NO_COUNT it lacks
 * nvmlDeviceGetCount_v2 (a driver too old for the sampler). FAKE_NVML_IDLE=1 reports 0 % utilisation;
 * FAKE_NVML_CALLS=FILE appends the name of each costly call (utilisation, power limit, per-process
 * utilisation) to FILE, so tests can count what a sampler asks the driver for.
 * FAKE_NVML_COUNT=N makes nvmlDeviceGetCount_v2 answer N (4294967295: a driver answering garbage),
 * and every index opens. FAKE_NVML_HOSTILE=1 answers what a broken or hostile driver may: 0xFFFFFFFF
 * (NVML's "not available") for utilisation, temperature, power, power limit and clocks, more
 * process samples and compute processes than the caller's buffer holds (with SUCCESS), a sample
 * with 0xFFFFFFFF % SM, and 0xFFFFFFFF entries needed (INSUFFICIENT_SIZE) on GPU 1.
 * PCIe: link gen 5 ×16 on GPU 0, gen 4 ×16 on GPU 1; FAKE_NVML_PCIE_KBPS=N sets both throughput counters.
 * GPM (nvml.h "GPM Structs" layout): GPU 0 supports it, GPU 1 does not; FAKE_NVML_GPM=0 removes it from
 * GPU 0 too. Metrics between two samples: SM activity 12.5, occupancy 8, tensor 0.5, DRAM bandwidth 3 %.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef int nvmlReturn_t;
typedef struct { int index; } fake_device;
typedef fake_device *nvmlDevice_t;
typedef struct { unsigned int gpu, memory; } nvmlUtilization_t;
typedef struct { unsigned long long total, free, used; } nvmlMemory_t;
typedef struct { unsigned int version; unsigned long long total, reserved, free, used; } nvmlMemory_v2_t;
typedef struct { unsigned int pid; unsigned long long timeStamp; unsigned int smUtil, memUtil, encUtil, decUtil; } nvmlProcessUtilizationSample_t;
typedef struct { unsigned int pid; unsigned long long usedGpuMemory; unsigned int gpuInstanceId, computeInstanceId; } nvmlProcessInfo_t;

static fake_device devices[2] = {{0}, {1}};
static int initialised = 0;
#define MiB (1024ULL * 1024ULL)

static void log_call(const char *name) {
  const char *path = getenv("FAKE_NVML_CALLS");
  if (!path) return;
  FILE *f = fopen(path, "a");
  if (!f) return;
  fprintf(f, "%s\n", name);
  fclose(f);
}
static int idle(void) { const char *v = getenv("FAKE_NVML_IDLE"); return v && !strcmp(v, "1"); }
static int hostile(void) { const char *v = getenv("FAKE_NVML_HOSTILE"); return v && !strcmp(v, "1"); }
#define NA 0xFFFFFFFFu

nvmlReturn_t nvmlInit_v2(void) {
  const char *r = getenv("FAKE_NVML_INIT_RETURN");
  if (r && atoi(r) != 0) return atoi(r);
  initialised++;
  return 0;
}
nvmlReturn_t nvmlShutdown(void) { if (!initialised) return 1; initialised--; return 0; }
#ifndef FAKE_NVML_NO_COUNT
nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
  const char *n = getenv("FAKE_NVML_COUNT");
  *count = n ? (unsigned int)strtoul(n, NULL, 10) : 2;
  return 0;
}
#endif
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
  if (index > 1 && !getenv("FAKE_NVML_COUNT")) return 2;
  *device = &devices[index % 2];
  return 0;
}
nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *name, unsigned int length) { snprintf(name, length, "Fake NVIDIA H100 80GB HBM3"); return 0; }
nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t d, char *uuid, unsigned int length) { snprintf(uuid, length, "GPU-fake-0000-%04d", d->index); return 0; }
nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t d, nvmlUtilization_t *u) {
  log_call("nvmlDeviceGetUtilizationRates");
  u->gpu = hostile() ? NA : idle() ? 0 : 42 + d->index;
  u->memory = hostile() ? NA : idle() ? 0 : 17;
  return 0;
}
nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t d, nvmlMemory_t *m) { m->total = 81559 * MiB; m->used = 1024 * MiB + 500 * MiB; m->free = m->total - m->used; return 0; }
nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t d, nvmlMemory_v2_t *m) {
  if (m->version != (sizeof(nvmlMemory_v2_t) | (2 << 24))) return 25; /* NVML_ERROR_ARGUMENT_VERSION_MISMATCH */
  m->total = 81559 * MiB; m->reserved = 500 * MiB; m->used = 1024 * MiB + 123; m->free = m->total - m->reserved - m->used;
  return 0;
}
nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t d, unsigned int *mw) { *mw = hostile() ? NA : 123456; return 0; }
nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t d, unsigned int *mw) { log_call("nvmlDeviceGetEnforcedPowerLimit"); *mw = hostile() ? NA : 700000; return 0; }
nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t d, int sensor, unsigned int *t) { if (sensor != 0) return 2; *t = hostile() ? NA : 35 + d->index; return 0; }
nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t d, int type, unsigned int *mhz) { if (type != 1) return 2; *mhz = hostile() ? NA : 1980; return 0; }
nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t d, int counter, unsigned int *kbps) {
  struct timespec pause = {0, 20 * 1000 * 1000}; /* the real one samples over 20 ms */
  nanosleep(&pause, NULL);
  const char *v = getenv("FAKE_NVML_PCIE_KBPS");
  *kbps = v ? (unsigned int)atoi(v) : (counter == 0 ? 1000 : 2000);
  return 0;
}
nvmlReturn_t nvmlDeviceGetCurrPcieLinkGeneration(nvmlDevice_t d, unsigned int *gen) { *gen = d->index == 0 ? 5 : 4; return 0; }
nvmlReturn_t nvmlDeviceGetCurrPcieLinkWidth(nvmlDevice_t d, unsigned int *width) { *width = 16; return 0; }

typedef struct { unsigned int version, isSupportedDevice; } nvmlGpmSupport_t;
typedef struct fake_gpm_sample { int taken; int device; } fake_gpm_sample;
typedef struct { fake_gpm_sample *handle; } nvmlGpmSample_t;
typedef struct { unsigned int metricId; nvmlReturn_t nvmlReturn; double value; struct { char *shortName, *longName, *unit; } metricInfo; } nvmlGpmMetric_t;
typedef struct { unsigned int version, numMetrics; nvmlGpmSample_t sample1, sample2; nvmlGpmMetric_t metrics[98]; } nvmlGpmMetricsGet_t;
static int gpm_on(nvmlDevice_t d) { const char *v = getenv("FAKE_NVML_GPM"); return d->index == 0 && !(v && !strcmp(v, "0")); }
static int gpm_live = 0; /* samples allocated and not freed: a test can ask through FAKE_NVML_CALLS */

nvmlReturn_t nvmlGpmQueryDeviceSupport(nvmlDevice_t d, nvmlGpmSupport_t *s) {
  if (s->version != 1) return 25;
  s->isSupportedDevice = gpm_on(d);
  return 0;
}
nvmlReturn_t nvmlGpmSampleAlloc(nvmlGpmSample_t *s) {
  s->handle = calloc(1, sizeof(fake_gpm_sample));
  gpm_live++;
  log_call("nvmlGpmSampleAlloc");
  return s->handle ? 0 : 999;
}
nvmlReturn_t nvmlGpmSampleFree(nvmlGpmSample_t s) { free(s.handle); gpm_live--; log_call("nvmlGpmSampleFree"); return 0; }
nvmlReturn_t nvmlGpmSampleGet(nvmlDevice_t d, nvmlGpmSample_t s) {
  if (!gpm_on(d)) return 3; /* NOT_SUPPORTED */
  s.handle->taken++;
  s.handle->device = d->index;
  return 0;
}
nvmlReturn_t nvmlGpmMetricsGet(nvmlGpmMetricsGet_t *m) {
  if (m->version != 1) return 25;
  if (!m->sample1.handle || !m->sample2.handle || !m->sample1.handle->taken || !m->sample2.handle->taken) return 2; /* INVALID_ARGUMENT */
  for (unsigned int i = 0; i < m->numMetrics; i++) {
    nvmlGpmMetric_t *x = &m->metrics[i];
    x->nvmlReturn = 0;
    switch (x->metricId) {
      case 2: x->value = 12.5; break;
      case 3: x->value = 8.0; break;
      case 5: x->value = 0.5; break;
      case 10: x->value = 3.0; break;
      case 12: x->value = 1.5; break;
      default: x->nvmlReturn = 3; x->value = 0;
    }
  }
  return 0;
}
nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long *mask) { *mask = 0x5ULL; return 0; }
/* GPU 0: pid 4242 sampled twice (the newest must win), pid 777 once; GPU 1: none (NOT_FOUND). */
nvmlReturn_t nvmlDeviceGetProcessUtilization(nvmlDevice_t d, nvmlProcessUtilizationSample_t *s, unsigned int *count, unsigned long long since) {
  log_call("nvmlDeviceGetProcessUtilization");
  if (d->index == 1) return 6;
  if (s == NULL || *count < 3) { *count = 3; return 7; }
  if (hostile()) {
    unsigned long long at = (unsigned long long)time(NULL) * 1000000ULL;
    nvmlProcessUtilizationSample_t bad[2] = {{4242, at - 100000, NA, 40, 0, 0}, {777, at - 150000, 3, 1, 2, 4}};
    memcpy(s, bad, sizeof bad);
    *count = *count * 4; /* more than the buffer holds, said with SUCCESS */
    return 0;
  }
  unsigned long long now = (unsigned long long)time(NULL) * 1000000ULL;
  nvmlProcessUtilizationSample_t samples[3] = {
    {4242, now - 200000, 10, 5, 0, 0},
    {4242, now - 100000, 93, 40, 0, 0},
    {777, now - 150000, 3, 1, 2, 4},
  };
  memcpy(s, samples, sizeof samples);
  *count = 3;
  return 0;
}
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t d, unsigned int *count, nvmlProcessInfo_t *p) {
  if (hostile()) {
    if (d->index == 1) { *count = NA; return 7; }
    if (*count < 1) { *count = NA; return 7; }
    p[0].pid = 4242; p[0].usedGpuMemory = 512 * MiB; p[0].gpuInstanceId = NA; p[0].computeInstanceId = NA;
    *count = NA; /* more than the buffer holds, said with SUCCESS */
    return 0;
  }
  if (d->index == 1) { *count = 0; return 0; }
  if (*count < 1) { *count = 1; return 7; }
  p[0].pid = 4242; p[0].usedGpuMemory = 512 * MiB; p[0].gpuInstanceId = 0xFFFFFFFF; p[0].computeInstanceId = 0xFFFFFFFF;
  *count = 1;
  return 0;
}
