/** The footer's social links, with tooltips naming each network (their accessible names say the same). */
import { BrandIcon } from '../templates/components/BrandIcon';
import { hydrator } from 'site/theme/islands/lib/runtime';
import { Tooltip, TooltipProvider } from './lib/Tooltip';

export interface SocialLinksProps {
  siteName: string;
  links: { name: string; href: string; icon: string }[];
}

export function SocialLinks({ siteName, links }: SocialLinksProps) {
  return (
    <TooltipProvider>
      <ul className="social">
        {links.map((s) => (
          <li key={s.name}>
            <Tooltip content={s.name}>
              <a href={s.href} aria-label={`${siteName} on ${s.name}`}>
                <BrandIcon name={s.icon} />
              </a>
            </Tooltip>
          </li>
        ))}
      </ul>
    </TooltipProvider>
  );
}

export const hydrate = hydrator(SocialLinks);
