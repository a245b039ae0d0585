/**
 * How long steps 4 and 5 load the GPU by default (docs/verification/issues-23-24-speed-h100-x2/):
 * 2 s of load leaves 6 SM% samples at 250 ms after the ramp; 0.25 s per conv case is the timer's
 * floor (5 blocks of 50 ms) and agreed with torch.utils.benchmark as well as 1 s did on H100.
 */
export const DEFAULT_SUSTAIN_SECONDS = 2
export const DEFAULT_CONV_SECONDS = 0.25
