import sharp from 'sharp'

/** The opening of an iPhone's HEIC file: an `ftyp` box with the `heic` brand, then some of what follows. */
export function heicBytes(): Buffer {
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftypheic', 4, 'latin1')
  ftyp.write('mif1heic', 16, 'latin1')
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)])
}

/**
 * A phone's portrait: 600 × 1800, its detailed, colourful subject in the top third, plain wall below.
 * A square cut from its centre shows only the wall.
 */
export async function portraitWithSubjectOnTop(): Promise<Buffer> {
  const subject = await sharp({
    create: {
      width: 600,
      height: 600,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
      background: '#000',
    },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width: 600, height: 1800, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .composite([{ input: subject, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** How much detail a picture holds: the mean spread of its channels (a plain wall is near 0). */
export async function detail(file: string | Buffer): Promise<number> {
  const { channels } = await sharp(file).stats()
  return channels.slice(0, 3).reduce((sum, c) => sum + c.stdev, 0) / 3
}
