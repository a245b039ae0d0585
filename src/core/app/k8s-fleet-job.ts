// `fleet --k8s-manifest`: the Kubernetes Job that runs one report per GPU node (as JSON, which kubectl applies as it does YAML).
export { fleetJob as k8sFleetJob } from '../platform/k8s/fleet-job'
