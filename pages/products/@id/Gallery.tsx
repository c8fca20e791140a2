import { ProductPicture } from '../../../components/ProductPicture.tsx'
import type { GalleryImage } from '../../../domain/product-page.ts'

export const GALLERY_SIZES = '(min-width: 64rem) 36rem, (min-width: 48rem) 50vw, 100vw'

/**
 * Thumbnails are radio labels, so choosing a view works by keyboard and without JavaScript; CSS shows the chosen view.
 */
export function Gallery({ images, productName }: { images: GalleryImage[]; productName: string }) {
  if (images.length === 1) {
    const only = images[0]!
    return (
      <div className="gallery gallery--single">
        <div className="gallery__stage">
          <Photo image={only} alt={productName} eager />
        </div>
      </div>
    )
  }
  return (
    <fieldset className="gallery">
      <legend className="visually-hidden">Views of the {productName}</legend>
      {images.map((image, i) => (
        <input
          key={image.angle}
          className="gallery__choice"
          type="radio"
          name="view"
          id={`view-${i}`}
          value={image.angle}
          defaultChecked={i === 0}
          aria-label={image.label}
        />
      ))}
      <div className="gallery__stage">
        {images.map((image, i) => (
          <div key={image.angle} className="gallery__slide">
            <Photo image={image} alt={`${productName}, ${image.label.toLowerCase()}`} eager={i === 0} />
          </div>
        ))}
      </div>
      <div className="gallery__thumbs" aria-hidden="true">
        {images.map((image, i) => (
          <label key={image.angle} htmlFor={`view-${i}`} className="gallery__thumb" title={image.label}>
            <ProductPicture
              image={image.src}
              avif={image.avif}
              sizes="6rem"
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
            />
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Photo({ image, alt, eager }: { image: GalleryImage; alt: string; eager: boolean }) {
  return (
    <ProductPicture
      image={image.src}
      avif={image.avif}
      sizes={GALLERY_SIZES}
      alt={alt}
      width={800}
      height={800}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  )
}
