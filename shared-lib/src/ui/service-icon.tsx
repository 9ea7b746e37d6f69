// Maps a catalogue icon name to its lucide icon. Only the icons listed here end up in the bundle.
import {
  Award,
  Bot,
  Camera,
  GraduationCap,
  Globe,
  LayoutDashboard,
  Mail,
  MessageCircle,
  Palette,
  PenLine,
  PhoneCall,
  Rocket,
  Share2,
  Sparkles,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  globe: Globe,
  camera: Camera,
  bot: Bot,
  palette: Palette,
  'pen-line': PenLine,
  'share-2': Share2,
  'message-circle': MessageCircle,
  mail: Mail,
  workflow: Workflow,
  'layout-dashboard': LayoutDashboard,
  rocket: Rocket,
  'graduation-cap': GraduationCap,
  award: Award,
  'phone-call': PhoneCall,
};

export function ServiceIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = icons[name] ?? Sparkles;
  return <Icon size={size} aria-hidden focusable={false} />;
}
