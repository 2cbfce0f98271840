/** The six services of the spec, as first shown on a new site. Prices in pounds sterling. */
export interface ServiceContent {
  slug: string;
  name: string;
  description: string;
  picture: string;
  items: [name: string, price: number][];
  /** Items that earn no frequency discount (goods sold at cost). */
  undiscounted?: string[];
  activities: string[];
  faqs: [q: string, a: string][];
}

export const SERVICES: ServiceContent[] = [
  {
    slug: 'house-keeping',
    name: 'House Keeping',
    description:
      'Regular weekly or fortnightly cleaning by the same vetted housekeeper, so your home stays fresh without you lifting a finger.',
    picture: '/images/services/house-keeping.svg',
    items: [['Bedroom', 25], ['Bathroom', 30], ['Kitchen', 35], ['Living room', 28], ['Hallway and stairs', 18], ['Ironing (per hour)', 22]],
    activities: [
      'Dusting of all reachable surfaces, skirting boards and light switches',
      'Vacuuming and mopping of every floor',
      'Cleaning and disinfecting the bathroom, toilet and shower',
      'Wiping kitchen worktops, hob, sink and appliance fronts',
      'Making beds and changing linen on request',
      'Emptying bins and replacing liners',
    ],
    faqs: [
      ['Will I have the same housekeeper each visit?', 'Yes. We assign one regular housekeeper and a trained stand-in for holidays.'],
      ['Do I need to provide cleaning products?', 'No, we bring professional, eco-friendly products and equipment. Tell us if you prefer your own.'],
      ['Can I skip a visit?', 'Of course. Give us 24 hours\u2019 notice and the visit is rescheduled free of charge.'],
    ],
  },
  {
    slug: 'end-of-tenancy',
    name: 'End of Tenancy',
    description:
      'A top-to-bottom clean to the standard letting agents check against, to help you get your full deposit back.',
    picture: '/images/services/end-of-tenancy.svg',
    items: [['Studio flat', 120], ['Bedroom', 40], ['Bathroom', 45], ['Kitchen', 60], ['Living room', 38], ['Oven clean', 45], ['Fridge and freezer', 30], ['Inside windows', 35]],
    activities: [
      'Deep clean of the kitchen including inside cupboards and drawers',
      'Descaling of taps, tiles, shower screens and toilets',
      'Cleaning inside the oven, hob, extractor hood and fridge',
      'Washing skirting boards, doors, frames and handles',
      'Vacuuming carpets and washing hard floors throughout',
      'Cleaning interior windows, sills and frames',
      'Removing marks from walls where safe to do so',
    ],
    faqs: [
      ['Is the clean guaranteed?', 'Yes. If your agent or landlord raises an issue within one week, we return to fix it free of charge.'],
      ['Does the property need to be empty?', 'Ideally yes. Belongings left in the property may add a \u00a350 extra charge.'],
      ['Do you clean carpets?', 'Carpets are vacuumed as standard; steam cleaning can be added as an extra.'],
      ['Can you collect the keys from my agent?', 'Yes, we can collect and return keys to your letting agent by arrangement.'],
    ],
  },
  {
    slug: 'after-builders',
    name: 'After Builders',
    description:
      'Removal of the fine dust, paint spots and debris that building work leaves behind, so you can move straight back in.',
    picture: '/images/services/after-builders.svg',
    items: [['Bedroom', 45], ['Bathroom', 50], ['Kitchen', 65], ['Living room', 50], ['Staircase', 35], ['Window frames (per room)', 20]],
    activities: [
      'Removing construction dust from every surface, including high areas',
      'Cleaning paint splashes, plaster and adhesive from floors and fittings',
      'Vacuuming with HEPA-filter machines to capture fine dust',
      'Washing hard floors and vacuuming carpets',
      'Cleaning inside cupboards, wardrobes and drawers',
      'Polishing glass, mirrors and chrome fittings',
    ],
    faqs: [
      ['When should you come in?', 'Once all trades have finished, so dust does not settle again after our visit.'],
      ['Do you remove building waste?', 'We remove light debris; skips and heavy rubble need a waste carrier.'],
      ['How long does it take?', 'Most flats take one day with a team of two or three cleaners.'],
    ],
  },
  {
    slug: 'deep-cleaning',
    name: 'Deep Cleaning',
    description:
      'An intensive one-off clean of the places a regular clean does not reach: behind appliances, limescale, grease and grout.',
    picture: '/images/services/deep-cleaning.svg',
    items: [['Bedroom', 35], ['Bathroom', 40], ['Kitchen', 55], ['Living room', 38], ['Oven clean', 45], ['Carpet steam clean (per room)', 30], ['Upholstery (per seat)', 15]],
    activities: [
      'Degreasing kitchen surfaces, tiles and extractor filters',
      'Removing limescale from taps, showers, screens and toilets',
      'Cleaning grout and sealant lines',
      'Moving light furniture and appliances to clean behind them',
      'Wiping doors, frames, handles, radiators and skirting boards',
      'Cleaning light fittings and lampshades',
      'Vacuuming mattresses and upholstery',
      'Washing hard floors by hand',
    ],
    faqs: [
      ['How is a deep clean different from a regular clean?', 'It covers areas a regular clean skips and takes two to three times longer.'],
      ['Is it safe for children and pets?', 'Yes, we use non-toxic products; we only ask that pets are kept out of the room being cleaned.'],
      ['Do I need to be at home?', 'No, many customers leave us a key or a key-safe code.'],
    ],
  },
  {
    slug: 'moving',
    name: 'Moving',
    description:
      'Careful help with packing, loading and moving your belongings, with a clean of your old or new home if you wish.',
    picture: '/images/services/moving.svg',
    items: [['Two movers and a van (per hour)', 70], ['Extra mover (per hour)', 25], ['Packing service (per room)', 40], ['Packing boxes (pack of 10)', 18], ['Furniture assembly (per item)', 30]],
    undiscounted: ['Packing boxes (pack of 10)'],
    activities: [
      'Packing and wrapping fragile items',
      'Dismantling and reassembling furniture',
      'Loading and unloading the van',
      'Protecting floors and door frames during the move',
      'Placing furniture and boxes in the right rooms',
    ],
    faqs: [
      ['Are my belongings insured?', 'Yes, goods in transit are covered by our insurance while in our care.'],
      ['Who pays for parking?', 'The customer arranges parking and pays any permits or the congestion charge (\u00a311.50) if in the zone.'],
      ['Do you move pianos?', 'Not at present; we can recommend a specialist.'],
    ],
  },
  {
    slug: 'handyman',
    name: 'Handyman',
    description:
      'Small repairs and odd jobs around the home by a skilled handyman, charged by the hour with no call-out fee.',
    picture: '/images/services/handyman.svg',
    items: [['First hour', 45], ['Additional hour', 35], ['Shelf or picture hanging (per item)', 15], ['Flat-pack assembly (per item)', 30], ['Unblocking a drain', 50], ['Tap washer replacement', 25]],
    activities: [
      'Hanging shelves, pictures, mirrors and curtain rails',
      'Assembling flat-pack furniture',
      'Fixing dripping taps and replacing washers',
      'Sealing baths and showers',
      'Adjusting doors, hinges and handles',
      'Minor painting and touch-ups',
    ],
    faqs: [
      ['Does the handyman bring tools?', 'Yes, and common fixings. Specific parts are bought on your behalf at cost.'],
      ['Do you do electrical or gas work?', 'No, only small jobs that do not need a certified electrician or a Gas Safe engineer.'],
      ['Is there a minimum charge?', 'Yes, one hour per visit.'],
    ],
  },
];
