/**
 * How long steps 4 and 5 load the GPU by default (docs/verification/issues-23-24-speed-h100-x2/):
 * 2 s of load leaves 6 SM% samples at 250 ms after the ramp; 0.25 s per conv case is the timer's
 * floor (5 blocks of 50 ms) and agreed with torch.utils.benchmark as well as 1 s did on H100.
 * Shorter loads are not steady on H100 (docs/verification/issue-24-steadiness/, `npm run bench`):
 * at 1 and 1.5 s the two halves differ by 6–7 % (boost, then the power cap); at 0.5 s they agree
 * but read the boost clocks, 4.5 % above a 4 s load; at 2 s 1–2.4 % apart and 0.3 % above it.
 */
export const DEFAULT_SUSTAIN_SECONDS = 2
export const DEFAULT_CONV_SECONDS = 0.25
