import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../../renderer/useData.ts'
import { PRODUCT_FORM_ID } from '../follow-stored.ts'
import { ProductForm } from '../ProductForm.tsx'
import { PhotosIsland } from './Photos.tsx'
import { ProductPreviewIsland } from './ProductPreview.tsx'
import { Publishing } from './Publishing.tsx'
import { SaveConflict } from './SaveConflict.tsx'
import type { Data } from './+data.ts'

const DONE_TEXT: Record<string, string> = {
  saved: 'Saved: the change is on the site now.',
  added: 'Added as a draft: upload its photograph below, then publish it.',
  duplicated: 'This is the copy, a draft with a stock code of its own: change what differs, then publish it.',
  published: 'Published: the product is on the site now.',
  unpublished: 'Taken off the shop: it is a draft again, kept here with its photographs.',
  restored: 'Restored: this version is on the site now.',
}

/** A draft is not on the site: what was done is said without promising that. */
const DRAFT_DONE_TEXT: Record<string, string> = {
  saved: 'Saved. It is a draft: visitors see it once you publish it.',
  restored: 'Restored as this version, a draft: visitors see it once you publish it.',
}

/** One product's form, with publishing, duplicating and removing it. */
export default function Page() {
  const data = useData<Data>()
  const address = `/admin/products/${encodeURIComponent(data.id)}`
  return (
    <WorkspaceLayout current="products" tabs={data.tabs} title={data.name}>
      <p className="tap-links">
        <a href="/admin/products">All products</a>
        {data.draft ? null : (
          <>
            {' · '}
            <a href={data.viewHref}>See it on the site</a>
          </>
        )}
      </p>
      {data.done ? (
        // The page opens at what the tap did (see ErrorSummary): focused as it loads, with scripts or without.
        <div className="admin-notice" role="status" tabIndex={-1} autoFocus>
          <p>{(data.draft ? DRAFT_DONE_TEXT[data.done] : undefined) ?? DONE_TEXT[data.done]}</p>
        </div>
      ) : null}
      <Publishing address={address} draft={data.draft} missing={data.publishMissing} />
      {data.conflict ? <SaveConflict {...data.conflict} yours={data.values} address={address} /> : null}
      <div className="product-edit__main">
        <ProductForm
          action={address}
          isNew={false}
          submitLabel={data.conflict ? 'Save my version' : 'Save'}
          hint={data.draft ? 'A draft: visitors see it once you publish it.' : 'Saved changes are on the site at once.'}
          formId={PRODUCT_FORM_ID}
          {...data}
        />
        <ProductPreviewIsland formId={PRODUCT_FORM_ID} values={data.values} />
      </div>
      <PhotosIsland
        id={data.id}
        name={data.name}
        photos={data.photos}
        error={data.photoError}
        notice={data.photoNotice}
        angles={data.angles}
        anglesError={data.anglesError}
        refreshHref={data.refreshHref}
        anglesNotice={data.anglesNotice}
      />
      <section className="product-edit__more" aria-label="More">
        <form method="post" action={`${address}/duplicate`}>
          <button type="submit" className="btn btn-outline">
            Duplicate this product
          </button>
        </form>
        <details>
          <summary>Remove this product…</summary>
          <p>It leaves the shop at once. The history keeps it, so you can bring it back.</p>
          <form method="post" action={`${address}/remove`}>
            <button type="submit" className="btn btn-danger">
              Remove {data.name}
            </button>
          </form>
        </details>
      </section>
    </WorkspaceLayout>
  )
}
