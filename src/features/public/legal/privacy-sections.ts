import type { LegalSection } from './legal-section';

/** The privacy policy in plain English (R-TERMS-2: requests answered within 30 days). */
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
    id: 'your-data-online',
    title: 'Download your data or delete your account',
    paragraphs: [
      'Signed in, open My Profile (Settings in your name menu):',
    ],
    list: [
      '“Download my data” saves a file (my-data.json) with your account (name, email, when you registered), every order you placed with its address, phone, notes, items, status and total, and the messages you sent us from your account’s email with our replies;',
      '“Delete my account” asks for your password, then deletes your account at once and logs you out: your name becomes “Deleted user” and a number, and your email, phone numbers, addresses, booking notes, our notes about you and your messages to us are removed; nobody can sign in to the account any more;',
      'we keep your orders without your name — the service, items, dates, status, totals and refunds — because the law requires us to keep accounts; they no longer say who you are;',
      'you may register again with the same email later, as a new customer.',
    ],
  },
  {
    id: 'browser-storage',
    title: 'What the site keeps in your browser',
    paragraphs: [
      'We use no cookies and no tracking. The site keeps only these items in your browser’s local storage, so it works between pages and after a reload:',
    ],
    list: [
      '“userInfo”: while you are signed in, your id, name, email, role and sign-in token; removed when you log out (or delete your account);',
      '“myService”: the order you are booking (service, items, total) between choosing items and checkout; removed after checkout or when you log out;',
      '“draft:booking.cart” and “draft:booking.form”: the booking draft (the items you chose, and the address, phone, date, time, payment choice and notes you typed, never a card number), so a reload or an expired session loses nothing; removed when the booking is sent or you log out;',
      '“draft:cancellation” and “draft:profile”: a cancellation reason or profile change you are typing (never a password); removed when sent or when you log out.',
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
