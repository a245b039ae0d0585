// Texts the Docker side writes about an image (i18next namespace 'docker'): whether the host driver
// satisfies its NVIDIA_REQUIRE_CUDA, and the notes of an A/B comparison. The core renders the
// English for the CLI; the app and reports render the key in the reader's language.

import type { MessageParams } from '../message'
import { interpolate } from './interpolate'

export const dockerNotesEn = {
  'fit.noRequirement': 'The image declares no CUDA requirement.',
  'fit.cpuOnly': 'A CPU-only PyTorch {{torch}} ({{why}}): it can never use the GPU. Use a CUDA build of the image.',
  'fit.unreadable': 'Cannot read NVIDIA_REQUIRE_CUDA="{{requirement}}".',
  'fit.driverUnknown': 'The host driver is unknown (nvidia-smi gave no version).',
  'fit.ok': 'driver {{driver}} supports CUDA {{cuda}}: {{holds}} holds.',
  'fit.brand': 'driver {{driver}} supports CUDA {{cuda}}, below {{needs}}; it starts only through forward compatibility where {{maybe}} holds (data-centre GPUs).',
  'fit.tooOld': 'driver {{driver}} supports CUDA {{cuda}}; the image needs {{needs}}.',
  'compare.noConv': '{{side}} ({{target}}): no conv timing',
  'compare.convSkipped': '{{side}} ({{target}}): conv skipped: {{reason}}',
  'compare.convFailed': '{{side}} ({{target}}): conv failed: {{reason}}',
  'compare.probeFailed': '{{side}} ({{target}}): {{reason}}',
  'engine.choice.dockerHost': 'DOCKER_HOST names {{socket}}.',
  'engine.choice.dockerDesktop': 'DOCKER_HOST is unset; Docker Desktop\'s socket {{socket}} exists.',
  'engine.choice.docker': 'DOCKER_HOST is unset; Docker\'s socket {{socket}} exists.',
  'engine.choice.podmanRootful': 'DOCKER_HOST is unset and there is no Docker socket; rootful Podman\'s socket {{socket}} exists (podman system service).',
  'engine.choice.podmanRootless': 'DOCKER_HOST is unset and there is no Docker socket; your rootless Podman socket {{socket}} exists (podman system service).',
  'engine.choice.fallback': 'DOCKER_HOST is unset and no Docker or Podman socket exists; tried Docker\'s default {{socket}}.',
} as const

export type DockerNoteKey = keyof typeof dockerNotesEn

export const dockerNotesZh: Record<DockerNoteKey, string> = {
  'fit.noRequirement': '该镜像没有声明 CUDA 要求。',
  'fit.cpuOnly': '纯 CPU 版 PyTorch {{torch}}（{{why}}）：永远无法使用 GPU。请改用该镜像的 CUDA 版本。',
  'fit.unreadable': '无法解析 NVIDIA_REQUIRE_CUDA="{{requirement}}"。',
  'fit.driverUnknown': '主机驱动版本未知（nvidia-smi 没有给出版本）。',
  'fit.ok': '驱动 {{driver}} 支持 CUDA {{cuda}}：满足 {{holds}}。',
  'fit.brand': '驱动 {{driver}} 支持 CUDA {{cuda}}，低于 {{needs}}；只有在满足 {{maybe}} 的情况下（数据中心 GPU）才能通过前向兼容启动。',
  'fit.tooOld': '驱动 {{driver}} 支持 CUDA {{cuda}}；该镜像需要 {{needs}}。',
  'compare.noConv': '{{side}}（{{target}}）：没有 Conv 计时',
  'compare.convSkipped': '{{side}}（{{target}}）：跳过了 Conv：{{reason}}',
  'compare.convFailed': '{{side}}（{{target}}）：Conv 失败：{{reason}}',
  'compare.probeFailed': '{{side}}（{{target}}）：{{reason}}',
  'engine.choice.dockerHost': 'DOCKER_HOST 指定了 {{socket}}。',
  'engine.choice.dockerDesktop': '未设置 DOCKER_HOST；存在 Docker Desktop 的套接字 {{socket}}。',
  'engine.choice.docker': '未设置 DOCKER_HOST；存在 Docker 的套接字 {{socket}}。',
  'engine.choice.podmanRootful': '未设置 DOCKER_HOST，也没有 Docker 套接字；存在 rootful Podman 的套接字 {{socket}}（podman system service）。',
  'engine.choice.podmanRootless': '未设置 DOCKER_HOST，也没有 Docker 套接字；存在你的 rootless Podman 套接字 {{socket}}（podman system service）。',
  'engine.choice.fallback': '未设置 DOCKER_HOST，也找不到 Docker 或 Podman 套接字；尝试了 Docker 的默认位置 {{socket}}。',
}

/** A note as data and as the English the CLI prints. */
export function dockerNote(key: DockerNoteKey, params: MessageParams = {}): { text: string; message: { key: DockerNoteKey; params: MessageParams } } {
  return { text: interpolate(dockerNotesEn[key], params), message: { key, params } }
}
