export { renderExposition, gauge, type MetricFamily } from './exposition'
export { cachedHealthMetrics, healthExposition, healthFailureExposition } from './health-metrics'
export { diagnosisExposition } from './diagnosis-metrics'
