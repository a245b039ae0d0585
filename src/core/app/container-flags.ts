// What a front end checks of a container run's flags before it starts one: the image's name, its GPUs, its /dev/shm.
export { parseImageReference } from '../platform/docker/image-reference'
export { parseGpuSelection, parseShmSize } from '../platform/docker/container-options'
