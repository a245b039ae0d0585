// A rendered HTML report printed to PDF by a headless Chromium (NoChromiumError when there is none).
export { htmlToPdf } from '../domain/report/rendering/pdf'
