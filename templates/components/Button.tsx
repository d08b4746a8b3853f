/**
 * The one button: variants and sizes from the spec. With an href it is a link
 * (navigation, the mail app or the phone); without one it is a button for a
 * form or an island to give its job (content calls to action always have an
 * href: templates/content/schemas.ts).
 */
import type { ReactNode } from 'react';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

export interface ButtonProps {
  children?: ReactNode;
  href?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon element before the label (islands import their icons directly, so the icon map stays on the server). */
  icon?: ReactNode;
  /** An icon element after the label (arrows). */
  trailingIcon?: ReactNode;
  /** Required for size="icon": the accessible name. */
  label?: string;
  type?: 'button' | 'submit';
  className?: string;
}

export function buttonClass(variant: ButtonVariant = 'default', size: ButtonSize = 'default', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'default' ? '' : `btn-${size}`, extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  children,
  href,
  variant,
  size,
  icon,
  trailingIcon,
  label,
  type = 'button',
  className,
}: ButtonProps) {
  const content = (
    <>
      {icon}
      {size === 'icon' ? <span className="sr-only">{label}</span> : children}
      {trailingIcon}
    </>
  );
  const cls = buttonClass(variant, size, className);
  if (href) {
    return (
      <a className={cls} href={href} aria-label={size === 'icon' ? undefined : label}>
        {content}
      </a>
    );
  }
  return (
    <button className={cls} type={type}>
      {content}
    </button>
  );
}
