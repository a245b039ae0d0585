import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Page, WebSocketRoute } from '@playwright/test'

import type { CompareResult, EngineState, LocalImage, PullProgress } from '../src/shared/docker'
import { expect, saveScreenshot, test } from './fixtures'

const ROOT = resolve(import.meta.dirname, '..')
const T4_SMI = readFileSync(resolve(ROOT, 'test/fixtures/public/A/tesla-t4-x4-418.67-no-procs.txt'), 'utf8')

async function openImages(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('tab-images').click()
  await expect(page).toHaveURL(/#images$/)
  await expect(page.getByTestId('page-images')).toBeVisible()
}

/** The recommendation for this machine (the fake H200, driver 580.159.04). */
async function expectH200Pick(page: Page): Promise<string> {
  const pick = page.getByTestId('rec-pick')
  await expect(pick).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('rec-result').getByTestId('rec-input')).toContainText('NVIDIA H200')
  await expect(pick).toHaveAttribute('data-compat', 'native')
  await expect(pick.getByTestId('compat')).toHaveText('native')
  const image = (await pick.getByTestId('rec-image').textContent()) ?? ''
  expect(image).toMatch(/^pytorch\/pytorch:\d+\.\d+\.\d+-cuda\d+\.\d+-cudnn\d+-runtime$/)
  await expect(pick.getByTestId('copy-pull-text')).toHaveText(`docker pull ${image}`)
  await expect(pick.getByTestId('copy-run-text')).toContainText(`docker run --gpus all`)
  return image
}

/** The what-if inputs whose example (placeholder) is wider than the box, so a user reads "e.g. NVIDIA GeForce RTX" without its model. */
async function clippedPlaceholders(page: Page): Promise<string[]> {
  return page.getByTestId('rec-other').locator('input[placeholder]').evaluateAll((inputs) => {
    const ctx = document.createElement('canvas').getContext('2d')!
    return (inputs as HTMLInputElement[]).filter((input) => {
      if (input.value !== '') return false
      const style = getComputedStyle(input)
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return ctx.measureText(input.placeholder).width > room
    }).map((input) => input.placeholder)
  })
}

/** Whichever state the engine on this machine is in, it renders cleanly, with its facts or its problem and fix. */
async function expectEngineRendered(page: Page): Promise<'up' | 'down' | 'unknown'> {
  const engine = page.getByTestId('engine')
  await expect(engine).toHaveAttribute('data-state', /^(up|down|unknown)$/, { timeout: 20_000 })
  const state = (await engine.getAttribute('data-state')) as 'up' | 'down' | 'unknown'
  if (state === 'up') {
    await expect(page.getByTestId('engine-state')).toHaveText('running')
    await expect(page.getByTestId('engine-runtimes').getByTestId('engine-runtime').first()).toBeVisible()
    // Docker shows its nvidia runtime; Podman its CDI path.
    await expect(page.getByTestId('engine-nvidia').or(page.getByTestId('engine-cdi'))).not.toBeEmpty()
    await expect(page.getByTestId('engine-cgroup')).not.toBeEmpty()
    await expect(page.getByTestId('local-images')).toHaveAttribute('aria-busy', 'false')
    await expect(page.getByTestId('local-images-empty').or(page.getByTestId('local-image').first())).toBeVisible()
  } else if (state === 'down') {
    await expect(page.getByTestId('engine-state')).toHaveText('not available')
    await expect(page.getByTestId('engine-problem-message')).not.toBeEmpty()
    await expect(page.getByTestId('engine-problem-fix')).not.toBeEmpty()
    await expect(page.getByTestId('local-images-no-engine')).toBeVisible()
  }
  return state
}

test.describe('Images page (fake H200)', () => {
  test('recommends a native image for the H200, explains it, and copies the commands', async ({ page, served, pageProblems }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await openImages(page, served.url)
    const image = await expectH200Pick(page)
    const pick = page.getByTestId('rec-pick')
    await expect(pick.getByTestId('rec-torch')).toHaveText(/^\d+\.\d+\.\d+$/)
    await expect(pick.getByTestId('rec-reasons')).toContainText('runs natively')
    await expect(pick.getByTestId('mark').first()).toHaveAttribute('data-mark', /^[PSU]$/)
    // The alternatives fold under the pick until asked for.
    await expect(page.getByTestId('rec-alt').first()).toBeHidden()
    await page.getByTestId('rec-result-alternatives').locator('summary').click()
    await expect(page.getByTestId('rec-alt').first()).toBeVisible()
    await expect(page.getByTestId('rec-legend')).toContainText('minor-version compatibility')
    await expect(page.getByTestId('rec-legend')).toContainText('Unverified: at least one fact')

    await pick.getByTestId('copy-pull-button').click()
    await expect(pick.getByTestId('copy-pull')).toHaveAttribute('data-copy', 'copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`docker pull ${image}`)

    const state = await expectEngineRendered(page)
    await saveScreenshot(page, `images-engine-${state}-en`)
    await saveScreenshot(page, 'images-en')

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('tab-images')).toHaveText('镜像')
    await expect(pick.getByTestId('compat')).toHaveText('原生支持')
    await expect(page.getByTestId('rec-local')).toContainText('适合本机的 PyTorch 镜像')
    await saveScreenshot(page, 'images-zh')
    expect(pageProblems).toEqual([])
  })

  test('where the clipboard is denied, Copy selects the command instead', async ({ page, served, pageProblems }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } })
    })
    await openImages(page, served.url)
    await expectH200Pick(page)
    const run = page.getByTestId('rec-pick').getByTestId('copy-run')
    await run.getByTestId('copy-run-button').click()
    await expect(run).toHaveAttribute('data-copy', 'selected')
    await expect(run).toContainText('press Ctrl+C')
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '')
    expect(selected).toMatch(/^docker run --gpus all/)
    expect(pageProblems).toEqual([])
  })

  test('pasted nvidia-smi output of a T4 machine with driver 418.67 shows why nothing runs', async ({ page, served, pageProblems }) => {
    await openImages(page, served.url)
    await expectH200Pick(page)
    await page.getByTestId('smi-paste').fill(T4_SMI)
    await page.getByTestId('other-ask').click()
    const blockers = page.getByTestId('other-result-blockers')
    await expect(blockers).toBeVisible()
    await expect(blockers.getByTestId('blocker').first()).toContainText('Driver 418.67')
    await expect(blockers).toContainText('Upgrade the driver')
    await expect(page.getByTestId('other-result').getByTestId('rec-input')).toContainText('4× Tesla T4')
    await expect(page.getByTestId('other-result').getByTestId('rec-pick')).toHaveCount(0)
    // This machine's answer is still there.
    await expect(page.getByTestId('rec-result').getByTestId('rec-pick')).toHaveAttribute('data-compat', 'native')
    await page.getByTestId('rec-other').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'images-blockers-en')

    // What-if on top of the paste: a newer driver makes it runnable.
    await page.getByTestId('other-driver').fill('570.124.06')
    await page.getByTestId('other-ask').click()
    await expect(page.getByTestId('other-result').getByTestId('rec-pick')).toBeVisible()
    await expect(page.getByTestId('other-result').getByTestId('rec-input')).toContainText('570.124.06')
    // The result cannot be pulled here: it is for another machine.
    await expect(page.getByTestId('other-result').getByTestId('pull-button')).toHaveCount(0)

    // A typo is pointed at before anything is sent.
    await page.getByTestId('other-torch').fill('two')
    await page.getByTestId('other-ask').click()
    await expect(page.getByTestId('field-error-torch')).toBeVisible()

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('other-result-blockers').or(page.getByTestId('other-result').getByTestId('rec-pick'))).toBeVisible()
    await expect(page.getByTestId('field-error-torch')).toHaveText('PyTorch 版本形如 2.8。')
    await page.getByTestId('other-clear').click()
    await expect(page.getByTestId('other-result')).toHaveCount(0)
    expect(pageProblems).toEqual([])
  })
})

test.describe('Images page: arm64 machines, registry check, tables date', () => {
  test('a DGX Spark what-if gets an arm64 image and the aarch64 wheel; the registry check answers or says why not; tables dated in both languages', async ({ page, served, pageProblems }) => {
    await openImages(page, served.url)
    await expectH200Pick(page)
    const local = page.getByTestId('rec-result')
    await expect(local.getByTestId('rec-result-tables')).toContainText(/Tables as of \d{4}-\d{2}-\d{2} \(newest known: PyTorch/)
    // The CLI's flag reads as code, never as raw `backticks`.
    await expect(local.getByTestId('rec-result-tables').locator('code')).toHaveText('recommend --check')
    await expect(page.getByTestId('page-images')).not.toContainText('`')
    expect(await clippedPlaceholders(page)).toEqual([])

    await page.getByTestId('other-gpus').fill('NVIDIA GB10')
    await page.getByTestId('other-driver').fill('580.95.05')
    await page.getByTestId('other-ask').click()
    const other = page.getByTestId('other-result')
    await expect(other.getByTestId('rec-pick')).toBeVisible()
    await expect(other.getByTestId('rec-input')).toContainText('CPU aarch64')
    await expect(other.getByTestId('rec-image').first()).toHaveText(/^nvcr\.io\/nvidia\/pytorch:/)
    await expect(other).not.toContainText('pytorch/pytorch:')
    await expect(other.getByTestId('other-result-wheel-install-text')).toHaveText(/^pip install torch==[\d.]+ --index-url https:\/\/download\.pytorch\.org\/whl\/cu130$/)

    // No network here: "not checked, because …"; with network the tag is found for linux/arm64.
    await other.getByTestId('other-result-check-button').click()
    const check = other.getByTestId('tag-check').first()
    await expect(check).toBeVisible({ timeout: 30_000 })
    await expect(check).toHaveText(/nvcr\.io\/nvidia\/pytorch:[\d.]+-py3: (?:in the registry, for .*linux\/arm64|not checked, because .+)/)
    await expect(other.getByTestId('other-result-check-button')).toBeEnabled()

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(local.getByTestId('rec-result-tables')).toContainText(/数据表截至 \d{4}-\d{2}-\d{2}/)
    await expect(local.getByTestId('rec-result-tables').locator('code')).toHaveText('recommend --check')
    await expect(page.getByTestId('page-images')).not.toContainText('`')
    await expect(other.getByTestId('tag-check').first()).toHaveText(/(?:镜像仓库中存在|未检查，因为)/)
    // The emptied what-if form shows every example whole in Chinese too.
    await page.getByTestId('other-clear').click()
    await expect(page.getByTestId('other-gpus')).toHaveValue('')
    expect(await clippedPlaceholders(page)).toEqual([])
    expect(pageProblems).toEqual([])
  })
})

test.describe('Images page in a 900×700 window', () => {
  test.use({ viewport: { width: 900, height: 700 } })
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`a what-if checkbox beside a field lines up with its box (${lang})`, async ({ page, served, pageProblems }) => {
      await openImages(page, served.url)
      // The page as it settles: the pick, the engine and the local images above the form.
      await expect(page.getByTestId('rec-pick')).toBeVisible({ timeout: 20_000 })
      await expectEngineRendered(page)
      if (lang !== 'en') await page.getByTestId('lang-switch').selectOption(lang)
      await expect(page.getByTestId('other-platform')).toBeVisible()
      // Each checkbox sharing a row with a field: how far its middle is from the middle of that field's input or select.
      const offsets = await page.locator('fieldset.other-form__whatif').evaluate((set) => {
        const mid = (r: DOMRect) => r.top + r.height / 2
        const fields = [...set.querySelectorAll('.field')].map((f) => ({ field: f.getBoundingClientRect(), control: f.querySelector('input, select')!.getBoundingClientRect() }))
        return [...set.querySelectorAll('label.check')].flatMap((check) => {
          const box = check.getBoundingClientRect()
          const beside = fields.find(({ field }) => mid(box) > field.top && mid(box) < field.bottom)
          return beside ? [{ text: check.textContent, off: Math.round(Math.abs(mid(box) - mid(beside.control))) }] : []
        })
      })
      // 900 px puts the -devel checkbox beside the platform choice in Chinese.
      if (lang === 'zh-CN') expect(offsets.length).toBeGreaterThan(0)
      for (const { text, off } of offsets) expect(off, `${text} is ${off} px off its row's control`).toBeLessThanOrEqual(3)
      expect(pageProblems).toEqual([])
    })
  }
})

test.describe('Images page with the Docker engine down', () => {
  test.use({ extraEnv: { DOCKER_HOST: 'unix:///nonexistent/gpu-doctor-e2e/docker.sock' } })

  test('explains the problem and its fix; the recommendation still works', async ({ page, served, pageProblems }) => {
    await openImages(page, served.url)
    await expectH200Pick(page)
    await expect(page.getByTestId('engine')).toHaveAttribute('data-state', 'down', { timeout: 20_000 })
    await expect(page.getByTestId('engine-problem')).toHaveAttribute('data-code', 'engine-not-running')
    await expect(page.getByTestId('engine-problem-message')).toContainText('/nonexistent/gpu-doctor-e2e/docker.sock')
    await expect(page.getByTestId('engine-problem-fix')).toContainText('systemctl start docker')
    // The retry countdown ticks down between the core's tries.
    const retry = page.getByTestId('engine-retry')
    await expect(retry).toContainText(/Next try in \d+ s|Trying again now/)
    const first = Number(await retry.getAttribute('data-seconds'))
    if (first >= 2) await expect.poll(async () => Number(await retry.getAttribute('data-seconds')), { timeout: 5_000 }).toBeLessThan(first)
    await expect(page.getByTestId('local-images-no-engine')).toBeVisible()
    await expect(page.getByTestId('rec-pick').getByTestId('pull-button')).toBeDisabled()
    await saveScreenshot(page, 'images-engine-down-en')

    const enCopies = await page.getByTestId('engine-problem-fix').getByTestId('command-copy').count()
    expect(enCopies).toBeGreaterThan(0)
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    // The same facts as the English: the socket, the rootless DOCKER_HOST hint, the commands with Copy.
    await expect(page.getByTestId('engine-problem-message')).toHaveText('Docker 引擎没有运行：unix:///nonexistent/gpu-doctor-e2e/docker.sock 上什么也没有。')
    await expect(page.getByTestId('engine-problem-fix')).toContainText('无根（rootless）模式')
    await expect(page.getByTestId('engine-problem-fix')).toContainText('DOCKER_HOST=unix://$XDG_RUNTIME_DIR/docker.sock')
    await expect(page.getByTestId('engine-problem-fix').getByTestId('command-copy')).toHaveCount(enCopies)
    await expect(page.getByTestId('engine-retry')).toContainText(/秒后重试|正在重试/)
    // The details hold the engine's own error, not the English explanation again.
    await expect(page.getByTestId('engine-problem').locator('pre')).not.toContainText('systemctl start docker')
    await expect(page.getByTestId('engine-state')).toHaveText('不可用')
    await saveScreenshot(page, 'images-engine-down-zh')
    await page.getByTestId('engine-check').click()
    await expect(page.getByTestId('engine')).toHaveAttribute('data-state', 'down')
    expect(pageProblems).toEqual([])
  })
})

// ---- Pull progress and compare, with the engine's answers and events played into the page --------

const ENGINE_UP: EngineState = {
  kind: 'up',
  checkedAt: Date.now(),
  info: {
    endpoint: 'unix:///var/run/docker.sock',
    engine: 'docker',
    endpointReason: { key: 'engine.choice.docker', params: { socket: '/var/run/docker.sock' } },
    serverVersion: '28.3.2',
    apiVersion: '1.51',
    os: 'Ubuntu 24.04.2 LTS',
    runtimes: ['io.containerd.runc.v2', 'nvidia', 'runc'],
    defaultRuntime: 'runc',
    nvidiaRuntime: true,
    cdiSpecDirs: ['/etc/cdi', '/var/run/cdi'],
    cgroupVersion: '2',
    cgroupDriver: 'systemd',
    rootless: false,
    gpuSetup: null,
  },
}

const LOCAL_IMAGES: LocalImage[] = [
  {
    id: 'sha256:1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988',
    tags: ['pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime'],
    sizeBytes: 7_650_000_000,
    createdAt: new Date(Date.now() - 40 * 86400_000).toISOString(),
    versions: {
      torch: { value: '2.8.0', source: 'env PYTORCH_VERSION' },
      cuda: { value: '12.8.1', source: 'env CUDA_VERSION' },
      cudnn: { value: '9.10.2', source: 'env NV_CUDNN_VERSION' },
      nvidiaPytorch: null,
      requireCuda: 'cuda>=12.8 brand=tesla,driver>=470,driver<471',
    },
    driverFit: {
      verdict: 'ok',
      requirement: 'cuda>=12.8 brand=tesla,driver>=470,driver<471',
      reason: 'driver 580.159.04 supports CUDA 13.0: cuda>=12.8 holds.',
      message: { key: 'fit.ok', params: { driver: '580.159.04', cuda: '13.0', holds: 'cuda>=12.8' } },
    },
  },
  {
    id: 'sha256:9a8b7c6d5e4f30219a8b7c6d5e4f30219a8b7c6d5e4f30219a8b7c6d5e4f3021',
    tags: ['nvcr.io/nvidia/pytorch:25.11-py3'],
    sizeBytes: 21_300_000_000,
    createdAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
    versions: {
      torch: { value: '2.10.0a0+b4e4ee81d3', source: 'env PYTORCH_VERSION' },
      cuda: { value: '13.1.0', source: 'env CUDA_VERSION' },
      cudnn: { value: '9.16.0', source: 'env CUDNN_VERSION' },
      nvidiaPytorch: { value: '25.11', source: 'env NVIDIA_PYTORCH_VERSION' },
      requireCuda: 'cuda>=13.1',
    },
    driverFit: {
      verdict: 'too-old',
      requirement: 'cuda>=13.1',
      reason: 'driver 580.159.04 supports CUDA 13.0; the image needs cuda>=13.1.',
      message: { key: 'fit.tooOld', params: { driver: '580.159.04', cuda: '13.0', needs: 'cuda>=13.1' } },
    },
  },
]

const COMPARE: CompareResult = {
  a: { target: 'host', ok: true, reason: null, python: '3.12.3', torch: '2.8.0+cu128', torchCuda: '12.8', cudnn: '91002', cudaAvailable: true, gpu: 'NVIDIA H200' },
  b: { target: 'pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime', ok: true, reason: null, python: '3.11.13', torch: '2.8.0+cu128', torchCuda: '12.8', cudnn: '91002', cudaAvailable: true, gpu: 'NVIDIA H200' },
  timings: [
    { name: 'seed 8x64x56x56 k3 cuDNN on', aMs: 0.412, bMs: 0.405, ratio: 0.98 },
    { name: 'seed 8x64x56x56 k3 cuDNN off', aMs: 1.95, bMs: 1.97, ratio: 1.01 },
    { name: 'representative 32x256x56x56 k3 cuDNN on', aMs: 1.82, bMs: 2.31, ratio: 1.27 },
    { name: 'representative 32x256x56x56 k3 cuDNN off', aMs: 9.8, bMs: 9.9, ratio: 1.01 },
  ],
  notes: [],
  noteMessages: [],
}

function progress(pullId: string, ref: string, current: number): PullProgress {
  const layers = [
    { id: 'a1b2c3d4e5f6a7b8', status: 'Download complete', current: 30_000_000, total: 30_000_000, done: true },
    { id: 'b2c3d4e5f6a7b8c9', status: 'Downloading', current, total: 3_200_000_000, done: false },
    { id: 'c3d4e5f6a7b8c9d0', status: 'Waiting', current: 0, total: null, done: false },
  ]
  const bytesDone = layers.reduce((n, l) => n + l.current, 0)
  const bytesTotal = 3_230_000_000
  return { pullId, ref, status: 'Downloading', layers, layersDone: 1, bytesDone, bytesTotal, percent: (bytesDone / bytesTotal) * 100 }
}

interface Engine {
  send(channel: string, payload: unknown): void
}

/** The engine is up with two images; pulls and compare are answered here, events pushed by the test. */
async function fakeEngine(page: Page): Promise<Engine & { cancels: string[] }> {
  let socket: WebSocketRoute | null = null
  const cancels: string[] = []
  await page.routeWebSocket(/\/api\/events/, (ws) => {
    const server = ws.connectToServer()
    // The real server's engine pushes would replace the played-in engine: everything else passes through.
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"docker:engine-state"')) return
      ws.send(message)
    })
    socket = ws
  })
  const answer = (channel: string, value: unknown) =>
    page.route(new RegExp(`/api/invoke/${channel.replace(':', '(%3A|:)')}`, 'i'), (route) => route.fulfill({ json: { ok: true, value } }))
  await answer('docker:get-engine', ENGINE_UP)
  await answer('docker:list-images', LOCAL_IMAGES)
  await answer('docker:pull-start', { pullId: 'pull-e2e-1' })
  await page.route(/\/api\/invoke\/docker(%3A|:)pull-cancel/i, async (route) => {
    cancels.push(String((route.request().postDataJSON() as { args: unknown[] }).args[0]))
    await route.fulfill({ json: { ok: true, value: { cancelled: true } } })
  })
  await page.route(/\/api\/invoke\/docker(%3A|:)compare/i, async (route) => {
    await new Promise((r) => setTimeout(r, 300))
    await route.fulfill({ json: { ok: true, value: COMPARE } })
  })
  return {
    cancels,
    send(channel, payload) {
      if (!socket) throw new Error('the page has no event socket yet')
      socket.send(JSON.stringify({ channel, payload }))
    },
  }
}

test.describe('Images page: pull progress, local images and compare (engine answers played in)', () => {
  test('a pull shows layer and total progress, can be cancelled, and a failure says why', async ({ page, served, pageProblems }) => {
    const engine = await fakeEngine(page)
    await openImages(page, served.url)
    const image = await expectH200Pick(page)
    await expect(page.getByTestId('engine')).toHaveAttribute('data-state', 'up')
    await expect(page.getByTestId('engine-runtimes')).toContainText('nvidia')
    await expect(page.getByTestId('engine-no-nvidia')).toHaveCount(0)

    // Local images: size, age, versions and the driver verdict.
    const rows = page.getByTestId('local-image')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText('7.7 GB')
    await expect(rows.nth(0)).toContainText('12.8.1')
    await expect(rows.nth(0).getByTestId('driver-fit')).toHaveAttribute('data-verdict', 'ok')
    await expect(rows.nth(1).getByTestId('driver-fit')).toHaveText('driver too old')
    await expect(rows.nth(1)).toContainText('NGC 25.11')

    const pick = page.getByTestId('rec-pick')
    await pick.getByTestId('pull-button').click()
    await expect(pick.getByTestId('pull')).toHaveAttribute('data-phase', 'pulling')
    engine.send('docker:pull-progress', progress('pull-e2e-1', image, 1_600_000_000))
    await expect(pick.getByTestId('pull-total')).toHaveText('1.6 GB of 3.2 GB (50 %)')
    await expect(pick.getByTestId('pull-layer')).toHaveCount(3)
    await expect(pick.getByTestId('pull-layer').nth(1).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
    await expect(pick.getByTestId('pull-total-bar')).toHaveAttribute('aria-valuenow', '50')
    await pick.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'images-pull-en')

    await pick.getByTestId('pull-cancel').click()
    await expect.poll(() => engine.cancels).toEqual(['pull-e2e-1'])
    engine.send('docker:pull-done', { kind: 'failed', pullId: 'pull-e2e-1', ref: image, problem: { code: 'cancelled', failureModeId: null, message: 'Cancelled.', fix: '', detail: '' } })
    await expect(pick.getByTestId('pull-cancelled')).toBeVisible()

    // Again, and this time the registry is out of reach.
    await pick.getByTestId('pull-button').click()
    engine.send('docker:pull-done', {
      kind: 'failed',
      pullId: 'pull-e2e-1',
      ref: image,
      problem: {
        code: 'registry-unreachable',
        failureModeId: null,
        message: 'The engine cannot reach the registry (no network, DNS, a proxy or a firewall).',
        fix: 'Check the network of the machine running the engine; behind a proxy, configure it for the Docker daemon (not only the shell).',
        detail: 'Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: no such host',
      },
    })
    await expect(pick.getByTestId('pull-failed')).toBeVisible()
    await expect(pick.getByTestId('pull-problem-message')).toHaveText('The engine cannot reach the registry (no network, DNS, a proxy or a firewall).')
    await expect(pick.getByTestId('pull-problem-fix')).toContainText('configure it for the Docker daemon')

    // "Compare with host" on the first image runs the comparison at once.
    await rows.nth(0).getByTestId('local-image-compare').click()
    await expect(page.getByTestId('compare-pick-a')).toHaveValue('host')
    await expect(page.getByTestId('compare-pick-b')).toHaveValue('pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime')
    const result = page.getByTestId('compare-result')
    await expect(result).toBeVisible()
    await expect(result.getByTestId('compare-b')).toContainText('pytorch/pytorch:2.8.0')
    await expect(result.getByTestId('compare-timing')).toHaveCount(4)
    await expect(result.getByTestId('compare-ratio').nth(2)).toHaveText('1.27×')
    await expect(result.getByTestId('compare-ratio').nth(2)).toHaveClass(/tone-bad/)
    await page.getByTestId('compare').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'images-compare-en')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(pick.getByTestId('pull-problem-message')).toHaveText('引擎无法连接镜像仓库（网络、DNS、代理或防火墙）。')
    // The driver notes of local images follow the language too.
    await expect(rows.nth(1).getByTestId('local-image-fit-reason')).toHaveText('驱动 580.159.04 支持 CUDA 13.0；该镜像需要 cuda>=13.1。')
    await saveScreenshot(page, 'images-compare-zh')
    expect(pageProblems).toEqual([])
  })

  test('a Podman engine: its name, why this socket, and CDI as its GPU path (no Docker toolkit banner)', async ({ page, served, pageProblems }) => {
    await fakeEngine(page)
    const podman: EngineState = {
      ...ENGINE_UP,
      info: {
        ...(ENGINE_UP as Extract<EngineState, { kind: 'up' }>).info,
        engine: 'podman',
        endpoint: 'unix:///run/podman/podman.sock',
        endpointReason: { key: 'engine.choice.podmanRootful', params: { socket: '/run/podman/podman.sock' } },
        serverVersion: '4.3.1',
        apiVersion: '1.41',
        runtimes: ['crun', 'runc'],
        nvidiaRuntime: false,
        cdiSpecDirs: [],
        gpuSetup: null,
      },
    }
    await page.route(/\/api\/invoke\/docker(%3A|:)get-engine/i, (route) => route.fulfill({ json: { ok: true, value: podman } }))
    await openImages(page, served.url)
    await expect(page.getByTestId('engine-kind')).toHaveText('Podman')
    await expect(page.getByTestId('engine-endpoint')).toHaveText('unix:///run/podman/podman.sock')
    await expect(page.getByTestId('engine-why')).toHaveText("DOCKER_HOST is unset and there is no Docker socket; rootful Podman's socket /run/podman/podman.sock exists (podman system service).")
    await expect(page.getByTestId('engine-cdi')).toContainText('nvidia-ctk cdi generate')
    await expect(page.getByTestId('engine-nvidia')).toHaveCount(0)
    await expect(page.getByTestId('engine-no-nvidia')).toHaveCount(0)
    expect(pageProblems).toEqual([])
  })

  test('compare shows which side runs and can be cancelled; a side that cannot run says why; no GPU runtime puts the toolkit first', async ({ page, served, pageProblems }) => {
    const engine = await fakeEngine(page)
    // This engine has no nvidia runtime and no CDI specs: `--gpus all` would fail.
    const noGpu: EngineState = {
      ...ENGINE_UP,
      info: {
        ...(ENGINE_UP as Extract<EngineState, { kind: 'up' }>).info,
        runtimes: ['io.containerd.runc.v2', 'runc'],
        nvidiaRuntime: false,
        cdiSpecDirs: [],
        gpuSetup: { os: 'Ubuntu 24.04.2 LTS', commands: ['sudo apt-get update && sudo apt-get install -y nvidia-container-toolkit', 'sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker'] },
      },
    }
    await page.route(/\/api\/invoke\/docker(%3A|:)get-engine/i, (route) => route.fulfill({ json: { ok: true, value: noGpu } }))
    let release: ((cancelled: boolean) => void) | null = null
    let calls = 0
    await page.route(/\/api\/invoke\/docker(%3A|:)compare$/i, async (route) => {
      calls++
      if (calls === 1) {
        const cancelled = await new Promise<boolean>((r) => (release = r))
        return route.fulfill({ json: cancelled ? { ok: false, error: { code: 'cancelled', message: 'cancelled' } } : { ok: true, value: COMPARE } })
      }
      const target = 'pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime'
      const reason = 'exec: "python3": executable file not found in $PATH'
      await route.fulfill({
        json: {
          ok: true,
          value: {
            ...COMPARE,
            b: { ...COMPARE.b, ok: false, reason, python: null, torch: null, torchCuda: null, cudnn: null, cudaAvailable: false, gpu: null },
            timings: COMPARE.timings.map((m) => ({ ...m, bMs: null, ratio: null })),
            notes: [`B (${target}): ${reason}`],
            noteMessages: [{ key: 'compare.probeFailed', params: { side: 'B', target, reason } }],
          },
        },
      })
    })
    const cancels: number[] = []
    await page.route(/\/api\/invoke\/docker(%3A|:)compare-cancel/i, async (route) => {
      cancels.push(1)
      release?.(true)
      await route.fulfill({ json: { ok: true, value: { cancelled: 1 } } })
    })
    await openImages(page, served.url)
    await expectH200Pick(page)

    // The toolkit comes before `docker run --gpus all`.
    const first = page.getByTestId('rec-pick').getByTestId('rec-gpu-first')
    await expect(first).toBeVisible()
    await expect(first.getByTestId('rec-gpu-setup-command')).toHaveCount(2)
    await expect(first.getByTestId('rec-gpu-setup-command').first()).toContainText('nvidia-container-toolkit')
    await expect(page.getByTestId('rec-pick').getByTestId('copy-run')).toContainText('Then run')
    await expect(page.getByTestId('engine-gpu-setup')).toBeHidden()
    await page.getByTestId('engine-no-nvidia').locator('summary').click()
    await expect(page.getByTestId('engine-gpu-setup')).toBeVisible()

    // Which side runs, for how long, and Cancel stops it.
    await page.getByTestId('local-image').nth(0).getByTestId('local-image-compare').click()
    await expect(page.getByTestId('compare-running')).toBeVisible()
    engine.send('docker:compare-progress', { side: 'a', target: 'host' })
    await expect(page.getByTestId('compare-running')).toHaveAttribute('data-side', 'a')
    await expect(page.getByTestId('compare-running')).toContainText('Running the probe in A: this host')
    await page.getByTestId('compare-cancel').click()
    await expect.poll(() => cancels.length).toBe(1)
    await expect(page.getByTestId('compare-cancelled')).toBeVisible()
    await expect(page.getByTestId('compare-running')).toHaveCount(0)

    // A side that cannot run: the reason, not a column of dashes.
    await page.getByTestId('compare-run').click()
    await expect(page.getByTestId('compare-side-failed')).toHaveText(/^B \(pytorch\/pytorch:2\.8\.0-cuda12\.8-cudnn9-runtime\) could not run: exec: "python3"/)
    await expect(page.getByTestId('compare-timings')).toBeVisible()
    await expect(page.getByTestId('compare-notes')).toContainText('executable file not found')
    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('compare-side-failed')).toContainText('无法运行')
    await expect(page.getByTestId('compare-notes')).toContainText('B（pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime）')
    await expect(page.getByTestId('rec-pick').getByTestId('copy-run')).toContainText('然后运行')
    expect(pageProblems).toEqual([])
  })
})
