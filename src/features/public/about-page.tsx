import { paths } from '../../shared/paths';
import { LinkButton, Page } from '../../components/ui';
import './about-page.css';

const blocks = [
  {
    id: 'house-keeping',
    title: 'Regular house keeping',
    text: 'The same friendly cleaner every week or fortnight, who learns how you like your home. Dusting, hoovering, kitchens, bathrooms, bed linen and ironing: you choose the list.',
    picture: '/images/services/house-keeping.svg',
    alt: 'A tidy house with a spray bottle',
    action: 'Book house keeping',
  },
  {
    id: 'deep-cleans',
    title: 'Deep cleans for every occasion',
    text: 'End of tenancy, after builders or simply a fresh start: a team with professional equipment cleans every surface, inside cupboards and appliances, top to bottom.',
    picture: '/images/services/deep-cleaning.svg',
    alt: 'A bucket of foam and a mop',
    action: 'Book a deep clean',
  },
  {
    id: 'moving-handyman',
    title: 'Moving and handyman help',
    text: 'A van and careful hands for your move, and a handyman for the small jobs that pile up: flat-pack furniture, shelves, pictures, leaking taps.',
    picture: '/images/services/moving.svg',
    alt: 'A removals van loaded with boxes',
    action: 'Book moving or handyman help',
  },
] as const;

/** `/about`: who the company is, and its three kinds of service, each leading to /home. */
export default function AboutPage() {
  return (
    <Page title="About us" heading="About Sparkle Cleaning" description="Who we are and how we clean.">
      <p className="about__lead">
        We are a London cleaning company that treats every home as if it were our own. Our cleaners are vetted, trained and
        insured, and we stand behind every job with a one-week cleaning guarantee.
      </p>
      <div className="about__blocks">
        {blocks.map((block, index) => (
          <section key={block.id} className="about__block" data-reversed={index % 2 === 1 || undefined} aria-labelledby={`${block.id}-title`}>
            <img src={block.picture} alt={block.alt} width={320} height={200} loading={index === 0 ? 'eager' : 'lazy'} />
            <div className="about__block-copy">
              <h2 id={`${block.id}-title`}>{block.title}</h2>
              <p>{block.text}</p>
              <LinkButton href={paths.services}>{block.action}</LinkButton>
            </div>
          </section>
        ))}
      </div>
    </Page>
  );
}
