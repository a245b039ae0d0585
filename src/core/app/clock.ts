// What every front end's waits run on: the real clock, unless a test hands its own.
export { type Clock, realClock } from '../platform/util/clock'
