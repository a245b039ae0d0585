import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseProcDriverVersion, parseSmiVersion } from '../../../../src/core/platform/nvidia-smi/parse-version'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

describe('parseSmiVersion', () => {
  it.each(['h200-x1', 'h200-x2'])('reads %s nvidia-smi --version (capture lines included)', (host) => {
    expect(parseSmiVersion(fixture(`${host}/smi/version.txt`))).toEqual({
      smiVersion: '580.159.04',
      nvmlVersion: '580.159',
      driverVersion: '580.159.04',
      cudaVersion: '13.0',
    })
  })

  it('reads the 610 KMD / CUDA UMD wording', () => {
    const text = [
      'NVIDIA-SMI version  : 610.57.04',
      'NVML version        : 610.57',
      'KMD version         : 610.57.04',
      'CUDA UMD Version    : 13.3',
    ].join('\r\n')
    expect(parseSmiVersion(text)).toEqual({
      smiVersion: '610.57.04',
      nvmlVersion: '610.57',
      driverVersion: '610.57.04',
      cudaVersion: '13.3',
    })
  })

  it('prefers KMD over a deprecated DRIVER line and drops the deprecation note', () => {
    const text = 'DRIVER version : 610.57.04 [Deprecated; use KMD Version]\nKMD Version : 610.57.04\nCUDA Version : 13.3 [Deprecated]\n'
    expect(parseSmiVersion(text)).toMatchObject({ driverVersion: '610.57.04', cudaVersion: '13.3' })
  })

  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u00ff:::'],
    ['an error', 'Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.124'],
    ['an old nvidia-smi that does not know --version', 'Invalid combination of input arguments. Please run \'nvidia-smi -h\' for help.'],
  ])('gives nulls for %s', (_, text) => {
    expect(parseSmiVersion(text)).toEqual({ smiVersion: null, nvmlVersion: null, driverVersion: null, cudaVersion: null })
  })
})

describe('parseProcDriverVersion', () => {
  it.each(['h200-x1', 'h200-x2'])('reads the open kernel module of %s', (host) => {
    expect(parseProcDriverVersion(fixture(`${host}/sys/proc-driver.txt`))).toBe('580.159.04')
  })

  it('reads the proprietary module line', () => {
    const text =
      'NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023\nGCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)\n'
    expect(parseProcDriverVersion(text)).toBe('535.129.03')
  })

  it('reads an aarch64 open module and a two-part version', () => {
    expect(parseProcDriverVersion('NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  570.86.15  Release Build')).toBe(
      '570.86.15',
    )
    expect(parseProcDriverVersion('NVRM version: NVIDIA UNIX x86_64 Kernel Module  390.25  Wed Jan 24 20:02:43 PST 2018')).toBe(
      '390.25',
    )
  })

  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u00ffNVRM'],
    ['a missing file message', 'cat: /proc/driver/nvidia/version: No such file or directory'],
  ])('gives null for %s', (_, text) => {
    expect(parseProcDriverVersion(text)).toBeNull()
  })
})
