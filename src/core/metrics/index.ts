export { renderExposition, gauge, type MetricFamily } from './exposition'
export { healthExposition, healthFailureExposition } from './health-metrics'
export { diagnosisExposition } from './diagnosis-metrics'
