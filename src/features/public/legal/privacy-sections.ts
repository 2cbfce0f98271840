import type { LegalSection } from './legal-section';

/** The privacy policy in plain English (SPEC 2 and 9: requests answered within 30 days). */
export const privacySections: LegalSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    paragraphs: ['Sparkle Cleaning respects your privacy. We follow these principles whenever we handle your personal data:'],
    list: [
      'we collect only what we need to provide and improve our services;',
      'we use your data only for the purposes described here;',
      'we keep your data secure and only for as long as we need it;',
      'we never sell your data.',
    ],
  },
  {
    id: 'information-collected',
    title: 'Information we collect',
    paragraphs: ['When you use our website or book a service, we may collect:'],
    list: [
      'your full name, email address and password (stored only in a protected form) when you register;',
      'the address, city, postcode, phone number and notes you give us for a booking;',
      'the services, items, dates and payment method of your orders;',
      'the messages you send us through the contact form.',
    ],
  },
  {
    id: 'how-used',
    title: 'How we use your information',
    paragraphs: ['We use your information to:'],
    list: [
      'provide the services you book and contact you about them;',
      'take payments and handle cancellations and refunds;',
      'answer your questions and complaints;',
      'keep our website secure and improve our services.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    paragraphs: [
      'We share your information only with those who help us deliver your service, such as our payment provider and trusted sub-contractors, and only as much as they need.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    paragraphs: [
      'You have the right to see the personal data we hold about you, to have it corrected or deleted, to object to how we use it, and to ask for a copy to take elsewhere.',
      'We answer every request within 30 days.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    paragraphs: [
      'To exercise your rights or ask about this policy, write to us through the contact page or by post to our office. Please say that your message is about privacy.',
    ],
  },
];
