/**
 * The icons content may name, rendered on the server as inline SVG (lucide-react;
 * no icon JavaScript reaches the browser). A name not listed here is a
 * frontmatter error, so typos never render an empty box.
 */
// Deep imports: each icon is its own small module, so neither Node nor esbuild loads the whole set.
import Archive from 'lucide-react/icons/archive';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Award from 'lucide-react/icons/award';
import BadgeCheck from 'lucide-react/icons/badge-check';
import BookOpen from 'lucide-react/icons/book-open';
import Boxes from 'lucide-react/icons/boxes';
import Briefcase from 'lucide-react/icons/briefcase';
import Bug from 'lucide-react/icons/bug';
import Building2 from 'lucide-react/icons/building-2';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Clock from 'lucide-react/icons/clock';
import Cloud from 'lucide-react/icons/cloud';
import CloudCog from 'lucide-react/icons/cloud-cog';
import CodeXml from 'lucide-react/icons/code-xml';
import Container from 'lucide-react/icons/container';
import Cpu from 'lucide-react/icons/cpu';
import Database from 'lucide-react/icons/database';
import Eye from 'lucide-react/icons/eye';
import FileSearch from 'lucide-react/icons/file-search';
import Gauge from 'lucide-react/icons/gauge';
import Globe from 'lucide-react/icons/globe';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Handshake from 'lucide-react/icons/handshake';
import HardDrive from 'lucide-react/icons/hard-drive';
import Headset from 'lucide-react/icons/headset';
import HeartPulse from 'lucide-react/icons/heart-pulse';
import KeyRound from 'lucide-react/icons/key-round';
import Landmark from 'lucide-react/icons/landmark';
import Layers from 'lucide-react/icons/layers';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import MessageSquare from 'lucide-react/icons/message-square';
import Network from 'lucide-react/icons/network';
import Palette from 'lucide-react/icons/palette';
import Pause from 'lucide-react/icons/pause';
import Phone from 'lucide-react/icons/phone';
import Play from 'lucide-react/icons/play';
import Radar from 'lucide-react/icons/radar';
import Rocket from 'lucide-react/icons/rocket';
import Router from 'lucide-react/icons/router';
import Scale from 'lucide-react/icons/scale';
import ScanSearch from 'lucide-react/icons/scan-search';
import Search from 'lucide-react/icons/search';
import Server from 'lucide-react/icons/server';
import Shield from 'lucide-react/icons/shield';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Siren from 'lucide-react/icons/siren';
import Sparkles from 'lucide-react/icons/sparkles';
import Target from 'lucide-react/icons/target';
import TrendingDown from 'lucide-react/icons/trending-down';
import Users from 'lucide-react/icons/users';
import Video from 'lucide-react/icons/video';
import Wifi from 'lucide-react/icons/wifi';
import Workflow from 'lucide-react/icons/workflow';
import X from 'lucide-react/icons/x';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
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
