import type { Product } from '../../domain/product.ts'

/** Images live in the repository (data/seed/images) so the shop looks right offline. */
const pay = (code: string) => `https://buy.stripe.com/${code}`
const img = (slug: string) => `/images/seed/${slug}.svg`

export const seedProducts: Product[] = [
  {
    id: 'oxford-brogue',
    name: 'Oxford Brogue',
    description:
      'Full-grain calf Oxford with hand-punched wingtip broguing, ' +
      'Goodyear-welted leather sole and a burnished chestnut finish that ' +
      'deepens with wear.',
    price: '£185.00',
    sku: 'FW-OXB-001',
    category: 'footwear',
    mainImage: img('oxford-brogue'),
    paymentLink: pay('ash_oxford_brogue'),
  },
  {
    id: 'chelsea-boot',
    name: 'Chelsea Boot',
    description:
      'Suede-lined Chelsea boot in dark brown waxed calf, with elasticated ' +
      'side gussets, a pull tab and a Dainite rubber sole for British weather.',
    price: '£210.00',
    sku: 'FW-CHB-002',
    category: 'footwear',
    mainImage: img('chelsea-boot'),
    paymentLink: pay('ash_chelsea_boot'),
  },
  {
    id: 'penny-loafer',
    name: 'Penny Loafer',
    description:
      'Hand-sewn apron-front loafer in cognac calf with a classic penny ' +
      'strap, leather-lined throughout and finished on a slim stacked heel.',
    price: '£165.00',
    sku: 'FW-PNL-003',
    category: 'footwear',
    mainImage: img('penny-loafer'),
    paymentLink: pay('ash_penny_loafer'),
  },
  {
    id: 'derby-shoe',
    name: 'Plain Derby',
    description:
      'An open-laced Derby in black box calf, cut from a single piece above ' +
      'the vamp and welted by hand for a shoe that can be resoled for decades.',
    price: '£175.00',
    sku: 'FW-DRB-004',
    category: 'footwear',
    mainImage: img('derby-shoe'),
    paymentLink: pay('ash_plain_derby'),
  },
  {
    id: 'monk-strap',
    name: 'Double Monk Strap',
    description:
      'Double monk in tobacco suede with antiqued brass buckles, a chiselled ' +
      'toe and a closed-channel leather sole stitched in Northampton.',
    price: '£195.00',
    sku: 'FW-DMS-005',
    category: 'footwear',
    mainImage: img('monk-strap'),
    paymentLink: pay('ash_double_monk'),
  },
  {
    id: 'chukka-boot',
    name: 'Desert Chukka',
    description:
      'Two-eyelet chukka in sand nubuck on a natural crepe sole: soft, light ' +
      'and unlined for comfort from the first wear.',
    price: '£145.00',
    sku: 'FW-DCK-006',
    category: 'footwear',
    mainImage: img('chukka-boot'),
    paymentLink: pay('ash_desert_chukka'),
  },
  {
    id: 'weekender-holdall',
    name: 'Weekender Holdall',
    description:
      'A roomy travel holdall in vegetable-tanned bridle leather with solid ' +
      'brass fittings, a cotton drill lining and a detachable shoulder strap.',
    price: '£395.00',
    sku: 'BG-WKH-001',
    category: 'bags',
    mainImage: img('weekender-holdall'),
    paymentLink: pay('ash_weekender'),
  },
  {
    id: 'briefcase',
    name: 'Heritage Briefcase',
    description:
      'Two-gusset briefcase in hand-stitched saddle leather, with a padded ' +
      'laptop sleeve, a lockable brass clasp and a rolled leather handle.',
    price: '£345.00',
    sku: 'BG-HBC-002',
    category: 'bags',
    mainImage: img('briefcase'),
    paymentLink: pay('ash_briefcase'),
  },
  {
    id: 'messenger-bag',
    name: 'Satchel Messenger',
    description:
      'A Cambridge-style satchel with twin buckle straps and an adjustable ' +
      'shoulder strap, cut from oak-bark tanned leather that ages to a rich ' +
      'patina.',
    price: '£225.00',
    sku: 'BG-SMS-003',
    category: 'bags',
    mainImage: img('messenger-bag'),
    paymentLink: pay('ash_satchel'),
  },
  {
    id: 'tote-bag',
    name: 'Market Tote',
    description:
      'An unstructured tote in soft pebble-grain leather with an inner zip ' +
      'pocket and reinforced handles made to carry a full day.',
    price: '£195.00',
    sku: 'BG-MKT-004',
    category: 'bags',
    mainImage: img('tote-bag'),
    paymentLink: pay('ash_market_tote'),
  },
  {
    id: 'dress-belt',
    name: 'Classic Dress Belt',
    description:
      'A 30 mm dress belt in polished dark brown calf with a solid brass ' +
      'roller buckle, edges bevelled, stained and burnished by hand.',
    price: '£65.00',
    sku: 'BT-CDB-001',
    category: 'belts',
    mainImage: img('dress-belt'),
    paymentLink: pay('ash_dress_belt'),
  },
  {
    id: 'bridle-belt',
    name: 'Bridle Leather Belt',
    description:
      'A 35 mm belt cut from English bridle leather, saddle-stitched at the ' +
      'keeper, with a nickel-free stainless buckle for everyday wear.',
    price: '£75.00',
    sku: 'BT-BRB-002',
    category: 'belts',
    mainImage: img('bridle-belt'),
    paymentLink: pay('ash_bridle_belt'),
  },
  {
    id: 'braided-belt',
    name: 'Braided Belt',
    description:
      'Hand-plaited strips of tan calf on a leather-capped base, so it ' +
      'fastens at any hole and gives a little with you through the day.',
    price: '£70.00',
    sku: 'BT-BRD-003',
    category: 'belts',
    mainImage: img('braided-belt'),
    paymentLink: pay('ash_braided_belt'),
  },
  {
    id: 'reversible-belt',
    name: 'Reversible Belt',
    description:
      'Black on one side and brown on the other, with a swivel buckle that ' +
      'turns in a moment: one belt for a whole wardrobe.',
    price: '£85.00',
    sku: 'BT-RVB-004',
    category: 'belts',
    mainImage: img('reversible-belt'),
    paymentLink: pay('ash_reversible_belt'),
  },
]
