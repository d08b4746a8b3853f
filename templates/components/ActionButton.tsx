import { Button, type ButtonSize, type ButtonVariant } from './Button';
import { Icon, type IconName } from './icons';

/** A content call to action ({label, href?, variant?, icon?}) as a Button; default links get an arrow. */
export function ActionButton({ action, size, fallback = 'default' }: { action: { label: string; href?: string; variant?: ButtonVariant; icon?: IconName }; size?: ButtonSize; fallback?: ButtonVariant }) {
  const iconSize = size === 'sm' ? 16 : 18;
  const arrow = action.variant === 'link' || (!action.icon && action.href !== undefined && (action.variant ?? fallback) === 'default');
  return (
    <Button
      href={action.href}
      variant={action.variant ?? fallback}
      size={size}
      icon={action.icon && <Icon name={action.icon} size={iconSize} />}
      trailingIcon={arrow ? <Icon name="arrow-right" size={iconSize} /> : undefined}
    >
      {action.label}
    </Button>
  );
}
