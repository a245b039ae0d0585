import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, saveScreenshot, test } from './fixtures'

// A computer with nothing GPU Doctor needs: no nvidia-smi at all, no Docker engine, and a PATH
// and home with no Python.
const empty = mkdtempSync(join(tmpdir(), 'gpu-doctor-empty-'))

test.describe('first run on a bare computer', () => {
  test.use({
    extraEnv: {
      GPU_DOCTOR_NVIDIA_SMI: join(empty, 'nvidia-smi'),
      PATH: empty,
      HOME: empty,
      DOCKER_HOST: `unix://${join(empty, 'docker.sock')}`,
    },
  })

  test('the first screen says what was found and what to do, in both languages', async ({ page, served, pageProblems }) => {
    await page.goto(served.url)
    const panel = page.getByTestId('first-run')
    await expect(panel).toBeVisible()
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('first-run-python')).toHaveAttribute('data-state', 'missing')
    await expect(page.getByTestId('first-run-driver')).toContainText('Install or repair the NVIDIA driver first')
    await expect(page.getByTestId('first-run-docker')).toContainText(`no engine answers at unix://${join(empty, 'docker.sock')}`)
    await expect(page.getByTestId('first-run-python')).toContainText('none found on PATH')
    // It leads the page, above the driver problem with its own fix.
    const panelBox = await panel.boundingBox()
    const problemBox = await page.getByTestId('problem').boundingBox()
    expect(panelBox!.y).toBeLessThan(problemBox!.y)
    await saveScreenshot(page, 'first-run-en')

    await page.getByTestId('lang-switch').selectOption('zh-CN')
    await expect(page.getByTestId('first-run-python')).toContainText('在 PATH、虚拟环境和 conda 中都没有找到')
    await saveScreenshot(page, 'first-run-zh')

    await page.getByTestId('first-run-again').click()
    await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'missing')
    expect(pageProblems).toEqual([])
  })
})

test.describe('first run with everything there', () => {
  test('no first-run screen on the fake H200 with a Python', async ({ page, served }) => {
    await page.goto(served.url)
    await expect(page.getByTestId('gpu-name-0')).toContainText('NVIDIA H200')
    // Python and the driver are there; whether this machine runs Docker decides the rest.
    await expect(page.getByTestId('run-diagnosis-callout')).toBeVisible()
    const panel = page.getByTestId('first-run')
    if ((await panel.count()) > 0) {
      await expect(page.getByTestId('first-run-driver')).toHaveAttribute('data-state', 'ok')
      await expect(page.getByTestId('first-run-python')).not.toHaveAttribute('data-state', 'missing')
      await expect(page.getByTestId('first-run-docker')).toHaveAttribute('data-state', 'missing')
    }
  })
})
