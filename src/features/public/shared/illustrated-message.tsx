import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { LinkButton } from '../../../components/ui';
import './illustrated-message.css';

interface IllustratedMessageProps {
  picture: { src: string; alt: string };
  children?: ReactNode;
}

/** An illustration, a short text and the 'Go to Home' button (success and not-found pages). */
export function IllustratedMessage({ picture, children }: IllustratedMessageProps) {
  return (
    <div className="illustrated-message">
      <img src={picture.src} alt={picture.alt} width={320} height={240} />
      {children}
      <LinkButton href={paths.landing} size="lg">
        Go to Home
      </LinkButton>
    </div>
  );
}
