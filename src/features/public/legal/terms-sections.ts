import type { LegalSection } from './legal-section';

/**
 * The terms and conditions in plain English (R-TERMS-1). The figures here are the ones the server
 * applies (e.g. the 24-hour / 30% cancellation rule), so change them together.
 */
export const termsSections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    paragraphs: [
      'These terms apply to every cleaning, moving and handyman service you book with Sparkle Cleaning, online or by phone. By placing a booking you agree to them.',
      'In these terms "we" and "us" mean Sparkle Cleaning, and "you" means the customer who books the service.',
    ],
  },
  {
    id: 'online-booking',
    title: 'Booking online',
    paragraphs: [
      'Online bookings need at least 24 hours’ notice before the start of the job, so that we can plan the team and the equipment.',
      'Your booking is confirmed once you have chosen the items, the date, the time and the address and placed the order.',
    ],
  },
  {
    id: 'short-notice',
    title: 'Short-notice bookings',
    paragraphs: [
      'If you need us within the next 24 hours, please call us instead of booking online. We will do our best to find a team, but we cannot promise availability at short notice.',
    ],
  },
  {
    id: 'pricing',
    title: 'Pricing',
    paragraphs: [
      'Prices are in pounds sterling (£) and are shown for each item before you book. The total is the sum of each item’s price times its quantity.',
      'Our standard prices assume rooms of a usual size. Larger rooms take longer and cost more:',
    ],
    list: [
      'a bedroom larger than 20 m² is charged at a higher rate;',
      'a living room larger than 40 m² is charged at a higher rate.',
    ],
  },
  {
    id: 'extra-charges',
    title: 'Extra charges',
    paragraphs: ['Some situations take extra time or equipment and are charged on top of the booking:'],
    list: [
      '£50 if belongings are left in the property and have to be moved or cleared before we can clean;',
      '£50 for unblocking drains;',
      '£11.50 congestion charge if the property is inside the London Congestion Charge zone;',
      'a late fee may apply if you, or the person letting us in, are more than 30 minutes late.',
    ],
  },
  {
    id: 'parking',
    title: 'Parking',
    paragraphs: [
      'Please arrange a parking space for our team near the property. If no free parking is available, the cost of paid parking is added to your bill.',
    ],
  },
  {
    id: 'cancellation',
    title: 'Cancelling a booking',
    paragraphs: [
      'You can cancel free of charge at least 24 hours before the job is due to start.',
      'If you cancel within 24 hours of the start of the job, we charge 30% of the total job value.',
      'You can cancel from your orders page; please tell us why, it helps us improve.',
    ],
  },
  {
    id: 'rescheduling',
    title: 'Rescheduling a booking',
    paragraphs: [
      'To move a booking to another date or time, give us at least 24 hours’ notice. With less than 24 hours’ notice we charge a fee of 30% of the total job value.',
    ],
  },
  {
    id: 'guarantee',
    title: 'Our cleaning guarantee',
    paragraphs: [
      'If something was not cleaned to the standard you expected, tell us within one week of the clean. We will come back and clean the areas concerned again at no extra cost.',
      'One recovery clean is included per service.',
    ],
  },
  {
    id: 'complaints',
    title: 'Complaints',
    paragraphs: [
      'Please send any complaint within 5 days of the service, with photos where you can. We answer every complaint and aim to put things right quickly.',
    ],
  },
  {
    id: 'damage',
    title: 'Damage claims',
    paragraphs: [
      'Report any damage within 48 hours of the service. We cannot accept damage claims made after 48 hours.',
    ],
  },
  {
    id: 'insurance',
    title: 'Insurance and liability',
    paragraphs: [
      'We hold public liability insurance. If our team damages your property through negligence, we will repair or replace the item, or pay its reasonable value, subject to the 48-hour claim rule.',
      'We are not liable for wear and tear, for items that were already damaged or badly fixed, or for loss caused by the absence of a parking space or of access to the property.',
    ],
  },
  {
    id: 'sub-contractors',
    title: 'Sub-contractors',
    paragraphs: [
      'Some services, such as moving and handyman work, may be carried out by trusted sub-contractors. They work to these terms and to our standards, and we remain responsible for the service you booked.',
    ],
  },
  {
    id: 'carpet-upholstery',
    title: 'Carpets and upholstery',
    paragraphs: [
      'We clean carpets and upholstery with methods suited to the fabric. Some stains, such as old, set or bleach marks, may not come out completely, and we cannot guarantee their removal.',
      'Carpets need a few hours to dry; please keep heavy traffic off them until they are dry.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    paragraphs: [
      'We may update these terms from time to time. The terms that apply to a booking are the ones published on the day you placed it.',
    ],
  },
];
