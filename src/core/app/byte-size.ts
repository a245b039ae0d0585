// Sizes as people read them (images, pulls): "1.2 GB".
export { formatBytes } from '../platform/docker/container-options'
