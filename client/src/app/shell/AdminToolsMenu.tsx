import { ChevronDown, ScrollText, Tags, Users, Wrench } from "lucide-react";
import { useLocation } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ADMIN_TOOLS } from "../permissions";

const ICONS: Record<string, typeof Tags> = { "Manage Categories": Tags, "Manage Users": Users, "View Audit Trail": ScrollText };

/** The SuperAdmin's Admin Tools menu (spec 000 §2). */
export function AdminToolsMenu() {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonVariants({ variant: "outline", size: "md", className: "px-2.5 sm:px-4" })}>
        <Wrench className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Admin Tools</span>
        <ChevronDown className="hidden h-4 w-4 text-slate-500 sm:block" aria-hidden="true" />
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
