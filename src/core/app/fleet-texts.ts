// A merged fleet in words: the documents (Markdown, HTML), the pieces of a terminal's table, and why a node's report was left out.
export { fleetCell, fleetFieldLabel, fleetHeadline, fleetLookFirst, fleetRejectReason, fleetWarnings, renderFleetDocument, renderFleetHtml, renderFleetMarkdown } from '../domain/report/fleet/render-fleet'
export { reportTranslator } from '../domain/report/rendering/translator'
