import { Button, type ButtonSize, type ButtonVariant } from './Button';
import { Icon, type IconName } from './icons';

/**
 * A content call to action ({label, href, variant?, icon?}) as a Button; default links get an arrow. The arrow is
 * always after the label, also where the content names it as the icon: one style of call to action across the site.
 */
export function ActionButton({
  action,
  size,
  fallback = 'default',
  context,
}: {
  action: { label: string; href: string; variant?: ButtonVariant; icon?: IconName };
  size?: ButtonSize;
  fallback?: ButtonVariant;
  /**
   * What the action is about, where the label alone does not say (a card's "Learn More"): added to the link's name
   * for screen readers and search engines, after the visible label.
   */
  context?: string;
}) {
  const iconSize = size === 'sm' ? 16 : 18;
  const arrow =
    action.icon === 'arrow-right' ||
    action.variant === 'link' ||
    (!action.icon && (action.variant ?? fallback) === 'default');
  const leading = action.icon === 'arrow-right' ? undefined : action.icon;
  // A phone number is written with spaces to be read; its tel: link has none, and the text of a tel: link is read as
  // a number, so it is kept whole (a label never breaks anyway).
  const tel = action.href.startsWith('tel:');
  return (
    <Button
      href={tel ? action.href.replace(/\s+/g, '') : action.href}
      variant={action.variant ?? fallback}
      size={size}
      icon={leading && <Icon name={leading} size={iconSize} />}
      trailingIcon={arrow ? <Icon name="arrow-right" size={iconSize} /> : undefined}
    >
      {tel ? action.label.replace(/ /g, '\u00a0') : action.label}
      {context && <span className="sr-only">: {context}</span>}
    </Button>
  );
}
