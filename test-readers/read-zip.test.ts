import { describe, expect, it } from 'vitest'
import { downloadZip } from 'client-zip'
import { crc32, readZip, strFromU8 } from './read-zip.ts'

async function zipOf(entries: { name: string; input: string | Uint8Array }[]): Promise<Uint8Array> {
  return new Uint8Array(
    await downloadZip(
      entries.map((e) => ({ ...e, lastModified: new Date('2026-01-01T00:00:00Z') })),
    ).arrayBuffer(),
  )
}

describe('readZip', () => {
  it('reads back what client-zip wrote, names and bytes exactly', async () => {
    const bytes = new Uint8Array([0, 1, 2, 0xff, 0xfe])
    const files = readZip(
      await zipOf([
        { name: 'a/b.srt', input: '1\nhé\n' },
        { name: 'raw.bin', input: bytes },
        { name: 'empty.txt', input: '' },
      ]),
    )
    expect(Object.keys(files)).toEqual(['a/b.srt', 'raw.bin', 'empty.txt'])
    expect(strFromU8(files['a/b.srt']!)).toBe('1\nhé\n')
    expect([...files['raw.bin']!]).toEqual([...bytes])
    expect(files['empty.txt']!.byteLength).toBe(0)
  })

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
  })

  it('fails loudly on a flipped byte, a truncated archive and trailing bytes', async () => {
    const zip = await zipOf([{ name: 'x.txt', input: 'hello world' }])
    const flipped = zip.slice()
    const first = 30 + 'x.txt'.length // first byte of the data
    flipped[first] = flipped[first]! ^ 0x01
    expect(() => readZip(flipped)).toThrow(/CRC-32/)
    expect(() => readZip(zip.subarray(0, zip.byteLength - 1))).toThrow(/read-zip/)
    expect(() => readZip(new Uint8Array([...zip, 0]))).toThrow(/read-zip/)
  })

  it('refuses compressed entries rather than returning their deflated bytes', async () => {
    const zip = await zipOf([{ name: 'x.txt', input: 'hello' }])
    const view = new DataView(zip.buffer)
    const central = view.getUint32(zip.byteLength - 6, true)
    view.setUint16(central + 10, 8, true) // method 8: deflate
    expect(() => readZip(zip)).toThrow(/compression method 8/)
  })
})
