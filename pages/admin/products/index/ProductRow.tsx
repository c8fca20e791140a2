import type { FormEvent, PointerEventHandler } from 'react'
import { NO_PHOTO } from '../../../../domain/no-photo.ts'
import type { Row } from './+data.ts'

type Handle = Record<
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel' | 'onLostPointerCapture',
  PointerEventHandler<HTMLElement>
>

type Props = {
  row: Row
  last: boolean
  onStep: (e: FormEvent<HTMLFormElement>) => void
  handle: Handle
  offset: number
  dragged: boolean
  /** What a move without the page's script did: the page opens at it. */
  notice?: string | undefined
}

export function ProductRow({ row, last, onStep, handle, offset, dragged, notice }: Props) {
  const move = `/admin/products/${encodeURIComponent(row.id)}/move`
  return (
    <li
      className={`admin-products__row${dragged ? ' admin-products__row--dragged' : ''}`}
      id={`row-${row.id}`}
      data-row={row.id}
      style={offset ? { transform: `translateY(${offset}px)` } : undefined}
    >
      {/* Pointer only: the arrows are the same move for a keyboard or a screen reader. */}
      <span className="admin-products__handle" aria-hidden="true" title={`Drag to move ${row.name}`} {...handle}>
        <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
          <path d="M5 3h2v2H5zm4 0h2v2H9zM5 7h2v2H5zm4 0h2v2H9zm-4 4h2v2H5zm4 0h2v2H9z" />
        </svg>
      </span>
      <img
        className="admin-products__image"
        src={row.mainImage || NO_PHOTO}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
      />
      <div className="admin-products__text">
        {/* Its ::after covers the row: a tap anywhere on it opens the product; the handle and arrows sit above. */}
        <a className="admin-products__name" href={`/admin/products/${encodeURIComponent(row.id)}`}>
          {row.name}
        </a>
        {row.draft ? <span className="draft-badge">Draft</span> : null}
        <p className="admin-products__meta">
          <span>{row.sku}</span>
          <span>{row.category}</span>
          <span className="admin-products__price">{row.price}</span>
          <span>{row.availability}</span>
        </p>
        {notice ? (
          <p className="admin-products__moved" role="status" tabIndex={-1} autoFocus>
            {notice}
          </p>
        ) : null}
      </div>
      <form className="admin-products__move" method="post" action={move} onSubmit={onStep}>
        <button type="submit" name="to" value="up" className="btn btn-outline" disabled={row.position === 0}>
          <span aria-hidden="true">↑</span>
          <span className="visually-hidden">Move {row.name} up</span>
        </button>
        <button type="submit" name="to" value="down" className="btn btn-outline" disabled={last}>
          <span aria-hidden="true">↓</span>
          <span className="visually-hidden">Move {row.name} down</span>
        </button>
      </form>
    </li>
  )
}
