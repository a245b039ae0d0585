// A small file of the front end's own (window bounds), read only when it is a regular file and not too large.
export { readRegularText } from '../platform/files/read-regular'
