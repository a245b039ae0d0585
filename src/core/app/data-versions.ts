// Which data tables (GPUs, drivers, PyTorch releases...) this build carries, for an About box or a report.
export { dataTableVersions } from '../domain/report/data-versions'
