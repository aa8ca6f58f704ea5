import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';

interface Common {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
  children: ReactNode;
}

export type ButtonProps = Common & ButtonHTMLAttributes<HTMLButtonElement>;

/** A button in the brand's colours; 44 px tall (touch target) unless small. */
export function Button({ variant = 'primary', size = 'md', block = false, className, type, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={className ? `btn ${className}` : 'btn'}
      data-variant={variant}
      data-size={size}
      data-block={block}
    />
  );
}

/** Props for links that look like buttons (`buttonClassProps` spreads onto any anchor or router Link). */
export function buttonLook({ variant = 'primary', size = 'md', block = false }: Omit<Common, 'children'> = {}) {
  return { className: 'btn', 'data-variant': variant, 'data-size': size, 'data-block': block } as const;
}

export type ButtonLinkProps = Common & AnchorHTMLAttributes<HTMLAnchorElement>;
