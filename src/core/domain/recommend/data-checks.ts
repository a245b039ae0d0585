import type { CompatData, Source } from '../../../shared/compat-data'
import { compareVersions } from '../../knowledge/compat/compare-versions'
import { parseArchList } from '../../knowledge/compat/arch-list'
import { COMPAT_FILES } from '../../knowledge/compat/data'
import { compareCudaMinor, cudaMinor, gaToolkit } from '../../knowledge/compat/driver'
import { resolveGpuName } from '../../knowledge/compat/gpu-names'
import { gpuFirstDrivers } from '../../knowledge/compat/gpu-first-drivers'
import { gpuPciIds } from '../../knowledge/compat/pci-ids'
import { checkGpuIdentityTables } from './gpu-identity-checks'

type Problems = string[]

function checkSources(file: string, sources: readonly Source[], rows: ReadonlyArray<{ where: string; sources?: string[] }>, out: Problems): void {
  const ids = new Set<string>()
  for (const s of sources) {
    if (ids.has(s.id)) out.push(`${file}: source id "${s.id}" is defined twice`)
    ids.add(s.id)
  }
  for (const row of rows) {
    // A fact without a source cannot be kept current: every row names at least one.
    if ((row.sources ?? []).length === 0) out.push(`${file}: ${row.where} has no source`)
    for (const id of row.sources ?? []) if (!ids.has(id)) out.push(`${file}: ${row.where} cites unknown source "${id}"`)
  }
}

function ascending<T>(file: string, list: readonly T[], key: (t: T) => string, what: string, out: Problems, strict = true): void {
  for (let i = 1; i < list.length; i++) {
    const c = compareVersions(key(list[i - 1]!), key(list[i]!))
    if (c > 0 || (strict && c === 0)) out.push(`${file}: ${what} out of order: ${key(list[i - 1]!)} before ${key(list[i]!)}`)
  }
}

function checkReleases(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.releases
  const { releases } = d.releases
  ascending(f, releases, (r) => r.release, 'releases', out)
  const gaMinor = new Set(d.drivers.toolkits.map((t) => cudaMinor(t.cuda)))
  for (const r of releases) {
    if (!r.latestPatch.startsWith(`${r.release}.`)) out.push(`${f}: ${r.release}: latestPatch ${r.latestPatch} is not a patch of it`)
    if (compareVersions(r.python.min, r.python.max) > 0) out.push(`${f}: ${r.release}: Python ${r.python.min} > ${r.python.max}`)
    if (r.variants.filter((v) => v.pypiDefault).length !== 1) out.push(`${f}: ${r.release}: needs exactly one PyPI default variant`)
    ascending(f, r.variants, (v) => v.cuda, `${r.release} variants`, out)
    for (const v of r.variants) {
      const where = `${r.release} ${v.variant}`
      if (v.variant !== `cu${cudaMinor(v.cuda)?.replace('.', '')}`) out.push(`${f}: ${where}: CUDA ${v.cuda} does not match the variant name`)
      if (v.archList !== null && parseArchList(v.archList) === null) out.push(`${f}: ${where}: arch list "${v.archList}" does not parse`)
      if (v.aarch64 && parseArchList(v.aarch64.archList) === null) out.push(`${f}: ${where}: aarch64 arch list "${v.aarch64.archList}" does not parse`)
      if (!gaMinor.has(cudaMinor(v.cuda))) out.push(`${f}: ${where}: CUDA ${v.cuda} has no minimum driver in ${COMPAT_FILES.drivers}`)
      // A wheel no known driver branch runs natively could never be recommended with a driver named.
      if (!d.branches.branches.some((b) => compareCudaMinor(b.cuda, v.cuda) >= 0)) out.push(`${f}: ${where}: no driver branch in ${COMPAT_FILES.branches} runs CUDA ${v.cuda}`)
    }
  }
  checkSources(f, d.releases.sources, [
    ...releases.map((r) => ({ where: r.release, sources: r.sources })),
    ...releases.flatMap((r) => r.variants.map((v) => ({ where: `${r.release} ${v.variant}`, sources: v.sources }))),
    ...releases.flatMap((r) => r.variants.flatMap((v) => (v.aarch64 ? [{ where: `${r.release} ${v.variant} aarch64`, sources: v.aarch64.sources }] : []))),
    ...d.releases.cudnnFloors.map((c) => ({ where: `cuDNN ${c.cudnnMajor} floor`, sources: c.sources })),
  ], out)
}

function checkDrivers(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.drivers
  const { toolkits } = d.drivers
  ascending(f, toolkits, (t) => t.cuda, 'toolkits', out)
  ascending(f, toolkits, (t) => t.linux, 'Linux minimum drivers', out, false)
  ascending(f, toolkits.filter((t) => t.windows), (t) => t.windows!, 'Windows minimum drivers', out, false)
  for (const t of toolkits) if (!t.label.startsWith(cudaMinor(t.cuda)!)) out.push(`${f}: ${t.cuda}: label "${t.label}" names another version`)
  for (const rule of d.drivers.minorVersionCompatibility) {
    const first = toolkits.find((t) => Number(t.cuda.split('.')[0]) === rule.major)
    if (!first) out.push(`${f}: minor-version rule for ${rule.major}.x has no toolkit of that major`)
  }
  checkSources(f, d.drivers.sources, [
    ...toolkits.map((t) => ({ where: t.cuda, sources: t.sources })),
    ...d.drivers.minorVersionCompatibility.map((r) => ({ where: `minor-version ${r.major}.x`, sources: r.sources })),
    ...d.drivers.gpuDriverFloors.map((g) => ({ where: `${g.arch} floor`, sources: g.sources })),
  ], out)
}

function checkBranches(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.branches
  const { branches } = d.branches
  ascending(f, branches, (b) => String(b.branch), 'branches', out)
  ascending(f, branches, (b) => b.cuda, 'branch CUDA versions', out)
  ascending(f, branches, (b) => b.linuxFrom, 'Linux first builds', out)
  ascending(f, branches, (b) => b.windowsFrom, 'Windows first builds', out)
  for (const b of branches) {
    const build = Number(b.linuxFrom.split('.')[0]) - b.branch
    if (build < 0 || build > 4) out.push(`${f}: R${b.branch}: Linux build ${b.linuxFrom} is not of the branch`)
    // The GA row of the toolkit is the branch's first build: the two tables must agree.
    const ga = gaToolkit(d, b.cuda)
    if (!ga) {
      if (!b.noToolkit) out.push(`${f}: R${b.branch}: CUDA ${b.cuda} has no toolkit row and is not marked noToolkit`)
      continue
    }
    if (ga.linux !== b.linuxFrom) out.push(`${f}: R${b.branch}: linuxFrom ${b.linuxFrom} ≠ toolkit ${ga.cuda} minimum ${ga.linux}`)
    if (ga.windows && ga.windows !== b.windowsFrom) out.push(`${f}: R${b.branch}: windowsFrom ${b.windowsFrom} ≠ toolkit ${ga.cuda} minimum ${ga.windows}`)
  }
  checkSources(f, d.branches.sources, branches.map((b) => ({ where: `R${b.branch}`, sources: b.sources })), out)
}

function checkGpus(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.gpus
  d.gpus.gpus.forEach((row, i) => {
    const where = `row ${i} (${row.arch} ${row.cc ?? 'ambiguous'})`
    for (const p of row.patterns) {
      try {
        new RegExp(p, 'i')
      } catch {
        out.push(`${f}: ${where}: pattern ${p} does not compile`)
      }
    }
    if (row.cc === null && (row.candidates?.length ?? 0) < 2) out.push(`${f}: ${where}: an ambiguous row needs two or more candidates`)
    if (row.cc !== null && row.candidates) out.push(`${f}: ${where}: only ambiguous rows have candidates`)
    for (const example of row.examples) {
      const got = resolveGpuName(example, d)
      const ok = row.cc === null ? got.kind === 'ambiguous' : got.kind === 'ok' && got.row === row
      if (!ok) out.push(`${f}: ${where}: example "${example}" resolves to ${got.kind === 'ok' ? `${got.arch} ${got.cc}` : got.kind}`)
    }
  })
  if (d.gpus.gpus.some((g) => g.tegra && g.hostArch !== 'aarch64')) out.push(`${f}: a Jetson (tegra) row must have hostArch aarch64`)
  ascending(f, d.gpus.jetpack, (j) => j.jetpack, 'JetPack releases', out)
  // A newer JetPack never ships an older Jetson Linux or CUDA, and its CUDA is a toolkit the driver table knows.
  ascending(f, d.gpus.jetpack, (j) => j.l4t, 'Jetson Linux releases (by JetPack)', out, false)
  ascending(f, d.gpus.jetpack, (j) => j.cuda, 'JetPack CUDA versions', out, false)
  const toolkitMinors = new Set(d.drivers.toolkits.map((t) => cudaMinor(t.cuda)))
  for (const j of d.gpus.jetpack) if (!toolkitMinors.has(cudaMinor(j.cuda))) out.push(`${f}: JetPack ${j.jetpack}: CUDA ${j.cuda} is not a toolkit in ${COMPAT_FILES.drivers}`)
  checkSources(f, d.gpus.sources, [
    ...d.gpus.gpus.map((g, i) => ({ where: `row ${i}`, sources: g.sources })),
    ...d.gpus.archToolkitFloors.map((a) => ({ where: `${a.arch} toolkit floor`, sources: a.sources })),
    ...d.gpus.jetpack.map((j) => ({ where: `JetPack ${j.jetpack}`, sources: j.sources })),
  ], out)
}

function checkImages(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.images
  const { official, ngc } = d.images
  ascending(f, official.tags, (t) => `${t.torch}.${t.cuda}`, 'official tags', out)
  for (const t of official.tags) {
    const where = `${t.torch} cuda${t.cuda}`
    const base = `${t.torch}-cuda${t.cuda}-cudnn${t.cudnnMajor}`
    if (t.runtime !== `${base}-runtime` || t.devel !== `${base}-devel`) out.push(`${f}: ${where}: tags do not follow ${official.tagTemplate}`)
    if (new Set(t.platforms).size !== t.platforms.length) out.push(`${f}: ${where}: a platform is listed twice`)
    const release = d.releases.releases.find((r) => t.torch.startsWith(`${r.release}.`))
    const variant = release?.variants.find((v) => cudaMinor(v.cuda) === t.cuda)
    if (!release) out.push(`${f}: ${where}: PyTorch release not in ${COMPAT_FILES.releases}`)
    else if (!variant) out.push(`${f}: ${where}: CUDA ${t.cuda} is not a variant of PyTorch ${release.release}`)
    else {
      if (compareVersions(t.torch, release.latestPatch) > 0) out.push(`${f}: ${where}: newer than the release's latest patch ${release.latestPatch}`)
      if (variant.cudnn && Number(variant.cudnn.split('.')[0]) !== t.cudnnMajor) out.push(`${f}: ${where}: cudnn${t.cudnnMajor} but the wheel pins cuDNN ${variant.cudnn}`)
    }
  }
  // Docker images are built for every release variant except the Linux-only pip builds.
  for (const r of d.releases.releases) {
    const tagged = new Set(official.tags.filter((t) => t.torch.startsWith(`${r.release}.`)).map((t) => t.cuda))
    for (const v of r.variants.filter((x) => !x.linuxOnly)) {
      if (!tagged.has(cudaMinor(v.cuda)!)) out.push(`${f}: PyTorch ${r.release} ${v.variant} has no image tag`)
    }
  }
  ascending(f, ngc.releases, (r) => r.release, 'NGC releases', out)
  const known = ngc.releases.filter((r) => r.cuda !== null)
  for (let i = 1; i < known.length; i++) {
    if (compareCudaMinor(known[i - 1]!.cuda!, known[i]!.cuda!) > 0) out.push(`${f}: NGC ${known[i]!.release}: CUDA ${known[i]!.cuda} older than ${known[i - 1]!.release}'s`)
  }
  const gaMinor = new Set(d.drivers.toolkits.map((t) => cudaMinor(t.cuda)))
  for (const r of ngc.releases) {
    if (r.tag !== `${r.release}-py3`) out.push(`${f}: NGC ${r.release}: tag ${r.tag} does not follow ${ngc.tagTemplate}`)
    if (r.cuda && !gaMinor.has(cudaMinor(r.cuda))) out.push(`${f}: NGC ${r.release}: CUDA ${r.cuda} has no minimum driver`)
    if (new Set(r.platforms).size !== r.platforms.length) out.push(`${f}: NGC ${r.release}: a platform is listed twice`)
    // A Jetson runs arm64 images only.
    if (r.tegra?.length && !r.platforms.includes('linux/arm64')) out.push(`${f}: NGC ${r.release}: runs on Jetson but lists no linux/arm64`)
  }
  checkSources(f, d.images.sources, [
    { where: '-devel = -runtime arch coverage', sources: official.develSameAsRuntime.sources },
    ...official.tags.map((t) => ({ where: `${t.torch} cuda${t.cuda}`, sources: t.sources })),
    ...ngc.releases.map((r) => ({ where: `NGC ${r.release}`, sources: r.sources })),
  ], out)
}

/**
 * Consistency of the five tables with each other: versions ordered, every arch list parses, every
 * image tag's CUDA is a variant of its release, every CUDA has a minimum driver, the branch table
 * agrees with the toolkit table, every GPU name example resolves to its own row, every cited source exists.
 */
function checkEnvironment(d: CompatData, out: Problems): void {
  const f = COMPAT_FILES.environment
  const names = new Set<string>()
  for (const v of d.environment.variables) {
    if (names.has(v.name)) out.push(`${f}: ${v.name} is listed twice`)
    names.add(v.name)
    const warns = v.warnWhen.kind !== 'never'
    if (v.class === 'informational' && warns) out.push(`${f}: ${v.name} is informational but has warnWhen ${v.warnWhen.kind}`)
    if (v.class !== 'informational' && !warns) out.push(`${f}: ${v.name} is ${v.class} but never warns`)
  }
  const urls = new Map(d.environment.sources.map((s) => [s.id, s.url]))
  for (const v of d.environment.variables)
    for (const id of v.sources) if (urls.has(id) && !urls.get(id)) out.push(`${f}: ${v.name}: source "${id}" has no URL`)
  checkSources(f, d.environment.sources, d.environment.variables.map((v) => ({ where: v.name, sources: v.sources })), out)
}

/** `pciIds`, `firstDrivers`: gpu-pci-ids.json and gpu-first-drivers.json of the same directory (the bundled ones by default). */
export function checkCompatData(d: CompatData, pciIds: unknown = gpuPciIds(), firstDrivers: unknown = gpuFirstDrivers()): string[] {
  const out: Problems = []
  checkEnvironment(d, out)
  checkReleases(d, out)
  checkDrivers(d, out)
  checkBranches(d, out)
  checkGpus(d, out)
  out.push(...checkGpuIdentityTables(d, pciIds, firstDrivers))
  checkImages(d, out)
  return out
}
