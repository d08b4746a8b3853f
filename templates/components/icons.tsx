/**
 * The icons content may name, rendered on the server as inline SVG (lucide-react;
 * no icon JavaScript reaches the browser). A name not listed here is a
 * frontmatter error, so typos never render an empty box.
 */
import {
  Archive, ArrowRight, Award, BadgeCheck, BookOpen, Boxes, Briefcase, Bug, Building2, Check, ChevronDown, ChevronLeft, ChevronRight,
  Clock, Cloud, CloudCog, CodeXml, Container, Cpu, Database, Eye, FileSearch, Gauge, Globe, GraduationCap, Handshake, HardDrive, Headset,
  HeartPulse, KeyRound, Landmark, Layers, Lightbulb, Lock, Mail, MapPin, Menu, MessageSquare, Network, Palette, Pause, Phone, Play, Radar,
  Rocket, Router, Scale, ScanSearch, Search, Server, Shield, ShieldAlert, ShieldCheck, Siren, Sparkles, Target, TrendingDown, Users,
  Video, Wifi, Workflow, X, Zap, type LucideIcon,
} from 'lucide-react';
import type { SVGProps } from 'react';
import { svgProps } from './svg';

export const icons = {
  archive: Archive, 'arrow-right': ArrowRight, award: Award, 'badge-check': BadgeCheck, 'book-open': BookOpen, boxes: Boxes,
  briefcase: Briefcase, bug: Bug, building: Building2, check: Check, 'chevron-down': ChevronDown, 'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight, clock: Clock, cloud: Cloud, 'cloud-cog': CloudCog, code: CodeXml, container: Container, cpu: Cpu,
  database: Database, eye: Eye, 'file-search': FileSearch, gauge: Gauge, globe: Globe, 'graduation-cap': GraduationCap,
  handshake: Handshake, 'hard-drive': HardDrive, headset: Headset, 'heart-pulse': HeartPulse, key: KeyRound, landmark: Landmark,
  layers: Layers, lightbulb: Lightbulb, lock: Lock, mail: Mail, 'map-pin': MapPin, menu: Menu, message: MessageSquare, network: Network,
  palette: Palette, pause: Pause, phone: Phone, play: Play, radar: Radar, rocket: Rocket, router: Router, scale: Scale,
  'scan-search': ScanSearch, search: Search, server: Server, shield: Shield, 'shield-alert': ShieldAlert, 'shield-check': ShieldCheck,
  siren: Siren, sparkles: Sparkles, target: Target, 'trending-down': TrendingDown, users: Users, video: Video, wifi: Wifi,
  workflow: Workflow, x: X, zap: Zap,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;
/** Names content may use (validated in content/schemas.ts). */
export const iconNames = Object.keys(icons) as [IconName, ...IconName[]];

/** Decorative by default (aria-hidden); pass `label` when the icon alone carries meaning. */
export function Icon({ name, label, size = 20, ...rest }: { name: IconName; label?: string; size?: number } & SVGProps<SVGSVGElement>) {
  const Component = icons[name];
  return <Component {...svgProps(size, label)} {...(rest as object)} />;
}
