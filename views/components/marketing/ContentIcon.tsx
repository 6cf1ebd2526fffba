// Renders the lucide icon a content entry names; only the icons the copy uses are bundled.

import type { IconName } from "../../content/types.ts";
import {
  Award,
  BookOpen,
  Briefcase,
  Car,
  Circle,
  ClipboardCheck,
  Clock,
  FileText,
  Globe,
  GraduationCap,
  HeartHandshake,
  Home,
  Hotel,
  type Icon,
  LayoutDashboard,
  MapPin,
  Plane,
  PlaneTakeoff,
  ShieldCheck,
  Stamp,
  Users,
} from "../ui/icons.ts";

const ICONS: Record<string, Icon> = {
  Award,
  BookOpen,
  Briefcase,
  Car,
  ClipboardCheck,
  Clock,
  FileText,
  Globe,
  GraduationCap,
  HeartHandshake,
  Home,
  Hotel,
  LayoutDashboard,
  MapPin,
  Plane,
  PlaneTakeoff,
  ShieldCheck,
  Stamp,
  Users,
};

export function ContentIcon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  const Icon = ICONS[name] ?? Circle;
  return <Icon aria-hidden="true" className={className} />;
}
