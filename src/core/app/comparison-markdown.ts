// Two runs compared, as the Markdown `report --compare` writes.
export { renderComparisonMarkdown } from '../domain/report/history/render-comparison'
