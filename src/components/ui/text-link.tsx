import { Link, type LinkProps } from 'react-aria-components';
import './text-link.css';

export interface TextLinkProps extends Omit<LinkProps, 'className'> {
  className?: string;
}

/** An inline link in running text; `href` routes client-side (RouterProvider). */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <Link {...props} className={['text-link', className ?? ''].filter(Boolean).join(' ')} />;
}
