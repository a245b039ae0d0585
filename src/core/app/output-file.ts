// Files a front end writes for the user (-o FILE, a saved report): checked before the work, written whole or not at all.
export { checkOutputTarget, verifyNotEmpty, verifyPdf, writeOutputFile } from '../platform/files/write-output'
