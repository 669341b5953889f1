import { BookOpen, Percent, Plane, Scale, ScrollText, ShieldCheck, Tags, Users, Wrench } from "lucide-react";
import { useLocation } from "wouter";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ADMIN_TOOLS } from "../permissions";
import { AdminToolsFace, adminToolsClassName, type MenuArrival } from "./menu-faces";

const ICONS: Record<string, typeof Tags> = {
  "Manage Categories": Tags,
  "Manage Users": Users,
  "View Audit Trail": ScrollText,
  "Approval Rules": Scale,
  Delegations: Plane,
  Ledgers: BookOpen,
  "TDS Natures": Percent,
  "Second Factor Rules": ShieldCheck,
};

/** The SuperAdmin's Admin Tools menu (spec 000 §2). */
export function AdminToolsMenu({ open, onOpenChange, focusTrigger }: MenuArrival) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger ref={focusTrigger} className={adminToolsClassName}>
        <AdminToolsFace />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {ADMIN_TOOLS.map((tool) => {
          const Icon = ICONS[tool.label] ?? Wrench;
          return (
            <DropdownMenuItem key={tool.href} onSelect={() => navigate(tool.href)}>
              <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {tool.label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
