/*
 * The floor under any sampler that wakes once per sample: a C loop that sleeps for the interval and
 * then makes the same NVML reads as NvmlSampler.sample() for every GPU (utilisation, memory, power,
 * temperature, SM clock), or no read at all ("bare"). No runtime, no JIT, no allocation: what is left
 * is the kernel's wake-up and the driver's own cost. `npm run bench` compiles and runs it beside the
 * Node rows, so the target can be judged against what this machine allows at all.
 *
 * usage: nvml-floor bare|reads COUNT INTERVAL_MS   ->  one line of JSON
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef void *nvml_device;
#define MAX_GPUS 64
#define MEMORY_V2_VERSION (40u | (2u << 24))

static double process_cpu_us(void) {
  struct rusage r;
  getrusage(RUSAGE_SELF, &r);
  return (r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e6 + r.ru_utime.tv_usec + r.ru_stime.tv_usec;
}

static double monotonic_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fail(const char *why) {
  printf("{\"unavailable\":\"%s\"}\n", why);
  exit(0);
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[1], "bare") && strcmp(argv[1], "reads"))) {
    fprintf(stderr, "usage: nvml-floor bare|reads COUNT INTERVAL_MS\n");
    return 2;
  }
  int reads = !strcmp(argv[1], "reads");
  int count = atoi(argv[2]);
  long interval_ms = atol(argv[3]);
  unsigned gpus = 0;
  nvml_device devices[MAX_GPUS];
  int (*utilization)(nvml_device, void *) = NULL, (*memory)(nvml_device, void *) = NULL;
  int (*memory_v1)(nvml_device, void *) = NULL, (*power)(nvml_device, unsigned *) = NULL;
  int (*temperature)(nvml_device, int, unsigned *) = NULL, (*clock_info)(nvml_device, int, unsigned *) = NULL;
  if (reads) {
    const char *explicit_library = getenv("GPU_DOCTOR_NVML_LIBRARY");
    void *lib = dlopen(explicit_library ? explicit_library : "libnvidia-ml.so.1", RTLD_NOW);
    if (!lib) fail("libnvidia-ml.so.1 could not be loaded");
    int (*init)(void) = (int (*)(void))dlsym(lib, "nvmlInit_v2");
    int (*count_fn)(unsigned *) = (int (*)(unsigned *))dlsym(lib, "nvmlDeviceGetCount_v2");
    int (*handle)(unsigned, nvml_device *) = (int (*)(unsigned, nvml_device *))dlsym(lib, "nvmlDeviceGetHandleByIndex_v2");
    utilization = (int (*)(nvml_device, void *))dlsym(lib, "nvmlDeviceGetUtilizationRates");
    memory = (int (*)(nvml_device, void *))dlsym(lib, "nvmlDeviceGetMemoryInfo_v2");
    memory_v1 = (int (*)(nvml_device, void *))dlsym(lib, "nvmlDeviceGetMemoryInfo");
    power = (int (*)(nvml_device, unsigned *))dlsym(lib, "nvmlDeviceGetPowerUsage");
    temperature = (int (*)(nvml_device, int, unsigned *))dlsym(lib, "nvmlDeviceGetTemperature");
    clock_info = (int (*)(nvml_device, int, unsigned *))dlsym(lib, "nvmlDeviceGetClockInfo");
    if (!init || !count_fn || !handle || !utilization || !memory_v1) fail("a required NVML function is missing");
    if (init() != 0) fail("nvmlInit_v2 failed");
    if (count_fn(&gpus) != 0 || gpus == 0) fail("NVML sees no GPU");
    if (gpus > MAX_GPUS) gpus = MAX_GPUS;
    for (unsigned i = 0; i < gpus; i++)
      if (handle(i, &devices[i]) != 0) fail("a GPU handle could not be taken");
  }
  unsigned char buf[64];
  unsigned value;
  struct timespec pause = { interval_ms / 1000, (interval_ms % 1000) * 1000000L };
  double cpu0 = process_cpu_us(), wall0 = monotonic_ms();
  for (int s = 0; s < count; s++) {
    if (s > 0) nanosleep(&pause, NULL);
    for (unsigned i = 0; reads && i < gpus; i++) {
      utilization(devices[i], buf);
      if (memory) {
        *(unsigned *)buf = MEMORY_V2_VERSION;
        memory(devices[i], buf);
      } else memory_v1(devices[i], buf);
      if (power) power(devices[i], &value);
      if (temperature) temperature(devices[i], 0, &value);
      if (clock_info) clock_info(devices[i], 1, &value);
    }
  }
  double cpu = process_cpu_us() - cpu0, wall = monotonic_ms() - wall0;
  printf("{\"mode\":\"floor-%s\",\"samples\":%d,\"gpus\":%u,\"wallMs\":%.3f,\"selfCpuMs\":%.3f,\"childCpuMs\":0}\n", argv[1], count, gpus, wall,
         cpu / 1000);
  return 0;
}
