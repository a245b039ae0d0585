import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RendererFixture {
  /** The renderer folder; its parent also holds secret.txt. */
  root: string
  close(): Promise<void>
}

/** A renderer folder next to a secret, with symlinks that stay inside it and one that leaves it. */
export async function makeRendererDir(): Promise<RendererFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'gpu-doctor-hosting-'))
  const root = join(dir, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await mkdir(join(root, 'sub'))
  await mkdir(join(root, 'folder.js'))
  await writeFile(join(root, 'index.html'), '<!doctype html><title>GPU Doctor</title>')
  await writeFile(join(root, 'sub', 'index.html'), '<!doctype html><title>sub</title>')
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'app.css'), 'body{}')
  await writeFile(join(root, 'assets', 'run.sh'), 'echo')
  await writeFile(join(dir, 'secret.txt'), 'secret')
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'))
  await symlink(dir, join(root, 'up'))
  await symlink(join(root, 'assets', 'app.js'), join(root, 'alias.js'))
  await symlink(join(root, 'assets', 'run.sh'), join(root, 'script.js'))
  return { root, close: () => rm(dir, { recursive: true, force: true }) }
}
