import { Link } from 'react-aria-components';
import { paths } from '../../shared/paths';
import { BrandLogo } from './brand-logo';
import { SocialLinks } from './social-links';
import './footer.css';

const phones = ['020 7946 0321', '020 7946 0458', '07700 900 123'] as const;

/** The common footer (R-SITE-6): address, three phone numbers, social icons, links, copyright. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <section className="footer__brand" aria-label="Sparkle Cleaning">
          <BrandLogo />
          <p className="footer__tagline">Professional house keeping, end of tenancy, after-builders and deep cleaning across London.</p>
          <SocialLinks />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer__heading">Contact us</h2>
          <address className="footer__address">
            Sparkle Cleaning Ltd
            <br />
            71 Cleveland Street
            <br />
            London W1T 4JN
            <br />
            United Kingdom
          </address>
          <ul className="footer__list">
            {phones.map((phone) => (
              <li key={phone}>
                <a className="footer__link" href={`tel:${phone.replace(/\s/g, '')}`}>
                  {phone}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer__heading">Company</h2>
          <ul className="footer__list">
            <li><Link className="footer__link" href={paths.about}>About us</Link></li>
            <li><Link className="footer__link" href={paths.contact}>Contact</Link></li>
            <li><Link className="footer__link" href={paths.faqs}>FAQs</Link></li>
          </ul>
        </nav>
      </div>
      <div className="footer__bottom">
        <p className="footer__copyright container">© {year} Sparkle Cleaning. All rights reserved.</p>
      </div>
    </footer>
  );
}
