// Diagnoses and health in Prometheus' text format (node_exporter's textfile collector, serve's /metrics).
export { diagnosisExposition, healthExposition, healthFailureExposition } from '../domain/metrics'
