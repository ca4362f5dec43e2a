import './components.css';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's heading (sentence case; it also names the region). */
  title?: ReactNode;
  /** Heading level of the title. */
  level?: 2 | 3;
  /** Things at the right of the heading (a count, a ⋯ menu). */
  actions?: ReactNode;
  as?: 'section' | 'div' | 'li' | 'article';
}

/** A raised surface with an optional heading row. */
export function Card({
  title,
  level = 2,
  actions,
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Tag className={`card${className ? ` ${className}` : ''}`} {...rest}>
      {(title || actions) && (
        <div className="card-head">
          {title ? <Heading className="card-title">{title}</Heading> : <span />}
          {actions ? <div className="card-head-actions">{actions}</div> : null}
        </div>
      )}
      {children}
    </Tag>
  );
}
