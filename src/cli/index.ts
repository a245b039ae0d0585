import { GPU_DOCTOR_VERSION } from '../shared/version'

const controller = new AbortController()
let interrupted = 0
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    // A second Ctrl-C means "now": exit even if cleanup hangs.
    if (++interrupted > 1) process.exit(130)
    controller.abort()
  })
}
// A closed pipe (gpu-doctor monitor --json | head) is a normal way to stop.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') controller.abort()
})

const argv = process.argv.slice(2)
const full = () => import('./run-cli').then(({ runCli }) => runCli(argv, { env: process.env, stdout: process.stdout, stderr: process.stderr, signal: controller.signal }))
// `gpu-doctor --version` answers before anything else loads (scripts call it to check the install);
// if that write fails, the full CLI runs it again to say why in the user's language and exit 3.
const version = () =>
  new Promise<number | null>((resolve) => {
    process.stdout.write(`gpu-doctor ${GPU_DOCTOR_VERSION}\n`, (error) => resolve(error ? null : 0))
  })
const run = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v') ? version().then((code) => code ?? full()) : full()
run
  .then((code) => {
    process.exitCode = code
  })
  .catch((error: unknown) => {
    process.stderr.write(`gpu-doctor: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  })
