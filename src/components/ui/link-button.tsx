import { Link, type LinkProps } from 'react-aria-components';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button';
import './button.css';

export interface LinkButtonProps extends Omit<LinkProps, 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** A link that looks like a button (Book now, Go to Home); `href` routes client-side. */
export function LinkButton({ variant = 'primary', size = 'md', fullWidth, className, ...props }: LinkButtonProps) {
  return <Link {...props} className={buttonClassName(variant, size, fullWidth, className)} />;
}
