import type { ImgHTMLAttributes } from 'react'
import { productImageSources } from './product-image.ts'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { image: string; avif?: boolean }

/** The <img> keeps the address it always had; a <source> offers the AVIF twins first to browsers that take them. */
export function ProductPicture({ image, avif, sizes, ...img }: Props) {
  const { src, srcSet, avifSrcSet } = productImageSources(image, avif)
  const element = <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} {...img} />
  if (!avifSrcSet) return element
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {element}
    </picture>
  )
}
