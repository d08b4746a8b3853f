/**
 * The icons content may name, rendered on the server as inline SVG (lucide-react;
 * no icon JavaScript reaches the browser). A name not listed here is a
 * frontmatter error, so typos never render an empty box.
 */
// Deep imports: each icon is its own small module, so neither Node nor esbuild loads the whole set.
import * as Archive from 'lucide-react/icons/archive';
import * as ArrowRight from 'lucide-react/icons/arrow-right';
import * as Award from 'lucide-react/icons/award';
import * as BadgeCheck from 'lucide-react/icons/badge-check';
import * as BookOpen from 'lucide-react/icons/book-open';
import * as Boxes from 'lucide-react/icons/boxes';
import * as Briefcase from 'lucide-react/icons/briefcase';
import * as Bug from 'lucide-react/icons/bug';
import * as Building2 from 'lucide-react/icons/building-complex';
import * as Check from 'lucide-react/icons/check';
import * as ChevronDown from 'lucide-react/icons/chevron-down';
import * as ChevronLeft from 'lucide-react/icons/chevron-left';
import * as ChevronRight from 'lucide-react/icons/chevron-right';
import * as Clock from 'lucide-react/icons/clock';
import * as Cloud from 'lucide-react/icons/cloud';
import * as CloudCog from 'lucide-react/icons/cloud-cog';
import * as CodeXml from 'lucide-react/icons/code-xml';
import * as Container from 'lucide-react/icons/container';
import * as Cpu from 'lucide-react/icons/cpu';
import * as Database from 'lucide-react/icons/database';
import * as Eye from 'lucide-react/icons/eye';
import * as FileSearch from 'lucide-react/icons/file-search';
import * as Gauge from 'lucide-react/icons/gauge';
import * as Globe from 'lucide-react/icons/globe';
import * as GraduationCap from 'lucide-react/icons/graduation-cap';
import * as Handshake from 'lucide-react/icons/handshake';
import * as HardDrive from 'lucide-react/icons/hard-drive';
import * as Headset from 'lucide-react/icons/headset';
import * as HeartPulse from 'lucide-react/icons/heart-pulse';
import * as KeyRound from 'lucide-react/icons/key-round';
import * as Landmark from 'lucide-react/icons/landmark';
import * as Layers from 'lucide-react/icons/layers';
import * as Lightbulb from 'lucide-react/icons/lightbulb';
import * as Lock from 'lucide-react/icons/lock';
import * as Mail from 'lucide-react/icons/mail';
import * as MapPin from 'lucide-react/icons/map-pin';
import * as Menu from 'lucide-react/icons/menu';
import * as MessageSquare from 'lucide-react/icons/message-square';
import * as Network from 'lucide-react/icons/network';
import * as Palette from 'lucide-react/icons/palette';
import * as Pause from 'lucide-react/icons/pause';
import * as Phone from 'lucide-react/icons/phone';
import * as Play from 'lucide-react/icons/play';
import * as Radar from 'lucide-react/icons/radar';
import * as Rocket from 'lucide-react/icons/rocket';
import * as Router from 'lucide-react/icons/router';
import * as Scale from 'lucide-react/icons/scale';
import * as ScanSearch from 'lucide-react/icons/scan-search';
import * as Search from 'lucide-react/icons/search';
import * as Server from 'lucide-react/icons/server';
import * as Shield from 'lucide-react/icons/shield';
import * as ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import * as ShieldCheck from 'lucide-react/icons/shield-check';
import * as Siren from 'lucide-react/icons/siren';
import * as Sparkles from 'lucide-react/icons/sparkles';
import * as Target from 'lucide-react/icons/target';
import * as TrendingDown from 'lucide-react/icons/trending-down';
import * as Users from 'lucide-react/icons/users';
import * as Video from 'lucide-react/icons/video';
import * as Wifi from 'lucide-react/icons/wifi';
import * as Workflow from 'lucide-react/icons/workflow';
import * as X from 'lucide-react/icons/x';
import * as Zap from 'lucide-react/icons/zap';
import type { ReactElement, SVGProps } from 'react';
import { svgProps } from './svg';

/**
 * An icon module's drawing: lucide-react exports it beside the component as
 * `__iconData` (not in its type declarations, hence this type). Rendering the
 * SVG from it directly skips lucide's per-render attribute merging, which
 * cost more than the rest of a page's layout; each distinct icon element is
 * built once and reused.
 */
interface IconModule {
  __iconData: { name: string; size?: number; node: [string, Record<string, string>][] };
}
function drawing(module: object): IconModule['__iconData'] {
  const data = (module as Partial<IconModule>).__iconData;
  // Alias modules (building-2, shield-alert) only re-export a component: import the icon under its own name.
  if (!data) throw new Error('An icon module without __iconData: import lucide-react/icons/<canonical name>');
  return data;
}

export const icons = {
  archive: Archive,
  'arrow-right': ArrowRight,
  award: Award,
  'badge-check': BadgeCheck,
  'book-open': BookOpen,
  boxes: Boxes,
  briefcase: Briefcase,
  bug: Bug,
  building: Building2,
  check: Check,
  'chevron-down': ChevronDown,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  clock: Clock,
  cloud: Cloud,
  'cloud-cog': CloudCog,
  code: CodeXml,
  container: Container,
  cpu: Cpu,
  database: Database,
  eye: Eye,
  'file-search': FileSearch,
  gauge: Gauge,
  globe: Globe,
  'graduation-cap': GraduationCap,
  handshake: Handshake,
  'hard-drive': HardDrive,
  headset: Headset,
  'heart-pulse': HeartPulse,
  key: KeyRound,
  landmark: Landmark,
  layers: Layers,
  lightbulb: Lightbulb,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  menu: Menu,
  message: MessageSquare,
  network: Network,
  palette: Palette,
  pause: Pause,
  phone: Phone,
  play: Play,
  radar: Radar,
  rocket: Rocket,
  router: Router,
  scale: Scale,
  'scan-search': ScanSearch,
  search: Search,
  server: Server,
  shield: Shield,
  'shield-alert': ShieldAlert,
  'shield-check': ShieldCheck,
  siren: Siren,
  sparkles: Sparkles,
  target: Target,
  'trending-down': TrendingDown,
  users: Users,
  video: Video,
  wifi: Wifi,
  workflow: Workflow,
  x: X,
  zap: Zap,
} satisfies Record<string, object>;

export type IconName = keyof typeof icons;
/** Names content may use (validated in content/schemas.ts). */
export const iconNames = Object.keys(icons) as [IconName, ...IconName[]];

const elements = new Map<string, ReactElement>();

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A decorative icon as an SVG string, for island props (islands receive data, not elements). */
export function iconMarkup(name: IconName, size = 20): string {
  const { name: iconName, size: box = 24, node } = drawing(icons[name]);
  const children = node
    .map(
      ([tag, { key: _key, ...attributes }]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([k, v]) => `${k}="${escapeAttribute(String(v))}"`)
          .join(' ')}></${tag}>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${iconName}" width="${size}" height="${size}" stroke-width="${svgProps(size).strokeWidth}" focusable="false" aria-hidden="true">${children}</svg>`;
}

/** Decorative by default (aria-hidden); pass `label` when the icon alone carries meaning. */
export function Icon({
  name,
  label,
  size = 20,
  className,
  ...rest
}: { name: IconName; label?: string; size?: number } & SVGProps<SVGSVGElement>) {
  const key = `${name}|${size}|${label ?? ''}|${className ?? ''}|${Object.keys(rest).length ? JSON.stringify(rest) : ''}`;
  let element = elements.get(key);
  if (!element) {
    const { name: iconName, size: box = 24, node } = drawing(icons[name]);
    element = (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${box} ${box}`}
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={['lucide', `lucide-${iconName}`, className].filter(Boolean).join(' ')}
        {...svgProps(size, label)}
        {...(rest as object)}
      >
        {node.map(([tag, { key: nodeKey, ...attributes }]) => {
          const Tag = tag as 'path';
          return <Tag key={nodeKey} {...attributes} />;
        })}
      </svg>
    );
    elements.set(key, element);
  }
  return element;
}
