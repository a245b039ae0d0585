// Turns the pinned excerpts of PyTorch's build configuration (resources/data/sources/pytorch-build-config.json)
// into the arch lists of pytorch-releases.json. Pure: no file or network access; update-data.mjs does that.
//
// No release-tag copy of the build files was available, only main-branch copies, so each copy is tied to a
// release by what it says, never by a typed mapping:
// - a binary-matrix copy belongs to the release whose x86_64 variants all carry exactly its CUDA full
//   versions and cuDNN / NCCL pins (where the table states them); it then says which CUDA variants the
//   release builds for aarch64;
// - an arch-list copy (build_cuda.sh, aarch64_ci_build.sh) belongs to a release on a platform where it sets
//   TORCH_CUDA_ARCH_LIST for exactly the CUDA versions that release builds there.
// A copy that fits no release, or several, is reported and not used.

const CUDA_MINOR = /^(\d+)\.(\d+)/

export const cudaMinorOf = (v) => {
  const m = CUDA_MINOR.exec(String(v ?? ''))
  return m ? `${m[1]}.${m[2]}` : null
}

const listIn = (line) => [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1])

/** CUDA variants, full versions and library pins of a generate_binary_build_matrix.py excerpt. */
export function parseBinaryMatrix(lines) {
  const out = { cuda: [], aarch64: [], fullVersion: {}, cudnn: {}, nccl: {} }
  let inFull = false
  let pinsOf = null
  for (const line of lines) {
    if (/^CUDA_ARCHES\s*=/.test(line)) out.cuda = listIn(line)
    else if (/^CUDA_AARCH64_ARCHES\s*=/.test(line)) out.aarch64 = listIn(line).map((a) => a.replace(/-aarch64$/, ''))
    else if (/^CUDA_ARCHES_FULL_VERSION\s*=/.test(line)) inFull = true
    else if (inFull && /^\}/.test(line)) inFull = false
    else if (inFull) {
      const [minor, full] = listIn(line)
      if (minor && full) out.fullVersion[minor] = full
    } else {
      const open = /^\s*"(\d+\.\d+)":\s*\($/.exec(line)
      if (open) pinsOf = open[1]
      const cudnn = /nvidia-cudnn-cu\d+==([\d.]+)/.exec(line)
      const nccl = /nvidia-nccl-cu\d+==([\d.]+)/.exec(line)
      if (pinsOf && cudnn) out.cudnn[pinsOf] = cudnn[1]
      if (pinsOf && nccl) out.nccl[pinsOf] = nccl[1]
    }
  }
  return out
}

/** CUDA minor → TORCH_CUDA_ARCH_LIST of a build_cuda.sh (`12.8)`) or aarch64_ci_build.sh (`*"12.8"*`) excerpt. */
export function parseArchListScript(lines) {
  const lists = {}
  let current = null
  for (const line of lines) {
    const label = /^\s*(\d+\.\d+)\)\s*$/.exec(line) ?? /\*"(\d+\.\d+)"\*/.exec(line)
    if (label) current = label[1]
    const set = /TORCH_CUDA_ARCH_LIST="([^"]+)"/.exec(line)
    if (set && current) lists[current] = set[1]
  }
  return lists
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x))

function matrixFits(matrix, release) {
  if (matrix.cuda.length === 0) return false
  return matrix.cuda.every((minor) => {
    const v = release.variants.find((x) => cudaMinorOf(x.cuda) === minor)
    if (!v) return false
    const full = matrix.fullVersion[minor]
    if (v.cuda.split('.').length === 3 && full && full !== v.cuda) return false
    if (v.cudnn && matrix.cudnn[minor] && matrix.cudnn[minor] !== v.cudnn) return false
    if (v.nccl && matrix.nccl[minor] && matrix.nccl[minor] !== v.nccl) return false
    return true
  })
}

/**
 * Which pinned copy says what for which release. Returns `facts` (release, platform, CUDA minor, arch list,
 * the copies it rests on) and `unused` (copies that fit no release, with why).
 */
export function deriveWheelArches(manifest, table) {
  const snapshots = manifest.snapshots.map((s) => ({
    ...s,
    parsed: s.kind === 'binary-matrix' ? parseBinaryMatrix(s.excerpt) : parseArchListScript(s.excerpt),
  }))
  const matrices = snapshots.filter((s) => s.kind === 'binary-matrix')
  const archScripts = snapshots.filter((s) => s.kind === 'arch-list')
  const used = new Set()
  const facts = []
  const notes = []

  for (const release of table.releases) {
    const x86 = release.variants.map((v) => cudaMinorOf(v.cuda))
    const matrixHits = matrices.filter((m) => matrixFits(m.parsed, release))
    const matrix = matrixHits.length === 1 ? matrixHits[0] : null
    if (matrixHits.length > 1) notes.push(`${release.release}: several build-matrix copies fit (${matrixHits.map((m) => m.id).join(', ')}); none used`)
    if (matrix) used.add(matrix.id)
    const platforms = [['x86_64', x86, []]]
    if (matrix && matrix.parsed.aarch64.length > 0) platforms.push(['aarch64', matrix.parsed.aarch64, [matrix.id]])
    for (const [platform, cudas, basis] of platforms) {
      const fits = archScripts.filter((s) => s.platform === platform && sameSet(Object.keys(s.parsed), cudas))
      const lists = new Set(fits.map((s) => JSON.stringify(s.parsed)))
      if (fits.length === 0) continue
      if (lists.size > 1) {
        notes.push(`${release.release} ${platform}: copies disagree (${fits.map((s) => s.id).join(', ')}); none used`)
        continue
      }
      for (const s of fits) used.add(s.id)
      for (const cuda of cudas) {
        facts.push({ release: release.release, platform, cuda, archList: fits[0].parsed[cuda], sources: [...basis, ...fits.map((s) => s.id)] })
      }
    }
  }
  for (const s of snapshots) if (!used.has(s.id)) notes.push(`${s.id}: fits no release in the table (a main-branch copy between releases); not used`)
  return { facts, notes, used: snapshots.filter((s) => used.has(s.id)), pinnedIds: snapshots.map((s) => s.id) }
}

const sourceEntry = (s) => ({
  id: s.id,
  title: `${s.repo} ${s.path} at ${s.commit ? `commit ${s.commit.slice(0, 12)}` : `${s.branch} (stored file ${s.fileId}; commit not recorded)`}, pinned in resources/data/sources/pytorch-build-config.json`,
  url: s.url,
})

const aarch64Note = (fact) =>
  `Generated by scripts/data/update-data.mjs from main-branch copies of PyTorch's build configuration (${fact.sources.join(', ')}); no ${fact.release} release-tag copy was read [S].`

/**
 * The table with every derived fact written in: x86_64 lists into `archList`, aarch64 lists into
 * `aarch64` of the variant with the same CUDA minor, each with the pinned copies among its sources.
 * What an earlier run derived from a pinned copy that no longer says it is taken out first; typed facts
 * are left as they are. Returns a new object; `problems` lists facts that had nowhere to go.
 */
export function applyWheelArches(table, derived) {
  const next = structuredClone(table)
  const problems = []
  const pinned = new Set(derived.pinnedIds)
  for (const variant of next.releases.flatMap((r) => r.variants)) {
    if (variant.aarch64 && variant.aarch64.sources.every((id) => pinned.has(id))) delete variant.aarch64
    variant.sources = variant.sources.filter((id) => !pinned.has(id))
  }
  for (const fact of derived.facts) {
    const release = next.releases.find((r) => r.release === fact.release)
    const variant = release?.variants.find((v) => cudaMinorOf(v.cuda) === fact.cuda)
    if (!variant) {
      problems.push(`${fact.release} ${fact.platform} CUDA ${fact.cuda}: no such variant in the table to carry it`)
      continue
    }
    if (fact.platform === 'x86_64') {
      variant.archList = fact.archList
      for (const id of fact.sources) if (!variant.sources.includes(id)) variant.sources.push(id)
    } else {
      variant.aarch64 = { archList: fact.archList, confidence: 'S', sources: fact.sources, notes: aarch64Note(fact) }
    }
  }
  next.sources = [...next.sources.filter((s) => !pinned.has(s.id)), ...derived.used.map(sourceEntry)]
  return { table: next, problems }
}

/** One line per arch-list fact that differs between two versions of the table. */
export function diffWheelArches(before, after) {
  const lines = []
  for (const r of after.releases) {
    const old = before.releases.find((x) => x.release === r.release)
    for (const v of r.variants) {
      const o = old?.variants.find((x) => x.variant === v.variant)
      if ((o?.archList ?? null) !== v.archList) lines.push(`${r.release} ${v.variant} x86_64: ${o?.archList ?? '(none)'} → ${v.archList ?? '(none)'}`)
      if ((o?.aarch64?.archList ?? null) !== (v.aarch64?.archList ?? null))
        lines.push(`${r.release} ${v.variant} aarch64: ${o?.aarch64?.archList ?? '(none)'} → ${v.aarch64?.archList ?? '(none)'}`)
    }
  }
  return lines
}
