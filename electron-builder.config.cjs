// electron-builder configuration: Linux AppImage + .deb (x64, arm64), Windows NSIS + portable (x64).
// Validated against electron-builder's own JSON schema, and its file rules replayed into a real
// ASAR, by test/packaging. Build with `npm run dist` (needs the Electron binary).
'use strict'

const { readFileSync } = require('node:fs')
const { join } = require('node:path')

const { parseDesktopEntry } = require('./scripts/packaging/desktop-entry.cjs')

const linuxDir = join(__dirname, 'resources', 'linux')
const METAINFO = 'io.github.gpudoctor.GpuDoctor.metainfo.xml'
// Everything but Exec, which electron-builder writes itself (and refuses to take from here).
const { Exec: _exec, ...desktopEntry } = parseDesktopEntry(readFileSync(join(linuxDir, 'gpu-doctor.desktop'), 'utf8'))

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'io.github.gpudoctor.GpuDoctor',
  productName: 'GPU Doctor',
  copyright: 'Copyright © 2026 The GPU Doctor authors',
  // Electron takes the Linux window class (Wayland app_id) from desktopName: it matches StartupWMClass.
  extraMetadata: { desktopName: 'gpu-doctor-desktop.desktop' },
  directories: { output: 'dist/packages', buildResources: 'resources/build' },
  asar: true,
  asarUnpack: ['**/*.node'],
  // No native module the app loads needs rebuilding for Electron (koffi ships N-API builds; ssh2's
  // optional cpu-features is skipped when it does not load).
  npmRebuild: false,
  // The app: the built main, preload and renderer. Production dependencies are added by
  // electron-builder; no sources, tests, fixtures or source maps.
  files: ['out/main/**/*', 'out/preload/**/*', 'out/renderer/**/*', 'package.json', '!**/*.map', '!**/*.{ts,mts,cts,tsx}'],
  // Files other programs open, so they live outside the ASAR: the probe runs under the user's
  // Python (and is bind-mounted into containers), the CLI executable cannot read an ASAR.
  extraResources: [
    { from: 'resources/probe', to: 'probe', filter: ['gpu_doctor_probe.py'] },
    { from: 'resources/data', to: 'data', filter: ['*.json'] },
    { from: 'resources/report.schema.json', to: 'report.schema.json' },
    // The CLI as one executable with Node inside, and the UI its `serve` serves (npm run dist:cli).
    // Not out/renderer itself: electron-builder would then leave the UI out of app.asar.
    { from: 'dist/cli/${os}-${arch}', to: 'cli', filter: ['gpu-doctor', 'gpu-doctor.exe'] },
    { from: 'dist/cli/renderer', to: 'renderer' },
  ],
  afterPack: 'scripts/packaging/after-pack.cjs',
  linux: {
    target: [
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
    ],
    // `gpu-doctor` on PATH is the CLI; the window is `gpu-doctor-desktop`.
    executableName: 'gpu-doctor-desktop',
    icon: 'resources/icons/png',
    category: 'System',
    synopsis: 'Why is my NVIDIA GPU slow or invisible to PyTorch?',
    // electron-builder writes this as the entry's Comment.
    description: desktopEntry.Comment,
    maintainer: 'The GPU Doctor authors <gpu-doctor@users.noreply.github.com>',
    vendor: 'The GPU Doctor authors',
    desktop: { entry: desktopEntry },
  },
  deb: {
    afterInstall: 'resources/linux/deb-after-install.sh',
    afterRemove: 'resources/linux/deb-after-remove.sh',
    // electron-builder's default, a CJK font for Chinese PDF reports, and a Python for the diagnosis.
    recommends: ['libappindicator3-1', 'fonts-noto-cjk | fonts-wqy-zenhei', 'python3'],
    packageCategory: 'utils',
    // fpm's dir source takes extra files as SRC=DEST.
    fpm: [`${join(linuxDir, METAINFO)}=/usr/share/metainfo/${METAINFO}`],
  },
  win: {
    target: [
      { target: 'nsis', arch: ['x64'] },
      { target: 'portable', arch: ['x64'] },
    ],
    icon: 'resources/icons/gpu-doctor.ico',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowElevation: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'GPU Doctor',
    // Asks whether to put gpu-doctor.exe on the user's PATH; undoes it on uninstall.
    include: 'resources/windows/installer.nsh',
    artifactName: 'GPU-Doctor-Setup-${version}-${arch}.${ext}',
  },
  portable: { artifactName: 'GPU-Doctor-${version}-${arch}-portable.${ext}' },
  appImage: { artifactName: 'GPU-Doctor-${version}-${arch}.${ext}' },
}
