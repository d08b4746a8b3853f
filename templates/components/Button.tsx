/**
 * The one button: variants and sizes from the spec. With an href it is a link
 * (navigation); without one it is a button with no action attached, as the
 * spec asks for calls to action that lead nowhere yet.
 */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

export interface ButtonProps {
  children?: ReactNode;
  href?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
  /** Icon after the label (arrows) rather than before it. */
  trailingIcon?: IconName;
  /** Required for size="icon": the accessible name. */
  label?: string;
  type?: 'button' | 'submit';
  className?: string;
}

export function buttonClass(variant: ButtonVariant = 'default', size: ButtonSize = 'default', extra?: string): string {
  return ['btn', `btn-${variant}`, size === 'default' ? '' : `btn-${size}`, extra ?? ''].filter(Boolean).join(' ');
}

export function Button({ children, href, variant, size, icon, trailingIcon, label, type = 'button', className }: ButtonProps) {
  const content = (
    <>
      {icon && <Icon name={icon} size={size === 'sm' ? 16 : 18} />}
      {size === 'icon' ? <span className="sr-only">{label}</span> : children}
      {trailingIcon && <Icon name={trailingIcon} size={size === 'sm' ? 16 : 18} />}
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

/** A content call to action ({label, href?, variant?, icon?}) as a Button. */
export function ActionButton({ action, size, fallback = 'default' }: { action: { label: string; href?: string; variant?: ButtonVariant; icon?: IconName }; size?: ButtonSize; fallback?: ButtonVariant }) {
  const arrow = action.variant === 'link' || (!action.icon && action.href !== undefined && (action.variant ?? fallback) === 'default');
  return (
    <Button href={action.href} variant={action.variant ?? fallback} size={size} icon={action.icon} trailingIcon={arrow ? 'arrow-right' : undefined}>
      {action.label}
    </Button>
  );
}
