/** The landing page's counters and testimonies, and the site FAQs (docs/requirements.md R-SITE-2, R-SITE-4). */
export const COUNTERS: [value: number, title: string][] = [
  [1250, 'Happy customers'],
  [8, 'Years of experience'],
  [45, 'Trained cleaners'],
  [3400, 'Jobs completed'],
];

export const TESTIMONIES: [user: string, content: string][] = [
  ['Amelia Hart', 'Spotless flat at the end of my tenancy and I got my whole deposit back. The team were on time and so thorough.'],
  ['Oliver Bennett', 'Our fortnightly housekeeper is brilliant. I come home on Fridays to a house that smells and looks fresh.'],
  ['Priya Sharma', 'After our loft conversion there was dust everywhere. Two cleaners had it gone in a day. Highly recommended.'],
  ['James Whitaker', 'Booked a deep clean before my parents visited. The oven looks new and the bathroom sparkles.'],
  ['Sophie Clarke', 'Friendly, careful movers who wrapped everything properly. Not a single scratch on the furniture.'],
  ['Callum Reid', 'The handyman put up six shelves and fixed a dripping tap in one visit. Tidy work and fair price.'],
];

export const SITE_FAQS: [q: string, a: string][] = [
  ['How do I book a service?', 'Choose a service, tick the items you need with their quantities, then give your address, date and time and pay by card or in cash. Online bookings need at least 24 hours\u2019 notice.'],
  ['How can I pay?', 'Pay now by card when you book, or choose Pay cash and pay the cleaner on the day. Prices are in pounds sterling and include VAT.'],
  ['Can I cancel or reschedule?', 'Cancellation is free at least 24 hours before the job. Within 24 hours we charge 30% of the total job value. Rescheduling also needs 24 hours\u2019 notice, otherwise a 30% fee applies.'],
  ['Do I need to be at home?', 'No. Many customers leave a key with a neighbour, in a key safe or with their concierge; we return keys the same way.'],
  ['Do you bring your own products and equipment?', 'Yes, our cleaners bring professional, eco-friendly products and all equipment. Tell us if you would like us to use your own.'],
  ['Is it safe to have my pets at home?', 'Yes. Our products are pet-friendly; please let us know about pets when booking and keep them out of the room being cleaned.'],
  ['Are you insured?', 'Yes, we hold public liability insurance. Any damage must be reported within 48 hours of the clean.'],
  ['Which areas do you cover?', 'London and the surrounding areas inside the M25. A congestion charge of \u00a311.50 is added if the property is in the zone.'],
];
