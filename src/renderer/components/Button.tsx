import './components.css';
import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the one action a card is for; secondary: the others; ghost: quiet, in toolbars. */
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
}

/** The one button of the app. `type` is "button" unless said otherwise (no accidental submits). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'normal', className, type = 'button', ...rest },
  ref,
) {
  const classes = ['button'];
  if (variant !== 'secondary') classes.push(`button-${variant}`);
  if (size === 'small') classes.push('button-small');
  if (className) classes.push(className);
  return <button ref={ref} type={type} className={classes.join(' ')} {...rest} />;
});
