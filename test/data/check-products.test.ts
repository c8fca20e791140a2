/**
 * The data file's check of a product's own values, as the owner may write them by hand: what every
 * page reads (its photographs) is in the shape pages expect, and nothing is longer or larger than
 * the workspace's form takes, so each value can be saved from the form and stays small.
 */
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { checkDataText } from '../../data/check.server.ts'

const file = (extra: object) =>
  JSON.stringify({ products: [{ ...seedProducts[0], ...extra }, seedProducts[1]], messages: [] }, null, 2)
const problemOf = (extra: object) => {
  const checked = checkDataText(file(extra), 'db.json')
  return checked.ok ? null : checked.problem.message
}

describe('a product’s photographs in the data file', () => {
  it('refuses a list that is not one, or holds anything but photographs, naming the field', () => {
    expect(problemOf({ images: 'x.jpg' })).toMatch(/product 1 .*field "images", line \d+, column \d+ must be a list/)
    expect(problemOf({ images: { a: 1 } })).toMatch(/field "images".* must be a list/)
    expect(problemOf({ images: [1, null] })).toMatch(/field "images\.0".* must be an object/)
    expect(problemOf({ images: [{ angle: 'main' }] })).toMatch(/field "images\.0\.src".* is missing/)
    expect(problemOf({ photos: 'x.jpg' })).toMatch(/field "photos".* must be a list/)
    expect(problemOf({ photos: [{ src: 5 }] })).toMatch(/field "photos\.0\.src".* must be text/)
  })

  it('takes the photographs a run and the owner’s uploads leave', () => {
    const images = [{ angle: 'main', src: '/media/products/x/a-main-1024.webp', original: '/media/products/x/a.png' }]
    expect(problemOf({ images, imagesGeneratedAt: '2026-11-27T10:00:00.000Z', imageModel: 'gpt-image-1' })).toBeNull()
    expect(problemOf({ photos: [{ src: '/media/products/x/b-1024.webp' }] })).toBeNull()
  })
})

describe('a product’s values no larger than the workspace’s form takes', () => {
  it('refuses a longer text or a larger stock, saying the most and what it has', () => {
    expect(problemOf({ description: 'x'.repeat(2001) })).toMatch(
      /field "description".* must be at most 2000 characters, as the workspace takes \(it has 2001\)/,
    )
    expect(problemOf({ name: 'x'.repeat(121) })).toMatch(/field "name".* must be at most 120 characters/)
    expect(problemOf({ stock: 1_000_000_000 })).toMatch(
      /field "stock".* must be at most 999999, as the workspace takes/,
    )
  })

  it('takes each at its most', () => {
    expect(problemOf({ description: 'x'.repeat(2000), name: 'x'.repeat(120), stock: 999_999 })).toBeNull()
  })
})

describe('what a product’s page is built from', () => {
  it('refuses an id that could not end its web address, and a main photograph at no address a page can show', () => {
    for (const id of ['a/b', 'oxford brogue', 'x?y', 'x#y', '50%'])
      expect(problemOf({ id }), id).toMatch(/field "id".* must not hold a space, \/, \?, #, % or \\/)
    for (const mainImage of ['javascript:alert(1)', 'images/x.jpg', '//evil.example/x.jpg', 'data:image/png;base64,AA'])
      expect(problemOf({ mainImage }), mainImage).toMatch(/field "mainImage".* must be a picture of the site/)
    expect(problemOf({ mainImage: 'https://images.example.com/x.jpg' })).toBeNull()
  })
})
